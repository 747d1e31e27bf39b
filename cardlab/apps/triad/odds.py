"""The Triad odds: every category counted (jokers out and wild), the counting argument for a
few rows, and the exchange advisor on the learner's own hand.  (Why wild jokers break the link
between rank and rarity is the lesson's prose, `cardlab/lessons/triad.md`, with the engine's
counts; a test checks they agree.)

Every number comes from the engine (`cardlab.games.poker.tables`) or is checked against it in
the tests; the text helpers are widget-free so tests read exactly what the lesson shows.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import Any

import ipywidgets as widgets

from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import DISCARD_HAND
from cardlab.core.cards import Card, format_cards
from cardlab.core.i18n import Message, msg, msgn, num, pct
from cardlab.core.odds import format_fraction
from cardlab.core.stored import stored
from cardlab.games.poker import tables
from cardlab.games.poker.ranking import (
    CATEGORIES,
    CATEGORY_INDEX,
    JOKERS,
    POKER_WORDS,
    TRIAD_WORDS,
)
from cardlab.games.triad import DECK, evaluate, parse
from cardlab.games.triad.game import deck as triad_deck
from cardlab.pictures.triad import hand_row
from cardlab.render import Drawing
from cardlab.render.chart import Bar, Chart, ChartRow, bar_chart
from cardlab.widgets import HandView, OddsPanel
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

PLAIN_TOTAL = comb(52, 5)
WILD_TOTAL = comb(54, 5)


@dataclass(frozen=True)
class Counting:
    """A category's count derived by hand: the formula in words and its value."""

    category: str
    formula: str
    explanation: Message
    value: int


COUNTING: tuple[Counting, ...] = (
    Counting("four_up", "13 \u00d7 48", msg("choose the rank of the four (13 ways); the fifth "
             "card is any of the other 48"), 13 * 48),
    Counting("full_up", "13 \u00d7 C(4,3) \u00d7 12 \u00d7 C(4,2)", msg("the rank of the three "
             "and which 3 of its 4 cards, then the rank of the pair and which 2 of its 4 cards"),
             13 * comb(4, 3) * 12 * comb(4, 2)),
    Counting("run", "10 \u00d7 4\u2075 \u2212 40", msg("10 possible tops (5 up to A), each of "
             "the five cards in any of 4 suits, minus the 40 one-suit runs (Half and Full "
             "Colors)"), 10 * 4**5 - 40),
    Counting("three_up", "13 \u00d7 C(4,3) \u00d7 C(12,2) \u00d7 4\u00b2", msg("the rank and 3 "
             "of its 4 cards, then two different other ranks with any suit each"),
             13 * comb(4, 3) * comb(12, 2) * 4**2),
    Counting("two_pair", "C(13,2) \u00d7 C(4,2)\u00b2 \u00d7 44", msg("two ranks for the pairs, "
             "two cards of each, then a fifth card of neither rank (52 \u2212 8 = 44)"),
             comb(13, 2) * comb(4, 2) ** 2 * 44),
    Counting("one_pair", "13 \u00d7 C(4,2) \u00d7 C(12,3) \u00d7 4\u00b3", msg("the pair's rank "
             "and 2 of its 4 cards, then three different other ranks with any suit each"),
             13 * comb(4, 2) * comb(12, 3) * 4**3),
)  # fmt: skip


def counting_html() -> str:
    """The counting argument for a few rows, each as a fraction of all C(52,5) hands."""
    rows = []
    for c in COUNTING:
        p = Fraction(c.value, PLAIN_TOTAL)
        rows.append(
            f"<tr><th scope='row' style='text-align:left'>{TRIAD_WORDS[c.category]}</th>"
            f"<td>{html.escape(c.formula)} = <b>{num(c.value)}</b></td>"
            f"<td>{html.escape(str(c.explanation))}</td>"
            f"<td>{num(c.value)}/{num(PLAIN_TOTAL)} = {p.numerator}/{p.denominator}</td></tr>"
        )
    # Translators: the column heads of the counting table
    heads = (msg("Hand"), msg("Count"), msg("Why"), msg("Probability"))
    head = "".join(f"<th scope='col'>{h}</th>" for h in heads)
    return (
        "<table class='cardlab-counting' style='border-collapse:collapse'>"
        f"<thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def rarity_order(table: dict[str, int]) -> dict[str, int]:
    """Each category's place by rarity: 1 for the rarest (ties share a place)."""
    return {c: 1 + sum(1 for m in table.values() if m < n) for c, n in table.items()}


NO_ROW = "<td>\u2014</td><td>\u2014</td><td>\u2014</td>"
"""The cells of a hand a table does not have (Five Up without jokers, or with "no five of a
kind")."""


def _cells(count: int | None, total: int, place: int) -> str:
    if count is None:
        return NO_ROW
    return f"<td>{num(count)}</td><td>{num(count / total, 6)}</td><td>{place}</td>"


def wild_title(five_of_a_kind: bool = True) -> str:
    """The wild-joker column's title: which rules it counts (in the current language)."""
    if five_of_a_kind:
        return str(msg("both jokers wild"))
    return str(msg("both jokers wild, no five of a kind"))


def tables_html(plain: dict[str, int], wild: dict[str, int], five_of_a_kind: bool = True) -> str:
    """The plain and the wild-joker tables side by side, best hand first; the rows where the
    ranking no longer follows rarity (a lower hand is rarer, or as rare) are marked.  ``wild``
    counts under ``five_of_a_kind`` (off: it has no Five Up)."""
    cats = list(CATEGORIES)[::-1]
    wild_rarity = rarity_order(wild)
    plain_rarity = rarity_order(plain)
    body = []
    for cat in cats:
        w = wild.get(cat)
        lower = [c for c in wild if CATEGORY_INDEX[c] < CATEGORY_INDEX[cat]]
        broken = w is not None and any(wild[c] <= w for c in lower)
        style = " style='background:#fde2e1'" if broken else ""
        mark = " \u26a0" if broken else ""
        body.append(
            f"<tr{style}><th scope='row' style='text-align:left'>{TRIAD_WORDS[cat]}{mark}</th>"
            f"<td><small>{POKER_WORDS[cat]}</small></td>"
            f"{_cells(plain.get(cat), PLAIN_TOTAL, plain_rarity.get(cat, 0))}"
            f"{_cells(w, WILD_TOTAL, wild_rarity.get(cat, 0))}</tr>"
        )
    # Translators: the heads of the table of hands, jokers out and wild
    hands, probability, place = msg("hands"), msg("probability"), msg("rarity place")
    wild_head = msg("54 cards, {rules}", rules=wild_title(five_of_a_kind))
    best, poker, plain_head = msg("Hand (best first)"), msg("Poker"), msg("52 cards, jokers out")
    head = (
        f"<tr><th scope='col' rowspan='2'>{best}</th>"
        f"<th scope='col' rowspan='2'>{poker}</th>"
        f"<th colspan='3'>{plain_head}</th><th colspan='3'>{wild_head}</th></tr>"
        f"<tr><th>{hands}</th><th>{probability}</th><th>{place}</th><th>{hands}</th>"
        f"<th>{probability}</th><th>{place}</th></tr>"
    )
    note = msg(
        "\u26a0 marks a hand that is <b>not rarer</b> than every hand it beats: with wild jokers "
        "the ladder no longer follows rarity. Rarity place 1 is the rarest hand."
    )
    every = msg("All hands")
    return (
        "<table class='cardlab-triad-tables' style='border-collapse:collapse'>"
        f"<thead>{head}</thead><tbody>{''.join(body)}</tbody>"
        f"<tfoot><tr><th>{every}</th><td></td>"
        f"<td>{num(sum(plain.values()))} = C(52,5)</td>"
        f"<td>1</td><td></td><td>{num(sum(wild.values()))} = C(54,5)</td><td>1</td><td></td></tr>"
        f"</tfoot></table><p><small>{note}</small></p>"
    )


def tables_chart(
    plain: dict[str, int],
    wild: dict[str, int],
    theme: str = "default",
    five_of_a_kind: bool = True,
) -> Chart:
    """Grouped horizontal bars (log scale): the probability of each hand, jokers out and wild."""
    rows = [
        ChartRow(
            str(TRIAD_WORDS[c]),
            (
                Bar(plain[c] / PLAIN_TOTAL) if c in plain else None,
                Bar(wild[c] / WILD_TOTAL) if c in wild else None,
            ),
        )
        for c in list(CATEGORIES)[::-1]
    ]
    return bar_chart(
        rows,
        (
            str(msg("jokers out (52 cards)")),
            str(msg("{rules} (54 cards)", rules=wild_title(five_of_a_kind))),
        ),
        title=str(msg("Each Triad hand, best at the top")),
        axis=str(msg("probability of a 5-card hand")),
        theme=theme,
        width=640.0,
        log=True,
        fmt=lambda v: f"{v:.3g}",
    )


class OddsTables(LessonPanel):
    """The exact tables (jokers out and wild, side by side), a plot and the counting argument
    for a few rows.  The notebook shows its parts one by one, between the lesson's paragraphs
    (which say why wild jokers break the link between rank and rarity)."""

    def __init__(self, picker: ThemePicker | None = None) -> None:
        super().__init__(picker)
        self.five_of_a_kind = True
        self.plain = tables.category_counts("out")
        self.wild = tables.category_counts("wild")
        self.counting = widgets.HTML(counting_html())
        self.table = widgets.HTML(tables_html(self.plain, self.wild))
        self.plot = widgets.HTML(layout=widgets.Layout(max_width="640px"))
        self.plot.add_class("cardlab-chart")
        self.table.add_class("cardlab-triad-tables")
        self.children = [self.counting, self.table, self.plot]
        self.redraw()

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The wild-joker table counts under the page's five-of-a-kind rule (both tables are
        always shown, so the jokers option changes nothing here)."""
        self.five_of_a_kind = options["five_of_a_kind"]
        self.wild = tables.category_counts("wild", self.five_of_a_kind)
        note = rules_note("triad", options, ("five_of_a_kind",))
        self.table.value = note + tables_html(self.plain, self.wild, self.five_of_a_kind)
        self.redraw()

    def _redraw(self) -> None:
        chart = tables_chart(self.plain, self.wild, self.theme, self.five_of_a_kind)
        self.plot.value = chart.svg()


# -- the exchange advisor --------------------------------------------------------------------------
def _improve(dist: dict[str, Any], now: int) -> Any:
    return sum(p for c, p in dist.items() if CATEGORY_INDEX[c] > now)


def discards_under(
    hand: str, jokers: str, max_draw: int, five_of_a_kind: bool
) -> list[tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]]:
    """`ranked_discards` under any rules: the standard five-of-a-kind rule is stored, and so
    is "no five of a kind" without jokers (no hand has five of a kind then); "no five of a
    kind" with wild jokers is counted when asked (a fraction of a second)."""
    if five_of_a_kind or jokers == "out":
        return ranked_discards(hand, jokers, max_draw)
    cards = parse(hand)
    unseen = [c for c in triad_deck({"jokers": jokers}) if c not in cards]
    return tables.best_discards(
        cards, unseen, max_draw, jokers=jokers, objective="expected", five_of_a_kind=False
    )


@stored
def ranked_discards(
    hand: str, jokers: str = "out", max_draw: int = 3
) -> list[tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]]:
    """`tables.best_discards` of ``hand`` (notation) against the rest of the deck, ranked by
    expected strength: the advisor's opening hand is stored, so the page need not build the
    lookup tables before the learner asks about another hand."""
    cards = parse(hand)
    unseen = [c for c in triad_deck({"jokers": jokers}) if c not in cards]
    return tables.best_discards(cards, unseen, max_draw, jokers=jokers, objective="expected")


class ExchangeAdvisor(LessonPanel):
    """The learner's own hand: every discard of up to 3 cards with the exact distribution of the
    final hand over every possible draw, ranked by expected showdown strength.  Click cards (or
    their buttons) to see the distribution of that discard; type a hand or deal a new one."""

    def __init__(
        self, picker: ThemePicker, hand: str = "Kb Kg 7r 5k 2b", seed: int = 1, max_draw: int = 3
    ) -> None:
        super().__init__(picker, size=(10, 10))
        self.seed = seed
        self.max_draw = max_draw
        self.five_of_a_kind = True
        self.opening = hand
        self.rules = widgets.HTML()
        self.text = widgets.Text(
            value=hand, description=str(msg("Your hand")), placeholder="Ab Tg 7r 2k 5b"
        )
        self.use_button = widgets.Button(description=str(msg("Use this hand")))
        self.deal_button = widgets.Button(description=str(msg("Deal me a hand")))
        self.jokers = widgets.ToggleButtons(
            options=[(str(msg("Jokers out")), "out"), (str(msg("Jokers wild")), "wild")],
            value="out",
            style={"button_width": "auto"},
        )
        self.hand = HandView(
            render=self._render, status=self.status, canvas=self.view, name=DISCARD_HAND
        )
        self.summary = widgets.HTML()
        self.ranking = widgets.HTML()
        self.panel = OddsPanel(title="", plot=True, picker=self.picker)
        for w, css in ((self.use_button, "cardlab-use-hand"), (self.deal_button, "cardlab-deal"),
                       (self.ranking, "cardlab-discards")):  # fmt: skip
            w.add_class(css)
        guard = lambda f: guarded(self.status, f)  # noqa: E731
        self.use_button.on_click(guard(lambda _: self.use_text()))
        self.deal_button.on_click(guard(lambda _: self.deal()))
        self.jokers.observe(guard(lambda _: self.use_text()), names="value")
        self.hand.on_selection_change(lambda _: self._show_selected())
        self.results: list[tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]] = []
        self.children = [
            widgets.HBox([self.text, self.use_button, self.deal_button]),
            self.jokers,
            self.rules,
            self.hand.widget,
            self.status.widget,
            self.summary,
            self.panel.widget,
            self.ranking,
        ]
        self.use_text()

    def _redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Advise under the page's rules: its jokers (wild jokers are among the unseen cards),
        five-of-a-kind rule and most cards exchanged; the hand is advised again."""
        five, max_draw = options["five_of_a_kind"], options["max_draw"]
        if options["jokers"] == "out" and any(c.rank in JOKERS for c in parse(self.text.value)):
            self.text.value = self.opening  # the typed hand holds a joker the rules took out
        before = (self.jokers.value, self.five_of_a_kind, self.max_draw)
        self.five_of_a_kind, self.max_draw = five, max_draw
        self.rules.value = rules_note("triad", options, ("five_of_a_kind", "max_draw"))
        if self.jokers.value != options["jokers"]:
            self.jokers.value = options["jokers"]  # advises again
        elif before != (self.jokers.value, five, max_draw):
            self.use_text()

    def _render(self, cards, selected) -> Drawing:
        label = str(msg("Click the cards you would throw away (up to {most})", most=self.max_draw))
        return hand_row(cards, self.picker.theme, 64.0, selected, label)

    @property
    def mode(self) -> str:
        return self.jokers.value

    def use_text(self) -> None:
        cards = parse(self.text.value)
        self.set_hand(cards)

    def deal(self) -> None:
        """Deal a fresh hand from a shuffled deck (the next seed)."""
        self.seed += 1
        cards = list(triad_deck({"jokers": self.mode}))
        random.Random(f"advisor:{self.seed}").shuffle(cards)
        self.text.value = format_cards(cards[:5])
        self.set_hand(cards[:5])

    def set_hand(self, cards: Sequence[Any]) -> None:
        # refuses a wrong count, a joker when out, a repeat
        value = evaluate(cards, self.mode, self.five_of_a_kind)
        cards = tuple(sorted(cards, key=lambda c: (-DECK.strength(c), c.code)))
        unseen = [c for c in triad_deck({"jokers": self.mode}) if c not in cards]
        self.results = discards_under(
            format_cards(cards), self.mode, self.max_draw, self.five_of_a_kind
        )
        self.value, self.unseen = value, unseen
        best = self.results[0][0]
        self.hand.set_cards(cards, [cards.index(c) for c in best])
        self.ranking.value = self._ranking_html()
        self.status.ok(str(msg("You hold {hand}. The best discard is selected.", hand=value.words)))
        self._show_selected()

    def _lookup(
        self, discard: tuple[Card, ...]
    ) -> tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]:
        key = sorted(c.code for c in discard)
        return next(r for r in self.results if sorted(c.code for c in r[0]) == key)

    def _show_selected(self) -> None:
        discard = self.hand.selected_cards
        if len(discard) > self.max_draw:
            self.status.error(
                str(
                    msgn(
                        "You may discard at most {count} card in Triad.",
                        "You may discard at most {count} cards in Triad.",
                        self.max_draw,
                    )
                )
            )
            return
        cards, dist, score = self._lookup(tuple(discard))
        k = len(cards)
        draws = comb(len(self.unseen), k)
        place = next(i for i, r in enumerate(self.results) if r[0] == cards) + 1
        what = msg("discard {cards}", cards=format_cards(cards)) if cards else msg("stand pat")
        better = _improve(dist, self.value.index)
        said = msgn(
            "<p>You hold <b>{hand}</b>. If you <b>{move}</b>, every one of the {draws} possible "
            "draws of {count} from the {unseen} unseen cards is equally likely. Counting them "
            "all: you improve with probability <b>{fraction}</b> ({better}), and the final hand "
            "beats <b>{score}</b> of random hands on average (its expected strength). This "
            "discard ranks <b>{place}</b> of {total}.</p>",
            "<p>You hold <b>{hand}</b>. If you <b>{move}</b>, every one of the {draws} possible "
            "draws of {count} from the {unseen} unseen cards is equally likely. Counting them "
            "all: you improve with probability <b>{fraction}</b> ({better}), and the final hand "
            "beats <b>{score}</b> of random hands on average (its expected strength). This "
            "discard ranks <b>{place}</b> of {total}.</p>",
            k,
            hand=html.escape(self.value.name),
            move=what,
            draws=num(draws),
            unseen=len(self.unseen),
            fraction=format_fraction(better),
            better=pct(float(better), 1),
            score=pct(score, 1),
            place=place,
            total=len(self.results),
        )
        self.summary.value = str(said)
        rows = [(str(TRIAD_WORDS[c]), p) for c, p in list(dist.items())[::-1] if p]
        self.panel.title = str(msg("Your final hand"))
        self.panel.set_rows(rows)

    def _ranking_html(self, top: int = 8) -> str:
        rows = []
        for i, (cards, dist, score) in enumerate(self.results[:top]):
            better = _improve(dist, self.value.index)
            likely = max(dist.items(), key=lambda kv: kv[1])
            what = format_cards(cards) if cards else str(msg("(stand pat)"))
            style = " style='font-weight:bold;background:#fff7d6'" if i == 0 else ""
            likely_words = msg(
                "{hand} ({chance})", hand=TRIAD_WORDS[likely[0]], chance=pct(float(likely[1]), 0)
            )
            rows.append(
                f"<tr{style}><td>{i + 1}</td><td>{what}</td><td>{pct(score, 1)}</td>"
                f"<td>{pct(float(better), 1)}</td><td>{likely_words}</td></tr>"
            )
        caption = msg("The best {top} of {total} discards", top=top, total=len(self.results))
        # Translators: the column heads of the ranked discards
        heads = (
            "#",
            msg("Discard"),
            msg("Expected strength"),
            msg("P(improve)"),
            msg("Most likely result"),
        )
        head = "".join(f"<th>{h}</th>" for h in heads)
        return (
            "<table class='cardlab-discards' style='border-collapse:collapse'><caption "
            f"style='text-align:left'>{caption}</caption>"
            f"<thead><tr>{head}</tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table>"
        )
