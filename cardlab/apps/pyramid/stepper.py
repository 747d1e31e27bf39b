"""A Pyramid hand of three AI players (a curated deal), stepped through: every bet and exchange
narrated with the AI's reason, and the showdown drawn as pyramids under the table."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import PYRAMID
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.core.whatif import Reasons
from cardlab.games.poker.bots import PokerBot
from cardlab.games.pyramid import GAME, evaluate
from cardlab.pictures.pyramid import TABLE_SIZE, table_picture


def default_bots(players: int = 3) -> dict[int, Bot]:
    """AI players like the table's: equity bettors with the exact exchange, bluffing a little."""
    return {
        s: PokerBot(seed=f"lesson/{s}", goal="improve", trials=150, bluff=0.05, game=GAME)
        for s in range(players)
    }


class HandStepper(BotGameStepper):
    """A hand of three AI (a curated deal), one step at a time: every bet and exchange narrated
    with the AI's reason, the table through the chosen eyes, and the showdown as pyramids."""

    size = TABLE_SIZE
    mirror_label = "The table in words"

    picture_label = "A Pyramid hand of bots at this step: seats, chips, cards and pot"
    start_text = "The 55 cards are shuffled; press Forward or Play."
    bot_label = " (AI)"

    deal = "pyramid-exchange-showdown"
    bots = staticmethod(default_bots)
    bots_per_players = True

    def open_at(self, replay: Replay, reasons: Reasons) -> int:
        """The first bot's move (a bet), so there is something to read."""
        return min(reasons, default=0)

    def _show(self, step: int, state: Any, event: Any) -> None:
        view = self.view_of(state)
        banner = f"Through {self.eyes_words}"
        self.view.draw(
            table_picture(view, you=self.viewer, banner=banner, theme=self.theme, showdown=True)
        )
        self.show_why(step)
        hands = []
        for s, hand in enumerate(view.hands):
            if None in hand:
                hands.append(f"{seat_name(s)}: {len(hand)} cards, hidden")
            else:
                best = f" ({evaluate(hand).description})" if len(hand) == 6 else ""
                hands.append(f"{seat_name(s)}: {PYRAMID.format(hand)}{best}")
        table = f"pot {view.pot}; stock {view.stock_size} cards"
        self.show_mirror(step, state, hands=hands, table=table)
