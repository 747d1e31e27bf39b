"""The numpy poker engine: every hand of a deck at once, exact category tables and draw odds.

Cards are small integers, the same for every deck with the standard ranks: ``suit * 13 + rank``
(rank 0 for a 2 .. 12 for an ace, suits in the deck's order) and 52, 53 for the two jokers,
which is each card's position in ``deck.cards()``.  A hand's strength is one integer, its
`HandValue.code` (category * 13**5 + the key's ranks as base-13 digits), so comparing codes
compares hands.

How `evaluate_many` works: a hand's value depends only on its five ranks (a joker being a 14th
"rank") and on whether its real cards share one suit.  Two lookup tables indexed by the ranks
read as a 5-digit number (13**5 entries with the jokers out, 14**5 with them wild; built once,
vectorised, in well under 0.1 s) give the value without and with a flush, so a batch of hands
costs five gathers, one suit test and one select.  The wild tables take the maximum over every
rank a joker could stand for (the best substitution), so wild hands cost the same as the others.
`all_codes` enumerates every hand of a deck the same way without building the (n, 5) array.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod

import numpy as np

from cardlab.core.cards import TRIAD, Card, Deck, get_deck
from cardlab.games.poker.ranking import (
    CATEGORIES,
    CATEGORY_BASE,
    CATEGORY_INDEX,
    JOKERS,
    RANK_VALUE,
    HandValue,
    categories,
    check_cards,
)

N_RANKS = 13
JOKER_RANK = 13  # the 14th symbol of the lookup tables
_SYMBOLS = 14
_CAT = {name: np.int64(i * CATEGORY_BASE) for i, name in enumerate(CATEGORIES)}


# -- card ids ------------------------------------------------------------------------------------
def card_id(card: Card) -> int:
    """The engine's integer for ``card``: ``suit * 13 + rank``, or 52/53 for BJ/RJ."""
    if card.rank in JOKERS:
        return 52 + JOKERS.index(card.rank)
    return get_deck(card.deck).suits.index(card.suit) * N_RANKS + RANK_VALUE[card.rank] - 2


def card_ids(cards: Iterable[Card]) -> np.ndarray:
    return np.array([card_id(c) for c in cards], dtype=np.int16)


def deck_cards(deck: Deck = TRIAD, jokers: str = "out") -> tuple[Card, ...]:
    """The cards a table enumerates: the deck's 52, plus its jokers when they are wild."""
    cards = deck.cards()
    return cards if jokers == "wild" else tuple(c for c in cards if c.rank not in JOKERS)


# Per-id lookups (ids 0..53): the rank symbol and a suit bit (0 for a joker, which fits any suit).
_ID_RANK = np.array([i % N_RANKS for i in range(52)] + [JOKER_RANK] * 2, dtype=np.int64)
_ID_SUITBIT = np.array([1 << (i // N_RANKS) for i in range(52)] + [0, 0], dtype=np.int8)
# _PLACED[base][k][id]: the rank symbol of ``id`` times base**(4 - k), its place value at
# position k of a hand (base 13 with the jokers out, 14 with a joker symbol).
_PLACED = {
    base: [(_ID_RANK * base ** (4 - k)).astype(np.int32) for k in range(5)] for base in (13, 14)
}


# -- lookup tables -------------------------------------------------------------------------------
# A sorting network for five values (nine compare-exchanges), applied column-wise.
_NETWORK = ((0, 1), (3, 4), (2, 4), (2, 3), (0, 3), (0, 2), (1, 4), (1, 3), (1, 2))


def _sort_columns(cols: list[np.ndarray]) -> list[np.ndarray]:
    """The five columns sorted row by row, ascending."""
    cols = list(cols)
    for a, b in _NETWORK:
        cols[a], cols[b] = np.minimum(cols[a], cols[b]), np.maximum(cols[a], cols[b])
    return cols


def _digits(base: int, first: int) -> list[np.ndarray]:
    """Columns of every 5-digit number below base**5 whose most significant digit is ``first``,
    most significant first (int8).  The tables are built one leading digit at a time: the
    temporaries of a whole table at once (about 50 MiB) stayed in the kernel's heap once freed."""
    grid = np.indices((1,) + (base,) * 4, dtype=np.int8).reshape(5, -1)
    grid[0] = first
    return [grid[k] for k in range(5)]


def _by_leading_digit(
    base: int, build: Callable[[list[np.ndarray]], tuple[np.ndarray, np.ndarray]]
) -> tuple[np.ndarray, np.ndarray]:
    """``build`` over the rows of each leading digit in turn, the parts joined in row order."""
    parts = [build(_digits(base, first)) for first in range(base)]
    return np.concatenate([a for a, _ in parts]), np.concatenate([b for _, b in parts])


def _base_tables(five_of_a_kind: bool) -> tuple[np.ndarray, np.ndarray]:
    """Codes of every ordered tuple of five ranks 0..12 (13**5 rows): (suits mixed, one suit).

    Repeated ranks are allowed (jokers may copy a card); a flush needs five distinct ranks, so
    the one-suit code of a tuple with a repeat is its mixed-suit code.
    """
    return _by_leading_digit(N_RANKS, lambda ranks: _base_rows(ranks, five_of_a_kind))


def _base_rows(ranks: list[np.ndarray], five_of_a_kind: bool) -> tuple[np.ndarray, np.ndarray]:
    """`_base_tables` for the rows whose five rank columns are ``ranks``."""
    # How often each card's rank occurs in its hand, and the hand's shape as the sum of those:
    # 5 no pair, 7 one pair, 9 two pair, 11 three, 13 full, 17 four, 25 five of a kind.
    count = [sum((r == other).astype(np.int8) for other in ranks) for r in ranks]
    shape = sum(c.astype(np.int16) for c in count)
    # Order the five cards by (count, rank), highest first; the key is that order without repeats.
    weight = _sort_columns(
        [c.astype(np.int16) * 16 + r for c, r in zip(count, ranks, strict=True)]
    )[::-1]
    ordered = [(w % 16).astype(np.int32) for w in weight]
    o0, o1, o2, o3, o4 = ordered
    b4, b3, b2, b1 = N_RANKS**4, N_RANKS**3, N_RANKS**2, N_RANKS
    no_pair = o0 * b4 + o1 * b3 + o2 * b2 + o3 * b1 + o4
    wheel = (o0 == 12) & (o1 == 3) & (o4 == 0)  # A-5-4-3-2 (with no pair)
    straight = (shape == 5) & ((o0 - o4 == 4) | wheel)
    top_key = np.where(wheel, 3, o0) * b4
    five = (o0 * b4) if five_of_a_kind else (o0 * b4 + o0 * b3)  # Four Up (r, r) when off
    mixed = np.select(
        [shape == 25, shape == 17, shape == 13, straight, shape == 11, shape == 9, shape == 7],
        [
            _CAT["five_up" if five_of_a_kind else "four_up"] + five,
            _CAT["four_up"] + o0 * b4 + o4 * b3,
            _CAT["full_up"] + o0 * b4 + o3 * b3,
            _CAT["run"] + top_key,
            _CAT["three_up"] + o0 * b4 + o3 * b3 + o4 * b2,
            _CAT["two_pair"] + o0 * b4 + o2 * b3 + o4 * b2,
            _CAT["one_pair"] + o0 * b4 + o2 * b3 + o3 * b2 + o4 * b1,
        ],
        default=_CAT["high_card"] + no_pair,
    )
    suited = np.select(
        [straight & (top_key == 12 * b4), straight, shape == 5],
        [_CAT["full_colors"], _CAT["half_colors"] + top_key, _CAT["colors"] + no_pair],
        default=mixed,
    )
    return mixed.astype(np.int32), suited.astype(np.int32)


def lookup_tables(
    jokers: str = "out", five_of_a_kind: bool = True
) -> tuple[np.ndarray, np.ndarray]:
    """(mixed, suited) code tables indexed by a hand's ranks read as a 5-digit number: base 13
    with the jokers out, base 14 (13 = joker) with them wild, every joker given its best
    substitution; ``suited`` is for hands whose real cards share one suit.  Built once."""
    if jokers == "out":
        return _out_tables()
    return _wild_tables(five_of_a_kind)


@lru_cache(maxsize=1)
def _out_tables() -> tuple[np.ndarray, np.ndarray]:
    mixed, suited = _base_tables(True)
    return _frozen(mixed), _frozen(np.maximum(mixed, suited))


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@lru_cache(maxsize=2)
def _wild_tables(five_of_a_kind: bool) -> tuple[np.ndarray, np.ndarray]:
    mixed0, suited0 = _base_tables(five_of_a_kind)
    # Best over j jokers placed last: max over the last rank of the (j-1)-joker table.  Each
    # table is flat over the real ranks (13**(5-j) entries); stack them with their offsets.
    mixed, suited = [mixed0], [np.maximum(mixed0, suited0)]
    for _ in range(5):
        mixed.append(mixed[-1].reshape(-1, N_RANKS).max(axis=1))
        suited.append(suited[-1].reshape(-1, N_RANKS).max(axis=1))
    offsets = np.cumsum([0] + [len(t) for t in mixed[:-1]]).astype(np.int32)
    flat_mixed, flat_suited = np.concatenate(mixed), np.concatenate(suited)

    def rows(digits: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        # Every ordered tuple of 14 symbols: sort it (jokers, 13, go last), count its jokers j,
        # and read its real ranks as a base-13 number into table j.
        cols = _sort_columns([c.astype(np.int32) for c in digits])
        jokers = sum((c == JOKER_RANK).astype(np.int32) for c in cols)
        idx = np.zeros_like(cols[0])
        for k, col in enumerate(cols):
            real = k < 5 - jokers
            idx = np.where(real, idx * N_RANKS + col, idx)
        idx += offsets[jokers]
        return flat_mixed[idx], flat_suited[idx]

    table_mixed, table_suited = _by_leading_digit(_SYMBOLS, rows)
    return _frozen(table_mixed), _frozen(table_suited)


# -- evaluation ----------------------------------------------------------------------------------
def evaluate_many(
    hands: np.ndarray | Sequence[Sequence[Card]], jokers: str = "out", five_of_a_kind: bool = True
) -> np.ndarray:
    """The `HandValue.code` of every hand: ``hands`` is an (n, 5) array of card ids (or a
    sequence of 5-card hands of `Card`).  Returns int32 codes; higher is better, equal ties.

    ``ValueError`` for a row that is not 5 cards, an id out of range, or a joker when
    ``jokers="out"``.  (Duplicate cards inside a row are not checked here: callers enumerate.)
    """
    if jokers not in ("out", "wild"):
        raise ValueError(f"jokers must be 'out' or 'wild', got {jokers!r}")
    if not isinstance(hands, np.ndarray):
        rows = [card_ids(check_cards(h, jokers)) for h in hands]
        hands = np.array(rows, dtype=np.int16).reshape(-1, 5)
    if hands.ndim != 2 or hands.shape[1] != 5:
        raise ValueError(f"hands must be an (n, 5) array of card ids, got shape {hands.shape}")
    if hands.size:
        lo, hi = int(hands.min()), int(hands.max())
        if lo < 0 or hi > 53:
            raise ValueError(f"card ids run 0..53, got {lo}..{hi}")
        if jokers == "out" and hi >= 52:
            raise ValueError("a hand holds a joker and jokers are out (use jokers='wild')")
    mixed, suited = lookup_tables(jokers, five_of_a_kind)
    placed = _PLACED[13 if jokers == "out" else 14]
    idx = placed[0][hands[:, 0]]
    suits = _ID_SUITBIT[hands[:, 0]]
    for k in range(1, 5):
        idx += placed[k][hands[:, k]]
        suits |= _ID_SUITBIT[hands[:, k]]
    return _select(idx, suits, mixed, suited)


def _select(
    idx: np.ndarray, suits: np.ndarray, mixed: np.ndarray, suited: np.ndarray
) -> np.ndarray:
    flush = (suits & (suits - 1)) == 0  # at most one suit bit set
    codes: np.ndarray = np.where(flush, suited[idx], mixed[idx])
    return codes


def category_of(codes: np.ndarray) -> np.ndarray:
    """The category index of each code."""
    return np.asarray(codes) // CATEGORY_BASE


def decode(code: int) -> HandValue:
    return HandValue.from_code(code)


def combinations_array(n: int, k: int) -> np.ndarray:
    """All k-subsets of ``range(n)`` as a (C(n, k), k) array, rows in lexicographic order."""
    if k == 0:
        return np.zeros((1, 0), dtype=np.int16)
    if k > n:
        return np.zeros((0, k), dtype=np.int16)
    combos = np.arange(n - k + 1, dtype=np.int16)[:, None]
    for i in range(1, k):
        last = combos[:, -1].astype(np.int64)
        counts = (n - k + i) - last  # choices after ``last`` that leave room for the rest
        total = int(counts.sum())
        starts = np.repeat(np.cumsum(counts) - counts, counts)
        new = np.repeat(last + 1, counts) + (np.arange(total) - starts)
        combos = np.column_stack([np.repeat(combos, counts, axis=0), new.astype(np.int16)])
    return combos


def all_codes(
    ids: np.ndarray, jokers: str = "out", five_of_a_kind: bool = True
) -> Iterator[np.ndarray]:
    """Yield the codes of every 5-card hand of the cards ``ids``, chunk by chunk.

    The same as ``evaluate_many(ids[combinations_array(len(ids), 5)])`` (in another order),
    without the (n, 5) array: every 4-card prefix is built once, then each group of prefixes
    with the same last card is extended by all later cards in one broadcast.
    """
    ids = np.asarray(ids)
    if len(ids) < 5:
        return
    if jokers == "out" and ids.size and int(ids.max()) >= 52:
        raise ValueError("a hand holds a joker and jokers are out (use jokers='wild')")
    mixed, suited = lookup_tables(jokers, five_of_a_kind)
    base = 13 if jokers == "out" else 14
    symbol = _ID_RANK[ids].astype(np.int32)
    bits = _ID_SUITBIT[ids]
    prefix = combinations_array(len(ids) - 1, 4)  # positions; the fifth card comes after
    idx = np.zeros(len(prefix), dtype=np.int32)
    suits = np.zeros(len(prefix), dtype=np.int8)
    for k in range(4):
        idx = idx * base + symbol[prefix[:, k]]
        suits |= bits[prefix[:, k]]
    last = prefix[:, 3]
    for pos in range(3, len(ids) - 1):
        rows = last == pos
        tail = slice(pos + 1, None)
        group_idx = idx[rows, None] * base + symbol[None, tail]
        group_suits = suits[rows, None] | bits[None, tail]
        yield _select(group_idx.ravel(), group_suits.ravel(), mixed, suited)


# -- exact tables --------------------------------------------------------------------------------
def category_counts_of(codes: np.ndarray, jokers: str, five_of_a_kind: bool) -> dict[str, int]:
    counts = np.bincount(category_of(codes), minlength=len(CATEGORIES))
    return {c: int(counts[CATEGORY_INDEX[c]]) for c in categories(jokers, five_of_a_kind)}


def category_table(
    jokers: str = "out", deck: Deck = TRIAD, five_of_a_kind: bool = True
) -> dict[str, int]:
    """How many of the deck's 5-card hands fall in each category, lowest category first.

    Whole-deck enumeration: every C(52, 5) hand (C(54, 5) with the jokers wild) is classified
    by `evaluate_many`, jokers by best substitution.
    """
    ids = card_ids(deck_cards(deck, jokers))
    counts = np.zeros(len(CATEGORIES), dtype=np.int64)
    for codes in all_codes(ids, jokers, five_of_a_kind):
        counts += np.bincount(codes // CATEGORY_BASE, minlength=len(CATEGORIES))
    return {c: int(counts[CATEGORY_INDEX[c]]) for c in categories(jokers, five_of_a_kind)}


@lru_cache(maxsize=4)  # one per (jokers, five_of_a_kind): a few thousand codes each, ~0.1 MiB
def _code_ranks(jokers: str, five_of_a_kind: bool) -> tuple[np.ndarray, np.ndarray]:
    """The distinct codes of the deck's hands, sorted, and how many hands have a lower code
    (one more entry at the end: every hand).  The same percentiles as the 2.6 million sorted codes
    themselves (20-25 MiB a table) in a few thousand entries.

    Counted, not enumerated: a hand's code depends on its ranks, its jokers and whether its real
    cards share a suit, so each multiset of ranks stands for all its suit choices (one suit only
    when the ranks differ: four ways, times the ways to pick the jokers).  Enumerating the hands
    left about 4 MiB of freed temporaries in the kernel for this 0.1 MiB table."""
    mixed, suited = lookup_tables(jokers, five_of_a_kind)
    base = N_RANKS if jokers == "out" else _SYMBOLS
    suits = len(TRIAD.suits)
    codes: list[int] = []
    counts: list[int] = []
    for j in (0,) if jokers == "out" else range(len(JOKERS) + 1):
        joker_ways = comb(len(JOKERS), j)
        for ranks in combinations_with_replacement(range(N_RANKS), 5 - j):
            repeats = [ranks.count(r) for r in set(ranks)]
            if max(repeats) > suits:
                continue
            idx = 0
            for symbol in (*ranks, *(JOKER_RANK,) * j):  # any order: the tables sort
                idx = idx * base + symbol
            ways = joker_ways * prod(comb(suits, n) for n in repeats)
            one_suit = joker_ways * suits if len(repeats) == 5 - j else 0
            codes += [int(mixed[idx]), int(suited[idx])]
            counts += [ways - one_suit, one_suit]
    order = np.unique(np.array(codes, dtype=np.int64), return_inverse=True)
    total = np.zeros(len(order[0]), dtype=np.int64)
    np.add.at(total, order[1], counts)
    return _frozen(order[0].astype(np.int32)), _frozen(np.concatenate(([0], np.cumsum(total))))


def strength(
    codes: np.ndarray | Sequence[int], jokers: str = "out", five_of_a_kind: bool = True
) -> np.ndarray:
    """Showdown strength of each code: the chance it beats one random hand of the full deck,
    ties counting half (the hand's percentile among all C(52, 5) or C(54, 5) hands)."""
    table, lower = _code_ranks(jokers, five_of_a_kind)
    codes = np.asarray(codes)
    below = lower[np.searchsorted(table, codes, side="left")]
    upto = lower[np.searchsorted(table, codes, side="right")]
    shares: np.ndarray = (below + upto) / (2 * lower[-1])
    return shares


# -- draw odds -----------------------------------------------------------------------------------
def draw_codes(
    hand: Sequence[Card],
    discard: Iterable[Card],
    unseen: Iterable[Card],
    jokers: str = "out",
    five_of_a_kind: bool = True,
) -> np.ndarray:
    """The code of the final hand for every draw of ``len(discard)`` cards from ``unseen``."""
    hand = check_cards(hand, jokers)
    discard = tuple(discard)
    kept = list(hand)
    for card in discard:
        if card not in kept:
            raise ValueError(f"{card} is discarded but not in the hand")
        kept.remove(card)
    unseen = check_cards(unseen, jokers, count=None)
    if set(unseen) & set(hand):
        raise ValueError("a card of the hand is among the unseen cards")
    if len(discard) > len(unseen):
        raise ValueError(f"cannot draw {len(discard)} from {len(unseen)} unseen cards")
    pool = card_ids(unseen)
    draws = pool[combinations_array(len(pool), len(discard))]
    keep = np.broadcast_to(card_ids(kept), (len(draws), len(kept)))
    return evaluate_many(np.hstack([keep, draws]), jokers, five_of_a_kind)


def best_discards(
    hand: Sequence[Card],
    unseen: Iterable[Card],
    max_draw: int = 3,
    jokers: str = "out",
    five_of_a_kind: bool = True,
    objective: str = "improve",
) -> list[tuple[tuple[Card, ...], dict[str, Fraction], Fraction | float]]:
    """Every discard of 0..``max_draw`` cards with its exact final-category distribution and a
    score, best first (ties: fewer cards discarded first, then hand order).

    ``objective="improve"``: the exact chance (Fraction) that the final category is higher
    than the hand's category now.  ``"expected"``: the expected showdown `strength` of the
    final hand (its chance to beat one random hand of the full deck; a float).
    """
    if objective not in ("improve", "expected"):
        raise ValueError(f"objective must be 'improve' or 'expected', got {objective!r}")
    hand = check_cards(hand, jokers)
    unseen = check_cards(unseen, jokers, count=None)
    if not 0 <= max_draw <= 5:
        raise ValueError(f"max_draw must be 0..5, got {max_draw}")
    now = int(category_of(evaluate_many(card_ids(hand)[None, :], jokers, five_of_a_kind))[0])
    results = []
    for k in range(max_draw + 1):
        for discard in combinations(hand, k):
            codes = draw_codes(hand, discard, unseen, jokers, five_of_a_kind)
            counts = category_counts_of(codes, jokers, five_of_a_kind)
            dist = {c: Fraction(n, len(codes)) for c, n in counts.items()}
            score: Fraction | float
            if objective == "improve":
                score = Fraction(int((category_of(codes) > now).sum()), len(codes))
            else:
                score = float(strength(codes, jokers, five_of_a_kind).mean())
            results.append((discard, dist, score))
    order = sorted(range(len(results)), key=lambda i: (-results[i][2], len(results[i][0]), i))
    return [results[i] for i in order]
