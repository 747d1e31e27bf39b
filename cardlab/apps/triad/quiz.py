"""The Triad quiz: "which hand wins?" on showdowns dealt by the engine under the page's rules,
with the reason (the questions are `cardlab.apps.triad.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.quiz import QuizModel
from cardlab.apps.triad.questions import Showdown, choices, feedback, prompt_html, question
from cardlab.core.i18n import msg
from cardlab.pictures.triad import showdown_picture
from cardlab.render import Drawing


class WhichHandWins(QuizModel):
    """ "Which hand wins?" on showdowns dealt by the engine, with the reason."""

    picture_label = msg("The hands shown down, one row per player")

    def deal(self) -> Showdown:
        return question(self.seed, self.options)

    def prompt(self) -> str:
        return prompt_html(self.question)

    def choices(self) -> Sequence[tuple[str, str]]:
        return choices(self.question)

    def feedback(self, value: str) -> tuple[bool, object, object]:
        return feedback(self.question, value)

    def picture(self, theme: str) -> Drawing:
        return showdown_picture(self.question.hands, theme)
