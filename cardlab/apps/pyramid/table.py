"""The Pyramid table: the learner (Player 1, at the bottom) against 1-3 AI, with chips.

Everything comes from the engine (`cardlab.games.pyramid`, the shared draw-poker game) and the
AI's `PokerBot` decisions with their reasons.  The learner bets with the buttons, clicks cards
(or the card buttons) to choose a discard in the exchange, and reads the showdown as pyramids of
hexagons under the table.  A finished hand stays on the table until *Next hand*; the score sheet
keeps every hand's chips.  *Show my odds* puts the exact odds of the learner's hand (and in the
exchange, of every discard) under the log.  The AI's reasons rest on their cards, so the log
shows them only once the hand is over, and then without the cards of a hand not shown down.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.apps.hand_by_hand import HandByHandTable
from cardlab.apps.model import (
    LEARNER,
    Control,
    Mirror,
    ScoreRow,
    TableModel,
    named,
)
from cardlab.core.bots import Bot
from cardlab.core.replay import Replay
from cardlab.games.poker.betting import ACTIONS as BET_ACTIONS
from cardlab.games.poker.bots import PokerBot
from cardlab.games.pyramid import GAME, evaluate
from cardlab.games.pyramid.odds import advice_table_html, key_percentile, pct
from cardlab.pictures.pyramid import TABLE_SIZE, stage_words, table_picture

PLAY_SEED = 2


def ai_bot(seed: str) -> PokerBot:
    """The table's AI: bets from equity, exchanges by the exact odds, bluffs a little."""
    return PokerBot(seed=seed, goal="improve", trials=150, bluff=0.05, game=GAME)


def default_bots(players: int, seed: int = 0) -> dict[int, Bot]:
    """One AI for every seat but the learner's."""
    return {s: ai_bot(f"{seed}/{s}") for s in range(1, players)}


@dataclass(frozen=True, kw_only=True)
class PyramidTable(HandByHandTable):
    """The learner against 1-3 AI: bets, the exchange, the showdown as pyramids, the log, a chip
    score sheet and (ticked) the exact odds of the learner's hand."""

    show_odds: bool = False
    """"Show my odds (a hint)": the hand's exact odds, and every discard's in the exchange."""

    size = TABLE_SIZE
    draw_table = staticmethod(table_picture)
    picture_options: ClassVar[Mapping[str, Any]] = {"showdown": True}
    log_title = "This hand"
    score_title = "Score sheet (chips won or lost)"

    game_name = "pyramid"
    play_seed = PLAY_SEED
    hands_per_game = 5
    carried = ("show_odds",)

    @classmethod
    def ai(cls, opponents: int, seed: int) -> dict[int, Bot]:
        return default_bots(opponents + 1, seed)

    # -- where the game is ---------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``bet`` or ``exchange`` (the learner acts), ``between`` hands, ``over``, or ``wait``."""
        if self.hand_over:
            return self.hand_over
        if not self.my_turn:
            return "wait"
        return "exchange" if self.state.phase == "draw" else "bet"

    def refusal(self) -> str:
        """Why a move the stage does not allow is refused."""
        return {
            "bet": "It is a betting round: fold, check, call, bet or raise.",
            "exchange": "It is the exchange: discard the selected cards or stand pat.",
        }.get(self.stage) or self.waiting()

    # -- controls ----------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        stage = self.stage
        legal = set(GAME.legal_actions(self.state)) if stage == "bet" else set()
        view = self.observation
        amounts = {"call": view.owed, "bet": view.bet_size, "raise": view.bet_size}
        styles = {"call": "primary", "bet": "warning", "raise": "warning"}
        exchange = stage == "exchange"
        return (
            *(
                Control(
                    a,
                    a.capitalize() + (f" {amounts[a]}" if a in amounts and a in legal else ""),
                    a in legal,
                    row=1,
                    style=styles.get(a, ""),
                    why_not=self._bet_why_not(a),
                )
                for a in BET_ACTIONS
            ),
            Control(
                "discard",
                "Discard selected",
                exchange,
                row=2,
                style="success",
                why_not=self.refusal(),
            ),
            Control("stand-pat", "Stand pat", exchange, row=2, why_not=self.refusal()),
            *self.game_controls(row=3, playing=self.refusal()),
            Control("hint", "Show my odds (a hint)", row=4, kind="toggle", value=self.show_odds),
        )

    def _bet_why_not(self, action: str) -> str:
        if self.stage != "bet":
            return self.refusal()
        reason = GAME.why_illegal(self.state, action)
        return f"{reason[0].upper()}{reason[1:]}." if reason else ""

    def _act(self, key: str, value: Any) -> TableModel:
        if key in BET_ACTIONS:
            replay = self.replay.append(key)
            amount = replay.state.log[-1][1] if replay.state.log else key
            return self.advance(replay, f"You {amount}.", begin=len(self.replay))
        if key == "discard":
            return self._discard()
        if key == "stand-pat":
            return self.move("stand pat", "You stand pat.")
        if key == "next-hand":
            replay = self.replay.advance_chance()  # "next hand": the button moves, a new deal
            said = f"Hand {replay.state.hand_no}: the cards are dealt."
            return self.advance(replay, said, begin=len(self.replay), fresh=True)
        if key == "hint":
            return dataclasses.replace(self, show_odds=bool(value))
        return self.restart(key, value)

    def _discard(self) -> TableModel:
        cards = self.selected_cards
        limit = self.state.option("max_draw")
        if not cards:
            raise ValueError("Select the cards to discard first (click them), or Stand pat.")
        if len(cards) > limit:
            raise ValueError(f"You may discard at most {limit} cards: unselect one.")
        k = len(cards)
        said = f"You discard {k} card{'s' if k != 1 else ''} and draw {k}."
        return self.move("discard " + " ".join(c.code for c in cards), said)

    def hint_bot(self) -> Bot:
        return ai_bot(f"hint/{self.seed}")

    # -- what the learner sees ---------------------------------------------------------------------
    def banner(self) -> str:
        stage = self.stage
        if stage == "bet":
            owed = self.observation.owed
            return f"Your turn: call {owed} or fold?" if owed else "Your turn: check or bet?"
        if stage == "exchange":
            return "Your exchange: click 0-4 cards to discard"
        if stage == "over":
            return f"Game over: you finish {GAME.returns(self.state)[LEARNER]:+g} chips"
        if stage == "between":
            winners = self.state.results[-1].winners
            return "You win the hand!" if LEARNER in winners else "Hand over"
        return ""

    def log_lines(self) -> list[str]:
        """The hand so far as the learner saw it; the AI's reasons once the hand is over."""
        hand_over = self.stage in ("between", "over")
        return [self.entry_text(e, shown=hand_over) for e in self.log]

    def log_footer(self) -> list[str]:
        if self.stage == "exchange":
            return [
                f"The exchange: select up to {self.state.option('max_draw')} cards to discard "
                "and press Discard, or Stand pat."
            ]
        return self.again_footer()

    def notes_html(self) -> str:
        """With "Show my odds" ticked, on the learner's turn: the hand's exact percentile, and in
        the exchange the exact odds of the best discards."""
        stage = self.stage
        if not self.show_odds or stage not in ("bet", "exchange"):
            return ""
        view = self.observation
        hand = tuple(view.hands[LEARNER])
        value = evaluate(hand)
        text = (
            f"<p>Your hand: <b>{html.escape(value.description)}</b>. It beats "
            f"{pct(key_percentile(value.key))} of all possible 6-card hands (exactly, ties "
            "counted half).</p>"
        )
        if stage == "exchange":
            text += advice_table_html(hand, GAME.unseen(view), view.option("max_draw"))
        return text

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for s, cards in enumerate(view.hands):
            shown = " ".join(c.code for c in cards if c is not None) or f"{len(cards)} face down"
            state = "folded" if view.folded[s] else f"{view.stacks[s]} chips"
            who = named(s)
            hands.append(f"{who[0].upper()}{who[1:]}: {shown} ({state})")
        table = [stage_words(view)]
        if view.betting:
            table.append(f"pot {view.pot}; you owe {view.owed if self.stage == 'bet' else 0}")
        legal = {
            "bet": [a for a in GAME.legal_actions(self.state) if a in BET_ACTIONS],
            "exchange": ["discard 1-4 selected cards", "stand pat"],
            "between": ["Next hand"],
            "over": ["New game"],
            "wait": ["wait"],
        }[self.stage]
        return Mirror(tuple(hands), tuple(table), self.last_line(), tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return ("You (P1)", *(f"P{s + 1}" for s in range(1, self.state.players)))

    def score_row(self, replay: Replay) -> ScoreRow | None:
        result = self.ended(replay)
        if result is None:
            return None
        net = tuple(int(x) for x in result.net)
        winners = " and ".join(named(s) for s in result.winners)
        if result.shown:
            best = next(words for s, _, words in result.shown if s == result.winners[0])
            verb = "won" if len(result.winners) == 1 else "tied"
            note = f"{winners} {verb} with {best.split(';')[0]}"
        else:
            note = f"{winners} won without a showdown"
        return ScoreRow(f"Hand {result.hand_no}", net, note)
