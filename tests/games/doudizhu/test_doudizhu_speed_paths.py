"""The speed paths of issue #32 give exactly what the plain ways give.

Play generation is checked against a plain reference: every sub-pattern of the hand in a shape
some combination has, read by `classify` (the rules' own reader, which shares no code with the
generator), deduplicated and sorted, leading and following, under both rulesets.  Seeded games
and seeded hands are checked against digests of what the engine gave before #32 (legal actions,
states, events with their narration, scores), and each shortcut the engine takes (a dealt card,
a pass or a play applied without `read_move`, the hand's cards taken by rank, rank patterns read
without the deck, action texts by identity, names made once) against the general way.
"""

from __future__ import annotations

import hashlib
import random
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import RANKS54
from cardlab.core.engine import Game, IllegalMove
from cardlab.games.doudizhu import GAME, PASS, RULESETS, combos
from cardlab.games.doudizhu import game as engine
from cardlab.games.doudizhu.combos import (
    Combo,
    all_combos,
    classify,
    combo_beats,
    counts_of,
    legal_plays,
)

DECK = engine.CARDS
SEQUENCE = range(12)


def vector(parts: dict[int, int]) -> tuple[int, ...]:
    v = [0] * 15
    for rank, n in parts.items():
        v[rank] += n
    return tuple(v)


def shapes(h: tuple[int, ...]) -> set[tuple[int, ...]]:
    """Rank patterns held in ``h`` in the shape of some combination (a superset: `classify`
    decides which are plays), 20 cards at most."""
    held = [r for r in range(15) if h[r]]
    found = {vector({r: n}) for r in held for n in range(1, h[r] + 1)}
    found.add(vector({13: 1, 14: 1}))
    for width in (1, 2, 3):
        for low in SEQUENCE:
            for high in range(low + 1, 12):
                core = {i: width for i in range(low, high + 1)}
                found.add(vector(core))
                if width == 3:  # airplanes with k single or k pair wings
                    k = len(core)
                    others = [r for r in held if r not in core]
                    for wings in combinations_with_replacement(others, k):
                        found.add(vector({**core, **_count(wings)}))
                    for wings in combinations(others, k):
                        found.add(vector({**core, **{r: 2 for r in wings}}))
    for r in held:
        others = [s for s in held if s != r]
        for s in others:
            found.add(vector({r: 3, s: 1}))
            found.add(vector({r: 3, s: 2}))
        for a, b in combinations_with_replacement(others, 2):
            found.add(vector({r: 4, **_count((a, b))}))
            found.add(vector({r: 4, a: 2, b: 2}))
    return {c for c in found if sum(c) <= 20 and all(n <= m for n, m in zip(c, h, strict=True))}


def _count(ranks: tuple[int, ...]) -> dict[int, int]:
    out: dict[int, int] = {}
    for r in ranks:
        out[r] = out.get(r, 0) + 1
    return out


def reference(h: tuple[int, ...], ruleset: str) -> list[Combo]:
    """Every reading of every pattern ``h`` holds, in `Combo` order: the plain way."""
    return sorted({combo for c in shapes(h) for combo in classify(c, ruleset)})


def digest(parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(repr(part).encode())
    return h.hexdigest()


hands = st.tuples(
    st.sampled_from(RULESETS),
    st.integers(1, 20).flatmap(lambda n: st.permutations(DECK).map(lambda cards: cards[:n])),
)


@settings(max_examples=150, deadline=None)
@given(hands)
def test_a_lead_is_every_reading_of_every_pattern_the_hand_holds(case):
    ruleset, cards = case
    combos.clear_cache()  # from scratch, as the benchmark times it
    assert legal_plays(cards, None, ruleset) == reference(counts_of(cards), ruleset)


@settings(max_examples=150, deadline=None)
@given(hands, st.data())
def test_a_follow_is_the_pass_and_the_reference_plays_that_beat_the_table(case, data):
    ruleset, cards = case
    other = data.draw(st.permutations(DECK).map(lambda deck: deck[:20]))
    table = data.draw(st.sampled_from(reference(counts_of(other), ruleset)))
    h = counts_of(cards)
    expected = [PASS, *(p for p in reference(h, ruleset) if combo_beats(p, table))]
    combos.clear_cache()
    assert legal_plays(cards, table, ruleset) == expected
    all_combos(h, ruleset)  # and with the hand's plays remembered
    assert legal_plays(cards, table, ruleset) == expected


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_landlords_hands_of_300_seeded_deals_lead_as_the_reference(ruleset):
    rng = random.Random(f"landlord/{ruleset}")
    for _ in range(300):
        h = counts_of(rng.sample(DECK, 20))
        combos.clear_cache()
        assert legal_plays(h, None, ruleset) == reference(h, ruleset), h


# Digests of what the engine gave before issue #32 (commit 7ba8f88): the faster generator and
# engine must give the very same plays, in the same order, and the same games.
PLAYS_BEFORE = {
    "cardavia": "acd655c71cf16d394272bfdf863a08a40fdca0cab8dad9eb499f1dfe6e52b8fc",
    "pagat": "7127643c22979e314e0fddedc429cbbb0529575120c99d630da133aa85f02120",
}
GAMES_BEFORE = {
    "cardavia": "ba97b9ddddc8537156e0a8ff51281ec5b12048d4664ba782a5d3210c12e888e5",
    "pagat": "643441b4892318f19313cad4fc0480a879381e4de74983b80d30869ecca81959",
}


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_hands_lead_and_follow_as_before(ruleset):
    def parts():
        rng = random.Random(ruleset)
        for _ in range(400):
            cards = rng.sample(DECK, rng.choice((20, 17, rng.randint(1, 34))))
            lead = legal_plays(cards, None, ruleset)
            yield lead
            for table in rng.sample(lead, min(3, len(lead))):
                yield legal_plays(rng.sample(DECK, rng.randint(1, 20)), table, ruleset)

    combos.clear_cache()
    assert digest(parts()) == PLAYS_BEFORE[ruleset]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_seeded_random_games_are_the_same_games_as_before(ruleset):
    """Legal actions, every state, every event and its narration, and the scores."""

    def parts():
        for seed in range(30):
            rng = random.Random(seed)
            state = GAME.initial_state(ruleset=ruleset)
            while not GAME.is_terminal(state):
                if GAME.current_player(state) == -1:
                    action = GAME.sample_chance(state, rng)
                else:
                    actions = GAME.legal_actions(state)
                    yield actions
                    action = rng.choice(actions)
                state, event = GAME.apply(state, action)
                yield event
                yield _Raw(event.narration)
                yield state
            yield GAME.returns(state)

    combos.clear_cache()
    h = hashlib.sha256()
    for part in parts():
        h.update((part.text if isinstance(part, _Raw) else repr(part)).encode())
    assert h.hexdigest() == GAMES_BEFORE[ruleset]


class _Raw:
    """Text hashed as it is (the narration), not as its repr."""

    def __init__(self, text: str) -> None:
        self.text = text


def positions(seed: int, ruleset: str) -> list:
    """Every state of one seeded random game, with the legal action taken there."""
    rng = random.Random(seed)
    state = GAME.initial_state(ruleset=ruleset)
    out = []
    while not GAME.is_terminal(state):
        if GAME.current_player(state) == -1:
            action = GAME.sample_chance(state, rng)
        else:
            action = rng.choice(GAME.legal_actions(state))
        out.append((state, action))
        state = GAME.apply(state, action).state
    return out


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULESETS))
def test_apply_gives_what_read_move_and_play_give(seed, ruleset):
    """`DouDizhu.apply`'s shortcuts against the general way, on legal and refused actions."""
    for state, action in positions(seed, ruleset):
        assert GAME.apply(state, action) == GAME.play(state, GAME.read_move(state, action))
        for wrong in ("pass", "play 3 3 3", "play 2 2 2 2", "deal As", "play BJ RJ", "bid 2"):
            move = GAME.read_move(state, wrong)
            if hasattr(move, "reason"):
                with pytest.raises(IllegalMove) as refused:
                    GAME.apply(state, wrong)
                assert refused.value.reason == move.reason
            else:
                assert GAME.apply(state, wrong) == Game.apply(GAME, state, wrong)


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULESETS))
def test_whose_turn_and_the_end_read_as_the_phase_says(seed, ruleset):
    for state, _ in positions(seed, ruleset):
        phase = state.phase
        expected = {"over": -2, "deal": -1, "first": -1}.get(phase, state.to_move)
        assert GAME.current_player(state) == expected
        assert GAME.is_terminal(state) == (phase == "over")


@settings(max_examples=60, deadline=None)
@given(st.permutations(DECK), st.integers(1, 20), st.data())
def test_taking_rank_tokens_takes_what_the_card_by_card_way_takes(deck, n, data):
    hand = tuple(sorted(deck[:n], key=engine.sort_key))
    ranks = data.draw(st.lists(st.sampled_from(combos.RANKS), min_size=1, max_size=8))
    wanted = tuple(RANKS54.parse_card(rank) for rank in ranks)  # as parse reads rank tokens
    counts = counts_of(wanted)
    try:
        slow = engine._take_each(hand, wanted)
    except ValueError as exc:
        with pytest.raises(ValueError, match=str(exc)):
            engine._take(hand, wanted, counts)
    else:
        assert engine._take(hand, wanted, counts) == slow


@settings(max_examples=80, deadline=None)
@given(st.lists(st.sampled_from([*combos.RANKS, "10", "3s", "x", ""]), min_size=1, max_size=60))
def test_rank_patterns_read_as_parse_reads_them(tokens):
    text = " ".join(tokens)
    fast = combos._rank_pattern(text)
    if fast:
        assert fast == combos.parse(text)


def test_action_texts_are_the_plays_actions():
    plays = all_combos(counts_of(DECK), "cardavia") + all_combos(counts_of(DECK[:30]), "pagat")
    assert combos.action_texts([PASS, *plays]) == [PASS, *(p.action for p in plays)]
    for play in combos._table_plays():  # every play keyed by identity, written as it reads
        assert combos._actions()[id(play)] == play.action


def test_names_made_once_are_the_names_made_each_time():
    for play in all_combos(counts_of(DECK), "pagat"):
        assert play.name == combos._name.__wrapped__(play.kind, play.main, play.chain)
