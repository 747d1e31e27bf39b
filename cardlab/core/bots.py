"""Bots: anything with ``choose(observation, legal_actions) -> Decision``.

A bot sees only an observation (never the full state) and says why it chose, in one sentence,
so the step-through narration can explain the AI's moves to a learner.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from cardlab.core.engine import Action


@dataclass(frozen=True)
class Decision:
    """A bot's chosen action and the one-sentence reason for it."""

    action: Action
    reason: str


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: pick one of ``legal_actions`` from what ``observation`` shows."""

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Decision: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        action = self.rng.choice(list(legal_actions))
        return Decision(action, f"picked {action} at random from {len(legal_actions)} legal moves")
