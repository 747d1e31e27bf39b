"""The Triangle quiz: "which statement is worth most here?" on positions dealt by the engine,
with the counting argument for the answer (the questions are `cardlab.apps.triangle.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.triangle.questions import choices, feedback, prompt_html, quiz_position
from cardlab.core.i18n import msg
from cardlab.pictures.triangle import HEIGHT, WIDTH, live_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class StatementQuiz(Quiz):
    """ "Which statement is worth most here?" on positions dealt by the engine, with feedback."""

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(
            msg("The table: the two cards you see, your own card hidden, the Right to Speak")
        )

    def __init__(self, picker: ThemePicker, seed: int = 3) -> None:
        super().__init__(picker, seed, size=(WIDTH, HEIGHT))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.q = quiz_position(seed)
        return prompt_html(self.q), choices(self.q)

    def picture(self) -> Drawing:
        banner = str(msg("Quiz: what should you say?"))
        seat = self.q.seat
        return live_picture(self.q.view, you=seat, active=seat, banner=banner, theme=self.theme)

    def mark(self, code: str) -> tuple[bool, str]:
        """Right when ``code`` (e.g. ``S4``) is a best statement; the feedback explains."""
        right, head, body = feedback(self.q, code)
        return right, f"<div>{head}{body}</div>"
