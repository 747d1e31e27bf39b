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
from cardlab.core.i18n import joined, msg, msgn, num
from cardlab.core.odds import format_fraction
from cardlab.games.pyramid_poker import HAND_POINTS, observe
from cardlab.games.pyramid_poker.odds import (
    completion_odds,
    hand_points_table,
    joker_odds,
)
from cardlab.games.pyramid_poker.placement import hand_gains
from cardlab.games.pyramid_poker.rules import PointsChange, hand_word, points_change
from cardlab.lessons import deals
from cardlab.widgets import OddsPanel
from cardlab.widgets.lesson_panel import LessonPanel
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
        cells = "".join(f"<td>{num(o.probabilities[c], 3)}</td>" for c in SHOWN)
        cards = " ".join(str(c) for c in o.cards) or str(msg("empty"))
        how = html.escape(str(o.method_words))
        rows.append(
            f"<tr><th scope='row'>{hand_word(o.hand)}</th><td>{cards}</td><td>{o.room}</td>"
            f"{cells}<td>{points_change(o.expected_points)}</td><td><small>{how}</small></td></tr>"
        )
    expected, how_head = msg("Expected points"), msg("How")
    heads = "".join(f"<th>{m}</th>" for m in (msg("Hand"), msg("Blocks"), msg("Places left")))
    return (
        f"<table class='cardlab-pp-completion'><thead><tr>{heads}{head}"
        f"<th>{expected}</th><th>{how_head}</th></tr></thead>"
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
                (str(msg("the pyramid holds no pharaoh")), j.pyramid[0]),
                (str(msg("the pyramid holds 1 pharaoh")), j.pyramid[1]),
                (str(msg("the pyramid holds both pharaohs")), j.pyramid[2]),
                (str(msg("your own supply of 15 holds one (or two)")), j.supply_has_one),
            ],
            title=str(msg("The pharaohs: 2 among 54 blocks, 30 in the pyramid")),
            plot=False,
            picker=self.picker,
        )
        counting = msg(
            "<p>Counting: the pyramid is 30 of the 54 blocks, so P(no pharaoh) = "
            "C(52, 30) / C(54, 30) = {none}; P(both) = C(52, 28) / C(54, 30) = {both}. Your "
            "supply misses both with C(52, 15) / C(54, 15) = {misses}.</p>",
            none=format_fraction(j.pyramid[0]),
            both=format_fraction(j.pyramid[2]),
            misses=format_fraction(1 - j.supply_has_one),
        )
        self.joker_text = widgets.HTML(
            f"{counting}<p><small>C(54, 30) = {num(comb(54, 30))}.</small></p>"
        )
        t = hand_points_table()
        self.points_table = t
        order = sorted(t.counts, key=lambda c: t.counts[c])
        self.hands = OddsPanel(
            [(f"{CATEGORY_WORDS[c]} ({HAND_POINTS[c]:+d})", t.probabilities[c]) for c in order],
            title=str(msg("A random hand of 5 (all {count} counted)", count=num(comb(52, 5)))),
            plot=True,
            picker=self.picker,
        )
        terms = " + ".join(
            f"{HAND_POINTS[c] if HAND_POINTS[c] > 0 else f'({HAND_POINTS[c]})'} \u00d7 "
            f"{num(t.counts[c])}"
            for c in reversed(order)
            if HAND_POINTS[c]
        )
        expected = msg(
            "<p><b>Expected points of a random hand</b> = ({terms}) / {count} = "
            "<b>{fraction} \u2248 {value}</b>.</p><p>Half of all hands are No Pair (\u22121), so "
            "a random hand is worth about half a point <i>less</i> than nothing. A hand that "
            "avoids No Pair (chance {chance} at random) scores at least 0: a whole point more "
            "than the No Pair it replaced.</p>",
            terms=terms,
            count=num(comb(52, 5)),
            fraction=format_fraction(t.expected_points),
            value=PointsChange(float(t.expected_points), 4),
            chance=num(float(t.p_not_no_pair), 3),
        )
        self.points_text = widgets.HTML(str(expected))
        state = take_position(deal)
        view = observe(state, 0)
        best, gains = hand_gains(view, state.pending)
        rise = joined(
            msg("{hand} {change}", hand=hand_word(name), change=points_change(g))
            for name, g in gains.items()
        )
        self.best = best
        where = msgn(
            "<p>The game of section 2, {count} block taken: Player 1 has just taken the "
            "<b>{card}</b>. Player 1 has not seen {unseen} blocks; each hand's empty places are "
            "filled from them.</p>",
            "<p>The game of section 2, {count} blocks taken: Player 1 has just taken the "
            "<b>{card}</b>. Player 1 has not seen {unseen} blocks; each hand's empty places are "
            "filled from them.</p>",
            state.taken,
            card=str(state.pending),
            unseen=sum(view.unseen().values()),
        )
        answer = msg(
            "<p>Where should the {card} go? The rise in each hand's expected points: {rise}. "
            "Best: the <b>{hand}</b> hand.</p>",
            card=str(state.pending),
            rise=rise,
            hand=hand_word(best),
        )
        self.take = widgets.HTML(f"{where}{completion_html(view, 0)}{answer}")
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
            basic = msg(
                "This page plays <b>basic scoring</b>: only the comparisons count, so the points "
                "below are what each hand would score in the advanced game."
            )
            words += f"<p class='cardlab-rules-note'>{basic}</p>"
        self.rules.value = words
