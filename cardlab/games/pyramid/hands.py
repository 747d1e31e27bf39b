"""Pyramid hands: the best arrangement of 6 cards and its ranking key (rules: pyramid.md §3, §5).

A hand is 6 cards of the `PYRAMID` deck.  A pyramid is a subset with one of three level shapes
(the seed's names, with the plain aliases of §5 P1):

* ``T3`` level-3 pyramid, "small (2-1)":  2 x L3 + 1 x L2, three unused cards (kickers);
* ``T2`` level-2 pyramid, "middle (3-2)": 3 x L3 + 2 x L2, one kicker;
* ``T1`` level-1 pyramid, "full (3-2-1)": 3 x L3 + 2 x L2 + 1 x L1, no kicker.

The Keystone is fully wild (§5 P4): it may stand for any (level, colour), or stay unused as the
strongest kicker (§5 P6, value 100).  The hand's value is the **largest key** over every legal
arrangement::

    key = (type_rank, perfect, apex, colour_term, kicker_1, kicker_2, ...)

exactly as §3 defines it.  Identical cards are interchangeable, so the value depends only on the
hand's *kind multiset* (how many of each of the 10 kinds it holds); `evaluate` works on those
counts and caches them, which is what makes the exact odds in `odds` fast.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from cardlab.core.cards import PYRAMID, Card
from cardlab.core.i18n import Message, joined, msg, msgn

if TYPE_CHECKING:
    import numpy as np

HAND_SIZE = 6
DECK = PYRAMID
KEYSTONE = Card("pyramid", "K")

#: colour token -> colour value used in the key (Orange 1, Green 2, Purple 3)
COLOUR_VALUE = {"O": 1, "G": 2, "P": 3}
COLOUR_TOKEN = {v: k for k, v in COLOUR_VALUE.items()}
COLOUR_NAME = {
    # Translators: the colour of a perfect pyramid ("Full pyramid (3-2-1), perfect Purple")
    "P": msg("Purple"),
    # Translators: the colour of a perfect pyramid ("Full pyramid (3-2-1), perfect Green")
    "G": msg("Green"),
    # Translators: the colour of a perfect pyramid ("Full pyramid (3-2-1), perfect Orange")
    "O": msg("Orange"),
}
"""The colours in words, as a perfect pyramid's colour (an adjective agreeing with "pyramid")."""
CARD_WORDS: dict[str, Message] = {
    "3P": msg("level-3 Purple"),
    "3G": msg("level-3 Green"),
    "3O": msg("level-3 Orange"),
    "2P": msg("level-2 Purple"),
    "2G": msg("level-2 Green"),
    "2O": msg("level-2 Orange"),
    "1P": msg("level-1 Purple"),
    "1G": msg("level-1 Green"),
    "1O": msg("level-1 Orange"),
    "K": msg("Keystone"),
}
"""Each of the 10 kinds of card in words (the English of `PYRAMID.describe`)."""
KEYSTONE_ANY = {
    "1": msg("Keystone as level-1 any colour"),
    "2": msg("Keystone as level-2 any colour"),
    "3": msg("Keystone as level-3 any colour"),
}
KEYSTONE_KICKER = 100  # §5 P6: an unused Keystone is the strongest kicker
KEYSTONE_L1 = 4  # colour_term of a non-perfect T1 whose L1 slot is the Keystone

#: The 10 card kinds in a fixed order; index 9 is the Keystone.  (level, colour) as ints.
KINDS: tuple[tuple[int, int], ...] = tuple(
    (level, colour) for level in (3, 2, 1) for colour in (3, 2, 1)
)
KIND_CARDS: tuple[Card, ...] = (
    *(Card("pyramid", str(level), COLOUR_TOKEN[colour]) for level, colour in KINDS),
    KEYSTONE,
)
K_INDEX = 9
KIND_INDEX: dict[Card, int] = {card: i for i, card in enumerate(KIND_CARDS)}
#: copies of each kind in the deck: 9/6/3 per colour and one Keystone
KIND_COPIES: tuple[int, ...] = tuple(DECK.count(card) for card in KIND_CARDS)
#: §3 strength of a card used as a kicker: (4 - level) * 10 + colour; Keystone 100
KIND_STRENGTH: tuple[int, ...] = (
    *((4 - level) * 10 + colour for level, colour in KINDS),
    KEYSTONE_KICKER,
)

#: (type_rank, type code, seed name, plain alias, number of L3/L2/L1 slots)
SHAPES: dict[int, tuple[str, str, Message, tuple[int, int, int]]] = {
    3: ("T1", "level-1 pyramid", msg("Full pyramid (3-2-1)"), (3, 2, 1)),
    2: ("T2", "level-2 pyramid", msg("Middle pyramid (3-2)"), (3, 2, 0)),
    1: ("T3", "level-3 pyramid", msg("Small pyramid (2-1)"), (2, 1, 0)),
}
_LEVEL_POS = {3: 0, 2: 1, 1: 2}


def card_words(card: Card) -> Message:
    """A Pyramid card in words, e.g. "level-1 Purple" or "Keystone"."""
    return CARD_WORDS[card.code]


def parse(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards in Pyramid notation, e.g. ``parse("3P 3P 2G 1O K")`` (the same as `PYRAMID.parse`)."""
    return DECK.parse(text)


# -- value objects -----------------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class HandClass:
    """A hand's class: the key without its kickers.  The lesson's odds are reported per class."""

    type_rank: int
    perfect: int = 0
    apex: int = 0
    colour_term: int = 0

    @property
    def type(self) -> str | None:
        """``"T1"``, ``"T2"``, ``"T3"`` or None for no pyramid."""
        return SHAPES[self.type_rank][0] if self.type_rank else None

    @property
    def name(self) -> Message:
        """Words for the class, e.g. "Full pyramid (3-2-1), perfect Purple, Keystone apex"."""
        if not self.type_rank:
            return msg("No pyramid")
        shape = SHAPES[self.type_rank][2]
        if self.perfect:
            colour = COLOUR_NAME[COLOUR_TOKEN[self.colour_term]]
            if self.apex:
                return msg("{shape}, perfect {colour}, Keystone apex", shape=shape, colour=colour)
            return msg("{shape}, perfect {colour}", shape=shape, colour=colour)
        if self.type_rank == 3:
            if self.colour_term == KEYSTONE_L1:
                return msg("{shape}, not perfect; Keystone as level-1", shape=shape)
            card = CARD_WORDS[f"1{COLOUR_TOKEN[self.colour_term]}"]
            # Translators: {card} is the pyramid's level-1 card, e.g. "level-1 Purple"
            return msg("{shape}, not perfect; {card}", shape=shape, card=card)
        return msg("{shape}, not perfect", shape=shape)


#: every class in ladder order, weakest first (§3 "Resulting ladder")
CLASSES: tuple[HandClass, ...] = (
    HandClass(0),
    HandClass(1),
    *(HandClass(1, 1, 0, c) for c in (1, 2, 3)),
    HandClass(2),
    *(HandClass(2, 1, 0, c) for c in (1, 2, 3)),
    *(HandClass(3, 0, 0, c) for c in (1, 2, 3, 4)),
    *(HandClass(3, 1, 0, c) for c in (1, 2, 3)),
    *(HandClass(3, 1, 1, c) for c in (1, 2, 3)),
)
TOP_CLASS = HandClass(3, 1, 1, 3)


@dataclass(frozen=True)
class KeystoneRole:
    """What the Keystone does: stands for ``(level, colour)`` in the pyramid, or is a kicker.

    ``level`` is None when it is unused (a kicker).  ``colour`` is None when its colour does not
    change the key (a non-perfect pyramid): any colour will do.
    """

    level: str | None
    colour: str | None = None

    @property
    def words(self) -> Message:
        if self.level is None:
            return msg("Keystone unused (strongest kicker)")
        if not self.colour:
            return KEYSTONE_ANY[self.level]
        # Translators: {card} is the card the Keystone stands for, e.g. "level-3 Purple"
        return msg("Keystone as {card}", card=CARD_WORDS[f"{self.level}{self.colour}"])


@dataclass(frozen=True)
class Arrangement:
    """One way to lay out a hand: the pyramid rows top to bottom, the kickers and the Keystone.

    ``rows`` holds the pyramid's cards by level, the level-1 row (if any) first and the level-3
    row last; the Keystone appears as itself in the slot it fills.  ``kickers`` are the unused
    cards, strongest first (all 6 cards when there is no pyramid).  ``keystone`` is None when the
    hand has no Keystone.
    """

    type_rank: int
    rows: tuple[tuple[Card, ...], ...]
    kickers: tuple[Card, ...]
    keystone: KeystoneRole | None = None

    @property
    def type(self) -> str | None:
        return SHAPES[self.type_rank][0] if self.type_rank else None

    @property
    def pyramid(self) -> tuple[Card, ...]:
        """The pyramid's cards, top row first (empty for no pyramid)."""
        return tuple(card for row in self.rows for card in row)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.pyramid + self.kickers

    def __str__(self) -> str:
        rows = " / ".join(DECK.format(row) for row in self.rows) or "no pyramid"
        text = rows + (f" | kickers {DECK.format(self.kickers)}" if self.kickers else "")
        if self.keystone is not None:
            text += f" | {self.keystone.words.text(None, 'en')}"
        return text


@dataclass(frozen=True, order=True)
class PyramidValue:
    """The value of a 6-card hand; compares (and hashes) by ``key`` alone, larger is better."""

    key: tuple[int, ...]
    description: Message = field(compare=False)
    arrangement: Arrangement = field(compare=False, repr=False)

    @property
    def hand_class(self) -> HandClass:
        return HandClass(*self.key[:4])

    @property
    def type(self) -> str | None:
        return self.hand_class.type

    @property
    def kickers(self) -> tuple[int, ...]:
        return self.key[4:]

    def __str__(self) -> str:
        return str(self.description)


# -- evaluation on kind counts -----------------------------------------------------------------
#
# A "plan" is (key, real_pyramid_kinds, keystone_slot, kicker_kinds) with kinds as indices into
# KINDS; keystone_slot is None (unused or absent) or (level, colour or 0 for "any").


def _level_counts(kinds: Iterable[int]) -> list[int]:
    out = [0, 0, 0]
    for kind in kinds:
        out[_LEVEL_POS[KINDS[kind][0]]] += 1
    return out


def _kicker_key(kinds: Iterable[int]) -> tuple[int, ...]:
    return tuple(sorted((KIND_STRENGTH[k] for k in kinds), reverse=True))


def _colours(kinds: Iterable[int]) -> set[int]:
    return {KINDS[k][1] for k in kinds}


Slot = tuple[int | None, int] | None
"""Where the Keystone stands in a plan: (level, colour), or None when it is a kicker or absent."""
Plan = tuple[tuple[int, ...], tuple[int, ...], Slot, tuple[int, ...]]
"""An arrangement by kind indexes: (key, the pyramid's real cards, the Keystone's slot,
kickers)."""


def _plan_t1(real: list[int], has_k: bool) -> Plan | None:
    need = list(SHAPES[3][3])
    have = _level_counts(real)
    slot_level = None
    if has_k:
        missing = [i for i in range(3) if need[i] - have[i] == 1]
        if sum(have) != 5 or len(missing) != 1 or any(have[i] > need[i] for i in range(3)):
            return None
        slot_level = (3, 2, 1)[missing[0]]
    elif have != need:
        return None
    colours = _colours(real)
    perfect = len(colours) == 1
    if perfect:
        colour = colours.pop()
        apex = int(slot_level == 1)
        key = (3, 1, apex, colour)
        slot = (slot_level, colour) if has_k else None
    else:
        l1 = [k for k in real if KINDS[k][0] == 1]
        key = (3, 0, 0, KINDS[l1[0]][1] if l1 else KEYSTONE_L1)
        slot = (slot_level, 0) if has_k else None
    return key, tuple(real), slot, ()


def _plans_with_kicker_choice(type_rank: int, real: list[int], has_k: bool) -> Iterator[Plan]:
    """Every arrangement of type T2 or T3: choose the real pyramid cards, the Keystone's slot."""
    need = SHAPES[type_rank][3]
    by_level: dict[int, list[int]] = {3: [], 2: [], 1: []}
    for kind in real:
        by_level[KINDS[kind][0]].append(kind)
    slots: list[int | None] = [None]
    if has_k:
        slots += [3, 2]
    for slot_level in slots:
        n3 = need[0] - (slot_level == 3)
        n2 = need[1] - (slot_level == 2)
        if len(by_level[3]) < n3 or len(by_level[2]) < n2:
            continue
        for pick3 in set(combinations_with_replacement(sorted(set(by_level[3])), n3)):
            if any(pick3.count(k) > by_level[3].count(k) for k in pick3):
                continue
            for pick2 in set(combinations_with_replacement(sorted(set(by_level[2])), n2)):
                if any(pick2.count(k) > by_level[2].count(k) for k in pick2):
                    continue
                pyramid = pick3 + pick2
                rest = Counter(real)
                rest.subtract(pyramid)
                kickers = list(rest.elements())
                if has_k and slot_level is None:
                    kickers.append(K_INDEX)
                colours = _colours(pyramid)
                if len(colours) == 1:
                    colour = colours.pop()
                    head = (type_rank, 1, 0, colour)
                    slot = (slot_level, colour) if slot_level else None
                elif not colours:  # cannot happen: at least 2 real cards in a pyramid
                    continue
                else:
                    head = (type_rank, 0, 0, 0)
                    slot = (slot_level, 0) if slot_level else None
                yield head + _kicker_key(kickers), pyramid, slot, tuple(kickers)


# Both caches below hold at most every 6-card hand by kind counts: there are 4,128 (the exact table
# enumerates them all, so a smaller bound would evict in a cycle and never hit).  About 0.4 KB and
# 0.8 KB an entry: 5 MiB for both when full, a constant table once the odds have been shown.
KIND_HANDS = 4128


@lru_cache(maxsize=KIND_HANDS)
def _best_plan(counts: tuple[int, ...]) -> Plan:
    """The best arrangement of the hand with these kind counts (10 ints, Keystone last)."""
    real = [k for k in range(9) for _ in range(counts[k])]
    has_k = bool(counts[K_INDEX])
    plan = _plan_t1(real, has_k)
    if plan is not None:
        return plan
    for type_rank in (2, 1):
        plans = list(_plans_with_kicker_choice(type_rank, real, has_k))
        if plans:
            return max(plans, key=lambda p: p[0])
    kickers = (*real, K_INDEX) if has_k else tuple(real)
    return (0, 0, 0, 0, *_kicker_key(kickers)), (), None, kickers


def kind_counts(hand: Iterable[Card] | str) -> tuple[int, ...]:
    """How many of each of the 10 kinds (`KIND_CARDS` order) the hand holds; validates it."""
    cards = parse(hand) if isinstance(hand, str) else tuple(hand)
    if len(cards) != HAND_SIZE:
        raise ValueError(
            msg(
                "a Pyramid hand is exactly {size} cards, got {count}: {cards}",
                size=HAND_SIZE,
                count=len(cards),
                cards=" ".join(str(c) for c in cards) or msg("(none)"),
            )
        )
    counts = [0] * 10
    for card in cards:
        if card not in KIND_INDEX:
            raise ValueError(
                f"{card!r} is not a card of the {DECK.title}; allowed: {DECK.allowed()}"
            )
        counts[KIND_INDEX[card]] += 1
    for i, n in enumerate(counts):
        if n > KIND_COPIES[i]:
            raise ValueError(
                msg(
                    "the Pyramid hexagonal deck holds {most} x {card}, the hand has {count}",
                    most=KIND_COPIES[i],
                    card=card_words(KIND_CARDS[i]),
                    count=n,
                )
            )
    return tuple(counts)


def cards_of_counts(counts: Iterable[int]) -> tuple[Card, ...]:
    """The cards of a kind-count vector (`KIND_CARDS` order), e.g. a representative hand."""
    return tuple(KIND_CARDS[i] for i, n in enumerate(counts) for _ in range(n))


def key_of_counts(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The key of the hand with these kind counts (cached; no validation)."""
    return _best_plan(counts)[0]


def _row_cards(kinds: Iterable[int], slot: Slot, level: int) -> tuple[Card, ...]:
    cards = [KIND_CARDS[k] for k in kinds if KINDS[k][0] == level]
    if slot is not None and slot[0] == level:
        cards.append(KEYSTONE)
    return tuple(sorted(cards, key=_card_strength, reverse=True))


def _card_strength(card: Card) -> int:
    return KIND_STRENGTH[KIND_INDEX[card]]


def _arrangement(counts: tuple[int, ...]) -> Arrangement:
    key, pyramid, slot, kickers = _best_plan(counts)
    type_rank = key[0]
    rows: tuple[tuple[Card, ...], ...] = ()
    if type_rank:
        levels = (1, 2, 3) if type_rank == 3 else (2, 3)
        rows = tuple(_row_cards(pyramid, slot, level) for level in levels)
    keystone = None
    if counts[K_INDEX]:
        if slot is None:
            keystone = KeystoneRole(None)
        else:
            keystone = KeystoneRole(str(slot[0]), COLOUR_TOKEN[slot[1]] if slot[1] else None)
    kicker_cards = tuple(sorted((KIND_CARDS[k] for k in kickers), key=_card_strength, reverse=True))
    return Arrangement(type_rank, rows, kicker_cards, keystone)


def _describe(key: tuple[int, ...], arrangement: Arrangement) -> Message:
    cls = HandClass(*key[:4])
    text = cls.name
    if cls == TOP_CLASS:
        text = msg("{hand} — the top hand", hand=text)
    words = [card_words(card) for card in arrangement.kickers]
    if words:
        cards = joined(words)
        if not cls.type_rank:
            # Translators: a hand with no pyramid, then all its six cards, strongest first
            text = msg("{hand}; cards {cards}", hand=text, cards=cards)
        else:
            text = msgn(
                "{hand}; kicker {cards}", "{hand}; kickers {cards}", len(words), hand=text,
                cards=cards,
            )  # fmt: skip
    role = arrangement.keystone
    if role is not None and role.level is not None and not (cls.apex or cls.colour_term == 4):
        text = msg("{hand}; {keystone}", hand=text, keystone=role.words)
    return text


@lru_cache(maxsize=KIND_HANDS)
def value_of_counts(counts: tuple[int, ...]) -> PyramidValue:
    """The `PyramidValue` of the hand with these kind counts (cached; no validation)."""
    arrangement = _arrangement(counts)
    key = _best_plan(counts)[0]
    return PyramidValue(key, _describe(key, arrangement), arrangement)


def evaluate(hand: Iterable[Card] | str) -> PyramidValue:
    """The value of a 6-card hand: the largest §3 key over every legal arrangement.

    ``hand`` is 6 `PYRAMID` cards (or their notation).  ``ValueError`` names what is wrong: the
    number of cards, a card of another deck, or more copies of a card than the deck holds.
    """
    return value_of_counts(kind_counts(hand))


def best_arrangement(hand: Iterable[Card] | str) -> Arrangement:
    """The arrangement that gives the hand its value (rows top to bottom, kickers, Keystone)."""
    return evaluate(hand).arrangement


def hand_class(hand: Iterable[Card] | str) -> HandClass:
    return evaluate(hand).hand_class


# -- many hands at once (the bots' simulated showdowns) -----------------------------------------
def kind_ids(cards: Iterable[Card]) -> np.ndarray:
    """Each card's kind (`KIND_CARDS` order): what `codes_of_kinds` reads."""
    import numpy as np

    return np.array([KIND_INDEX[card] for card in cards], dtype=np.int64)


@lru_cache(maxsize=1)
def _count_ranks() -> tuple[np.ndarray, np.ndarray]:
    """Every kind-count vector a hand may have, as a base-7 number (sorted), and its rank among
    them all in the order of their keys (equal keys share a rank): built once, from the same
    `key_of_counts` a hand at a time uses."""
    import numpy as np

    vectors = [
        tuple(kinds.count(i) for i in range(len(KIND_CARDS)))
        for kinds in combinations_with_replacement(range(len(KIND_CARDS)), HAND_SIZE)
    ]
    vectors = [v for v in vectors if all(n <= KIND_COPIES[i] for i, n in enumerate(v))]
    keys = sorted({key_of_counts(v) for v in vectors})
    rank = {key: i for i, key in enumerate(keys)}
    numbers = np.array([_base7(v) for v in vectors], dtype=np.int64)
    order = np.argsort(numbers)
    ranks = np.array([rank[key_of_counts(v)] for v in vectors], dtype=np.int64)
    return numbers[order], ranks[order]


def _base7(counts: tuple[int, ...]) -> int:
    return sum(n * 7**i for i, n in enumerate(counts))


def codes_of_kinds(hands: np.ndarray) -> np.ndarray:
    """The rank of every hand of an (n, 6) array of kinds (`kind_ids`), ordered as `evaluate`'s
    keys (equal ranks tie)."""
    import numpy as np

    numbers, ranks = _count_ranks()
    powers = 7 ** np.arange(len(KIND_CARDS), dtype=np.int64)
    counts = (hands[:, :, None] == np.arange(len(KIND_CARDS))).sum(axis=1)
    ranked: np.ndarray = ranks[np.searchsorted(numbers, counts @ powers)]
    return ranked
