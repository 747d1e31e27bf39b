"""The Three Thirteen quiz: "what is the deadwood of this hand?" on hands dealt at random, with
the solver's answer under the page's meld rules, its arrangement drawn and why it is best (the
questions are `cardlab.apps.three_thirteen.questions`)."""

from __future__ import annotations

from cardlab.apps.quiz import QuizModel
from cardlab.core.i18n import msg
from cardlab.pictures.three_thirteen import arrangement_picture, hand_picture, rank_message
from cardlab.render import Drawing


class DeadwoodQuiz(QuizModel):
    """ "What is the deadwood of this hand?" on hands dealt at random, with the solver's answer."""

    picture_label = msg("The hand of the question")
    answer_label = msg("The hand in its best melds and deadwood (the answer below says why)")

    def picture(self, theme: str) -> Drawing:
        q = self.question
        if self.revealed:
            title = str(msg("Best deadwood {points}", points=q.answer))
            return arrangement_picture(
                q.arrangement, q.wild, title=title, value=q.value, theme=theme, target=None
            )
        title = str(
            msg(
                "Round {round} \u00b7 {wild} wild",
                round=q.round_no,
                wild=rank_message(q.wild, True),
            )
        )
        return hand_picture(q.hand, q.wild, title=title, theme=theme)
