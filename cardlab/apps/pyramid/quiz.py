"""The Pyramid quiz: "which hand wins?" on showdowns dealt by the engine, marked by its keys
(the questions are `cardlab.apps.pyramid.questions`)."""

from __future__ import annotations

from collections.abc import Sequence

from cardlab.apps.pyramid import said
from cardlab.apps.pyramid.questions import choices, feedback, prompt_html, quiz_deal
from cardlab.core.i18n import msg
from cardlab.pictures.pyramid import WIDTH, dealt_hands_picture, showdown_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class ShowdownQuiz(Quiz):
    """ "Which hand wins?" on showdowns dealt by the engine; the answer shows the pyramids."""

    picture_label = said(msg("Each player's six cards as dealt"))

    def __init__(self, picker: ThemePicker, seed: int = 1, players: int = 3) -> None:
        self.players = players
        self.revealed = False
        super().__init__(picker, seed, size=(WIDTH, 300))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.replay = quiz_deal(seed, self.players)
        self.result = self.replay.state.results[-1]
        self.revealed = False
        return prompt_html(self.replay), choices(self.replay)

    def picture(self) -> Drawing:
        if self.revealed:
            return showdown_picture(self.result, self.theme)
        return dealt_hands_picture(self.replay.state.hands, self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        right, head, body = feedback(self.replay, value)
        self.revealed = True
        self.redraw()
        self.canvas_view.describe(
            str(msg("Each player's best pyramid, strongest first in the answer below"))
        )
        return right, f"<div>{head} {body}</div>"
