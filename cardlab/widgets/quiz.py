"""`Quiz`: the widget side of every lesson's quiz, so each game only writes its questions.

A subclass says how to deal a question (`ask`), how to mark an answer (`mark`) and what the
position looks like (`picture`); this class owns the canvas, the question text, the choices,
instant feedback, a tally that counts first answers only, and "New question".

It follows the page's rules: ``self.options`` holds them (the game's full options; ``{}`` for
the standard rules) and a subclass's `ask` deals under them, so a change of rules deals the
current question again under the new ones (`rules_changed`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.core.classdeals import class_seed
from cardlab.core.i18n import Message, msg
from cardlab.core.results import Result
from cardlab.widgets.a11y import element_id
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.page import class_code, watch_query
from cardlab.widgets.results import ResultsLink
from cardlab.widgets.theme import ThemePicker

_TAG = re.compile(r"<[^>]*>")


def plain(text: str) -> str:
    """HTML as the words a reader sees (tags gone, entities read, spaces tidied)."""
    return " ".join(html.unescape(_TAG.sub(" ", text)).split())


class Quiz(LessonPanel):
    """Base class for an engine-generated quiz; see the module docstring.

    The picture's accessible name is `picture_label` (a subclass may change it with
    ``self.view.describe`` once the answer is drawn) and its description is the question, whose
    prompt must hold the position in words: nothing the learner needs is only drawn."""

    picture_label: str | Message = msg("The position of the question")

    def __init__(
        self, picker: ThemePicker | None, seed: int = 1, size: tuple[float, float] = (10, 10)
    ) -> None:
        super().__init__(picker, size=size)
        self.question = widgets.HTML()
        self.question_id = element_id("cardlab-question")
        self.choice = widgets.RadioButtons(options=[("-", "-")], value=None)
        self.choice.layout.width = "max-content"
        self.feedback = widgets.HTML()
        self.new_button = widgets.Button(description=str(msg("New question")))
        self.tally = widgets.Label()
        self.choice.add_class("cardlab-quiz-choice")
        self.feedback.add_class("cardlab-quiz-feedback")
        self.new_button.add_class("cardlab-new-question")
        self.right = self.asked = 0
        self.options: dict[str, Any] = {}
        """The page's rules the questions are dealt under ({}: the standard rules)."""
        self._answered = self._loading = False
        self.class_code, self.number = "", 0
        self.results = ResultsLink(self.game, "quiz")
        self.choice.observe(guarded(self.status, self._chosen), names="value")
        self.new_button.on_click(guarded(self.status, lambda _: self.next_question()))
        self.children = [
            self.canvas_view.widget,
            self.question,
            self.choice,
            self.feedback,
            widgets.HBox([self.new_button, self.tally]),
            self.status.widget,
            self.results.widget,
        ]
        self.load(seed)
        self._join_class(*class_code({}))
        watch_query(guarded(self.status, lambda query: self._join_class(*class_code(query))))

    @property
    def game(self) -> str:
        """The game whose lesson asks this quiz (``cardlab.apps.<game>.quiz``)."""
        parts = type(self).__module__.split(".")
        return parts[2] if len(parts) > 3 and parts[:2] == ["cardlab", "apps"] else "quiz"

    # -- for subclasses ------------------------------------------------------------------------
    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        """Deal the question for ``seed`` under the rules ``self.options``: its prompt (HTML,
        naming the rules when they are not the standard ones) and its (label, value) choices."""
        raise NotImplementedError

    def mark(self, value: str) -> tuple[bool, str]:
        """Whether ``value`` is right, and the feedback (HTML) that explains why."""
        raise NotImplementedError

    # -- shared behaviour ----------------------------------------------------------------------
    def load(self, seed: int) -> None:
        """Show the question dealt with ``seed``."""
        self.seed, self._answered = seed, False
        self._show(*self.ask(seed))

    def _show(self, prompt: str, options: Sequence[tuple[str, str]]) -> None:
        """Show a dealt question: its prompt, its choices (none chosen), no feedback yet."""
        self.question.value = f'<div id="{self.question_id}">{prompt}</div>'
        self.canvas_view.describe(str(self.picture_label), self.question_id)
        self._loading = True
        try:
            self.choice.options = [(str(label), value) for label, value in options]
            self.choice.value = None
        finally:
            self._loading = False
        self.feedback.value = ""
        self._tally()
        self.redraw()

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Deal the current question again under the rules ``options``: the same seed, so a
        class's questions stay in step, and the tally stays as it was (a question already
        answered is not counted a second time); a question the change leaves as it was keeps
        its answer and explanation.  Rules a question cannot be dealt under raise
        ``ValueError`` and leave the quiz as it was (`ask` sets what it deals only once dealt)."""
        before, shown, chosen = self.options, self.question.value, self.choice.value
        self.options = dict(options)
        try:
            dealt = self.ask(self.seed)
        except ValueError:
            self.options = before
            raise
        self._show(*dealt)
        if chosen is not None and self.question.value == shown:
            self.choice.value = chosen  # marked again, not counted again

    def next_question(self) -> None:
        """The next seed, or the class's next question."""
        if self.class_code:
            self.number += 1
            self.load(class_seed(self.class_code, f"{self.game}-quiz", self.number))
        else:
            self.load(self.seed + 1)

    def _join_class(self, code: str, notices: list[str]) -> None:
        """Ask class ``code``'s questions from its first (nothing changes for the same class)."""
        if code != self.class_code:
            self.class_code, self.number = code, 0
            if code:
                self.next_question()
            self._tally()
        if notices:
            self.status.info(" ".join(notices))

    def answer(self, value: str) -> bool:
        """Mark ``value``, show the explanation, and count it if it is the first answer."""
        right, feedback = self.mark(value)
        if not self._answered:
            self.asked += 1
            self.right += right
            self._answered = True
            labels = {v: label for label, v in self.choice.options}
            self.results.add(
                Result(
                    "quiz",
                    self.game,
                    self.class_code,
                    self.seed,
                    question=plain(self.question.value),
                    answer=str(labels.get(value, value)),
                    right=bool(right),
                )
            )
        self.feedback.value = feedback
        self._tally()
        return right

    def _chosen(self, change: dict[str, Any]) -> None:
        if change["new"] is not None and not self._loading:
            self.answer(change["new"])

    def _tally(self) -> None:
        right, asked = self.right, self.asked
        if self.class_code:
            tally = msg(
                "Right first time: {right} of {asked} \u00b7 "
                "Class question {number} of code {code}",
                right=right,
                asked=asked,
                number=self.number,
                code=self.class_code,
            )
        else:
            tally = msg("Right first time: {right} of {asked}", right=right, asked=asked)
        self.tally.value = str(tally)
