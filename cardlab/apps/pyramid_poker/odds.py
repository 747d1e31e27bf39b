"""The Pyramid Poker odds for the lesson: the pharaohs, what a random hand is worth, and the
take-phase chances of each hand (all figures from `cardlab.games.pyramid_poker.odds`)."""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from cardlab.apps.figure import Block, Markup
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_table_html
from cardlab.apps.pyramid_poker.lesson import CATEGORY_WORDS, FollowsScoring
from cardlab.core.i18n import joined, msg, msgn, num
from cardlab.core.odds import format_fraction
from cardlab.core.replay import Replay
from cardlab.core.stored import stored
from cardlab.games.pyramid_poker import HAND_POINTS, PyramidPokerState, PyramidPokerView, observe
from cardlab.games.pyramid_poker.odds import (
    HandOdds,
    completion_odds,
    hand_points_table,
    joker_odds,
)
from cardlab.games.pyramid_poker.placement import hand_gains
from cardlab.games.pyramid_poker.rules import PointsChange, hand_word, points_change
from cardlab.lessons import deals

SHOWN = ("one_pair", "two_pair", "three_up", "run", "colors", "full_up")
"""Categories shown in the take-phase table (the rarer ones are tiny at this stage)."""


def take_position(deal: str = "pyramid_poker-whole-game", taken: int = 12) -> PyramidPokerState:
    """The first take-phase position of the lesson's game (a curated deal) where Player 1 must
    place a block, ``taken`` blocks or more taken."""
    replay: Replay[PyramidPokerState] = deals.load(deal)
    for i in range(len(replay) + 1):
        state = replay.state_at(i)
        if state.phase == "assign" and state.turn == 0 and state.taken >= taken:
            return state
    raise ValueError(f"{deal}: Player 1 never places a block with {taken} or more taken")


@dataclass(frozen=True)
class TakeChances:
    """What the take-phase table counts at `take_position`: each hand's chances, where the
    block taken should go and each open hand's rise in expected points."""

    state: PyramidPokerState
    view: PyramidPokerView
    odds: tuple[HandOdds, ...]
    best: str
    gains: dict[str, float]


@functools.lru_cache(maxsize=4)
def take_chances(deal: str) -> TakeChances:
    """`TakeChances` of the lesson's game ``deal``, counted once (a page redraws it in every
    theme and language)."""
    state = take_position(deal)
    best, gains, odds = take_figures(deal)
    return TakeChances(state, observe(state, 0), odds, best, gains)


@stored
def take_figures(deal: str) -> tuple[str, dict[str, float], tuple[HandOdds, ...]]:
    """The figures of `take_chances`: where the block goes, each hand's rise and each hand's
    chances (a seventh of a second of numpy counting: stored, read when the page loads)."""
    state = take_position(deal)
    view = observe(state, 0)
    assert state.pending is not None  # take_position stops in the assign phase: a block waits
    best, gains = hand_gains(view, state.pending)
    return best, gains, tuple(completion_odds(view, 0))


def completion_html(odds: Sequence[HandOdds]) -> str:
    """Per hand: blocks so far, P(each category) once it is filled from the unseen blocks,
    expected points, and how it was counted."""
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


@dataclass(frozen=True)
class OddsLesson(FollowsScoring):
    """Three figures: the pharaohs, a random hand's points, and the take-phase chances.  The
    chances do not depend on the rules; the points are the advanced game's, and the rules line
    says so under basic scoring."""

    deal: str = "pyramid_poker-whole-game"

    @staticmethod
    def pharaoh_rows() -> list[OddsRow]:
        """The pharaohs' chances, exact: in the pyramid (none, one, both) and in a supply."""
        j = joker_odds()
        return [
            OddsRow(str(msg("the pyramid holds no pharaoh")), j.pyramid[0]),
            OddsRow(str(msg("the pyramid holds 1 pharaoh")), j.pyramid[1]),
            OddsRow(str(msg("the pyramid holds both pharaohs")), j.pyramid[2]),
            OddsRow(str(msg("your own supply of 15 holds one (or two)")), j.supply_has_one),
        ]

    @staticmethod
    def hand_rows() -> list[OddsRow]:
        """Each category's chance in a random hand of 5, rarest first, with its points."""
        t = hand_points_table()
        return [
            OddsRow(f"{CATEGORY_WORDS[c]} ({HAND_POINTS[c]:+d})", t.probabilities[c])
            for c in sorted(t.counts, key=lambda c: t.counts[c])
        ]

    def rules_html(self) -> str:
        """The rules line, and under basic scoring what the points below mean."""
        words = super().rules_html()
        if self.advanced:
            return words
        basic = msg(
            "This page plays <b>basic scoring</b>: only the comparisons count, so the points "
            "below are what each hand would score in the advanced game."
        )
        return f"{words}<p class='cardlab-rules-note'>{basic}</p>"

    def blocks(self, theme: str) -> tuple[Block, ...]:
        pharaohs = odds_table_html(
            self.pharaoh_rows(), str(msg("The pharaohs: 2 among 54 blocks, 30 in the pyramid"))
        )
        hands = self.hand_rows()
        title = str(msg("A random hand of 5 (all {count} counted)", count=num(comb(52, 5))))
        return (
            Markup(self.rules_html()),
            Markup(pharaohs),
            Markup(_pharaoh_counting()),
            Markup(odds_table_html(hands, title)),
            Markup(odds_chart(hands, title, theme).svg(), name="chart", max_width="560px"),
            Markup(_expected_points()),
            Markup(_take_html(take_chances(self.deal))),
        )


def _pharaoh_counting() -> str:
    """How the pharaohs' chances are counted."""
    j = joker_odds()
    counting = msg(
        "<p>Counting: the pyramid is 30 of the 54 blocks, so P(no pharaoh) = "
        "C(52, 30) / C(54, 30) = {none}; P(both) = C(52, 28) / C(54, 30) = {both}. Your "
        "supply misses both with C(52, 15) / C(54, 15) = {misses}.</p>",
        none=format_fraction(j.pyramid[0]),
        both=format_fraction(j.pyramid[2]),
        misses=format_fraction(1 - j.supply_has_one),
    )
    return f"{counting}<p><small>C(54, 30) = {num(comb(54, 30))}.</small></p>"


def _expected_points() -> str:
    """A random hand's expected points, the sum written out."""
    t = hand_points_table()
    order = sorted(t.counts, key=lambda c: t.counts[c])
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
    return str(expected)


def _take_html(take: TakeChances) -> str:
    """The take-phase position in words, its table, and where the block should go."""
    state, view = take.state, take.view
    rise = joined(
        msg("{hand} {change}", hand=hand_word(name), change=points_change(g))
        for name, g in take.gains.items()
    )
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
        hand=hand_word(take.best),
    )
    return f"{where}{completion_html(take.odds)}{answer}"
