"""Three Thirteen: eleven rounds of rummy, 3 to 13 cards, the wild rank growing with the hand.

The public API the lessons and tests use: `new_game`, `legal_actions`, `apply`, `observe`,
`returns`, the meld solver's `min_deadwood` and `can_go_out`, and the odds in `odds` (the
draw/discard `advise`r, exact round-1 probabilities, the round-by-round simulation).  See `rules`
for the rules and their resolutions R1-R10.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.three_thirteen.game import (
    GAME,
    RoundResult,
    ThreeThirteenState,
    ThreeThirteenView,
    arrangement_text,
    meld_text,
)
from cardlab.games.three_thirteen.melds import (
    Arrangement,
    Meld,
    can_go_out,
    is_meld,
    min_deadwood,
    penalty_value,
    why_not_meld,
)
from cardlab.games.three_thirteen.odds import Advice, advise, round_one_odds, simulate_rounds


def new_game(seed: int = 0, **options: Any) -> Replay[ThreeThirteenState]:
    """A new game as a `Replay` with the first round dealt (its ``.state`` is the live state)."""
    return Replay.start(GAME, seed, **options).resolve_chance()


def legal_actions(state: ThreeThirteenState) -> list[str]:
    return GAME.legal_actions(state)


def apply(state: ThreeThirteenState, action: str) -> Transition[ThreeThirteenState]:
    """``state, event = apply(state, action)``; raises `IllegalMove` and changes nothing."""
    return GAME.apply(state, action)


def observe(state: ThreeThirteenState, seat: int | None) -> ThreeThirteenView:
    return GAME.observe(state, seat)


def returns(state: ThreeThirteenState) -> tuple[float, ...]:
    return GAME.returns(state)


__all__ = [
    "GAME",
    "Advice",
    "Arrangement",
    "Meld",
    "RoundResult",
    "ThreeThirteenState",
    "ThreeThirteenView",
    "advise",
    "apply",
    "arrangement_text",
    "can_go_out",
    "is_meld",
    "legal_actions",
    "meld_text",
    "min_deadwood",
    "new_game",
    "observe",
    "penalty_value",
    "returns",
    "round_one_odds",
    "simulate_rounds",
    "why_not_meld",
]
