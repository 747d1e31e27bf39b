"""`BotStepper`: every lesson's seeded (or curated) game of bots, stepped through under the eyes
of the teacher or one seat, with what-if branches, as a value (`cardlab.widgets.stepper_view`
shows any of them).

A position is data: the deal (the curated one, or a seed under a rules variant), the line of
the what-if tree, the step and the eyes.  Every bot draws its randomness from its seed and what
it sees, so a position's link (`position`, `at`) reopens exactly the same picture and words."""

from __future__ import annotations

import dataclasses
import functools
import html
import importlib
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, cast

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
from cardlab.core.text import shown
from cardlab.core.whatif import Branch, Reasons, WhatIfTree, read_line
from cardlab.lessons import deals
from cardlab.lessons.variants import rules_variant, rules_words
from cardlab.render.ops import Drawing

VARIANT_SEED = 1
"""The seed of the deal a stepper shows under rules other than the standard ones (its story deal
is for those): every panel about that deal shows the same one."""


def seeded_start(story: str, seed: int, variant: Mapping[str, Any]) -> Replay[Any]:
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


def first_step(replay: Replay[Any], phase: str) -> int:
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
    return deal_reasons(deal, bots_name(bots), players)


def bots_name(bots: Callable[..., Mapping[int, Bot]]) -> str:
    """How the stored figures name a lesson's bots: ``module:function``."""
    return f"{bots.__module__}:{bots.__qualname__}"


@stored
def seeded_deal(
    deal: str,
    seed: int,
    variant: tuple[tuple[str, Any], ...],
    bots: str,
    players: int | None = None,
) -> tuple[str, Reasons]:
    """A deal of ``seed`` of the curated deal ``deal``'s shape under the rules ``variant``
    (sorted pairs), played out by the bots ``bots`` (named as in `deal_reasons`): the replay as
    text and the bots' reasons.  Stored for each value of one option of a lesson's rules row
    where the bots think long (Triad's and Pyramid's Monte Carlo equities: a third of a second
    of a rules change); a replay's text reads back in milliseconds."""
    module, _, name = bots.partition(":")
    factory = getattr(importlib.import_module(module), name)
    reasons: Reasons = {}
    start = seeded_start(deal, seed, dict(variant))
    end = start.play_out(factory() if players is None else factory(players), reasons=reasons)
    return end.to_text(), reasons


INDENT = "\u00a0\u00a0\u00a0"
"""A branch of a branch is indented under its parent in the list of lines (plain spaces
collapse in a list)."""

AiAnswer = tuple[int, int, str, tuple[int, Narration]]
"""The AI's answer asked at a step: (line, step, action, (seat, its reason))."""


@dataclass(frozen=True)
class Offer:
    """What the What if… row offers at a step: the other moves (words, action text), what they
    are, and whether the AI may be asked here (a player's move the eyes may see)."""

    moves: tuple[tuple[str, str], ...]
    help: str
    ask: bool


@dataclass(frozen=True, kw_only=True)
class BotStepper:
    """A game of bots at one step of one line of its what-if tree, through one seat's eyes (None:
    the teacher's).

    Every text it gives under chosen eyes comes from what that seat may see: the caption and the
    last move read the narration through its eyes, a bot's reason is read only through the eyes
    of that bot (or the teacher's), and the legal moves (and the what-if moves) are listed only
    to the seat that has them.

    A game's stepper names its curated deal (``deal``), its bots (``bots``, the stepper module's
    ``default_bots`` as a staticmethod) and where a deal opens (``opens_in``, a phase), and says
    what a step looks like: `picture` and `mirror_parts` (and `notes`, more words under the
    reason).  It loads any deal itself: the curated one with its stored reasons (page load stays
    fast), or a seeded one of the same shape played by the bots (a link's ``seed``, a rules
    variant), and every line of its what-if tree (`cardlab.core.whatif`).
    """

    tree: WhatIfTree[Any]
    story: str
    line: int = 0
    step: int = 0
    viewer: int | None = None
    seed: int | None = None
    """None: the curated deal; else a seeded deal of its shape."""
    variant: tuple[tuple[str, Any], ...] = ()
    """The rules (as far as they change the curated deal's) the seeded deal is played under."""
    asked: AiAnswer | None = None
    """The AI's answer at this step, if the learner asked for it."""
    said: object = ""
    """What the What if… row says now (the AI's answer, a branch played): a message."""
    chosen: str | None = None
    """The what-if move chosen in the list (None: the first one offered)."""

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
    size: ClassVar[tuple[float, float]] = (880.0, 440.0)
    """The canvas (a game: its table picture's size)."""
    mirror_label: ClassVar[object] = msg("The bots' table in words")
    picture_label: ClassVar[object] = msg("The bots' table at this step")
    """What the canvas shows (its accessible name, with the eyes it is seen through); the
    text mirror below is its description."""
    start_text: ClassVar[object] = msg("The pack is shuffled; press Forward or Play.")
    bot_label: ClassVar[object] = ""  # e.g. " (a reasoning bot)", after the seat's name
    chance_text: ClassVar[object] = msg("Chance: the seeded shuffle decided this step.")
    chance_moves: ClassVar[object] = msg("chance: the next card")
    teacher_label: ClassVar[object] = msg("Teacher (every card)")
    has_odds: ClassVar[bool] = False
    """Whether the stepper shows the odds of the seat looked through (`odds_html`), in a box
    of its own (a lesson shows it where its text talks about it)."""

    # -- what a game's stepper says ---------------------------------------------------------------
    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        """The table at this step through the chosen eyes; ``portrait``: laid out for a phone
        held upright (`cardlab.render.portrait`)."""
        raise NotImplementedError

    def mirror_parts(self) -> tuple[list[str], str]:
        """The hands and the table in words, through the chosen eyes (the text mirror)."""
        raise NotImplementedError

    def notes(self) -> str:
        """More about this step under the reason (HTML; "" for none): who sees what, the
        scoring's arithmetic, what the seat can count."""
        return ""

    def scores(self) -> tuple[tuple[str, ...], list[tuple[str, Any, str]]] | None:
        """The score sheet at this step (its players and rows), or None: no score sheet."""
        return None

    def odds_html(self) -> str:
        """The odds of the seat looked through at this step (HTML), when `has_odds`."""
        return ""

    def odds_chart(self, theme: str) -> str:
        """The odds as a chart (inline SVG; "" for none), when `has_odds`."""
        return ""

    def line_ends(self, state: Any) -> bool:
        """Whether a line ends at ``state`` before the game does (the curated deal is part of
        a game); seeded deals and branches are played that far."""
        return False

    @classmethod
    def open_at(cls, replay: Replay[Any], reasons: Reasons) -> int:
        """The step a deal opens at: the first of phase ``opens_in``."""
        return first_step(replay, cls.opens_in) if cls.opens_in else 0

    # -- a deal ----------------------------------------------------------------------------------
    @classmethod
    def start(cls, deal: str | None = None) -> BotStepper:
        """The curated deal (``deal``, or the lesson's), with its stored reasons, where it opens."""
        story = deal or cls.deal
        tree = cls._curated(story)
        return cls(tree=tree, story=story, step=cls.open_at(tree.main.replay, tree.main.reasons))

    @classmethod
    def _curated(cls, story: str) -> WhatIfTree[Any]:
        replay = deals.load(story)
        players = replay.game.num_players(replay.state_at(0)) if cls.bots_per_players else None
        return WhatIfTree.of(replay, stored_reasons(story, cls.bots, players))

    @property
    def game(self) -> Any:
        return self.tree.main.replay.game

    @property
    def replay(self) -> Replay[Any]:
        """The line shown."""
        return self.tree.lines[self.line].replay

    @property
    def reasons(self) -> Reasons:
        """The bots' reasons for the line shown: ``{step: (seat, reason)}``."""
        return self.tree.lines[self.line].reasons

    @property
    def state(self) -> Any:
        return self.replay.state_at(self.step)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.variant)

    def fresh_bots(self, replay: Replay[Any]) -> Mapping[int, Bot]:
        """The bots for the seats of ``replay`` (stateless: the same bots play the same way)."""
        bots = type(self).bots
        if self.bots_per_players:
            return bots(self.game.num_players(replay.state_at(0)))
        return bots()

    def play_on(self, replay: Replay[Any], reasons: Reasons) -> Replay[Any]:
        """``replay`` played on by the bots to where the main line ends, their reasons kept in
        ``reasons``; ``ValueError`` when the bots cannot play it (a seat without one)."""
        end = replay.play_out(self.fresh_bots(replay), reasons=reasons, until=self.line_ends)
        return self.played(end)

    def played(self, end: Replay[Any]) -> Replay[Any]:
        """``end``, where the bots stopped playing; ``ValueError`` unless the main line ends
        there (a seat without a bot)."""
        if not (end.is_terminal or self.line_ends(end.state)):
            raise ValueError(
                msg(
                    "the lesson's bots cannot play this game: {player} has no bot",
                    player=seat_name(end.current_player),
                )
            )
        return end

    def _deal(self, seed: int | None, variant: Mapping[str, Any]) -> WhatIfTree[Any]:
        """The tree of a deal with no branches: the curated one (seed None) or a seeded one."""
        if seed is None:
            return self._curated(self.story)
        kind = cast(Hashable, type(self))  # a class is hashable; mypy reads its __hash__ oddly
        return _seeded(kind, self.story, seed, tuple(sorted(variant.items())))

    def _with(self, tree: WhatIfTree[Any], **changes: Any) -> BotStepper:
        """This stepper on ``tree`` (the AI's answer and the row's words forgotten)."""
        return dataclasses.replace(self, tree=tree, asked=None, said="", chosen=None, **changes)

    # -- moving ---------------------------------------------------------------------------------
    def go(self, step: int) -> BotStepper:
        """Step ``step`` of the line shown (0..its length; ``ValueError`` out of range)."""
        last = len(self.replay)
        if not isinstance(step, int) or not 0 <= step <= last:
            raise ValueError(
                msg(
                    "step {step} is out of range: this deal has steps 0-{last}",
                    step=step,
                    last=last,
                )
            )
        if step == self.step:
            return self
        return dataclasses.replace(self, step=step, asked=None, said="", chosen=None)

    def with_viewer(self, viewer: int | None) -> BotStepper:
        """The same step through ``viewer``'s eyes (None: the teacher's)."""
        seats = self.game.num_players(self.replay.state_at(0))
        if viewer is not None and not 0 <= viewer < seats:
            raise ValueError(msg("there is no player {number}", number=viewer + 1))
        return dataclasses.replace(self, viewer=viewer, asked=None, said="", chosen=None)

    def show_line(self, index: int, step: int | None = None) -> BotStepper:
        """Line ``index`` of the tree (0: the main line), at ``step`` or the same step when it
        exists."""
        if not 0 <= index < len(self.tree.lines):
            raise ValueError(msg("there is no line {number}", number=index))
        length = len(self.tree.lines[index].replay)
        step = min(self.step if step is None else step, length)
        return self._with(self.tree, line=index, step=step)

    # -- the page's link and rules --------------------------------------------------------------
    def position(self) -> dict[str, str]:
        """``deal`` (the curated deal) or ``seed``, ``step``, ``eyes`` (when not the teacher's)
        and ``line`` (when there are what-ifs)."""
        where = {"deal": self.story} if self.seed is None else {"seed": str(self.seed)}
        where["step"] = str(self.step)
        if self.viewer is not None:
            where["eyes"] = str(self.viewer + 1)
        if len(self.tree.lines) > 1:
            where["line"] = self.tree.text(self.line)
        return where

    def at(self, params: Mapping[str, str]) -> tuple[BotStepper, list[str]]:
        """The position `position` gave, and a notice for each parameter ignored;
        ``ValueError`` for one that cannot be reached (this model is unchanged)."""
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
        tree = self.tree if seed == self.seed else self._deal(seed, self.options)
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
        return self._with(tree, line=line, step=step, viewer=viewer, seed=seed), notices

    def with_rules(self, options: Mapping[str, Any]) -> BotStepper:
        """The standard rules show the curated deal; any other rules a seeded deal (seed 1, or
        the current seed) of the same shape under them (`story_variant`: an option the class
        did not change, or one the story deal plays anyway, leaves the story deal).
        ``ValueError`` (this model is unchanged) when the lesson's bots cannot play them."""
        variant = story_variant(self.story, options)
        if variant == self.options:
            return self
        seed = None if not variant else (self.seed if self.seed is not None else VARIANT_SEED)
        tree = self._deal(seed, variant)
        seats = self.game.num_players(tree.main.replay.state_at(0))
        viewer = self.viewer if self.viewer is not None and self.viewer < seats else None
        step = self.open_at(tree.main.replay, tree.main.reasons)
        return self._with(
            tree,
            line=0,
            step=step,
            viewer=viewer,
            seed=seed,
            variant=tuple(sorted(variant.items())),
        )

    # -- what if -----------------------------------------------------------------------------
    def branch(self, action: str, reason: tuple[int, Narration] | None = None) -> BotStepper:
        """``action`` played instead of the line's move at this step, the bots playing on; the
        new line shown at the new move."""
        tree = self.tree.grow(Branch(self.line, self.step, action), self.play_on, reason)
        number = len(tree.lines) - 1
        shown_line = self._with(tree, line=number, step=self.step + 1)
        said = msg(
            "What if {number}: the bots played on to step {step}.",
            number=number,
            step=len(shown_line.replay),
        )
        return dataclasses.replace(shown_line, said=said)

    def choose(self, action: str) -> BotStepper:
        """The what-if move ``action`` chosen in the list (one of those offered)."""
        if action not in [text for _, text in self.offer().moves]:
            raise ValueError(msg("there is no other move to play here"))
        return dataclasses.replace(self, chosen=action)

    def play_instead(self) -> BotStepper:
        """The chosen what-if move (with the AI's reason if it was the AI's answer)."""
        moves = self.offer().moves
        action = self.chosen if self.chosen is not None else (moves[0][1] if moves else None)
        if not action:
            raise ValueError(msg("there is no other move to play here"))
        key = (self.line, self.step, action)
        reason = self.asked[3] if self.asked is not None and self.asked[:3] == key else None
        return self.branch(action, reason)

    def ask_ai(self) -> BotStepper:
        """The lesson's AI for the seat to act says its move and reason; a move that differs
        from the line's is chosen in the What if… list, one press from a branch."""
        state, step = self.state, self.step
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
            return dataclasses.replace(self, said=said)
        said = msg(
            "The AI for {player} would play {move}: {why} Press Play this instead to follow it.",
            **values,
        )
        return dataclasses.replace(
            self, asked=(self.line, step, action, (seat, told)), chosen=action, said=said
        )

    def ai_move(self, replay: Replay[Any], step: int) -> tuple[str, tuple[int, Narration]] | None:
        """The move the lesson's AI, fresh, would make at ``step`` of ``replay``, and its
        reason (None: no player moves there, or the lesson has no AI for that seat)."""
        state = replay.state_at(step)
        seat = self.game.current_player(state)
        bot = self.fresh_bots(replay).get(seat) if seat >= 0 else None
        if bot is None:
            return None
        decision = bot.choose(self.game.observe(state, seat), self.game.legal_actions(state))
        return self.game.action_to_text(decision.action), (seat, decision.told)

    # -- texts ---------------------------------------------------------------------------------
    def eyes_options(self) -> list[tuple[str, int]]:
        """The Eyes choices: the teacher (-1), then each seat."""
        seats = self.game.num_players(self.replay.state_at(0))
        return [(str(self.teacher_label), -1)] + [(str(seat_name(s)), s) for s in range(seats)]

    @property
    def eyes_words(self) -> str:
        if self.viewer is None:
            return str(msg("the teacher's eyes"))
        return str(msg("{player}'s eyes", player=seat_name(self.viewer)))

    def label(self) -> str:
        """The picture's accessible name, with the eyes it is seen through."""
        return str(
            msg("{picture}, through {eyes}", picture=str(self.picture_label), eyes=self.eyes_words)
        )

    def view_of(self, state: Any) -> Any:
        """The observation the chosen eyes have of ``state``."""
        return self.game.observe(state, self.viewer)

    def deal_note(self) -> str:
        """The line over a seeded deal (HTML; "" for the story deal)."""
        return deal_note(self.game, self.seed, self.options)

    def line_note(self) -> str:
        """The caption's first line on a what-if: which one, where it departs and, to the
        teacher, what was played instead of what."""
        branch = self.tree.lines[self.line].branch
        if branch is None:
            return ""
        # the what-if's move is numbered as the caption numbers it: the step it leads to
        values = {"number": self.line, "step": branch.step + 1}
        if self.step <= branch.step:
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

    def line_label(self, index: int) -> str:
        """Line ``index`` in the list of lines (indented under its parent)."""
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

    def lines(self) -> list[tuple[str, int]]:
        """The list of lines, in tree order: (label, index)."""
        return [(self.line_label(i), i) for i in self.tree.order()]

    def offer(self) -> Offer:
        """What the What if… row offers at this step, for these eyes."""
        state, step = self.state, self.step
        seat = self.game.current_player(state)
        if seat == TERMINAL:
            return Offer((), str(msg("The game is over here: step back to a move.")), False)
        if seat == CHANCE:
            return Offer((), str(msg("Chance decides this step: step to a player's move.")), False)
        if self.viewer not in (None, seat):
            text = msg(
                "{player} to act: only they (or the teacher) see their choices.",
                player=seat_name(seat),
            )
            return Offer((), str(text), False)
        taken = self.replay.actions[step] if step < len(self.replay) else None
        moves = tuple(
            (self.game.move_words(state, text), text)
            for text in legal_action_texts(self.game, state)
            if text != taken
        )
        who = seat_name(seat)
        if taken:
            played = self.game.move_words(state, taken)
            if not moves:
                said = msg(
                    "{player} has no other move here (this line's move: {move}).",
                    player=who,
                    move=played,
                )
            else:
                said = msg(
                    "{player}'s other moves here (this line's move: {move}).",
                    player=who,
                    move=played,
                )
        elif not moves:
            said = msg("{player} has no other move here.", player=who)
        else:
            said = msg("{player}'s other moves here.", player=who)
        return Offer(moves, str(said), True)

    def reason(self) -> str:
        """Why the step happened: a bot's reason, if these eyes may read it, or chance."""
        step = self.step
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

    def why_html(self) -> str:
        return f"<p class='cardlab-reason'>{html.escape(self.reason())}</p>"

    def last_move(self) -> str:
        if not self.step:
            return str(msg("nothing yet"))
        return self.replay.event_at(self.step).narration_for(self.viewer)

    def legal_moves(self, limit: int = 8) -> list[str]:
        """The moves of the seat to act, listed only to that seat (and the teacher): a list of
        moves can name the cards in a hand."""
        state = self.state
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


@functools.lru_cache(maxsize=8)
def _seeded(
    kind: Hashable, story: str, seed: int, variant: tuple[tuple[str, Any], ...]
) -> WhatIfTree[Any]:
    """A deal of ``seed`` of the curated deal ``story``'s shape under ``variant``, played by
    ``kind``'s bots (a whole game: read from the stored figures when stored, `seeded_deal`):
    kept, as a page asks for the same one again (a link, the rules back and forth); a page
    shows one at a time, and a few cover a class's back and forth."""
    assert isinstance(kind, type) and issubclass(kind, BotStepper)
    start = seeded_start(story, seed, dict(variant))
    model = kind(tree=WhatIfTree.of(start, {}), story=story)
    if kind.line_ends is not BotStepper.line_ends:  # a line ends before the game does
        reasons: Reasons = {}
        return WhatIfTree.of(model.play_on(start, reasons), reasons)
    players = model.game.num_players(start.state_at(0)) if kind.bots_per_players else None
    text, told = seeded_deal(story, seed, variant, bots_name(kind.bots), players)
    return WhatIfTree.of(model.played(Replay.from_text(text)), dict(told))
