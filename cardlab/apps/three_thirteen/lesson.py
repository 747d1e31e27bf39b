"""The Three Thirteen lesson's first panels: the 11 rounds and their wild ranks, the worked
examples of the rules drawn as the solver arranges them, and the meld solver on any hand, with
why its answer is best (where each wild card does the most good).

Every figure comes from the meld solver (`cardlab.games.three_thirteen.melds.min_deadwood`); the
text helpers are widget-free, so tests read exactly what the lesson shows.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import TextVersion, describe
from cardlab.core.cards import Card, parse
from cardlab.games.three_thirteen.game import meld_options
from cardlab.games.three_thirteen.melds import min_deadwood, penalty_value
from cardlab.games.three_thirteen.rules import DECK, RANKS, hand_size, wild_rank
from cardlab.pictures.three_thirteen import (
    ROUND_RANKS,
    arrangement_picture,
    card_text,
    hand_words,
    is_wild,
    meld_label,
    rank_word,
    rounds_picture,
    sorted_hand,
)
from cardlab.render import Drawing
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
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

    title: str
    round_no: int
    hand: str

    @property
    def wild(self) -> str:
        return wild_rank(self.round_no)

    @property
    def cards(self) -> tuple[Card, ...]:
        return hand_of(self.hand)


EXAMPLES: tuple[Example, ...] = (
    Example("A run with a wild card", 1, "Ah 2h 3s"),
    Example("Q-K-A is not a run", 1, "Qd Kd Ad"),
    Example("A pair is not a meld", 2, "7h 7d 9s 5c"),
    Example("Wild cards can meld on their own", 2, "4h 4d 4s 9c"),
    Example("Where does the wild card do more good?", 5, "5h 6h 8h Kd Ks 7c"),
    Example("Going out", 5, "5h 6h 8h Kd Ks Kc 7c"),
    Example("Deadwood counts what is left", 5, "5h 6h 8h Kd Ks 7c 2c"),
    Example("Two melds, one wild", 9, "Ah Ad As 9h Th Qh Jc"),
    Example("Nothing melds", 5, "2h 3h 4d 4s 9c Kc 6d"),
)


# -- why the best arrangement is best ----------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """One job a wild card could do: play as ``plays_as`` in the meld ``meld``; the best total
    deadwood of the hand when it does."""

    wild: Card
    plays_as: str
    meld: str
    penalty: int
    arrangement: Any


def wild_jobs(hand: Sequence[Card], wild: str, w: Card) -> list[tuple[str, str, tuple[Card, ...]]]:
    """Every meld the wild card ``w`` could complete with natural cards of the hand, as
    (meld in words, what ``w`` plays as, the meld's cards): a set of a rank held at least twice,
    or a run of one suit where ``w`` fills the one missing rank (a gap or an end)."""
    naturals = [c for c in hand if not is_wild(c, wild)]
    jobs = []
    by_rank: dict[str, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for rank, same in by_rank.items():
        if len(same) >= 2:
            label = f"{' '.join(card_text(c) for c in same)} [{card_text(w)}]"
            jobs.append((f"Set of {rank_word(rank, True)}: {label}", f"a {rank_word(rank)}",
                         (*same, w)))  # fmt: skip
    for suit in "shdc":
        held = {RANKS.index(c.rank): c for c in naturals if c.suit == suit}
        for lo in range(13):
            for hi in range(lo + 2, 13):
                window = range(lo, hi + 1)
                missing = [r for r in window if r not in held]
                if len(missing) != 1:
                    continue
                gap = Card(DECK.name, RANKS[missing[0]], suit)
                shown = " ".join(
                    f"[{card_text(w)}]" if r == missing[0] else card_text(held[r]) for r in window
                )
                label = f"Run {card_text(Card(DECK.name, RANKS[lo], suit))}\u2013" + card_text(
                    Card(DECK.name, RANKS[hi], suit)
                )
                cards = (*(held[r] for r in window if r in held), w)
                jobs.append((f"{label}: {shown}", f"the {card_text(gap)}", cards))
    return jobs


def wild_placements(
    hand: Sequence[Card], wild: str, limit: int = 3, options: Mapping[str, Any] | None = None
) -> list[list[Placement]]:
    """For each wild card in the hand: the jobs it could do, best first.

    How: for every meld the wild card could complete (`wild_jobs`), lay that meld down and ask
    the solver for the best arrangement of the other cards; that meld's deadwood is the rest's.
    The job with the smallest deadwood is where the wild card does the most good.  ``options``
    are the meld rules (`min_deadwood`'s: ``aces``, ``max_wilds_per_meld``).
    """
    hand = tuple(hand)
    out: list[list[Placement]] = []
    seen: set[Card] = set()
    for w in hand:
        if not is_wild(w, wild) or w in seen:
            continue
        seen.add(w)
        placements = []
        for label, plays, cards in wild_jobs(hand, wild, w):
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            penalty, arr = min_deadwood(rest, wild, options) if rest else (0, None)
            placements.append(Placement(w, plays, label, penalty, arr))
        placements.sort(key=lambda p: p.penalty)
        out.append(placements[:limit])
    return out


def why_lines(
    hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None
) -> list[str]:
    """The reasoning behind the solver's answer under the meld rules ``options``, in a few
    sentences."""
    hand = tuple(hand)
    _, arr = min_deadwood(hand, wild, options)
    aces = (options or {}).get("aces", "low")
    lines = []
    wilds = [c for c in hand if is_wild(c, wild)]
    if not arr.melds:
        lines.append(
            "No three cards make a set or a run"
            + (" and there is no wild card to help" if not wilds else "")
            + f", so every card is deadwood: {_sum(arr.deadwood, aces)}."
        )
        return lines
    for meld in arr.melds:
        lines.append(f"{meld_label(meld, wild)}: {hand_words(meld.cards)}.")
    if arr.deadwood:
        lines.append(f"Left over (deadwood): {_sum(arr.deadwood, aces)}.")
    else:
        lines.append("Every card is in a meld: deadwood 0.")
    if wilds and len(wilds) <= 2 and len(hand) <= 10:
        for jobs_of_w in wild_placements(hand, wild, options=options):
            if len(jobs_of_w) < 2:
                continue
            w = jobs_of_w[0].wild
            jobs = "; ".join(
                f"as {p.plays_as} in {p.meld}, the best deadwood is {p.penalty}" for p in jobs_of_w
            )
            best = jobs_of_w[0]
            lines.append(
                f"Where does the wild {card_text(w)} do more good? {jobs[0].upper()}{jobs[1:]}. "
                f"So it plays as {best.plays_as}: that leaves the least deadwood."
            )
    elif not wilds:
        lines.append(f"No wild card this time ({rank_word(wild, True)} are wild this round).")
    return lines


def _sum(cards: Sequence[Card], aces: str = "low") -> str:
    vals = [penalty_value(c, aces) for c in sorted_hand(cards)]
    if len(vals) == 1:
        return f"{card_text(sorted_hand(cards)[0])} = {vals[0]}"
    return f"{' + '.join(str(v) for v in vals)} = {sum(vals)}"


# -- the panels ------------------------------------------------------------------------------------
def rounds_table_html() -> str:
    cells = "".join(
        f"<td style='text-align:center'>{r}</td>" for r in range(1, len(ROUND_RANKS) + 1)
    )
    dealt = "".join(f"<td style='text-align:center'>{hand_size(r)}</td>" for r in range(1, 12))
    wild = "".join(
        f"<td style='text-align:center'>{rank_word(wild_rank(r))}</td>" for r in range(1, 12)
    )
    return (
        "<table class='cardlab-rounds'><tbody>"
        f"<tr><th scope='row'>Round</th>{cells}</tr>"
        f"<tr><th scope='row'>Cards dealt</th>{dealt}</tr>"
        f"<tr><th scope='row'>Wild rank</th>{wild}</tr></tbody></table>"
    )


class RoundsStrip(LessonPanel):
    """The 11 rounds: cards dealt and the wild rank, drawn and as a table."""

    def __init__(self, picker: ThemePicker, current: int | None = 5) -> None:
        super().__init__(picker, size=(10, 10))
        self.current = current
        self.table = TextVersion("The 11 rounds in words", rounds_table_html())
        describe(self.view, "The 11 rounds: cards dealt and the wild rank of each", self.table)
        self.children = [self.view.widget, self.table.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        return rounds_picture(self.theme, self.current)


def why_html(hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None) -> str:
    lines = why_lines(hand, wild, options)
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<div class='cardlab-why'><b>Why this is the best</b><ul>{items}</ul></div>"


def solver_title(hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None) -> str:
    penalty, _ = min_deadwood(hand, wild, options)
    n = len(hand)
    return f"{n} cards \u00b7 {rank_word(wild, True)} wild \u00b7 best deadwood {penalty}"


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
            description="Example",
            layout=widgets.Layout(width="460px"),
        )
        self.choice.add_class("cardlab-example")
        self.text = TextVersion("The example in words")
        self.rules = widgets.HTML()
        self.choice.observe(guarded(self.status, lambda _: self.show()), names="value")
        self.children = [
            self.choice,
            self.rules,
            self.view.widget,
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
        describe(self.view, f"Example {self.choice.value + 1}, {ex.title}: the hand arranged by "
                 "the solver", self.text)  # fmt: skip
        self.redraw()

    def picture(self) -> Drawing:
        ex = self.example
        title = (
            f"Round {ex.round_no}: {hand_words(ex.cards)} \u00b7 {rank_word(ex.wild, True)} wild"
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
            description="Hand",
            continuous_update=False,
            layout=widgets.Layout(width="420px"),
        )
        self.round = widgets.Dropdown(
            options=[(f"Round {r}: {rank_word(wild_rank(r), True)} wild", r) for r in range(1, 12)],
            value=round_no,
            description="Round",
        )
        self.solve_button = widgets.Button(description="Arrange", button_style="primary")
        self.deal_button = widgets.Button(description="Deal me a hand")
        self.solve_button.add_class("cardlab-solve")
        self.deal_button.add_class("cardlab-deal-hand")
        self.text = TextVersion("The arrangement in words")
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
            self.view.widget,
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
            raise ValueError("Type some cards, e.g. 5h 6h 8h Kd Ks 7c (10 is 10h or Th).")
        if len(hand) > 14:
            raise ValueError(f"A Three Thirteen hand holds at most 14 cards, not {len(hand)}.")
        wild = self.wild
        self.hand = hand
        self.redraw()
        self.text.show(why_html(hand, wild, self.solver_options))
        title = solver_title(hand, wild, self.solver_options)
        describe(self.view, f"Your hand arranged: {title}", self.text)
        self.status.ok(f"Arranged {len(hand)} cards with {rank_word(wild, True)} wild.")

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
