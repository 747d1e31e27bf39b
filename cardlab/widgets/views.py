"""Which view shows which lesson model: a lesson builds models, the page shows them.

A game's lesson code is pure (its quiz, its table, ...: `cardlab.apps`); a page cell says
``page.show(WhichHandWins(seed=1))`` and gets the one generic view of that kind of model.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardlab.apps.bot_stepper import BotStepper
from cardlab.apps.figure import Figure
from cardlab.apps.model import TableModel
from cardlab.apps.quiz import QuizModel
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.lesson_panel import LessonPanel, Page
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView

VIEWS: tuple[tuple[type, Callable[[Any, Page | None], LessonPanel]], ...] = (
    (TableModel, TableView),
    (QuizModel, QuizView),
    (BotStepper, StepperView),
    (Figure, FigureView),
)
"""Each kind of lesson model, and the view that shows any model of that kind."""


def view_of(model: Any, page: Page | None = None) -> LessonPanel:
    """The view of ``model`` on ``page`` (attached to it once built)."""
    for kind, view in VIEWS:
        if isinstance(model, kind):
            return view(model, page)
    kinds = ", ".join(kind.__name__ for kind, _ in VIEWS)
    raise TypeError(f"no view shows a {type(model).__name__}; the views show: {kinds}")
