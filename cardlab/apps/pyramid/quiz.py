"""The Pyramid quiz: "which hand wins?" on showdowns dealt by the engine, marked by its keys
(the questions are `cardlab.apps.pyramid.questions`)."""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.apps.pyramid.questions import quiz_deal
from cardlab.apps.quiz import QuizModel
from cardlab.core.i18n import msg
from cardlab.core.replay import Replay
from cardlab.games.poker.draw import DrawPokerState
from cardlab.pictures.pyramid import WIDTH, dealt_hands_picture, showdown_picture
from cardlab.render import Drawing


@dataclass(frozen=True, kw_only=True)
class ShowdownQuiz(QuizModel):
    """ "Which hand wins?" on showdowns dealt by the engine; the answer shows the pyramids."""

    players: int = 3
    size = (WIDTH, 300)
    picture_label = msg("Each player's six cards as dealt")
    answer_label = msg("Each player's best pyramid, strongest first in the answer below")

    def deal(self) -> Replay[DrawPokerState]:
        return quiz_deal(self.seed, self.players)

    def picture(self, theme: str) -> Drawing:
        if self.revealed:
            return showdown_picture(self.question.state.results[-1], theme)
        return dealt_hands_picture(self.question.state.hands, theme)
