"""Three Thirteen melds: exactness against an independent brute force, §6 examples, meld checks."""

from __future__ import annotations

import random
import re
from collections import Counter
from functools import cache

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardlab.core.cards import MAX_DECKS, STANDARD52, TRIAD, Card
from cardlab.games.three_thirteen.melds import (
    MAX_HAND,
    Arrangement,
    Meld,
    can_go_out,
    check_hand,
    is_meld,
    min_deadwood,
    penalty_value,
    why_not_meld,
)

P = STANDARD52.parse
NUM = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}
DECK = STANDARD52.cards()


# -- an independent brute force: every partition of the hand into valid melds -------------------
def _bf_is_meld(cards: tuple[Card, ...], wild: str, high: bool, limit: int | None) -> bool:
    if len(cards) < 3:
        return False
    nat = [c for c in cards if c.rank != wild]
    if limit is not None and len(cards) - len(nat) > limit:
        return False
    if len({c.rank for c in nat}) <= 1:
        return True  # a set (or all wild)
    if len(cards) > 13 or len({c.suit for c in nat}) != 1:
        return False
    windows = [range(1, 14)] + ([range(2, 15)] if high else [])
    for window in windows:
        ranks = [14 if (c.rank == "A" and 14 in window) else NUM[c.rank] for c in nat]
        if len(set(ranks)) != len(ranks) or any(r not in window for r in ranks):
            continue
        # some block of len(cards) consecutive positions inside the window holds every rank
        for start in window:
            block = range(start, start + len(cards))
            if block[-1] in window and all(r in block for r in ranks):
                return True
    return False


def brute_force(hand, wild: str, options=None) -> int:
    options = options or {}
    high = options.get("aces") == "high_or_low"
    limit = options.get("max_wilds_per_meld")
    aces = "high_or_low" if high else "low"

    @cache
    def solve(rest: tuple[Card, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = penalty_value(first, aces) + solve(others)
        n = len(others)
        for mask in range(1 << n):
            if bin(mask).count("1") < 2:
                continue
            group = (first, *tuple(others[k] for k in range(n) if mask >> k & 1))
            if _bf_is_meld(group, wild, high, limit):
                left = tuple(others[k] for k in range(n) if not mask >> k & 1)
                best = min(best, solve(left))
        return best

    return solve(tuple(sorted(hand)))


def _check_arrangement(hand, wild: str, options, value: int, arr: Arrangement) -> None:
    options = options or {}
    high = options.get("aces") == "high_or_low"
    limit = options.get("max_wilds_per_meld")
    used = [c for m in arr.melds for c in m.cards] + list(arr.deadwood)
    assert Counter(used) == Counter(hand)
    assert arr.penalty == value
    aces = "high_or_low" if high else "low"
    assert sum(penalty_value(c, aces) for c in arr.deadwood) == value
    for meld in arr.melds:
        assert isinstance(meld, Meld)
        assert _bf_is_meld(meld.cards, wild, high, limit), meld
        assert meld.kind == is_meld(meld.cards, wild, options)
        for card, stands in zip(meld.cards, meld.stands_for, strict=False):
            assert (stands is None) == (card.rank != wild)
        if meld.kind == "run":  # positions consecutive, low to high
            pos = [NUM[s or c.rank] for c, s in zip(meld.cards, meld.stands_for, strict=False)]
            if pos[-1] == 1 and len(pos) > 1:
                pos[-1] = 14
            assert pos == list(range(pos[0], pos[0] + len(pos))), meld
        else:
            ranks = {s or c.rank for c, s in zip(meld.cards, meld.stands_for, strict=False)}
            assert len(ranks) == 1


def _random_hand(rng: random.Random, size: int, decks: int, wild: str, extra_wilds: int):
    cards = list(DECK) * decks
    hand = rng.sample(cards, size)
    for _ in range(extra_wilds):
        spare = [c for c in cards if c.rank == wild and hand.count(c) < decks]  # still in play
        if len(hand) > 3 and spare:
            hand[rng.randrange(len(hand))] = rng.choice(spare)
    return tuple(hand)


OPTION_SETS = [
    None,
    {"aces": "high_or_low"},
    {"max_wilds_per_meld": 1},
    {"max_wilds_per_meld": 2},
    {"max_wilds_per_meld": 3},
    {"max_wilds_per_meld": 4, "aces": "high_or_low"},
    {"max_wilds_per_meld": 0},
]


# -- §6 worked examples ---------------------------------------------------------------------------
SECTION6 = [
    (1, "3", "Ah 2h 3s", 0),
    (1, "3", "Qd Kd Ad", 21),
    (2, "4", "7h 7d 9s 5c", 28),
    (2, "4", "4h 4d 4s 9c", 0),
    (5, "7", "5h 6h 8h Kd Ks 7c", 19),
    (5, "7", "5h 6h 8h Kd Ks Kc 7c", 0),
    (5, "7", "5h 6h 8h Kd Ks 7c 2c", 21),
    (9, "J", "Ah Ad As 9h 10h Qh Jc", 0),
    (5, "7", "2h 3h 4d 4s 9c Kc 6d", 38),
]


@pytest.mark.parametrize(("round_no", "wild", "text", "expected"), SECTION6)
def test_tt_melds_section6_examples(round_no, wild, text, expected):
    assert "3456789TJQK"[round_no - 1] == wild  # the round's wild rank (§2 table)
    hand = P(text)
    value, arr = min_deadwood(hand, wild)
    assert value == expected
    assert brute_force(hand, wild) == expected
    _check_arrangement(hand, wild, None, value, arr)


def test_tt_melds_section6_explanations():
    # the wild 7 goes with the kings, not into 5-6-[7]-8
    _, arr = min_deadwood(P("5h 6h 8h Kd Ks 7c"), "7")
    (meld,) = arr.melds
    assert meld.kind == "set" and meld.stands_for.count("K") == 1
    assert Counter(arr.deadwood) == Counter(P("5h 6h 8h"))
    _, arr = min_deadwood(P("5h 6h 8h Kd Ks Kc 7c"), "7")
    run = next(m for m in arr.melds if m.kind == "run")
    assert run.cards == P("5h 6h 7c 8h") and run.stands_for == (None, None, "7", None)
    _, arr = min_deadwood(P("Ah Ad As 9h 10h Qh Jc"), "J")
    run = next(m for m in arr.melds if m.kind == "run")
    assert run.stands_for == (None, None, "J", None)
    # the example round: A went out (0), B holds the 21-point hand
    assert min_deadwood(P("5h 6h 8h Kd Ks 7c 2c"), "7")[0] == 21


def test_tt_melds_section6_go_out():
    # 8 cards after the draw in round 5: discard the 2c, the rest melds
    ok, card = can_go_out(P("5h 6h 8h Kd Ks Kc 7c 2c"), "7")
    assert ok and card == P("2c")[0]
    assert can_go_out(P("5h 6h 8h Kd Ks 7c 2c 9d"), "7") == (False, None)


# -- values and options ---------------------------------------------------------------------------
def test_tt_melds_penalty_values():
    vals = {c: penalty_value(c) for c in P("As 2s 9s Ts Js Qs Ks")}
    assert list(vals.values()) == [1, 2, 9, 10, 10, 10, 10]
    assert penalty_value(P("Ah")[0], "high_or_low") == 15
    assert penalty_value(P("7c")[0], "high_or_low") == 7


def test_tt_melds_aces_high_or_low():
    hand = P("Qd Kd Ad")
    assert min_deadwood(hand, "3", {"aces": "high_or_low"})[0] == 0
    assert is_meld(hand, "3", {"aces": "high_or_low"}) == "run"
    assert is_meld(hand, "3") is None
    assert "aces are low" in str(why_not_meld(hand, "3"))
    # no wrap-around, and an unmelded ace costs 15
    wrap = P("Kd Ad 2d")
    assert is_meld(wrap, "5", {"aces": "high_or_low"}) is None
    assert "wrap" in str(why_not_meld(wrap, "5", {"aces": "high_or_low"}))
    assert min_deadwood(wrap, "5", {"aces": "high_or_low"})[0] == 27
    assert min_deadwood(P("Ad 2d Kd Qd"), "5", {"aces": "high_or_low"})[0] == 2
    assert min_deadwood(P("Ad 2d Kd Qd"), "5")[0] == 23


def test_tt_melds_wild_limits():
    hand = P("Kd 7s 7h 9c")
    assert min_deadwood(hand, "7")[0] == 9
    assert min_deadwood(hand, "7", {"max_wilds_per_meld": 1})[0] == 10 + 7 + 7 + 9
    assert min_deadwood(hand, "7", {"max_wilds_per_meld": 2})[0] == 9
    # all-wild melds: three wild cards alone, or none with a limit below 3
    assert min_deadwood(P("7s 7h 7d"), "7")[0] == 0
    assert min_deadwood(P("7s 7h 7d"), "7", {"max_wilds_per_meld": 2})[0] == 21
    assert min_deadwood(P("7s 7h 2c"), "7")[0] == 0
    assert min_deadwood(P("7s 7h Kc Qd"), "7")[0] == 10
    # spare wild cards join a meld for free, or are deadwood when no meld exists
    assert min_deadwood(P("Ks Kd Kc 7s 7h"), "7")[0] == 0
    assert min_deadwood(P("7s 7h"), "7")[0] == 14
    assert min_deadwood(P("Ks Kd Kc 7s 7h"), "7", {"max_wilds_per_meld": 1})[0] == 7
    assert min_deadwood(P("Ks Kd Kc Kh 7s 7h"), "7", {"max_wilds_per_meld": 1})[0] == 0
    with pytest.raises(ValueError):
        min_deadwood(hand, "7", {"max_wilds_per_meld": -1})
    with pytest.raises(ValueError):
        min_deadwood(hand, "A")


def test_tt_melds_two_decks_duplicates():
    hand = P("7h 7h 7s")
    assert is_meld(hand, "3") == "set"
    run2 = P("5h 6h 7h 5h 6h 7h")
    assert min_deadwood(run2, "3")[0] == 0
    assert is_meld(P("5h 5h 6h"), "3") is None
    assert "two 5s" in str(why_not_meld(P("5h 5h 6h"), "3"))
    assert min_deadwood(P("5h 5h 6h"), "3")[0] == 16


def test_tt_melds_full_run_plus_wild():
    hand = P("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh") + P("5s")
    value, arr = min_deadwood(hand, "5")
    # 5h is wild too here; every card melds
    assert value == 0
    _check_arrangement(hand, "5", None, value, arr)
    hand = P("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ks")
    value, arr = min_deadwood(hand, "K")
    assert value == 0
    _check_arrangement(hand, "K", None, value, arr)


def test_tt_melds_is_meld_and_reasons():
    assert is_meld(P("9h Th Jc Qh"), "J") == "run"
    assert is_meld(P("9h Tc Jc"), "J") is None
    assert "suits differ" in str(why_not_meld(P("9h Ts Qh"), "J"))
    assert "at least 3" in str(why_not_meld(P("9h 9s"), "J"))
    assert "missing" in str(why_not_meld(P("2h 9h Jc"), "J"))
    assert "at most 1" in str(why_not_meld(P("Kh Jc Js"), "J", {"max_wilds_per_meld": 1}))
    assert is_meld(P("Jh Jc Js"), "J") == "set"
    assert "a set" in str(why_not_meld(P("Kh Ks Jc"), "J"))
    assert "a run" in str(why_not_meld(P("Ah 2h Jc"), "J"))


def test_tt_melds_parse_text_hand():
    assert min_deadwood("Ah 2h 3s", "3")[0] == 0
    assert can_go_out("Ah 2h 3s 9c", "3") == (True, P("9c")[0])


# -- exactness: seeded random hands against the brute force ---------------------------------------
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: str(o))
def test_tt_melds_random_exact(options):
    rng = random.Random(hash(str(options)) & 0xFFFF)
    for _ in range(300):
        size = rng.randint(3, 9)
        wild = rng.choice("3456789TJQK")
        decks = rng.choice((1, 1, 2, 3))
        extra = rng.choice((0, 0, 1, 2, 4))
        hand = _random_hand(rng, size, decks, wild, extra)
        value, arr = min_deadwood(hand, wild, options)
        assert value == brute_force(hand, wild, options), (hand, wild, options)
        _check_arrangement(hand, wild, options, value, arr)


def test_tt_melds_random_dense_suits_exact():
    # few ranks and suits: many sets and runs overlap
    rng = random.Random(7)
    pool = [c for c in DECK if (c.suit in "hs" and NUM[c.rank] <= 7) or c.rank in "QKA"] * 2
    for _ in range(400):
        wild = rng.choice("34567")
        hand = tuple(rng.sample(pool, rng.randint(3, 9)))
        options = rng.choice(OPTION_SETS)
        value, arr = min_deadwood(hand, wild, options)
        assert value == brute_force(hand, wild, options), (hand, wild, options)
        _check_arrangement(hand, wild, options, value, arr)


def _bf_can_go_out(hand, wild, options):
    aces = "high_or_low" if (options or {}).get("aces") == "high_or_low" else "low"
    ok = []
    for k, card in enumerate(hand):
        rest = hand[:k] + hand[k + 1 :]
        if brute_force(rest, wild, options) == 0:
            ok.append(card)
    if not ok:
        return False, None
    return True, max(penalty_value(c, aces) for c in ok)


def test_tt_melds_can_go_out_random():
    rng = random.Random(11)
    for _ in range(300):
        wild = rng.choice("3456789TJQK")
        options = rng.choice(OPTION_SETS)
        n = rng.randint(3, 7)
        hand = _random_hand(rng, n + 1, rng.choice((1, 2)), wild, rng.choice((0, 1, 2, 3)))
        ok, card = can_go_out(hand, wild, options)
        bf_ok, bf_value = _bf_can_go_out(hand, wild, options)
        assert ok == bf_ok, (hand, wild, options)
        if ok:
            aces = "high_or_low" if (options or {}).get("aces") == "high_or_low" else "low"
            assert penalty_value(card, aces) == bf_value
            rest = list(hand)
            rest.remove(card)
            assert min_deadwood(rest, wild, options)[0] == 0


CARD = st.sampled_from(DECK)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(CARD, min_size=1, max_size=7),
    st.sampled_from("3456789TJQK"),
    st.sampled_from(OPTION_SETS),
    st.integers(0, 3),
)
def test_tt_melds_hypothesis_exact(cards, wild, options, extra_wilds):
    hand = tuple(cards) + P(" ".join(f"{wild}{s}" for s in "shdc"[:extra_wilds]))
    assume(max(Counter(hand).values()) <= MAX_DECKS)  # a hand the largest table can deal
    value, arr = min_deadwood(hand, wild, options)
    assert value == brute_force(hand, wild, options)
    _check_arrangement(hand, wild, options, value, arr)


def test_tt_melds_big_hands_consistent():
    # 14-card hands (too big for the brute force): the arrangement is valid, and dropping a
    # deadwood card lowers the minimum by at least that card's value
    rng = random.Random(3)
    for _ in range(200):
        wild = rng.choice("3456789TJQK")
        options = rng.choice(OPTION_SETS)
        hand = _random_hand(rng, 14, rng.choice((1, 2)), wild, rng.choice((0, 2, 5)))
        value, arr = min_deadwood(hand, wild, options)
        _check_arrangement(hand, wild, options, value, arr)
        # the melds of the arrangement plus any deadwood card: the same or lower minimum
        for card in set(arr.deadwood):
            rest = list(hand)
            rest.remove(card)
            aces = "high_or_low" if (options or {}).get("aces") == "high_or_low" else "low"
            assert min_deadwood(rest, wild, options)[0] <= value - penalty_value(card, aces)


def test_tt_melds_big_hands_pruned_search_exact():
    # Without a per-meld limit the search lists few melds (a wild card never stands where a
    # natural still to place could); with max_wilds_per_meld=13, which limits nothing in a hand
    # of 14 cards, it lists every subset.  On big hands (too big for the brute force), mostly
    # of one suit held up to three times so that runs cross and overlap, they agree.
    rng = random.Random(8)
    for _ in range(800):
        wild = rng.choice("3456789TJQK")
        suit = rng.choice("shdc")
        pool = [c for c in DECK if c.rank != wild and (c.suit == suit or rng.random() < 0.2)]
        wilds = rng.randint(0, 4)
        hand = rng.sample(pool * 3, rng.randint(8, MAX_HAND) - wilds)
        hand += P(" ".join(f"{wild}{s}" for s in "shdc"[:wilds]))
        for aces in ("low", "high_or_low"):
            value, arr = min_deadwood(hand, wild, {"aces": aces})
            limited = {"aces": aces, "max_wilds_per_meld": 13}
            assert value == min_deadwood(hand, wild, limited)[0], (hand, wild, aces)
            _check_arrangement(hand, wild, {"aces": aces}, value, arr)


# -- the fast paths: reading a hand, duplicates, deadwood order -----------------------------------
FOREIGN = (TRIAD.parse("Ab")[0], Card("standard52", "Z", "s"), Card("standard52", "7", "x"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(CARD, CARD, CARD, st.sampled_from(FOREIGN)), max_size=MAX_HAND))
def test_tt_melds_list_read_as_the_careful_reader_does(cards):
    # a list takes the one-pass reader, an iterator the careful one: same cards or same refusal
    try:
        expected = check_hand(iter(cards))
    except ValueError as refusal:
        with pytest.raises(ValueError, match=re.escape(str(refusal))):
            check_hand(cards)
        return
    assert check_hand(cards) == expected == tuple(cards)


POOL = P("5h 6h 7h 8h 5s 5d 6s 7s Qd Qs") * MAX_DECKS  # few cards, up to three copies each


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(POOL), min_size=1, max_size=8),
    st.sampled_from("5QK"),
    st.sampled_from(OPTION_SETS),
)
def test_tt_melds_hypothesis_duplicates_exact(cards, wild, options):
    # two and three copies of a card: the search counts them in shared bit fields
    assume(max(Counter(cards).values()) <= MAX_DECKS)
    value, arr = min_deadwood(cards, wild, options)
    assert value == brute_force(cards, wild, options)
    _check_arrangement(cards, wild, options, value, arr)


def test_tt_melds_deadwood_in_hand_order():
    rng = random.Random(5)
    for _ in range(300):
        wild = rng.choice("3456789TJQK")
        options = rng.choice(OPTION_SETS)
        hand = _random_hand(rng, rng.randint(3, 12), rng.choice((1, 2)), wild, rng.choice((0, 3)))
        rest = iter(hand)
        _, arr = min_deadwood(hand, wild, options)
        assert all(card in rest for card in arr.deadwood), (hand, wild, options, arr.deadwood)
