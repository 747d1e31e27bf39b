"""Three Thirteen melds: exact minimum deadwood, going out, and meld checks in learner words.

Rules: `cardlab.games.three_thirteen.rules` (melds, deadwood, resolutions R1, R3 and R4).

* A **set** is >= 3 cards whose natural cards share a rank (suits free, duplicates fine).
* A **run** is >= 3 (at most 13) cards on consecutive ranks of one suit; its natural cards have
  different ranks.  Aces are low (A-2-3, never Q-K-A); with ``aces="high_or_low"`` an ace may
  also sit above the king (Q-K-A), never both (no K-A-2), and an unmelded ace costs 15.
* Every card of the round's wild rank is a **wild card** (even when it stands for its own rank):
  it stands for any card of a set or a run.  A meld may be all wild (it counts as a set).
  ``max_wilds_per_meld`` (default ``None``: no limit) caps the wild cards of one meld.

`min_deadwood` is exact: it minimises the deadwood over every way of splitting the hand.  The
search works on the natural cards only; each natural is deadwood, in a set of its rank, or in a
run of its suit, and the wild cards are what melds need to be complete.  Cards are taken lowest
first (so a run always starts at the card being placed), and results are memoised on the multiset
of cards still to place plus the wild cards still free.

* Without a per-meld limit, the melds only ever need their *minimum* number of wild cards: once
  one meld exists, spare wild cards join it for free (§3.3), and three or more spare wild cards
  make a meld of their own.  A one-natural run is then as good as a one-natural set, so only
  sets are tried for a lone natural.  Nor does a meld need a wild card where a natural still to
  place could stand (a swap is as good), which leaves far fewer melds to try (`_Search._melds`).
* With a limit, the number of wild cards in each meld is a choice too (a meld holds at most
  ``max_wilds_per_meld``), and spare wild cards that fit nowhere are deadwood at face value.

A hand with no wild card in it and no card twice, aces low (every hand of one deck when
``wild_rank`` is None, and many in play), takes a shorter way to the very same result (`_plain`):
one sum of per-card codes says whether anything can meld at all, which most such hands can't,
and otherwise the search runs on one bit mask with each card's melds precomputed.
"""

from __future__ import annotations

import itertools
import operator
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from cardlab.core.cards import MAX_DECKS, STANDARD52, Card
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.text import shown

__all__ = [
    "MAX_HAND",
    "RANK_NUMBER",
    "Arrangement",
    "Meld",
    "can_go_out",
    "check_hand",
    "is_meld",
    "meld_words",
    "min_deadwood",
    "penalty_value",
    "why_not_meld",
]

#: Rank token -> number, aces low (A = 1 ... K = 13); an ace high in a run is 14.
RANK_NUMBER = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
               "T": 10, "J": 11, "Q": 12, "K": 13}  # fmt: skip
_TOKEN = {n: t for t, n in RANK_NUMBER.items()} | {14: "A"}
_WORD = {n: ("10" if t == "T" else t) for n, t in _TOKEN.items()}
RANK_PLURALS: dict[str, Message] = {
    "A": msg("Aces"),
    "2": msg("2s"),
    "3": msg("3s"),
    "4": msg("4s"),
    "5": msg("5s"),
    "6": msg("6s"),
    "7": msg("7s"),
    "8": msg("8s"),
    "9": msg("9s"),
    "T": msg("10s"),
    "10": msg("10s"),
    "J": msg("Jacks"),
    "Q": msg("Queens"),
    "K": msg("Kings"),
}
"""The cards of a rank, plural (``7s``, ``Jacks``), by card rank (``T``) or printed word
(``10``): one table for the narration, the meld reasons and the pictures, so a rank reads the
same everywhere and a translator meets each word once."""
_SUITS = ("s", "h", "d", "c")
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_KEY = {s: {t: 16 * i + n for t, n in RANK_NUMBER.items()} for i, s in enumerate(_SUITS)}
"""A card's key, ``_KEY[suit][rank]``, is 16 * suit index + rank number: its bit in per-suit masks
(16 bits a suit, ranks 1..14 inside, so shifts by one or two never cross into another suit)."""
_DECK = STANDARD52.name
_LANE = (1 << 16) - 1
_EVERY_LANE = sum(1 << (16 * i) for i in range(len(_SUITS)))  # times a lane: it in every suit
_ACES = _EVERY_LANE << 1  # the ace bit of every suit
_BIT = [1 << k for k in range(64)]
_WILD_RANKS = ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
_FIELD = MAX_DECKS.bit_length() + 1  # bits per distinct card in a search state: count and guard
_NO_VALUE = 1 << 30  # more deadwood than any hand holds


class Meld(NamedTuple):
    """One meld: ``kind`` "set" or "run"; ``cards`` in display order (runs low to high);
    ``stands_for[i]`` is the rank token the wild card ``cards[i]`` stands for (None if natural).
    A named tuple, not a dataclass: the solver builds many, and a tuple is built the fastest."""

    kind: str
    cards: tuple[Card, ...]
    stands_for: tuple[str | None, ...]

    def __str__(self) -> str:
        return meld_words(self)


class Arrangement(NamedTuple):
    """A split of a hand: the melds, the unmelded cards (deadwood) and their total penalty (a
    named tuple, as `Meld`)."""

    melds: tuple[Meld, ...]
    deadwood: tuple[Card, ...]
    penalty: int


# -- options and values --------------------------------------------------------------------------
_OPTION_NAMES = ("aces", "max_wilds_per_meld")


def _options(options: Mapping[str, Any] | None) -> tuple[bool, int | None]:
    if options is None:
        return False, None
    if not isinstance(options, Mapping):
        raise TypeError(f"options are a mapping such as {{'aces': 'low'}}, got {shown(options)}")
    unknown = [name for name in options if name not in _OPTION_NAMES]
    if unknown:
        raise ValueError(
            f"unknown meld option {shown(unknown[0])}; options are {', '.join(_OPTION_NAMES)}"
        )
    opts = dict(options)
    aces = opts.get("aces", "low")
    if aces not in ("low", "high_or_low"):
        raise ValueError(f"aces must be 'low' or 'high_or_low', got {aces!r}")
    limit = opts.get("max_wilds_per_meld")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"max_wilds_per_meld must be None or an int >= 0, got {limit!r}")
    return aces == "high_or_low", limit


def _check_wild(wild_rank: str | None) -> str | None:
    if wild_rank is None:  # no wild cards at all (gin-rummy style comparisons)
        return None
    if wild_rank == "10":
        wild_rank = "T"
    if wild_rank not in _WILD_RANKS:
        raise ValueError(f"wild_rank must be one of {' '.join(_WILD_RANKS)}, got {wild_rank!r}")
    return wild_rank


_PENALTY = {t: min(n, 10) for t, n in RANK_NUMBER.items()}  # aces low
_PENALTY_HIGH = _PENALTY | {"A": 15}  # aces="high_or_low"
_VALUE = [min(n, 10) for n in range(16)] * len(_SUITS)  # the same by card key (a lane a suit)
_VALUE_HIGH = [15 if k & 15 == 1 else v for k, v in enumerate(_VALUE)]


MAX_HAND = 14
"""The most cards a Three Thirteen hand holds: 13 dealt in the last round and 1 drawn."""


def check_hand(hand: Iterable[Card] | str) -> tuple[Card, ...]:
    """``hand`` (cards or their notation) as a tuple, or ``ValueError`` saying why it is no
    Three Thirteen hand: more than `MAX_HAND` cards (refused before the search), a card of
    another deck, or more copies of a card than the three decks of the largest table hold."""
    return _scan(hand)[0]


_VALUE_SHIFT = 70
"""Where a card's value sits in its code (`_CODE`): above the 64 key bits and the carries that
`MAX_HAND` copies of one card make in a sum of codes."""
_BITS = (1 << _VALUE_SHIFT) - 1  # the key bits of a code, or of a sum of codes
_VALUE_FIELD = (1 << 10) - 1  # a hand's value, at most 14 * 10, after a _VALUE_SHIFT
_COUNT_SHIFT = _VALUE_SHIFT + 10
_ONES = sum(1 << 4 * n for n in range(1, 14))  # a 1 in the count field of every rank
_FOURS = _ONES << 2
_CODE = [
    1 << _COUNT_SHIFT + 4 * (k & 15) | min(k & 15, 10) << _VALUE_SHIFT | 1 << k if k & 15 else 0
    for k in range(64)
]
"""A card's code by its key: its key's bit, its value (aces low) and a 1 in its rank's 4-bit
count field, so that one sum over a hand gives its set of keys (when no card is doubled), its
value and how many cards it holds of each rank (at most 4 when no card is doubled: adding
`_ONES` sets bit 2 of a field iff the rank has 3 or 4, a possible set)."""
_RANK_BITS = {t: _EVERY_LANE << n for t, n in RANK_NUMBER.items()}  # the keys of a rank, any suit


def _read(hand: Iterable[Card] | str) -> tuple[Sequence[Card], list[int]] | None:
    """``hand`` and its keys when it is a list or tuple of at most `MAX_HAND` standard cards, the
    solver's usual input, read in one pass without hashing a card (a card's hash is a Python
    call); else None, and `_check_slowly` reads it and says what is wrong."""
    if (
        not isinstance(hand, (tuple, list))
        or type(hand) not in (tuple, list)
        or len(hand) > MAX_HAND
        or operator.countOf(map(type, hand), Card) != len(hand)
    ):
        return None
    try:
        keys = [_KEY[c.suit][c.rank] for c in hand if c.deck == _DECK]
    except (KeyError, TypeError):  # a rank or suit of another deck
        return None
    return (hand, keys) if len(keys) == len(hand) else None


def _scan(hand: Iterable[Card] | str) -> tuple[tuple[Card, ...], list[int], int]:
    """The checked cards of ``hand``, their keys (suit index * 16 + rank number) and the sum of
    their bits (the set of keys when no card is doubled: see `_reach`).

    A list or tuple of standard cards, the solver's usual input, is read in one pass without
    hashing a card; anything else, and every refusal, goes through `_check_slowly`, which says
    what is wrong."""
    read = _read(hand)
    if read is not None:
        keys = read[1]
        bits = sum(map(_BIT.__getitem__, keys))
        if bits.bit_count() == len(keys) or max(Counter(keys).values()) <= MAX_DECKS:
            return tuple(read[0]), keys, bits
    cards = _check_slowly(hand)
    keys = [_KEY[c.suit][c.rank] for c in cards]
    return cards, keys, sum(map(_BIT.__getitem__, keys))


def _check_slowly(hand: Iterable[Card] | str) -> tuple[Card, ...]:
    if isinstance(hand, str):
        cards = STANDARD52.parse(hand, decks=MAX_DECKS)
    elif isinstance(hand, Iterable):
        cards = tuple(itertools.islice(hand, MAX_HAND + 1))
    else:
        raise TypeError(f"a hand is cards or their notation such as '7h 8h 9h', got {shown(hand)}")
    if len(cards) > MAX_HAND:
        raise ValueError(
            str(
                msg(
                    "a Three Thirteen hand holds at most {count} cards (13 dealt and 1 drawn); "
                    "this one has more",
                    count=MAX_HAND,
                )
            )
        )
    for card in cards:
        _check_card(card)
    STANDARD52.check_copies(cards, decks=MAX_DECKS)
    return cards


def _check_card(card: object) -> None:
    if (
        type(card) is not Card
        or card.deck != "standard52"
        or card.rank not in RANK_NUMBER
        or card.suit not in _SUIT_INDEX
    ):
        raise ValueError(f"{shown(card)} is not a card of the standard 52-card deck")


def _reach(keys: Sequence[int], free: int, high: bool, bits: int | None = None) -> tuple[int, int]:
    """The natural cards (their keys as bits) that could be in *some* run, and in some set,
    given at most ``free`` wild cards per meld.  Cards in neither are deadwood in every
    arrangement and skip the search.  The four suits are the four 16-bit lanes of one int, so a
    rank in a run is a few shifts, and a rank held in several suits is an and/or of the lanes.
    ``bits``: the sum of the keys' bits, when the caller has it (`_scan`)."""
    m = sum(map(_BIT.__getitem__, keys)) if bits is None else bits
    distinct = m.bit_count() == len(keys)  # a sum of powers of two carries iff two are equal
    if not distinct:
        m = sum(map(_BIT.__getitem__, set(keys)))
    if free >= 2:
        return m, m
    if high:
        m |= (m & _ACES) << 13  # an ace is also rank 14
    if free == 0:
        t = m & (m >> 1) & (m >> 2)  # three in a row starting here
        cover = t | (t << 1) | (t << 2)
    else:
        cover = m & ((m >> 1) | (m << 1) | (m >> 2) | (m << 2))  # a neighbour 1 or 2 away
    if high:
        cover = (cover | (cover >> 13) & _ACES) & m
    if distinct:  # one card a suit and rank: count the suits holding a rank
        a, b, c, d = m & _LANE, m >> 16 & _LANE, m >> 32 & _LANE, m >> 48 & _LANE
        if free == 0:
            ranks = (a & b & (c | d)) | (c & d & (a | b))  # in at least 3 suits
        else:
            ranks = (a & (b | c | d)) | (b & (c | d)) | (c & d)  # in at least 2
        ranks &= _LANE >> 2  # ranks 1..13 (an ace made rank 14 above is no rank of a set)
    else:
        per_rank = Counter(k & 15 for k in keys)
        ranks = sum(1 << r for r, n in per_rank.items() if n >= 3 - free)
    return cover, m & ranks * _EVERY_LANE


def penalty_value(card: Card, aces: str = "low") -> int:
    """What an unmelded card costs: A = 1 (15 with ``aces="high_or_low"``), 2-10 face value,
    J = Q = K = 10.  Wild cards cost their face value (§5 R4)."""
    if aces not in ("low", "high_or_low"):
        raise ValueError(f"aces must be 'low' or 'high_or_low', got {aces!r}")
    _check_card(card)
    n = RANK_NUMBER[card.rank]
    if n == 1:
        return 15 if aces == "high_or_low" else 1
    return min(n, 10)


def _max_all_wild(w: int, limit: int | None) -> int:
    """The most of ``w`` spare wild cards that all-wild melds (3..limit cards each) can hold."""
    if limit is None:
        return w if w >= 3 else 0
    if limit < 3:
        return 0
    best = 0
    for k in range(w + 1):  # k = how many spare wild cards are placed
        # k is a sum of parts in [3, limit] iff some count p has 3p <= k <= limit*p
        if any(3 * p <= k <= limit * p for p in range(1, k // 3 + 1)):
            best = k
    return best


def _quick_melds(
    cards: Sequence[Card], keys: Sequence[int], runs: int, sets: int
) -> list[Meld] | None:
    """Without wild cards and with aces low, given what `_reach` found: the melds of the live
    cards when none has a choice (none is in both a possible set and a possible run, and none is
    doubled), else None.  Then every live card melds, which is optimal: sets by rank, runs as
    the blocks of consecutive cards of a suit (each at least 3 long)."""
    if runs & sets or (runs | sets).bit_count() != len(keys):  # a choice, or a doubled card
        return None
    by_rank: dict[int, list[Card]] = {}
    if sets:
        for card, key in zip(cards, keys, strict=True):
            if sets >> key & 1:
                by_rank.setdefault(key & 15, []).append(card)
    melds = [Meld("set", tuple(group), (None,) * len(group)) for group in by_rank.values()]
    if runs:
        card_at = dict(zip(keys, cards, strict=True))
        for lane in dict.fromkeys(k & ~15 for k in keys if runs >> k & 1):  # suits in hand order
            melds += _runs_in(runs >> lane & _LANE, lane, card_at)
    return melds


# -- no wild card in the hand: the plain search --------------------------------------------------
def _runs_in(x: int, lane: int, card_at: Mapping[int, Card]) -> list[Meld]:
    """The runs of one suit: ``x`` holds its ranks in runs as bits, ``lane`` its first key;
    each block of consecutive ranks, lowest first, is a run of the cards ``card_at`` keys."""
    runs = []
    while x:
        low = x & -x
        block = x & ~(x + low)  # the lowest block of consecutive ranks
        x ^= block
        group = tuple(
            map(card_at.__getitem__, range(lane + low.bit_length() - 1, lane + block.bit_length()))
        )
        runs.append(Meld("run", group, (None,) * len(group)))
    return runs


def _plain_options(rank: int, suit: int) -> tuple[int, ...]:
    """The melds card (rank, suit) leads in `_plain_best`, as rank-major masks (bit 4 * rank +
    suit), in the order `_Search._melds` lists them for a hand of distinct naturals and no free
    wild card: the sets (the card and two or three of the higher suits of its rank, in the
    order its choices grow), then the runs from the card upwards, shortest first."""
    here = 1 << (4 * rank + suit)
    choices = [here]
    for higher in range(suit + 1, len(_SUITS)):
        choices = [c | t << (4 * rank + higher) for c in choices for t in (0, 1)]
    sets = [c for c in choices if c.bit_count() >= 3]
    runs = [sum(1 << (4 * r + suit) for r in range(rank, top + 1)) for top in range(rank + 2, 14)]
    return (*sets, *runs)


_PLAIN_OPTIONS = [()] * 4 + [_plain_options(i >> 2, i & 3) for i in range(4, 56)]
_PLAIN_KIND = {
    m: "set" if m.bit_length() - (m & -m).bit_length() < 4 else "run"
    for options in _PLAIN_OPTIONS
    for m in options
}
_PLAIN_VALUE = [min(i >> 2, 10) for i in range(56)]
_RANK_MAJOR = [1 << (4 * (key & 15) + (key >> 4)) for key in range(64)]  # by key


def _plain(hand: Sequence[Card], keys: Sequence[int], bits: int) -> tuple[int, Arrangement]:
    """`min_deadwood` of a hand of distinct cards, none wild, aces low, in which something can
    meld: the very result of the general path (`_reach`, `_quick_melds`, `_Search`,
    `_rebuild`) in a fraction of its time.  The cards are the bits of one int (``bits``), each
    card's melds are precomputed (`_PLAIN_OPTIONS`), and a search state is a mask."""
    m = bits
    t = m & (m >> 1) & (m >> 2)  # as `_reach` with no wild card: three in a row start here
    runs = t | t << 1 | t << 2
    a, b, c, d = m & _LANE, m >> 16 & _LANE, m >> 32 & _LANE, m >> 48
    sets = m & ((a & b & (c | d)) | (c & d & (a | b))) * _EVERY_LANE  # ranks in 3 suits or 4
    live = runs | sets
    if runs & sets:  # some card could go either way: search
        return _plain_search(hand, keys, live)
    # every live card melds (`_quick_melds`): sets by rank and run blocks by suit, in hand order
    dead, value = [], 0
    by_rank: dict[str, list[Card]] = {}
    run_at: dict[int, Card] = {}
    suits: dict[str, None] = {}
    for card, key in zip(hand, keys, strict=False):  # one pass: it is most of the time here
        if not live >> key & 1:
            dead.append(card)
            value += _VALUE[key]
        elif sets >> key & 1:
            by_rank.setdefault(card.rank, []).append(card)
        else:
            run_at[key] = card
            suits[card.suit] = None
    melds = [Meld("set", tuple(group), (None,) * len(group)) for group in by_rank.values()]
    for suit in suits:
        lane = 16 * _SUIT_INDEX[suit]
        melds += _runs_in(runs >> lane & _LANE, lane, run_at)
    return value, Arrangement(tuple(melds), tuple(dead), value)


def _plain_search(hand: Sequence[Card], keys: Sequence[int], live: int) -> tuple[int, Arrangement]:
    """`_plain` when a card could meld two ways: `_plain_best` on the live cards, the melds
    in the order of their lowest cards, the deadwood in hand order (as `_rebuild` leaves them)."""
    state, value = 0, 0
    card_at: dict[int, Card] = {}
    for card, key in zip(hand, keys, strict=True):
        if live >> key & 1:
            bit = _RANK_MAJOR[key]
            state |= bit
            card_at[bit] = card
        else:
            value += _VALUE[key]
    choice: dict[int, int] = {}
    value += _plain_best(state, {0: 0}, choice)
    melds, melded = [], 0
    while state:
        meld = choice[state]
        if meld:
            group = []
            x = meld
            while x:
                low = x & -x
                group.append(card_at[low])
                x ^= low
            melds.append(Meld(_PLAIN_KIND[meld], tuple(group), (None,) * len(group)))
            melded |= meld
            state ^= meld
        else:
            state &= state - 1  # the lowest card is deadwood
    dead = tuple(
        card
        for card, key in zip(hand, keys, strict=True)
        if not (live >> key & 1 and _RANK_MAJOR[key] & melded)
    )
    return value, Arrangement(tuple(melds), dead, value)


def _plain_best(state: int, memo: dict[int, int], choice: dict[int, int]) -> int:
    """`_Search.best` for distinct naturals and no free wild card, a state being a rank-major
    mask: the lowest card leads the first of its melds with the least deadwood left, or is
    deadwood if that is as good (``choice``: the meld's mask, or 0 for deadwood)."""
    low = state & -state
    i = low.bit_length() - 1
    best_value, best_meld = _NO_VALUE, 0
    for meld in _PLAIN_OPTIONS[i]:
        if meld & state == meld:
            rest = state ^ meld
            value = memo.get(rest)
            if value is None:
                value = _plain_best(rest, memo, choice)
            if value < best_value:
                best_value, best_meld = value, meld
                if value == 0:
                    break
    own = _PLAIN_VALUE[i]
    if own <= best_value:
        rest = state ^ low
        value = memo.get(rest)
        if value is None:
            value = _plain_best(rest, memo, choice)
        if own + value <= best_value:
            best_value, best_meld = own + value, 0
    memo[state] = best_value
    choice[state] = best_meld
    return best_value


# -- the search ----------------------------------------------------------------------------------
class _Search:
    """Exact minimum deadwood of the natural cards of one hand, given the free wild cards.

    A state is the multiset of naturals still to place: one `_FIELD`-bit count per distinct
    card, whose top bit stays clear (a guard), so whether a meld's cards are all still there is
    one subtraction: a field that would go below zero clears its guard bit.  Every meld a card
    can lead that an optimal split may need is listed once per hand (`options`, `_melds`); a
    state only filters that list."""

    def __init__(
        self,
        naturals: Sequence[Card],
        keys: Sequence[int],
        high: bool,
        limit: int | None,
        wild_value: int,
        w: int,
    ):
        if w >= 64:
            raise ValueError("too many wild cards")
        counts: dict[tuple[int, int], int] = {}
        card_of: dict[tuple[int, int], Card] = {}
        for card, number in zip(naturals, keys, strict=True):
            key = (number & 15, number >> 4)
            counts[key] = counts.get(key, 0) + 1
            card_of[key] = card
        kinds = sorted(counts)  # rank-major, aces first: the order cards are placed
        self.kinds = kinds
        self.cards = [card_of[k] for k in kinds]
        self.value = [(15 if high else 1) if r == 1 else min(r, 10) for r, _ in kinds]
        self.unit = [1 << (_FIELD * i) for i in range(len(kinds))]
        self.guard = sum(u << (_FIELD - 1) for u in self.unit)
        self.start = sum(counts[k] * u for k, u in zip(kinds, self.unit, strict=True))
        self.high = high
        self.limit = limit
        self.memo: dict[int, int] = {}
        self.action: dict[int, tuple[Any, ...]] = {}
        self.spare_cost = (
            [0] * (w + 1)
            if limit is None
            else [wild_value * (k - _max_all_wild(k, limit)) for k in range(w + 1)]
        )
        # same-rank kinds after i, and same-suit kinds of higher rank (for runs upward from i)
        by_rank: dict[int, list[int]] = {}
        by_suit: dict[int, list[tuple[int, int]]] = {}
        for j, (r, s) in enumerate(kinds):
            by_rank.setdefault(r, []).append(j)
            by_suit.setdefault(s, []).append((j, r))
        cap = w if limit is None else min(w, limit)
        self.many = many = [counts[k] for k in kinds]  # the copies of each kind
        self.options = []
        # kinds are in rank order: the kinds after i of its rank (suit) follow its own place
        after_rank, after_suit = dict.fromkeys(by_rank, 1), dict.fromkeys(by_suit, 1)
        for i, (r, s) in enumerate(kinds):
            up = by_suit[s][after_suit[s] :]
            after_suit[s] += 1
            self.options.append(
                self._melds(
                    i,
                    cap,
                    # may the runs from card i take every card between their ends? (_melds)
                    limit is None and many[i] == 1 and not (high and r > 1 and (1, s) in counts),
                    by_rank[r][after_rank[r] :],
                    up,
                    # an ace placed high: same-suit kinds from the king down
                    up[::-1] if (r == 1 and high) else [],
                )
            )
            after_rank[r] += 1

    def _melds(
        self,
        i: int,
        cap: int,
        whole: bool,
        same_rank: list[int],
        up: list[tuple[int, int]],
        down: list[tuple[int, int]],
    ) -> list[tuple[Any, ...]]:
        """Every meld card i can lead, with at most ``cap`` wild cards, that an optimal split
        may need: (removed, need, n, action) with ``removed`` the state delta, ``need`` the
        fewest wild cards the meld needs, ``n`` its natural cards, ``action`` the meld for the
        rebuild.

        Without a per-meld limit a meld never needs a wild card where a natural still to place
        could stand: swapping them (the natural in, the wild card into its place in another
        meld, or spare, which is free once a meld exists) is as good, and moves the natural to
        an earlier meld, so an optimal split exists that never does.  When card i is held once
        and is the lowest left, every card of its suit above it is still there: only a run
        through card i, or through a wild card in its place, could have taken one, or, with
        aces high, a run down from the ace of its suit.  Then (``whole``) a run from card i
        takes every card between its ends, a 2-card run is not cut short of a third card, and
        card i is no lone set when a card of its suit is 1 or 2 ranks above.  With a limit the
        swap may overfill a meld, and every subset is listed."""
        unit, many = self.unit, self.many
        options: list[tuple[Any, ...]] = []
        rank = self.kinds[i][0]
        # sets: the lowest card plus any choice of the other cards of its rank
        choices: list[tuple[int, int, tuple[Any, ...]]] = (
            [(unit[i], 1, ((i, 1),))]
            if many[i] == 1
            else [(unit[i] * t, t, ((i, t),)) for t in range(1, many[i] + 1)]
        )
        for j in same_rank:
            choices = [
                (removed + unit[j] * t, n + t, (*taken, (j, t)) if t else taken)
                for removed, n, taken in choices
                for t in range(many[j] + 1)
            ]
        alone = not (whole and up and up[0][1] - rank <= 2)  # card i a set on its own?
        for removed, n, taken in choices:
            need = 3 - n if n < 3 else 0
            if need <= cap and (n > 1 or alone):
                options.append((removed, need, n, ("set", taken)))
        # runs with card i lowest (ace low) or, for an ace placed high, highest
        lone = self.limit is not None  # without a limit a lone-natural run is a lone set
        for partners, step in ((up, 1), (down, -1)):
            if step < 0 and not partners:
                continue
            start = 14 if step < 0 else rank
            # depth-first over subsets of the partners, in rank order away from card i
            stack: list[tuple[int, int, int, int, tuple[int, ...]]] = [(0, start, 0, unit[i], (i,))]
            while stack:
                k, end, gaps, removed, members = stack.pop()
                n = len(members)
                if n >= 2 or (lone and step > 0):
                    span = abs(end - start) + 1
                    need = gaps + (3 - span if span < 3 else 0)
                    short = whole and span < 3 and k < len(partners)
                    if need <= cap and not (short and abs(partners[k][1] - end) == 1):
                        options.append((removed, need, n, ("run", members, step)))
                for m in range(k, min(k + 1, len(partners)) if whole else len(partners)):
                    j, r = partners[m]
                    g = gaps + abs(r - end) - 1
                    if g > cap:
                        break
                    stack.append((m + 1, r, g, removed + unit[j], (*members, j)))
        return options

    def best(self, state: int, w: int) -> int:
        """Minimum deadwood of the naturals in ``state`` with ``w`` wild cards free."""
        key = (state << 6) | w
        memo = self.memo
        hit = memo.get(key)
        if hit is not None:
            return hit
        if state == 0:
            value = self.spare_cost[w]
            self.memo[key] = value
            return value
        low = state & -state
        i = (low.bit_length() - 1) // _FIELD
        # the melds card i can lead first: one that leaves no deadwood ends the search here
        best_value, best_action = _NO_VALUE, None
        guard = self.guard
        guarded = state | guard
        limit = self.limit
        for removed, need, n, action in self.options[i]:
            if need > w or (guarded - removed) & guard != guard:
                continue  # too few wild cards, or a card of the meld is gone
            if limit is None:
                rest = state - removed
                hit = memo.get((rest << 6) | (w - need))  # a hit costs no call
                value = self.best(rest, w - need) if hit is None else hit
                if value < best_value:
                    best_value, best_action = value, (*action, need)
                    if value == 0:
                        break
            else:
                room = limit if action[0] == "set" else min(limit, 13 - n)
                for q in range(need, min(room, w) + 1):
                    value = self.best(state - removed, w - q)
                    if value < best_value:
                        best_value, best_action = value, (*action, q)
                if best_value == 0:
                    break
        # then card i as deadwood, unless it alone costs more; on a tie it stays deadwood
        if self.value[i] <= best_value:
            value = self.value[i] + self.best(state - self.unit[i], w)
            if value <= best_value:
                best_value, best_action = value, None
        self.memo[key] = best_value
        if best_action is not None:
            self.action[key] = best_action
        return best_value

    def plan(self, w: int) -> list[tuple[Any, ...]]:
        """The actions of an optimal split (as found by `best`), in order."""
        state, actions = self.start, list[tuple[Any, ...]]()
        while state:
            action = self.action.get((state << 6) | w)
            i = ((state & -state).bit_length() - 1) // _FIELD
            if action is None:
                actions.append(("dead", i))
                state -= self.unit[i]
                continue
            actions.append(action)
            if action[0] == "set":
                state -= sum(self.unit[j] * t for j, t in action[1])
            else:
                state -= sum(self.unit[j] for j in action[1])
            w -= action[-1]
        return actions


# -- building the arrangement --------------------------------------------------------------------
def _run_meld(cards_at: dict[int, Card], wilds: Sequence[Card], high: bool) -> Meld:
    """A run from its naturals (rank number -> card) and wild cards: gaps first, then the top
    end, then the bottom end.  ``high``: the ace is placed above the king."""
    lo, hi = min(cards_at), max(cards_at)
    bottom, top = (2, 14) if high else (1, 13)
    extra = len(wilds) - sum(1 for r in range(lo, hi + 1) if r not in cards_at)
    while extra > 0 and hi < top:
        hi, extra = hi + 1, extra - 1
    while extra > 0 and lo > bottom:
        lo, extra = lo - 1, extra - 1
    it = iter(wilds)
    cards: list[Card] = []
    stands: list[str | None] = []
    for r in range(lo, hi + 1):
        if r in cards_at:
            cards.append(cards_at[r])
            stands.append(None)
        else:
            cards.append(next(it))
            stands.append(_TOKEN[r])
    return Meld("run", tuple(cards), tuple(stands))


def _wild_groups(count: int, limit: int | None) -> list[int]:
    """Sizes of all-wild melds holding as many of ``count`` spare wild cards as possible."""
    k = _max_all_wild(count, limit)
    if k == 0:
        return []
    if limit is None:
        return [k]
    parts = next(p for p in range(1, k // 3 + 1) if 3 * p <= k <= limit * p)
    sizes = [k // parts + (1 if x < k % parts else 0) for x in range(parts)]
    return sizes


def _rebuild(
    search: _Search, wilds: list[Card], wild_rank: str | None, high: bool, limit: int | None
) -> tuple[list[Meld], list[Card]]:
    """The melds and deadwood of the optimal split recorded by ``search``."""
    specs: list[list[Any]] = []  # ["set", naturals, wilds, rank] or ["run", cards_at, wilds, high]
    dead: list[Card] = []
    pool = list(wilds)
    for action in search.plan(len(wilds)):
        if action[0] == "dead":
            dead.append(search.cards[action[1]])
            continue
        q = action[-1]
        used, pool = pool[:q], pool[q:]
        if action[0] == "set":
            nat = [search.cards[j] for j, t in action[1] for _ in range(t)]
            specs.append(["set", nat, used, nat[0].rank])
        else:
            _, members, step, _ = action
            up = step < 0
            cards_at = {}
            for j in members:
                r = search.kinds[j][0]
                cards_at[14 if (up and r == 1) else r] = search.cards[j]
            specs.append(["run", cards_at, used, high and up])
    if limit is None and specs and pool:
        # spare wild cards join a meld for free (§3.3): a set takes any number
        spec = next((s for s in specs if s[0] == "set"), None)
        spec = spec or next((s for s in specs if len(s[1]) + len(s[2]) < 13), None)
        if spec is not None:
            room = len(pool) if spec[0] == "set" else 13 - len(spec[1]) - len(spec[2])
            spec[2], pool = spec[2] + pool[:room], pool[room:]
    melds = [
        Meld("set", (*s[1], *s[2]), (None,) * len(s[1]) + (s[3],) * len(s[2]))
        if s[0] == "set"
        else _run_meld(s[1], s[2], s[3])
        for s in specs
    ]
    if limit is None and melds and pool:
        # only full 13-card runs: split one into 3 + 10 cards and grow the 10 downwards
        idx = next(k for k, m in enumerate(melds) if m.kind == "run")
        meld = melds[idx]
        head = Meld("run", meld.cards[:3], meld.stands_for[:3])
        if all(s is not None for s in head.stands_for):
            head = Meld("set", head.cards, (wild_rank,) * 3)
        tail_cards, tail_stands = list(meld.cards[3:]), list(meld.stands_for[3:])
        first = RANK_NUMBER[tail_stands[0] or tail_cards[0].rank]
        for wild in pool:
            first -= 1
            tail_cards.insert(0, wild)
            tail_stands.insert(0, _TOKEN[first])
        melds[idx : idx + 1] = [head, Meld("run", tuple(tail_cards), tuple(tail_stands))]
        pool = []
    if limit is None and not melds and len(pool) < 3:
        return melds, dead + pool
    for size in _wild_groups(len(pool), limit):
        group, pool = pool[:size], pool[size:]
        melds.append(Meld("set", tuple(group), (wild_rank,) * size))
    return melds, dead + pool


def min_deadwood(
    hand: Iterable[Card] | str, wild_rank: str | None, options: Mapping[str, Any] | None = None
) -> tuple[int, Arrangement]:
    """The smallest deadwood of ``hand`` over every way of splitting it into melds (§3.3), with
    one arrangement that reaches it.  ``wild_rank`` is this round's wild rank token ("3".."K"; None:
    no wild cards)."""
    read = _read(hand)
    if read is None:  # not a list or tuple of standard cards: read carefully
        cards, keys, bits = _scan(hand)
        wild_rank = _check_wild(wild_rank)
        high, limit = _options(options)
    else:
        seq, keys = read
        total = sum(map(_CODE.__getitem__, keys))
        bits = total & _BITS
        distinct = bits.bit_count() == len(keys)  # a sum of powers of two carries iff two equal
        if not distinct and max(Counter(keys).values()) > MAX_DECKS:
            _scan(hand)  # refuses the hand, saying which card has too many copies
        if wild_rank is not None:  # two calls fewer on the plain path
            wild_rank = _check_wild(wild_rank)
        high, limit = (False, None) if options is None else _options(options)
        if distinct and not high and not (wild_rank and bits & _RANK_BITS[wild_rank]):
            # the plain path: most such hands hold no three in a row of a suit nor three of a
            # rank (the count fields), and then nothing melds
            if bits & bits >> 1 & bits >> 2 or (total >> _COUNT_SHIFT) + _ONES & _FOURS:
                return _plain(seq, keys, bits)
            value = total >> _VALUE_SHIFT & _VALUE_FIELD
            return value, Arrangement((), tuple(seq), value)
        cards = tuple(seq)
    wild_number = RANK_NUMBER[wild_rank] if wild_rank else 0
    w = 0
    if wild_number:  # the places of the naturals
        at: Sequence[int] = [i for i, k in enumerate(keys) if k & 15 != wild_number]
        w = len(keys) - len(at)
    values = _VALUE_HIGH if high else _VALUE
    if w:
        wilds = [c for c, k in zip(cards, keys, strict=True) if k & 15 == wild_number]
        nat_keys = [keys[i] for i in at]
        runs, sets = _reach(nat_keys, w if limit is None else min(w, limit), high)
    else:
        runs, sets = _reach(keys, 0, high, bits)
        if not runs | sets:  # the common case: no wild card, and nothing can meld
            value = sum(map(values.__getitem__, keys))
            return value, Arrangement((), cards, value)
        wilds, at = list[Card](), range(len(cards))
    live_mask = runs | sets
    live_cards, live_keys, dead, value = [], [], [], 0
    for i in at:
        key = keys[i]
        if live_mask >> key & 1:
            live_cards.append(cards[i])
            live_keys.append(key)
        else:
            dead.append(cards[i])
            value += values[key]
    wild_value = _PENALTY[wild_rank] if wild_rank else 0
    in_order = max(len(dead), 1)  # the cards that can't meld come in hand order
    quick = None if (w or high) else _quick_melds(live_cards, live_keys, runs, sets)
    if quick is not None:  # every live card melds, the dead cards are in hand order
        return value, Arrangement(tuple(quick), tuple(dead), value)
    if live_cards:
        search = _Search(live_cards, live_keys, high, limit, wild_value, w)
        found = search.best(search.start, w)
        no_meld = found == sum(map(operator.mul, search.value, search.many))
        value += found
        melds, more_dead = _rebuild(search, wilds, wild_rank, high, limit)
        dead += more_dead
    else:  # nothing can meld but the wild cards alone
        no_meld, melds, pool = True, [], list(wilds)
        for size in _wild_groups(w, limit) if w >= 3 else ():
            group, pool = pool[:size], pool[size:]
            melds.append(Meld("set", tuple(group), (wild_rank,) * size))
        value += wild_value * len(pool)
        dead += pool
    if live_cards and limit is None and no_meld and w < 3:
        value += wild_value * w  # no meld at all: the wild cards are deadwood too
    table = _PENALTY_HIGH if high else _PENALTY
    penalty = sum(table[c.rank] for c in dead) if live_cards or w else value
    if penalty != value:  # pragma: no cover - a bug guard: the search and the rebuild agree
        raise AssertionError(f"deadwood {value} but the arrangement leaves {penalty}")
    if len(dead) > in_order:  # deadwood in hand order: the hand's cards, as many of each
        left = Counter(_KEY[c.suit][c.rank] for c in dead)
        dead = []
        for card, key in zip(cards, keys, strict=True):
            if left[key]:
                left[key] -= 1
                dead.append(card)
    return value, Arrangement(tuple(melds), tuple(dead), value)


# -- going out -----------------------------------------------------------------------------------
def can_go_out(
    hand: Iterable[Card] | str, wild_rank: str | None, options: Mapping[str, Any] | None = None
) -> tuple[bool, Card | None]:
    """Whether all but one card of ``hand`` (n + 1 cards, after the draw) can be melded, and the
    card to discard: the highest-penalty card that works (a natural before a wild card on a tie).
    ``(False, None)`` if no discard leaves a fully melded hand."""
    cards, keys, _ = _scan(hand)
    wild_rank = _check_wild(wild_rank)
    high, limit = _options(options)
    aces = "high_or_low" if high else "low"
    if not cards:
        return False, None
    wild_number = RANK_NUMBER[wild_rank] if wild_rank else 0
    at = [i for i, k in enumerate(keys) if k & 15 != wild_number]
    naturals, nat_keys = [cards[i] for i in at], [keys[i] for i in at]
    w = len(cards) - len(at)
    runs, sets = _reach(nat_keys, w if limit is None else min(w, limit), high)
    stuck = [c for c, k in zip(naturals, nat_keys, strict=True) if not (runs | sets) >> k & 1]
    if len(stuck) > 1:
        return False, None  # two cards can never meld: one discard can't save both
    wild_value = _PENALTY[wild_rank] if wild_rank else 0
    search = _Search(naturals, nat_keys, high, limit, wild_value, w)
    candidates = stuck or sorted(
        dict.fromkeys(cards),
        key=lambda c: (-penalty_value(c, aces), c.rank == wild_rank, cards.index(c)),
    )
    for card in candidates:
        if card.rank == wild_rank:
            state, free = search.start, w - 1
        else:
            i = search.kinds.index((RANK_NUMBER[card.rank], _SUIT_INDEX[card.suit]))
            state, free = search.start - search.unit[i], w
        value = search.best(state, free)
        if value == 0 and limit is None and state == 0 and 0 < free < 3:
            value = 1  # only one or two wild cards left: they can't meld alone
        if value == 0:
            return True, card
    return False, None


# -- single melds: checks and reasons ------------------------------------------------------------
def _analyse(
    cards: Sequence[Card], wild_rank: str | None, high: bool, limit: int | None
) -> tuple[str | None, Message]:
    """(kind or None, reason in learner words)."""
    text = " ".join(_card_word(c) for c in cards) or msg("no cards")
    if len(cards) < 3:
        return None, msg("{cards} is not a meld: a meld needs at least 3 cards", cards=text)
    wilds = [c for c in cards if c.rank == wild_rank]
    nat = [c for c in cards if c.rank != wild_rank]
    wild_word = _WORD[RANK_NUMBER[wild_rank]] if wild_rank else "wild"
    if limit is not None and len(wilds) > limit:
        return None, msgn(
            # Translators: {rank} is the wild rank as printed on a card: 7, 10, J
            "{cards} is not a meld: it uses {count} wild {rank}, but a meld may use at most "
            "{limit}",
            "{cards} is not a meld: it uses {count} wild {rank}s, but a meld may use at most "
            "{limit}",
            len(wilds),
            cards=text,
            rank=wild_word,
            limit=limit,
        )
    if not nat:
        return "set", msg("{cards} is a set: a meld may be all wild cards", cards=text)
    ranks = {c.rank for c in nat}
    if len(ranks) == 1:
        rank_word = _WORD[RANK_NUMBER[nat[0].rank]]
        if not wilds:
            return "set", msg(
                "{cards} is a set of {ranks}", cards=text, ranks=RANK_PLURALS[rank_word]
            )
        return "set", msgn(
            # Translators: {rank} is the wild rank as printed on a card: 7, 10, J
            "{cards} is a set of {ranks} ({count} wild {rank})",
            "{cards} is a set of {ranks} ({count} wild {rank}s)",
            len(wilds),
            cards=text,
            ranks=RANK_PLURALS[rank_word],
            rank=wild_word,
        )
    suits = {c.suit for c in nat}
    if len(suits) > 1:
        return None, msg(
            "{cards} is not a set (the ranks differ) and not a run (the suits differ)", cards=text
        )
    nums = sorted(RANK_NUMBER[c.rank] for c in nat)
    if len(set(nums)) < len(nums):
        dup = next(_WORD[a] for a, b in itertools.pairwise(nums) if a == b)
        return None, msg(
            "{cards} is not a run: a run can't hold two {ranks}",
            cards=text,
            ranks=RANK_PLURALS[dup],
        )
    if len(cards) > 13:
        return None, msg("{cards} is not a run: a run has at most 13 cards", cards=text)
    spans = [(nums, False)]
    if high and nums[0] == 1:
        spans.append((sorted(14 if n == 1 else n for n in nums), True))
    for ns, _ in spans:
        span = ns[-1] - ns[0] + 1
        if span <= len(cards):
            return "run", _run_note(text, len(wilds), wild_word)
    lo_nums = nums
    if not high and 1 in lo_nums and {12, 13} & set(lo_nums):
        as_high = sorted(14 if n == 1 else n for n in lo_nums)
        if as_high[-1] - as_high[0] + 1 <= len(cards):
            seq = "-".join(_WORD[n] for n in as_high)
            return None, msg(
                "{cards} is not a run: aces are low (A-2-3 is a run, Q-K-A is not)", cards=seq
            )
    if high and 1 in nums and 2 in nums and 13 in nums:
        return None, msg(
            "{cards} is not a run: a run can't wrap around from K over A to 2", cards=text
        )
    best = min(spans, key=lambda s: s[0][-1] - s[0][0])[0]
    gaps = (best[-1] - best[0] + 1) - len(best)
    missing = [_WORD[n] for n in range(best[0], best[-1] + 1) if n not in best]
    return None, msgn(
        "{cards} is not a run: the missing {missing} need {count} wild card, it has {wilds}",
        "{cards} is not a run: the missing {missing} need {count} wild cards, it has {wilds}",
        gaps,
        cards=text,
        missing=joined(missing),
        wilds=len(wilds),
    )


def _run_note(text: object, w: int, wild_word: str) -> Message:
    if not w:
        return msg("{cards} is a run", cards=text)
    return msgn(
        # Translators: {rank} is the wild rank as printed on a card: 7, 10, J
        "{cards} is a run ({count} wild {rank} fill the gaps and ends)",
        "{cards} is a run ({count} wild {rank}s fill the gaps and ends)",
        w,
        cards=text,
        rank=wild_word,
    )


def _card_word(card: Card) -> str:
    return _WORD[RANK_NUMBER[card.rank]] + card.suit if card.rank in RANK_NUMBER else str(card)


def is_meld(
    cards: Iterable[Card] | str, wild_rank: str | None, options: Mapping[str, Any] | None = None
) -> str | None:
    """ "set" or "run" if ``cards`` (all of them) form one meld, else None.  A group that is both
    (one natural card and wild cards, or all wild cards) is reported as a set."""
    high, limit = _options(options)
    return _analyse(check_hand(cards), _check_wild(wild_rank), high, limit)[0]


def why_not_meld(
    cards: Iterable[Card] | str, wild_rank: str | None, options: Mapping[str, Any] | None = None
) -> Message:
    """A sentence for a learner: why ``cards`` are not a meld, or which meld they are (a message,
    read in the page's language)."""
    high, limit = _options(options)
    return _analyse(check_hand(cards), _check_wild(wild_rank), high, limit)[1]


def meld_words(meld: Meld) -> str:
    """A meld for display, wild cards shown with what they stand for: ``5h 6h [7c=7] 8h``."""
    parts = []
    for card, stands in zip(meld.cards, meld.stands_for, strict=False):
        parts.append(card.code if stands is None else f"[{card.code}={stands}]")
    return " ".join(parts)
