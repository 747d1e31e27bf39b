"""The conformance suite: every registered game, every example option set, seeded random playouts.

New games get these checks for free by registering themselves and listing `example_options`.
"""

import pickle
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.conformance import check_playout, random_playout
from cardlab.core.engine import GAMES, IllegalMove, get_game, load_games, register
from cardlab.core.replay import Replay

load_games()  # every installed game: the cardlab.games entry points
CASES = [(name, opts) for name, game in GAMES.items() for opts in game.example_options]
IDS = [
    f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'defaults'}" for name, opts in CASES
]


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_playout_invariants(name, options, seed):
    """Every step of a random game: see `cardlab.core.conformance` for what is checked."""
    check_playout(get_game(name), options, seed)


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


def test_the_checks_catch_a_game_that_shows_a_hidden_card():
    """The suite must be able to fail: a High Card whose players see every hand is caught."""
    from dataclasses import replace

    from cardlab.games.highcard import HighCard

    class Leaky(HighCard):
        name = "leaky-highcard"

        def observe(self, state, seat):
            return replace(super().observe(state, seat), hands=state.hands)

    game = register(Leaky())  # a replay finds its game by name
    try:
        with pytest.raises(AssertionError, match="can see a card it should not"):
            check_playout(game, {"players": 2, "hand_size": 2}, seed=3)
    finally:
        GAMES.pop(game.name)
