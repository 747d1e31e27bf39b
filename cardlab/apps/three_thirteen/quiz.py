"""The Three Thirteen quiz: "what is the deadwood of this hand?" on hands dealt at random, with
the solver's answer under the page's meld rules, its arrangement drawn and why it is best (the
questions are `cardlab.apps.three_thirteen.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.three_thirteen.questions import (
    choices,
    feedback,
    prompt_html,
    question,
)
from cardlab.core.i18n import msg
from cardlab.pictures.three_thirteen import arrangement_picture, hand_picture, rank_message
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class DeadwoodQuiz(Quiz):
    """ "What is the deadwood of this hand?" on hands dealt at random, with the solver's answer."""

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("The hand of the question"))

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        self.revealed = False
        super().__init__(picker, seed, size=(10, 10))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.q = question(seed, self.options)
        self.revealed = False
        return prompt_html(self.q), choices(self.q)

    def picture(self) -> Drawing:
        q = self.q
        if self.revealed:
            title = str(msg("Best deadwood {points}", points=q.answer))
            return arrangement_picture(
                q.arrangement, q.wild, title=title, value=q.value, theme=self.theme, target=None
            )
        title = str(
            msg(
                "Round {round} \u00b7 {wild} wild",
                round=q.round_no,
                wild=rank_message(q.wild, True),
            )
        )
        return hand_picture(q.hand, q.wild, title=title, theme=self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        right, head, body = feedback(self.q, value)
        self.revealed = True
        self.redraw()
        self.canvas_view.describe(
            str(msg("The hand in its best melds and deadwood (the answer below says why)"))
        )
        return right, f"<div>{head}{body}</div>"
