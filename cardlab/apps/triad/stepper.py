"""A Triad hand of four bots (a curated deal), stepped through with every bet and exchange
narrated and each bot's reason."""

from __future__ import annotations

from cardlab.apps.bot_stepper import BotStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.poker.draw import stage_message
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing


def default_bots() -> dict[int, Bot]:
    """Four players of different temperaments: two careful, one bluffer, one calling station."""
    return {
        0: PokerBot(seed="step/0", bluff=0.02),
        1: PokerBot(seed="step/1", bluff=0.25, aggression=1.1),
        2: PokerBot(seed="step/2", bluff=0.0, aggression=1.6),
        3: CallBot(),
    }


class HandStepper(BotStepper):
    """A hand of four bots, one step at a time: every bet and exchange narrated, with the
    bot's one-sentence reason."""

    size = (WIDTH, HEIGHT)
    picture_label = msg("A Triad hand of four bots at this step: seats, chips, cards and pot")
    start_text = msg("The 52 cards are shuffled and the antes are in; press Forward or Play.")
    chance_text = msg("Chance: the seeded shuffle decided this card.")
    deal = "triad-pot-odds"
    bots = staticmethod(default_bots)
    opens_in = "bet1"

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        # Translators: the stepper's banner: "Through the teacher's eyes"
        banner = str(msg("Through {eyes}", eyes=self.eyes_words))
        view = self.view_of(self.state)
        return table_picture(view, you=self.viewer, banner=banner, theme=theme, portrait=portrait)

    def mirror_parts(self) -> tuple[list[str], str]:
        view = self.view_of(self.state)
        hands = []
        for s, hand in enumerate(view.hands):
            if hand and hand[0] is not None:
                shown = format_cards(hand)
            else:
                shown = str(msgn("{count} card, hidden", "{count} cards, hidden", len(hand)))
            line = msgn(
                "{player} ({count} chip): {cards}",
                "{player} ({count} chips): {cards}",
                view.stacks[s],
                player=seat_name(s),
                cards=shown,
            )
            hands.append(str(line))
        table = msg("pot {pot}; {stage}", pot=view.pot, stage=stage_message(view))
        return hands, str(table)
