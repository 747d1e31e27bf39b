"""Pieces every lesson app shares: the theme picker (one per page, every view subscribes)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.render import THEMES

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
