"""Find-the-move practice: curated positions, each stopped at the learner's decision, graded by
the game's engine or AI, shown by the one quiz view (`cardlab.widgets.quiz.QuizView`).

Why a quiz: a practice position is a question with one right answer (or a few equal ones), a
mark, a tally, a class sequence and a row in the class record, which `QuizModel` already is; a
position adds a hint on request, feedback written for each class of wrong answer and a link.

A game's practice (``cardlab/apps/<game>/practice.py``) lists its `Position`s, easy to hard: a
curated deal (a replay text in ``cardlab/lessons/practice/<game>/``, like the lessons' curated
deals) stopped where seat 0 must move, the answers the game grades right (its reviewer's best
values, `cardlab.core.review`: the tests recount them), the level and a hint; and says what the
position asks (`task`), draws it (`picture`), and names each wrong answer's class with its
feedback (`mistake`).  Everything the learner reads is a message, read in the page's language.
"""

from __future__ import annotations

import dataclasses
import functools
import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.resources import files
from typing import Any, ClassVar, Literal

from cardlab.apps.quiz import QuizModel
from cardlab.core.bots import Decision
from cardlab.core.i18n import Message, msg
from cardlab.core.link_values import read_between
from cardlab.core.replay import Replay
from cardlab.core.review import Estimate, Reviewer
from cardlab.render.ops import Drawing

Level = Literal[1, 2, 3]
LEVELS: dict[int, Message] = {
    1: msg("easy: a first-lesson idea"),
    2: msg("medium"),
    3: msg("hard"),
}
SEAT = 0
"""The seat a practice position asks about: the curated deals stop where seat 0 must move."""


@dataclass(frozen=True)
class Position:
    """One find-the-move position: its deal's file (``cardlab/lessons/practice/<game>/<name>.txt``),
    its level, the answers graded right (action texts), the hint shown on request and the moves
    offered (empty: every legal move; a game with dozens of legal moves offers the few worth
    weighing, as a chess puzzle book does, each of them legal)."""

    name: str
    level: Level
    answers: tuple[str, ...]
    hint: Message
    offered: tuple[str, ...] = ()


@dataclass(frozen=True)
class Exercise:
    """A position dealt: its number in the game's list (from 0), the position, its replay (the
    deal up to the decision), what seat 0 sees there and the moves offered (all legal, or the
    position's own choice of them)."""

    number: int
    position: Position
    replay: Replay[Any] = dataclasses.field(compare=False)
    view: Any = dataclasses.field(compare=False)
    legal: tuple[str, ...] = ()

    @property
    def state(self) -> Any:
        return self.replay.state


def read_deal(game: str, name: str) -> Replay[Any]:
    """The curated deal of practice position ``name`` of ``game``."""
    folder = files("cardlab.lessons.practice").joinpath(game)
    text = folder.joinpath(f"{name}.txt").read_text(encoding="utf-8")
    return Replay.from_text(text)


@functools.lru_cache(maxsize=256)  # every position of every game (6 x about 20), once each
def _dealt(game: str, name: str) -> tuple[Replay[Any], Any]:
    """Position ``name`` of ``game`` dealt: its replay and seat 0's view."""
    replay = read_deal(game, name)
    if replay.current_player != SEAT:
        raise ValueError(f"practice {game}/{name}: seat {SEAT} is not to move")
    return replay, replay.game.observe(replay.state, SEAT)


@functools.lru_cache(maxsize=256)
def _legal(game: str, name: str) -> tuple[str, ...]:
    """Seat 0's legal moves at position ``name`` of ``game``, as the engine lists them."""
    replay, _ = _dealt(game, name)
    return tuple(str(a) for a in replay.game.legal_actions(replay.state))


@dataclass(frozen=True, kw_only=True)
class PracticeModel(QuizModel):
    """A game's practice at one position (``seed``: its number; a class's sequence of numbers
    is taken modulo the list), with the hint shown or not: see the module docstring."""

    seed: int = 0
    hinted: bool = False

    positions: ClassVar[tuple[Position, ...]] = ()
    share_key: ClassVar[str] = "practice"
    sequence: ClassVar[str] = "practice"
    offers_hint: ClassVar[bool] = True
    confirms: ClassVar[bool] = True
    next_label = msg("Next position")
    picture_label = msg("The position to play, from your seat")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's practice is named for its game, and asks its own positions (no questions
        module: `deal`, `prompt`, `choices` and `feedback` are the practice's own)."""
        super().__init_subclass__(**kwargs)
        cls.questions = None

    # -- what a game's practice says --------------------------------------------------------
    def task(self, ex: Exercise) -> Message:
        """What the position asks, and the position in words (nothing only drawn)."""
        raise NotImplementedError

    def mistake(self, ex: Exercise, move: str) -> Message:
        """The feedback on wrong answer ``move``, written for its class of mistake."""
        raise NotImplementedError

    def reviewer(self) -> Reviewer:
        """What grades the moves and says the AI's reason (the game's review)."""
        raise NotImplementedError

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        raise NotImplementedError

    # -- the quiz's part ------------------------------------------------------------------------
    def deal(self) -> Exercise:
        number = self.seed % len(self.positions)
        position = self.positions[number]
        replay, view = _dealt(self.game, position.name)
        if not position.offered:
            return Exercise(number, position, replay, view, _legal(self.game, position.name))
        # each offered move checked alone: listing every legal play of a Dou Dizhu hand, as
        # the tests do, would write the text of each of its plays while the page loads
        for move in position.offered:
            if replay.game.why_illegal(replay.state, move) is not None:
                raise ValueError(
                    f"practice {self.game}/{position.name}: the offered move {move!r} is illegal"
                )
        return Exercise(number, position, replay, view, position.offered)

    @property
    def exercise(self) -> Exercise:
        ex: Exercise = self.question
        return ex

    def prompt(self) -> str:
        ex = self.exercise
        head = msg(
            "Find the move {number} of {count} ({level}).",
            number=ex.number + 1,
            count=len(self.positions),
            level=LEVELS[ex.position.level],
        )
        return f"<p><b>{html.escape(str(head))}</b> {html.escape(str(self.task(ex)))}</p>"

    def choices(self) -> Sequence[tuple[str, str]]:
        ex = self.exercise
        game = ex.replay.game
        return tuple((game.move_words(ex.state, move), move) for move in ex.legal)

    def feedback(self, value: str) -> tuple[bool, object, object]:
        """Right when ``value`` is one of the position's answers; the body says what the chosen
        move is worth against the best (and how that was found), the feedback written for its
        class of mistake, and the reasoning: the AI's own reason for the answer."""
        ex = self.exercise
        right = value in ex.position.answers
        game = ex.replay.game
        best = ex.position.answers[0]
        reviewer = self.reviewer()
        decision: Decision = reviewer.ai(ex.view, ex.legal)
        head = msg("Right.") if right else msg("Not the best move.")
        parts = []
        if not right:
            parts.append(str(self.mistake(ex, value)))
            mine, theirs = reviewer.values(ex.view, ex.legal, (value, best))
            parts.append(str(_compared(game.move_words(ex.state, best), mine, theirs)))
        reason = decision.told.text(SEAT)
        parts.append(str(msg("Why {move}: {reason}", move=game.move_words(ex.state, best),
                             reason=reason)))  # fmt: skip
        body = " ".join(html.escape(p) for p in parts)
        return right, f"<b>{html.escape(str(head))}</b>", body

    def picture(self, theme: str) -> Drawing:
        return self.draw(self.exercise, theme)

    # -- the hint ---------------------------------------------------------------------------
    def hint_text(self) -> str:
        """The hint, once asked for and before the answer ("" otherwise)."""
        if not self.hinted or self.revealed:
            return ""
        return str(msg("Hint: {hint}", hint=self.exercise.position.hint))

    def marked(self) -> str:
        hint = self.hint_text()
        return f"<div>{html.escape(hint)}</div>" if hint else super().marked()

    def with_hint(self) -> PracticeModel:
        return dataclasses.replace(self, hinted=True)

    def at(self, seed: int) -> PracticeModel:
        return dataclasses.replace(self, seed=seed, chosen=None, counted=False, hinted=False)

    # -- a link's position ------------------------------------------------------------------
    def position(self) -> dict[str, str]:
        return {"position": str(self.seed % len(self.positions) + 1)}

    def at_link(self, params: Mapping[str, str]) -> tuple[PracticeModel, list[str]]:
        """The practice at the position a link names (``position=3``: the third); a notice for
        each parameter it does not read; ``ValueError`` naming a bad position."""
        model = self
        notices = []
        for name, text in params.items():
            if name == "position":
                number = read_between("position", text, 1, len(self.positions))
                model = model.at(number - 1)
            else:
                notices.append(str(msg("ignored {name}: a practice position has no such part",
                                       name=repr(name))))  # fmt: skip
        return model, notices

    def with_rules(self, options: Mapping[str, Any]) -> PracticeModel:
        """The positions are the lesson's standard game, whatever the page's rules: the same
        practice."""
        return self


def _compared(best: str, mine: Estimate, theirs: Estimate) -> Message:
    """Your move's value against the answer's, and how both were found."""
    return msg(
        "Your move: {mine}; {best}: {theirs} ({method}).",
        mine=mine.words(),
        best=best,
        theirs=theirs.words(),
        method=theirs.method,
    )
