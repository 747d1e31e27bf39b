"""The Three Thirteen lesson's first panels: the 11 rounds and their wild ranks, the worked
examples of the rules drawn as the solver arranges them, and the meld solver on any hand, with
why its answer is best (where each wild card does the most good).

Every figure comes from the meld solver (`cardlab.games.three_thirteen.melds.min_deadwood`); the
text helpers are widget-free, so tests read exactly what the lesson shows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

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
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker

MELD_RULES = ("aces", "max_wilds_per_meld")
"""The rules a meld and its deadwood depend on."""
MELD_STANDARD: dict[str, Any] = meld_options("low", None)


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


# -- why the best arrangement is best ----------------------------------------------------------
# -- the panels ------------------------------------------------------------------------------------
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


class RoundsStrip(LessonPanel):
    """The 11 rounds: cards dealt and the wild rank, drawn and as a table."""

    def __init__(self, picker: ThemePicker, current: int | None = 5) -> None:
        super().__init__(picker, size=(10, 10))
        self.current = current
        self.table = TextVersion(str(msg("The 11 rounds in words")), rounds_table_html())
        describe(
            self.canvas_view,
            str(msg("The 11 rounds: cards dealt and the wild rank of each")),
            self.table,
        )
        self.children = [self.canvas_view.widget, self.table.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        return rounds_picture(self.theme, self.current)


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


class MeldRules(LessonPanel):
    """A panel that arranges hands under the page's meld rules (aces, the most wild cards in a
    meld): ``solver_options`` for the solver, ``value`` for the deadwood, ``rules`` the words."""

    solver_options: dict[str, Any] = MELD_STANDARD
    rules: widgets.HTML

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        self.solver_options = meld_options(options["aces"], options["max_wilds_per_meld"])
        self.rules.value = rules_note("three_thirteen", options, MELD_RULES)
        self.show()

    def value(self, card: Card) -> int:
        """What an unmelded card costs under these rules."""
        return penalty_value(card, self.solver_options["aces"])

    def arranged(self, hand: Sequence[Card], wild: str, title: str) -> Drawing:
        _, arr = min_deadwood(hand, wild, self.solver_options)
        return arrangement_picture(
            arr, wild, title=title, value=self.value, theme=self.theme, target=None
        )

    def show(self) -> None:
        """Arrange the panel's hand again (after a rules change)."""
        raise NotImplementedError


class MeldExamples(MeldRules):
    """The worked examples of the rules (spec \u00a76), each drawn as the solver arranges it
    (what each teaches is prose in the lesson document)."""

    def __init__(self, picker: ThemePicker, start: int = 0) -> None:
        super().__init__(picker, size=(10, 10))
        self.choice = widgets.Dropdown(
            options=[(f"{i + 1}. {e.title}", i) for i, e in enumerate(EXAMPLES)],
            value=start,
            description=str(msg("Example")),
            layout=widgets.Layout(width="460px"),
        )
        self.choice.add_class("cardlab-example")
        self.text = TextVersion(str(msg("The example in words")))
        self.rules = widgets.HTML()
        self.choice.observe(guarded(self.status, lambda _: self.show()), names="value")
        self.children = [
            self.choice,
            self.rules,
            self.canvas_view.widget,
            self.text.widget,
            self.status.widget,
        ]
        self.show()

    @property
    def example(self) -> Example:
        return EXAMPLES[self.choice.value]

    def show(self) -> None:
        """The chosen example: its drawing and why the solver is right."""
        ex = self.example
        self.text.show(why_html(ex.cards, ex.wild, self.solver_options))
        label = msg(
            "Example {number}, {title}: the hand arranged by the solver",
            number=self.choice.value + 1,
            title=ex.title,
        )
        describe(self.canvas_view, str(label), self.text)
        self.redraw()

    def picture(self) -> Drawing:
        ex = self.example
        title = str(
            msg(
                "Round {round}: {hand} \u00b7 {wild} wild",
                round=ex.round_no,
                hand=hand_words(ex.cards),
                wild=rank_message(ex.wild, True),
            )
        )
        return self.arranged(ex.cards, ex.wild, title)


class MeldSolver(MeldRules):
    """Type a hand (or deal one) and a round: the solver's best arrangement, drawn, and why."""

    def __init__(
        self, picker: ThemePicker, hand: str = "5h 6h 8h Kd Ks 7c", round_no: int = 5, seed: int = 1
    ) -> None:
        super().__init__(picker, size=(10, 10))
        self.seed = seed
        self.hand_text = widgets.Text(
            value=hand,
            description=str(msg("Hand")),
            continuous_update=False,
            layout=widgets.Layout(width="420px"),
        )
        self.round = widgets.Dropdown(
            options=[(round_choice(r), r) for r in range(1, 12)],
            value=round_no,
            description=str(msg("Round")),
        )
        self.solve_button = widgets.Button(description=str(msg("Arrange")), button_style="primary")
        self.deal_button = widgets.Button(description=str(msg("Deal me a hand")))
        self.solve_button.add_class("cardlab-solve")
        self.deal_button.add_class("cardlab-deal-hand")
        self.text = TextVersion(str(msg("The arrangement in words")))
        self.rules = widgets.HTML()

        def guard(func):
            return guarded(self.status, func)

        self.solve_button.on_click(guard(lambda _: self.solve()))
        self.deal_button.on_click(guard(lambda _: self.deal()))
        self.round.observe(guard(lambda _: self.solve()), names="value")
        self.hand_text.observe(guard(lambda _: self.solve()), names="value")
        self.children = [
            widgets.HBox([self.hand_text, self.round]),
            widgets.HBox([self.solve_button, self.deal_button]),
            self.rules,
            self.canvas_view.widget,
            self.text.widget,
            self.status.widget,
        ]
        self.hand: tuple[Card, ...] = ()
        self.solve()

    @property
    def wild(self) -> str:
        return wild_rank(self.round.value)

    def solve(self, text: str | None = None) -> None:
        """Arrange ``text`` (default: the text box); a bad card is a friendly error."""
        text = self.hand_text.value if text is None else text
        hand = hand_of(text)
        if not hand:
            raise ValueError(str(msg("Type some cards, e.g. 5h 6h 8h Kd Ks 7c (10 is 10h or Th).")))
        if len(hand) > 14:
            raise ValueError(
                str(
                    msg(
                        "A Three Thirteen hand holds at most 14 cards, not {count}.",
                        count=len(hand),
                    )
                )
            )
        wild = self.wild
        self.hand = hand
        self.redraw()
        self.text.show(why_html(hand, wild, self.solver_options))
        title = solver_title(hand, wild, self.solver_options)
        describe(self.canvas_view, str(msg("Your hand arranged: {title}", title=title)), self.text)
        self.status.ok(
            str(
                msgn(
                    "Arranged {count} card with {wild} wild.",
                    "Arranged {count} cards with {wild} wild.",
                    len(hand),
                    wild=rank_message(wild, True),
                )
            )
        )

    def show(self) -> None:
        self.solve()

    def picture(self) -> Drawing:
        wild = self.wild
        return self.arranged(self.hand, wild, solver_title(self.hand, wild, self.solver_options))

    def deal(self) -> None:
        """A random hand of the chosen round's size (seeded: the same clicks give the same)."""
        rng = random.Random(f"three-thirteen-solver:{self.seed}:{self.round.value}")
        self.seed += 1
        hand = sorted_hand(rng.sample(DECK.cards(), hand_size(self.round.value)))
        self.hand_text.value = " ".join(c.code for c in hand)
        self.solve()
