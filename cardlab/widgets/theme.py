"""`ThemePicker`: one per page; every panel observes its ``value`` and redraws in the new theme."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from cardlab.core.i18n import Message, msg
from cardlab.render import THEMES
from cardlab.widgets.a11y import LESSON_CLASS

THEME_TITLES: dict[str, Message] = {
    # Translators: the name of the usual colour theme of the pictures
    "default": msg("Default"),
    "colorblind": msg("Colour-blind safe"),
    "high-contrast": msg("High contrast"),
}


def theme_choices() -> list[tuple[str, str]]:
    """The themes as (title in the page's language, name), for the picker."""
    return [(str(THEME_TITLES.get(name, name)), name) for name in THEMES]


class ThemePicker(widgets.ToggleButtons):
    """Toggle buttons for the themes.  It is a traitlets object: panels ``observe`` its value."""

    def __init__(self, theme: str = "default", **kwargs: Any) -> None:
        if theme not in THEMES:
            raise ValueError(
                msg(
                    "unknown theme {theme}: choose one of {themes}",
                    theme=repr(theme),
                    themes=", ".join(THEMES),
                )
            )
        super().__init__(
            options=theme_choices(),
            value=theme,
            description=str(msg("Theme")),
            style={"button_width": "auto"},
            **kwargs,
        )
        self.add_class(LESSON_CLASS)  # the page stylesheet's focus ring reaches it in JupyterLab

    @property
    def theme(self) -> str:
        return self.value

    @property
    def widget(self) -> widgets.Widget:
        """The picker is its own widget (every panel of a page has a ``widget``)."""
        return self
