"""`QuizView`: the one view of every lesson's quiz (`cardlab.apps.quiz.QuizModel`).

It shows a quiz model: the canvas, the question, the choices, instant feedback, the tally of
first answers and "New question" (and "Hint" where the quiz offers hints: the find-the-move
practice, `cardlab.apps.practice`, where a choice is marked by "Check my answer": arrow keys
walk through many moves without answering), and records each first answer in the learner's
results.  A quiz with a `share_key` (the practice) says its position to the page's share box
and opens where a link says.  It follows the page: the rules deal the current question again
(`QuizModel.with_rules`), a class code asks the class's questions (`QuizModel.in_class`).  A
refused change (rules no question can be dealt under) says so on the status line, and the quiz
stays as it was.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.quiz import QuizModel
from cardlab.core.i18n import msg
from cardlab.core.results import Result
from cardlab.lessons.page_state import PageState
from cardlab.render.ops import Drawing
from cardlab.widgets.a11y import element_id
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel, Page
from cardlab.widgets.results import ResultsLink

_TAG = re.compile(r"<[^>]*>")


def plain(text: str) -> str:
    """HTML as the words a reader sees (tags gone, entities read, spaces tidied)."""
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


class QuizView(LessonPanel):
    """Any quiz model, shown and answered: see the module docstring."""

    results: ResultsLink

    def __init__(self, model: QuizModel, page: Page | None = None) -> None:
        super().__init__(page, size=model.size)
        self.model = model
        self.question = widgets.HTML()
        self.question_id = element_id("cardlab-question")
        self.choice = widgets.RadioButtons(options=[("-", "-")], value=None)
        self.choice.layout.width = "max-content"
        self.feedback = widgets.HTML()
        self.new_button = widgets.Button(description=str(model.next_label))
        self.hint_button = widgets.Button(description=str(msg("Hint")))
        self.hint_button.add_class("cardlab-quiz-hint")
        self.hint_button.on_click(guarded(self.status, lambda _: self.show(self.model.with_hint())))
        self.hints = model.offers_hint
        """Whether the hint is offered: the quiz has one and the page allows hints."""
        self.check_button = widgets.Button(
            description=str(msg("Check my answer")), button_style="primary"
        )
        self.check_button.add_class("cardlab-quiz-check")
        self.check_button.on_click(guarded(self.status, lambda _: self._check()))
        self.tally = widgets.Label()
        self.choice.add_class("cardlab-quiz-choice")
        self.feedback.add_class("cardlab-quiz-feedback")
        self.new_button.add_class("cardlab-new-question")
        self.results = ResultsLink(model.game, "quiz")
        self._loading = False
        self.choice.observe(guarded(self.status, self._chosen), names="value")
        self.new_button.on_click(guarded(self.status, lambda _: self.next_question()))
        self.children = [
            self.canvas_view.widget,
            self.question,
            self.choice,
            self.feedback,
            widgets.HBox([self.check_button, self.hint_button, self.new_button, self.tally]),
            self.status.widget,
            self.results.widget,
        ]
        self.show(model)

    # -- what the tests and the page read ------------------------------------------------------
    @property
    def seed(self) -> int:
        return self.model.seed

    @property
    def right(self) -> int:
        return self.model.right

    @property
    def asked(self) -> int:
        return self.model.asked

    @property
    def options(self) -> dict[str, Any]:
        return self.model.options

    @property
    def class_code(self) -> str:
        return self.model.class_code

    @property
    def game(self) -> str:
        return self.model.game

    # -- showing a model -----------------------------------------------------------------------
    def show(self, model: QuizModel) -> None:
        """Show ``model``: the question, its choices (the chosen one, if any), the feedback, the
        tally and the picture; the choices' observer stays quiet."""
        before, self.model = self.model, model
        prompt = model.prompt()
        self.question.value = f'<div id="{self.question_id}">{prompt}</div>'
        self.canvas_view.describe(model.label(), self.question_id)
        options = [(str(label), value) for label, value in model.choices()]
        same = before.seed == model.seed and before.number == model.number
        picked = self.choice.value if model.confirms and same else None
        self._loading = True
        try:
            if list(self.choice.options) != options:
                self.choice.options = options
            keep = picked if picked in [v for _, v in options] else None
            self.choice.value = keep if model.confirms and keep is not None else model.chosen
        finally:
            self._loading = False
        self.feedback.value = model.marked()
        self.tally.value = model.tally()
        self.check_button.layout.display = None if model.confirms else "none"
        self.check_button.disabled = self.choice.value in (None, model.chosen)
        offered = self.hints and model.offers_hint
        self.hint_button.layout.display = None if offered else "none"
        self.hint_button.disabled = not offered or model.revealed or bool(model.hint_text())
        self.redraw()

    def picture(self) -> Drawing:
        return self.model.picture(self.theme)

    # -- the learner and the page --------------------------------------------------------------
    def answer(self, value: str) -> bool:
        """Mark ``value``, show the explanation, and record it if it is the first answer."""
        before, after = self.model, self.model.answer(value)
        right = after.feedback(value)[0]
        if after.asked > before.asked:
            labels = {v: label for label, v in after.choices()}
            self.results.add(
                Result(
                    "quiz",
                    after.game,
                    after.class_code,
                    after.number if after.class_code else 0,
                    question=plain(after.prompt()),
                    answer=str(labels.get(value, value)),
                    right=bool(right),
                ),
                student=self.student,
            )
        self.show(after)
        return right

    @property
    def share_key(self) -> str:  # type: ignore[override]
        """The quiz's: the practice's positions have links, a quiz's dealt questions do not."""
        return self.model.share_key

    def position(self) -> dict[str, str]:
        return self.model.position()

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        if not self.share_key:
            return super().open_position(params)
        model, notices = self.model.at_link(params)
        self.show(model)
        return notices

    def kept(self) -> dict[str, str]:
        return self.model.kept()

    def bring_back(self, kept: Mapping[str, str]) -> list[str]:
        """The question, the answer and the tally as the learner left them."""
        self.show(self.model.back(kept))
        return []

    def next_question(self) -> None:
        """The next seed, or the class's next question."""
        self.show(self.model.next_question())

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The current question dealt again under the page's rules (`QuizModel.with_rules`)."""
        self.show(self.model.with_rules(options))

    def follow(self, state: PageState, options: Mapping[str, Any]) -> None:
        """The page's state: its rules (`LessonPanel.follow`), then its class's questions."""
        super().follow(state, options)
        self.hints = self.model.offers_hint and state.hints
        guarded(self.status, lambda: self.show(self.model.in_class(state.class_code)))()

    def _chosen(self, change: dict[str, Any]) -> None:
        if change["new"] is None or self._loading:
            return
        if self.model.confirms:  # chosen, not yet answered: Check marks it
            self.check_button.disabled = change["new"] == self.model.chosen
        else:
            self.answer(change["new"])

    def _check(self) -> None:
        """Mark the choice made (a quiz that `confirms`)."""
        if self.choice.value is None:
            raise ValueError(msg("Choose a move first."))
        self.answer(self.choice.value)
