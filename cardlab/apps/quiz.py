"""`QuizModel`: every lesson's quiz as a value, shown by the one quiz view
(`cardlab.widgets.quiz.QuizView`).

A game's quiz asks the questions of its folder (`questions`: ``cardlab.apps.<game>.questions``,
whose ``question``, ``prompt_html``, ``choices`` and ``feedback`` deal a question under the
page's rules, say it and mark an answer) and draws the position (`picture`, the answer's once it is
chosen); this base keeps the rest as plain data: the seed,
the rules, the answer chosen, the tally of first answers and the class's sequence of questions.
Every change is a new model (`with_rules`, `answer`, `next_question`, `in_class`), so a refused
one (rules a question cannot be dealt under, an answer that is none of the choices) raises
before anything is replaced, and the view has one way to update.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardlab.core.classdeals import class_seed
from cardlab.core.i18n import Message, joined, msg
from cardlab.core.text import shown
from cardlab.render.ops import Drawing

MAX_TALLY = 1_000_000
"""The most questions a kept quiz may say were asked (a page is kept for days, not years)."""


@dataclass(frozen=True, kw_only=True)
class QuizModel:
    """A quiz at one question: see the module docstring."""

    seed: int = 1
    rules: tuple[tuple[str, Any], ...] = ()
    """The page's rules the question is dealt under (the game's full options; () standard)."""
    chosen: str | None = None
    """The answer the learner chose (None: not answered yet)."""
    right: int = 0
    asked: int = 0
    """The tally: questions answered, and answered right, at the first answer."""
    counted: bool = False
    """Whether this question's first answer is in the tally (a second answer never is)."""
    class_code: str = ""
    number: int = 0
    """The class question's number in class ``class_code``'s sequence (0: none yet)."""

    size: ClassVar[tuple[float, float]] = (10.0, 10.0)
    picture_label: ClassVar[Message] = msg("The position of the question")
    """The picture's accessible name; its description is the question, whose prompt holds the
    position in words: nothing the learner needs is only drawn."""
    answer_label: ClassVar[Message | None] = None
    """The picture's name once the answer is drawn (None: the picture does not change)."""
    game: ClassVar[str] = "quiz"
    """The game whose lesson asks this quiz: it names the class's sequence of questions."""
    questions: ClassVar[Any] = None
    """The game's questions module (found beside the quiz): ``question(seed, options)``,
    ``prompt_html(q)``, ``choices(q)`` and ``feedback(q, value)``, pure, so the printed handout
    asks them too."""
    sequence: ClassVar[str] = "quiz"
    """What names the class's sequence of questions, after the game (``triad-quiz``)."""
    share_key: ClassVar[str] = ""
    """The name a link gives the quiz's position ("": a quiz a link does not point into)."""
    next_label: ClassVar[Message] = msg("New question")
    """The button that goes to the next question."""
    confirms: ClassVar[bool] = False
    """Whether a choice is only marked once the learner presses Check (a choice among many
    moves, which the arrow keys walk through: choosing is not yet answering)."""
    offers_hint: ClassVar[bool] = False
    """Whether a hint may be asked for before answering (`with_hint`, `hint_text`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game's quiz (``cardlab.apps.<game>.quiz``) is named for its game, and asks the
        questions of its folder (``cardlab.apps.<game>.questions``)."""
        super().__init_subclass__(**kwargs)
        parts = cls.__module__.split(".")
        if len(parts) > 3 and parts[:2] == ["cardlab", "apps"]:
            cls.game = parts[2]
            cls.questions = importlib.import_module(f"cardlab.apps.{parts[2]}.questions")

    # -- what a game's quiz says ----------------------------------------------------------------
    def deal(self) -> Any:
        """The question for ``self.seed`` under ``self.options`` (``ValueError``: none can be
        dealt under those rules)."""
        return self.questions.question(self.seed, self.options)

    def prompt(self) -> str:
        """The question in words (HTML, naming the rules when they are not the standard ones)."""
        return str(self.questions.prompt_html(self.question))

    def choices(self) -> Sequence[tuple[str, str]]:
        """The answers to choose from: (label, value)."""
        return tuple(self.questions.choices(self.question))

    def feedback(self, value: str) -> tuple[bool, object, object]:
        """Whether ``value`` is right, the verdict and the explanation (HTML, or a message
        read in the page's language)."""
        right, head, body = self.questions.feedback(self.question, value)
        return bool(right), head, body

    def picture(self, theme: str) -> Drawing:
        """The question's position (the answer's, once `revealed`), in ``theme``."""
        raise NotImplementedError

    # -- what every quiz derives ----------------------------------------------------------------
    @property
    def options(self) -> dict[str, Any]:
        return dict(self.rules)

    @functools.cached_property
    def question(self) -> Any:
        """The dealt question (dealt once per model: a model is a value)."""
        return self.deal()

    @property
    def revealed(self) -> bool:
        """Whether the answer is shown (the learner chose one)."""
        return self.chosen is not None

    def label(self) -> str:
        """The picture's accessible name now."""
        named = self.answer_label if self.revealed and self.answer_label else self.picture_label
        return str(named)

    def marked(self) -> str:
        """The feedback on the chosen answer (HTML; "" before one is chosen)."""
        if self.chosen is None:
            return ""
        _right, head, body = self.feedback(self.chosen)
        return f"<div>{head} {body}</div>"

    def tally(self) -> str:
        """The first answers' score, and the class question's number in class mode."""
        if self.class_code:
            return str(
                msg(
                    "Right first time: {right} of {asked} \u00b7 "
                    "Class question {number} of code {code}",
                    right=self.right,
                    asked=self.asked,
                    number=self.number,
                    code=self.class_code,
                )
            )
        return str(msg("Right first time: {right} of {asked}", right=self.right, asked=self.asked))

    # -- what every quiz does -------------------------------------------------------------------
    def answer(self, value: str) -> QuizModel:
        """The quiz with ``value`` chosen and marked; the first answer to a question counts."""
        values = [v for _, v in self.choices()]
        if value not in values:
            raise ValueError(
                msg(
                    "{value} is not one of the answers: {answers}",
                    value=shown(value),
                    answers=joined(str(label) for label, _ in self.choices()),
                )
            )
        right, _head, _body = self.feedback(value)
        if self.counted:
            return dataclasses.replace(self, chosen=value)
        return dataclasses.replace(
            self,
            chosen=value,
            counted=True,
            asked=self.asked + 1,
            right=self.right + bool(right),
        )

    def hint_text(self) -> str:
        """The hint shown now ("": none asked for, or none offered)."""
        return ""

    def with_hint(self) -> QuizModel:
        """The quiz with its hint shown; ``ValueError`` for a quiz that offers none."""
        raise ValueError(msg("This quiz has no hints."))

    def position(self) -> dict[str, str]:
        """Where the quiz is, as a link's parameters (a quiz with a `share_key`)."""
        return {}

    def at_link(self, params: Mapping[str, str]) -> tuple[QuizModel, list[str]]:
        """The quiz at the position a link's ``params`` name, and a notice for each parameter
        it does not read: a quiz with a `share_key` says how."""
        raise NotImplementedError

    def at(self, seed: int) -> QuizModel:
        """The question dealt with ``seed``, not yet answered (the tally stays)."""
        return dataclasses.replace(self, seed=seed, chosen=None, counted=False)

    def kept(self) -> dict[str, str]:
        """What a page kept in the browser holds of the quiz (`back` reads it): the question,
        the answer chosen, the tally."""
        return {
            "seed": str(self.seed),
            "number": str(self.number),
            "chosen": self.chosen or "",
            "right": str(self.right),
            "asked": str(self.asked),
            "counted": "1" if self.counted else "",
        }

    def back(self, kept: Mapping[str, str]) -> QuizModel:
        """The quiz as `kept` held it, under this model's rules and class; ``ValueError`` if it
        does not fit (another class's questions, a tally that cannot be, an answer that is
        none of the question's), this model unchanged."""
        seed = number = right = asked = 0
        try:
            seed, number, right, asked = (
                int(kept.get(name, "")) for name in ("seed", "number", "right", "asked")
            )
            in_step = not self.class_code or (
                seed == class_seed(self.class_code, f"{self.game}-{self.sequence}", number)
            )
        except ValueError:  # not a number, or a class question's number out of its range
            in_step = False
        if not (in_step and 0 <= right <= asked <= MAX_TALLY and 0 <= seed < 2**63):
            raise ValueError(msg("the quiz's kept answers do not fit its questions"))
        quiz = dataclasses.replace(self.at(seed), number=number, right=right, asked=asked)
        quiz.question  # noqa: B018  (dealt now: a seed it cannot be dealt with raises here)
        chosen = kept.get("chosen") or None
        if chosen is not None and chosen not in [v for _, v in quiz.choices()]:
            raise ValueError(msg("the quiz's kept answers do not fit its questions"))
        return dataclasses.replace(quiz, chosen=chosen, counted=bool(kept.get("counted")))

    def next_question(self) -> QuizModel:
        """The next seed, or the class's next question."""
        if self.class_code:
            number = self.number + 1
            seed = class_seed(self.class_code, f"{self.game}-{self.sequence}", number)
            return dataclasses.replace(self.at(seed), number=number)
        return self.at(self.seed + 1)

    def in_class(self, code: str) -> QuizModel:
        """Class ``code``'s questions from its first ("": out of class mode; the same quiz for
        the same class)."""
        if code == self.class_code:
            return self
        quiz = dataclasses.replace(self, class_code=code, number=0)
        return quiz.next_question() if code else quiz

    def with_rules(self, options: Mapping[str, Any]) -> QuizModel:
        """The current question dealt again under the rules ``options``: the same seed, so a
        class's questions stay in step, and the tally stays (a question already answered is
        not counted again); a question the change leaves as it was keeps its answer.
        ``ValueError`` when no question can be dealt under them (this model is unchanged)."""
        quiz = dataclasses.replace(self, rules=tuple(sorted(options.items())), chosen=None)
        quiz.question  # noqa: B018  (dealt now: rules it cannot be dealt under raise here)
        if self.chosen is not None and quiz.prompt() == self.prompt():
            return dataclasses.replace(quiz, chosen=self.chosen)
        return quiz
