"""The Triad table: the learner (Player 1, at the bottom) against 1-3 AI players, with chips.

The learner bets with the buttons (only the legal ones are enabled), and in the draw selects the
cards to throw away and presses *Discard selected*, or *Stand pat*.  *Hint* asks the AI what it
would do in the learner's place (in the draw: the exact exchange advisor, which selects its
discard).  During a hand the log shows only what the learner's seat saw; once the hand is over
every AI reason is shown, without the cards of a hand that was not shown down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from cardlab.apps.hand_by_hand import HandByHandTable
from cardlab.apps.model import (
    LEARNER,
    Control,
    Mirror,
    ScoreRow,
    TableModel,
    first_lines,
    player,
)
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import legal_moves_in_words, seat_name
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.triad import GAME
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture

PLAY_SEED = 2
BET_ACTIONS = ("fold", "check", "call", "bet", "raise")


def ai_bots(opponents: int, seed: int = 0) -> dict[int, Bot]:
    """``opponents`` AI players: equity bettors who bluff a little, each a bit different."""
    styles = [(0.05, 1.3), (0.1, 1.1), (0.03, 1.5)]
    return {
        s + 1: PokerBot(seed=f"table/{seed}/{s + 1}", bluff=b, aggression=a)
        for s, (b, a) in enumerate(styles[:opponents])
    }


class TriadTable(HandByHandTable):
    """The learner against 1-3 AI: bets, the draw, a hint, the log and a chip score sheet."""

    size = (WIDTH, HEIGHT)
    draw_table = staticmethod(table_picture)
    picture_options: ClassVar[Mapping[str, Any]] = {"names": {LEARNER: "You"}}
    log_title = "This hand"
    score_title = "Chips, hand by hand"

    game_name = "triad"
    play_seed = PLAY_SEED

    @classmethod
    def ai(cls, opponents: int, seed: int) -> dict[int, Bot]:
        return ai_bots(opponents, seed)

    # -- where the game is ---------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``bet`` / ``draw`` (the learner acts), ``between`` hands, or ``over``."""
        return self.hand_over or ("draw" if self.state.phase == "draw" else "bet")

    # -- controls ----------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        mine, stage = self.my_turn, self.stage
        legal = set(self.game.legal_actions(self.state)) if mine else set()
        betting = self.state.betting
        owed = betting.owed(LEARNER) if betting is not None and "call" in legal else None
        not_now = "" if mine else self.waiting()
        bet_why = not_now or (
            "It is the draw: discard up to 3 cards, or stand pat."
            if stage == "draw"
            else "That bet is not possible now: the enabled buttons are."
        )
        draw_why = not_now or "It is a betting round: the draw comes after it."
        drawing = mine and stage == "draw"
        return (
            *(
                Control(a, a.capitalize(), a in legal, row=1, why_not=bet_why)
                for a in BET_ACTIONS
                if a != "call"
            ),
            Control(
                "call",
                "Call" if owed is None else f"Call {owed}",
                "call" in legal,
                row=1,
                why_not=bet_why,
            ),
            Control("hint", "Hint", mine, row=2, why_not=not_now),
            Control(
                "discard", "Discard selected", drawing, row=2, style="success", why_not=draw_why
            ),
            Control("stand-pat", "Stand pat", drawing, row=2, why_not=draw_why),
            *self.game_controls(row=3, playing="Play this hand to its end first."),
        )

    def _act(self, key: str, value: Any) -> TableModel:
        if key in BET_ACTIONS:
            return self.move(key)
        if key == "discard":
            cards = self.selected_cards
            if not cards:
                raise ValueError("Select the cards to throw away first (click them), or Stand pat.")
            said = f"You discard {len(cards)} and draw {len(cards)}."
            return self.move("discard " + format_cards(cards), said)
        if key == "stand-pat":
            return self.move("stand pat", "You stand pat.")
        if key == "hint":
            return self.hinted()
        if key == "next-hand":
            replay = self.replay.append("next hand")
            said = f"Hand {replay.state.hand_no}: the button moved one seat left."
            return self.advance(replay, said, begin=len(self.replay), fresh=True)
        return self.restart(key, value)

    def hint_bot(self) -> Bot:
        return PokerBot(seed=f"hint/{self.seed}")

    # -- what the learner sees ---------------------------------------------------------------------
    def banner(self) -> str:
        stage = self.stage
        where = f"Hand {self.state.hand_no} of {self.state.option('hands')}"
        if stage == "over":
            return f"Game over: you finish {GAME.returns(self.state)[LEARNER]:+g} chips"
        if stage == "between":
            return f"{where}: over"
        if not self.my_turn:
            return where
        return f"{where}: your draw (up to 3 cards)" if stage == "draw" else f"{where}: your bet"

    def log_lines(self) -> list[str]:
        view = self.observation
        dealer = "You have" if view.button == LEARNER else f"{seat_name(view.button)} has"
        intro = f"Hand {view.hand_no} of {view.hands_total}: {dealer} the button (D)."
        hand_over = self.stage in ("between", "over")
        lines = [intro, *(self.entry_text(e, shown=False) for e in self.log)]
        reasons = self.reasons_shown()  # only once the hand is over: they rest on the AI's cards
        if reasons and hand_over:
            lines += ["Why the AI played as they did:", *reasons]
        return lines

    def log_footer(self) -> list[str]:
        stage = self.stage
        if stage in ("between", "over"):
            return self.again_footer()
        if self.my_turn and stage == "draw":
            return ["Your draw: click up to 3 cards to throw away, then Discard selected."]
        if self.my_turn:
            return ["Your bet: choose one of the enabled buttons (Hint asks the AI)."]
        return []

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for s, cards in enumerate(view.hands):
            shown = format_cards(cards) if cards and cards[0] is not None else "hidden"
            hands.append(f"{player(s).capitalize()} ({view.stacks[s]} chips): {shown}")
        table = (f"pot {view.pot}", f"button: {player(view.button)}", self.banner())
        if self.my_turn:
            legal = first_lines(legal_moves_in_words(GAME, self.state), 10)
        else:
            after = {"between": "Next hand", "over": "New game"}
            legal = [after.get(self.stage, "none: it is not your turn")]
        entries = [self.entry_text(e, shown=False) for e in self.log]
        last = next((line for line in reversed(entries) if line), "")
        return Mirror(tuple(hands), table, last, tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return ("You (P1)", *(f"P{s + 1}" for s in range(1, 1 + len(self.bots))))

    def score_row(self, replay: Replay) -> ScoreRow | None:
        result = self.ended(replay)
        if result is None:
            return None
        net = tuple(int(x) for x in result.net)
        shown = "; ".join(f"{seat_name(s)} {words}" for s, _, words in result.shown)
        winners = ", ".join(player(s) for s in result.winners)
        note = f"won by {winners}" + (f" ({shown})" if shown else " without a showdown")
        return ScoreRow(f"Hand {result.hand_no}", net, note)
