"""The Pyramid Poker quiz: "which hand should this block go to?" on take-phase positions dealt
by the engine (the questions are `cardlab.apps.pyramid_poker.questions`)."""

from __future__ import annotations

from cardlab.apps.quiz import QuizModel
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing


class BlockQuiz(QuizModel):
    """ "Which hand should this block go to?" on positions dealt by the engine: the right answer
    raises the hand's worth most under the page's scoring (expected advanced points, or the
    chance of winning its comparison; each hand filled from the unseen blocks)."""

    size = (WIDTH, HEIGHT)
    picture_label = msg("The position: the pyramid of blocks and both players' three hands")

    def picture(self, theme: str) -> Drawing:
        q = self.question
        names = (str(msg("You ({player})", player=seat_name(q.seat))), str(seat_name(1 - q.seat)))
        return position_picture(q.view, q.seat, theme, str(msg("Quiz: which hand?")), names)
