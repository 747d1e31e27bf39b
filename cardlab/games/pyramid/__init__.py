"""Pyramid (the hexagonal-deck game of Battlestar Galactica): hands, exact odds and the game.

`hands` ranks 6-card hands (`evaluate`, `best_arrangement`, `parse`); `odds` counts the exact
distribution of the best hand over every deal and advises on the exchange; `game` is the game
itself, an instance of the shared draw-poker engine (`new_game`, `legal_actions`, `apply`,
`observe`, `returns`).  Rules and resolutions: `rules`.
"""

from __future__ import annotations

from typing import Any

from cardlab.core.engine import Transition
from cardlab.core.replay import Replay
from cardlab.games.poker.draw import DrawPokerState, DrawPokerView
from cardlab.games.pyramid.game import GAME, RULES
from cardlab.games.pyramid.hands import (
    CLASSES,
    KEYSTONE,
    Arrangement,
    HandClass,
    KeystoneRole,
    PyramidValue,
    best_arrangement,
    evaluate,
    hand_class,
    parse,
)


def new_game(seed: int = 0, **options: Any) -> Replay[DrawPokerState]:
    """A new game as a `Replay`, dealt until the first player must act (``.state`` is live).

    Options: ``players`` (2-4), ``exchange_rounds`` (1, or 2 with 2-3 players), ``betting``,
    ``hands``, ``stack``, ``ante``, ``small_bet``, ``big_bet``, ``raise_cap``, ``max_draw``.
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
    "CLASSES",
    "GAME",
    "KEYSTONE",
    "RULES",
    "Arrangement",
    "DrawPokerState",
    "DrawPokerView",
    "HandClass",
    "KeystoneRole",
    "PyramidValue",
    "apply",
    "best_arrangement",
    "evaluate",
    "hand_class",
    "legal_actions",
    "new_game",
    "observe",
    "parse",
    "returns",
]
