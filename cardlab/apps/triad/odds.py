"""The Triad odds: every category counted (jokers out and wild), the counting argument for a
few rows, and the exchange advisor on the learner's own hand.  (Why wild jokers break the link
between rank and rarity is the lesson's prose, `cardlab/lessons/triad.md`, with the engine's
counts; a test checks they agree.)

Every number comes from the engine (`cardlab.games.poker.tables`) or is checked against it in
the tests; the text helpers are widget-free so tests read exactly what the lesson shows.
"""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from math import comb
from typing import Any

from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.model import Said
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_table_html
from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import DISCARD_HAND
from cardlab.core.cards import Card, format_cards
from cardlab.core.i18n import Message, joined, msg, msgn, num, pct
from cardlab.core.odds import format_fraction
from cardlab.core.stored import stored
from cardlab.games.poker.counts import category_counts
from cardlab.games.poker.ranking import (
    CATEGORIES,
    CATEGORY_INDEX,
    JOKERS,
    POKER_WORDS,
    TRIAD_WORDS,
    HandValue,
)
from cardlab.games.triad import DECK, evaluate, parse
from cardlab.games.triad.game import deck as triad_deck
from cardlab.pictures.triad import hand_row
from cardlab.render.chart import Bar, Chart, ChartRow, bar_chart

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
    Counting(
        "four_up",
        "13 \u00d7 48",
        msg("choose the rank of the four (13 ways); the fifth card is any of the other 48"),
        13 * 48,
    ),
    Counting(
        "full_up",
        "13 \u00d7 C(4,3) \u00d7 12 \u00d7 C(4,2)",
        msg(
            "the rank of the three "
            "and which 3 of its 4 cards, then the rank of the pair and which 2 of its 4 cards"
        ),
        13 * comb(4, 3) * 12 * comb(4, 2),
    ),
    Counting(
        "run",
        "10 \u00d7 4\u2075 \u2212 40",
        msg(
            "10 possible tops (5 up to A), each of "
            "the five cards in any of 4 suits, minus the 40 one-suit runs (Half and Full "
            "Colors)"
        ),
        10 * 4**5 - 40,
    ),
    Counting(
        "three_up",
        "13 \u00d7 C(4,3) \u00d7 C(12,2) \u00d7 4\u00b2",
        msg("the rank and 3 of its 4 cards, then two different other ranks with any suit each"),
        13 * comb(4, 3) * comb(12, 2) * 4**2,
    ),
    Counting(
        "two_pair",
        "C(13,2) \u00d7 C(4,2)\u00b2 \u00d7 44",
        msg(
            "two ranks for the pairs, "
            "two cards of each, then a fifth card of neither rank (52 \u2212 8 = 44)"
        ),
        comb(13, 2) * comb(4, 2) ** 2 * 44,
    ),
    Counting(
        "one_pair",
        "13 \u00d7 C(4,2) \u00d7 C(12,3) \u00d7 4\u00b3",
        msg(
            "the pair's rank "
            "and 2 of its 4 cards, then three different other ranks with any suit each"
        ),
        13 * comb(4, 2) * comb(12, 3) * 4**3,
    ),
)


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


@dataclass(frozen=True)
class CountingArgument(Figure):
    """The counting argument for a few rows of the ladder (the lesson shows it before the
    tables, beside its prose)."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        return (Markup(counting_html(), name="counting"),)


@dataclass(frozen=True)
class OddsTables(Figure):
    """The exact tables (jokers out and wild, side by side) and a plot.  The wild-joker table
    counts under the page's five-of-a-kind rule (both tables are always shown, so the jokers
    option changes nothing here)."""

    five_of_a_kind: bool = True
    note: tuple[tuple[str, Any], ...] = ()
    """The page's rules this figure says it follows (`rules_note`)."""

    def with_rules(self, options: Mapping[str, Any]) -> OddsTables:
        return replace(
            self, five_of_a_kind=options["five_of_a_kind"], note=tuple(sorted(options.items()))
        )

    def blocks(self, theme: str) -> tuple[Block, ...]:
        plain = category_counts("out")
        wild = category_counts("wild", self.five_of_a_kind)
        note = rules_note("triad", dict(self.note), ("five_of_a_kind",)) if self.note else ""
        chart = tables_chart(plain, wild, theme, self.five_of_a_kind)
        return (
            Markup(note + tables_html(plain, wild, self.five_of_a_kind), name="triad-tables"),
            Markup(chart.svg(), name="chart", max_width="640px"),
        )


# -- the exchange advisor --------------------------------------------------------------------------
def _improve(dist: dict[str, Any], now: int) -> Any:
    return sum(p for c, p in dist.items() if CATEGORY_INDEX[c] > now)


Ranked = tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]
"""A discard ranked by the advisor: the cards thrown, the final hand's chances by category and
its expected strength."""


def discards_under(hand: str, jokers: str, max_draw: int, five_of_a_kind: bool) -> list[Ranked]:
    """`ranked_discards` under any rules: the standard five-of-a-kind rule is stored, and so
    is "no five of a kind" without jokers (no hand has five of a kind then); "no five of a
    kind" with wild jokers is counted when asked (a fraction of a second)."""
    if five_of_a_kind or jokers == "out":
        return ranked_discards(hand, jokers, max_draw)
    from cardlab.games.poker import tables  # numpy: only when a learner asks

    cards = parse(hand)
    unseen = [c for c in triad_deck({"jokers": jokers}) if c not in cards]
    return tables.best_discards(
        cards, unseen, max_draw, jokers=jokers, objective="expected", five_of_a_kind=False
    )


@stored
def ranked_discards(hand: str, jokers: str = "out", max_draw: int = 3) -> list[Ranked]:
    """`tables.best_discards` of ``hand`` (notation) against the rest of the deck, ranked by
    expected strength: the advisor's opening hand is stored, so the page need not build the
    lookup tables before the learner asks about another hand."""
    from cardlab.games.poker import tables  # numpy: only when computed

    cards = parse(hand)
    unseen = [c for c in triad_deck({"jokers": jokers}) if c not in cards]
    return tables.best_discards(cards, unseen, max_draw, jokers=jokers, objective="expected")


Advice = tuple[tuple[Card, ...], HandValue, list[Card], list[Ranked]]
"""A hand's cards (strongest first), its value, the unseen cards and its ranked discards."""


@functools.lru_cache(maxsize=32)
def advice(hand: str, jokers: str, max_draw: int, five_of_a_kind: bool) -> Advice:
    """Everything the advisor says about ``hand`` (notation) under these rules; ``ValueError``
    for a hand that is not five cards of the deck (a wrong count, a joker when out, a repeat)."""
    cards = parse(hand)
    value = evaluate(cards, jokers, five_of_a_kind)
    ordered = tuple(sorted(cards, key=lambda c: (-DECK.strength(c), c.code)))
    unseen = [c for c in triad_deck({"jokers": jokers}) if c not in ordered]
    results = discards_under(format_cards(ordered), jokers, max_draw, five_of_a_kind)
    return ordered, value, unseen, results


@dataclass(frozen=True)
class ExchangeAdvisor(Figure):
    """The learner's own hand: every discard of up to 3 cards with the exact distribution of the
    final hand over every possible draw, ranked by expected showdown strength.  Click cards (or
    their buttons) to see the distribution of that discard; type a hand or deal a new one."""

    hand: str = "Kb Kg 7r 5k 2b"
    typed: str = ""
    """The hand as typed, not yet used ("": the hand)."""
    opening: str = "Kb Kg 7r 5k 2b"
    seed: int = 1
    max_draw: int = 3
    jokers: str = "out"
    five_of_a_kind: bool = True
    selected: tuple[int, ...] | None = None
    """The cards to throw away (None: the best discard)."""
    note: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        self.advice  # noqa: B018  (a hand that cannot be advised is refused here)

    @classmethod
    def start(cls, hand: str = "Kb Kg 7r 5k 2b", seed: int = 1) -> ExchangeAdvisor:
        """The advisor on ``hand``, which it goes back to when the rules take its joker out."""
        return cls(hand=hand, opening=hand, seed=seed, said=cls._holding(hand, "out", 3, True))

    @staticmethod
    def _holding(hand: str, jokers: str, max_draw: int, five: bool) -> Said:
        value = advice(hand, jokers, max_draw, five)[1]
        return Said(msg("You hold {hand}. The best discard is selected.", hand=value.words), "ok")

    @property
    def advice(self) -> Advice:
        return advice(self.hand, self.jokers, self.max_draw, self.five_of_a_kind)

    @property
    def chosen(self) -> tuple[int, ...]:
        cards, _, _, results = self.advice
        if self.selected is not None:
            return self.selected
        return tuple(sorted(cards.index(c) for c in results[0][0]))

    def controls(self) -> tuple[Control, ...]:
        jokers = ((str(msg("Jokers out")), "out"), (str(msg("Jokers wild")), "wild"))
        return (
            Control("hand", str(msg("Your hand")), kind="text", value=self.typed or self.hand),
            Control("use-hand", str(msg("Use this hand"))),
            Control("deal", str(msg("Deal me a hand"))),
            Control("jokers", "", row=1, kind="segments", value=self.jokers, options=jokers),
        )

    def _act(self, key: str, value: Any) -> ExchangeAdvisor:
        if key == "hand":
            return replace(self, typed=value, said=Said())
        if key == "deal":
            cards = list(triad_deck({"jokers": self.jokers}))
            random.Random(f"advisor:{self.seed + 1}").shuffle(cards)
            return self._holds(format_cards(cards[:5]), seed=self.seed + 1)
        if key == "jokers":
            return self._holds(self.hand, jokers=value)
        return self._holds(self.typed or self.hand)

    def _holds(self, hand: str, **changes: Any) -> ExchangeAdvisor:
        new = replace(self, hand=hand, typed="", selected=None, **changes)
        return replace(new, said=self._holding(hand, new.jokers, new.max_draw, new.five_of_a_kind))

    def select(self, selected: tuple[int, ...]) -> ExchangeAdvisor:
        if len(selected) > self.max_draw:
            raise ValueError(
                msgn(
                    "You may discard at most {count} card in Triad.",
                    "You may discard at most {count} cards in Triad.",
                    self.max_draw,
                )
            )
        return replace(self, selected=selected, said=Said())

    def with_rules(self, options: Mapping[str, Any]) -> ExchangeAdvisor:
        """Advise under the page's rules: its jokers (wild jokers are among the unseen cards),
        five-of-a-kind rule and most cards exchanged; the hand is advised again (the opening
        hand when the typed one holds a joker the rules took out)."""
        jokers, five, most = options["jokers"], options["five_of_a_kind"], options["max_draw"]
        hand = self.hand
        if jokers == "out" and any(c.rank in JOKERS for c in parse(hand)):
            hand = self.opening
        note = tuple(sorted(options.items()))
        if (hand, jokers, five, most) == (self.hand, self.jokers, self.five_of_a_kind,
                                          self.max_draw):  # fmt: skip
            return replace(self, note=note)
        said = self._holding(hand, jokers, most, five)
        return replace(self, hand=hand, typed="", selected=None, jokers=jokers,
                       five_of_a_kind=five, max_draw=most, note=note, said=said)  # fmt: skip

    def blocks(self, theme: str) -> tuple[Block, ...]:
        cards, value, unseen, results = self.advice
        chosen = self.chosen
        label = msg("Click the cards you would throw away (up to {most})", most=self.max_draw)
        note = rules_note("triad", dict(self.note), ("five_of_a_kind", "max_draw"))
        discard = tuple(cards[i] for i in chosen)
        key = sorted(c.code for c in discard)
        kept, dist, score = next(r for r in results if sorted(c.code for c in r[0]) == key)
        rows = [OddsRow(str(TRIAD_WORDS[c]), exact=p) for c, p in list(dist.items())[::-1] if p]
        title = str(msg("Your final hand"))
        words = msg(
            "{name}: {cards}; selected: {chosen}",
            name=DISCARD_HAND,
            cards=joined(c.code for c in cards),
            chosen=joined(c.code for c in discard) if discard else msg("none"),
        )
        return (
            Markup(note if self.note else "", name="rules-note-box"),
            Picture(
                hand_row(cards, theme, 64.0, chosen, str(label)),
                words,
                name="advisor-hand",
                cards=tuple(c.code for c in cards),
                selected=chosen,
            ),
            Markup(self._summary(kept, dist, score, value, len(unseen), len(results))),
            Markup(odds_table_html(rows, title)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
            Markup(self._ranking_html(results, value), name="discards"),
        )

    def _summary(
        self,
        cards: tuple[Card, ...],
        dist: dict[str, Fraction],
        score: Fraction | float,
        value: HandValue,
        unseen: int,
        total: int,
    ) -> str:
        results = self.advice[3]
        k = len(cards)
        place = next(i for i, r in enumerate(results) if r[0] == cards) + 1
        what = msg("discard {cards}", cards=format_cards(cards)) if cards else msg("stand pat")
        better = _improve(dist, value.index)
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
            hand=html.escape(value.name),
            move=what,
            draws=num(comb(unseen, k)),
            unseen=unseen,
            fraction=format_fraction(better),
            better=pct(float(better), 1),
            score=pct(score, 1),
            place=place,
            total=total,
        )
        return str(said)

    @staticmethod
    def _ranking_html(results: Sequence[Ranked], value: HandValue, top: int = 8) -> str:
        rows = []
        for i, (cards, dist, score) in enumerate(results[:top]):
            better = _improve(dist, value.index)
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
        caption = msg("The best {top} of {total} discards", top=top, total=len(results))
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
