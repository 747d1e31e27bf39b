"""What-if trees (`cardlab.core.whatif`): the ``line`` text and its strict reading, and growing
branches checked move by move against the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE
from cardlab.core.replay import Replay
from cardlab.core.whatif import (
    MAX_ACTION_CHARS,
    MAX_BRANCHES,
    Branch,
    WhatIfTree,
    decode_action,
    encode_action,
    line_text,
    read_line,
)


def bots():
    return {s: RandomBot(f"w/{s}") for s in range(3)}


def play_on(replay, reasons):
    return replay.play_out(bots(), reasons=reasons)


@pytest.fixture(scope="module")
def main():
    reasons: dict = {}
    replay = Replay.start("highcard", 4, players=3).play_out(bots(), reasons=reasons)
    return WhatIfTree.of(replay, reasons)


def a_move_step(replay, start=0):
    """The first step from ``start`` where a player has another legal move."""
    game = replay.game
    for step in range(start, len(replay)):
        state = replay.state_at(step)
        if game.current_player(state) >= 0 and len(game.legal_actions(state)) > 1:
            return step
    raise AssertionError("no choice in this replay")


def other_move(replay, step):
    game = replay.game
    state = replay.state_at(step)
    taken = replay.actions[step]
    return next(
        game.action_to_text(a) for a in game.legal_actions(state) if game.action_to_text(a) != taken
    )


# -- the text ------------------------------------------------------------------------------------
@given(st.text(min_size=1, max_size=60).filter(str.strip))
def test_any_action_text_survives_the_url_safe_alphabet(text):
    code = encode_action(text)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
    assert decode_action(code) == text


def test_the_text_is_short_and_readable():
    branches = (
        Branch(0, 14, "raise"),
        Branch(1, 20, "discard 9g 6k"),
        Branch(0, 3, "no_claim", ai=True),
    )
    text = line_text(2, branches)
    assert text == "2~0.14.raise~1.20.discard.9g.6k~0.3ai.no_claim"
    assert read_line(text) == (2, branches)


@given(
    st.lists(
        st.tuples(
            st.integers(0, 15),
            st.integers(0, 999_999),
            st.text(min_size=1, max_size=40),
            st.booleans(),
        ),
        max_size=MAX_BRANCHES,
    ),
    st.data(),
)
def test_every_tree_text_reads_back(raw, data):
    branches = tuple(
        Branch(min(parent, i), step, text if text.strip() else "x", ai)
        for i, (parent, step, text, ai) in enumerate(raw)
    )
    shown = data.draw(st.integers(0, len(branches)))
    assert read_line(line_text(shown, branches)) == (shown, branches)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "number of the line shown"),
        ("x", "number of the line shown"),
        ("01", "number of the line shown"),
        ("1", "only 0 branches"),
        ("0~", "must read <line>.<step>.<move>"),
        ("0~0.1", "must read"),
        ("0~0.01.raise", "must read"),
        ("0~1.1.raise", "does not come before it"),
        ("0~0.1.ra%20ise", "must read"),
        ("0~0.1.-zz", "must read"),
        ("0~0.1.-ff", "not valid text"),
        ("0~0.1..", "1-200 characters"),
        ("0~0.1." + "a" * (MAX_ACTION_CHARS + 1), "1-200 characters"),
        ("0" + "~0.1.a" * (MAX_BRANCHES + 1), "at most 16 branches"),
        ("0~0.1234567.a", "must read"),
        ("0" * 50_000, "at most"),
    ],
)
def test_a_malformed_line_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words.replace("(", r"\(").replace(")", r"\)")):
        read_line(text)


@settings(max_examples=300)
@given(st.text(alphabet=st.sampled_from("0123456789.~-_afzA %\u00e9"), max_size=400) | st.text())
def test_any_line_text_is_read_or_refused_with_a_value_error(text):
    try:
        shown, branches = read_line(text)
    except ValueError:
        return
    assert 0 <= shown <= len(branches) <= MAX_BRANCHES
    assert all(b.parent < i for i, b in enumerate(branches, 1))


# -- growing branches ----------------------------------------------------------------------------
def test_a_branch_keeps_the_line_up_to_its_step_then_plays_on(main):
    replay = main.main.replay
    step = a_move_step(replay, 10)
    move = other_move(replay, step)
    tree = main.grow(Branch(0, step, move), play_on)
    line = tree.lines[1]
    assert line.replay.actions[:step] == replay.actions[:step]
    assert line.replay.actions[step] == move
    assert line.replay.is_terminal
    kept = {s: r for s, r in main.main.reasons.items() if s <= step}
    assert {s: r for s, r in line.reasons.items() if s <= step} == kept
    assert {s for s in line.reasons if s > step} and step + 1 not in line.reasons
    # reproducible: the same branch again is the same line
    again = main.grow(Branch(0, step, move), play_on)
    assert again.lines[1].replay == line.replay
    assert tree.branches == (Branch(0, step, move),)
    assert tree.text(1) == f"1~0.{step}.{encode_action(move)}"


def test_a_branch_of_a_branch_sits_under_its_parent(main):
    replay = main.main.replay
    first = a_move_step(replay, 5)
    tree = main.grow(Branch(0, first, other_move(replay, first)), play_on)
    second = a_move_step(replay, first + 3)
    tree = tree.grow(Branch(0, second, other_move(replay, second)), play_on)
    child = tree.lines[1].replay
    deeper = a_move_step(child, first + 1)
    tree = tree.grow(Branch(1, deeper, other_move(child, deeper)), play_on)
    assert [tree.depth(i) for i in range(4)] == [0, 1, 1, 2]
    assert tree.order() == [0, 1, 3, 2]
    assert tree.departure(3) == deeper and tree.departure(0) is None
    assert tree.lines[3].replay.actions[:deeper] == child.actions[:deeper]
    # the text rebuilds the same tree
    shown, branches = read_line(tree.text(3))
    rebuilt = main.grown(branches, play_on)
    assert shown == 3 and [x.replay for x in rebuilt.lines] == [x.replay for x in tree.lines]


def test_what_a_branch_cannot_be(main):
    replay = main.main.replay
    game = replay.game
    chance = next(
        s for s in range(len(replay)) if game.current_player(replay.state_at(s)) == CHANCE
    )
    step = a_move_step(replay, 10)
    cases = {
        Branch(0, chance, "play 2c"): "chance decides it",
        Branch(0, len(replay), "play 2c"): "the game is over",
        Branch(0, len(replay) + 1, "play 2c"): "out of range",
        Branch(1, step, "play 2c"): "no line 1",
        Branch(0, step, "fold"): f"what-if at step {step}",
        Branch(0, step, replay.actions[step]): "plays .* there already",
        Branch(0, step, "x" * (MAX_ACTION_CHARS + 1)): "at most 200",
    }
    for branch, words in cases.items():
        with pytest.raises(ValueError, match=words):
            main.grow(branch, play_on)


def test_a_tree_holds_at_most_sixteen_branches(main):
    replay = main.main.replay
    step = a_move_step(replay, 10)
    move = other_move(replay, step)
    tree = main
    for _ in range(MAX_BRANCHES):
        tree = tree.grow(Branch(0, step, move), play_on)
    with pytest.raises(ValueError, match="at most 16 what-ifs"):
        tree.grow(Branch(0, step, move), play_on)
