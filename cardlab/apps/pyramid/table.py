"""The Pyramid table: the learner (Player 1, at the bottom) against 1-3 AI, with chips.

Everything comes from the engine (`cardlab.games.pyramid`, the shared draw-poker game) and the
AI's `PokerBot` decisions with their reasons.  The learner bets with the buttons, clicks cards
(or the card buttons) to choose a discard in the exchange, and reads the showdown as pyramids of
hexagons on the table, where the seats were (the table keeps one size all game).  A finished
hand stays on the table until *Next hand*; the score sheet keeps every hand's chips.  *Show my
odds* puts the exact odds of the learner's hand (and in the exchange, of every discard) under
the log.  The AI's reasons rest on their cards, so the log
shows them only once the hand is over, and then without the cards of a hand not shown down.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab.apps.control import Control
from cardlab.apps.hand_by_hand import HandByHandTable
from cardlab.apps.model import LEARNER, Mirror, ScoreRow, named
from cardlab.apps.pyramid import said
from cardlab.core.bots import Bot
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.replay import Replay
from cardlab.games.poker.betting import ACTIONS as BET_ACTIONS
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import DrawPokerState
from cardlab.games.pyramid import GAME, evaluate
from cardlab.games.pyramid.odds import advice_table_html, key_percentile, pct
from cardlab.pictures.pyramid import TABLE_SIZE, stage_words, table_picture

if TYPE_CHECKING:
    from typing_extensions import Self


PLAY_SEED = 2

BET_LABELS: dict[str, Message] = {
    # Translators: a betting button
    "fold": msg("Fold"),
    # Translators: a betting button
    "check": msg("Check"),
    # Translators: a betting button
    "call": msg("Call"),
    # Translators: a betting button
    "bet": msg("Bet"),
    # Translators: a betting button
    "raise": msg("Raise"),
}
"""The betting buttons, without their amounts."""
BET_AMOUNT_LABELS: dict[str, Message] = {
    # Translators: a betting button with its amount in chips
    "call": msg("Call {amount}"),
    # Translators: a betting button with its amount in chips
    "bet": msg("Bet {amount}"),
    # Translators: a betting button with its amount in chips
    "raise": msg("Raise {amount}"),
}
"""The betting buttons with the amount they put in."""
YOU_BET: dict[str, Message] = {
    "fold": msg("You fold."),
    "check": msg("You check."),
    "call": msg("You call {amount}."),
    "bet": msg("You bet {amount}."),
    "raise": msg("You raise {amount}."),
}
"""The status line after the learner's bet."""


def _with_amount(message: Message, amount: object) -> Message:
    """One of the messages above with its ``{amount}`` (the fold and check ones have none)."""
    return replace(message, params=(("amount", amount),))


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
    log_title = said(msg("This hand"))
    score_title = said(msg("Score sheet (chips won or lost)"))

    game_name = "pyramid"
    play_seed = PLAY_SEED
    hands_per_game = 5
    carried = ("show_odds",)
    aids = ("show_odds",)

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
        if self.stage == "bet":
            return str(msg("It is a betting round: fold, check, call, bet or raise."))
        if self.stage == "exchange":
            return str(msg("It is the exchange: discard the selected cards or stand pat."))
        return self.waiting()

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
                    str(
                        _with_amount(BET_AMOUNT_LABELS[a], amounts[a])
                        if a in amounts and a in legal
                        else BET_LABELS[a]
                    ),
                    a in legal,
                    row=1,
                    style=styles.get(a, ""),
                    why_not=self._bet_why_not(a),
                )
                for a in BET_ACTIONS
            ),
            Control(
                "discard",
                str(msg("Discard selected")),
                exchange,
                row=2,
                style="success",
                why_not=self.refusal(),
            ),
            Control("stand-pat", str(msg("Stand pat")), exchange, row=2, why_not=self.refusal()),
            *self.game_controls(row=3, playing=self.refusal()),
            Control(
                "hint",
                str(msg("Show my odds (a hint)")),
                row=4,
                kind="toggle",
                value=self.show_odds,
            ),
        )

    def _bet_why_not(self, action: str) -> str:
        if self.stage != "bet":
            return self.refusal()
        reason = GAME.why_illegal(self.state, action)
        text = str(reason) if reason else ""
        return f"{text[0].upper()}{text[1:]}." if text else ""

    def _act(self, key: str, value: Any) -> Self:
        if key in BET_ACTIONS:
            replay = self.replay.append(key)
            logged = replay.state.log[-1][1] if replay.state.log else key
            verb, _, amount = logged.partition(" ")
            line = YOU_BET.get(verb)
            text = str(_with_amount(line, amount)) if line else logged
            return self.advance(replay, text, begin=len(self.replay))
        if key == "discard":
            return self._discard()
        if key == "stand-pat":
            return self.move("stand pat", str(msg("You stand pat.")))
        if key == "next-hand":
            replay = self.replay.advance_chance()  # "next hand": the button moves, a new deal
            dealt = msg("Hand {number}: the cards are dealt.", number=replay.state.hand_no)
            return self.advance(replay, str(dealt), begin=len(self.replay), fresh=True)
        if key == "hint":
            return dataclasses.replace(self, show_odds=bool(value))
        return self.restart(key, value)

    def _discard(self) -> Self:
        cards = self.selected_cards
        limit = self.state.option("max_draw")
        if not cards:
            raise ValueError(msg("Select the cards to discard first (click them), or Stand pat."))
        if len(cards) > limit:
            raise ValueError(
                msgn(
                    "You may discard at most {count} card: unselect one.",
                    "You may discard at most {count} cards: unselect one.",
                    limit,
                )
            )
        k = len(cards)
        text = msgn(
            "You discard {count} card and draw {count}.",
            "You discard {count} cards and draw {count}.",
            k,
        )
        return self.move("discard " + " ".join(c.code for c in cards), str(text))

    def hint_bot(self) -> Bot:
        return ai_bot(f"hint/{self.seed}")

    # -- what the learner sees ---------------------------------------------------------------------
    def banner(self) -> str:
        stage = self.stage
        if stage == "bet":
            owed = self.observation.owed
            if owed:
                return str(msg("Your turn: call {owed} or fold?", owed=owed))
            return str(msg("Your turn: check or bet?"))
        if stage == "exchange":
            return str(msg("Your exchange: click 0-4 cards to discard"))
        if stage == "over":
            net = f"{GAME.returns(self.state)[LEARNER]:+g}"
            return str(msg("Game over: you finish {net} chips", net=net))
        if stage == "between":
            winners = self.state.results[-1].winners
            return str(msg("You win the hand!") if LEARNER in winners else msg("Hand over"))
        return ""

    def log_lines(self) -> list[str]:
        """The hand so far as the learner saw it; the AI's reasons once the hand is over."""
        hand_over = self.stage in ("between", "over")
        return [self.entry_text(e, shown=hand_over) for e in self.log]

    def log_footer(self) -> list[str]:
        if self.stage == "exchange":
            most = self.state.option("max_draw")
            return [
                str(
                    msgn(
                        "The exchange: select up to {count} card to discard and press Discard, "
                        "or Stand pat.",
                        "The exchange: select up to {count} cards to discard and press Discard, "
                        "or Stand pat.",
                        most,
                    )
                )
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
        yours = msg(
            "Your hand: <b>{hand}</b>. It beats {share} of all possible 6-card hands (exactly, "
            "ties counted half).",
            hand=html.escape(str(value.description)),
            share=pct(key_percentile(value.key)),
        )
        text = f"<p>{yours}</p>"
        if stage == "exchange":
            text += advice_table_html(hand, GAME.unseen(view), view.option("max_draw"))
        return text

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for s, cards in enumerate(view.hands):
            shown = " ".join(c.code for c in cards if c is not None) or str(
                msg("{count} face down", count=len(cards))
            )
            if view.folded[s]:
                state = msg("folded")
            else:
                state = msgn("{count} chip", "{count} chips", view.stacks[s])
            who = str(named(s))
            who = who[:1].upper() + who[1:]
            line = msg(
                "{player}: {cards} ({state})",
                player=who,
                cards=shown,
                state=state,
            )
            hands.append(str(line))
        table = [str(stage_words(view))]
        if view.betting:
            owe = view.owed if self.stage == "bet" else 0
            table.append(str(msg("pot {pot}; you owe {owe}", pot=view.pot, owe=owe)))
        legal = {
            "bet": [str(BET_LABELS[a]) for a in GAME.legal_actions(self.state) if a in BET_ACTIONS],
            "exchange": [str(msg("discard 1-4 selected cards")), str(msg("stand pat"))],
            "between": [str(msg("Next hand"))],
            "over": [str(msg("New game"))],
            "wait": [str(msg("wait"))],
        }[self.stage]
        return Mirror(tuple(hands), tuple(table), self.last_line(), tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return (
            str(msg("You (P1)")),
            *(str(msg("P{number}", number=s + 1)) for s in range(1, self.state.players)),
        )

    def score_row(self, replay: Replay[DrawPokerState]) -> ScoreRow | None:
        result = self.ended(replay)
        if result is None:
            return None
        net = tuple(int(x) for x in result.net)
        names = [named(s) for s in result.winners]
        if result.shown:
            first = result.winners[0]
            hands = [hand for s, hand, _ in result.shown if s == first]
            best = evaluate(hands[0]).hand_class.name
            if len(names) == 1:
                note = msg("{player} won with {hand}", player=names[0], hand=best)
            else:
                note = msg(
                    "{players} and {last} tied with {hand}",
                    players=joined(names[:-1]),
                    last=names[-1],
                    hand=best,
                )
        elif len(names) == 1:
            note = msg("{player} won without a showdown", player=names[0])
        else:
            note = msg(
                "{players} and {last} won without a showdown",
                players=joined(names[:-1]),
                last=names[-1],
            )
        return ScoreRow(str(msg("Hand {number}", number=result.hand_no)), net, str(note))
