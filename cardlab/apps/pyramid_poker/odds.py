"""The Pyramid Poker odds for the lesson: the pharaohs, what a random hand is worth, and the
take-phase chances of each hand (all figures from `cardlab.games.pyramid_poker.odds`)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from math import comb
from typing import Any

import ipywidgets as widgets

from cardlab.apps.pyramid_poker.lesson import CATEGORY_WORDS, RULES
from cardlab.apps.rules_words import rules_note
from cardlab.games.pyramid_poker import HAND_POINTS, observe
from cardlab.games.pyramid_poker.odds import (
    completion_odds,
    hand_points_table,
    joker_odds,
)
from cardlab.games.pyramid_poker.placement import hand_gains
from cardlab.games.pyramid_poker.rules import points_change
from cardlab.lessons import deals
from cardlab.widgets import OddsPanel
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.panels import format_fraction
from cardlab.widgets.theme import ThemePicker

SHOWN = ("one_pair", "two_pair", "three_up", "run", "colors", "full_up")
"""Categories shown in the take-phase table (the rarer ones are tiny at this stage)."""


def take_position(deal: str = "pyramid_poker-whole-game", taken: int = 12):
    """The first take-phase position of the lesson's game (a curated deal) where Player 1 must
    place a block, ``taken`` blocks or more taken."""
    replay = deals.load(deal)
    for i in range(len(replay) + 1):
        state = replay.state_at(i)
        if state.phase == "assign" and state.turn == 0 and state.taken >= taken:
            return state
    raise ValueError(f"{deal}: Player 1 never places a block with {taken} or more taken")


def completion_html(view, seat: int = 0) -> str:
    """Per hand: blocks so far, P(each category) once it is filled from the unseen blocks,
    expected points, and how it was counted."""
    odds = completion_odds(view, seat)
    head = "".join(f"<th>{CATEGORY_WORDS[c]}</th>" for c in SHOWN)
    rows = []
    for o in odds:
        cells = "".join(f"<td>{o.probabilities[c]:.3f}</td>" for c in SHOWN)
        cards = " ".join(str(c) for c in o.cards) or "empty"
        rows.append(
            f"<tr><th scope='row'>{o.hand}</th><td>{cards}</td><td>{o.room}</td>{cells}"
            f"<td>{points_change(o.expected_points)}</td><td><small>{html.escape(o.method)}</small></td></tr>"
        )
    return (
        "<table class='cardlab-pp-completion'><thead><tr><th>Hand</th><th>Blocks</th>"
        f"<th>Places left</th>{head}<th>Expected points</th><th>How</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


class OddsLesson(LessonPanel):
    """Three panels: the pharaohs, a random hand's points, and the take-phase chances."""

    def __init__(
        self, picker: ThemePicker | None = None, deal: str = "pyramid_poker-whole-game"
    ) -> None:
        super().__init__(picker)
        j = joker_odds()
        self.joker_odds = j
        self.jokers = OddsPanel(
            [
                ("the pyramid holds no pharaoh", j.pyramid[0]),
                ("the pyramid holds 1 pharaoh", j.pyramid[1]),
                ("the pyramid holds both pharaohs", j.pyramid[2]),
                ("your own supply of 15 holds one (or two)", j.supply_has_one),
            ],
            title="The pharaohs: 2 among 54 blocks, 30 in the pyramid",
            plot=False,
            picker=self.picker,
        )
        self.joker_text = widgets.HTML(
            "<p>Counting: the pyramid is 30 of the 54 blocks, so P(no pharaoh) = "
            f"C(52, 30) / C(54, 30) = {format_fraction(j.pyramid[0])}; P(both) = "
            f"C(52, 28) / C(54, 30) = {format_fraction(j.pyramid[2])}. Your supply misses "
            f"both with C(52, 15) / C(54, 15) = {format_fraction(1 - j.supply_has_one)}.</p>"
            f"<p><small>C(54, 30) = {comb(54, 30):,}.</small></p>"
        )
        t = hand_points_table()
        self.points_table = t
        order = sorted(t.counts, key=lambda c: t.counts[c])
        self.hands = OddsPanel(
            [(f"{CATEGORY_WORDS[c]} ({HAND_POINTS[c]:+d})", t.probabilities[c]) for c in order],
            title="A random hand of 5 (all 2,598,960 counted)",
            plot=True,
            picker=self.picker,
        )
        terms = " + ".join(
            f"{HAND_POINTS[c] if HAND_POINTS[c] > 0 else f'({HAND_POINTS[c]})'} \u00d7 "
            f"{t.counts[c]:,}"
            for c in reversed(order)
            if HAND_POINTS[c]
        )
        self.points_text = widgets.HTML(
            f"<p><b>Expected points of a random hand</b> = ({terms}) / 2,598,960 = "
            f"<b>{format_fraction(t.expected_points)} \u2248 {float(t.expected_points):+.4f}</b>."
            f"</p><p>Half of all hands are No Pair (\u22121), so a random hand is worth about "
            f"half a point <i>less</i> than nothing. A hand that avoids No Pair (chance "
            f"{float(t.p_not_no_pair):.3f} at random) scores at least 0: a whole point more "
            "than the No Pair it replaced.</p>"
        )
        state = take_position(deal)
        view = observe(state, 0)
        best, gains = hand_gains(view, state.pending)
        rise = ", ".join(f"{name} {points_change(g)}" for name, g in gains.items())
        self.position = view
        self.best = best
        self.take = widgets.HTML(
            f"<p>The game of section 2, {state.taken} blocks taken: Player 1 has just taken "
            f"the <b>{state.pending}</b>. Player 1 has not seen {sum(view.unseen().values())} "
            "blocks; each hand's empty places are filled from them.</p>"
            + completion_html(view, 0)
            + f"<p>Where should the {state.pending} go? The rise in each hand's expected "
            f"points: {rise}. Best: the <b>{best}</b> hand.</p>"
        )
        self.rules = widgets.HTML()
        self.children = [
            self.rules,
            self.jokers.widget,
            self.joker_text,
            self.hands.widget,
            self.points_text,
            self.take,
        ]
        self.add_class("cardlab-pp-odds")

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Say what the points below mean under the page's scoring: the pharaohs' and the hands'
        chances do not depend on the rules, the points are the advanced game's."""
        words = rules_note("pyramid_poker", options, RULES)
        if options["scoring"] == "basic":
            words += (
                "<p class='cardlab-rules-note'>This page plays <b>basic scoring</b>: only the "
                "comparisons count, so the points below are what each hand would score in the "
                "advanced game.</p>"
            )
        self.rules.value = words
