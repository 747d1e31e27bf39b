"""Pyramid Poker: build a pyramid of face-down blocks, then take them into three poker hands.

The public API the lessons and tests use: `new_game`, `legal_actions`, `apply`, `observe`,
`returns`, `score_hands` (the showdown and its arithmetic), the bots in `bots` and the odds in
`odds`.  See `rules` for the rules and the resolutions Q1-Q9.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker.game import (
    GAME,
    GameResult,
    PyramidPokerState,
    PyramidPokerView,
    covers,
    free_slots,
    open_slots,
    supports,
)
from cardlab.games.pyramid_poker.rules import HAND_NAMES, HAND_POINTS, slot_index, slot_position
from cardlab.games.pyramid_poker.scoring import ShowdownResult, hand_points, score_hands


def new_game(seed: int = 0, **options: Any) -> Replay[PyramidPokerState]:
    """A new match as a `Replay`, dealt up to the first player decision (``.state`` is live)."""
    return Replay.start(GAME, seed, **options).resolve_chance()


def legal_actions(state: PyramidPokerState) -> list[str]:
    return GAME.legal_actions(state)


def apply(state: PyramidPokerState, action: str) -> Transition[PyramidPokerState]:
    """``state, event = apply(state, action)``; raises `IllegalMove` and changes nothing."""
    return GAME.apply(state, action)


def observe(state: PyramidPokerState, seat: int | None) -> PyramidPokerView:
    return GAME.observe(state, seat)


def returns(state: PyramidPokerState) -> tuple[float, ...]:
    return GAME.returns(state)


__all__ = [
    "GAME",
    "HAND_NAMES",
    "HAND_POINTS",
    "GameResult",
    "PyramidPokerState",
    "PyramidPokerView",
    "ShowdownResult",
    "apply",
    "covers",
    "free_slots",
    "hand_points",
    "legal_actions",
    "new_game",
    "observe",
    "open_slots",
    "returns",
    "score_hands",
    "slot_index",
    "slot_position",
    "supports",
]
