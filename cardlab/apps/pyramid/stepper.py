"""A Pyramid hand of three AI players (a curated deal), stepped through: every bet and exchange
narrated with the AI's reason, and the showdown drawn as pyramids under the table."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.apps.pyramid import said
from cardlab.core.bots import Bot
from cardlab.core.cards import PYRAMID
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
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
    mirror_label = said(msg("The table in words"))

    picture_label = said(msg("A Pyramid hand of bots at this step: seats, chips, cards and pot"))
    start_text = said(msg("The 55 cards are shuffled; press Forward or Play."))
    # Translators: after a seat's name, e.g. "Player 2 (AI)"
    bot_label = said(msg(" (AI)"))

    deal = "pyramid-exchange-showdown"
    bots = staticmethod(default_bots)
    bots_per_players = True

    def open_at(self, replay: Replay, reasons: Reasons) -> int:
        """The first bot's move (a bet), so there is something to read."""
        return min(reasons, default=0)

    def _show(self, step: int, state: Any, event: Any) -> None:
        view = self.view_of(state)
        banner = str(msg("Through {eyes}", eyes=self.eyes_words))
        self.canvas_view.draw(
            table_picture(view, you=self.viewer, banner=banner, theme=self.theme, showdown=True)
        )
        self.show_why(step)
        hands = []
        for s, hand in enumerate(view.hands):
            if None in hand:
                said_hand = msgn(
                    "{player}: {count} card, hidden",
                    "{player}: {count} cards, hidden",
                    len(hand),
                    player=seat_name(s),
                )
            elif len(hand) == 6:
                said_hand = msg(
                    "{player}: {cards} ({hand})",
                    player=seat_name(s),
                    cards=PYRAMID.format(hand),
                    hand=evaluate(hand).description,
                )
            else:
                said_hand = msg(
                    "{player}: {cards}", player=seat_name(s), cards=PYRAMID.format(hand)
                )
            hands.append(str(said_hand))
        table = str(
            msgn(
                "pot {pot}; stock {count} card",
                "pot {pot}; stock {count} cards",
                view.stock_size,
                pot=view.pot,
            )
        )
        self.show_mirror(step, state, hands=hands, table=table)
