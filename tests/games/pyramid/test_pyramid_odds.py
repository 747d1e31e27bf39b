"""Pyramid odds: the exact table by card kinds, the hand counts, and the exchange advisor, each
against brute force (sampled deals; every draw enumerated card by card on small cases)."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_pyramid_hands import brute_key

from cardlab.core.cards import PYRAMID
from cardlab.games.pyramid import CLASSES, HandClass, evaluate, hands, odds, parse
from cardlab.games.pyramid.odds import (
    N_DEALS,
    best_exchange,
    best_exchanges,
    counting_arguments,
    discard_choices,
    exact_distribution,
    exact_table,
    exchange_distribution,
    key_percentile,
    key_rank,
    kind_multisets,
)

DECK_CARDS = PYRAMID.cards()


def test_table_is_exact_and_sums_to_all_deals():
    table = exact_table()
    assert N_DEALS == math.comb(55, 6) == 28_989_675
    assert table.total == N_DEALS == sum(table.key_counts.values())
    assert table.multisets == 4128
    assert [row.hand_class for row in table.rows] == list(CLASSES) and len(CLASSES) == 19
    dist = exact_distribution()
    assert sum(dist.values()) == 1 and all(isinstance(p, Fraction) for p in dist.values())
    assert all(row.count > 0 for row in table.rows)
    assert sum(table.by_type().values()) == N_DEALS
    assert table.p_no_pyramid == Fraction(table.count(HandClass(0)), N_DEALS)


def test_table_from_cold_caches_equals_the_stored_one():
    """Speed is measured by benchmarks/pyramid_odds.py, never asserted here."""
    stored = exact_table()
    for fn in (hands._best_plan, hands.value_of_counts, odds._key_order):
        fn.cache_clear()
    odds._kind_multisets.cache_clear()
    assert odds.exact_table.compute() == stored


def test_kind_weights_count_every_deal():
    assert sum(w for _, w in kind_multisets(6, hands.KIND_COPIES)) == N_DEALS
    small = (2, 0, 3, 1, 0, 0, 0, 0, 0, 1)  # 7 cards
    for size in range(8):
        assert sum(w for _, w in kind_multisets(size, small)) == math.comb(7, size)


def test_counting_arguments_equal_the_table():
    table = exact_table()
    args = counting_arguments()
    for arg in args:
        assert arg.value == sum(table.count(c) for c in arg.classes), arg.what
        assert arg.formula and arg.reasoning
    # the top hand by hand: Keystone + 3 of the nine 3P + 2 of the six 2P, nothing else to pick
    assert table.top_hands == math.comb(9, 3) * math.comb(6, 2) == 1260 == args[0].value
    assert sum(row.count for row in table.rows if row.hand_class.apex) == 3 * 1260  # any colour
    assert table.count(HandClass(0)) == args[-1].value


def test_table_agrees_with_sampled_brute_force():
    """15,000 seeded random deals classified by the naive classifier: every class within 4.5
    standard errors of the exact probability."""
    rng = random.Random(20261129)
    n = 15_000
    seen = Counter(HandClass(*brute_key(rng.sample(DECK_CARDS, 6))[:4]) for _ in range(n))
    for row in exact_table().rows:
        p = float(row.probability)
        assert abs(seen[row.hand_class] - n * p) <= 4.5 * math.sqrt(n * p * (1 - p)) + 1, row.name


def test_key_rank_and_percentile():
    keys = odds.all_keys()
    assert list(keys) == sorted(keys) and len(set(keys)) == len(keys)
    assert key_rank(keys[0]) == 0 and key_rank(evaluate("3P 3P 3P 2P 2P K").key) == len(keys) - 1
    assert key_percentile(keys[-1]) == 1 - Fraction(1260, 2 * N_DEALS)
    with pytest.raises(ValueError, match="not the key"):
        key_rank((9, 9))


# -- the exchange -------------------------------------------------------------------------------


def brute_exchange(hand, discard, unseen) -> Counter[tuple[int, ...]]:
    """Draw every combination of len(discard) unseen cards, card by card; count the keys."""
    keep = list(hand)
    for card in discard:
        keep.remove(card)
    return Counter(brute_key((*keep, *draw)) for draw in combinations(unseen, len(discard)))


def test_stand_pat_keeps_the_hand():
    out = exchange_distribution("3O 3G 3P 2P 2O 3O", "")
    assert out.draws == 1 and out.key_counts == {evaluate("3O 3G 3P 2P 2O 3O").key: 1}
    assert out.distribution == {HandClass(2): 1} and out.p_better == 0 == out.p_worse
    assert str(out.words) == "stand pat"


def test_default_unseen_is_the_other_49_cards():
    out = exchange_distribution("1P 1G 1O 2P 2G 2O", "1P 1G")
    assert out.draws == math.comb(49, 2) and sum(out.key_counts.values()) == out.draws
    assert sum(out.distribution.values()) == 1


@settings(max_examples=40, deadline=None)
@given(
    deal=st.permutations(range(len(DECK_CARDS))),
    n_unseen=st.integers(4, 11),
    pick=st.lists(st.integers(0, 5), max_size=4, unique=True),
)
def test_exchange_matches_brute_force(deal, n_unseen, pick):
    hand = tuple(DECK_CARDS[i] for i in deal[:6])
    unseen = tuple(DECK_CARDS[i] for i in deal[6 : 6 + n_unseen])
    discard = tuple(hand[i] for i in pick)
    out = exchange_distribution(hand, discard, unseen)
    expected = brute_exchange(hand, discard, unseen)
    assert out.key_counts == dict(expected)
    assert out.draws == math.comb(n_unseen, len(discard)) == sum(expected.values())
    assert sum(out.distribution.values()) == 1
    now = brute_key(hand)
    better = sum(n for k, n in expected.items() if HandClass(*k[:4]) > HandClass(*now[:4]))
    assert out.p_better == Fraction(better, out.draws)
    assert out.p_better_key == Fraction(sum(n for k, n in expected.items() if k > now), out.draws)


def test_best_exchanges_covers_every_distinct_discard():
    hand = parse("3P 3P 2P 2G 1O 3O")  # kinds: 3P x2, 2P, 2G, 1O, 3O
    outcomes = best_exchanges(hand)
    discards = [tuple(sorted(o.discard)) for o in outcomes]
    assert len(set(discards)) == len(discards)
    # distinct by kind: choose 0-2 of the 3P pair and 0/1 of each other kind, 4 cards at most
    expected = sum(
        math.comb(4, k) for two in range(3) for k in range(5) if two + k <= 4
    )  # fmt: skip
    assert len(outcomes) == expected == len(list(discard_choices(hand)))
    for o in outcomes:
        assert sum(o.distribution.values()) == 1
        assert o.draws == math.comb(49, len(o.discard))
    scores = [o.p_better for o in outcomes]
    assert scores == sorted(scores, reverse=True)
    assert best_exchange(hand) == outcomes[0]
    by_rank = best_exchanges(hand, objective="expected_rank")
    assert by_rank[0].expected_rank == max(o.expected_rank for o in outcomes)
    custom = best_exchanges(hand, objective=lambda o: -len(o.discard))
    assert custom[0].discard == ()


def test_best_exchanges_lists_every_discard_of_six_different_kinds():
    outcomes = best_exchanges("3P 3G 2O 1G 1O K")
    assert len(outcomes) == 1 + 6 + 15 + 20 + 15


def test_exchange_advice_on_small_unseen_set_is_exact():
    """A perfect Purple middle pyramid with only 1P 3O 3O left to draw.  Swapping the kicker 3G
    makes a perfect full pyramid 1 time in 3; throwing 3G and two 3P draws all three cards and
    makes a non-perfect full pyramid for sure, which is better: level beats perfection."""
    hand = parse("3P 3P 3P 2P 2P 3G")
    unseen = parse("1P 3O 3O")
    swap = exchange_distribution(hand, "3G", unseen)
    assert swap.distribution == {
        HandClass(2, 1, 0, 3): Fraction(2, 3),
        HandClass(3, 1, 0, 3): Fraction(1, 3),
    }
    assert swap.p_better == Fraction(1, 3) and swap.p_worse == Fraction(2, 3)  # kicker 3O < 3G
    outcomes = best_exchanges(hand, unseen)
    assert outcomes[0].p_better == 1 == outcomes[1].p_better and outcomes[2].p_better < 1
    assert {outcomes[0].discard, outcomes[1].discard} == {parse("3P 3P 3G"), parse("3P 3P 3P")}
    assert outcomes[0].distribution == {HandClass(3, 0, 0, 3): 1}


@pytest.mark.parametrize(
    ("discard", "unseen", "message"),
    [
        ("1P", None, "cannot discard 1 x level-1 Purple: the hand holds 0"),
        ("3P 3P 3P 2P 2P", None, "0-4 cards, not 5"),
        ("3P", "3P 3P 3P 3P 3P 3P 3P", "hold 10 x level-3 Purple, the deck only 9"),
        ("3P 3P", "1O", "cannot draw 2 cards: only 1 unseen"),
    ],
)
def test_exchange_errors(discard, unseen, message):
    with pytest.raises(ValueError, match=message):
        exchange_distribution("3P 3P 3P 2P 2P 3G", discard, unseen)


def test_unknown_objective_is_refused():
    with pytest.raises(ValueError, match="unknown objective"):
        best_exchanges("3P 3P 3P 2P 2P 3G", objective="luck")
