"""A lesson model's `Control` as a widget, and kept in step with it: the one place that knows
which widget each kind of control is (a table's and a figure's controls look alike)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets
import traitlets

from cardlab.apps.control import Control
from cardlab.core.i18n import msg
from cardlab.widgets.stepper import PAUSE, PLAY

CHOOSING = frozenset({"toggle", "choice", "segments", "text", "steps"})
"""The kinds whose widget holds a value (a button only fires)."""


def options_of(control: Control) -> list[Any]:
    """A choice's options as the widget lists them: each label read in the page's language."""
    return [(str(o[0]), o[1]) if isinstance(o, tuple) else o for o in control.options]


def control_widget(control: Control) -> widgets.Widget:
    """A new widget for ``control``, with the class ``cardlab-<key>`` the browser tests find it
    by; `sync` gives it the control's state."""
    widget: widgets.Widget
    if control.kind == "toggle":
        widget = widgets.Checkbox(description=str(control.label), indent=False)
    elif control.kind == "choice":
        widget = widgets.Dropdown(
            description=str(control.label),
            options=options_of(control),
            style={"description_width": "initial"},  # "Play against" in full, not "Play ag..."
        )
    elif control.kind == "segments":
        widget = widgets.ToggleButtons(
            options=options_of(control),
            description=str(control.label),
            style={"button_width": "auto", "description_width": "initial"},
        )
    elif control.kind == "steps":
        widget = StepsControl(description=str(control.label))
    elif control.kind == "text":
        widget = widgets.Text(
            description=str(control.label), continuous_update=False,
            style={"description_width": "initial"},
        )  # fmt: skip
    else:
        widget = widgets.Button(description=str(control.label), button_style=control.style)
    widget.add_class(f"cardlab-{control.key}")
    if control.kind != "segments":
        widget.layout.width = "auto"
    return widget


def sync(widget: widgets.Widget, control: Control) -> None:
    """Give ``widget`` the state of ``control`` (label, enabled, options, value), touching only
    what changed, so an unchanged control sends nothing to the browser."""
    _set(widget, "disabled", not control.enabled)
    _set(widget, "description", str(control.label))
    _set(widget, "tooltip", str(control.why_not if not control.enabled else control.label))
    if isinstance(widget, StepsControl):
        widget.bounds = control.bounds
    if control.kind in ("choice", "segments"):
        options = options_of(control)
        if list(widget.options) != options:
            widget.options = options
    if control.kind in CHOOSING:
        value = bool(control.value) if control.kind == "toggle" else control.value
        if control.kind == "text":
            value = "" if value is None else str(value)
        _set(widget, "value", value)


def _set(widget: widgets.Widget, name: str, value: Any) -> None:
    if getattr(widget, name) != value:
        setattr(widget, name, value)


class StepsControl(widgets.HBox):
    """A step between ``bounds``: a slider, and a text Play / Pause toggle over a hidden timer.

    ``value`` (the step) is kept in Python, not in the browser: the timer's ticks and the
    slider's moves set it and the figure acts on its change; the figure's answer sets it back
    (`sync`).  The timer's own buttons stay hidden, as the stepper's do (`widgets/stepper.py`
    says why)."""

    value = traitlets.Int(0)
    description = traitlets.Unicode("")
    tooltip = traitlets.Unicode("")
    disabled = traitlets.Bool(False)

    def __init__(self, description: str = "", interval: int = 900) -> None:
        self.play = widgets.Play(interval=interval, show_repeat=False,
                                 layout=widgets.Layout(display="none"))  # fmt: skip
        self.playing = widgets.ToggleButton(
            description=str(PLAY), tooltip=str(msg("Play the steps one by one; press to pause"))
        )
        self.playing.layout.width = "auto"
        self.playing.add_class("cardlab-play")
        self.slider = widgets.IntSlider(description=description, continuous_update=True,
                                        layout=widgets.Layout(width="320px"))  # fmt: skip
        super().__init__([self.playing, self.slider, self.play])
        self.description = description
        widgets.link((self.playing, "value"), (self.play, "playing"))
        self.playing.observe(self._faced, names="value")
        self.slider.observe(self._moved, names="value")
        self.play.observe(self._moved, names="value")
        self.observe(self._shown, names="value")
        self.observe(self._labelled, names=["description", "disabled"])

    @property
    def bounds(self) -> tuple[int, int]:
        return self.slider.min, self.slider.max

    @bounds.setter
    def bounds(self, bounds: tuple[int, int]) -> None:
        low, high = bounds
        for part in (self.slider, self.play):
            if (part.min, part.max) != (low, high):
                part.max = max(high, part.min)
                part.min, part.max = low, high

    def _moved(self, change: dict[str, object]) -> None:
        self.value = int(change["new"])  # type: ignore[call-overload]  # a slider's or timer's int

    def _shown(self, change: dict[str, object]) -> None:
        low, high = self.bounds
        if not low <= change["new"] <= high:  # type: ignore[operator]  # an int trait's value
            return  # the figure refuses it, and its answer sets the step back
        for part in (self.slider, self.play):
            if part.value != change["new"]:
                part.value = change["new"]

    def _faced(self, change: dict[str, object]) -> None:
        self.playing.description = str(PAUSE if change["new"] else PLAY)

    def _labelled(self, change: dict[str, object]) -> None:
        self.slider.description = self.description
        self.slider.disabled = self.playing.disabled = self.disabled
