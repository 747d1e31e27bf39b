"""The 5-card poker ranking: triad.md §6 worked examples, names, validation, invariance, and
agreement with an independent brute-force classifier."""

import random
from collections import Counter
from itertools import combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import BLOCKS, PYRAMID, STANDARD52, STANDARD54, TRIAD, TRIANGLE, parse
from cardlab.games.poker import (
    CATEGORIES,
    POKER_NAMES,
    TRIAD_NAMES,
    HandValue,
    best_of,
    categories,
    compare,
    evaluate,
)


def T(text):
    return parse(text, "triad")


def ev(text, jokers="out", **kw):
    return evaluate(T(text), jokers=jokers, **kw)


# -- triad.md §6 -------------------------------------------------------------------------------
def test_t1_full_colors():
    v = ev("Tb Jb Qb Kb Ab")
    assert v.category == "full_colors" and v.name == "Full Colors"
    assert v.poker_name == "Royal Flush"


def test_t2_half_colors_nine_high_beats_five_high():
    nine, five = ev("5g 6g 7g 8g 9g"), ev("Ar 2r 3r 4r 5r")
    assert nine.category == five.category == "half_colors"
    assert nine.key == (9,) and five.key == (5,)
    assert nine > five and compare(nine, five) == 1
    assert five.name == "Half Colors, 5-high"


def test_t3_wheel_is_the_lowest_run():
    wheel, six = ev("5r 4k 3b 2g Ar"), ev("6g 5r 4b 3k 2r")
    assert wheel.category == six.category == "run"
    assert wheel.name == "Run, 5-high" and six.name == "Run, 6-high"
    assert wheel < six
    assert wheel.poker_name == "Straight, 5-high"


def test_t4_no_wrap_around():
    v = ev("Qr Kk Ab 2g 3r")
    assert v.category == "high_card" and v.key == (14, 13, 12, 3, 2)
    assert v.name == "Ace High"


def test_t5_two_pair_kicker():
    a, b = ev("Kb Kg 7r 7k 2b"), ev("Kr Kk 7b 7g 3r")
    assert a.category == b.category == "two_pair"
    assert b > a and compare(T("Kb Kg 7r 7k 2b"), T("Kr Kk 7b 7g 3r")) == -1
    assert a.name == "Two Pair, Kings and Sevens"


def test_t6_king_high_loses_to_any_pair():
    v = ev("Kr 7b 5g 4k 2k")
    assert v.name == "King High" and v.poker_name == "King High"
    assert v < ev("2b 2g 3r 4k 5k".replace("5k", "6k"))  # the lowest pair


def test_t7_suits_never_break_ties():
    a, b = ev("Ab Kg 9r 5k 3b"), ev("Ar Kk 9g 5b 3r")
    assert a == b and compare(a, b) == 0 and hash(a) == hash(b)


def test_t8_full_up_the_three_decides():
    nines, eights = ev("9b 9g 9r 4k 4b"), ev("8b 8g 8r Ak Ab")
    assert nines.category == eights.category == "full_up"
    assert nines > eights
    assert nines.name == "Full Up, Nines over Fours"
    assert nines.poker_name == "Full House, Nines over Fours"


def test_t9_joker_completes_full_colors():
    assert ev("BJ Tb Jb Qb Kb", "wild").category == "full_colors"


def test_t10_two_jokers_and_a_pair_make_four_up():
    v = ev("BJ RJ 7b 7g 3r", "wild")
    assert v.category == "four_up" and v.key == (7, 3)
    assert v.name == "Four Up, Sevens"


def test_t11_five_up_and_the_no_five_of_a_kind_option():
    v = ev("BJ Ab Ag Ar Ak", "wild")
    assert v.category == "five_up" and v.name == "Five Up, Aces" and v > ev("Tb Jb Qb Kb Ab")
    assert v.poker_name == "Five of a Kind, Aces"
    four = ev("BJ Ab Ag Ar Ak", "wild", five_of_a_kind=False)
    assert four.category == "four_up" and four.key == (14, 14)
    assert four > ev("Ab Ag Ar Ak Kb") and four < ev("Tb Jb Qb Kb Ab")


# -- names, values ---------------------------------------------------------------------------
def test_names():
    assert ev("Kb Kg Kr 7k 2b").name == "Three Up, Kings"
    assert ev("Kb Kg Kr 7k 2b").poker_name == "Three of a Kind, Kings"
    assert ev("Jb Jg 4r 7k 2b").name == "One Pair, Princes"
    assert ev("Jb Jg 4r 7k 2b").poker_name == "One Pair, Jacks"
    assert ev("Ab Kb 9b 5b 3b").name == "Colors, A-K-9-5-3"
    assert ev("Tb Tg Tr Tk 2b").name == "Four Up, Tens"
    assert ev("6b 7g 8r 9k Tb").name == "Run, 10-high"
    assert str(ev("Kr 7b 5g 4k 2k")) == "King High"
    assert list(TRIAD_NAMES) == list(CATEGORIES) == list(POKER_NAMES)
    assert categories() == CATEGORIES[:-1] and categories("wild")[-1] == "five_up"
    assert categories("wild", five_of_a_kind=False) == CATEGORIES[:-1]


def test_value_is_category_then_key_and_code_round_trips():
    v = ev("Kb Kg 7r 7k 2b")
    assert (v.index, v.key) == (CATEGORIES.index("two_pair"), (13, 7, 2))
    assert v == HandValue(v.index, v.key)
    assert HandValue.from_code(v.code) == v
    assert (
        ev("BJ Ab Ag Ar Ak", "wild").code
        == HandValue.from_code(ev("BJ Ab Ag Ar Ak", "wild").code).code
    )
    assert v.cards == T("Kb Kg 7r 7k 2b")


def test_every_standard_rank_deck():
    for deck in (TRIAD, STANDARD52, STANDARD54, BLOCKS):
        s = deck.suits[0]
        royal = deck.parse([r + s for r in "TJQKA"])
        assert evaluate(royal).category == "full_colors"
    assert evaluate(parse("BJ Ts Js Qs Ks", "standard54"), "wild").category == "full_colors"
    assert evaluate(parse("BJ RJ Ts Js Qs", "blocks"), "wild").category == "full_colors"


def test_best_of_and_compare():
    seven = T("Ab Ag 5r 6r 7r 8r 9k")
    best = best_of(seven)
    assert best.category == "run" and best.key == (9,)
    assert sorted(best.cards) == sorted(T("5r 6r 7r 8r 9k"))
    assert best == max(evaluate(five) for five in combinations(seven, 5))
    wild = best_of(T("BJ Ab Ag Ar 2b 3b"), "wild")
    assert wild.category == "four_up" and wild.key == (14, 3)
    assert compare(T("2b 3g 4r 5k 7b"), T("2r 3k 4b 5g 7g")) == 0
    with pytest.raises(ValueError):
        best_of(T("Ab Ag Ar 2b"))


# -- validation --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "cards, jokers, words",
    [
        (T("Ab Ag Ar 2b"), "out", "exactly 5"),
        (T("Ab Ag Ar 2b 3b 4b"), "out", "exactly 5"),
        (T("Ab Ab Ar 2b 3b"), "out", "appears 2 times"),
        (T("BJ BJ Ar 2b 3b"), "wild", "appears 2 times"),
        (T("BJ Ag Ar 2b 3b"), "out", "joker"),
        (T("Ab Ag Ar 2b 3b"), "some", "'out' or 'wild'"),
        (T("Ab Ag Ar 2b") + parse("3s", "standard52"), "out", "different decks"),
        (PYRAMID.parse("3P 3G 2O 1P K"), "out", "standard ranks"),
        (TRIANGLE.parse("As 2s 3s 4s 5s"), "out", "standard ranks"),
        (("Ab", "Kb", "Qb", "Jb", "Tb"), "out", "expected a Card"),
    ],
)
def test_bad_hands_raise(cards, jokers, words):
    with pytest.raises(ValueError, match=words):
        evaluate(cards, jokers=jokers)


# -- an independent brute-force classifier ---------------------------------------------------------
WINDOWS = [frozenset({14, 2, 3, 4, 5})] + [frozenset(range(lo, lo + 5)) for lo in range(2, 11)]
RV = {r: i + 2 for i, r in enumerate("23456789TJQKA")}


def naive(pairs, five_of_a_kind=True):
    """(category name, key) of five concrete (value, suit) pairs, straight from the table."""
    values = [v for v, _ in pairs]
    n = Counter(values)
    by_count = sorted(n, key=lambda v: (-n[v], -v))
    counts = sorted(n.values(), reverse=True)
    windows = [w for w in WINDOWS if set(values) == w]
    straight_top = max((5 if 14 in w and 2 in w else max(w)) for w in windows) if windows else 0
    flush = len({s for _, s in pairs}) == 1 and len(n) == 5
    if counts == [5]:
        return ("five_up", (values[0],)) if five_of_a_kind else ("four_up", (values[0],) * 2)
    if flush and straight_top == 14:
        return ("full_colors", ())
    if flush and straight_top:
        return ("half_colors", (straight_top,))
    if counts == [4, 1]:
        return ("four_up", tuple(by_count))
    if counts == [3, 2]:
        return ("full_up", tuple(by_count))
    if flush:
        return ("colors", tuple(sorted(values, reverse=True)))
    if straight_top:
        return ("run", (straight_top,))
    name = {(3, 1, 1): "three_up", (2, 2, 1): "two_pair", (2, 1, 1, 1): "one_pair"}
    return (name.get(tuple(counts), "high_card"), tuple(by_count))


def naive_best(cards, five_of_a_kind=True):
    """Every joker tried as each of the 52 cards (copies allowed); the best naive value."""
    real = [(RV[c.rank], c.suit) for c in cards if c.rank not in ("BJ", "RJ")]
    options = list(product(range(2, 15), "bgrk"))
    best = None
    for sub in product(options, repeat=5 - len(real)):
        cat, key = naive(real + list(sub), five_of_a_kind)
        value = (CATEGORIES.index(cat), key)
        best = value if best is None or value > best else best
    return best


def test_agrees_with_brute_force_on_random_hands():
    rng = random.Random(7)
    deck = TRIAD.cards()
    real = deck[:52]
    for _ in range(3000):
        hand = rng.sample(real, 5)
        v = evaluate(hand)
        assert (v.index, v.key) == naive_best(hand), hand
    for _ in range(300):
        hand = [*rng.sample(real, 4), rng.choice(deck[52:])]
        fk = rng.random() < 0.5
        v = evaluate(hand, "wild", five_of_a_kind=fk)
        assert (v.index, v.key) == naive_best(hand, fk), hand
    for _ in range(15):
        hand = [*rng.sample(real, 3), *deck[52:]]
        fk = rng.random() < 0.5
        v = evaluate(hand, "wild", five_of_a_kind=fk)
        assert (v.index, v.key) == naive_best(hand, fk), hand


@pytest.mark.parametrize(
    "text",
    [
        "BJ Ab Kb 9b 5b",  # a joker in a flush is the highest missing rank: Q
        "BJ Ab Kb Qb Jb",  # royal, never a pair of aces
        "BJ RJ Ab Ag 2r",  # four aces, kicker 2
        "BJ RJ 2b 3b 4b",  # 6-high straight flush
        "BJ RJ Ab Ag Ar",  # five aces
        "BJ 9g Tr Jk Qb",  # K-high run
        "BJ 2g 2r 5k 5b",  # full up, fives over twos
    ],
)
def test_wild_edge_cases_match_brute_force(text):
    for fk in (True, False):
        v = ev(text, "wild", five_of_a_kind=fk)
        assert (v.index, v.key) == naive_best(T(text), fk)


# -- invariance ------------------------------------------------------------------------------
hands = st.lists(st.sampled_from(TRIAD.cards()[:52]), min_size=5, max_size=5, unique=True)
wild_hands = st.lists(st.sampled_from(TRIAD.cards()), min_size=5, max_size=5, unique=True)


@settings(max_examples=150, deadline=None)
@given(hand=wild_hands, order=st.permutations(range(5)), suits=st.permutations("bgrk"))
def test_card_order_and_suit_names_do_not_matter(hand, order, suits):
    relabel = dict(zip("bgrk", suits, strict=True))
    jokers = "wild" if any(c.rank in ("BJ", "RJ") for c in hand) else "out"
    v = evaluate(hand, jokers)
    assert evaluate([hand[i] for i in order], jokers) == v
    renamed = [c if not c.suit else type(c)(c.deck, c.rank, relabel[c.suit]) for c in hand]
    assert evaluate(renamed, jokers) == v
    # a joker in place of any real card never makes the hand worse
    for i, card in enumerate(hand):
        if card.rank not in ("BJ", "RJ") and TRIAD.parse("BJ")[0] not in hand:
            swapped = [*hand[:i], TRIAD.parse("BJ")[0], *hand[i + 1 :]]
            assert evaluate(swapped, "wild") >= v


@settings(max_examples=100, deadline=None)
@given(a=hands, b=hands)
def test_compare_is_an_order(a, b):
    va, vb = evaluate(a), evaluate(b)
    assert compare(a, b) == -compare(b, a)
    assert (compare(a, b) == 0) == (va == vb) == (va.code == vb.code)
    assert (va < vb) == (va.code < vb.code)
