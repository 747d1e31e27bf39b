"""The engine protocol: one step from an action to a typed move, and games found by name without
the core importing the games package."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from cardlab.core.conformance import random_playout
from cardlab.core.engine import (
    CHANCE,
    ENTRY_POINT_GROUP,
    GAMES,
    CardOut,
    IllegalMove,
    Move,
    Refusal,
    Reshuffle,
    SeatChosen,
    get_game,
    load_games,
)

BUILT_IN = {
    "doudizhu",
    "highcard",
    "pyramid",
    "pyramid_poker",
    "three_thirteen",
    "triad",
    "triangle",
}


# -- finding games ------------------------------------------------------------------------------
def run_python(code: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return result.stdout.strip()


def test_the_core_never_imports_the_games_package_and_still_finds_every_game():
    code = """
import importlib, pkgutil, sys
import cardlab.core
for info in pkgutil.walk_packages(cardlab.core.__path__, "cardlab.core."):
    importlib.import_module(info.name)
games = sorted(m for m in sys.modules if m == "cardlab.games" or m.startswith("cardlab.games."))
print("imported:", games)
from cardlab.core.engine import get_game
print("found:", get_game("doudizhu").name, get_game("doudizhu").title)
"""
    out = run_python(code).splitlines()
    assert out[0] == "imported: []"
    assert out[1] == "found: doudizhu Dou Dizhu (Fight the Landlord)"


def test_the_check_sees_an_import_of_the_games_package():
    """Guard against a check that cannot fail: get_game does import the game it loads."""
    code = "import sys\nfrom cardlab.core.engine import get_game\nget_game('triangle')\n"
    out = run_python(code + "print('cardlab.games.triangle.game' in sys.modules)")
    assert out == "True"


def test_every_built_in_game_is_an_installed_entry_point():
    names = {entry.name for entry in entry_points(group=ENTRY_POINT_GROUP)}
    assert names >= BUILT_IN
    games = load_games()
    assert set(games) >= BUILT_IN
    assert all(games[name].name == name for name in BUILT_IN)


def test_an_unknown_game_names_the_known_ones():
    with pytest.raises(ValueError, match="unknown game 'snap'; known games: doudizhu, highcard"):
        get_game("snap")
    with pytest.raises(ValueError, match="unknown game"):
        get_game(None)  # type: ignore[arg-type]


# -- one step from an action to a move ----------------------------------------------------------
SHARED_MOVES = (CardOut, SeatChosen, Reshuffle)
"""The chance moves every game shares (a card comes out, a seat is chosen, a reshuffle)."""
load_games()
CASES = [(name, GAMES[name].example_options[0]) for name in sorted(BUILT_IN)]


@pytest.mark.parametrize(("name", "options"), CASES, ids=[name for name, _ in CASES])
def test_every_action_of_a_game_reads_into_a_frozen_move_with_its_canonical_text(name, options):
    game = get_game(name)
    replay = random_playout(game, options, seed=4)
    for step, action in enumerate(replay.actions):
        state = replay.state_at(step)
        move = game.read_move(state, action)
        assert isinstance(move, Move) and move.text == action, (step, move)
        own = type(move).__module__.startswith(type(game).__module__.rsplit(".", 1)[0])
        assert own or type(move) in SHARED_MOVES, type(move)  # a game's own, or a chance move
        assert dataclasses.is_dataclass(move)
        with pytest.raises(dataclasses.FrozenInstanceError):
            move.text = "changed"  # type: ignore[misc]
        assert game.play(state, move) == game.apply(state, action)
        spaced = "  " + action.replace(" ", "   ") + " "
        assert game.read_move(state, spaced) == move  # read once, whatever the spacing


@pytest.mark.parametrize(("name", "options"), CASES, ids=[name for name, _ in CASES])
def test_why_illegal_and_apply_read_the_action_once(name, options, monkeypatch):
    game = get_game(name)
    replay = random_playout(game, options, seed=5)
    calls: list[str] = []
    parse = type(game)._parse

    def counted(self, state, text):
        calls.append(text)
        return parse(self, state, text)

    monkeypatch.setattr(type(game), "_parse", counted)
    for step, action in enumerate(replay.actions[:60]):
        state = replay.state_at(step)
        calls.clear()
        assert game.why_illegal(state, action) is None
        assert calls == [action]
        calls.clear()
        game.apply(state, action)
        assert calls in ([], [action])  # at most once (Dou Dizhu applies a known play directly)


def test_a_refusal_is_the_reason_why_illegal_gives_and_apply_raises():
    game = get_game("triangle")
    replay = random_playout(game, {}, seed=1)
    states = (replay.state_at(step) for step in range(len(replay)))
    state = next(s for s in states if game.current_player(s) != CHANCE)
    for bad in ("state S9", "grab 2", "", "claim\nclaim", 7):
        refusal = game.read_move(state, bad)
        assert isinstance(refusal, Refusal) and refusal.reason
        assert game.why_illegal(state, bad) == refusal.reason
        with pytest.raises(IllegalMove) as exc:
            game.apply(state, bad)
        assert exc.value.reason == refusal.reason


def test_play_takes_only_a_move():
    game = get_game("highcard")
    state = game.initial_state()
    with pytest.raises(TypeError, match="use apply"):
        game.play(state, "deal As")  # type: ignore[arg-type]
