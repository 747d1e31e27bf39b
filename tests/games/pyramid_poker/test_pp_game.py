"""Pyramid Poker's state machine: setup, build, take, jokers, hands, visibility, the match."""

import itertools
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE, TERMINAL, IllegalMove
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import (
    GAME,
    apply,
    covers,
    free_slots,
    legal_actions,
    new_game,
    observe,
    open_slots,
    returns,
    supports,
)
from cardlab.games.pyramid_poker.rules import capacity, full_set, parse_cards, slot_index
from cardlab.render.layout import pyramid_index, pyramid_position


def play(seed, until=None, **options):
    replay = Replay.start(GAME, seed, **options)
    bots = {0: RandomBot(f"{seed}a"), 1: RandomBot(f"{seed}b")}
    return replay.play_out(bots, until=until)


def test_setup_15_15_24_and_first_player():
    replay = new_game(3, games=1)
    state = replay.state
    assert state.phase == "place"
    assert [len(s) for s in state.supplies] == [14, 15] if state.first == 0 else [15, 14]
    assert len(state.general) == 24
    assert sum(GAME.cards(state).values()) == 54
    assert state.holding is not None and state.turn == state.first
    firsts = {new_game(s, games=1).state.first for s in range(20)}
    assert firsts == {0, 1}


def test_slot_numbering_matches_the_renderer():
    for w in (8, 9):
        for k in range(capacity(w)):
            r, i = pyramid_position(k, w)
            assert slot_index(r, i, w) == pyramid_index(r, i, w) == k
    assert supports(8, 8) == (0, 1)
    assert covers(1, 8) == (8, 9) and covers(0, 8) == (8,) and covers(7, 8) == (14,)


def test_placement_needs_two_blocks_below():
    state = new_game(1, games=1).state
    # slots count from 1 in the action text, as on the table ("slot 9 (row 2, position 1)")
    assert legal_actions(state) == [f"place {k}" for k in range(1, 9)]
    with pytest.raises(IllegalMove, match="both blocks below"):
        apply(state, "place 9")
    for outside in ("place 0", "place 37"):
        with pytest.raises(IllegalMove, match="slots are 1-36"):
            apply(state, outside)
    assert GAME.move_words(state, "place 9") == "place the block in slot 9 (row 2, position 1)"
    filled = [False] * 36
    filled[0] = filled[1] = True
    assert 8 in open_slots(filled, 8) and 9 not in open_slots(filled, 8)
    filled[8] = True
    assert free_slots(filled, 8) == (8,)


def test_build_alternates_and_only_the_placer_sees_the_face():
    replay = play(4, games=1, until=lambda s: s.phase == "take")
    state = replay.state
    assert state.placed == 30 and state.turn == state.first
    assert Counter(state.placer) == Counter({0: 15, 1: 15, None: 6})
    for seat in (0, 1):
        view = observe(state, seat)
        for k, card in enumerate(state.pyramid):
            if state.placer[k] == seat:
                assert view.pyramid[k] == card
            else:
                assert view.pyramid[k] is None
    teacher = observe(state, None)
    assert teacher.pyramid == state.pyramid


def test_a_joker_is_discarded_and_one_of_three_is_kept_never_a_joker():
    state = play(4, games=1, until=lambda s: s.phase == "take").state
    k = free_slots(state.filled, 8)[0]
    joker = parse_cards("BJ")[0]
    plain = iter(c for c in full_set() if c.rank not in ("BJ", "RJ"))
    pyr = [
        None if c is None else (joker if i == k else next(plain))
        for i, c in enumerate(state.pyramid)
    ]
    rest = Counter(full_set()) - Counter(c for c in pyr if c is not None)
    state = replace(
        state, pyramid=tuple(pyr), general=tuple(sorted(rest.elements())), supplies=((), ())
    )
    assert sum(GAME.cards(state).values()) == 54
    state, event = apply(state, f"take {k + 1}")
    assert "pharaoh" in event.narration and joker in state.discard
    assert GAME.current_player(state) == CHANCE
    for card in ("RJ", "5c", "9c"):
        state, _ = apply(state, f"reveal {card}")
    assert legal_actions(state) == ["keep 5c", "keep 9c"]
    with pytest.raises(IllegalMove, match="never be kept"):
        apply(state, "keep RJ")
    seat = state.turn
    state, _ = apply(state, "keep 9c")
    assert Counter(state.discard) >= Counter(parse_cards("BJ RJ 5c"))
    view = observe(state, 1 - seat)
    assert view.pending == parse_cards("9c")[0]
    state, _ = apply(state, "hand right")
    assert state.hands[seat][2][-1] == parse_cards("9c")[0]
    assert sum(GAME.cards(state).values()) == 54


def test_hands_hold_at_most_five_and_showdown_scores():
    replay = play(8, games=1)
    state = replay.state
    assert GAME.current_player(state) == TERMINAL
    for side in state.hands:
        assert [len(h) for h in side] == [5, 5, 5]
    (result,) = state.results
    assert result.points == result.showdown.points
    assert returns(state) == (
        float(result.points[0] - result.points[1]),
        float(result.points[1] - result.points[0]),
    )
    assert "match totals" in replay.events[-1].arithmetic


def test_a_full_hand_is_refused():
    state = play(8, games=1, until=lambda s: s.phase == "assign" and s.taken > 20).state
    full = [
        n
        for n, h in zip(("left", "centre", "right"), state.hands[state.turn], strict=True)
        if len(h) == 5
    ]
    for name in full:
        with pytest.raises(IllegalMove, match="already holds 5"):
            apply(state, f"hand {name}")


def test_match_to_target_alternates_first_player():
    replay = play(2)  # advanced, target 7
    state = replay.state
    assert max(state.totals) >= 7 and state.totals[0] != state.totals[1]
    firsts = [r.first for r in state.results]
    assert all(a != b for a, b in itertools.pairwise(firsts))
    basic = play(2, scoring="basic").state
    assert len(basic.results) == 1


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 130))
def test_uncovered_set_is_exactly_the_blocks_with_nothing_on_top(seed, cut):
    replay = play(seed, games=1)
    state = replay.state_at(min(cut + 30, len(replay)))
    w = state.width
    filled = state.filled
    expected = set()
    for k in range(capacity(w)):
        if filled[k] and not any(filled[c] for c in covers(k, w)):
            expected.add(k)
    assert set(free_slots(filled, w)) == expected
    # every filled block above the foundation rests on two blocks
    for k in range(capacity(w)):
        if filled[k]:
            assert all(filled[s] for s in supports(k, w))
    if state.phase == "take":
        assert set(legal_actions(state)) == {f"take {k + 1}" for k in expected}
    # nothing a seat cannot see leaks
    rng = random.Random(seed)
    for seat in (0, 1):
        twin = GAME.resample_hidden(state, seat, rng)
        assert observe(twin, seat) == observe(state, seat)
