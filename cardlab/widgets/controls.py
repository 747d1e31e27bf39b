"""A lesson model's `Control` as a widget, and kept in step with it: the one place that knows
which widget each kind of control is (a table's and a figure's controls look alike)."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardlab.apps.model import Control

CHOOSING = frozenset({"toggle", "choice", "segments", "text"})
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
