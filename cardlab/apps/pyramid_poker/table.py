"""The Pyramid Poker table: the learner (Player 1, seat 0) against the reasoning bot.

Build: click a dashed slot (or choose one in the list and press Place) to place the drawn block,
which only the learner sees.  Take: click a free block (or choose it and press Take), then a
hand button (or click the hand); after a pharaoh, one of the three revealed blocks.  The bot and
chance move at once.  "Hint" asks a reasoning bot what it would do in the learner's place;
"Play the hint" does it.  The score sheet shows the advanced scoring, hand by hand, once the
game is over.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.apps.model import LEARNER, Control, Mirror, ScoreRow, Suggestion, TableModel
from cardlab.core.bots import Bot, Decision
from cardlab.core.engine import TERMINAL, legal_moves_in_words
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import (
    HAND_NAMES,
    ShowdownResult,
    new_game,
)
from cardlab.games.pyramid_poker.rules import slot_name
from cardlab.lessons.table_position import Recipe
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing

BOT = 1
PLAY_SEED = 1
NAMES = ("You (Player 1)", "Bot (Player 2)")
OVER = "The game is over: press New game to play again."
NOTHING_TO_KEEP = "There is nothing to keep now: that comes after taking a pharaoh."
WHAT_NOW = {
    "place": "You are building: place the drawn block (click a dashed slot, or choose a slot "
    "and press Place).",
    "take": "You are taking: take a free block (click it, or choose it and press Take).",
    "keep": "A pharaoh: keep one of the three revealed blocks.",
    "assign": "Put the block you took into one of your hands: Left, Centre or Right.",
    "over": OVER,
}
"""What the learner is to do now, by phase: the reason every other control is disabled."""


def reasoning_bot(seed: int | str = 0) -> Bot:
    """The engine's reasoning bot (`SmartBot`): every decision comes with a one-line reason."""
    from cardlab.games.pyramid_poker.bots import SmartBot

    return SmartBot(seed)


# -- the score sheet's words -----------------------------------------------------------------------
def showdown_rows(result: ShowdownResult) -> list[tuple[str, tuple[int, int], str]]:
    """Score-sheet rows: one per hand position, then the bonus; the notes carry the arithmetic."""
    rows = []
    verdict = {1: "Player 1 wins", -1: "Player 2 wins", 0: "tie"}
    for pos, name in enumerate(HAND_NAMES):
        a, b = result.values[0][pos], result.values[1][pos]
        pa, pb = result.hand_points[0][pos], result.hand_points[1][pos]
        who = verdict[result.comparisons[pos]]
        note = f"{a.poker_name} ({pa:+d}) v {b.poker_name} ({pb:+d}): {who}"
        rows.append((name.capitalize(), (pa, pb), note))
    w = result.wins
    rows.append(
        (
            "Bonus",
            result.bonus,
            f"comparisons won {w[0]} to {w[1]}: +3 for exactly 2, +4 for all 3",
        )
    )
    if any(result.penalty):
        rows.append(("Penalty", result.penalty, "all three hands No Pair"))
    return rows


def basic_verdict(result: ShowdownResult) -> str:
    if result.winner is None:
        return f"Basic game: a draw ({result.wins[0]} comparisons each)."
    return (
        f"Basic game: Player {result.winner + 1} wins, "
        f"{max(result.wins)} comparisons to {min(result.wins)}."
    )


@dataclass(frozen=True, kw_only=True)
class PyramidPokerTable(TableModel):
    """The learner against the bot: slot and block lists, hand and keep buttons, a hint that
    can be played, the last moves, the score sheet with its arithmetic and the text mirror."""

    slot: int | None = None
    """The slot chosen in the list (None: the first open one)."""
    block: int | None = None
    """The free block chosen in the list (None: the first one)."""

    size = (WIDTH, HEIGHT)
    log_title = "Last moves"
    log_window = 8

    game_name = "pyramid_poker"
    first_words = "A new game: you are Player 1. Your hands are at the bottom."

    @classmethod
    def start(cls, seed: int = PLAY_SEED, bot: Bot | None = None) -> PyramidPokerTable:
        """A new game (one game, advanced scoring) against the reasoning bot (or ``bot``)."""
        return cls.begin(Recipe(seed), None if bot is None else {BOT: bot})  # type: ignore[return-value]

    @classmethod
    def begin(cls, recipe: Recipe, bots: Mapping[int, Bot] | None = None) -> TableModel:
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
        return self.state.phase

    def slot_options(self) -> tuple[tuple[str, int], ...]:
        view = self.observation
        if self.stage != "place":
            return ()
        return tuple((slot_name(k, view.width), k) for k in view.open_slots)

    def block_options(self) -> tuple[tuple[str, int], ...]:
        view = self.observation
        if self.stage != "take":
            return ()
        return tuple(
            (f"{slot_name(k, view.width)}: {view.pyramid[k] or 'face down'}", k)
            for k in view.free_slots
        )

    @staticmethod
    def _chosen(options: tuple[tuple[str, int], ...], value: int | None) -> int | None:
        values = [v for _, v in options]
        return value if value in values else (values[0] if values else None)

    # -- controls ----------------------------------------------------------------------------------
    def controls(self) -> tuple[Control, ...]:
        stage = self.stage
        now = WHAT_NOW.get(stage, OVER)
        slots, blocks = self.slot_options(), self.block_options()
        hands = self.state.hands[LEARNER]
        revealed = self.state.revealed if stage == "keep" else ()
        legal = set(self.game.legal_actions(self.state)) if revealed else set()
        controls = [
            Control("slot", "Slot", bool(slots), row=1, kind="choice", options=slots,
                    value=self._chosen(slots, self.slot), why_not=now),
            Control("place", "Place", stage == "place", row=1, style="primary", why_not=now),
            Control("block", "Free block", bool(blocks), row=2, kind="choice", options=blocks,
                    value=self._chosen(blocks, self.block), why_not=now),
            Control("take", "Take", stage == "take", row=2, style="primary", why_not=now),
        ]  # fmt: skip
        for name, hand in zip(HAND_NAMES, hands, strict=True):
            full = len(hand) >= 5
            why = f"Your {name} hand already holds 5 blocks." if full and stage == "assign" else now
            controls.append(
                Control(f"hand-{name}", name.capitalize(), stage == "assign" and not full, row=2,
                        style="success", why_not=why)
            )  # fmt: skip
        for i in range(3):
            if i < len(revealed):
                card = revealed[i]
                why = "A pharaoh can never be kept: choose one of the other blocks."
                controls.append(Control(f"keep-{i + 1}", f"Keep {card}",
                                        f"keep {card.code}" in legal, row=3,
                                        why_not=why))  # fmt: skip
            else:
                controls.append(Control(f"keep-{i + 1}", f"Keep block {i + 1}", False, row=3,
                                        why_not=NOTHING_TO_KEEP))  # fmt: skip
        live = not self.over
        controls += [
            Control("hint", "Hint", live, row=4, why_not=OVER),
            Control("play-hint", "Play the hint", live, row=4, style="info", why_not=OVER),
            Control("new-game", "New game", row=4),
        ]
        return tuple(controls)

    def _act(self, key: str, value: Any) -> TableModel:
        if key == "slot":
            return dataclasses.replace(self, slot=value)
        if key == "block":
            return dataclasses.replace(self, block=value)
        if key == "place":
            return self.play(f"place {self._chosen(self.slot_options(), self.slot)}")
        if key == "take":
            return self.play(f"take {self._chosen(self.block_options(), self.block)}")
        if key.startswith("hand-"):
            return self.play(f"hand {key[5:]}")
        if key.startswith("keep-"):
            return self.keep(int(key[5:]) - 1)
        if key == "hint":
            return self.hinted()
        if key == "play-hint":
            decision = self.decision()
            return self.play(decision.action, f" \u2014 played the hint: {decision.reason}")
        return self.begin(self.next_recipe())

    # -- moves -----------------------------------------------------------------------------------
    def play(self, action: str, note: str = "") -> PyramidPokerTable:
        """The learner's ``action`` (the engine's words: every button and click comes to one),
        then chance and the bot; refused with the engine's reason, changing nothing."""
        if self.replay.current_player == TERMINAL:
            raise ValueError(OVER)
        replay = self.replay.append(action)  # raises IllegalMove with the engine's reason
        said = replay.event_at(len(replay)).narration_for(LEARNER) + note
        # the log shows this move and what followed it, as the table always has
        return self.advance(replay, said, begin=len(self.replay), fresh=True)  # type: ignore[return-value]

    def keep(self, i: int) -> PyramidPokerTable:
        revealed = self.state.revealed
        if self.stage != "keep" or not 0 <= i < len(revealed):
            raise ValueError(NOTHING_TO_KEEP)
        return self.play(f"keep {revealed[i].code}")

    def _click(self, target: str) -> TableModel:
        """A click on the table: a slot (place), a free block (take), a revealed block (keep) or
        one of the learner's hands (assign)."""
        kind, _, arg = target.partition(":")
        if kind == "slot":
            return self.play(f"place {arg}")
        if kind == "block":
            if self.stage == "place":
                raise ValueError("That slot is taken: click an empty (dashed) slot.")
            return self.play(f"take {arg}")
        if kind == "pick" and arg.isdigit():
            return self.keep(int(arg))
        if kind == "hand":
            return self.play(f"hand {arg}")
        return super()._click(target)

    def decision(self) -> Decision:
        """The reasoning bot's decision in the learner's place (seeded by the position, so the
        same table always gives the same hint)."""
        if self.replay.current_player != LEARNER:
            raise ValueError(OVER)
        helper = reasoning_bot(f"hint/{self.seed}/{len(self.replay)}")
        return helper.choose(self.observation, self.game.legal_actions(self.state))

    def suggest(self) -> Suggestion:
        """Play the hint (the reasoning bot's move, named in the reason); New game at the end."""
        if self.over:
            return Suggestion("new-game", "the game is over: start a new one")
        decision = self.decision()
        move = self.game.move_words(self.state, str(decision.action))
        return Suggestion("play-hint", f"{move} \u2014 {decision.reason}")

    def score_rows(self, replay: Replay) -> tuple[ScoreRow, ...]:
        """Once the game is over, its score sheet: one row per hand, then the bonus (and any
        penalty), each with its arithmetic."""
        results = replay.state.results
        return tuple(ScoreRow(*r) for r in showdown_rows(results[-1].showdown)) if results else ()

    # -- what the learner sees ---------------------------------------------------------------------
    def picture(self, theme: str, selected: Iterable[int] = ()) -> Drawing:
        return position_picture(self.seen, self.viewer, theme, self.banner(), NAMES, True)

    def banner(self) -> str:
        view = self.observation
        return {
            "place": f"Build, turn {view.placed + 1} of 30: place your block",
            "take": f"Take, turn {view.taken + 1} of 30: take a free block",
            "keep": "A pharaoh: keep one of the three revealed blocks",
            "assign": "Put the block into one of your hands",
            "over": "Game over: " + self.winner_text(),
        }.get(self.stage, self.stage)

    def winner_text(self) -> str:
        if not self.state.results:
            return ""
        t = self.state.results[-1].totals
        if t[0] == t[1]:
            return f"a draw, {t[0]} to {t[1]}"
        return f"you win {t[0]} to {t[1]}" if t[0] > t[1] else f"the bot wins {t[1]} to {t[0]}"

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
            body = "<p><i>The score sheet fills in at the showdown.</i></p>"
        else:
            show = results[-1].showdown
            body = (
                f"<p><b>Game over: {html.escape(self.winner_text())}.</b> "
                f"{html.escape(basic_verdict(show))}</p>"
                f"<pre>{html.escape(show.arithmetic)}</pre>"
            )
        return f"<div class='cardlab-verdict'>{body}</div>"

    def mirror(self) -> Mirror:
        view = self.seen
        hands = []
        for seat, who in ((LEARNER, "You"), (BOT, "Bot")):
            for name, h in zip(HAND_NAMES, view.hands[seat], strict=True):
                shown = " ".join(str(c) for c in h) or "empty"
                hands.append(f"{who}, {name} hand: {shown}")
        width = view.width
        mine = [
            f"{slot_name(k, width)}: {view.pyramid[k]}"
            for k, p in enumerate(view.placer)
            if p == LEARNER
        ]
        theirs = [slot_name(k, width) for k, p in enumerate(view.placer) if p == BOT]
        table = [
            "slots count from 1, rows from the bottom and positions from the left",
            f"your blocks in the pyramid (only you see them): {'; '.join(mine) or 'none'}",
            f"the bot's face-down blocks: {'; '.join(theirs) or 'none'}",
        ]
        if view.holding is not None:
            table.append(f"you drew {view.holding}")
        if view.pending is not None:
            table.append(f"you took {view.pending}")
        if view.revealed:
            table.append("revealed by the pharaoh: " + " ".join(str(c) for c in view.revealed))
        legal = legal_moves_in_words(self.game, self.state) if self.my_turn else ["New game"]
        return Mirror(tuple(hands), tuple(table), self.last_line(), tuple(legal))

    # -- the score sheet ---------------------------------------------------------------------------
    def score_columns(self) -> tuple[str, ...]:
        return ("You (P1)", "Bot (P2)")
