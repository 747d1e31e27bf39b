"""Triad: the five-card draw poker of Battlestar Galactica, with colour suits and frame lines.

The public API the lessons and tests use: `parse`, `evaluate`, `new_game`, `legal_actions`,
`apply`, `observe`, `returns` (and `advise`, the exact exchange advisor).  The table itself is
the shared draw-poker engine (`cardlab.games.poker.draw`); see `rules` for the rules and their
resolutions.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.poker.draw import DrawPokerState, DrawPokerView, HandResult
from cardlab.games.poker.ranking import CATEGORIES, TRIAD_NAMES, HandValue
from cardlab.games.triad.game import GAME, RULES, advise, evaluate, parse, table_key
from cardlab.games.triad.rules import DECK, FRAME_LINES, SUIT_NAMES


def new_game(seed: int = 0, **options: Any) -> Replay[DrawPokerState]:
    """A new game as a `Replay`, dealt up to the first decision (``.state`` is the live state).

    Options: ``players`` (2-7, default 4), ``jokers`` ("out" or "wild"), ``max_draw`` (3),
    ``betting`` (True), ``ante``, ``small_bet``, ``big_bet``, ``raise_cap``, ``stack``, ``hands``.
    """
    return Replay.start(GAME, seed, **options).resolve_chance()


def legal_actions(state: DrawPokerState) -> list[str]:
    return GAME.legal_actions(state)


def apply(state: DrawPokerState, action: str) -> Transition[DrawPokerState]:
    """``state, event = apply(state, action)``; raises `IllegalMove` and changes nothing."""
    return GAME.apply(state, action)


def observe(state: DrawPokerState, seat: int | None) -> DrawPokerView:
    return GAME.observe(state, seat)


def returns(state: DrawPokerState) -> tuple[float, ...]:
    return GAME.returns(state)


__all__ = [
    "CATEGORIES",
    "DECK",
    "FRAME_LINES",
    "GAME",
    "RULES",
    "SUIT_NAMES",
    "TRIAD_NAMES",
    "DrawPokerState",
    "DrawPokerView",
    "HandResult",
    "HandValue",
    "advise",
    "apply",
    "evaluate",
    "legal_actions",
    "new_game",
    "observe",
    "parse",
    "returns",
    "table_key",
]
