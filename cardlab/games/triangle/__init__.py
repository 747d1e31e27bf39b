"""Triangle: three players, 24 cards, a card you show to others but cannot see.

The public API the lessons and tests use: `new_game`, `legal_actions`, `apply`, `observe`,
`returns`, `statement_odds`.  See `rules` for the rules and their resolutions.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.triangle.game import GAME, RoundRecord, TriangleState, TriangleView
from cardlab.games.triangle.odds import StatementOdds, posterior, statement_odds
from cardlab.games.triangle.rules import STATEMENTS, Statement, parse_statement


def new_game(seed: int = 0, **options: Any) -> Replay[TriangleState]:
    """A new game as a `Replay` with the first round dealt (its ``.state`` is the live state)."""
    return Replay.start(GAME, seed, **options).resolve_chance()


def legal_actions(state: TriangleState) -> list[str]:
    return GAME.legal_actions(state)


def apply(state: TriangleState, action: str) -> Transition[TriangleState]:
    """``state, event = apply(state, action)``; raises `IllegalMove` and changes nothing."""
    return GAME.apply(state, action)


def observe(state: TriangleState, seat: int | None) -> TriangleView:
    return GAME.observe(state, seat)


def returns(state: TriangleState) -> tuple[float, ...]:
    return GAME.returns(state)


__all__ = [
    "GAME",
    "STATEMENTS",
    "RoundRecord",
    "Statement",
    "StatementOdds",
    "TriangleState",
    "TriangleView",
    "apply",
    "legal_actions",
    "new_game",
    "observe",
    "parse_statement",
    "posterior",
    "returns",
    "statement_odds",
]
