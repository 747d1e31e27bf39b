"""`BotGameStepper`: every lesson's seeded (or curated) game of bots, stepped through under
the eyes of the teacher or one seat."""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.apps.whatif_row import INDENT, WhatIfRow
from cardlab.core import link_values
from cardlab.core.bots import Bot, reason_for
from cardlab.core.engine import (
    CHANCE,
    TERMINAL,
    legal_action_texts,
    legal_moves_in_words,
    seat_name,
)
from cardlab.core.i18n import joined, msg, msgn
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.core.stored import stored
from cardlab.core.text import Phrase, shown
from cardlab.core.whatif import Branch, Reasons, WhatIfTree, read_line
from cardlab.lessons import deals
from cardlab.lessons.variants import rules_variant, rules_words
from cardlab.widgets import Stepper, TextMirror
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

VARIANT_SEED = 1
"""The seed of the deal a stepper shows under rules other than the standard ones (its story deal
is for those): every panel about that deal shows the same one."""


def seeded_start(story: str, seed: int, variant: Mapping[str, Any]) -> Replay:
    """The start of a deal of ``seed`` of the curated deal ``story``'s shape (its options)
    under ``variant``: the deal a stepper, and the panels about its deal, show under a rules
    variant."""
    curated = deals.load(story)
    return Replay.start(curated.game, seed, **{**dict(curated.options), **variant})


def story_variant(story: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """What the page's rules ``options`` change of the curated deal ``story``: none when the
    class changed nothing, or nothing the story deal does not already play
    (`cardlab.lessons.variants.rules_variant`)."""
    curated = deals.load(story)
    return rules_variant(curated.game, options, own=dict(curated.options))


def deal_note(game: Any, seed: int | None, variant: Mapping[str, Any]) -> str:
    """The line over a seeded deal: its seed, and the rules chosen in the rules row's words
    ("" for the story deal)."""
    if seed is None:
        return ""
    if variant:
        note = msg(
            "A seeded deal (seed {seed}) of the lesson's bots under the rules chosen "
            "({rules}). The lesson's story deal is for the standard rules: choose them to "
            "see it again.",
            seed=seed,
            rules=html.escape(rules_words(game, variant)),
        )
    else:
        note = msg("A seeded deal (seed {seed}) of the lesson's bots.", seed=seed)
    return f"<p class='cardlab-deal-note'>{note}</p>"


def first_step(replay: Replay, phase: str) -> int:
    """The first step whose state is in ``phase`` (the end if none): where a stepper opens."""
    return next(
        (i for i in range(len(replay) + 1) if replay.state_at(i).phase == phase), len(replay)
    )


@stored
def deal_reasons(deal: str, bots: str, players: int | None = None) -> Reasons:
    """The reasons of the bots ``bots`` (``module:function``, called with ``players`` if given)
    for the curated deal ``deal``, kept as their narrations (messages, not sentences, so a page
    reads them in its language): asking the bots again replays their thinking (Monte Carlo
    equities, exact draw odds), about as long as the rest of the lesson page, for the same answer
    at every load."""
    module, _, name = bots.partition(":")
    factory = getattr(importlib.import_module(module), name)
    return deals.load(deal).reasons_of(factory() if players is None else factory(players))


def stored_reasons(
    deal: str, bots: Callable[..., Mapping[int, Bot]], players: int | None = None
) -> Reasons:
    """The reasons ``bots()`` (or ``bots(players)``) give for the moves of the curated deal
    ``deal``, as `Replay.reasons_of` finds them, read from the stored figures (`deal_reasons`)."""
    return deal_reasons(deal, f"{bots.__module__}:{bots.__qualname__}", players)


class BotGameStepper(LessonPanel):
    """A game of bots, stepped through: an Eyes toggle (the teacher, or one seat), the step's
    narration, why the bot chose it, the table in words, and what-if branches.

    Every text it shows under chosen eyes comes from what that seat may see: the caption and the
    last move read the narration through its eyes, a bot's reason is read only through the
    eyes of that bot (or the teacher's), and the legal moves (and the what-if moves) are listed
    only to the seat that has them.

    A subclass names its curated deal (``deal``), its bots (``bots``, the stepper module's
    ``default_bots`` as a staticmethod) and where a deal opens (``opens_in``, a phase); it
    creates its extra panels, then calls ``__init__``, and draws a step in ``_show(step, state,
    event)`` from ``self.view_of(state)``, filling the mirror with ``self.show_mirror(...)``.
    The stepper loads any deal itself: the curated one with its stored reasons (page load stays
    fast), or a seeded one of the same shape played by fresh bots (a link's ``seed``, a rules
    variant), and every line of its what-if tree (`cardlab.core.whatif`).
    """

    share_key: ClassVar[str] = "deal"
    deal: ClassVar[str] = ""
    """The curated deal the lesson tells about (`cardlab.lessons.deals`); a seeded deal is a
    game of its shape: its options, with a rules variant's on top."""
    bots: ClassVar[Callable[..., Mapping[int, Bot]]]
    """The lesson's bots, fresh for every deal and branch (the module's ``default_bots``)."""
    bots_per_players: ClassVar[bool] = False
    """Whether ``bots`` is called with the number of players."""
    opens_in: ClassVar[str] = ""
    """The phase a deal opens in (`first_step`); "" opens at step 0."""
    interval: ClassVar[int] = 900

    size: tuple[float, float] = (880.0, 440.0)
    """The canvas (subclasses: their table picture's size)."""
    mirror_label = Phrase(msg("The bots' table in words"))
    picture_label = Phrase(msg("The bots' table at this step"))
    """What the canvas shows (its accessible name, with the eyes it is seen through); the
    text mirror below is its description."""
    start_text = Phrase(msg("The pack is shuffled; press Forward or Play."))
    bot_label = ""  # e.g. " (a reasoning bot)", after the seat's name
    chance_text = Phrase(msg("Chance: the seeded shuffle decided this step."))
    chance_moves = Phrase(msg("chance: the next card"))
    teacher_label = Phrase(msg("Teacher (every card)"))

    def __init__(
        self,
        picker: ThemePicker,
        deal: str | None = None,
        *,
        extra: list[widgets.Widget] = (),  # type: ignore[assignment]
    ) -> None:
        super().__init__(picker, size=self.size)
        self.story = deal or self.deal
        story = deals.load(self.story)
        self.game = story.game
        self.seed: int | None = None  # None: the curated deal
        self.variant: dict[str, Any] = {}
        self.tree = WhatIfTree.of(story, self._story_reasons(story))
        self.line = 0
        self._ai: tuple[int, int, str, tuple[int, Narration]] | None = None
        self._quiet = False
        self.eyes = widgets.ToggleButtons(
            options=self._eyes_options(story), value=-1, description=str(msg("Eyes")),
            style={"button_width": "auto"},
        )  # fmt: skip
        self.eyes.add_class("cardlab-eyes")
        self.deal_note = widgets.HTML()
        self.mirror = TextMirror(str(self.mirror_label))
        self.view.describe(str(self.picture_label), self.mirror.element_id)
        self.stepper = Stepper(story, status=self.status, view=self.view, interval=self.interval)
        self.stepper.note = self.line_note
        self.why = widgets.HTML()
        self.why.add_class("cardlab-why")
        self.whatif = WhatIfRow()
        self.stepper.on_step(self._show)
        self.stepper.on_step(self._offer)
        self.eyes.observe(guarded(self.status, self._eyes_changed), names="value")
        self.whatif.play.on_click(guarded(self.status, lambda _: self.play_instead()))
        self.whatif.ask.on_click(guarded(self.status, lambda _: self.ask_ai()))
        self.whatif.main.on_click(guarded(self.status, lambda _: self.show_line(0)))
        self.whatif.lines.observe(guarded(self.status, self._line_chosen), names="value")
        self.children = [
            self.deal_note, self.eyes, self.stepper.widget, self.why, self.whatif.widget,
            *extra, self.mirror.widget,
        ]  # fmt: skip
        self.stepper.go(self.open_at(story, self.reasons))
        self.refresh()

    # -- the deal ----------------------------------------------------------------------------
    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    @property
    def reasons(self) -> Reasons:
        """The bots' reasons for the line shown: ``{step: (seat, reason)}``."""
        return self.tree.lines[self.line].reasons

    def open_at(self, replay: Replay, reasons: Reasons) -> int:
        """The step a deal opens at: the first of phase ``opens_in``."""
        return first_step(replay, self.opens_in) if self.opens_in else 0

    def line_ends(self, state: Any) -> bool:
        """Whether a line ends at ``state`` before the game does (the curated deal is part of
        a game); seeded deals and branches are played that far."""
        return False

    def fresh_bots(self, replay: Replay) -> Mapping[int, Bot]:
        """New bots for the seats of ``replay`` (seeded: the same bots play the same way)."""
        bots = type(self).bots
        if self.bots_per_players:
            return bots(self.game.num_players(replay.state_at(0)))
        return bots()

    def play_on(self, replay: Replay, reasons: Reasons) -> Replay:
        """``replay`` played on by fresh bots to where the main line ends, their reasons kept
        in ``reasons``; ``ValueError`` when the bots cannot play it (a seat without one)."""
        end = replay.play_out(self.fresh_bots(replay), reasons=reasons, until=self.line_ends)
        if not (end.is_terminal or self.line_ends(end.state)):
            raise ValueError(
                msg(
                    "the lesson's bots cannot play this game: {player} has no bot",
                    player=seat_name(end.current_player),
                )
            )
        return end

    def seeded(self, seed: int, variant: Mapping[str, Any]) -> WhatIfTree:
        """A deal of ``seed`` of the curated deal's shape under ``variant``, played by the bots."""
        reasons: Reasons = {}
        start = seeded_start(self.story, seed, variant)
        return WhatIfTree.of(self.play_on(start, reasons), reasons)

    def _story_reasons(self, story: Replay) -> Reasons:
        players = self.game.num_players(story.state_at(0)) if self.bots_per_players else None
        return stored_reasons(self.story, type(self).bots, players)

    def _deal(self, seed: int | None, variant: Mapping[str, Any]) -> WhatIfTree:
        """The tree of a deal with no branches: the curated one (seed None) or a seeded one."""
        if seed is None:
            story = deals.load(self.story)
            return WhatIfTree.of(story, self._story_reasons(story))
        return self.seeded(seed, variant)

    def _eyes_options(self, replay: Replay) -> list[tuple[str, int]]:
        seats = self.game.num_players(replay.state_at(0))
        return [(str(self.teacher_label), -1)] + [(str(seat_name(s)), s) for s in range(seats)]

    def _set(
        self,
        tree: WhatIfTree,
        *,
        line: int,
        step: int,
        viewer: int | None,
        seed: int | None,
        variant: Mapping[str, Any],
    ) -> None:
        """Show line ``line`` of ``tree`` at ``step`` through ``viewer``'s eyes: everything
        was checked before, so this only assigns."""
        self._quiet = True
        try:
            options = self._eyes_options(tree.main.replay)
            if list(self.eyes.options) != options:
                self.eyes.value = -1
                self.eyes.options = options
            self.eyes.value = -1 if viewer is None else viewer
        finally:
            self._quiet = False
        self.tree, self.line, self.seed, self.variant = tree, line, seed, dict(variant)
        self._ai = None
        self.deal_note.value = deal_note(self.game, seed, variant)
        self._sync_eyes()
        self.stepper.set_replay(tree.lines[line].replay, step=step)

    # -- the page's link and rules -----------------------------------------------------------
    def position(self) -> dict[str, str]:
        """``deal`` (the curated deal) or ``seed``, ``step``, ``eyes`` (when not the
        teacher's) and ``line`` (when there are what-ifs)."""
        where = {"deal": self.story} if self.seed is None else {"seed": str(self.seed)}
        where["step"] = str(self.stepper.step)
        if self.viewer is not None:
            where["eyes"] = str(self.viewer + 1)
        if len(self.tree.lines) > 1:
            where["line"] = self.tree.text(self.line)
        return where

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        """Go to a position `position` gave; ``ValueError`` (nothing changes) for one that
        cannot be reached."""
        notices = link_values.unknown(params, link_values.STEPPER_NAMES)
        deal, seed_text = params.get("deal"), params.get("seed")
        if deal is not None and seed_text is not None:
            raise ValueError(msg("a link gives either a deal or a seed, not both"))
        seed = self.seed
        if deal is not None:
            if deal != self.story:
                raise ValueError(
                    msg(
                        "this lesson's stepped deal has no deal {deal}: its story deal is "
                        "{story} (or give a seed)",
                        deal=shown(deal),
                        story=repr(self.story),
                    )
                )
            seed = None
            if self.variant:
                notices.append(
                    str(
                        msg(
                            "the deal {story} is the lesson's story deal, played under the "
                            "standard rules, not the rules chosen on this page",
                            story=repr(self.story),
                        )
                    )
                )
        elif seed_text is not None:
            seed = link_values.read_seed(seed_text)
        tree = self.tree if seed == self.seed else self._deal(seed, self.variant)
        tree = WhatIfTree.of(tree.main.replay, tree.main.reasons)
        line = 0
        if "line" in params:
            line, branches = read_line(params["line"])
            tree = tree.grown(branches, self.play_on, self.ai_move)
        replay = tree.lines[line].replay
        if "step" in params:
            step = link_values.read_step(params["step"], len(replay))
        else:
            step = self.open_at(tree.main.replay, tree.main.reasons)
        seats = self.game.num_players(replay.state_at(0))
        viewer = link_values.read_eyes(params["eyes"], seats) if "eyes" in params else None
        self._set(tree, line=line, step=step, viewer=viewer, seed=seed, variant=self.variant)
        return notices

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The standard rules show the curated deal; any other rules a seeded deal (seed 1, or
        the current seed) of the same shape under them (`story_variant`: an option the class
        did not change, or one the story deal plays anyway, leaves the story deal).
        ``ValueError`` (nothing changes) when the lesson's bots cannot play them."""
        variant = story_variant(self.story, options)
        if variant == self.variant:
            return
        seed = None if not variant else (self.seed if self.seed is not None else VARIANT_SEED)
        tree = self._deal(seed, variant)
        seats = self.game.num_players(tree.main.replay.state_at(0))
        viewer = self.viewer if self.viewer is not None and self.viewer < seats else None
        step = self.open_at(tree.main.replay, tree.main.reasons)
        self._set(tree, line=0, step=step, viewer=viewer, seed=seed, variant=variant)

    # -- what if -----------------------------------------------------------------------------
    def branch(self, action: str, reason: tuple[int, Narration] | None = None) -> None:
        """Play ``action`` instead of the shown line's move at this step, let the bots play on,
        and show the new line at the new move."""
        step = self.stepper.step
        tree = self.tree.grow(Branch(self.line, step, action), self.play_on, reason)
        self.tree = tree
        self.show_line(len(tree.lines) - 1, step=step + 1)
        self.status.ok(
            str(
                msg(
                    "What if {number}: the bots played on to step {step}.",
                    number=len(tree.lines) - 1,
                    step=len(self.replay),
                )
            )
        )

    def play_instead(self) -> None:
        """The chosen what-if move (with the AI's reason if it was the AI's answer)."""
        action = self.whatif.chosen
        if not action:
            raise ValueError(msg("there is no other move to play here"))
        key = (self.line, self.stepper.step, action)
        reason = self._ai[3] if self._ai is not None and self._ai[:3] == key else None
        self.branch(action, reason)

    def ask_ai(self) -> None:
        """The lesson's AI for the seat to act, fresh, says its move and reason; a move that
        differs from the line's is chosen in the What if… list, one press from a branch."""
        step, state = self.stepper.step, self.stepper.state
        seat = self.game.current_player(state)
        if seat < 0:
            raise ValueError(msg("no player moves at this step: ask at a player's move"))
        if self.viewer not in (None, seat):
            raise ValueError(
                msg(
                    "only {player} (or the teacher) may see their choices: choose their eyes "
                    "to ask",
                    player=seat_name(seat),
                )
            )
        answer = self.ai_move(self.replay, step)
        if answer is None:
            raise ValueError(msg("the lesson has no AI for {player}", player=seat_name(seat)))
        action, (_, told) = answer
        words = self.game.move_words(state, action)
        why = reason_for(told, seat, self.viewer, shown=False) or ""
        values = {"player": seat_name(seat), "move": words, "why": why}
        if step < len(self.replay) and self.replay.actions[step] == action:
            said = msg(
                "The AI for {player} would play {move}: {why} That is this line's move.", **values
            )
            self.whatif.say(str(said))
            return
        self._ai = (self.line, step, action, (seat, told))
        self.whatif.choose(action)
        said = msg(
            "The AI for {player} would play {move}: {why} Press Play this instead to follow it.",
            **values,
        )
        self.whatif.say(str(said))

    def ai_move(self, replay: Replay, step: int) -> tuple[str, tuple[int, Narration]] | None:
        """The move the lesson's AI, fresh, would make at ``step`` of ``replay``, and its
        reason (None: no player moves there, or the lesson has no AI for that seat)."""
        state = replay.state_at(step)
        seat = self.game.current_player(state)
        bot = self.fresh_bots(replay).get(seat) if seat >= 0 else None
        if bot is None:
            return None
        decision = bot.choose(self.game.observe(state, seat), self.game.legal_actions(state))
        return self.game.action_to_text(decision.action), (seat, decision.told)

    def show_line(self, index: int, step: int | None = None) -> None:
        """Show line ``index`` of the tree (0: the main line), at ``step`` or the same step
        when it exists."""
        if not 0 <= index < len(self.tree.lines):
            raise ValueError(msg("there is no line {number}", number=index))
        self.line = index
        self.status.clear()
        self.stepper.set_replay(self.tree.lines[index].replay, step=step)

    def line_note(self, step: int) -> str:
        """The caption's first line on a what-if: which one, where it departs and, to the
        teacher, what was played instead of what."""
        branch = self.tree.lines[self.line].branch
        if branch is None:
            return ""
        # the what-if's move is numbered as the caption numbers it: the step it leads to
        values = {"number": self.line, "step": branch.step + 1}
        if step <= branch.step:
            return str(
                msg(
                    "What if {number} (it departs at step {step}): the same moves up to here.",
                    **values,
                )
            )
        if self.viewer is not None:
            return str(
                msg(
                    "What if {number}, from step {step}: a move other than its line's, then "
                    "the bots.",
                    **values,
                )
            )
        played, instead = self._moves(self.line)
        if instead:
            return str(
                msg(
                    "What if {number}, from step {step}: {played}, instead of: {instead}.",
                    played=played,
                    instead=instead,
                    **values,
                )
            )
        return str(msg("What if {number}, from step {step}: {played}.", played=played, **values))

    def _moves(self, index: int) -> tuple[str, str]:
        """The teacher's words for the move line ``index`` plays and for the one its parent
        line played there ("" at the parent's end)."""
        line = self.tree.lines[index]
        assert line.branch is not None
        step = line.branch.step
        played = line.replay.event_at(step + 1).narration_for(None).rstrip(".")
        parent = self.tree.lines[line.branch.parent].replay
        if step >= len(parent):
            return played, ""
        return played, parent.event_at(step + 1).narration_for(None).rstrip(".")

    def _line_label(self, index: int) -> str:
        if index == 0:
            return str(msg("Main line"))
        line = self.tree.lines[index]
        assert line.branch is not None
        seat = self.game.current_player(line.replay.state_at(line.branch.step))
        if self.viewer is None:
            move: object = self._moves(index)[0]
        else:
            move = msg("a move of {player}", player=seat_name(seat))
        depth = self.tree.depth(index)
        label = msg(  # the step of the what-if's move, as the caption numbers it
            "What if {number}: step {step}, {move}",
            number=index,
            step=line.branch.step + 1,
            move=move,
        )
        return f"{INDENT * (depth - 1)}{label}"

    def _offer(self, step: int, state: Any, event: Any) -> None:
        """Fill the What if… row for this step and eyes, and the tree of lines."""
        seat = self.game.current_player(state)
        self._ai = None
        if seat == TERMINAL:
            self.whatif.offer([], msg("The game is over here: step back to a move."), ask=False)
        elif seat == CHANCE:
            text = msg("Chance decides this step: step to a player's move.")
            self.whatif.offer([], text, ask=False)
        elif self.viewer not in (None, seat):
            text = msg(
                "{player} to act: only they (or the teacher) see their choices.",
                player=seat_name(seat),
            )
            self.whatif.offer([], text, ask=False)
        else:
            taken = self.replay.actions[step] if step < len(self.replay) else None
            moves = [
                (self.game.move_words(state, text), text)
                for text in legal_action_texts(self.game, state)
                if text != taken
            ]
            who = seat_name(seat)
            if taken:
                played = self.game.move_words(state, taken)
                if not moves:
                    text = msg(
                        "{player} has no other move here (this line's move: {move}).",
                        player=who,
                        move=played,
                    )
                else:
                    text = msg(
                        "{player}'s other moves here (this line's move: {move}).",
                        player=who,
                        move=played,
                    )
            elif not moves:
                text = msg("{player} has no other move here.", player=who)
            else:
                text = msg("{player}'s other moves here.", player=who)
            self.whatif.offer(moves, text, ask=True)
        self._quiet = True
        try:
            labels = [(self._line_label(i), i) for i in self.tree.order()]
            self.whatif.show_tree(labels, self.line)
        finally:
            self._quiet = False

    def _line_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None and change["new"] != self.line:
            self.show_line(change["new"])

    # -- eyes and texts ----------------------------------------------------------------------
    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table is seen through; None is the teacher."""
        return None if self.eyes.value < 0 else self.eyes.value

    @property
    def eyes_words(self) -> str:
        if self.viewer is None:
            return str(msg("the teacher's eyes"))
        return str(msg("{player}'s eyes", player=seat_name(self.viewer)))

    def _eyes_changed(self, _change: Any) -> None:
        if not self._quiet:
            self.refresh()

    def view_of(self, state: Any) -> Any:
        """The observation the chosen eyes have of ``state``."""
        return self.game.observe(state, self.viewer)

    def _sync_eyes(self) -> None:
        self.stepper.viewer = self.viewer
        label = msg(
            "{picture}, through {eyes}", picture=str(self.picture_label), eyes=self.eyes_words
        )
        self.view.describe(str(label))

    def refresh(self) -> None:
        """Show the current step again through the chosen eyes (caption, picture, texts)."""
        self._sync_eyes()
        self.stepper.refresh()

    def reason_at(self, step: int) -> str:
        """Why the step happened: a bot's reason, if these eyes may read it, or chance."""
        if step not in self.reasons:
            branch = self.tree.lines[self.line].branch
            if branch is not None and step == branch.step + 1:
                return str(
                    msg(
                        "Why? This is what if {number}: the move played instead of its line's.",
                        number=self.line,
                    )
                )
            return str(self.start_text if step == 0 else self.chance_text)
        seat, reason = self.reasons[step]
        who = f"{seat_name(seat)}{self.bot_label}"
        text = reason_for(reason, seat, self.viewer, shown=False)
        if text is None:
            return str(
                msg(
                    "Why? {player} keeps its reasons to itself: they rest on cards {eyes} cannot "
                    "see. Choose its eyes, or the teacher's, to read them.",
                    player=who,
                    eyes=self.eyes_words,
                )
            )
        return str(msg("Why? {player}: {reason}", player=who, reason=text))

    def last_move(self, step: int) -> str:
        if not step:
            return str(msg("nothing yet"))
        return self.replay.event_at(step).narration_for(self.viewer)

    def legal_moves(self, state: Any, limit: int = 8) -> list[str]:
        """The moves of the seat to act, listed only to that seat (and the teacher): a list of
        moves can name the cards in a hand."""
        player = self.game.current_player(state)
        if player == TERMINAL:
            return [str(msg("none: the game is over"))]
        if player == CHANCE:
            return [str(self.chance_moves)]
        if self.viewer not in (None, player):
            return [
                str(
                    msg(
                        "{player} to act: only they can see their choices",
                        player=seat_name(player),
                    )
                )
            ]
        texts = legal_moves_in_words(self.game, state)
        if len(texts) > limit:
            said = msgn(
                "{player}: {moves} … ({count} in all)",
                "{player}: {moves} … ({count} in all)",
                len(texts),
                player=seat_name(player),
                moves=joined(texts[:limit]),
            )
        else:
            said = msg("{player}: {moves}", player=seat_name(player), moves=joined(texts))
        return [str(said)]

    def show_why(self, step: int) -> None:
        self.why.value = f"<p class='cardlab-reason'>{html.escape(self.reason_at(step))}</p>"

    def show_mirror(self, step: int, state: Any, *, hands: Any, table: Any) -> None:
        """The text mirror: ``hands`` and ``table`` from the chosen eyes' observation, the last
        and legal moves filled in here."""
        self.mirror.update(
            hands=hands,
            table=table,
            last_move=self.last_move(step),
            legal_moves=self.legal_moves(state),
        )

    def _show(self, step: int, state: Any, event: Any) -> None:
        raise NotImplementedError

    def _redraw(self) -> None:
        self.refresh()
