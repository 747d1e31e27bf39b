"""What a learner may press, tick or choose at a table or a figure (`Control`), and the
check of a value sent for one (`checked`): the vocabulary the lesson models and the one place
that makes widgets of them (`cardlab.widgets.controls`) share, kept apart from the table
model so that what builds controls (the review of a hand) need not import it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from cardlab.core.i18n import Message, joined, msg
from cardlab.core.text import shown


def text_of(value: object) -> str:
    """A text field as the widget shows it: a message read in the current language."""
    return value if isinstance(value, str) else str(value)


def read_texts(obj: object, *names: str) -> None:
    """Read the fields ``names`` of frozen ``obj`` that are messages (not yet text), so a game may
    give its words as messages and the widget always gets text."""
    for name in names:
        value = getattr(obj, name)
        if isinstance(value, tuple):
            if any(not isinstance(v, str) for v in value):
                object.__setattr__(obj, name, tuple(text_of(v) for v in value))
        elif not isinstance(value, str):
            object.__setattr__(obj, name, text_of(value))


@dataclass(frozen=True)
class Control:
    """One thing the learner may press, tick or choose; the widget makes it a button, a
    toggle or a dropdown and sends ``act(key, value)``.

    ``row`` groups controls into lines; ``why_not`` is the line shown when a disabled control is
    pressed anyway (a keyboard user or a double click), so the learner learns why."""

    key: str
    label: str | Message
    enabled: bool = True
    row: int = 0
    kind: Literal["button", "toggle", "choice", "segments", "text", "steps"] = "button"
    """A button; a tick box; a drop-down of ``options``; the same as one row of buttons
    (``segments``, where the choices are few and short); a line of text sent on Enter; a step
    between ``bounds`` (a slider, and Play / Pause to step on its own)."""
    value: Any = None
    options: tuple[tuple[str | Message, Any], ...] = ()
    style: str = ""
    why_not: str | Message = ""
    bounds: tuple[int, int] = (0, 0)
    """The first and last step of a ``steps`` control."""

    def __post_init__(self) -> None:
        read_texts(self, "label", "why_not")
        if any(not isinstance(label, str) for label, _ in self.options):
            options = tuple((text_of(label), value) for label, value in self.options)
            object.__setattr__(self, "options", options)


def checked(control: Control, value: Any) -> Any:
    """``value`` for ``control`` once checked: a choice's value is one of its options and a
    toggle's is on or off (``ValueError`` naming what was wrong otherwise)."""
    if control.kind in ("choice", "segments") and value not in [v for _, v in control.options]:
        words = joined(label for label, _ in control.options)
        raise ValueError(
            msg(
                "{control}: {value} is not one of {words}.",
                control=control.label,
                value=shown(value),
                words=words,
            )
        )
    if control.kind == "toggle" and not isinstance(value, bool):
        raise ValueError(
            msg("{control} is on or off, not {value}.", control=control.label, value=shown(value))
        )
    if control.kind == "steps" and (
        type(value) is not int or not control.bounds[0] <= value <= control.bounds[1]
    ):
        raise ValueError(
            msg("{control}: {value} is not one of {words}.", control=control.label,
                value=shown(value), words=f"{control.bounds[0]}-{control.bounds[1]}")
        )  # fmt: skip
    if control.kind == "text" and not isinstance(value, str):
        raise ValueError(msg("{control}: {value} is not a text.", control=control.label,
                             value=shown(value)))  # fmt: skip
    return value
