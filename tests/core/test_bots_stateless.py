"""Bots are stateless: a bot holds only its settings and draws its randomness from `rng_for`
(its seed and the observation), so a table position replays exactly from its deal seed and the
learner's moves, and a bot's answer never depends on what it was asked before."""

from __future__ import annotations

import ast
import copy
import dataclasses
import hashlib
import importlib
import json
import os
import pickle
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import Bot, RandomBot, rng_for, stable_text
from cardlab.core.conformance import random_playout
from cardlab.core.engine import GAMES, get_game, load_games
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import bots as doudizhu
from cardlab.games.poker import bots as poker
from cardlab.games.pyramid_poker import bots as pyramid_poker
from cardlab.games.three_thirteen import bots as three_thirteen
from cardlab.games.triangle import bots as triangle

ROOT = Path(__file__).resolve().parents[2]
load_games()
CASES = [(name, opts) for name, game in sorted(GAMES.items()) for opts in game.example_options]
"""Every game's example options, by name: the same list in every process, whatever imported
the games first (the registry keeps their import order)."""

Seeded = Callable[[int | str], Bot]
_POKER: list[Seeded] = [
    # few trials: the property is the same for any, and the bots stay quick
    lambda s: poker.PokerBot(s, trials=30, draw_trials=6),
    lambda s: poker.PokerBot(s, bluff=0.5, trials=30, draw_trials=6, goal="improve"),
    lambda s: poker.CallBot(),
]
BOTS: dict[str, list[Seeded]] = {
    "doudizhu": [lambda s: doudizhu.DouDizhuBot(), lambda s: doudizhu.GreedyBot()],
    "pyramid": _POKER,
    "pyramid_poker": [pyramid_poker.GreedyBot, pyramid_poker.SmartBot],
    "three_thirteen": [
        lambda s: three_thirteen.ThreeThirteenBot(),
        lambda s: three_thirteen.GreedyBot(),
        three_thirteen.ThreeThirteenRandomBot,
    ],
    "triad": _POKER,
    "triangle": [
        lambda s: triangle.ReasoningBot(),
        lambda s: triangle.ReasoningBot(remember=False),
    ],
}
"""Every game's own bots (the core `RandomBot` plays every game as well)."""


def _bots_for(name: str) -> list[Seeded]:
    return [RandomBot, *BOTS.get(name, [])]


def _bot_classes() -> dict[str, ast.ClassDef]:
    """Every class in ``cardlab/`` with a bot's ``choose(observation, legal_actions)``, by its
    ``module:name`` (the `Bot` protocol itself left out)."""
    found = {}
    for path in sorted((ROOT / "cardlab").rglob("*.py")):
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            if any(ast.unparse(base).endswith("Protocol") for base in node.bases):
                continue
            if any(
                isinstance(item, ast.FunctionDef)
                and item.name == "choose"
                and len(item.args.args) == 3
                for item in node.body
            ):
                found[f"{module}:{node.name}"] = node
    return found


BOT_CLASSES = _bot_classes()


def _imported(key: str) -> type:
    module, _, name = key.partition(":")
    return getattr(importlib.import_module(module), name)


def test_the_scan_finds_every_bot():
    assert {
        "cardlab.core.bots:RandomBot",
        "cardlab.games.poker.bots:PokerBot",
        "cardlab.games.pyramid_poker.bots:SmartBot",
        "cardlab.games.three_thirteen.bots:ThreeThirteenRandomBot",
        "cardlab.games.triangle.bots:ReasoningBot",
        "cardlab.games.doudizhu.bots:DouDizhuBot",
    } <= set(BOT_CLASSES)


@pytest.mark.parametrize("key", sorted(BOT_CLASSES))
def test_a_bot_sets_nothing_on_itself_and_makes_no_generator(key: str):
    """No ``self.x = ...`` in any method and no ``random.Random(...)`` kept: `rng_for` only."""
    node = BOT_CLASSES[key]
    for item in ast.walk(node):
        targets: list[ast.expr] = []
        if isinstance(item, ast.Assign):
            targets = item.targets
        elif isinstance(item, (ast.AugAssign, ast.AnnAssign)):
            targets = [item.target]
        for target in targets:
            assert not (
                isinstance(target, ast.Attribute)
                and isinstance(target.value, ast.Name)
                and target.value.id == "self"
            ), f"{key} sets {ast.unparse(target)}"
        if isinstance(item, ast.Call):
            assert not ast.unparse(item.func).endswith("Random"), f"{key} makes a generator"


@pytest.mark.parametrize("key", sorted(BOT_CLASSES))
def test_a_bot_is_a_frozen_dataclass_of_its_settings(key: str):
    cls = _imported(key)
    assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, key
    bot = cls()  # every bot has its defaults
    held = [getattr(bot, f.name) for f in dataclasses.fields(cls)]
    assert not any(isinstance(value, random.Random) for value in held), key
    assert not any(isinstance(value, random.Random) for value in vars(bot).values()), key
    with pytest.raises(dataclasses.FrozenInstanceError):
        bot.seed = 1  # type: ignore[misc]


def test_every_bot_class_plays_in_the_property_below():
    played = {
        type(make(0)) for name, _ in CASES for make in _bots_for(name)
    }  # the bots the property asks
    assert {_imported(key) for key in BOT_CLASSES} == played


def _question(replay: Replay, step: int) -> tuple[Any, list[Any]]:
    state = replay.state_at(step)
    game = replay.game
    return game.observe(state, game.current_player(state)), game.legal_actions(state)


@settings(max_examples=60)
@given(data=st.data())
def test_the_same_observation_gets_the_same_answer(data: st.DataObject):
    """Asked fresh, after other questions, on a copy, or in a deal that reached the same view
    another way (the seat's unseen cards dealt otherwise): the same decision, reason and all."""
    name, options = data.draw(st.sampled_from(CASES), label="game")
    make = data.draw(st.sampled_from(_bots_for(name)), label="bot")
    seed = data.draw(st.integers(0, 2**32) | st.text(max_size=4), label="bot seed")
    replay = random_playout(name, options, data.draw(st.integers(0, 2**32), label="deal"))
    game = replay.game
    steps = [i for i in range(len(replay)) if game.current_player(replay.state_at(i)) >= 0]
    if name == "triangle":  # the reasoning bots act only where a player claims or states
        steps = [i for i in steps if replay.state_at(i).phase in ("claim", "state")]
    step = data.draw(st.sampled_from(steps), label="step")
    before = data.draw(st.lists(st.sampled_from(steps), max_size=3), label="asked before")

    observation, legal = _question(replay, step)
    fresh = make(seed).choose(observation, legal)
    asked = make(seed)
    for other in before:
        asked.choose(*_question(replay, other))
    assert asked.choose(observation, legal) == fresh
    assert copy.deepcopy(asked).choose(observation, legal) == fresh
    assert make(seed).choose(pickle.loads(pickle.dumps(observation)), legal) == fresh

    state, seat = replay.state_at(step), game.current_player(replay.state_at(step))
    twin = game.resample_hidden(state, seat, random.Random(f"{seed!r}/{step}"))
    assert game.observe(twin, seat) == observation
    assert make(seed).choose(observation, game.legal_actions(twin)) == fresh
    assert make(seed).choose(game.observe(twin, seat), legal) == fresh


@pytest.mark.parametrize(("name", "options"), CASES)
def test_bots_that_played_before_replay_a_game_exactly(name: str, options: dict[str, Any]):
    """The table's promise: the same deal and moves give the same game, with used bots too."""
    n = get_game(name).num_players(Replay.start(name, 3, **options).state)
    bots = {seat: RandomBot(f"table/{seat}") for seat in range(n)}
    first = Replay.start(name, 3, **options).play_out(bots)
    Replay.start(name, 4, **options).play_out(bots)  # another game in between
    assert Replay.start(name, 3, **options).play_out(bots) == first


def _keys(cases: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """The digest of every observation of a seeded random game of each case."""
    out = []
    for name, options in cases:
        replay = random_playout(name, options, 5)
        for step in range(0, len(replay), 7):
            state = replay.state_at(step)
            for seat in range(replay.game.num_players(state)):
                text = stable_text(replay.game.observe(state, seat))
                out.append(hashlib.sha256(text.encode()).hexdigest())
    return out


def test_the_generator_is_the_same_in_every_process():
    """`stable_text` uses no salted ``hash()``: another process, another hash seed, same keys."""
    code = (
        "import json, sys; from tests.core.test_bots_stateless import _keys, CASES; "
        "print(json.dumps(_keys(CASES)))"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345", "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    ).stdout
    assert json.loads(out.strip().splitlines()[-1]) == _keys(CASES)
    assert rng_for("x", (1, "a")).random() == rng_for("x", (1, "a")).random()
    assert rng_for("x", (1, "a")).random() != rng_for("y", (1, "a")).random()


def test_an_observation_that_cannot_be_keyed_is_refused():
    with pytest.raises(TypeError, match="no stable text for a set"):
        stable_text(({"a", "b"},))
    with pytest.raises(TypeError, match="no stable text for a object"):
        rng_for(0, object())


@dataclasses.dataclass(frozen=True)
class _Frozen:
    items: tuple[Any, ...]
    note: str = ""


@dataclasses.dataclass
class _Open:
    items: list[Any]


def _written_out(value: Any) -> str:
    """`stable_text`'s rule written out again, keeping nothing."""
    if isinstance(value, (str, int, float, bool, type(None))):
        return repr(value)
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_written_out(v) for v in value) + ")"
    names = [f.name for f in dataclasses.fields(value) if f.compare]
    return (
        f"{type(value).__name__}(" + ",".join(_written_out(getattr(value, n)) for n in names) + ")"
    )


_leaves = st.one_of(st.integers(), st.text(max_size=40), st.booleans(), st.none())
_values = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.tuples(inner, inner, inner),
        st.lists(inner, max_size=12).map(tuple),
        st.lists(inner, max_size=12),
        st.builds(_Frozen, st.lists(inner, max_size=12).map(tuple), st.text(max_size=300)),
        st.builds(_Open, st.lists(inner, max_size=6)),
    ),
    max_leaves=60,
)


@given(_values)
def test_a_long_part_kept_between_questions_gives_the_same_text(value):
    """The texts kept by identity (`bots._KEPT`) are the texts written out afresh, asked once
    or twice: keeping them changes no bot's generator."""
    assert stable_text(value) == _written_out(value)
    assert stable_text(value) == _written_out(value)


def test_a_part_that_can_change_is_written_out_again():
    """A list inside (or a dataclass that is not frozen) may change under the same identity:
    such parts are never served from what was kept."""
    inner = ["x" * 300]
    outer = (_Frozen(("a" * 300,)), inner, _Open(["b" * 300]))
    first = stable_text(outer)
    inner.append("y")
    outer[2].items.append("z")
    assert stable_text(outer) != first and stable_text(outer) == _written_out(outer)
