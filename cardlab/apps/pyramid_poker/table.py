"""The Pyramid Poker table: the learner (Player 1, seat 0) against the reasoning bot.

Build: click a dashed slot (or choose one in the list and press Place) to place the drawn block,
which only the learner sees.  Take: click a free block (or choose it and press Take), then a
hand button (or click the hand); after a pharaoh, one of the three revealed blocks.  The bot and
chance move at once.  "Hint" asks a reasoning bot what it would do in the learner's place;
"Play the hint" does it.  The score sheet shows the advanced scoring, hand by hand, once the
game is over; then "Review this game" values each of the learner's decisions against the hint's
(`cardlab.games.pyramid_poker.review`).
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab.apps.control import Control
from cardlab.apps.model import LEARNER, Mirror, ScoreRow, Suggestion, TableModel
from cardlab.core.bots import Bot, Decision
from cardlab.core.cards import Card
from cardlab.core.engine import TERMINAL, IllegalMove, legal_moves_in_words, seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.review import Reviewer
from cardlab.core.text import Phrase
from cardlab.games.pyramid_poker import (
    HAND_NAMES,
    ShowdownResult,
    new_game,
)
from cardlab.games.pyramid_poker.game import PyramidPokerState, PyramidPokerView
from cardlab.games.pyramid_poker.rules import hand_label, hand_noun, slot_action, slot_name
from cardlab.games.pyramid_poker.scoring import hand_title, verdict
from cardlab.lessons.table_position import Recipe
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


BOT = 1
PLAY_SEED = 1
NAMES = (msg("You (Player 1)"), msg("Bot (Player 2)"))
"""The two seats' plates on the table's picture."""
OVER = msg("The game is over: press New game to play again.")
NOTHING_TO_KEEP = msg("There is nothing to keep now: that comes after taking a pharaoh.")
WHAT_NOW = {
    "place": msg(
        "You are building: place the drawn block (click a dashed slot, or choose a slot "
        "and press Place)."
    ),
    "take": msg("You are taking: take a free block (click it, or choose it and press Take)."),
    "keep": msg("A pharaoh: keep one of the three revealed blocks."),
    "assign": msg("Put the block you took into one of your hands: Left, Centre or Right."),
    "over": OVER,
}
"""What the learner is to do now, by phase: the reason every other control is disabled (each a
message, read in the page's language when shown)."""


def reasoning_bot(seed: int | str = 0) -> Bot:
    """The engine's reasoning bot (`SmartBot`): every decision comes with a one-line reason."""
    from cardlab.games.pyramid_poker.bots import SmartBot

    return SmartBot(seed)


# -- the score sheet's words -----------------------------------------------------------------------
def showdown_rows(result: ShowdownResult) -> list[tuple[str, tuple[int, int], str]]:
    """Score-sheet rows: one per hand position, then the bonus; the notes carry the arithmetic."""
    rows = []
    for pos, name in enumerate(HAND_NAMES):
        a, b = result.values[0][pos], result.values[1][pos]
        pa, pb = result.hand_points[0][pos], result.hand_points[1][pos]
        signed = [format(p, "+d") for p in (pa, pb)]
        note = msg(
            "{first} ({first_points}) v {second} ({second_points}): {verdict}",
            first=hand_title(a),
            first_points=signed[0],
            second=hand_title(b),
            second_points=signed[1],
            verdict=verdict(result.comparisons[pos]),
        )
        rows.append((str(hand_label(name)), (pa, pb), str(note)))
    w = result.wins
    bonus = msg(
        "comparisons won {first} to {second}: +3 for exactly 2, +4 for all 3",
        first=w[0],
        second=w[1],
    )
    rows.append((str(msg("Bonus")), result.bonus, str(bonus)))
    if any(result.penalty):
        rows.append((str(msg("Penalty")), result.penalty, str(msg("all three hands No Pair"))))
    return rows


def basic_verdict(result: ShowdownResult) -> Message:
    """The basic game's verdict in one sentence: who won more comparisons."""
    if result.winner is None:
        return msgn(
            "Basic game: a draw ({count} comparison each).",
            "Basic game: a draw ({count} comparisons each).",
            result.wins[0],
        )
    return msg(
        "Basic game: {player} wins, {high} comparisons to {low}.",
        player=seat_name(result.winner),
        high=max(result.wins),
        low=min(result.wins),
    )


def hand_line(who: object, name: str, hand: Iterable[Card]) -> Message:
    """One hand in words: "Player 2, left hand: 9h 9d" (or "... : empty")."""
    cards = " ".join(str(c) for c in hand)
    if not cards:
        return msg("{player}, {hand}: empty", player=who, hand=hand_noun(name))
    return msg("{player}, {hand}: {cards}", player=who, hand=hand_noun(name), cards=cards)


def _free_block(k: int, view: PyramidPokerView) -> Message:
    """A free block in the list of blocks to take: its slot, and its face or "face down"."""
    card = view.pyramid[k]
    if card is None:
        return msg("{slot}: face down", slot=slot_name(k, view.width))
    return msg("{slot}: {card}", slot=slot_name(k, view.width), card=str(card))


@dataclass(frozen=True, kw_only=True)
class PyramidPokerTable(TableModel):
    """The learner against the bot: slot and block lists, hand and keep buttons, a hint that
    can be played, the last moves, the score sheet with its arithmetic and the text mirror."""

    slot: int | None = None
    """The slot chosen in the list (None: the first open one)."""
    block: int | None = None
    """The free block chosen in the list (None: the first one)."""

    size = (WIDTH, HEIGHT)
    log_window = 8

    game_name = "pyramid_poker"
    first_words = msg("A new game: you are Player 1. Your hands are at the bottom.")  # type: ignore[assignment]
    # the table plays one game, and its score sheet's "hands" are the left, centre and right
    review_label: ClassVar[str] = Phrase(msg("Review this game"))  # type: ignore[assignment]
    review_title: ClassVar[str] = Phrase(msg("Your decisions in this game"))  # type: ignore[assignment]

    @property
    def log_title(self) -> str:  # type: ignore[override]
        return str(msg("Last moves"))

    @property
    def score_title(self) -> str:  # type: ignore[override]
        return str(msg("Score sheet"))

    @property
    def mirror_label(self) -> str:  # type: ignore[override]
        return str(msg("Your view of the table in words"))

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("Your view of the table, drawn (the same in words below)"))

    @classmethod
    def greeting(cls, recipe: Recipe) -> str:
        """The status line at the start of a game, in the page's language."""
        return str(super().greeting(recipe))

    @classmethod
    def again_words(cls, recipe: Recipe) -> str:
        return str(msg("A new game (seed {seed}).", seed=recipe.seed))

    @classmethod
    def start(cls, seed: int = PLAY_SEED, bot: Bot | None = None) -> Self:
        """A new game (one game, advanced scoring) against the reasoning bot (or ``bot``)."""
        return cls.begin(Recipe(seed), None if bot is None else {BOT: bot})

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> Self:
        """One game, whatever the rules' ``games``; a fresh bot each game (it keeps a seeded
        generator, so a game begun again plays the same)."""
        replay = new_game(recipe.seed, **{**dict(recipe.options), "games": 1})
        bots = dict(bots) if bots is not None else {BOT: reasoning_bot()}
        table = cls(replay=replay, bots=bots, seed=recipe.seed, recipe=recipe)
        return table.advance(replay, cls.greeting(recipe), level="info", fresh=True)

    # -- where the game is -------------------------------------------------------------------------
    @property
    def stage(self) -> str:
        """``place``, ``take``, ``keep``, ``assign`` (the learner to move) or ``over``."""
        phase: str = self.state.phase
        return phase

    def slot_options(self) -> tuple[tuple[str, int], ...]:
        view = self.observation
        if self.stage != "place":
            return ()
        return tuple((str(slot_name(k, view.width)), k) for k in view.open_slots)

    def block_options(self) -> tuple[tuple[str, int], ...]:
        view = self.observation
        if self.stage != "take":
            return ()
        return tuple((str(_free_block(k, view)), k) for k in view.free_slots)

    @staticmethod
    def _chosen(options: tuple[tuple[str, int], ...], value: int | None) -> int | None:
        values = [v for _, v in options]
        return value if value in values else (values[0] if values else None)

    # -- controls ----------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        stage = self.stage
        now = str(WHAT_NOW.get(stage, OVER))
        over = str(OVER)
        slots, blocks = self.slot_options(), self.block_options()
        hands = self.state.hands[LEARNER]
        revealed = self.state.revealed if stage == "keep" else ()
        legal = set(self.game.legal_actions(self.state)) if revealed else set()
        controls = [
            Control("slot", str(msg("Slot")), bool(slots), row=1, kind="choice",
                    options=slots, value=self._chosen(slots, self.slot), why_not=now),
            Control("place", str(msg("Place")), stage == "place", row=1, style="primary",
                    why_not=now),
            Control("block", str(msg("Free block")), bool(blocks), row=2, kind="choice",
                    options=blocks, value=self._chosen(blocks, self.block), why_not=now),
            Control("take", str(msg("Take")), stage == "take", row=2, style="primary",
                    why_not=now),
        ]  # fmt: skip
        for name, hand in zip(HAND_NAMES, hands, strict=True):
            full = len(hand) >= 5
            why = (
                str(msg("Your {hand} already holds 5 blocks.", hand=hand_noun(name)))
                if full and stage == "assign"
                else now
            )
            controls.append(
                Control(f"hand-{name}", str(hand_label(name)), stage == "assign" and not full,
                        row=2, style="success", why_not=why)
            )  # fmt: skip
        for i in range(3):
            if i < len(revealed):
                card = revealed[i]
                why = str(msg("A pharaoh can never be kept: choose one of the other blocks."))
                controls.append(Control(f"keep-{i + 1}", str(msg("Keep {card}", card=str(card))),
                                        f"keep {card.code}" in legal, row=3,
                                        why_not=why))  # fmt: skip
            else:
                controls.append(Control(f"keep-{i + 1}",
                                        str(msg("Keep block {number}", number=i + 1)), False,
                                        row=3, why_not=str(NOTHING_TO_KEEP)))  # fmt: skip
        live = not self.over
        controls += [
            Control("hint", str(msg("Hint")), live, row=4, why_not=over),
            Control("play-hint", str(msg("Play the hint")), live, row=4, style="info",
                    why_not=over),
            Control("new-game", str(msg("New game")), row=4),
        ]  # fmt: skip
        return tuple(controls)

    def _act(self, key: str, value: Any) -> Self:
        if key == "slot":
            return dataclasses.replace(self, slot=value)
        if key == "block":
            return dataclasses.replace(self, block=value)
        if key == "place":
            return self._play_slot("place", self._chosen(self.slot_options(), self.slot))
        if key == "take":
            return self._play_slot("take", self._chosen(self.block_options(), self.block))
        if key.startswith("hand-"):
            return self.play(f"hand {key[5:]}")
        if key.startswith("keep-"):
            return self.keep(int(key[5:]) - 1)
        if key == "hint":
            return self.hinted()
        if key == "play-hint":
            decision = self.decision()
            note = msg("played the hint: {reason}", reason=decision.told.text(None))
            return self.play(str(decision.action), f" \u2014 {note}")
        return self.begin(self.next_recipe())

    # -- moves -----------------------------------------------------------------------------------
    def play(self, action: str, note: str = "") -> Self:
        """The learner's ``action`` (the engine's words: every button and click comes to one),
        then chance and the bot; refused with the engine's reason, changing nothing."""
        if self.replay.current_player == TERMINAL:
            raise ValueError(str(OVER))
        try:
            replay = self.replay.append(action)  # raises IllegalMove with the engine's reason
        except IllegalMove as exc:
            # the reason read now, in the page's language (the guard shows a reason as text)
            raise IllegalMove(str(exc.reason), exc.action) from None
        said = replay.event_at(len(replay)).narration_for(LEARNER) + note
        # the log shows this move and what followed it, as the table always has
        return self.advance(replay, said, begin=len(self.replay), fresh=True)

    def _play_slot(self, verb: str, k: int | None) -> Self:
        """``verb`` (place or take) at flat slot ``k`` (None: no slot, which the engine refuses
        with the slots there are)."""
        return self.play(f"{verb} -" if k is None else slot_action(verb, k))

    def keep(self, i: int) -> Self:
        revealed = self.state.revealed
        if self.stage != "keep" or not 0 <= i < len(revealed):
            raise ValueError(str(NOTHING_TO_KEEP))
        return self.play(f"keep {revealed[i].code}")

    def _click(self, target: str) -> Self:
        """A click on the table: a slot (place), a free block (take), a revealed block (keep) or
        one of the learner's hands (assign)."""
        kind, _, arg = target.partition(":")
        if kind == "slot" and arg.isdigit():
            return self._play_slot("place", int(arg))
        if kind == "block" and arg.isdigit():
            if self.stage == "place":
                raise ValueError(str(msg("That slot is taken: click an empty (dashed) slot.")))
            return self._play_slot("take", int(arg))
        if kind == "pick" and arg.isdigit():
            return self.keep(int(arg))
        if kind == "hand":
            return self.play(f"hand {arg}")
        return super()._click(target)

    def hint_bot(self) -> Bot:
        """The reasoning bot in the learner's place: the Hint's and the review's AI.  It draws
        from its seed and the learner's view only (not the replay's length, which a review cannot
        see), so a position gets the same hint at the table and in the review."""
        return reasoning_bot(f"hint/{self.seed}")

    def decision(self) -> Decision:
        """The reasoning bot's decision in the learner's place."""
        if self.replay.current_player != LEARNER:
            raise ValueError(str(OVER))
        return self.hint_bot().choose(self.observation, self.game.legal_actions(self.state))

    def reviewer(self) -> Reviewer:
        """The game's decisions valued by the lesson's measure of a block's place, against the
        Hint's bot (`cardlab.games.pyramid_poker.review`); the whole game is reviewed once it is
        over (the defaults of `hand_start` and `hand_done`).  Imported when asked for: its
        counting brings numpy, which the page does not load otherwise."""
        from cardlab.games.pyramid_poker.review import PyramidPokerReviewer

        return PyramidPokerReviewer(self.hint_bot(), self.state.no_pair_penalty)

    def suggest(self) -> Suggestion:
        """Play the hint (the reasoning bot's move, named in the reason); New game at the end."""
        if self.over:
            return Suggestion("new-game", str(msg("the game is over: start a new one")))
        decision = self.decision()
        move = self.game.move_words(self.state, str(decision.action))
        return Suggestion("play-hint", f"{move} \u2014 {decision.told.text(None)}")

    def score_rows(self, replay: Replay[PyramidPokerState]) -> tuple[ScoreRow, ...]:
        """Once the game is over, its score sheet: one row per hand, then the bonus (and any
        penalty), each with its arithmetic."""
        results = replay.state.results
        return tuple(ScoreRow(*r) for r in showdown_rows(results[-1].showdown)) if results else ()

    def record_rows(self, new: tuple[ScoreRow, ...]) -> tuple[tuple[str, float], ...]:
        """A game is what the results count: one row, the learner's points of the game (its
        hands, the bonus, a penalty: the sheet's rows), with the game's moves."""
        if not new or not self.state.results:
            return ()
        game = self.state.results[-1]
        # Translators: a row of a student's results file: the whole of one game of Pyramid Poker
        return ((str(msg("Game {number}", number=game.number)), game.points[LEARNER]),)

    # -- what the learner sees ---------------------------------------------------------------------
    def picture(self, theme: str, selected: Iterable[int] = (), portrait: bool = False) -> Drawing:
        names = tuple(str(name) for name in NAMES)
        return position_picture(self.seen, self.viewer, theme, self.banner(), names, True, portrait)

    def banner(self) -> str:
        view = self.observation
        stage = self.stage
        if stage == "place":
            return str(msg("Build, turn {turn} of 30: place your block", turn=view.placed + 1))
        if stage == "take":
            return str(msg("Take, turn {turn} of 30: take a free block", turn=view.taken + 1))
        if stage == "keep":
            return str(msg("A pharaoh: keep one of the three revealed blocks"))
        if stage == "assign":
            return str(msg("Put the block into one of your hands"))
        if stage == "over":
            return str(msg("Game over: {result}", result=self.winner_text()))
        return stage

    def winner_text(self) -> str:
        if not self.state.results:
            return ""
        t = self.state.results[-1].totals
        if t[0] == t[1]:
            return str(msg("a draw, {first} to {second}", first=t[0], second=t[1]))
        if t[0] > t[1]:
            return str(msg("you win {high} to {low}", high=t[0], low=t[1]))
        return str(msg("the bot wins {high} to {low}", high=t[1], low=t[0]))

    def log_lines(self) -> list[str]:
        """The last moves as the learner reads them.  The bot's reason for a placement rests on
        the block only it has seen, so it waits until the game is over; a take names the block
        it turns face up, which everyone then sees."""
        over = self.over
        return [
            self.entry_text(e, shown=over or not str(e.event.action).startswith("place "))
            for e in self.log
        ]

    def notes_html(self) -> str:
        """The verdict under the log: the winner, the basic game's verdict and the arithmetic."""
        results = self.state.results
        if not results:
            later = msg("The score sheet fills in at the showdown.")
            body = f"<p><i>{later}</i></p>"
        else:
            show = results[-1].showdown
            over = msg("Game over: {result}.", result=self.winner_text())
            body = (
                f"<p><b>{html.escape(str(over))}</b> "
                f"{html.escape(str(basic_verdict(show)))}</p>"
                f"<pre>{html.escape(str(show.arithmetic))}</pre>"
            )
        return f"<div class='cardlab-verdict'>{body}</div>"

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for seat, who in ((LEARNER, msg("You")), (BOT, msg("Bot"))):
            for name, h in zip(HAND_NAMES, view.hands[seat], strict=True):
                hands.append(str(hand_line(who, name, h)))
        width = view.width
        mine = [
            str(msg("{slot}: {card}", slot=slot_name(k, width), card=str(view.pyramid[k])))
            for k, p in enumerate(view.placer)
            if p == LEARNER
        ]
        theirs = [str(slot_name(k, width)) for k, p in enumerate(view.placer) if p == BOT]
        none = str(msg("none"))
        table = [
            str(msg("slots count from 1, rows from the bottom and positions from the left")),
            str(
                msg(
                    "your blocks in the pyramid (only you see them): {slots}",
                    slots="; ".join(mine) or none,
                )
            ),
            str(msg("the bot's face-down blocks: {slots}", slots="; ".join(theirs) or none)),
        ]
        if view.holding is not None:
            table.append(str(msg("you drew {card}", card=str(view.holding))))
        if view.pending is not None:
            table.append(str(msg("you took {card}", card=str(view.pending))))
        if view.revealed:
            shown = " ".join(str(c) for c in view.revealed)
            table.append(str(msg("revealed by the pharaoh: {cards}", cards=shown)))
        legal = (
            legal_moves_in_words(self.game, self.state) if self.my_turn else [str(msg("New game"))]
        )
        return Mirror(tuple(hands), tuple(table), self.last_line(), tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return (str(msg("You (P1)")), str(msg("Bot (P2)")))
