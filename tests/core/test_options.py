"""Game options: every option of every game is declared, checked on the way in, and documented.

A bad option must be a ``ValueError`` that names the option, the allowed values and what was
given, before any state is built (a pyramid 600 blocks wide once took 20 s to offer its first
move, and 10**80 raised OverflowError).  The fuzz test throws arbitrary option dicts at every
game: only a ``ValueError`` or ``TypeError`` with a message may come back, and a game that
accepts its options must deal and offer its first moves.
"""

import json
import math
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tools_loader import load_tool

from cardlab.core.engine import GAMES, load_games
from cardlab.core.options import Option, choice, flag, options_markdown, probability, whole
from cardlab.core.replay import Replay

load_games()  # every installed game: the cardlab.games entry points
DOCS = Path(__file__).resolve().parents[2] / "docs" / "options.md"
SPECS = [(name, option) for name, game in GAMES.items() for option in game.option_specs]

CONTEXT = {("highcard", "hand_size"): {"deck": "blocks"}}
"""Other options an extreme value needs (27 cards each fit only the 54-block deck)."""


def good_values(spec: Option) -> list:
    if spec.kind == "whole":
        values = [spec.low, spec.high, (spec.low + spec.high) // 2]
    elif spec.kind == "probability":
        values = [0, 1, 0.0, 1.0, 0.5, 1 / 3]
    elif spec.kind == "choice":
        values = list(spec.choices)
    else:
        values = [True, False]
    return [*values, None] if spec.none else values


def bad_values(spec: Option) -> list:
    wrong_type = ["3", "", [], {}, {"players": 3}, (1,), 2.5, math.inf, -math.inf, math.nan]
    if spec.kind == "whole":
        out_of_range = [spec.low - 1, spec.high + 1, -(10**80), 10**80, 10**9, True, False]
        return [*out_of_range, *wrong_type, float(spec.low)]
    if spec.kind == "probability":
        return [-0.01, 1.01, 2, -1, 10**80, True, False, "0.5", "1/4", [], math.inf, math.nan]
    if spec.kind == "choice":
        return [c.upper() + "x" for c in spec.choices] + [1, True, [], spec.choices, 10**80]
    return [1, 0, "True", "yes", 10**80, [], math.nan]


def start(name: str, **options) -> Replay:
    """A game dealt up to its first decision, with the first moves offered (must be quick)."""
    replay = Replay.start(name, 1, **options).resolve_chance()
    assert replay.game.legal_actions(replay.state)
    return replay


@pytest.mark.parametrize("name", list(GAMES))
def test_every_option_is_declared_and_its_default_is_allowed(name):
    game = GAMES[name]
    assert set(game.option_specs) == set(game.default_options)
    for option, spec in game.option_specs.items():
        assert spec.accepts(game.default_options[option]), option
        assert spec.meaning and spec.allowed
    for options in game.example_options:
        assert game.options(**options)


@pytest.mark.parametrize(("name", "option"), SPECS, ids=[f"{n}-{o}" for n, o in SPECS])
def test_allowed_values_start_a_game(name, option):
    spec = GAMES[name].option_specs[option]
    for value in good_values(spec):
        replay = start(name, **CONTEXT.get((name, option), {}), **{option: value})
        assert dict(replay.options)[option] == value


@pytest.mark.parametrize(("name", "option"), SPECS, ids=[f"{n}-{o}" for n, o in SPECS])
def test_bad_values_are_value_errors_naming_the_option_and_what_is_allowed(name, option):
    spec = GAMES[name].option_specs[option]
    bad = bad_values(spec) + ([] if spec.none else [None])
    for value in bad:
        with pytest.raises(ValueError) as err:
            Replay.start(name, 1, **{option: value})
        message = str(err.value)
        assert message.startswith(f"{option} must be {spec.allowed}, got "), message
        assert len(message) < 300


@pytest.mark.parametrize(
    ("name", "options", "words"),
    [
        ("pyramid_poker", {"foundation_width": 600}, "foundation_width must be 8-30"),
        ("pyramid_poker", {"foundation_width": 10**9}, "foundation_width must be 8-30"),
        ("pyramid_poker", {"foundation_width": 10**80}, "foundation_width must be 8-30"),
        ("pyramid_poker", {"foundation_width": 7}, "foundation_width must be 8-30"),
        ("pyramid_poker", {"target": 10**6}, "target must be 1-30"),
        ("pyramid_poker", {"games": 10**6}, "games must be 1-30 (a whole number) or None"),
        ("triangle", {"tie_void": math.inf}, "tie_void must be a probability from 0 to 1"),
        ("triangle", {"tie_void": math.nan}, "tie_void must be a probability from 0 to 1"),
        ("triangle", {"target": 10**6}, "target must be 1-200"),
        ("triad", {"hands": 10**6}, "hands must be 1-100"),
        ("triad", {"hands": 10**6, "betting": False}, "hands must be 1-100"),
        ("triad", {"betting": 1}, "betting must be True or False, got 1"),
        ("triad", {"players": 8}, "players must be 2-7"),
        ("pyramid", {"players": 4, "exchange_rounds": 2}, "two exchange rounds need 2 or 3"),
        ("highcard", {"players": 4, "hand_size": 14}, "hand_size must be 1-13 for 4 players"),
        ("three_thirteen", {"max_wilds_per_meld": -1}, "max_wilds_per_meld must be 0-13"),
        ("doudizhu", {"ruleset": "house"}, "ruleset must be 'cardavia' or 'pagat'"),
    ],
)
def test_the_known_holes_are_closed(name, options, words):
    with pytest.raises(ValueError, match=re.escape(words)):
        Replay.start(name, 1, **options)


def test_a_huge_value_is_shown_cut_short():
    with pytest.raises(ValueError) as err:
        Replay.start("pyramid_poker", 1, foundation_width=10**80)
    assert str(err.value).endswith("...") and len(str(err.value)) < 100


def test_option_kinds():
    assert whole(1, 3, "m").accepts(2) and not whole(1, 3, "m").accepts(True)
    assert not whole(1, 3, "m").accepts(None) and whole(1, 3, "m", none="x").accepts(None)
    assert whole(1, 3, "m", none="no limit").allowed == "1-3 (a whole number) or None (no limit)"
    assert probability("m").accepts(0.25) and not probability("m").accepts(math.nan)
    assert choice(("a",), "m").allowed == "'a'" and choice("ab", "m").allowed == "'a' or 'b'"
    assert flag("m").accepts(False) and not flag("m").accepts(0)


def test_a_replay_whose_options_are_not_a_mapping_is_a_value_error():
    text = Replay.start("highcard", 1).to_text()
    for options in ("[1, 2]", "5", "null", '"players"'):
        lines = [f"options: {options}" if line.startswith("options:") else line for line in
                 text.split("\n")]  # fmt: skip
        with pytest.raises(ValueError, match="line 4: options must be a JSON object"):
            Replay.from_text("\n".join(lines))
    bad = text.replace('"players": 2', '"players": 9')
    with pytest.raises(ValueError, match="players must be 2-4"):
        Replay.from_text(bad)


def test_docs_list_every_option_as_the_specs_say():
    """docs/options.md is generated from the specs: regenerate it with
    ``python tools/options_doc.py`` when an option changes."""
    assert DOCS.read_text() == options_markdown(GAMES.values())
    for game in GAMES.values():
        for option in game.option_specs:
            assert f"| `{option}` |" in DOCS.read_text()


def test_the_docs_tool_writes_that_file(tmp_path, monkeypatch, capsys):
    tool = load_tool("options_doc")
    assert tool.TARGET == DOCS
    monkeypatch.setattr(tool, "TARGET", tmp_path / "options.md")
    tool.main()
    assert (tmp_path / "options.md").read_text() == DOCS.read_text()
    assert "options.md" in capsys.readouterr().out


# -- the fuzz test ------------------------------------------------------------------------------
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(),
    st.sampled_from([10**9, 10**80, -(10**80)]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from(["low", "wild", "basic", "pagat", "shared", "blocks", "triad", "extra"]),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.text(max_size=2), st.integers(0, 3), max_size=1),
)


@pytest.mark.parametrize("name", list(GAMES))
@settings(
    max_examples=40, deadline=5000, suppress_health_check=[HealthCheck.too_slow], database=None
)
@given(data=st.data())
def test_arbitrary_options_are_refused_clearly_or_start_a_game(name, data):
    game = GAMES[name]
    keys = st.one_of(st.sampled_from(list(game.default_options)), st.text(max_size=8))
    options = data.draw(st.dictionaries(keys, VALUES, max_size=4), label="options")
    try:
        start(name, **options)
    except (ValueError, TypeError) as exc:
        assert str(exc).strip()
    else:
        for key, value in options.items():
            assert game.option_specs[key].accepts(value)
    record = Replay.start("highcard", 1).to_text().split("\n")
    record[1], record[3] = f"game: {name}", f"options: {json.dumps(options)}"
    try:
        Replay.from_text("\n".join(record))
    except ValueError as exc:  # only ever a ValueError, with a message
        assert str(exc).strip()
