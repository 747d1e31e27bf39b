"""A Triad hand of four bots (a curated deal), stepped through with every bet and exchange
narrated and each bot's reason."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.poker.draw import stage_message
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

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("A Triad hand of four bots at this step: seats, chips, cards and pot"))

    @property
    def start_text(self) -> str:  # type: ignore[override]
        return str(msg("The 52 cards are shuffled and the antes are in; press Forward or Play."))

    @property
    def chance_text(self) -> str:  # type: ignore[override]
        return str(msg("Chance: the seeded shuffle decided this card."))

    deal = "triad-pot-odds"
    bots = staticmethod(default_bots)
    opens_in = "bet1"

    def _show(self, step: int, state: Any, event: Any) -> None:
        view = self.view_of(state)
        # Translators: the stepper's banner: "Through the teacher's eyes"
        banner = str(msg("Through {eyes}", eyes=self.eyes_words))
        self.canvas_view.draw(
            table_picture(view, you=self.viewer, banner=banner, theme=self.picker.theme)
        )
        self.show_why(step)
        hands = []
        for s, hand in enumerate(view.hands):
            face_up = hand and hand[0] is not None
            if face_up:
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
        table = str(msg("pot {pot}; {stage}", pot=view.pot, stage=stage_message(view)))
        self.show_mirror(step, state, hands=hands, table=table)
