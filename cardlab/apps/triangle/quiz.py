"""The Triangle quiz: "which statement is worth most here?" on positions dealt by the engine,
with the counting argument for the answer (the questions are `cardlab.apps.triangle.questions`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.apps.quiz import QuizModel
from cardlab.apps.triangle.questions import (
    QuizQuestion,
    quiz_position,
)
from cardlab.core.i18n import msg
from cardlab.pictures.triangle import HEIGHT, WIDTH, live_picture
from cardlab.render import Drawing


@dataclass(frozen=True, kw_only=True)
class StatementQuiz(QuizModel):
    """ "Which statement is worth most here?" on positions dealt by the engine, with feedback."""

    seed: int = 3
    size = (WIDTH, HEIGHT)
    picture_label = msg(
        "The table: the two cards you see, your own card hidden, the Right to Speak"
    )

    def deal(self) -> QuizQuestion:
        return quiz_position(self.seed)

    def picture(self, theme: str) -> Drawing:
        q, banner = self.question, str(msg("Quiz: what should you say?"))
        return live_picture(q.view, you=q.seat, active=q.seat, banner=banner, theme=theme)
