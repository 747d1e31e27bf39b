"""Dou Dizhu's engine: the spec's worked and scoring examples, bidding, play, and invariants."""

from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.cards import STANDARD54
from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import Message
from cardlab.games import doudizhu as dd
from cardlab.games.doudizhu import GAME, PASS, beats, classify, legal_plays, parse, settle
from cardlab.games.doudizhu.combos import all_combos, counts_of

CLASSIFY = [
    ("3 4 5 6 7", "cardavia", ["Straight, length 5, high 7"]),
    ("T J Q K A 2", "cardavia", []),
    ("3 3 4 4", "cardavia", []),
    ("3 3 3 4 4 4 9 9", "cardavia", ["Airplane + single wings, 2 trios 3-4"]),
    ("3 3 3 4 4 4 9 9", "pagat", []),
    ("3 3 3 4 4 4 BJ RJ", "cardavia", []),
    ("3 3 3 4 4 4 3 5", "cardavia", []),
    ("3 3 3 4 4 4 9 9 9 9", "cardavia", []),
    ("5 5 5 5 3 3", "cardavia", ["Four of 5s + two singles"]),
    ("5 5 5 5 3 3", "pagat", []),
    ("5 5 5 5 BJ RJ", "cardavia", []),
    ("2 2 2 A A A", "cardavia", []),
    ("K K K A A A 2 2", "cardavia", ["Airplane + single wings, 2 trios K-A"]),
    ("K K K A A A 2 2", "pagat", []),
    ("BJ RJ", "cardavia", ["Rocket (both jokers)"]),
    ("7 7 7 7", "pagat", ["Bomb of 7s"]),
    ("3 3 4 4 5 5", "pagat", ["Pair run, length 3, high 5"]),
    ("8 8 8 9 9 9 T T T", "cardavia", ["Airplane, 3 trios 8-10"]),
    ("8 8 8 9 9 9 3 3 4 4", "pagat", ["Airplane + pair wings, 2 trios 8-9"]),
    ("6 6 6 6 9 9 J J", "pagat", ["Four of 6s + two pairs"]),
]


@pytest.mark.parametrize(("cards", "ruleset", "names"), CLASSIFY)
def test_worked_classification_examples(cards, ruleset, names):
    assert [str(c.name) for c in classify(parse(cards), ruleset)] == names


@pytest.mark.parametrize(
    ("play", "table", "expected"),
    [
        ("4 5 6 7 8", "3 4 5 6 7", True),
        ("4 5 6 7 8 9", "3 4 5 6 7", False),
        ("3 3 3 3", "A A A 2 2", True),
        ("3 3 3 3", "K K K K 2 2", True),
        ("BJ RJ", "2 2 2 2", True),
        ("Q Q Q K K K 2 2", "J J J Q Q Q A 3", True),
        ("5 5", "5 5", False),
        ("7", "7", False),
        ("2 2 2 2", "BJ RJ", False),
        ("4 4 4 4", "3 3 3 3", True),
        ("K K K K 2 2", "Q Q Q Q 3 4", True),
    ],
)
def test_worked_beating_examples(play, table, expected):
    assert beats(parse(play), parse(table)) is expected


@pytest.mark.parametrize(
    ("args", "landlord", "farmer"),
    [
        ((2, 1, 0, True, False, True), 16, -8),
        ((3, 2, 1, False, False, False), -48, 24),
        ((1, 0, 0, False, True, False), -4, 2),
    ],
)
def test_scoring_examples(args, landlord, farmer):
    result = settle(*args)
    assert (result.landlord, result.farmer) == (landlord, farmer)
    assert result.landlord + 2 * result.farmer == 0
    assert f"unit = {args[0]} x {result.multiplier} = {result.unit}" in result.arithmetic


def test_settle_refuses_impossible_deals():
    with pytest.raises(ValueError, match="bid"):
        settle(4, 0, 0, False, False, True)
    with pytest.raises(ValueError, match="spring"):
        settle(1, 0, 0, True, False, False)


def test_the_wing_rule_check_of_the_spec_77_and_88():
    table = classify(parse("Q Q Q K K K 3 4"))[0]
    for ruleset, expected in (("pagat", 77), ("cardavia", 88)):
        plays = legal_plays(STANDARD54.cards(), table, ruleset)
        assert sum(1 for p in plays if p != PASS and p.kind == "airplane_solo") == expected


def test_distinct_legal_plays_over_a_full_deck():
    counts = {
        rs: Counter(p.kind for p in legal_plays(STANDARD54.cards(), None, rs)) for rs in dd.RULESETS
    }
    assert sum(counts["cardavia"].values()) == 24_639
    assert sum(counts["pagat"].values()) == 12_654
    # only the wing rules differ: single-wing airplanes and four + two singles
    differ = {k for k in counts["cardavia"] if counts["cardavia"][k] != counts["pagat"][k]}
    assert differ == {"airplane_solo", "four_two_solo"}
    assert counts["cardavia"]["four_two_solo"] == 13 * (90 + 12)
    assert counts["pagat"]["four_two_solo"] == 13 * 90
    assert counts["pagat"]["straight"] == sum(13 - n for n in range(5, 13))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(dd.RULESETS))
def test_every_legal_play_classifies_back_to_itself(seed, ruleset):
    import random

    rng = random.Random(seed)
    hand = rng.sample(STANDARD54.cards(), rng.choice((17, 20)))
    for combo in all_combos(counts_of(hand), ruleset):
        assert combo in classify(combo.counts, ruleset)


def dealt_to_play(seed, ruleset="cardavia"):
    """The deal at its first play (or over: every deal thrown in, `MAX_DEALS` times)."""
    replay = dd.new_game(seed, ruleset=ruleset)
    bots = {s: RandomBot(f"{seed}/{s}") for s in range(3)}
    while replay.state.phase not in ("play", "over"):
        seat = replay.current_player
        replay = replay.append(bots[seat].choose(None, GAME.legal_actions(replay.state)).action)
        replay = replay.resolve_chance()
    return replay


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(dd.RULESETS), st.integers(0, 40))
def test_legal_plays_are_accepted_and_everything_else_refused(seed, ruleset, steps):
    replay = dealt_to_play(seed, ruleset)
    bots = {s: RandomBot(f"x{seed}/{s}") for s in range(3)}
    for _ in range(steps):
        if replay.is_terminal:
            return
        seat = replay.current_player
        replay = replay.append(bots[seat].choose(None, GAME.legal_actions(replay.state)).action)
    state = replay.state
    if GAME.is_terminal(state):
        return
    hand = state.hands[state.to_move]
    legal = legal_plays(hand, state.table, ruleset)
    legal_counts = {p.counts for p in legal if p != PASS}
    for play in legal:
        new, _ = GAME.apply(state, play)
        assert new != state
    # every other rank pattern the hand could form is refused with a reason
    import itertools

    ranks = sorted({c.rank for c in hand})
    for r in range(1, 4):
        for chosen in itertools.combinations(ranks, r):
            action = "play " + " ".join(chosen)
            if counts_of(parse(" ".join(chosen))) in legal_counts:
                continue
            reason = GAME.why_illegal(state, action)
            assert reason and isinstance(reason, str | Message) and str(reason)
            with pytest.raises(IllegalMove):
                GAME.apply(state, action)


def lead_state(hand, ruleset="cardavia", table=None, last=1):
    """A play-phase state where Player 1 (the landlord) holds ``hand`` and must act."""
    cards = _physical(hand)
    others = [c for c in STANDARD54.cards() if c not in cards]
    state = GAME.initial_state(ruleset=ruleset)
    return replace(
        state,
        stock=(),
        hands=(cards, tuple(others[:17]), tuple(others[17:34])),
        bottom=tuple(others[34:37]),
        first_bidder=0,
        bids=((0, 3),),
        landlord=0,
        to_move=0,
        table=table,
        last_player=last if table else None,
    )


def _physical(text):
    pool = list(STANDARD54.cards())
    out = []
    for card in parse(text):
        match = next(c for c in pool if c.rank == card.rank)
        pool.remove(match)
        out.append(match)
    return tuple(out)


@pytest.mark.parametrize(
    ("hand", "action", "table", "reason"),
    [
        ("T J Q K A 2 3", "play T J Q K A 2", None, "a straight cannot contain a 2"),
        (
            "3 3 3 3 4 4 4 5",
            "play 3 3 3 4 4 4 3 5",
            None,
            "wings may not use a rank of the airplane",
        ),
        ("3 3 3 4 4 4 BJ RJ", "play 3 3 3 4 4 4 BJ RJ", None, "wings may not be both jokers"),
        ("3 3 4 4 9", "play 3 3 4 4", None, "a pair run needs at least 3 pairs"),
        (
            "4 5 6 7 8 9",
            "play 4 5 6 7 8 9",
            "3 4 5 6 7",
            "a 6-card straight cannot beat a 5-card straight",
        ),
        ("5 5 9", "play 5 5", "5 5", "the main rank must be strictly higher"),
        ("5 5 9", "pass", None, "you are leading"),
        ("5 5 9", "play 9 9", None, "you do not hold 9"),
        ("5 5 5 5 3 3", "play 5 5 5 5 3 3", None, None),
        ("2 BJ 5", "play 2 BJ", None, "a pair needs two cards of the same rank (a joker"),
        (
            "3 3 3 4 4 4 9 9 9 9",
            "play 3 3 3 4 4 4 9 9 9 9",
            None,
            "pair wings must be of different",
        ),
        ("6 6 6 6 3 3 BJ RJ", "play 6 6 6 6 3 3 BJ RJ", None, "a four may not be both jokers"),
        (
            "3 3 3 4 4 4 5 5 5 9 9 9",
            "play 3 3 3 4 4 4 5 5 5 9 9 9",
            None,
            "may not include a triple",
        ),
        ("2 2 2 A A A", "play 2 2 2 A A A", None, "an airplane cannot contain a 2"),
        (
            "3 3 3 4 4 4 9 J",
            "play 3 3 3 4 4 4 9 J",
            "5 5 5 6 6 6",
            "an Airplane + single wings cannot beat an Airplane: play the same type",
        ),
        (
            "3 4 5 6 7 8 9 T",
            "play 3 4 5 6 7 8 9 T",
            "5 6 7 8 9 T J Q K A",
            "an 8-card straight cannot beat a 10-card straight",
        ),
        (
            "3 4 5 6 7 8 9 T J K",
            "play 3 4 5 6 7 8 9 T J",
            "4 5 6 7 8 9 T J Q K A",
            "a 9-card straight cannot beat an 11-card straight",
        ),
        ("3 3 3 9", "play 3 3 3 9 as airplane_solo", None, "these cards are not an Airplane"),
    ],
)
def test_refusals_in_a_learners_words(hand, action, table, reason):
    table_combo = classify(parse(table))[0] if table else None
    state = lead_state(hand, table=table_combo)
    got = GAME.why_illegal(state, action)
    got = None if got is None else str(got)
    if reason is None:
        assert got is None
    else:
        assert got is not None and reason in got
        with pytest.raises(IllegalMove):
            GAME.apply(state, action)


def test_pagat_wing_refusal_names_the_rule():
    state = lead_state("3 3 3 4 4 4 9 9", ruleset="pagat")
    assert "different ranks" in str(GAME.why_illegal(state, "play 3 3 3 4 4 4 9 9"))


@pytest.mark.parametrize("ruleset", dd.RULESETS)
def test_every_play_of_a_full_deck_classifies_back_to_itself(ruleset):
    for combo in legal_plays(STANDARD54.cards(), None, ruleset):
        assert classify(combo.counts, ruleset) == [combo]


@pytest.mark.parametrize("ruleset", dd.RULESETS)
def test_no_rank_pattern_has_two_readings_under_these_wing_rules(ruleset):
    """The spec allows for ambiguous sets; with its wing restrictions none exist (so a play
    never needs 'as <kind>'), but a stated kind must still match the cards."""
    combos = all_combos(counts_of(STANDARD54.cards()), ruleset)
    assert len({c.counts for c in combos}) == len(combos)
    state = lead_state("3 4 5 6 7 9")
    assert "not a Pair" in str(GAME.why_illegal(state, "play 3 4 5 6 7 as pair"))
    assert GAME.why_illegal(state, "play 3 4 5 6 7 as straight") is None
    assert "not a combination type" in str(GAME.why_illegal(state, "play 3 4 5 6 7 as snake"))


def bid_to(state, *actions):
    for action in actions:
        state, event = GAME.apply(state, action)
    return state, event


@pytest.fixture
def dealt():
    return dd.new_game(11).state


def test_bidding_ends_at_three_and_the_landlord_takes_the_bottom(dealt):
    first = dealt.to_move
    state, event = bid_to(dealt, "bid 1", "bid 3")
    landlord = (first + 1) % 3
    assert state.landlord == landlord and state.phase == "play" and state.to_move == landlord
    assert len(state.hands[landlord]) == 20 and set(dealt.bottom) <= set(state.hands[landlord])
    assert "landlord for a bid of 3" in event.narration
    assert GAME.observe(state, (landlord + 1) % 3).bottom == dealt.bottom


def test_two_passes_after_a_bid_end_bidding_and_a_passer_may_bid_again(dealt):
    first = dealt.to_move
    state, _ = bid_to(dealt, "pass", "bid 1")
    assert state.phase == "bid" and "bid 2" in GAME.legal_actions(state)
    state, _ = bid_to(state, "pass")
    assert state.phase == "bid"  # one pass after the bid: the first player may still bid
    state, _ = bid_to(state, "bid 2")
    assert state.to_move == (first + 1) % 3
    state, _ = bid_to(state, "pass", "pass")
    assert state.landlord == first and state.bid == 2
    assert "bid 1" not in GAME.legal_actions(bid_to(dealt, "bid 2")[0])
    refused = GAME.why_illegal(bid_to(dealt, "bid 2")[0], "bid 1")
    assert "higher than the highest bid" in str(refused)


def test_nobody_bidding_throws_the_hand_in(dealt):
    state, event = bid_to(dealt, "pass", "pass", "pass")
    assert state.phase == "deal" and state.deal_number == 2 and len(state.stock) == 54
    assert "thrown in" in event.narration


def test_two_passes_clear_the_table_and_the_last_player_leads():
    state = lead_state("3 4 5 6 7 9 9")
    state, _ = GAME.apply(state, "play 9 9")
    state, _ = GAME.apply(state, PASS)
    state, event = GAME.apply(state, PASS)
    assert state.table is None and state.to_move == 0 and "cleared" in event.narration


def test_the_landlord_going_out_with_a_spring_and_a_bomb():
    state = replace(lead_state("7 7 7 7 9"), bids=((0, 2),))
    state, event = GAME.apply(state, "play 7 7 7 7")
    assert "doubles the stake" in event.narration
    state, _ = GAME.apply(state, PASS)
    state, _ = GAME.apply(state, PASS)
    state, event = GAME.apply(state, "play 9")
    assert GAME.is_terminal(state) and "Spring" in event.narration
    assert GAME.returns(state) == (16.0, -8.0, -8.0)
    assert event.arithmetic.startswith("bid 2; 1 bomb: x 2^1 = x 2; spring: x 2; unit = 2 x 4 = 8")


def test_anti_spring_when_a_farmer_goes_out_after_the_landlords_only_play():
    state = lead_state("3 4 5 6 8 9")
    farmer_hand = _physical("K")
    state = replace(state, hands=(state.hands[0], farmer_hand, state.hands[2]))
    state, _ = GAME.apply(state, "play 3")
    state, event = GAME.apply(state, "play K")
    assert GAME.is_terminal(state) and "Anti-spring" in event.narration
    assert GAME.returns(state) == (-12.0, 6.0, 6.0)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10**6))
def test_whole_random_deals_are_zero_sum_and_keep_all_54_cards(seed):
    replay = dd.new_game(seed).play_out({s: RandomBot(f"{seed}/{s}") for s in range(3)})
    state = replay.state
    assert GAME.is_terminal(state) and sum(GAME.returns(state)) == 0
    assert sum(GAME.cards(state).values()) == 54
    assert not state.hands[state.winner]


def test_parse_accepts_rank_patterns_and_suited_cards_and_names_bad_tokens():
    assert [c.rank for c in parse("3 10 BJ")] == ["3", "T", "BJ"]
    assert [c.code for c in parse("3s Th")] == ["3s", "Th"]
    with pytest.raises(ValueError, match="'1x'"):
        parse("3 1x")
    with pytest.raises(ValueError, match="ruleset"):
        classify(parse("3"), "house")
