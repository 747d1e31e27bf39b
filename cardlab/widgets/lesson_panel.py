"""`LessonPanel`: the base of every panel a lesson shows (a stepper, a table, a gallery).

It owns what every panel repeated: a status line for refusals, usually a canvas, the page's
theme (a redraw on every change) and a redraw that can never break the page (`guarded`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.render.ops import Drawing
from cardlab.widgets.a11y import LESSON_CLASS
from cardlab.widgets.canvas import DEFAULT_LABEL, CanvasView
from cardlab.widgets.guard import guarded
from cardlab.widgets.panels import StatusLine
from cardlab.widgets.theme import ThemePicker


class LessonPanel(widgets.VBox):
    """A VBox with ``status``, ``picker``, optionally ``view`` (a canvas of ``size`` whose
    accessible name is ``label``: what the picture shows), and a guarded ``redraw`` that
    subclasses fill by overriding ``picture``."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        *,
        size: tuple[float, float] | None = None,
        label: str = DEFAULT_LABEL,
        children: Sequence[widgets.Widget] = (),
        **kwargs: Any,
    ) -> None:
        self.picker = picker if picker is not None else ThemePicker()
        self.status = StatusLine()
        self.view = CanvasView(*size, status=self.status, label=label) if size is not None else None
        super().__init__(list(children), **kwargs)
        self.add_class(LESSON_CLASS)  # what the page stylesheet may style outside Voilà
        self.picker.observe(lambda _: self.redraw(), names="value")

    @property
    def theme(self) -> str:
        return self.picker.theme

    @property
    def widget(self) -> widgets.Widget:
        """The panel is its own widget (kept so every panel of a page has a ``widget``)."""
        return self

    share_key: ClassVar[str] = ""
    """The name a link gives this panel's position (``?at=deal``); "" for a panel without one.
    A panel with a key says where it is (`position`) and goes there (`open_position`)."""

    def position(self) -> dict[str, str]:
        """This panel's position as link parameters (the deal, the step, the eyes, the moves),
        without what the page carries for every panel (theme, rules, class code)."""
        return {}

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        """Go to the position ``params`` describe (what `position` gave, read back from a link).

        Returns a notice for each parameter ignored, saying why; a position that cannot be
        reached raises ``ValueError`` naming what was wrong, and the panel stays as it was."""
        return [f"ignored {name!r}: this part of the lesson has no position" for name in params]

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The page's rules variant changed to ``options`` (the game's full, checked options):
        a panel whose figures, deal or table depend on the rules shows them under the new ones."""

    def picture(self) -> Drawing | None:
        """The canvas's drawing in the current theme (None: nothing to draw)."""
        return None

    def redraw(self) -> None:
        """Draw again (the theme or the data changed); a failure shows on the status line."""
        guarded(self.status, self._redraw)()

    def _redraw(self) -> None:
        drawing = self.picture()
        if drawing is not None and self.view is not None:
            self.view.draw(drawing)
