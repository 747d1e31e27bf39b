"""Exact Pyramid odds by counting card kinds: the deal table, counting arguments, the exchange.

The 55 cards come in only 10 kinds (9 (level, colour) kinds with 9/6/3 copies, and the
Keystone), and a hand's value depends only on how many of each kind it holds.  So instead of the
C(55, 6) = 28,989,675 deals we enumerate the 4,128 *kind multisets* of 6 cards and weight each
by the number of deals that give it, a product of binomials::

    deals(m) = C(9, m_3P) * C(9, m_3G) * ... * C(3, m_1O) * C(1, m_K)

Every hand is evaluated once (`hands.key_of_counts` caches it).  The exchange works the same
way: the draws from the unseen cards are enumerated as kind multisets weighted by binomials.
"""

from __future__ import annotations

import html
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from math import comb
from typing import SupportsFloat

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, Number, msg, num
from cardlab.core.i18n import pct as percent
from cardlab.core.stored import stored
from cardlab.games.pyramid.hands import (
    CLASSES,
    DECK,
    HAND_SIZE,
    KIND_CARDS,
    KIND_COPIES,
    KIND_INDEX,
    TOP_CLASS,
    HandClass,
    cards_of_counts,
    key_of_counts,
    kind_counts,
    parse,
)

N_CARDS = sum(KIND_COPIES)  # 55
N_DEALS = comb(N_CARDS, HAND_SIZE)  # 28,989,675
MAX_DISCARD = 4


def kind_multisets(size: int, available: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``size`` cards drawn from ``available`` copies per kind, with its weight.

    The weight is the number of ways to pick those cards: the product of ``C(available_k, m_k)``.
    The weights sum to ``C(sum(available), size)``.
    """
    return list(_kind_multisets(size, tuple(available)))


# 16 entries: the whole deck's 4,128 hands (0.85 MiB, for the exact table) and the draws of the
# last few hands advised (up to 80 KB each, one per draw size).  The repeats are the same hand's
# advice shown again; 256 entries let a long session keep about 20 MiB of old hands' draws.
@lru_cache(maxsize=16)
def _kind_multisets(
    size: int, available: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], int], ...]:
    out: list[tuple[tuple[int, ...], int]] = []
    n = len(available)
    counts = [0] * n
    room = [sum(available[i:]) for i in range(n)] + [0]

    def rec(i: int, left: int, weight: int) -> None:
        if left == 0:
            out.append((tuple(counts), weight))
            return
        if i == n or room[i] < left:
            return
        for m in range(min(left, available[i]), -1, -1):
            counts[i] = m
            rec(i + 1, left - m, weight * comb(available[i], m))
        counts[i] = 0

    rec(0, size, 1)
    return tuple(out)


def _class_of_key(key: tuple[int, ...]) -> HandClass:
    return HandClass(*key[:4])


# -- the exact deal table ----------------------------------------------------------------------


@dataclass(frozen=True)
class ClassRow:
    hand_class: HandClass
    count: int  # deals out of N_DEALS

    @property
    def probability(self) -> Fraction:
        return Fraction(self.count, N_DEALS)

    @property
    def name(self) -> Message:
        return self.hand_class.name


@dataclass(frozen=True)
class ClassTable:
    """The exact distribution of the best hand's class over all C(55, 6) deals: ``rows`` are
    the 19 classes in ladder order, weakest first (`hands.CLASSES`)."""

    rows: tuple[ClassRow, ...]
    multisets: int  # distinct kind multisets enumerated

    @property
    def total(self) -> int:
        return sum(row.count for row in self.rows)

    def count(self, hand_class: HandClass) -> int:
        return next(row.count for row in self.rows if row.hand_class == hand_class)

    def probability(self, hand_class: HandClass) -> Fraction:
        return Fraction(self.count(hand_class), N_DEALS)

    def distribution(self) -> dict[HandClass, Fraction]:
        return {row.hand_class: row.probability for row in self.rows}

    def by_type(self) -> dict[str, int]:
        """Deals per type: "no pyramid", "T3", "T2", "T1"."""
        out: Counter[str] = Counter()
        for row in self.rows:
            out[row.hand_class.type or "no pyramid"] += row.count
        return {name: out[name] for name in ("no pyramid", "T3", "T2", "T1")}

    def by_type_and_perfect(self) -> dict[tuple[str, bool], int]:
        out: Counter[tuple[str, bool]] = Counter()
        for row in self.rows:
            if row.hand_class.type:
                out[row.hand_class.type, bool(row.hand_class.perfect)] += row.count
        return dict(out)

    @property
    def p_no_pyramid(self) -> Fraction:
        return self.probability(HandClass(0))

    @property
    def top_hands(self) -> int:
        """Deals holding the top hand: perfect Purple full pyramid with the Keystone apex."""
        return self.count(TOP_CLASS)


@dataclass(frozen=True)
class ExactTable(ClassTable):
    """`ClassTable` with ``key_counts``: every achievable key and its number of deals (what a
    hand's share of all deals is read from)."""

    key_counts: dict[tuple[int, ...], int]


@stored
def exact_table() -> ExactTable:
    """The exact table, by kind multisets (4,128 of them; 0.4 s, so it is stored: every lesson
    page and every advice reads it)."""
    per_class: Counter[HandClass] = Counter()
    per_key: Counter[tuple[int, ...]] = Counter()
    multisets = _kind_multisets(HAND_SIZE, KIND_COPIES)
    for counts, weight in multisets:
        key = key_of_counts(counts)
        per_key[key] += weight
        per_class[_class_of_key(key)] += weight
    rows = tuple(ClassRow(cls, per_class[cls]) for cls in CLASSES)
    return ExactTable(rows, len(multisets), dict(sorted(per_key.items())))


@stored
def class_table() -> ClassTable:
    """`exact_table` without its 4,128 keys: what the odds tables show, stored apart, so a page
    need not read every key (a tenth of a second) to show the classes."""
    table = exact_table()
    return ClassTable(table.rows, table.multisets)


def exact_distribution() -> dict[HandClass, Fraction]:
    """P(best hand is of each class) over a random deal of 6 from the 55 cards, exactly."""
    return exact_table().distribution()


@lru_cache(maxsize=1)
def _key_order() -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    keys = tuple(exact_table().key_counts)
    below, running = [], 0
    for key in keys:
        below.append(running)
        running += exact_table().key_counts[key]
    return keys, tuple(below)


def all_keys() -> tuple[tuple[int, ...], ...]:
    """Every key a 6-card hand can have, weakest first."""
    return _key_order()[0]


def key_rank(key: tuple[int, ...]) -> int:
    """The dense rank of ``key`` among `all_keys` (0 = the weakest hand possible)."""
    keys = all_keys()
    i = bisect_left(keys, key)
    if i == len(keys) or keys[i] != key:
        raise ValueError(f"{key} is not the key of any 6-card Pyramid hand")
    return i


def key_percentile(key: tuple[int, ...]) -> Fraction:
    """The share of all deals a hand with this key beats, counting ties as half."""
    i = key_rank(key)
    keys, below = _key_order()
    return Fraction(2 * below[i] + exact_table().key_counts[keys[i]], 2 * N_DEALS)


# -- counting arguments a student can follow ---------------------------------------------------


@dataclass(frozen=True)
class CountingArgument:
    """A count done by hand: what is counted, the reasoning, the formula and its value.

    ``classes`` are the table's classes the count covers, so it can be checked against the table.
    """

    what: Message
    reasoning: Message
    formula: str
    value: int
    classes: tuple[HandClass, ...]

    @property
    def probability(self) -> Fraction:
        return Fraction(self.value, N_DEALS)


def counting_arguments() -> tuple[CountingArgument, ...]:
    """Hand counts of the top hands, full pyramids and no-pyramid deals (each = the table's)."""
    # L3 / L2 / L1 cards in the deck, all colours: 27 / 18 / 9; one colour: 9 / 6 / 3.
    top = comb(9, 3) * comb(6, 2)
    perfect_t1 = (
        comb(9, 3) * comb(6, 2) * comb(3, 1)
        + comb(9, 2) * comb(6, 2) * comb(3, 1)
        + comb(9, 3) * comb(6, 1) * comb(3, 1)
    )
    all_t1 = (
        comb(27, 3) * comb(18, 2) * comb(9, 1)
        + comb(27, 2) * comb(18, 2) * comb(9, 1)
        + comb(27, 3) * comb(18, 1) * comb(9, 1)
        + comb(27, 3) * comb(18, 2)
    )
    none_without_k = (
        comb(27, 6)
        + 27 * comb(27, 5)
        + comb(36, 6)
        - comb(9, 6)
        - 27 * comb(9, 5)
    )  # fmt: skip
    none_with_k = comb(27, 5) + 27 * comb(9, 4)
    return (
        CountingArgument(
            what=msg("top hands: perfect Purple full pyramid with the Keystone apex"),
            reasoning=msg(
                "A full pyramid uses all 6 cards, so the hand is exactly the Keystone, three of "
                "the nine level-3 Purple and two of the six level-2 Purple: nothing else to pick."
            ),
            formula="C(9,3) x C(6,2) = 84 x 15",
            value=top,
            classes=(TOP_CLASS,),
        ),
        CountingArgument(
            what=msg("Keystone-apex hands of any colour"),
            reasoning=msg("The same count for each of the three colours."),
            formula="3 x C(9,3) x C(6,2) = 3 x 1,260",
            value=3 * top,
            classes=tuple(c for c in CLASSES if c.apex),
        ),
        CountingArgument(
            what=msg("perfect Purple full pyramids without the apex"),
            reasoning=msg(
                "No Keystone: three 3P, two 2P, one of the three 1P.  Or the Keystone stands in "
                "for a level-3 card (two 3P real) or for a level-2 card (one 2P real); as the "
                "level-1 card it would be the apex instead."
            ),
            formula="C(9,3)C(6,2)C(3,1) + C(9,2)C(6,2)C(3,1) + C(9,3)C(6,1)C(3,1)"
            " = 3,780 + 1,620 + 1,512",
            value=perfect_t1,
            classes=(HandClass(3, 1, 0, 3),),
        ),
        CountingArgument(
            what=msg("full pyramids (T1) of every kind"),
            reasoning=msg(
                "A full pyramid is all 6 cards, so the hand must hold exactly three level-3, two "
                "level-2 and one level-1 card (27, 18 and 9 in the deck), or the Keystone plus "
                "the same shape with one card missing from one level."
            ),
            formula="C(27,3)C(18,2)C(9,1) + C(27,2)C(18,2)C(9,1) + C(27,3)C(18,1)C(9,1)"
            " + C(27,3)C(18,2)",
            value=all_t1,
            classes=tuple(c for c in CLASSES if c.type_rank == 3),
        ),
        CountingArgument(
            what=msg("no pyramid at all"),
            reasoning=msg(
                "Without the Keystone a hand has no pyramid when it holds at most one level-3 "
                "card or no level-2 card (inclusion-exclusion over the 54 other cards: 27 L3, "
                "18 L2, 9 L1).  With the Keystone, which can fill one slot of a small pyramid, "
                "it needs no level-3 card at all, or one level-3 card and no level-2 card."
            ),
            formula="[C(27,6) + 27 C(27,5)] + C(36,6) - [C(9,6) + 27 C(9,5)] + C(27,5) + 27 C(9,4)",
            value=none_without_k + none_with_k,
            classes=(HandClass(0),),
        ),
    )


# -- the exchange ------------------------------------------------------------------------------


@dataclass(frozen=True)
class ExchangeOutcome:
    """What discarding ``discard`` and drawing as many from the unseen cards leads to, exactly.

    ``key_counts`` maps each resulting key to its number of draws (out of ``draws``, all equally
    likely); ``distribution`` is the same per class, as probabilities summing to 1.
    """

    discard: tuple[Card, ...]
    keep: tuple[Card, ...]
    current_key: tuple[int, ...]
    draws: int
    key_counts: dict[tuple[int, ...], int]

    @property
    def distribution(self) -> dict[HandClass, Fraction]:
        per_class: Counter[HandClass] = Counter()
        for key, n in self.key_counts.items():
            per_class[_class_of_key(key)] += n
        return {c: Fraction(per_class[c], self.draws) for c in CLASSES if per_class[c]}

    def _share(self, test: Callable[[tuple[int, ...]], bool]) -> Fraction:
        return Fraction(sum(n for k, n in self.key_counts.items() if test(k)), self.draws)

    @property
    def p_better(self) -> Fraction:
        """P(the result is a better pyramid class than the hand now: type, perfect, colour)."""
        now = _class_of_key(self.current_key)
        return self._share(lambda k: _class_of_key(k) > now)

    @property
    def p_better_key(self) -> Fraction:
        """P(the result beats the hand now, kickers included)."""
        return self._share(lambda k: k > self.current_key)

    @property
    def p_worse(self) -> Fraction:
        return self._share(lambda k: k < self.current_key)

    @property
    def p_pyramid(self) -> Fraction:
        return self._share(lambda k: k[0] > 0)

    @property
    def expected_rank(self) -> Fraction:
        """E[dense rank of the resulting key among every possible key] (`key_rank`)."""
        return sum(
            (Fraction(key_rank(k) * n, self.draws) for k, n in self.key_counts.items()),
            Fraction(0),
        )

    @property
    def expected_percentile(self) -> Fraction:
        """E[share of all deals the resulting hand beats] (`key_percentile`)."""
        return sum(
            (key_percentile(k) * Fraction(n, self.draws) for k, n in self.key_counts.items()),
            Fraction(0),
        )

    @property
    def words(self) -> Message:
        if self.discard:
            return msg("discard {cards}", cards=DECK.format(self.discard))
        return msg("stand pat")


OBJECTIVES = ("p_better", "p_better_key", "expected_rank", "expected_percentile")


def _cards(cards: Iterable[Card] | str) -> tuple[Card, ...]:
    return parse(cards) if isinstance(cards, str) else tuple(cards)


def _counts_of(cards: tuple[Card, ...], what: str) -> tuple[int, ...]:
    counts = [0] * 10
    for card in cards:
        if card not in KIND_INDEX:
            raise ValueError(
                f"{what}: {card!r} is not a card of the {DECK.title}; allowed: {DECK.allowed()}"
            )
        counts[KIND_INDEX[card]] += 1
    return tuple(counts)


def _unseen_counts(
    hand_counts: tuple[int, ...], unseen: Iterable[Card] | str | None
) -> tuple[int, ...]:
    if unseen is None:
        return tuple(c - h for c, h in zip(KIND_COPIES, hand_counts, strict=True))
    counts = _counts_of(_cards(unseen), "unseen")
    for i, (c, h, u) in enumerate(zip(KIND_COPIES, hand_counts, counts, strict=True)):
        if h + u > c:
            raise ValueError(
                f"the hand and the unseen cards hold {h + u} x {DECK.describe(KIND_CARDS[i])}, "
                f"the deck only {c}"
            )
    return counts


def _outcome(
    hand_counts: tuple[int, ...], discard_counts: tuple[int, ...], unseen_counts: tuple[int, ...]
) -> ExchangeOutcome:
    d = sum(discard_counts)
    keep = tuple(h - x for h, x in zip(hand_counts, discard_counts, strict=True))
    n_unseen = sum(unseen_counts)
    if d > n_unseen:
        raise ValueError(f"cannot draw {d} cards: only {n_unseen} unseen")
    key_counts: Counter[tuple[int, ...]] = Counter()
    for draw, weight in _kind_multisets(d, unseen_counts):
        after = tuple(a + b for a, b in zip(keep, draw, strict=True))
        key_counts[key_of_counts(after)] += weight
    return ExchangeOutcome(
        discard=cards_of_counts(discard_counts),
        keep=cards_of_counts(keep),
        current_key=key_of_counts(hand_counts),
        draws=comb(n_unseen, d),
        key_counts=dict(sorted(key_counts.items())),
    )


def exchange_distribution(
    hand: Iterable[Card] | str,
    discard: Iterable[Card] | str,
    unseen: Iterable[Card] | str | None = None,
) -> ExchangeOutcome:
    """The exact result of discarding ``discard`` (0-4 of the hand's cards) and drawing as many.

    ``unseen`` are the cards the draw comes from, each equally likely (default: the 49 cards not
    in the hand).  ``ValueError`` if the discard is not part of the hand or is more than 4 cards.
    """
    hand_counts = kind_counts(_cards(hand))
    discard_counts = _counts_of(_cards(discard), "discard")
    if sum(discard_counts) > MAX_DISCARD:
        raise ValueError(f"a player may discard 0-{MAX_DISCARD} cards, not {sum(discard_counts)}")
    for i, (h, x) in enumerate(zip(hand_counts, discard_counts, strict=True)):
        if x > h:
            raise ValueError(
                f"cannot discard {x} x {DECK.describe(KIND_CARDS[i])}: the hand holds {h}"
            )
    return _outcome(hand_counts, discard_counts, _unseen_counts(hand_counts, unseen))


def discard_choices(
    hand: Iterable[Card] | str, max_discard: int = MAX_DISCARD
) -> Iterator[tuple[Card, ...]]:
    """Every distinct discard of 0..``max_discard`` cards (identical cards are one choice)."""
    hand_counts = kind_counts(_cards(hand))
    for choice in product(*(range(n + 1) for n in hand_counts)):
        if sum(choice) <= max_discard:
            yield cards_of_counts(choice)


def best_exchanges(
    hand: Iterable[Card] | str,
    unseen: Iterable[Card] | str | None = None,
    max_discard: int = MAX_DISCARD,
    objective: str | Callable[[ExchangeOutcome], object] = "p_better",
) -> list[ExchangeOutcome]:
    """Every distinct discard of 0..``max_discard`` cards with its exact outcome, best first.

    ``objective`` is one of `OBJECTIVES` (a property of `ExchangeOutcome`) or a function of an
    outcome; ties go to the higher expected rank, then to the smaller discard.
    """
    if not 0 <= max_discard <= MAX_DISCARD:
        raise ValueError(f"max_discard must be 0-{MAX_DISCARD}, got {max_discard}")
    score: Callable[[ExchangeOutcome], object]
    if isinstance(objective, str):
        if objective not in OBJECTIVES:
            raise ValueError(f"unknown objective {objective!r}; choose from {OBJECTIVES}")
        name = objective

        def score(o: ExchangeOutcome) -> object:
            return getattr(o, name)
    else:
        score = objective
    hand_counts = kind_counts(_cards(hand))
    unseen_counts = _unseen_counts(hand_counts, unseen)
    outcomes = [
        _outcome(hand_counts, choice, unseen_counts)
        for choice in product(*(range(n + 1) for n in hand_counts))
        if sum(choice) <= min(max_discard, sum(unseen_counts))
    ]
    return sorted(
        outcomes, key=lambda o: (score(o), o.expected_rank, -len(o.discard)), reverse=True
    )


def best_exchange(
    hand: Iterable[Card] | str,
    unseen: Iterable[Card] | str | None = None,
    max_discard: int = MAX_DISCARD,
    objective: str | Callable[[ExchangeOutcome], object] = "p_better",
) -> ExchangeOutcome:
    """The best discard by ``objective`` (see `best_exchanges`)."""
    return best_exchanges(hand, unseen, max_discard, objective)[0]


# -- the exchange advice in words (the lesson's advisor and the table's "Show my odds") ---------
def pct(x: SupportsFloat) -> Number:
    """A probability as a whole percentage, in the reader's language: ``"37%"``."""
    return percent(float(x), 0)


@dataclass(frozen=True)
class AdviceRow:
    """One line of the exchange advice: the discard (card codes, empty to stand pat), how many
    draws it has and its exact odds of a better pyramid, a worse hand and any pyramid."""

    discard: tuple[str, ...]
    draws: int
    p_better: Fraction
    p_worse: Fraction
    p_pyramid: Fraction

    @property
    def words(self) -> Message:
        if self.discard:
            return msg("discard {cards}", cards=" ".join(self.discard))
        return msg("stand pat")


def advice_rows(
    hand: Iterable[Card] | str, unseen: Iterable[Card] | str | None, max_draw: int, top: int = 6
) -> tuple[AdviceRow, ...]:
    """The best discards for a hand with their exact odds, the AI's choice (better pyramid minus
    worse hand) first: the numbers of `advice_table_html`, in no language."""
    outcomes = best_exchanges(hand, unseen, max_draw, lambda o: o.p_better - o.p_worse)
    return tuple(
        AdviceRow(tuple(c.code for c in o.discard), o.draws, o.p_better, o.p_worse, o.p_pyramid)
        for o in outcomes[:top]
    )


def advice_html(rows: Iterable[AdviceRow]) -> str:
    """The exchange advice as an HTML table in the current language, the AI's choice starred."""
    lines = []
    for k, o in enumerate(rows):
        style = " style='font-weight:bold;background:#fff7d6'" if k == 0 else ""
        lines.append(
            f"<tr{style}><th scope='row' style='text-align:left'>{html.escape(str(o.words))}"
            f"{' ★' if k == 0 else ''}</th><td>{num(o.draws)}</td><td>{pct(o.p_better)}</td>"
            f"<td>{pct(o.p_worse)}</td><td>{pct(o.p_pyramid)}</td></tr>"
        )
    heads = (
        msg("Exchange"),
        msg("Possible draws"),
        msg("P(better pyramid)"),
        msg("P(worse hand)"),
        msg("P(any pyramid)"),
    )
    head = "".join(f"<th scope='col'>{html.escape(str(h))}</th>" for h in heads)
    note = msg(
        "Counted exactly over every draw from the cards you have not seen. ★ is the AI's "
        "choice: the best chance of a better pyramid minus the risk of a worse hand."
    )
    return (
        "<table class='cardlab-exchange-advice' style='border-collapse:collapse'><thead><tr>"
        f"{head}</tr></thead><tbody>{''.join(lines)}</tbody></table>"
        f"<p><small>{html.escape(str(note))}</small></p>"
    )


def advice_table_html(
    hand: Iterable[Card] | str,
    unseen: Iterable[Card] | str | None,
    max_draw: int,
    top: int = 6,
) -> str:
    """The exact exchange advice for a hand as an HTML table: the best discards with their odds
    (counted), the AI's choice (better pyramid minus worse hand) starred."""
    return advice_html(advice_rows(hand, unseen, max_draw, top))


__all__ = [
    "MAX_DISCARD",
    "N_DEALS",
    "OBJECTIVES",
    "AdviceRow",
    "ClassRow",
    "CountingArgument",
    "ExactTable",
    "ExchangeOutcome",
    "advice_html",
    "advice_rows",
    "advice_table_html",
    "all_keys",
    "best_exchange",
    "best_exchanges",
    "counting_arguments",
    "discard_choices",
    "exact_distribution",
    "exact_table",
    "exchange_distribution",
    "key_percentile",
    "key_rank",
    "kind_multisets",
    "pct",
]
