"""The Triad lesson's first panels: the 54 cards with their frame lines, and the ladder of hands."""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.games.poker import tables
from cardlab.pictures.triad import frame_lines_picture, hand_ladder
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets import CanvasView
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker


class TriadComponents(LessonPanel):
    """The 54 cards (jokers last) and a close-up of the four suits' frame lines."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.frames = CanvasView(10, 10, status=self.status)
        self.sheet = self.view
        self.children = [self.frames.widget, self.sheet.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        self.frames.draw(frame_lines_picture(self.theme))
        return deck_sheet("triad", self.theme, card_w=56)


class HandLadder(LessonPanel):
    """The ten hands best first, each with an example and its exact count; a toggle puts the
    jokers in (Five Up appears, the counts change)."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.jokers = widgets.ToggleButtons(
            options=[("Jokers out (52 cards)", "out"), ("Jokers wild (54 cards)", "wild")],
            value="out",
            style={"button_width": "auto"},
        )
        self.jokers.observe(lambda _: self.redraw(), names="value")
        self.children = [self.jokers, self.view.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        mode = self.jokers.value
        return hand_ladder(tables.category_counts(mode), mode, self.theme)
