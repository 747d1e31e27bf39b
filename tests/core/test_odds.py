"""Exact counting and seeded Monte Carlo agree, and the counting argument states the numbers."""

from fractions import Fraction

import pytest

from cardlab.core.cards import DECKS, PYRAMID, STANDARD52, TRIANGLE
from cardlab.core.odds import (
    combos,
    exact_distribution,
    exact_probability,
    monte_carlo,
    pair_in_first_two,
    simulate_pair_in_first_two,
)


def same_rank(pair):
    a, b = pair
    return not a.is_extra and not b.is_extra and a.rank == b.rank


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_pair_count_matches_brute_force_enumeration(deck):
    counted = pair_in_first_two(deck)
    assert counted.probability == exact_probability(combos(deck.cards(), 2), same_rank)
    assert f"{counted.favourable:,}/{counted.total:,}" in str(counted.argument)


def test_known_values():
    assert pair_in_first_two(STANDARD52).probability == Fraction(1, 17)
    assert pair_in_first_two(TRIANGLE).probability == Fraction(3, 23)
    assert pair_in_first_two(PYRAMID).probability == Fraction(4, 11)
    assert "C(27,2) + C(18,2) + C(9,2) = 540" in str(pair_in_first_two(PYRAMID).argument)


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_simulation_agrees_within_its_standard_error(deck):
    estimate = simulate_pair_in_first_two(deck, 4000, seed=7)
    assert estimate == simulate_pair_in_first_two(deck, 4000, seed=7)  # seeded
    assert estimate.stderr > 0
    assert estimate.agrees_with(pair_in_first_two(deck).probability)


def test_monte_carlo_standard_error_shrinks_with_trials():
    small = monte_carlo(lambda rng: rng.random() < 0.5, 400, seed=1)
    large = monte_carlo(lambda rng: rng.random() < 0.5, 40_000, seed=1)
    assert large.stderr < small.stderr / 5
    low, high = large.interval()
    assert low < 0.5 < high
    with pytest.raises(ValueError):
        monte_carlo(lambda rng: 1.0, 1, seed=1)


def test_exact_distribution_sums_to_one():
    dist = exact_distribution(range(6), lambda x: x % 3)
    assert dist == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    with pytest.raises(ValueError):
        exact_probability([], bool)
