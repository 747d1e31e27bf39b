"""The Three Thirteen lesson's first figures: the 11 rounds and their wild ranks, the worked
examples of the rules drawn as the solver arranges them, and the meld solver on any hand, with
why its answer is best (where each wild card does the most good).

Every figure comes from the meld solver (`cardlab.games.three_thirteen.melds.min_deadwood`); each
is a frozen `Figure` (shown by `cardlab.widgets.figure_view.FigureView`), so tests read exactly
what the lesson shows.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardlab.apps.control import Control, checked
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.model import Said
from cardlab.apps.rules_words import rules_note
from cardlab.apps.three_thirteen.questions import why_html
from cardlab.core.cards import Card, parse
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.three_thirteen.game import meld_options
from cardlab.games.three_thirteen.melds import min_deadwood, penalty_value
from cardlab.games.three_thirteen.rules import DECK, hand_size, wild_rank
from cardlab.pictures.three_thirteen import (
    ROUND_RANKS,
    arrangement_picture,
    hand_words,
    rank_message,
    rank_word,
    rounds_picture,
    sorted_hand,
)
from cardlab.render import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self

MELD_RULES = ("aces", "max_wilds_per_meld")
"""The rules a meld and its deadwood depend on."""
MOST_CARDS = 14
"""The most cards a Three Thirteen hand holds (13 dealt in round 11, and the card drawn)."""


def hand_of(text: str) -> tuple[Card, ...]:
    """``"5h 6h 8h Kd Ks 7c"`` (or ``10h``, ``5♥``) -> standard52 cards."""
    return parse(text, DECK.name)


@dataclass(frozen=True)
class Example:
    """A worked example of the rules (spec §6): a hand and its round.  What each example teaches
    is prose in the lesson document (`cardlab/lessons/three_thirteen.md`), in this order."""

    title: Message
    round_no: int
    hand: str

    @property
    def wild(self) -> str:
        return wild_rank(self.round_no)

    @property
    def cards(self) -> tuple[Card, ...]:
        return hand_of(self.hand)


EXAMPLES: tuple[Example, ...] = (
    # Translators: the titles of the worked examples, as the lesson document names them
    Example(msg("A run with a wild card"), 1, "Ah 2h 3s"),
    Example(msg("Q-K-A is not a run"), 1, "Qd Kd Ad"),
    Example(msg("A pair is not a meld"), 2, "7h 7d 9s 5c"),
    Example(msg("Wild cards can meld on their own"), 2, "4h 4d 4s 9c"),
    Example(msg("Where does the wild card do more good?"), 5, "5h 6h 8h Kd Ks 7c"),
    Example(msg("Going out"), 5, "5h 6h 8h Kd Ks Kc 7c"),
    Example(msg("Deadwood counts what is left"), 5, "5h 6h 8h Kd Ks 7c 2c"),
    Example(msg("Two melds, one wild"), 9, "Ah Ad As 9h Th Qh Jc"),
    Example(msg("Nothing melds"), 5, "2h 3h 4d 4s 9c Kc 6d"),
)


# -- the figures -----------------------------------------------------------------------------------
def rounds_table_html() -> str:
    cells = "".join(
        f"<td style='text-align:center'>{r}</td>" for r in range(1, len(ROUND_RANKS) + 1)
    )
    dealt = "".join(f"<td style='text-align:center'>{hand_size(r)}</td>" for r in range(1, 12))
    wild = "".join(
        f"<td style='text-align:center'>{rank_word(wild_rank(r))}</td>" for r in range(1, 12)
    )
    heads = (msg("Round"), msg("Cards dealt"), msg("Wild rank"))
    rows = "".join(
        f"<tr><th scope='row'>{head}</th>{row}</tr>"
        for head, row in zip(heads, (cells, dealt, wild), strict=True)
    )
    return f"<table class='cardlab-rounds'><tbody>{rows}</tbody></table>"


@dataclass(frozen=True)
class RoundsStrip(Figure):
    """The 11 rounds: cards dealt and the wild rank, drawn (round ``current`` marked) and as a
    table."""

    current: int | None = 5

    def blocks(self, theme: str) -> tuple[Block, ...]:
        return (
            Picture(
                rounds_picture(theme, self.current),
                msg("The 11 rounds: cards dealt and the wild rank of each"),
                words=rounds_table_html(),
                words_title=msg("The 11 rounds in words"),
            ),
        )


def solver_title(hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None) -> str:
    penalty, _ = min_deadwood(hand, wild, options)
    return str(
        msgn(
            "{count} card \u00b7 {wild} wild \u00b7 best deadwood {points}",
            "{count} cards \u00b7 {wild} wild \u00b7 best deadwood {points}",
            len(hand),
            wild=rank_message(wild, True),
            points=penalty,
        )
    )


def round_choice(round_no: int) -> str:
    """``Round 5: 7s wild``, a choice of the round dropdown."""
    return str(
        msg(
            "Round {round}: {wild} wild",
            round=round_no,
            wild=rank_message(wild_rank(round_no), True),
        )
    )


@dataclass(frozen=True, kw_only=True)
class MeldRules(Figure):
    """A figure that arranges hands under the page's meld rules: what an ace left over costs
    (``aces``) and the most wild cards in a meld (``max_wilds``, None: no limit).  It keeps only
    these, so a change of the players leaves it as it is."""

    aces: str = "low"
    max_wilds: int | None = None

    def with_rules(self, options: Mapping[str, Any]) -> Self:
        return replace(self, aces=options["aces"], max_wilds=options["max_wilds_per_meld"])

    @property
    def solver_options(self) -> dict[str, Any]:
        """The solver's options for these rules."""
        return meld_options(self.aces, self.max_wilds)

    def note(self) -> Markup:
        """Which rules the figure is under, when they are not the standard ones ("" then)."""
        rules = {"aces": self.aces, "max_wilds_per_meld": self.max_wilds}
        return Markup(rules_note("three_thirteen", rules, MELD_RULES), name="rules-note-box")

    def arranged(self, hand: Sequence[Card], wild: str, title: str, theme: str) -> Drawing:
        """``hand`` drawn as the solver arranges it under these rules."""
        _, arr = min_deadwood(hand, wild, self.solver_options)
        value = functools.partial(penalty_value, aces=self.aces)
        return arrangement_picture(arr, wild, title=title, value=value, theme=theme, target=None)


@dataclass(frozen=True)
class MeldExamples(MeldRules):
    """The worked examples of the rules (spec \u00a76), each drawn as the solver arranges it
    (what each teaches is prose in the lesson document); ``index`` is the one shown."""

    index: int = 0

    def __post_init__(self) -> None:
        checked(self.control("example"), self.index)  # one of the examples, or ValueError

    @property
    def example(self) -> Example:
        return EXAMPLES[self.index]

    def controls(self) -> tuple[Control, ...]:
        options = tuple((f"{i + 1}. {e.title}", i) for i, e in enumerate(EXAMPLES))
        return (
            Control(
                "example", str(msg("Example")), kind="choice", value=self.index, options=options
            ),
        )

    def _act(self, key: str, value: Any) -> MeldExamples:
        return replace(self, index=value)

    def blocks(self, theme: str) -> tuple[Block, ...]:
        """The chosen example: its drawing and why the solver is right."""
        ex = self.example
        title = msg(
            "Round {round}: {hand} \u00b7 {wild} wild",
            round=ex.round_no,
            hand=hand_words(ex.cards),
            wild=rank_message(ex.wild, True),
        )
        label = msg(
            "Example {number}, {title}: the hand arranged by the solver",
            number=self.index + 1,
            title=ex.title,
        )
        return (
            self.note(),
            Picture(
                self.arranged(ex.cards, ex.wild, str(title), theme),
                label,
                words=why_html(ex.cards, ex.wild, self.solver_options),
                words_title=msg("The example in words"),
            ),
        )


@functools.lru_cache(maxsize=64)
def solver_hand(text: str) -> tuple[Card, ...]:
    """The cards of ``text``, or ``ValueError`` saying what to type instead."""
    hand = hand_of(text)
    if not hand:
        raise ValueError(msg("Type some cards, e.g. 5h 6h 8h Kd Ks 7c (10 is 10h or Th)."))
    if len(hand) > MOST_CARDS:
        raise ValueError(
            msg("A Three Thirteen hand holds at most 14 cards, not {count}.", count=len(hand))
        )
    return hand


@dataclass(frozen=True)
class MeldSolver(MeldRules):
    """Type a hand (or deal one) and choose a round: the solver's best arrangement, drawn, and
    why.  A hand that is not one is refused (``ValueError``) and the figure keeps its own."""

    hand: str = "5h 6h 8h Kd Ks 7c"
    """The hand as the learner typed it (or as dealt)."""
    round_no: int = 5
    seed: int = 1
    """The next deal's seed: the same clicks deal the same hands."""

    def __post_init__(self) -> None:
        self.cards, self.wild  # noqa: B018  (a hand or a round that is none is refused here)

    @classmethod
    def start(cls, hand: str = "5h 6h 8h Kd Ks 7c", round_no: int = 5, seed: int = 1) -> MeldSolver:
        """The solver on ``hand`` in round ``round_no``, saying it arranged it."""
        return cls(hand=hand, round_no=round_no, seed=seed)._arranged()

    @property
    def cards(self) -> tuple[Card, ...]:
        return solver_hand(self.hand)

    @property
    def wild(self) -> str:
        return wild_rank(self.round_no)

    def controls(self) -> tuple[Control, ...]:
        rounds = tuple((round_choice(r), r) for r in range(1, len(ROUND_RANKS) + 1))
        return (
            Control("hand", str(msg("Hand")), kind="text", value=self.hand),
            Control("round", str(msg("Round")), kind="choice", value=self.round_no, options=rounds),
            Control("solve", str(msg("Arrange")), row=1, style="primary"),
            Control("deal-hand", str(msg("Deal me a hand")), row=1),
        )

    def _act(self, key: str, value: Any) -> MeldSolver:
        if key == "hand":
            return replace(self, hand=value)._arranged()
        if key == "round":
            return replace(self, round_no=value)._arranged()
        if key == "deal-hand":
            return self.deal()
        return self._arranged()

    def deal(self) -> MeldSolver:
        """A random hand of the round's size (seeded: the same clicks give the same)."""
        rng = random.Random(f"three-thirteen-solver:{self.seed}:{self.round_no}")
        hand = sorted_hand(rng.sample(DECK.cards(), hand_size(self.round_no)))
        dealt = " ".join(c.code for c in hand)
        return replace(self, hand=dealt, seed=self.seed + 1)._arranged()

    def _arranged(self) -> MeldSolver:
        said = str(
            msgn(
                "Arranged {count} card with {wild} wild.",
                "Arranged {count} cards with {wild} wild.",
                len(self.cards),
                wild=rank_message(self.wild, True),
            )
        )
        return replace(self, said=Said(said, "ok"))

    def blocks(self, theme: str) -> tuple[Block, ...]:
        hand, wild = self.cards, self.wild
        title = solver_title(hand, wild, self.solver_options)
        return (
            self.note(),
            Picture(
                self.arranged(hand, wild, title, theme),
                msg("Your hand arranged: {title}", title=title),
                words=why_html(hand, wild, self.solver_options),
                words_title=msg("The arrangement in words"),
            ),
        )
