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
from cardlab.core.i18n import msg
from cardlab.core.narration import Narration, Piece, hidden, told


@dataclass(frozen=True, init=False)
class Decision:
    """A bot's chosen action and the one-sentence reason for it.

    The reason is the bot's own thinking, so views show it to other seats only when their policy
    allows (see `cardlab.core.narration`); inside it, `Secret` parts mark what names the bot's
    hidden cards, so even a reason shown after the hand keeps those back.
    """

    action: Action
    told: Narration

    def __init__(self, action: Action, told: Narration | Piece) -> None:
        """``told`` may be any piece of a narration: it is kept as a `Narration`."""
        object.__setattr__(self, "action", action)
        object.__setattr__(
            self, "told", told if isinstance(told, Narration) else Narration.of(told)
        )

    @property
    def reason(self) -> str:
        """The whole reason, as the bot (or the teacher) reads it."""
        return self.told.text(None)


def reason_for(reason: Narration, owner: int, viewer: int | None, *, shown: bool) -> str | None:
    """A bot's reason as ``viewer`` may read it; None when it is held back.

    The bot itself and the teacher read all of it.  Its reasoning rests on its hidden cards, so
    another seat reads it only when the view chooses to show it (``shown``: e.g. once the hand is
    over), and even then without the parts the bot keeps secret.
    """
    if viewer is None or viewer == owner:
        return reason.text(None)
    return reason.text(viewer) if shown else None


@runtime_checkable
class Bot(Protocol):
    """The bot protocol: pick one of ``legal_actions`` from what ``observation`` shows."""

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Decision: ...


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int | str = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        action = self.rng.choice(list(legal_actions))
        picked = hidden(str(action), msg("a move"))
        return Decision(
            action,
            told(
                msg(
                    "picked {move} at random from {count} legal moves",
                    move=picked,
                    count=len(legal_actions),
                )
            ),
        )
