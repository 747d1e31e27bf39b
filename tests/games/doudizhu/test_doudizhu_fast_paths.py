"""The fast paths of Dou Dizhu's engine give exactly what the plain ways give.

Play generation looks chains up by rank bitmask and wings up in grids: checked against the full
deck's plays (pinned in test_doudizhu_engine) filtered to what a hand holds.  The engine deals a
card by lookups, draws the same seeded card as `Game.sample_chance`, reads canonical actions
without normalising them again and builds states without `dataclasses.replace`: each is checked
against the general way it stands in for.
"""

import copy
import random
from dataclasses import replace
from functools import cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.cards import STANDARD54
from cardlab.core.engine import Game
from cardlab.core.replay import Replay
from cardlab.core.text import normalize_action, word_map
from cardlab.games.doudizhu import GAME, PASS, RULESETS
from cardlab.games.doudizhu import game as engine
from cardlab.games.doudizhu.combos import all_combos, combo_beats, counts_of, legal_plays

DECK = STANDARD54.cards()
DECK_PLAYS = {"cardavia": 24_639, "pagat": 12_654}
hands = st.tuples(
    st.sampled_from(RULESETS),
    st.integers(1, 34).flatmap(lambda n: st.permutations(DECK).map(lambda cards: cards[:n])),
)


@cache
def every_play(ruleset: str) -> tuple[tuple, np.ndarray]:
    """Every play one deck can make, and their rank counts as rows of an array: the reference,
    so first checked whole (distinct patterns as many as the spec's rules make; each one
    classifies back to itself in test_doudizhu_engine)."""
    plays = tuple(all_combos(counts_of(DECK), ruleset))
    assert len({play.counts for play in plays}) == len(plays) == DECK_PLAYS[ruleset]
    return plays, np.array([play.counts for play in plays])


def held(ruleset: str, cards: tuple) -> list:
    """The deck's plays that ``cards`` hold, in the deck's order."""
    plays, counts = every_play(ruleset)
    return [plays[i] for i in np.flatnonzero((counts <= counts_of(cards)).all(axis=1))]


@settings(max_examples=80, deadline=None)
@given(hands)
def test_a_hands_plays_are_the_decks_plays_it_holds_in_the_same_order(case):
    ruleset, cards = case
    assert legal_plays(cards, None, ruleset) == held(ruleset, cards)


@settings(max_examples=80, deadline=None)
@given(hands, st.data())
def test_following_plays_are_the_hands_plays_that_beat_the_table(case, data):
    ruleset, cards = case
    table = data.draw(st.sampled_from(every_play(ruleset)[0]))
    expected = [play for play in held(ruleset, cards) if combo_beats(play, table)]
    assert legal_plays(cards, table, ruleset) == [PASS, *expected]


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 54), st.integers(0, 10**9))
def test_the_dealt_card_is_the_one_the_general_draw_picks(left, seed):
    stock = tuple(random.Random(seed).sample(engine.CARDS, left))
    state = replace(GAME.initial_state(), stock=stock)
    drawn = GAME.sample_chance(state, random.Random(seed))
    assert drawn == Game.sample_chance(GAME, state, random.Random(seed))
    assert (drawn, 1 / left) in GAME.chance_outcomes(state)


def test_actions_read_without_normalising_are_already_normal():
    words = word_map(GAME.action_words)
    assert all(normalize_action(action, words) == action for action in engine._CANONICAL)
    state = Replay.start(GAME, 3).resolve_chance().state
    for action in GAME.legal_actions(state):
        assert normalize_action(action, words) == action
    plays = legal_plays(engine.CARDS[:20])
    assert all(normalize_action(p.action, words) == p.action for p in plays)


def test_a_state_made_without_replace_equals_one_made_with_it():
    state = Replay.start(GAME, 5).resolve_chance().state
    changes = {"to_move": 2, "passes": 1, "bids": ((0, 1),)}
    made = engine._evolve(state, **changes)
    assert made == replace(state, **changes) and made is not state
    assert state.to_move != 2 or state.passes != 1  # the original is untouched


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(RULESETS), st.integers(0, 120))
def test_a_copied_state_whose_cards_are_other_objects_plays_the_same(seed, ruleset, steps):
    """Lookups by identity fall back to equality: a deep copy (new card objects, as a state
    read back from pickle has) plays the same game to the same end."""
    bots = {s: RandomBot(f"{seed}/{s}") for s in range(3)}
    actions = Replay.start(GAME, seed, ruleset=ruleset).play_out(bots).actions
    state = Replay.start(GAME, seed, ruleset=ruleset).extend(actions[:steps]).state
    twin = copy.deepcopy(state)
    cards = [*state.stock, *(c for hand in state.hands for c in hand)]
    copies = [*twin.stock, *(c for hand in twin.hands for c in hand)]
    assert twin == state and all(a is not b for a, b in zip(cards, copies, strict=True))
    for action in actions[steps:]:
        state, event = GAME.apply(state, action)
        twin, twin_event = GAME.apply(twin, action)
        assert twin == state and twin_event == event
    assert GAME.is_terminal(twin) and GAME.returns(twin) == GAME.returns(state)


def test_exact_cards_take_those_very_cards_and_rank_tokens_the_first_ones():
    pick = {card.code: card for card in engine.CARDS}
    hand = tuple(pick[code] for code in ("3d", "3h", "3s", "4h", "4s", "9c"))  # as dealt
    others = [card for card in engine.CARDS if card not in hand]
    state = replace(
        GAME.initial_state(),
        stock=(),
        hands=(hand, tuple(others[:17]), tuple(others[17:34])),
        bottom=tuple(others[34:37]),
        first_bidder=0,
        bids=((0, 3),),
        landlord=0,
    )
    after, _ = GAME.apply(state, "play 3d 3h")
    assert [c.code for c in after.table_cards] == ["3d", "3h"]
    assert [c.code for c in after.hands[0]] == ["3s", "4h", "4s", "9c"]
    assert all(any(c is held for held in hand) for c in after.hands[0] + after.table_cards)
    after, _ = GAME.apply(state, "play 3 3 3 4")
    assert [c.code for c in after.hands[0]] == ["4s", "9c"]
    assert "you do not hold 3c" in str(GAME.why_illegal(state, "play 3c 3h"))
    assert "you do not hold 9" in str(GAME.why_illegal(state, "play 9 9"))
