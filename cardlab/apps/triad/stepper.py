"""A seeded Triad hand of four bots, stepped through with every bet and exchange narrated."""

from __future__ import annotations

from typing import Any

from cardlab.apps.common import BotGameStepper
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.triad import GAME
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture
from cardlab.widgets.theme import ThemePicker


def default_bots() -> dict[int, Bot]:
    """Four players of different temperaments: two careful, one bluffer, one calling station."""
    return {
        0: PokerBot(seed="step/0", bluff=0.02),
        1: PokerBot(seed="step/1", bluff=0.25, aggression=1.1),
        2: PokerBot(seed="step/2", bluff=0.0, aggression=1.6),
        3: CallBot(),
    }


def bot_hand(
    seed: int = 6, bots: dict[int, Bot] | None = None, **options: Any
) -> tuple[Replay, dict[int, tuple[int, str]]]:
    """One seeded hand of four bots, to the showdown; ``{step: (seat, reason)}`` for each
    decision."""
    bots = bots if bots is not None else default_bots()
    reasons: dict[int, tuple[int, str]] = {}
    opts = {"players": len(bots), "hands": 1, **options}
    replay = Replay.start(GAME, seed, **opts).play_out(bots, reasons=reasons)
    return replay, reasons


class HandStepper(BotGameStepper):
    """A seeded hand of four bots, one step at a time: every bet and exchange narrated, with the
    bot's one-sentence reason."""

    start_text = "The 52 cards are shuffled and the antes are in; press Forward or Play."
    chance_text = "Chance: the seeded shuffle decided this card."

    def __init__(self, picker: ThemePicker, seed: int = 6) -> None:
        replay, reasons = bot_hand(seed)
        first = next((i for i in range(len(replay) + 1) if replay.state_at(i).phase == "bet1"), 0)
        super().__init__(
            picker,
            replay,
            reasons,
            size=(WIDTH, HEIGHT),
            mirror_label="The bots' table in words",
            open_at=first,
        )

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
        self.show_mirror(step, state, hands=hands, table=f"pot {view.pot}, {view.phase}")
