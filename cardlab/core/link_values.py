"""Reading a stepped deal's position back from a link: its values arrive as untrusted text.

Each reader checks the text's length and form before converting it (no ``int()`` of a
5,000-digit string) and raises a ``ValueError`` a teacher can act on.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from cardlab.core.i18n import joined, msg
from cardlab.core.replay import MAX_SEED_DIGITS
from cardlab.core.text import shown

STEPPER_NAMES = ("deal", "seed", "step", "eyes", "line")
"""The link parameters a stepped deal reads (`cardlab.apps.bot_stepper.BotStepper`)."""
MAX_STEP_DIGITS = 6
_DIGITS = re.compile(r"[0-9]+")


def read_whole(name: str, text: str, digits: int) -> int:
    """The whole number ``text`` (0-9 only, at most ``digits`` of them)."""
    if not isinstance(text, str) or len(text) > digits or not _DIGITS.fullmatch(text):
        raise ValueError(
            msg(
                "{name} must be a whole number of 1-{digits} digits, got {value}",
                name=name,
                digits=digits,
                value=shown(text),
            )
        )
    return int(text)


def read_seed(text: str) -> int:
    return read_whole("seed", text, MAX_SEED_DIGITS)


def read_step(text: str, last: int) -> int:
    """A step of a deal with steps 0-``last``."""
    step = read_whole("step", text, MAX_STEP_DIGITS)
    if step > last:
        raise ValueError(
            msg("step {step} is out of range: this deal has steps 0-{last}", step=step, last=last)
        )
    return step


def read_eyes(text: str, seats: int) -> int | None:
    """``teacher`` (None) or a player's number counted from 1, as players are named (the
    seat, counted from 0)."""
    if text == "teacher":
        return None
    if isinstance(text, str) and len(text) <= 3 and _DIGITS.fullmatch(text):
        seat = int(text) - 1
        if 0 <= seat < seats:
            return seat
    raise ValueError(
        msg(
            "eyes must be 'teacher' or a player's number 1-{seats}, got {value}",
            seats=seats,
            value=shown(text),
        )
    )


def unknown(params: Mapping[str, str], known: Sequence[str]) -> list[str]:
    """A notice for each parameter not in ``known``, saying why it is ignored."""
    return [
        str(
            msg(
                "ignored {name}: a stepped deal's link reads only {names}",
                name=shown(name),
                names=joined(known),
            )
        )
        for name in params
        if name not in known
    ]


def read_between(name: str, text: str, low: int, high: int) -> int:
    """A small whole number from ``low`` to ``high`` (a number of AI, a class deal)."""
    number = read_whole(name, text, len(str(high)))
    if not low <= number <= high:
        raise ValueError(
            msg(
                "{name} must be a whole number {low}-{high}, got {value}",
                name=name,
                low=low,
                high=high,
                value=shown(text),
            )
        )
    return number
