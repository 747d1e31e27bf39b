"""Odds helpers: exact counting with `Fraction`, and seeded Monte Carlo with its standard error.

Lessons show exact figures as fractions with the counting argument that produced them, and check
them against a simulation whose uncertainty is stated, so a student can see both agree.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TypeVar

from cardlab.core.cards import DECKS, Deck
from cardlab.core.i18n import Message, msg, num
from cardlab.core.stored import stored

T = TypeVar("T")


def exact_probability(outcomes: Iterable[T], event: Callable[[T], bool]) -> Fraction:
    """P(event) over equally likely ``outcomes``, counted exactly."""
    hits = total = 0
    for outcome in outcomes:
        total += 1
        hits += bool(event(outcome))
    if total == 0:
        raise ValueError("no outcomes to count")
    return Fraction(hits, total)


def exact_distribution(
    outcomes: Iterable[T], classify: Callable[[T], Hashable]
) -> dict[Hashable, Fraction]:
    """The exact distribution of ``classify`` over equally likely ``outcomes``, as Fractions."""
    counts = Counter(classify(o) for o in outcomes)
    total = sum(counts.values())
    if total == 0:
        raise ValueError("no outcomes to count")
    return {key: Fraction(n, total) for key, n in counts.items()}


def combos(items: Iterable[T], k: int) -> Iterable[tuple[T, ...]]:
    """All k-card subsets by position, so identical cards count as the distinct objects they are."""
    return combinations(tuple(items), k)


@dataclass(frozen=True)
class Estimate:
    """A Monte Carlo mean with its standard error and sample count."""

    mean: float
    stderr: float
    trials: int
    seed: int | str

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The approximate confidence interval mean +- z standard errors (95% by default)."""
        return self.mean - z * self.stderr, self.mean + z * self.stderr

    def agrees_with(self, exact: float, z: float = 4.0) -> bool:
        """True when ``exact`` lies within ``z`` standard errors (generous: rarely wrong)."""
        return abs(float(exact) - self.mean) <= z * max(self.stderr, 1e-12)

    def __str__(self) -> str:
        return str(self.words())

    def words(self) -> Message:
        """The estimate as a learner reads it: "0.4213 ± 0.0035 (standard error, 20,000 trials)"."""
        return msg(
            "{mean} ± {stderr} (standard error, {trials} trials)",
            mean=num(self.mean, 4),
            stderr=num(self.stderr, 4),
            trials=num(self.trials),
        )


def monte_carlo(trial: Callable[[random.Random], float], trials: int, seed: int | str) -> Estimate:
    """Run ``trial(rng)`` ``trials`` times from one seeded generator; mean and standard error.

    ``trial`` returns a number (a bool counts as 0/1), so the same helper estimates probabilities
    and expected values.
    """
    if trials < 2:
        raise ValueError("a Monte Carlo estimate needs at least 2 trials")
    rng = random.Random(seed)
    total = total_sq = 0.0
    for _ in range(trials):
        x = float(trial(rng))
        total += x
        total_sq += x * x
    mean = total / trials
    variance = max(total_sq / trials - mean * mean, 0.0) * trials / (trials - 1)
    return Estimate(mean, math.sqrt(variance / trials), trials, seed)


@dataclass(frozen=True)
class Counted:
    """An exact probability with the counting argument a student can follow by hand."""

    question: str | Message
    probability: Fraction
    favourable: int
    total: int
    argument: str | Message


def pair_in_first_two(deck: Deck) -> Counted:
    """P(the first two cards dealt share a rank), counted over all C(N, 2) pairs of positions.

    Jokers and the Keystone have no rank, so they never make a pair.  For Pyramid the "rank" is
    the level, the property a pyramid is built from.
    """
    groups = Counter(card.rank for card in deck.cards() if not card.is_extra)
    by_size = Counter(groups.values())
    total = math.comb(len(deck), 2)
    favourable = sum(math.comb(n, 2) for n in groups.values())
    terms = " + ".join(
        f"{count} × C({size},2)" if count > 1 else f"C({size},2)"
        for size, count in sorted(by_size.items(), reverse=True)
    )
    probability = Fraction(favourable, total)
    values = {
        "size": len(deck),
        "total": num(total),
        "terms": terms,
        "favourable": num(favourable),
        "fraction": str(probability),
        "decimal": num(float(probability), 4),
    }
    if deck.name == "pyramid":
        argument = msg(
            "There are C({size},2) = {total} equally likely pairs of cards. Pairs of the same "
            "level: {terms} = {favourable}. So P = {favourable}/{total} = {fraction} ≈ {decimal}.",
            **values,
        )
        question = msg("The first two cards of the {deck} have the same level", deck=deck.title)
    else:
        argument = msg(
            "There are C({size},2) = {total} equally likely pairs of cards. Pairs of the same "
            "rank: {terms} = {favourable}. So P = {favourable}/{total} = {fraction} ≈ {decimal}.",
            **values,
        )
        question = msg("The first two cards of the {deck} have the same rank", deck=deck.title)
    return Counted(question, probability, favourable, total, argument)


def simulate_pair_in_first_two(deck: Deck, trials: int, seed: int | str) -> Estimate:
    """The same question by seeded simulation, to check the count and show sampling error."""
    cards = deck.cards()

    def trial(rng: random.Random) -> bool:
        a, b = rng.sample(cards, 2)
        return not a.is_extra and not b.is_extra and a.rank == b.rank

    return monte_carlo(trial, trials, seed)


@stored
def simulate_pairs(trials: int, seed: int | str) -> dict[str, Estimate]:
    """`simulate_pair_in_first_two` for every deck, by name (stored for the decks lesson's call:
    140,000 trials would take a second and a half at every page load)."""
    return {name: simulate_pair_in_first_two(deck, trials, seed) for name, deck in DECKS.items()}


def format_fraction(value: Fraction) -> str:
    """``1/4`` style (a Fraction is always in lowest terms); whole numbers without ``/1``."""
    if value.denominator == 1:
        return str(value.numerator)
    return f"{value.numerator}/{value.denominator}"
