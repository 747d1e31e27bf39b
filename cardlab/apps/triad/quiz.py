"""The Triad quiz: "which hand wins?" on showdowns dealt by the engine under the page's rules,
with the reason (the questions are `cardlab.apps.triad.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.triad.questions import (
    choices,
    feedback,
    prompt_html,
    question,
)
from cardlab.core.i18n import msg
from cardlab.pictures.triad import showdown_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class WhichHandWins(Quiz):
    """ "Which hand wins?" on showdowns dealt by the engine, with the reason."""

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("The hands shown down, one row per player"))

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        super().__init__(picker, seed)

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.q = question(seed, self.options)
        return prompt_html(self.q), choices(self.q)

    def picture(self) -> Drawing:
        return showdown_picture(self.q.hands, self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        right, head, body = feedback(self.q, value)
        return right, f"<div>{head} {body}</div>"
