"""Dou Dizhu odds: exact bomb/rocket counts checked independently, the table by two methods, card
counting against brute force, and the legal-play counts of a full deck under both rulesets."""

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest

from cardlab.core.bots import RandomBot
from cardlab.core.cards import STANDARD54
from cardlab.games.doudizhu import KIND_NAMES, legal_plays, new_game, observe
from cardlab.games.doudizhu.combos import all_combos, combo_beats, counts_of
from cardlab.games.doudizhu.odds import (
    can_beat,
    count_hands_without_bomb,
    counting_odds,
    four_two_singles,
    hand_odds,
    play_counts,
    rank_patterns,
    simulate_table,
    single_wings,
    table_odds,
    unseen_counts,
    wing_rows,
)


# -- legal plays of a full deck (the acceptance figures) ----------------------------------
def test_distinct_legal_plays_of_a_full_deck_under_both_rulesets():
    for ruleset, total in (("cardavia", 24_639), ("pagat", 12_654)):
        plays = legal_plays(STANDARD54.cards(), None, ruleset)
        assert len(plays) == total
        assert len(set(plays)) == total  # distinct
        counts = play_counts(ruleset)
        assert counts.total == total
        assert counts.by_kind == {k: Counter(p.kind for p in plays)[k] for k in KIND_NAMES}


def test_per_type_counts_by_hand():
    c, p = play_counts("cardavia").by_kind, play_counts("pagat").by_kind
    same = {"solo": 15, "pair": 13, "trio": 13, "bomb": 13, "rocket": 1, "straight": 36,
            "pair_run": 52, "airplane": 45, "trio_solo": 13 * 14, "trio_pair": 13 * 12,
            "four_two_pair": 13 * math.comb(12, 2), "airplane_pair": 2939}  # fmt: skip
    for kind, n in same.items():
        assert c[kind] == p[kind] == n, kind
    # straights: 8 lengths (5-12), 13 - L windows each; pair runs 3-10 pairs; airplanes 2-6 trios
    assert sum(12 - n + 1 for n in range(5, 13)) == 36
    assert sum(12 - n + 1 for n in range(3, 11)) == 52
    assert sum(12 - n + 1 for n in range(2, 7)) == 45
    # only the single-attachment types differ, and the generating functions explain them
    assert {k for k in KIND_NAMES if c[k] != p[k]} == {"airplane_solo", "four_two_solo"}
    assert c["four_two_solo"] == four_two_singles("cardavia") == 13 * 102
    assert p["four_two_solo"] == four_two_singles("pagat") == 13 * 90
    assert c["airplane_solo"] == sum(r[4] for r in wing_rows()) == 18_990
    assert p["airplane_solo"] == sum(r[5] for r in wing_rows()) == 7_161
    assert single_wings(2, "cardavia") == 88 and single_wings(2, "pagat") == 77  # spec D3


# -- one hand -------------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [17, 20])
def test_hand_odds_agree_with_the_generating_function(n):
    h = hand_odds(n)
    assert h.hands == math.comb(54, n)
    assert h.hands - h.bomb_hands == count_hands_without_bomb(n)
    assert h.rocket == Fraction(n * (n - 1), 54 * 53)
    assert h.either == h.bomb + h.rocket - h.both
    assert all(isinstance(x, Fraction) for x in (h.bomb, h.rocket, h.either))
    assert "inclusion-exclusion" in " ".join(map(str, h.argument))


def test_known_values():
    assert hand_odds(17).rocket == Fraction(136, 1431)
    assert hand_odds(20).rocket == Fraction(190, 1431)
    assert 0.09 < hand_odds(17).bomb < 0.10 and 0.18 < hand_odds(20).bomb < 0.20
    assert hand_odds(20).either > hand_odds(17).either


@pytest.mark.parametrize("n", [5, 8, 9])
def test_small_hands_by_direct_enumeration(n):
    """Every rank pattern of an n-card hand, weighted by its C(4, x) suit choices: no
    inclusion-exclusion involved."""
    caps = [4] * 13 + [1, 1]
    bomb = rocket = both = total = 0

    def walk(r, left, counts, ways):
        nonlocal bomb, rocket, both, total
        if r == 15:
            if left == 0:
                b = any(counts[i] == 4 for i in range(13))
                k = counts[13] == counts[14] == 1
                total += ways
                bomb += ways * b
                rocket += ways * k
                both += ways * (b and k)
            return
        for x in range(min(caps[r], left) + 1):
            walk(r + 1, left - x, [*counts, x], ways * math.comb(caps[r], x))

    walk(0, n, [], 1)
    h = hand_odds(n)
    assert (total, bomb, rocket, both) == (h.hands, h.bomb_hands, h.rocket_hands, h.both_hands)


# -- the table ----------------------------------------------------------------------------------
def test_table_odds_exact_agrees_with_the_simulation():
    exact = table_odds((20, 17, 17)).probability
    est = simulate_table(3_000, seed="test")
    assert est.agrees_with(exact)
    # one player alone: the table formula reduces to the single hand
    assert table_odds((17,)).probability == hand_odds(17).either
    assert table_odds((20,)).probability == hand_odds(20).either


def test_table_odds_for_two_small_hands_by_brute_force():
    """Two 2-card hands from a 6-card deck would be nicer, but the deck is fixed: check the
    rocket-only case of two 2-card hands instead, where only the rocket is possible."""
    p = table_odds((2, 2)).probability
    deals = math.comb(54, 2) * math.comb(52, 2)
    rocket = 2 * math.comb(52, 2)  # the rocket is one player's whole hand
    assert p == Fraction(rocket, deals)


# -- card counting --------------------------------------------------------------------------------
def played_out(seed):
    return new_game(seed).play_out({s: RandomBot(f"{seed}:{s}") for s in range(3)})


def brute_force(view, table):
    """Every way to hand the unseen cards (as distinct cards) to the two others."""
    unseen, known, sizes = unseen_counts(view)
    pool = [r for r, n in enumerate(unseen) for _ in range(n)]
    n_a = sizes[0] - sum(known[0])
    total = 0
    hits = Counter()
    for chosen in combinations(range(len(pool)), n_a):
        a = list(known[0])
        b = list(known[1])
        taken = set(chosen)
        for i, r in enumerate(pool):
            (a if i in taken else b)[r] += 1
        total += 1

        def bomb(h):
            return any(h[r] == 4 for r in range(13)) or (h[13] and h[14])

        hits["bomb"] += bomb(a) or bomb(b)
        if table is not None:
            hits["beat"] += can_beat(tuple(a), table) or can_beat(tuple(b), table)
    return Fraction(hits["bomb"], total), Fraction(hits["beat"], total) if table else None, total


@pytest.mark.parametrize("seed", [1, 2, 4])  # deals the random bots play to few unseen cards
def test_counting_odds_match_brute_force_late_in_a_deal(seed):
    replay = played_out(seed)
    checked = 0
    for step in range(len(replay), 0, -1):
        state = replay.state_at(step)
        if state.phase != "play":
            continue
        view = observe(state, state.to_move)
        unseen, _known, _sizes = unseen_counts(view)
        if sum(unseen) > 14:
            break
        odds = counting_odds(view)
        bomb, beat, total = brute_force(view, state.table)
        assert odds.splits == total
        assert odds.bomb[2] == bomb
        if state.table is not None:
            assert odds.exact and odds.beat_exact[2] == beat
        checked += 1
    assert checked


def test_counting_odds_see_only_the_seat_s_view():
    replay = played_out(5)
    state = next(replay.state_at(i) for i in range(len(replay)) if replay.state_at(i).phase ==
                 "play")  # fmt: skip
    view = observe(state, state.to_move)
    unseen, known, _sizes = unseen_counts(view)
    mine = len(view.hands[view.seat])
    # before any card is played: everything but my hand (and the shown bottom) is unseen
    shown = sum(map(sum, known))
    assert sum(unseen) == 54 - mine - shown
    odds = counting_odds(view)
    assert 0 < odds.bomb[2] < 1 and odds.beat is None  # leading: nothing to beat
    with pytest.raises(ValueError, match="one seat"):
        counting_odds(observe(state, None))


def test_early_beat_odds_are_a_labelled_seeded_estimate():
    replay = played_out(4)
    step = next(i for i in range(len(replay)) if replay.state_at(i).table is not None)
    state = replay.state_at(step)
    view = observe(state, state.to_move)
    odds = counting_odds(view, trials=200, seed=1)
    assert rank_patterns(odds.unseen, odds.sizes[0]) > 6_000
    assert not odds.exact and odds.beat_trials == 200
    assert "estimate" in " ".join(map(str, odds.lines()))
    assert counting_odds(view, trials=200, seed=1).beat == odds.beat  # seeded


def test_can_beat_agrees_with_legal_plays():
    rng = random.Random(0)
    deck = STANDARD54.cards()
    for _ in range(300):
        hand = counts_of(rng.sample(deck, rng.choice([3, 6, 10, 17])))
        table = rng.choice(legal_plays(counts_of(rng.sample(deck, 12))))
        for ruleset in ("cardavia", "pagat"):
            slow = len(legal_plays(hand, table, ruleset)) > 1
            assert can_beat(hand, table, ruleset) == slow, (hand, table)
            # and both agree with every combination of the hand, filtered by the rule itself
            every = any(combo_beats(play, table) for play in all_combos(hand, ruleset))
            assert every == slow, (hand, table)
