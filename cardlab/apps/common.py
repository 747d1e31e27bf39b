"""Pieces every lesson app shares: the theme picker (one per page, every view subscribes) and
the stepper over a bots' game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.render import THEMES
from cardlab.widgets import CanvasView, StatusLine, Stepper, TextMirror
from cardlab.widgets.guard import guarded

THEME_TITLES = {
    "default": "Default",
    "colorblind": "Colour-blind safe",
    "high-contrast": "High contrast",
}
THEME_CHOICES = [(THEME_TITLES.get(name, name), name) for name in THEMES]


class ThemePicker:
    """Toggle buttons for the themes; views register to be redrawn when it changes."""

    def __init__(self, theme: str = "default") -> None:
        self.widget = widgets.ToggleButtons(
            options=THEME_CHOICES, value=theme, description="Theme", style={"button_width": "auto"}
        )
        self._listeners: list[Callable[[str], Any]] = []
        self.widget.observe(self._changed, names="value")

    @property
    def theme(self) -> str:
        return self.widget.value

    def subscribe(self, listener: Callable[[str], Any]) -> None:
        self._listeners.append(listener)

    def _changed(self, change: dict[str, Any]) -> None:
        for listener in self._listeners:
            listener(change["new"])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class BotGameStepper:
    """A seeded game of bots, stepped through: an Eyes toggle (the teacher, or one seat), the
    step's narration, why the bot chose it, and the table in words.

    Subclasses create their extra panels, then call ``__init__`` with the replay and the bots'
    ``{step: (seat, reason)}``; they draw a step in ``_show(step, state, event)``.
    """

    start_text = "The pack is shuffled; press Forward or Play."
    bot_label = ""  # e.g. " (a reasoning bot)", after the seat's name
    chance_text = "Chance: the seeded shuffle decided this step."

    def __init__(
        self,
        picker: ThemePicker,
        replay: Replay,
        reasons: dict[int, tuple[int, str]],
        *,
        eyes: list[tuple[str, int]],
        size: tuple[float, float],
        mirror_label: str,
        extra: list[widgets.Widget] = (),  # type: ignore[assignment]
        open_at: int = 0,
        interval: int = 900,
    ) -> None:
        self.picker = picker
        self.reasons = reasons
        self.status = StatusLine()
        self.eyes = widgets.ToggleButtons(
            options=eyes, value=-1, description="Eyes", style={"button_width": "auto"}
        )
        self.eyes.add_class("cardlab-eyes")
        self.view = CanvasView(*size, status=self.status)
        self.stepper = Stepper(replay, status=self.status, view=self.view, interval=interval)
        self.why = widgets.HTML()
        self.why.add_class("cardlab-why")
        self.mirror = TextMirror(mirror_label)
        self.stepper.on_step(self._show)
        self.eyes.observe(guarded(self.status, lambda _: self.refresh()), names="value")
        picker.subscribe(guarded(self.status, lambda _: self.refresh()))
        self.widget = widgets.VBox(
            [self.eyes, self.stepper.widget, self.why, *extra, self.mirror.widget]
        )
        self.stepper.go(open_at)
        self.refresh()

    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table is drawn through; None is the teacher."""
        return None if self.eyes.value < 0 else self.eyes.value

    def refresh(self) -> None:
        self._show(self.stepper.step, self.stepper.state, None)

    def reason_at(self, step: int) -> str:
        """Why the step happened: a bot's reason, or chance."""
        if step in self.reasons:
            seat, reason = self.reasons[step]
            return f"Why? {seat_name(seat)}{self.bot_label}: {reason}"
        return self.start_text if step == 0 else self.chance_text

    def _show(self, step: int, state: Any, event: Any) -> None:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


LEARNER = 0
"""The learner's seat at every table: the bottom of the picture, Player 1."""


class LearnerTable:
    """What every "play against the computer" table shares: the learner sits in seat 0 and the
    table shows only what that seat may see.  Subclasses set ``replay`` and ``widget``."""

    replay: Replay
    widget: widgets.Widget

    @property
    def state(self) -> Any:
        return self.replay.state

    @property
    def observation(self) -> Any:
        """Everything the table shows comes from this: the learner's observation."""
        return self.replay.game.observe(self.state, LEARNER)

    @property
    def my_turn(self) -> bool:
        return self.replay.current_player == LEARNER

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
