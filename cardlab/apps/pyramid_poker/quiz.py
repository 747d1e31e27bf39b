"""The Pyramid Poker quiz: "which hand should this block go to?" on take-phase positions dealt
by the engine (the questions are `cardlab.apps.pyramid_poker.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.pyramid_poker.questions import choices, feedback, prompt_html, question
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class BlockQuiz(Quiz):
    """ "Which hand should this block go to?" on positions dealt by the engine: the right answer
    raises the hand's worth most under the page's scoring (expected advanced points, or the
    chance of winning its comparison; each hand filled from the unseen blocks)."""

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("The position: the pyramid of blocks and both players' three hands"))

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        super().__init__(picker, seed, size=(WIDTH, HEIGHT))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.q = question(seed, self.options)
        return prompt_html(self.q), choices(self.q)

    def picture(self) -> Drawing:
        seat = self.q.seat
        names = (str(msg("You ({player})", player=seat_name(seat))), str(seat_name(1 - seat)))
        banner = str(msg("Quiz: which hand?"))
        return position_picture(self.q.view, seat, self.theme, banner, names)

    def mark(self, value: str) -> tuple[bool, str]:
        right, head, body = feedback(self.q, value)
        return right, f"<p>{head} {body}"
