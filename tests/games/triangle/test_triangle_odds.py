"""Triangle odds: the posterior against brute-force counting, the spec's worked examples, the
exact first-round table and the seeded by-round simulation."""

import math
from collections import Counter
from fractions import Fraction
from itertools import permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from triangle_positions import dealt, random_position, unseen_cards

from cardlab.games.triangle import GAME, STATEMENTS
from cardlab.games.triangle.odds import (
    best_statement,
    first_round_table,
    posterior,
    statement_odds,
    value_by_round,
)
from cardlab.games.triangle.rules import DECK, PENALTY, parse_statement


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.floats(0, 1, exclude_max=True), remember=st.booleans())
def test_statement_odds_match_brute_force(seed, pick, remember):
    state = random_position(seed, pick)
    for seat in range(3):
        view = GAME.observe(state, seat)
        unseen = unseen_cards(state, seat, remember)
        assert state.cards[seat] in unseen  # the own card is always among the candidates
        peers = tuple(c for s, c in enumerate(state.cards) if s != seat)
        odds = {o.statement: o for o in statement_odds(view, remember=remember)}
        for statement in STATEMENTS:
            hits = sum(statement.is_true(card, peers) for card in unseen)
            assert odds[statement].p_true == Fraction(hits, len(unseen)), statement
            assert (odds[statement].favourable, odds[statement].unseen) == (hits, len(unseen))
        assert best_statement(view, remember=remember) == max(
            statement_odds(view, remember=remember), key=lambda o: (o.net, o.statement.points)
        )
        ranks = Counter(c.rank for c in unseen)
        assert posterior(view, remember) == {r: Fraction(ranks[r], len(unseen)) for r in "A23456"}


def odds_of(view, code):
    return {o.statement: o for o in statement_odds(view)}[parse_statement(code)]


def test_worked_example_1_peers_2_and_6():
    """§6.1: peers 2 and 6, RtS 4: S1 certain, S3 impossible, S4 6/21, S5 (A, 3 or 5) 4/21."""
    view = GAME.observe(
        dealt({0: "3c", 1: "2h", 2: "6s"}, "4d", ("no_claim",) * 2 + ("claim",)).state, 0
    )
    assert view.phase == "state" and view.rts is not None
    assert odds_of(view, "S1 even").p_true == 1 and odds_of(view, "S1 even").net == 1
    assert odds_of(view, "S3").p_true == 0
    assert odds_of(view, "S4").p_true == Fraction(6, 21)
    for rank in "A35":
        assert odds_of(view, f"S5 {rank}").p_true == Fraction(4, 21)
    assert best_statement(view).statement == parse_statement("S1 even")


def test_worked_example_2_peers_ace_and_2():
    """§6.2: peers A and 2, RtS 3: S3 true for 15 of 21; gain 3*15/21, given 3*6/21, net."""
    view = GAME.observe(
        dealt({0: "5c", 1: "Ah", 2: "2s"}, "3d", ("no_claim",) * 2 + ("claim",)).state, 0
    )
    s3 = odds_of(view, "S3")
    assert (s3.favourable, s3.unseen, s3.p_true) == (15, 21, Fraction(15, 21))
    assert s3.gain == 3 * Fraction(15, 21) and round(float(s3.gain), 2) == 2.14
    assert s3.given == PENALTY * Fraction(6, 21) and round(float(s3.given), 2) == 0.86
    assert s3.net == Fraction(9, 7) and round(float(s3.net), 2) == 1.29
    assert best_statement(view) == s3


def test_remember_false_ignores_earlier_rounds():
    state = next(
        st for seed in range(100) if len((st := random_position(seed, 0.5)).turn_rounds()) >= 2
    )
    for seat in range(3):
        view = GAME.observe(state, seat)
        in_view = 2 + (state.speaker == seat)
        assert len(view.known) > in_view
        assert statement_odds(view, remember=False)[0].unseen == 24 - in_view
        assert statement_odds(view)[0].unseen == 24 - len(view.known)


def test_first_round_table_probabilities_and_free_point():
    table = first_round_table()
    assert len(table.rows) == 21  # 6 pairs of equal ranks, 15 of different ranks
    assert sum(r.probability for r in table.rows) == 1
    # S1 is certain when both peers are even or both odd: 2 * C(12,2) of C(24,2) hands
    expected = Fraction(2 * math.comb(12, 2), math.comb(24, 2))
    assert expected == Fraction(11, 23)
    assert table.p_s1_certain == expected
    assert sum(r.probability for r in table.rows if r.s1_free) == expected
    for row in table.rows:
        if row.s1_free:
            assert row.best.net >= 1
        assert row.best.unseen == 22
    a2 = next(r for r in table.rows if r.peers == ("A", "2"))
    assert a2.best.statement == parse_statement("S3") and a2.best.p_true == Fraction(16, 22)
    assert a2.best.net == Fraction(15, 11)


def brute_best_net(peer_cards, unseen):
    """The best net value by counting physical cards (no odds code)."""
    a, b = peer_cards
    nets = []
    for s in STATEMENTS:
        p = Fraction(sum(s.is_true(x, (a, b)) for x in unseen), len(unseen))
        nets.append(s.points * p - PENALTY * (1 - p))
    return max(nets)


def test_first_round_averages_by_brute_force():
    """Every ordered pair of peer cards (and every RtS after it), counted card by card."""
    deck = DECK.cards()
    cache = {}

    def best(seen):
        key = (*sorted(c.rank for c in seen), seen[0].rank, seen[1].rank)
        if key not in cache:
            unseen = list(deck)
            for c in seen:
                unseen.remove(c)
            cache[key] = brute_best_net(seen[:2], unseen)
        return cache[key]

    pairs = list(permutations(deck, 2))
    before = sum(best(list(p)) for p in pairs) / len(pairs)
    triples = [(a, b, r) for a, b in pairs for r in deck if r not in (a, b)]
    after = sum(best(list(t)) for t in triples) / len(triples)
    table = first_round_table()
    assert table.mean_best_net == before
    assert table.mean_best_net_after_rts == after
    assert table.mean_claim_value == sum(max(best(list(p)), 0) for p in pairs) / len(pairs)
    assert table.mean_best_net_after_rts > table.mean_best_net  # seeing the RtS helps


def test_value_by_round_is_seeded_and_memory_pays():
    remembered = value_by_round(3000, seed=11, remember=True)
    assert remembered == value_by_round(3000, seed=11, remember=True)
    forgot = value_by_round(3000, seed=11, remember=False)
    assert [r.number for r in remembered] == [1, 2, 3, 4, 5, 6]
    # round 1: nothing to remember yet, so both players are the same, and match the exact table
    assert remembered[0] == forgot[0]
    exact = first_round_table()
    assert remembered[0].actual.agrees_with(exact.mean_best_net)
    assert remembered[0].claim.agrees_with(exact.mean_claim_value)
    # the remembering player's claims grow in value over the turn; the forgetful one's do not
    assert remembered[5].actual.mean > remembered[0].actual.mean + 0.5
    assert remembered[5].actual.mean > forgot[5].actual.mean + 0.5
    for r in remembered:
        assert r.believed == r.actual
    assert value_by_round(3000, seed=12, remember=True) != remembered
