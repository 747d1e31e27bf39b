"""The conformance suite: every registered game, every example option set, seeded random playouts.

New games get these checks for free by registering themselves and listing `example_options`.
"""

import pickle
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE, GAMES, TERMINAL, IllegalMove, get_game
from cardlab.core.replay import Replay

get_game("highcard")  # imports and registers every built-in game
CASES = [(name, opts) for name, game in GAMES.items() for opts in game.example_options]
IDS = [
    f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'defaults'}" for name, opts in CASES
]


def random_playout(name, options, seed):
    replay = Replay.start(name, seed, **options)
    n = replay.game.num_players(replay.state)
    return replay.play_out({seat: RandomBot(f"{seed}/{seat}") for seat in range(n)})


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_playout_invariants(name, options, seed):
    game = get_game(name)
    replay = random_playout(name, options, seed)
    assert replay.is_terminal
    full_deck = game.cards(replay.state_at(0))
    rng = random.Random(seed)
    for step in range(len(replay) + 1):
        state = replay.state_at(step)
        seat = game.current_player(state)
        # legal actions are non-empty until the end, and empty at the end
        legal = game.legal_actions(state)
        assert bool(legal) == (seat != TERMINAL)
        if seat == CHANCE:
            total = sum(p for _, p in game.chance_outcomes(state))
            assert abs(total - 1) < 1e-9
        # no card is lost or duplicated, wherever it is
        assert game.cards(state) == full_deck
        if step < len(replay):
            # apply is pure: the input state is unchanged, byte for byte
            before = pickle.dumps(state)
            game.apply(state, replay.actions[step])
            assert pickle.dumps(state) == before
            assert replay.actions[step] in legal
        # observations leak no hidden card: a seat sees the same in every state it cannot tell apart
        for viewer in range(game.num_players(state)):
            twin = game.resample_hidden(state, viewer, rng)
            assert game.cards(twin) == game.cards(state)
            assert game.observe(twin, viewer) == game.observe(state, viewer)
    # results add up to zero
    assert abs(sum(game.returns(replay.state))) < 1e-9


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_replay_text_round_trips_and_replays_exactly(name, options):
    replay = random_playout(name, options, seed=11)
    again = Replay.from_text(replay.to_text())
    assert again == replay
    assert again.state == replay.state
    assert [e.narration for e in again.events] == [e.narration for e in replay.events]
    # the same seed and the same player choices give the same game
    assert random_playout(name, options, seed=11) == replay


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_illegal_actions_are_refused_with_a_reason_and_change_nothing(name, options):
    replay = random_playout(name, options, seed=5).truncate(0).resolve_chance()
    game = replay.game
    state = replay.state
    before = pickle.dumps(state)
    for bad in ("", "nonsense", None, 42, ("play",), "play ZZ"):
        assert game.why_illegal(state, bad)
        with pytest.raises(IllegalMove) as err:
            game.apply(state, bad)
        assert err.value.reason
        with pytest.raises(IllegalMove):
            replay.append(bad)
    assert pickle.dumps(state) == before
    assert replay.state is state


@pytest.mark.parametrize("name", list(GAMES))
def test_out_of_range_seats_and_unknown_options_are_value_errors(name):
    game = get_game(name)
    state = Replay.start(name, 1).state
    n = game.num_players(state)
    for seat in (-1, n, 99, "0"):
        with pytest.raises(ValueError, match="seat"):
            game.observe(state, seat)
    with pytest.raises(ValueError, match="unknown option 'colour'"):
        Replay.start(name, 1, colour="blue")


def test_the_teacher_sees_every_card_a_player_sees():
    replay = random_playout("highcard", {"players": 3}, seed=2).truncate(8)
    game = replay.game
    teacher = game.observe(replay.state, None)
    for seat in range(3):
        mine = game.observe(replay.state, seat)
        assert mine.hands[seat] == teacher.hands[seat]
        assert all(card is None for i, h in enumerate(mine.hands) if i != seat for card in h)
    assert Counter(c for h in teacher.hands for c in h)
