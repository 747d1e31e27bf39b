"""The Triad quiz: "which hand wins?" on showdowns dealt by the engine under the page's rules,
with the reason (the questions are `cardlab.apps.triad.questions`)."""

from __future__ import annotations

from cardlab.apps.quiz import QuizModel
from cardlab.core.i18n import msg
from cardlab.pictures.triad import showdown_picture
from cardlab.render import Drawing


class WhichHandWins(QuizModel):
    """ "Which hand wins?" on showdowns dealt by the engine, with the reason."""

    picture_label = msg("The hands shown down, one row per player")

    def picture(self, theme: str) -> Drawing:
        return showdown_picture(self.question.hands, theme)
