"""The Triad table: the learner (Player 1, at the bottom) against 1-3 AI players, with chips.

The learner bets with the buttons (only the legal ones are enabled), and in the draw selects the
cards to throw away and presses *Discard selected*, or *Stand pat*.  *Hint* asks the AI what it
would do in the learner's place (in the draw: the exact exchange advisor, which selects its
discard).  During a hand the log shows only what the learner's seat saw; once the hand is over
every AI reason is shown, without the cards of a hand that was not shown down.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardlab.apps.control import Control
from cardlab.apps.hand_by_hand import HandByHandTable
from cardlab.apps.model import LEARNER, Mirror, ScoreRow, first_lines, player
from cardlab.core.bots import Bot
from cardlab.core.cards import format_cards
from cardlab.core.engine import legal_moves_in_words, seat_name
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.replay import Replay
from cardlab.games.poker.betting import semicolons
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import DrawPokerState
from cardlab.games.triad import GAME
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture

if TYPE_CHECKING:
    from typing_extensions import Self


PLAY_SEED = 2
BET_ACTIONS = ("fold", "check", "call", "bet", "raise")
BUTTON_WORDS: dict[str, Message] = {
    # Translators: the betting buttons
    "fold": msg("Fold"),
    "check": msg("Check"),
    "call": msg("Call"),
    "bet": msg("Bet"),
    "raise": msg("Raise"),
}


def _capital(text: object) -> str:
    said = str(text)
    return said[:1].upper() + said[1:]


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

    @property
    def picture_options(self) -> Mapping[str, Any]:  # type: ignore[override]
        return {"names": {LEARNER: str(msg("You"))}}

    @property
    def log_title(self) -> str:  # type: ignore[override]
        return str(msg("This hand"))

    @property
    def score_title(self) -> str:  # type: ignore[override]
        return str(msg("Chips, hand by hand"))

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
        not_now = "" if mine else str(self.waiting())
        if stage == "draw":
            most = self.state.option("max_draw")
            why = msgn(
                "It is the draw: discard up to {count} card, or stand pat.",
                "It is the draw: discard up to {count} cards, or stand pat.",
                most,
            )
        else:
            why = msg("That bet is not possible now: the enabled buttons are.")
        bet_why = not_now or str(why)
        draw_why = not_now or str(msg("It is a betting round: the draw comes after it."))
        drawing = mine and stage == "draw"
        call = BUTTON_WORDS["call"] if owed is None else msg("Call {amount}", amount=owed)
        return (
            *(
                Control(a, str(BUTTON_WORDS[a]), a in legal, row=1, why_not=bet_why)
                for a in BET_ACTIONS
                if a != "call"
            ),
            Control("call", str(call), "call" in legal, row=1, why_not=bet_why),
            Control("hint", str(msg("Hint")), mine, row=2, why_not=not_now),
            Control(
                "discard",
                str(msg("Discard selected")),
                drawing,
                row=2,
                style="success",
                why_not=draw_why,
            ),
            Control("stand-pat", str(msg("Stand pat")), drawing, row=2, why_not=draw_why),
            *self.game_controls(row=3, playing=str(msg("Play this hand to its end first."))),
        )

    def _act(self, key: str, value: Any) -> Self:
        if key in BET_ACTIONS:
            return self.move(key)
        if key == "discard":
            cards = self.selected_cards
            if not cards:
                raise ValueError(
                    msg("Select the cards to throw away first (click them), or Stand pat.")
                )
            said = msgn(
                "You discard {count} and draw {count}.",
                "You discard {count} and draw {count}.",
                len(cards),
            )
            return self.move("discard " + format_cards(cards), str(said))
        if key == "stand-pat":
            return self.move("stand pat", str(msg("You stand pat.")))
        if key == "hint":
            return self.hinted()
        if key == "next-hand":
            replay = self.replay.append("next hand")
            moved = str(
                msg("Hand {number}: the button moved one seat left.", number=replay.state.hand_no)
            )
            return self.advance(replay, moved, begin=len(self.replay), fresh=True)
        return self.restart(key, value)

    def hint_bot(self) -> Bot:
        return PokerBot(seed=f"hint/{self.seed}")

    # -- what the learner sees ---------------------------------------------------------------------
    def banner(self) -> str:
        stage = self.stage
        number, total = self.state.hand_no, self.state.option("hands")
        if stage == "over":
            score = f"{GAME.returns(self.state)[LEARNER]:+g}"
            return str(msg("Game over: you finish {score} chips", score=score))
        if stage == "between":
            return str(msg("Hand {number} of {total}: over", number=number, total=total))
        if not self.my_turn:
            return str(msg("Hand {number} of {total}", number=number, total=total))
        if stage == "draw":
            return str(
                msgn(
                    "Hand {number} of {total}: your draw (up to {count} card)",
                    "Hand {number} of {total}: your draw (up to {count} cards)",
                    self.state.option("max_draw"),
                    number=number,
                    total=total,
                )
            )
        return str(msg("Hand {number} of {total}: your bet", number=number, total=total))

    def log_lines(self) -> list[str]:
        view = self.observation
        number, total = view.hand_no, view.hands_total
        if view.button == LEARNER:
            intro = msg(
                "Hand {number} of {total}: You have the button (D).", number=number, total=total
            )
        else:
            intro = msg(
                "Hand {number} of {total}: {player} has the button (D).",
                number=number,
                total=total,
                player=seat_name(view.button),
            )
        hand_over = self.stage in ("between", "over")
        lines = [str(intro), *(self.entry_text(e, shown=False) for e in self.log)]
        reasons = self.reasons_shown()  # only once the hand is over: they rest on the AI's cards
        if reasons and hand_over:
            lines += [str(msg("Why the AI played as they did:")), *reasons]
        return lines

    def log_footer(self) -> list[str]:
        stage = self.stage
        if stage in ("between", "over"):
            return self.again_footer()
        if self.my_turn and stage == "draw":
            said = msgn(
                "Your draw: click up to {count} card to throw away, then Discard selected.",
                "Your draw: click up to {count} cards to throw away, then Discard selected.",
                self.state.option("max_draw"),
            )
            return [str(said)]
        if self.my_turn:
            return [str(msg("Your bet: choose one of the enabled buttons (Hint asks the AI)."))]
        return []

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for s, cards in enumerate(view.hands):
            shown = format_cards(cards) if cards and cards[0] is not None else msg("hidden")
            line = msgn(
                "{player} ({count} chip): {cards}",
                "{player} ({count} chips): {cards}",
                view.stacks[s],
                player=_capital(player(s)),
                cards=shown,
            )
            hands.append(str(line))
        table = (
            str(msg("pot {pot}", pot=view.pot)),
            str(msg("button: {player}", player=str(player(view.button)))),
            self.banner(),
        )
        if self.my_turn:
            legal = first_lines(legal_moves_in_words(GAME, self.state), 10)
        else:
            after = {"between": msg("Next hand"), "over": msg("New game")}
            legal = [str(after.get(self.stage, msg("none: it is not your turn")))]
        entries = [self.entry_text(e, shown=False) for e in self.log]
        last = next((line for line in reversed(entries) if line), "")
        return Mirror(tuple(hands), table, last, tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        # Translators: the score sheet's columns: the learner (Player 1), then "P2", "P3"...
        others = (str(msg("P{number}", number=s + 1)) for s in range(1, 1 + len(self.bots)))
        return (str(msg("You (P1)")), *others)

    def score_row(self, replay: Replay[DrawPokerState]) -> ScoreRow | None:
        result = self.ended(replay)
        if result is None:
            return None
        net = tuple(int(x) for x in result.net)
        shown = semicolons(
            [
                msg("{player} {hand}", player=seat_name(s), hand=words)
                for s, _, words in result.shown
            ]
        )
        winners = joined(player(s) for s in result.winners)
        if result.shown:
            note = msg("won by {players} ({shown})", players=winners, shown=shown)
        else:
            note = msg("won by {players} without a showdown", players=winners)
        return ScoreRow(str(msg("Hand {number}", number=result.hand_no)), net, str(note))
