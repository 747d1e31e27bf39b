"""A deal of three AI stepped through (a curated deal): the narration, why each AI chose its
play, and what the chosen seat can count."""

from __future__ import annotations

import html

from cardlab.apps.bot_stepper import BotStepper, first_step
from cardlab.apps.doudizhu.table import ai_bot
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.whatif import Reasons
from cardlab.games.doudizhu import GAME, observe
from cardlab.games.doudizhu.game import DouDizhuState
from cardlab.games.doudizhu.odds import counting_odds
from cardlab.pictures.doudizhu import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing

DEAL = "doudizhu-bid-and-play"
"""The curated deal the lesson's auction and stepper show (`cardlab.lessons.deals`)."""


def default_bots() -> dict[int, Bot]:
    """The AI in every seat."""
    return {s: ai_bot(s) for s in range(3)}


class DealStepper(BotStepper):
    """A deal of three AI (a curated deal), step by step: the table, the narration, why the AI
    chose each play, and what the chosen seat (for the teacher, the seat to act) can count about
    the others' hands."""

    size = (WIDTH, HEIGHT)
    picture_label = msg("A Dou Dizhu deal of three AI at this step: hands, bottom cards, table")
    mirror_label = msg("The AI table in words")
    bot_label = msg(" (AI)")
    deal = DEAL
    bots = staticmethod(default_bots)

    @classmethod
    def open_at(cls, replay: Replay[DouDizhuState], reasons: Reasons) -> int:
        """The first bid: the 54 deal steps and the draw of the first bidder are chance."""
        return min(first_step(replay, "bid") + 1, len(replay))

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        banner = str(msg("Step {step}: {eyes}", step=self.step, eyes=self.eyes_words))
        view = self.view_of(self.state)
        return table_picture(view, you=None, banner=banner, theme=theme, portrait=portrait)

    def mirror_parts(self) -> tuple[list[str], str]:
        state = self.state
        view = self.view_of(state)
        hands = [
            str(
                msg(
                    "{player}: {cards}",
                    player=seat_name(s),
                    cards=" ".join(str(c) for c in h if c is not None)
                    or msgn("{count} card face down", "{count} cards face down", len(h)),
                )
            )
            for s, h in enumerate(view.hands)
        ]
        if state.table is not None:
            table = msg("bid {bid}; to beat: {play}", bid=state.bid, play=state.table.name)
        else:
            table = msg("bid {bid}; table clear", bid=state.bid)
        return hands, str(table)

    def notes(self) -> str:
        """What the chosen seat (for the teacher: the seat to act) can count of the others."""
        state = self.state
        seat = self.viewer if self.viewer is not None else GAME.current_player(state)
        if state.phase != "play" or seat < 0:
            return ""
        c = counting_odds(observe(state, seat), seed=self.step)
        body = "".join(f"<li>{html.escape(str(line))}</li>" for line in c.lines())
        head = msg(
            "<b>What {player} can count</b> (only their own hand, the bottom cards and every card "
            "played):",
            player=seat_name(seat),
        )
        return f"<div class='cardlab-counting'>{head}<ul>{body}</ul></div>"
