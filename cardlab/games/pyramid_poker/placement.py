"""Which hand a taken block should go into, under either scoring (spec §4, Q7).

`hand_gains` measures each open hand's rise when the block goes into it, against a random
unseen block in its place, in what the scoring counts:

* advanced scoring: the hand's expected points (`hand_odds`: each hand's empty places filled
  from the unseen blocks); with the no-pair penalty, also the expected penalty of three No Pair
  hands, the other hands' chances of No Pair taken as they stand (an approximation: the hands
  share the unseen blocks, so their fillings are not quite independent);
* basic scoring: the chance of winning the comparison with the opponent's hand in the same
  place (a tie counts half), both hands filled from the unseen blocks together, in a seeded
  simulation with the same fillings before and after.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cardlab.core.cards import Card
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.odds import HandOdds, hand_odds
from cardlab.games.pyramid_poker.rules import HAND_NAMES, HAND_SIZE, NO_PAIR_PENALTY, is_joker

if TYPE_CHECKING:  # numpy and the tables: imported when a placement is counted
    import numpy as np

SCORINGS = ("advanced", "basic")
EXACT_LIMIT = 20_000
"""Fillings of a hand enumerated exactly up to this many (more: `SAMPLES` simulated)."""
SAMPLES = 4_000


def hand_gains(
    view: PyramidPokerView,
    card: Card,
    seat: int | None = None,
    seed: int = 0,
    scoring: str = "advanced",
    no_pair_penalty: bool = False,
) -> tuple[str, dict[str, float]]:
    """The hand ``card`` should go into and each open hand's rise (see the module docstring).

    ``ValueError`` for a scoring other than `SCORINGS` or a seat without hands."""
    if scoring not in SCORINGS:
        raise ValueError(f"scoring must be one of {', '.join(SCORINGS)}, got {scoring!r}")
    seat = view.seat if seat is None else seat
    if seat is None:
        raise ValueError("give a seat: the teacher's view has no hands of its own")
    pool = [c for c in view.unseen().elements() if c != card]
    hands = view.hands[seat]
    if scoring == "basic":
        compared = {
            name: _comparison_gain(h, view.hands[1 - seat][i], card, pool, seed)
            for i, (name, h) in enumerate(zip(HAND_NAMES, hands, strict=True))
            if len(h) < HAND_SIZE
        }
        return max(compared, key=compared.__getitem__), compared
    odds = {name: _odds(h, pool, seed) for name, h in zip(HAND_NAMES, hands, strict=True)}
    gains: dict[str, float] = {}
    for name, h in zip(HAND_NAMES, hands, strict=True):
        if len(h) >= HAND_SIZE:
            continue
        after = _odds((*h, card), pool, seed)
        gains[name] = after.expected_points - odds[name].expected_points
        if no_pair_penalty:
            others = math.prod(o.probabilities["high_card"] for n, o in odds.items() if n != name)
            rise = after.probabilities["high_card"] - odds[name].probabilities["high_card"]
            gains[name] += NO_PAIR_PENALTY * rise * others
    return max(gains, key=gains.__getitem__), gains


def _odds(cards: Sequence[Card], pool: Sequence[Card], seed: int) -> HandOdds:
    return hand_odds(cards, pool, exact_limit=EXACT_LIMIT, samples=SAMPLES, seed=seed)


def _comparison_gain(
    mine: Sequence[Card], theirs: Sequence[Card], card: Card, pool: Sequence[Card], seed: int
) -> float:
    """The rise in the chance that ``mine`` beats ``theirs`` (a tie half) with ``card`` in it."""
    import numpy as np

    from cardlab.games.poker.tables import card_ids

    plain = card_ids([c for c in pool if not is_joker(c)])
    room, other = HAND_SIZE - len(mine), HAND_SIZE - len(theirs)
    if room + other > len(plain):
        raise ValueError(f"only {len(plain)} unseen blocks to fill {room + other} places")
    rng = random.Random(seed)
    fills = np.array(
        [rng.sample(range(len(plain)), room + other) for _ in range(SAMPLES)], dtype=np.int64
    ).reshape(SAMPLES, room + other)
    drawn = plain[fills]
    theirs_codes = _codes(theirs, drawn[:, room:])
    before = _share(_codes(mine, drawn[:, :room]), theirs_codes)
    after = _share(_codes((*mine, card), drawn[:, : room - 1]), theirs_codes)
    return after - before


def _codes(cards: Sequence[Card], fills: np.ndarray) -> np.ndarray:
    import numpy as np

    from cardlab.games.poker.tables import card_ids, evaluate_many

    base = np.broadcast_to(card_ids(cards), (len(fills), len(cards)))
    return evaluate_many(np.concatenate([base, fills], axis=1).astype(np.int16))


def _share(mine: np.ndarray, theirs: np.ndarray) -> float:
    """Wins and half the ties, as a share of the fillings."""
    return float(((mine > theirs) + 0.5 * (mine == theirs)).mean())
