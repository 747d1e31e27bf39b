"""A Triad hand of four bots (a curated deal), stepped through with every bet and exchange
narrated and each bot's reason."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import seat_name
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.poker.draw import stage_words
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture


def default_bots() -> dict[int, Bot]:
    """Four players of different temperaments: two careful, one bluffer, one calling station."""
    return {
        0: PokerBot(seed="step/0", bluff=0.02),
        1: PokerBot(seed="step/1", bluff=0.25, aggression=1.1),
        2: PokerBot(seed="step/2", bluff=0.0, aggression=1.6),
        3: CallBot(),
    }


class HandStepper(BotGameStepper):
    """A hand of four bots, one step at a time: every bet and exchange narrated, with the
    bot's one-sentence reason."""

    size = (WIDTH, HEIGHT)
    picture_label = "A Triad hand of four bots at this step: seats, chips, cards and pot"
    start_text = "The 52 cards are shuffled and the antes are in; press Forward or Play."
    chance_text = "Chance: the seeded shuffle decided this card."

    deal = "triad-pot-odds"
    bots = staticmethod(default_bots)
    opens_in = "bet1"

    def _show(self, step: int, state: Any, event: Any) -> None:
        view = self.view_of(state)
        banner = f"Through {self.eyes_words}"
        self.view.draw(table_picture(view, you=self.viewer, banner=banner, theme=self.picker.theme))
        self.show_why(step)
        hands = []
        for s, hand in enumerate(view.hands):
            face_up = hand and hand[0] is not None
            shown = format_cards(hand) if face_up else f"{len(hand)} cards, hidden"
            hands.append(f"{seat_name(s)} ({view.stacks[s]} chips): {shown}")
        self.show_mirror(step, state, hands=hands, table=f"pot {view.pot}; {stage_words(view)}")
