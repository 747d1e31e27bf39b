"""A hand looked back on: each decision a seat made, what the AI would have made in its place,
and what the difference is worth.

Why here and pure: a review is about the game, not the page, so it is computed from a replay and
tested without a widget; a table shows it, a branch replays it.  It is built from observations
only: a `Reviewer` is asked about a decision with the seat's observation and the legal moves (both
the same in every state the seat cannot tell apart), never with the state, so a review cannot use
a card the seat had not seen; each game's review test re-deals the unseen cards and requires the
same review (`twins_agree`).

A reviewer gives each move a value in the unit of its method (chips, a share of random hands
beaten, points of deadwood), higher better, with how it was found: exact, or a seeded simulation
with its 95% margin.  Decisions are ordered by what the learner's move cost, as a share of what
was at stake in that decision (`Estimate.stake`: the pot for chips), so a betting round and a draw
compare on one scale.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from cardlab.core.bots import Decision
from cardlab.core.engine import Action
from cardlab.core.i18n import Message, msg, num
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay

Verdict = Literal["same", "as good", "better", "worse"]
"""The learner's move against the AI's: the very move, worth as much (exactly, or within the
simulation's margin), worth more, or worth less."""


@dataclass(frozen=True)
class Estimate:
    """A move's value: ``value`` (higher is better), ``shown`` as a player reads it ("+2.4
    chips"), counted in ``unit`` (what a cost is said in: "chips"), found by ``method`` (an exact
    count, or a seeded simulation with a 95% ``margin`` either side), out of ``stake`` (what was
    at stake in the decision, in the same unit: the scale its cost is compared on)."""

    value: float
    shown: Message
    unit: Message
    method: Message
    margin: float = 0.0
    stake: float = 1.0
    samples: tuple[float, ...] = field(default=(), compare=False, repr=False)
    """A simulation's values, one per sample: two moves valued on the same samples are compared
    by their differences, a much closer measure than both margins added."""

    @property
    def exact(self) -> bool:
        return self.margin == 0.0

    def words(self) -> Message:
        """The value as shown, and a simulation's margin: "+2.4 chips (\u00b1 0.6)"."""
        if self.exact:
            return self.shown
        return msg(
            "{value} (\u00b1 {margin})",
            value=self.shown,
            margin=num(max(round(self.margin, 1), 0.1), 1),
        )


def mean_margin(samples: Sequence[float]) -> tuple[float, float]:
    """The mean of ``samples`` and the half-width of its 95% interval (normal approximation)."""
    n = len(samples)
    if n == 0:
        raise ValueError("a simulation needs at least one sample")
    mean = sum(samples) / n
    if n == 1:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


class Reviewer(Protocol):
    """What a game's review knows: the AI's move in a seat, from that seat's observation, and
    the values of moves there.  Both see only the observation and the legal moves."""

    def ai(self, view: Any, legal: Sequence[Action]) -> Decision:
        """The table's AI's move in the learner's seat, with its reason."""
        ...

    def where(self, view: Any) -> Message:
        """Where in the hand the decision was ("Hand 2 of 10: betting round 1")."""
        ...

    def values(
        self, view: Any, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        """Each of ``moves``' value, on one scale (a simulation samples the same deals for each,
        so their difference is measured more closely than either)."""
        ...

    def same(self, view: Any, first: Action, second: Action) -> bool:
        """Whether two action texts are one move (a discard names its cards in any order)."""
        ...


@dataclass(frozen=True)
class Judged:
    """One decision reviewed: the step it was made at (the replay's step ``step`` is the move;
    the state before it is step ``step - 1``), the learner's move and the AI's, the AI's reason
    and both values (None when the learner played the AI's very move: nothing to compare, and
    a simulation not worth its time)."""

    step: int
    played: Action
    ai: Action
    reason: Narration = field(compare=False)
    played_value: Estimate | None = None
    ai_value: Estimate | None = None
    number: int = 0
    """The decision's place in the hand, from 1."""

    @property
    def cost(self) -> float:
        """What playing the learner's move instead of the AI's lost (negative: gained)."""
        if self.ai_value is None or self.played_value is None:
            return 0.0
        return self.ai_value.value - self.played_value.value

    @property
    def unit(self) -> Message:
        """What the cost is counted in ("chips"); the AI's very move has no cost to count."""
        if self.ai_value is None:
            raise ValueError("the AI's very move has no cost")
        return self.ai_value.unit

    @property
    def weight(self) -> float:
        """The cost as a share of what was at stake (the larger of the two moves' stakes: a bet
        puts more at stake than a check): the order of a review."""
        if self.ai_value is None or self.played_value is None:
            return 0.0
        stake = max(abs(self.ai_value.stake), abs(self.played_value.stake), 1e-9)
        return self.cost / stake

    @property
    def margin(self) -> float:
        """The 95% margin of the cost: of the paired differences when both moves were valued on
        the same samples, else both margins added (0 for exact values)."""
        mine, theirs = self.played_value, self.ai_value
        if mine is None or theirs is None:
            return 0.0
        if mine.samples and len(mine.samples) == len(theirs.samples):
            return mean_margin([a - b for a, b in zip(theirs.samples, mine.samples, strict=True)])[
                1
            ]
        return mine.margin + theirs.margin

    @property
    def verdict(self) -> Verdict:
        if self.ai_value is None or self.played_value is None:
            return "same"
        margin = self.margin
        if abs(self.cost) <= max(margin, 1e-9):
            return "as good"
        return "worse" if self.cost > 0 else "better"


@dataclass(frozen=True)
class Review:
    """A hand's decisions, the costliest first (ties in the order they were made)."""

    decisions: tuple[Judged, ...]

    @property
    def costly(self) -> tuple[Judged, ...]:
        """The decisions where the learner's move was worth less than the AI's."""
        return tuple(d for d in self.decisions if d.verdict == "worse")

    def branch(self, replay: Replay[Any], index: int) -> Replay[Any]:
        """``replay`` cut before decision ``index`` (of `decisions`) with the AI's move played
        there instead: the what-if line the learner plays on from."""
        if not 0 <= index < len(self.decisions):
            raise ValueError(msg("There is no decision {number} in this review.", number=index + 1))
        judged = self.decisions[index]
        return replay.branch(judged.step - 1, judged.ai)


def decision_steps(replay: Replay[Any], seat: int, start: int = 0) -> list[int]:
    """The steps after ``start`` whose move ``seat`` made (a move with a choice: a seat with one
    legal move made no decision)."""
    game = replay.game
    steps = []
    for step in range(start + 1, len(replay) + 1):
        if replay.event_at(step).actor != seat:
            continue
        if len(game.legal_actions(replay.state_at(step - 1))) > 1:
            steps.append(step)
    return steps


def judge(
    reviewer: Reviewer, view: Any, legal: Sequence[Action], played: Action, step: int
) -> Judged:
    """One decision: the AI's move from ``view``, and both moves valued when they differ."""
    decision = reviewer.ai(view, legal)
    ai = decision.action
    if reviewer.same(view, played, ai):
        return Judged(step, played, played, decision.told)
    played_value, ai_value = reviewer.values(view, legal, (played, ai))
    return Judged(step, played, ai, decision.told, played_value, ai_value)


def review(replay: Replay[Any], seat: int, reviewer: Reviewer, start: int = 0) -> Review:
    """The review of ``seat``'s decisions in ``replay`` after step ``start`` (a hand's first
    step), each judged from the seat's observation before it."""
    game = replay.game
    judged = []
    for number, step in enumerate(decision_steps(replay, seat, start), 1):
        before = replay.state_at(step - 1)
        view = game.observe(before, seat)
        legal = tuple(game.legal_actions(before))
        one = judge(reviewer, view, legal, replay.actions[step - 1], step)
        judged.append(_numbered(one, number))
    order = sorted(judged, key=lambda d: (-d.weight if d.verdict == "worse" else 0.0, d.number))
    return Review(tuple(order))


def _numbered(judged: Judged, number: int) -> Judged:
    return Judged(
        judged.step, judged.played, judged.ai, judged.reason, judged.played_value,
        judged.ai_value, number,
    )  # fmt: skip


def twins_agree(replay: Replay[Any], seat: int, reviewer: Reviewer, start: int, seed: int) -> bool:
    """Whether every decision of ``seat`` after ``start`` is judged alike in a state with the
    unseen cards dealt again (`Game.resample_hidden`): the hidden-information test of a review."""
    game = replay.game
    rng = random.Random(seed)
    for step in decision_steps(replay, seat, start):
        before = replay.state_at(step - 1)
        twin = game.resample_hidden(before, seat, rng)
        played = replay.actions[step - 1]
        mine = judge(reviewer, game.observe(before, seat), game.legal_actions(before), played, step)
        other = judge(reviewer, game.observe(twin, seat), game.legal_actions(twin), played, step)
        if mine != other or mine.reason != other.reason:
            return False
    return True
