"""The Pyramid quiz: "which hand wins?" on showdowns dealt by the engine, marked by its keys."""

from __future__ import annotations

import html
import random
from collections.abc import Sequence

from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot
from cardlab.games.pyramid import GAME, evaluate
from cardlab.pictures.pyramid import WIDTH, dealt_hands_picture, showdown_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


def quiz_deal(seed: int, players: int = 3) -> Replay:
    """A showdown dealt by the engine: ``players`` hands, no betting, everyone stands pat.

    Deals where the best two hands are of the same type are preferred (they make the learner
    read the key past the first number), but about one question in four takes any deal.
    """
    rng = random.Random(f"quiz:{seed}")
    for k in range(40):
        replay = Replay.start(
            GAME, seed * 100 + k, players=players, betting=False, hands=1
        ).play_out({s: CallBot() for s in range(players)})
        keys = sorted((evaluate(h).key for h in replay.state.hands), reverse=True)
        if keys[0][0] == keys[1][0] or rng.random() < 0.25:
            return replay
    return replay


class ShowdownQuiz(Quiz):
    """ "Which hand wins?" on showdowns dealt by the engine; the answer shows the pyramids."""

    def __init__(self, picker: ThemePicker, seed: int = 1, players: int = 3) -> None:
        self.players = players
        self.revealed = False
        super().__init__(picker, seed, size=(WIDTH, 300))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.replay = quiz_deal(seed, self.players)
        self.result = self.replay.state.results[-1]
        self.revealed = False
        prompt = (
            "<p>Each player shows six cards. <b>Which hand wins?</b> Find each player's best "
            "pyramid first (the Keystone <code>K</code> is wild).</p>"
        )
        options = [(seat_name(s), str(s)) for s in range(self.players)]
        return prompt, [*options, ("They tie", "tie")]

    def picture(self) -> Drawing:
        if self.revealed:
            return showdown_picture(self.result, self.theme)
        return dealt_hands_picture(self.replay.state.hands, self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        winners = self.result.winners
        right = (value == "tie") == (len(winners) > 1) and (value == "tie" or int(value) in winners)
        self.revealed = True
        self.redraw()
        if len(winners) > 1:
            answer = f"{' and '.join(seat_name(s) for s in winners)} tie"
        else:
            answer = f"{seat_name(winners[0])} wins"
        values = sorted(
            ((evaluate(h), s) for s, h in enumerate(self.replay.state.hands)),
            key=lambda vs: vs[0].key,
            reverse=True,
        )
        items = "".join(
            f"<li>{seat_name(s)}: {html.escape(v.description)} <code>key {v.key}</code></li>"
            for v, s in values
        )
        verdict = "<b>✔ Right!</b>" if right else "<b>✘ Not this time.</b>"
        return right, (
            f"<div>{verdict} {answer}. Best first:<ul>{items}</ul>"
            "<small>Keys compare left to right: type, perfect, apex, colour, then the unused "
            "cards.</small></div>"
        )
