"""Bots: anything with ``choose(observation, legal_actions) -> Decision``.

A bot sees only an observation (never the full state) and says why it chose, in one sentence,
so the step-through narration can explain the AI's moves to a learner.

Bots are stateless: a bot holds only its settings (a seed among them), and whatever it draws at
random it draws from `rng_for` (its seed and the observation).  So the same observation always
gets the same answer, however the game reached it and whatever the bot was asked before, and a
table replays exactly from its deal seed and the learner's moves.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass, fields, is_dataclass
from fractions import Fraction
from typing import Any, Protocol, runtime_checkable

from cardlab.core.caches import LRUDict
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


@functools.lru_cache(maxsize=256)  # one entry per kind of dataclass (a few dozen)
def _field_names(cls: type) -> tuple[str, ...]:
    """The fields equality compares: equal observations give the same text."""
    return tuple(f.name for f in fields(cls) if f.compare)


_PLAIN = (str, int, float, bool, Fraction, type(None))


def stable_text(value: Any) -> str:
    """``value`` as text that is the same in every process for equal values: plain values by
    ``repr``, tuples item by item, dataclasses by their compared fields; never an object's
    address or a salted ``hash()`` (a set's order).  ``TypeError`` for anything else, so an
    observation that cannot be keyed is found at once."""
    return _text(value)[0]


_KEPT: LRUDict[int, tuple[Any, str]] = LRUDict(256)
"""The texts of long immutable parts of observations, by the part's identity, the part kept with
its text (so its identity cannot be another object's while it is here).  A table's past results
pass from one observation to the next as the same tuple, and writing them out for every move
cost a Triad bot up to 18 ms a question after ten hands (13,000 characters)."""
KEEP_FROM = 256
"""Texts shorter than this are written again each time: cheaper than keeping them."""


def _text(value: Any) -> tuple[str, bool]:
    """``value``'s stable text, and whether ``value`` is immutable all through (only such parts
    are kept in `_KEPT`: a list inside could change under the same identity)."""
    if isinstance(value, _PLAIN):
        return repr(value), True
    kept = _KEPT.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1], True
    if isinstance(value, (tuple, list)):
        parts = [_text(v) for v in value]
        text = "(" + ",".join(t for t, _ in parts) + ")"
        frozen = isinstance(value, tuple) and all(f for _, f in parts)
    elif is_dataclass(value) and not isinstance(value, type):
        parts = [_text(getattr(value, name)) for name in _field_names(type(value))]
        text = f"{type(value).__name__}(" + ",".join(t for t, _ in parts) + ")"
        params = getattr(type(value), "__dataclass_params__", None)
        frozen = bool(params is not None and params.frozen) and all(f for _, f in parts)
    else:
        raise TypeError(f"no stable text for a {type(value).__name__}")
    if frozen and len(text) >= KEEP_FROM:
        _KEPT[id(value)] = (value, text)
    return text, frozen


def rng_for(seed: int | str, observation: Any) -> random.Random:
    """The generator a bot seeded with ``seed`` draws from when it sees ``observation``: a new
    one for every question, so a bot keeps no state and answers the same observation alike."""
    return random.Random(f"{seed!r}|{stable_text(observation)}")


@dataclass(frozen=True)
class RandomBot:
    """Chooses uniformly among the legal actions, drawn from its seed and the observation."""

    seed: int | str = 0

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        action = rng_for(self.seed, observation).choice(list(legal_actions))
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
