"""No text of any lesson picture lands on a background it cannot be read against, in any theme.

Each lesson document's code cells are run here (no browser), keeping what each cell shows (its
last expression, as the page does).  Every picture those views draw is recorded: canvases
(`CanvasView.draw`) and charts (`Chart.svg`).  Then, in every theme (the page's `ThemePicker`):
every stepper is stepped through every step, every quiz answered with each of its choices,
and every table played for a stretch through its own controls (`cardlab.widgets.autoplay`).  For
each `Text` op of every recorded picture, the colours painted beneath its box
(`cardlab.render.contrast.texts_with_backgrounds`) must contrast with its ink by WCAG 2.1 AA:
4.5:1, or 3:1 for large text.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from lessons_run import LESSON_NAMES, run_cells

from cardlab.render import THEMES, Drawing
from cardlab.render.chart import Chart
from cardlab.render.contrast import contrast, required, texts_with_backgrounds
from cardlab.widgets import autoplay
from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

TABLE_PRESSES = 40
"""Presses per table and theme: a few hands or tricks, the pictures of every stage."""


def exercise(view: Any) -> None:
    """Show every picture ``view`` can show without typing: every step, answer, stage."""
    if isinstance(view, TableView):
        for _ in range(TABLE_PRESSES):
            autoplay.step(view)
    elif isinstance(view, QuizView):
        for value in [v for _, v in view.choice.options]:
            view.answer(value)
            view.redraw()
    elif hasattr(view, "stepper") and hasattr(view.stepper, "go"):
        for step in range(len(view.stepper.replay) + 1):
            view.stepper.go(step)


@pytest.fixture
def drawings(monkeypatch) -> list[Drawing]:
    """Every drawing shown on a canvas or as a chart while the fixture lives."""
    seen: list[Drawing] = []

    def draw(self: CanvasView, drawing: Drawing) -> None:
        self.drawing = drawing  # kept for hit tests and text mirrors; no replay needed here
        seen.append(drawing)

    def svg(self: Chart) -> str:
        seen.append(self.drawing)
        return ""

    monkeypatch.setattr(CanvasView, "draw", draw)
    monkeypatch.setattr(Chart, "svg", svg)
    return seen


def unreadable(drawing: Drawing) -> Iterator[tuple[str, str]]:
    """Each text of the drawing below the contrast it needs: (ink on background, the text)."""
    for text, beneath in texts_with_backgrounds(drawing):
        worst = min(beneath, key=lambda colour: contrast(text.fill, colour))
        ratio = contrast(text.fill, worst)
        if ratio < required(text):
            pair = f"{text.fill} on {worst} ({ratio:.2f}:1 < {required(text)}:1)"
            yield pair, f"{text.text[:40]!r} {text.size:.1f}px{' bold' if text.bold else ''}"


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_every_text_of_every_lesson_picture_is_readable_in_every_theme(drawings, lesson):
    namespace, shown = run_cells(lesson)
    picker = next((v for v in namespace.values() if isinstance(v, ThemePicker)), None)
    themes = list(THEMES) if picker is not None else ["default"]  # a page without a picker
    problems: dict[str, set[str]] = {}
    for theme in themes:
        if picker is not None:
            picker.value = theme  # every panel redraws in it
        for view in shown:
            exercise(view)
        for drawing in {id(d): d for d in drawings}.values():
            for pair, text in unreadable(drawing):
                problems.setdefault(f"{theme}: {pair}", set()).add(text)
        drawings.clear()
    assert not problems, "\n".join(
        f"{where}: {len(texts)} texts, e.g. {', '.join(sorted(texts)[:4])}"
        for where, texts in sorted(problems.items())
    )
