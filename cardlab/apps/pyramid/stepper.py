"""A Pyramid hand of three AI players (a curated deal), stepped through: every bet and exchange
narrated with the AI's reason, and the showdown drawn as pyramids on the table."""

from __future__ import annotations

from cardlab.apps.bot_stepper import BotStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import PYRAMID
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.whatif import Reasons
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import DrawPokerState
from cardlab.games.pyramid import GAME, evaluate
from cardlab.pictures.pyramid import TABLE_SIZE, table_picture
from cardlab.render import Drawing


def default_bots(players: int = 3) -> dict[int, Bot]:
    """AI players like the table's: equity bettors with the exact exchange, bluffing a little."""
    return {
        s: PokerBot(seed=f"lesson/{s}", goal="improve", trials=150, bluff=0.05, game=GAME)
        for s in range(players)
    }


class HandStepper(BotStepper):
    """A hand of three AI (a curated deal), one step at a time: every bet and exchange narrated
    with the AI's reason, the table through the chosen eyes, and the showdown as pyramids."""

    size = TABLE_SIZE
    mirror_label = msg("The table in words")
    picture_label = msg("A Pyramid hand of bots at this step: seats, chips, cards and pot")
    start_text = msg("The 55 cards are shuffled; press Forward or Play.")
    # Translators: after a seat's name, e.g. "Player 2 (AI)"
    bot_label = msg(" (AI)")
    deal = "pyramid-exchange-showdown"
    bots = staticmethod(default_bots)
    bots_per_players = True

    @classmethod
    def open_at(cls, replay: Replay[DrawPokerState], reasons: Reasons) -> int:
        """The first bot's move (a bet), so there is something to read."""
        return min(reasons, default=0)

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        view = self.view_of(self.state)
        banner = str(msg("Through {eyes}", eyes=self.eyes_words))
        return table_picture(
            view, you=self.viewer, banner=banner, theme=theme, showdown=True, portrait=portrait
        )

    def mirror_parts(self) -> tuple[list[str], str]:
        view = self.view_of(self.state)
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
        table = msgn(
            "pot {pot}; stock {count} card",
            "pot {pot}; stock {count} cards",
            view.stock_size,
            pot=view.pot,
        )
        return hands, str(table)
