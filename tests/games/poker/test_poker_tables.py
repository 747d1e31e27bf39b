"""The numpy poker engine: exact category tables against independently derived counts, agreement
with the plain evaluator, and the draw odds (exact distributions, best discards, speed)."""

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np
import pytest

from cardlab.core.cards import STANDARD52, STANDARD54, TRIAD, parse
from cardlab.games.poker import CATEGORIES, evaluate
from cardlab.games.poker.tables import (
    all_codes,
    best_discards,
    card_id,
    card_ids,
    category_table,
    combinations_array,
    deck_cards,
    decode,
    draw_codes,
    evaluate_many,
    strength,
)

CLASSIC = {
    "high_card": 1302540,
    "one_pair": 1098240,
    "two_pair": 123552,
    "three_up": 54912,
    "run": 10200,
    "colors": 5108,
    "full_up": 3744,
    "four_up": 624,
    "half_colors": 36,
    "full_colors": 4,
}


def T(text):
    return parse(text, "triad")


# -- independently derived counts ------------------------------------------------------------------
def test_classic_counts_by_formula():
    """The classic counts, each from its own counting argument."""
    straights = 10  # top card 5..A
    flushes_all = 4 * comb(13, 5)
    derived = {
        "full_colors": 4,
        "half_colors": 4 * (straights - 1),
        "four_up": 13 * 48,
        "full_up": 13 * comb(4, 3) * 12 * comb(4, 2),
        "colors": flushes_all - 4 * straights,
        "run": straights * 4**5 - 4 * straights,
        "three_up": 13 * comb(4, 3) * comb(12, 2) * 4**2,
        "two_pair": comb(13, 2) * comb(4, 2) ** 2 * 44,
        "one_pair": 13 * comb(4, 2) * comb(12, 3) * 4**3,
    }
    derived["high_card"] = (comb(13, 5) - straights) * (4**5 - 4)
    assert derived == CLASSIC
    assert sum(CLASSIC.values()) == comb(52, 5)


def _fitting_rank_sets(size):
    """(rank sets of ``size`` distinct ranks that fit inside some 5-rank straight window,
    those of them that fit inside T-J-Q-K-A)."""
    windows = [{14, 2, 3, 4, 5}] + [set(range(lo, lo + 5)) for lo in range(2, 11)]
    fits = {frozenset(s) for w in windows for s in combinations(sorted(w), size)}
    royal = {s for s in fits if s <= {10, 11, 12, 13, 14}}
    return len(fits), len(royal)


def derived_wild_table():
    """Counts with both jokers wild by a counting argument over how many jokers a hand holds.

    A joker completes the best category reachable from the real cards: five of a kind from
    four (or three) of a kind; a straight flush from suited distinct ranks that fit in a window;
    four of a kind from trips (one joker) or a pair (two jokers); a full house from two pair
    (one joker); a flush from other suited distinct ranks; a straight from other fitting
    distinct ranks; three of a kind from a pair (one joker) or from anything else (two jokers);
    otherwise one joker pairs the highest card.
    """
    table = dict.fromkeys(CATEGORIES, 0)
    for cat, n in CLASSIC.items():  # no joker: C(52, 5) hands
        table[cat] += n
    # one joker (two ways to pick it) with 4 real cards
    fit4, royal4 = _fitting_rank_sets(4)
    assert (fit4, royal4) == (41, 5)
    one = {
        "five_up": 13,
        "full_colors": 4 * royal4,
        "half_colors": 4 * (fit4 - royal4),
        "four_up": 13 * comb(4, 3) * 48,
        "full_up": comb(13, 2) * comb(4, 2) ** 2,
        "colors": 4 * (comb(13, 4) - fit4),
        "run": fit4 * (4**4 - 4),
        "three_up": 13 * comb(4, 2) * comb(12, 2) * 4**2,
        "one_pair": (comb(13, 4) - fit4) * (4**4 - 4),
    }
    assert sum(one.values()) == comb(52, 4)
    # two jokers with 3 real cards
    fit3, royal3 = _fitting_rank_sets(3)
    assert (fit3, royal3) == (64, 10)
    two = {
        "five_up": 13 * comb(4, 3),
        "full_colors": 4 * royal3,
        "half_colors": 4 * (fit3 - royal3),
        "four_up": 13 * comb(4, 2) * 48,
        "colors": 4 * (comb(13, 3) - fit3),
        "run": fit3 * (4**3 - 4),
        "three_up": (comb(13, 3) - fit3) * (4**3 - 4),
    }
    assert sum(two.values()) == comb(52, 3)
    for cat, n in one.items():
        table[cat] += 2 * n
    for cat, n in two.items():
        table[cat] += n
    return table


def test_exact_table_jokers_out():
    assert category_table("out") == CLASSIC
    assert list(category_table("out")) == list(CATEGORIES[:-1])
    assert category_table("out", STANDARD52) == CLASSIC
    assert category_table("wild", STANDARD52) == {**CLASSIC, "five_up": 0}  # no jokers in it


def test_exact_table_jokers_wild_matches_the_derivation():
    table = category_table("wild")
    assert table == derived_wild_table()
    assert sum(table.values()) == comb(54, 5)
    assert table["five_up"] == 78 and table["full_colors"] == 84
    assert category_table("wild", STANDARD54) == table
    # "no five of a kind": those hands count as Four Up
    no_five = category_table("wild", five_of_a_kind=False)
    assert "five_up" not in no_five
    assert no_five["four_up"] == table["four_up"] + table["five_up"]
    assert all(no_five[c] == table[c] for c in no_five if c != "four_up")


def test_the_tables_count_every_hand_once():
    out, wild = category_table("out"), category_table("wild")
    assert sum(out.values()) == comb(52, 5) and out["full_colors"] == 4
    assert sum(wild.values()) == comb(54, 5) and wild["five_up"] == 78


# -- the engine ------------------------------------------------------------------------------------
def test_combinations_array_matches_itertools():
    for n, k in [(7, 0), (7, 1), (7, 3), (9, 5), (5, 5), (4, 5)]:
        assert combinations_array(n, k).tolist() == [list(c) for c in combinations(range(n), k)]


def test_card_ids_are_deck_positions():
    for deck in (TRIAD, STANDARD54):
        assert [card_id(c) for c in deck.cards()] == list(range(54))


@pytest.mark.parametrize("jokers", ["out", "wild"])
@pytest.mark.parametrize("five_of_a_kind", [True, False])
def test_evaluate_many_agrees_with_evaluate(jokers, five_of_a_kind):
    rng = random.Random(3)
    pool = deck_cards(TRIAD, jokers)
    hands = [rng.sample(pool, 5) for _ in range(3000)]
    if jokers == "wild":
        hands += [[*rng.sample(pool[:52], 4), pool[52 + rng.randrange(2)]] for _ in range(800)]
        hands += [[*rng.sample(pool[:52], 3), *pool[52:]] for _ in range(100)]
    expected = [evaluate(h, jokers, five_of_a_kind).code for h in hands]
    codes = evaluate_many(hands, jokers, five_of_a_kind)
    assert codes.tolist() == expected
    ids = np.array([card_ids(h) for h in hands], dtype=np.int16)
    assert evaluate_many(ids, jokers, five_of_a_kind).tolist() == expected
    assert decode(expected[0]) == evaluate(hands[0], jokers, five_of_a_kind)


@pytest.mark.parametrize("jokers", ["out", "wild"])
def test_all_codes_is_evaluate_many_over_every_hand(jokers):
    ids = card_ids(deck_cards(TRIAD, jokers))[::3]  # 18 (or 20) cards, every suit and joker
    fused = np.sort(np.concatenate(list(all_codes(ids, jokers))))
    direct = np.sort(evaluate_many(ids[combinations_array(len(ids), 5)], jokers))
    assert fused.tolist() == direct.tolist()


def test_evaluate_many_rejects_bad_input():
    with pytest.raises(ValueError, match="joker"):
        evaluate_many(np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(ValueError, match="shape"):
        evaluate_many(np.array([[0, 1, 2, 3]]))
    with pytest.raises(ValueError, match=r"0\.\.53"):
        evaluate_many(np.array([[0, 1, 2, 3, 54]]), "wild")
    with pytest.raises(ValueError, match="exactly 5"):
        evaluate_many([T("Ab Kb")])


def test_strength_is_a_percentile():
    codes = evaluate_many([T("Tb Jb Qb Kb Ab"), T("7b 5g 4r 3k 2b"), T("Kb Kg 7r 4k 2b")])
    s = strength(codes)
    assert s[0] > 0.999999 and s[1] < 1e-3 and 0.5 < s[2] < 1


@pytest.mark.parametrize("jokers", ["out", "wild"])
@pytest.mark.parametrize("five_of_a_kind", [True, False])
def test_strength_counts_every_hand_of_the_deck(jokers, five_of_a_kind):
    """The percentile table is counted from rank multisets; enumerating every hand agrees."""
    every = np.sort(np.concatenate(list(all_codes(card_ids(deck_cards(TRIAD, jokers)), jokers,
                                                  five_of_a_kind))))  # fmt: skip
    codes = np.unique(every)
    expected = np.searchsorted(every, codes, "left") + np.searchsorted(every, codes, "right")
    assert np.array_equal(strength(codes, jokers, five_of_a_kind), expected / (2 * len(every)))


# -- draw odds -------------------------------------------------------------------------------------
def _unseen(hand, jokers="out"):
    return [c for c in deck_cards(TRIAD, jokers) if c not in hand]


def draw_distribution(hand, discard, unseen, jokers="out"):
    """The final-category distribution `best_discards` gives for exactly this discard."""
    rows = best_discards(hand, unseen, len(discard), jokers)
    return next(dist for cards, dist, _ in rows if Counter(cards) == Counter(discard))


def test_draw_distribution_matches_brute_force():
    hand = T("9b Tg Jr Qk 2b")
    unseen = _unseen(hand)
    for discard in [(), (hand[4],), (hand[0], hand[4])]:
        kept = [c for c in hand if c not in discard]
        cats = [evaluate([*kept, *draw]).category for draw in combinations(unseen, len(discard))]
        expected = {c: Fraction(cats.count(c), len(cats)) for c in CATEGORIES[:-1]}
        assert draw_distribution(hand, discard, unseen) == expected


def test_pair_of_kings_drawing_three():
    """The classic figure for keeping a pair and drawing three: 4,656 of 16,215 draws improve."""
    hand = T("Kb Kg 7r 4k 2b")
    dist = draw_distribution(hand, hand[2:], _unseen(hand))
    assert dist["two_pair"] == Fraction(2592, 16215)
    assert dist["three_up"] == Fraction(1854, 16215)
    assert dist["full_up"] == Fraction(165, 16215)
    assert dist["four_up"] == Fraction(45, 16215)
    assert dist["one_pair"] == 1 - Fraction(4656, 16215)


def test_draw_with_jokers_wild():
    hand = T("BJ 7b 7g 4r 2k")
    unseen = _unseen(hand, "wild")
    dist = draw_distribution(hand, hand[3:], unseen, "wild")
    assert sum(dist.values()) == 1 and dist["one_pair"] == 0 and dist["three_up"] > 0
    assert dist["five_up"] == Fraction(2 + 1, comb(49, 2))  # RJ and a 7, or both 7s


def test_bad_draws_raise():
    hand = T("Kb Kg 7r 4k 2b")
    with pytest.raises(ValueError, match="not in the hand"):
        draw_codes(hand, T("Ab"), _unseen(hand))
    with pytest.raises(ValueError, match="among the unseen"):
        draw_codes(hand, hand[:1], deck_cards(TRIAD))
    with pytest.raises(ValueError, match="objective"):
        best_discards(hand, _unseen(hand), objective="fun")


def test_best_discards_ranks_every_choice():
    """Speed is measured in benchmarks/, never asserted here."""
    hand = T("Kb Kg 7r 4k 2b")
    unseen = _unseen(hand)
    ranked = best_discards(hand, unseen, max_draw=3)
    assert len(ranked) == 1 + 5 + 10 + 10
    discard, _, score = ranked[0]
    assert sorted(discard) == sorted(hand[2:])  # keep the kings, draw three
    assert score == Fraction(4656, 16215)
    assert [s for _, _, s in ranked] == sorted((s for _, _, s in ranked), reverse=True)
    stand = next(r for r in ranked if r[0] == ())
    assert stand[2] == 0 and stand[1]["one_pair"] == 1
    expected = best_discards(hand, unseen, objective="expected")
    assert sorted(expected[0][0]) == sorted(hand[2:])
    assert all(0 <= s <= 1 for _, _, s in expected)


def test_best_discards_keeps_a_made_straight_flush():
    hand = T("5g 6g 7g 8g 9g")
    ranked = best_discards(hand, _unseen(hand), objective="expected")
    assert ranked[0][0] == ()
    wild = T("BJ 5g 6g 7g 8g")
    ranked = best_discards(wild, _unseen(wild, "wild"), jokers="wild", objective="expected")
    assert ranked[0][0] == ()
