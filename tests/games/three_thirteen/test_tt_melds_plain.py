"""Three Thirteen melds, hands with no wild card in them: `min_deadwood` reads a list or tuple of
distinct standard cards in its own fast way (codes summed in one int, precomputed melds, a mask
search).  Checked here against a plain reference on whole hands of up to 14 cards, and against
the general path (which an iterator of the same cards takes) down to the order of the melds,
of their cards and of the deadwood."""

from __future__ import annotations

import random
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import STANDARD52
from cardlab.games.three_thirteen.melds import MAX_HAND, min_deadwood, penalty_value

P = STANDARD52.parse
DECK = STANDARD52.cards()
NUM = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
# few ranks in many suits, and long stretches of one suit: sets and runs cross often
DENSE = [c for c in DECK if NUM[c.rank] <= 6 or (c.suit == "h" and NUM[c.rank] <= 10)]
WILDS = (None, None, "7", "K", "T")  # None, or a wild rank the hand may well not hold


def _is_natural_meld(cards) -> bool:
    """At least 3 cards of one rank, or at least 3 of one suit on consecutive ranks, aces low."""
    if len(cards) < 3:
        return False
    if len({c.rank for c in cards}) == 1:
        return True
    ranks = sorted(NUM[c.rank] for c in cards)
    return len({c.suit for c in cards}) == 1 and ranks == list(
        range(ranks[0], ranks[0] + len(ranks))
    )


def reference(hand) -> int:
    """The minimum deadwood of distinct natural cards: every meld of the hand (every subset of
    the cards of one rank, and of one suit, tried), then the hand's first card is deadwood or in
    one of its melds, and the rest is solved the same way."""
    n = len(hand)
    groups = [[k for k in range(n) if hand[k].rank == r] for r in NUM]
    groups += [[k for k in range(n) if hand[k].suit == s] for s in "shdc"]
    melds = {
        sum(1 << g[k] for k in range(len(g)) if pick >> k & 1)
        for g in groups
        for pick in range(1 << len(g))
        if _is_natural_meld([hand[g[k]] for k in range(len(g)) if pick >> k & 1])
    }

    @cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        low = mask & -mask
        value = penalty_value(hand[low.bit_length() - 1]) + best(mask ^ low)
        for meld in melds:
            if meld & low and meld & mask == meld:
                value = min(value, best(mask ^ meld))
        return value

    return best((1 << n) - 1)


def _check(hand, wild, value, arr) -> None:
    assert arr.penalty == value == sum(penalty_value(c) for c in arr.deadwood)
    assert sorted([c for m in arr.melds for c in m.cards] + list(arr.deadwood)) == sorted(hand)
    for meld in arr.melds:
        assert _is_natural_meld(meld.cards), meld
        assert meld.stands_for == (None,) * len(meld.cards)
        assert meld.kind == ("set" if len({c.rank for c in meld.cards}) == 1 else "run")
    rest = iter(hand)
    assert all(card in rest for card in arr.deadwood)  # deadwood in hand order


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from(DECK), max_size=MAX_HAND, unique=True),
        st.lists(st.sampled_from(DENSE), min_size=8, max_size=MAX_HAND, unique=True),
    ),
    st.sampled_from(WILDS),
)
def test_tt_melds_plain_exact(cards, wild):
    # hands of distinct natural cards, up to 14: the minimum against the plain reference
    if wild and any(c.rank == wild for c in cards):
        wild = None
    value, arr = min_deadwood(cards, wild)
    assert value == reference(cards), (cards, wild)
    _check(cards, wild, value, arr)


OPTION_SETS = (None, {"aces": "low"}, {"max_wilds_per_meld": 1}, {"aces": "high_or_low"})


@settings(max_examples=500, deadline=None)
@given(
    st.one_of(
        st.lists(st.sampled_from(DECK), max_size=MAX_HAND, unique=True),
        st.lists(st.sampled_from(DENSE), min_size=6, max_size=MAX_HAND, unique=True),
        st.lists(st.sampled_from(DENSE), min_size=6, max_size=MAX_HAND),  # cards twice too
    ),
    st.sampled_from(WILDS),
    st.sampled_from(OPTION_SETS),
    st.booleans(),
)
def test_tt_melds_plain_as_the_general_path(cards, wild, options, as_tuple):
    # a list or tuple takes the fast path when it can, an iterator always the general one:
    # the very same result (melds, their order and their cards' order, deadwood order)
    hand = tuple(cards) if as_tuple else cards
    if max((cards.count(c) for c in cards), default=0) > 3:
        return  # more copies than three decks hold: refused either way (test_tt_melds)
    assert min_deadwood(hand, wild, options) == min_deadwood(iter(cards), wild, options)


def test_tt_melds_plain_ten_card_hands():
    # the benchmark's hands (benchmarks/melds.py): ten cards of one deck, no wild card
    rng = random.Random(1)
    for _ in range(300):
        hand = rng.sample(DECK, 10)
        value, arr = min_deadwood(hand, None)
        assert (value, arr) == min_deadwood(iter(hand), None)
        assert value == reference(hand)
        _check(hand, None, value, arr)


def test_tt_melds_plain_examples():
    # a card that could go either way: 5h in 5s-5h-5d or in the run 3h-4h-5h-6h (better)
    value, arr = min_deadwood(P("3h 5s 4h 5h 5d 6h 9c"), None)
    assert value == 5 + 5 + 9
    assert [m.cards for m in arr.melds] == [P("3h 4h 5h 6h")]
    assert arr.deadwood == P("5s 5d 9c")
    # nothing melds: the hand as it is
    value, arr = min_deadwood(P("Ks 2h 9d 9c 5s"), None)
    assert (value, arr.melds, arr.deadwood) == (35, (), P("Ks 2h 9d 9c 5s"))
    # sets by rank and runs by suit, in hand order
    _, arr = min_deadwood(P("9c 5h 7c 5s 8c 5d Ah"), None)
    assert [m.cards for m in arr.melds] == [P("5h 5s 5d"), P("7c 8c 9c")]
    assert arr.deadwood == P("Ah")


def test_tt_melds_plain_ties_as_the_general_path():
    # Js leads a set (Js Jd Jc) or a run (Js Qs Ks), both leaving 20: the set, listed first
    hand = P("Jc 9c Js Kc Jd Ks 2d Qs")
    value, arr = min_deadwood(hand, None)
    assert (value, arr) == min_deadwood(iter(hand), None)
    assert value == 9 + 10 + 2 + 20
    assert [m.cards for m in arr.melds] == [P("Js Jd Jc")]
    # Ah in Ah-2h-3h leaves 2s 2d (4); Ah as deadwood leaves 3h beside 2s-2h-2d (1 + 3): on a
    # tie the lowest card stays deadwood
    hand = P("2d Ah 3h 2s 2h")
    value, arr = min_deadwood(hand, None)
    assert (value, arr) == min_deadwood(iter(hand), None)
    assert value == 4
    assert [m.cards for m in arr.melds] == [P("2s 2h 2d")]
    assert arr.deadwood == P("Ah 3h")
