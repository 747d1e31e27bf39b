"""Dou Dizhu (Fight the Landlord): bidding, every combination, bombs and rocket, spring, scoring.

Public API used by the lessons and tests: `parse`, `classify`, `beats`, `legal_plays`,
`new_game`, `legal_actions`, `apply`, `observe`, `returns`, `settle`.  The rules as cardlab plays
them, with their numbered resolutions (D1-D10): ``docs/rules/doudizhu.md``.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.doudizhu.combos import (
    KIND_NAMES,
    PASS,
    RULESETS,
    Combo,
    beats,
    classify,
    counts_of,
    legal_plays,
    parse,
)
from cardlab.games.doudizhu.game import GAME, DouDizhuState, DouDizhuView, Play
from cardlab.games.doudizhu.scoring import Settlement, settle


def new_game(seed: int = 0, **options: Any) -> Replay[DouDizhuState]:
    """A new deal as a `Replay`, dealt and with the first bidder drawn (``.state`` is live)."""
    return Replay.start(GAME, seed, **options).resolve_chance()


def legal_actions(state: DouDizhuState) -> list[str]:
    return GAME.legal_actions(state)


def apply(state: DouDizhuState, action: Any) -> Transition[DouDizhuState]:
    """``state, event = apply(state, action)``; ``action`` is text or a `Combo`."""
    return GAME.apply(state, action)


def observe(state: DouDizhuState, seat: int | None) -> DouDizhuView:
    return GAME.observe(state, seat)


def returns(state: DouDizhuState) -> tuple[float, ...]:
    return GAME.returns(state)


__all__ = [
    "GAME",
    "KIND_NAMES",
    "PASS",
    "RULESETS",
    "Combo",
    "DouDizhuState",
    "DouDizhuView",
    "Play",
    "Settlement",
    "apply",
    "beats",
    "classify",
    "counts_of",
    "legal_actions",
    "legal_plays",
    "new_game",
    "observe",
    "parse",
    "returns",
    "settle",
]
