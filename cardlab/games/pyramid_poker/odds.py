"""Pyramid Poker odds for the lesson (spec §7), computed here, never copied.

* `joker_odds`: exact chances that the pyramid (the 30 blocks of the two personal supplies)
  holds 0, 1 or 2 jokers, and that one personal supply of 15 holds at least one.
* `hand_points_table`: exact category frequencies of a random 5-card hand (all C(52, 5)) and
  its expected advanced points.
* `completion_odds`: during the take phase, for each of a player's hands, the chance that
  filling its empty places from the blocks still unseen gives each category: exact
  enumeration when there are at most ``exact_limit`` fillings, a seeded simulation otherwise;
  each result says which (``method``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, num
from cardlab.games.poker.counts import category_counts
from cardlab.games.poker.ranking import CATEGORIES, CATEGORY_BASE, POKER_NAMES
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.rules import (
    GENERAL_SIZE,
    HAND_NAMES,
    HAND_POINTS,
    HAND_SIZE,
    PLACEMENTS,
    SUPPLY_SIZE,
    is_joker,
)

if TYPE_CHECKING:  # numpy and the tables: imported when a hand is counted, not at a page's load
    import numpy as np

CATEGORIES_PP = tuple(c for c in CATEGORIES if c != "five_up")
"""The ten Pyramid Poker categories, lowest first (jokers are not wild: no five of a kind)."""


@dataclass(frozen=True)
class JokerOdds:
    pyramid: tuple[Fraction, Fraction, Fraction]
    """P(the pyramid holds 0, 1, 2 jokers)."""
    supply_has_one: Fraction
    """P(a given personal supply holds at least one joker)."""
    general: tuple[Fraction, Fraction, Fraction]
    """P(the general supply holds 0, 1, 2 jokers) (the same as the pyramid, reversed)."""


def joker_odds() -> JokerOdds:
    """Exact hypergeometric chances: 2 jokers among 54 blocks, 30 in the pyramid."""
    total = comb(54, PLACEMENTS)
    none, one, two = (Fraction(comb(2, k) * comb(52, PLACEMENTS - k), total) for k in range(3))
    supply = 1 - Fraction(comb(52, SUPPLY_SIZE), comb(54, SUPPLY_SIZE))
    gen_total = comb(54, GENERAL_SIZE)
    g_none, g_one, g_two = (
        Fraction(comb(2, k) * comb(52, GENERAL_SIZE - k), gen_total) for k in range(3)
    )
    return JokerOdds((none, one, two), supply, (g_none, g_one, g_two))


@dataclass(frozen=True)
class PointsTable:
    counts: dict[str, int]
    probabilities: dict[str, Fraction]
    expected_points: Fraction
    p_not_no_pair: Fraction


@lru_cache(maxsize=1)
def hand_points_table() -> PointsTable:
    """Every 5-card hand of the 52 non-joker blocks classified; expected advanced points."""
    table = category_counts("out")
    total = sum(table.values())
    probs = {c: Fraction(n, total) for c, n in table.items()}
    expected = sum((probs[c] * HAND_POINTS[c] for c in probs), Fraction(0))
    return PointsTable(dict(table), probs, expected, 1 - probs["high_card"])


@dataclass(frozen=True)
class HandOdds:
    hand: str
    cards: tuple[Card, ...]
    room: int
    pool: int
    method: str
    """``"exact"`` (every filling enumerated), ``"simulated (n, seed s)"``, or ``"complete"``."""
    probabilities: dict[str, float]
    expected_points: float
    samples: int = 0
    seed: int = 0

    def label(self, category: str) -> str:
        return POKER_NAMES[category]

    @property
    def method_words(self) -> Message:
        """How the chances were counted, as a learner reads it."""
        if self.method == "exact":
            # Translators: how chances were counted: every filling of the hand enumerated
            return msg("exact")
        if self.method == "complete":
            # Translators: a hand already full: nothing left to count
            return msg("complete")
        return msg(
            "simulated ({count} fillings, seed {seed})", count=num(self.samples), seed=self.seed
        )


def _fill_codes(
    cards: Sequence[Card],
    pool: Sequence[Card],
    room: int,
    method_limit: int,
    samples: int,
    seed: int,
) -> tuple[np.ndarray, str]:
    import numpy as np

    from cardlab.games.poker.tables import card_ids, evaluate_many

    base = card_ids(cards)
    ids = card_ids(pool)
    n = len(ids)
    if room == 0:
        return evaluate_many(base.reshape(1, 5)), "complete"
    if comb(n, room) <= method_limit:
        fills = np.array(list(combinations(range(n), room)), dtype=np.int64).reshape(-1, room)
        method = "exact"
    else:
        rng = random.Random(seed)
        fills = np.array([rng.sample(range(n), room) for _ in range(samples)], dtype=np.int64)
        method = f"simulated ({samples} fillings, seed {seed})"
    hands = np.concatenate(
        [np.broadcast_to(base, (len(fills), len(base))), ids[fills]], axis=1
    ).astype(np.int16)
    return evaluate_many(hands), method


def hand_odds(
    cards: Sequence[Card],
    pool: Sequence[Card],
    name: str = "",
    exact_limit: int = 200_000,
    samples: int = 20_000,
    seed: int = 0,
) -> HandOdds:
    """The category chances of ``cards`` completed to 5 from ``pool`` (jokers ignored: a joker
    taken is exchanged for a non-joker, so the filling blocks are the non-jokers of the pool)."""
    cards = tuple(cards)
    plain = [c for c in pool if not is_joker(c)]
    room = HAND_SIZE - len(cards)
    if room > len(plain):
        raise ValueError(f"only {len(plain)} unseen blocks to fill {room} places")
    import numpy as np

    codes, method = _fill_codes(cards, plain, room, exact_limit, samples, seed)
    cats = codes // CATEGORY_BASE
    counts = np.bincount(cats, minlength=len(CATEGORIES))
    total = counts.sum()
    probs = {c: float(counts[CATEGORIES.index(c)] / total) for c in CATEGORIES_PP}
    expected = sum(p * HAND_POINTS[c] for c, p in probs.items())
    return HandOdds(name, cards, room, len(plain), method, probs, expected, samples, seed)


def completion_odds(
    view: PyramidPokerView,
    seat: int | None = None,
    exact_limit: int = 200_000,
    samples: int = 20_000,
    seed: int = 0,
) -> tuple[HandOdds, ...]:
    """For each of ``seat``'s hands (default: the viewer), the category chances when its
    empty places are filled from the blocks the viewer has not seen."""
    seat = view.seat if seat is None else seat
    if seat is None:
        raise ValueError("give a seat: the teacher's view has no hands of its own")
    pool = list(view.unseen().elements())
    return tuple(
        hand_odds(h, pool, name, exact_limit, samples, seed)
        for name, h in zip(HAND_NAMES, view.hands[seat], strict=True)
    )
