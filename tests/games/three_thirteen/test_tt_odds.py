"""Three Thirteen odds: exact round-1 fractions, the advisor, the shortcuts, the simulation."""

import itertools
import math
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from cardlab.games.three_thirteen.melds import can_go_out, is_meld, min_deadwood, penalty_value
from cardlab.games.three_thirteen.odds import (
    ROUND_ONE_MELD,
    advise,
    deck_cards,
    estimate_keep_value,
    isolated,
    keep_value,
    round_one_odds,
    round_one_under,
    simulate_rounds,
    stock_outlook,
)
from cardlab.games.three_thirteen.rules import DECK

ONE_DECK = DECK.cards()


def test_round_one_dealt_meld_by_brute_force():
    one = round_one_odds(1)
    melding = [h for h in itertools.combinations(ONE_DECK, 3) if is_meld(h, "3")]
    assert one.dealt_meld == Fraction(len(melding), math.comb(52, 3)) == Fraction(241, 5525)
    # two decks: every triple of the 104 physical cards, meld test cached by card multiset
    pack = ONE_DECK * 2
    cache = {}
    count = 0
    for idx in itertools.combinations(range(104), 3):
        key = tuple(sorted(pack[i] for i in idx))
        if key not in cache:
            cache[key] = is_meld(key, "3") is not None
        count += cache[key]
    assert round_one_odds(2).dealt_meld == Fraction(count, math.comb(104, 3))
    assert round_one_odds(2).dealt_meld == Fraction(1099, 22763)


@pytest.mark.parametrize("aces", ["low", "high_or_low"])
def test_a_limit_of_three_wild_cards_or_more_never_binds_in_round_one(aces):
    """`round_one_under` reads the figures of no limit for such a limit (the rules row's
    4-13 cost no count): counting under the limit gives the same, and a limit of 2 binds."""
    counted = round_one_odds.compute(1, aces, ROUND_ONE_MELD)
    assert round_one_under(1, aces, ROUND_ONE_MELD) == counted
    assert round_one_under(1, aces, 13) == replace(counted, max_wilds=13)
    assert round_one_under(1, aces, 2) != replace(counted, max_wilds=2)


def test_round_one_going_out_after_one_stock_draw_by_brute_force():
    """A 3-card hand plus a stock card is a random 4-card hand: count those holding a meld."""
    melding = [frozenset(h) for h in itertools.combinations(ONE_DECK, 3) if is_meld(h, "3")]
    fours = {m | {c} for m in melding for c in ONE_DECK if c not in m}
    assert round_one_odds(1).out_after_stock == Fraction(len(fours), math.comb(52, 4))
    assert round_one_odds(1).out_after_stock == Fraction(34897, 270725)


def test_first_player_odds_against_a_seeded_simulation():
    exact = float(round_one_odds(1).out_first_player)
    rng = random.Random(7)
    trials = 6000
    hits = 0
    for _ in range(trials):
        hand = rng.sample(ONE_DECK, 5)
        three, up, stock = hand[:3], hand[3], hand[4]
        hits += can_go_out([*three, up], "3")[0] or can_go_out([*three, stock], "3")[0]
    sd = math.sqrt(exact * (1 - exact) / trials)
    assert abs(hits / trials - exact) < 4 * sd
    assert round_one_odds(1).out_after_stock < exact < 2 * round_one_odds(1).out_after_stock


def test_advisor_on_the_spec_hand():
    """Spec hand 5h 6h 8h Kd Ks 7c 2c plus a drawn Qc, sevens wild: discard the Qc, deadwood 21."""
    hand = DECK.parse("5h 6h 8h Kd Ks 7c 2c Qc")
    advice = advise(hand, "7", gone="4d 9s")
    best = advice.best
    assert best.card == DECK.parse_card("Qc") and best.deadwood == 21
    assert advice.unseen == 52 - 8 - 2 and not advice.go_out_now
    # the go-out chance, counted card by card
    rest = [c for c in hand if c != best.card]
    unseen = deck_cards(1) - Counter(hand) - Counter(DECK.parse("4d 9s"))
    good = sum(n for c, n in unseen.items() if can_go_out([*rest, c], "7")[0])
    assert best.outlook.go_out_count == good
    assert best.outlook.p_go_out == Fraction(good, 42)
    # knowing more cards are gone changes the denominator
    assert advise(hand, "7").unseen == 44
    assert "Discard the Qc" in str(advice.summary()) and "unseen cards" in str(advice.summary())
    # each choice's deadwood is the solver's
    for choice in advice.choices:
        rest = [c for c in hand if c != choice.card]
        assert choice.deadwood == min_deadwood(rest, "7")[0]


def test_advisor_says_go_out():
    advice = advise("5h 6h 7h 8h", "3")
    assert advice.go_out_now and str(advice.summary()).startswith("Go out discarding")


def test_shortcuts_agree_with_the_exact_values():
    rng = random.Random(3)
    for _ in range(60):
        n = rng.choice([3, 5, 7, 9])
        wild = {3: "3", 5: "5", 7: "7", 9: "9"}[n]
        drawn = rng.sample(ONE_DECK, n + 2)
        hand, card = drawn[:n], drawn[n]
        exact, _ = keep_value([*hand, card], wild)
        assert estimate_keep_value([*hand, card], wild) >= exact
        if isolated(card, hand, wild):
            spare, _ = keep_value(hand, wild)
            now = min_deadwood(hand, wild)[0]
            assert exact == min(now, penalty_value(card) + spare)


def test_stock_outlook_exact_matches_brute_force():
    hand = DECK.parse("5h 6h 9c Kd")
    unseen = deck_cards(1) - Counter(hand)
    outlook = stock_outlook(hand, "4", unseen)
    values = [keep_value([*hand, c], "4")[0] for c in unseen]
    assert outlook.expected_deadwood == sum(values) / len(values)
    assert outlook.go_out_count == sum(v == 0 for v in values)


def test_simulation_is_seeded_and_plausible():
    a = simulate_rounds(1, samples=300, seed=4, rounds=[1, 5])
    assert a == simulate_rounds(1, samples=300, seed=4, rounds=[1, 5])
    first = a[0]
    assert first.round == 1 and first.hand_size == 3 and first.wild == "3"
    exact = float(round_one_odds(1).dealt_meld)
    assert abs(first.p_melded - exact) < 4 * math.sqrt(exact * (1 - exact) / 300)
    assert a[1].mean_deadwood > first.mean_deadwood
