"""The guard: exceptions in callbacks become a friendly status line and change nothing."""

from __future__ import annotations

import logging

import ipywidgets as widgets
import pytest

from cardlab.core.engine import IllegalMove
from cardlab.widgets.guard import friendly_message, guarded
from cardlab.widgets.panels import StatusLine


class Table:
    """A minimal app controller: compute the new replay first, assign it last."""

    def __init__(self, replay):
        self.replay = replay

    def play(self, action: str) -> None:
        self.replay = self.replay.append(action)


def test_friendly_messages():
    assert friendly_message(IllegalMove("you must follow suit")) == "You must follow suit"
    assert friendly_message(ValueError("seat 7 is out of range")) == "Seat 7 is out of range"
    assert friendly_message(KeyError("x")) == "Something went wrong: KeyError: 'x'"
    assert friendly_message(ZeroDivisionError()) == "Something went wrong: ZeroDivisionError"


def test_illegal_move_from_a_button_shows_the_reason_and_changes_nothing(highcard_replay, capsys):
    status = StatusLine()
    table = Table(highcard_replay.truncate(9))  # dealt; Player 1 to lead
    before = table.replay
    hand = before.state.hands[0]
    stranger = next(c for h in before.state.hands[1:] for c in h if c not in hand)
    button = widgets.Button(description="Play")
    button.on_click(guarded(status, lambda _b: table.play(f"play {stranger}")))

    button.click()

    assert table.replay is before
    assert status.level == "error"
    assert status.message == f"Player 1 does not hold {stranger}"
    assert "does not hold" in status.widget.value and "Traceback" not in status.widget.value
    out = capsys.readouterr()
    assert out.out == "" and out.err == ""


def test_game_over_message(highcard_replay):
    status = StatusLine()
    table = Table(highcard_replay)
    guarded(status, table.play)("play As")
    assert status.message == "The game is over: no more moves"
    assert table.replay is highcard_replay


def test_unexpected_errors_are_named_without_a_traceback(caplog):
    status = StatusLine()

    @guarded(status)
    def broken(x: int) -> int:
        return 1 // x

    with caplog.at_level(logging.WARNING, logger="cardlab.widgets"):
        assert broken(0) is None
    assert (
        status.message
        == "Something went wrong: ZeroDivisionError: integer division or modulo by zero"
    )
    # a bug reaches the server log at warning, with its traceback (kernel side, never the page)
    assert any(r.exc_info and r.levelno == logging.WARNING for r in caplog.records)
    assert broken(1) == 1  # results pass through


def test_a_refusal_is_logged_quietly(caplog):
    status = StatusLine()

    @guarded(status)
    def refuse() -> None:
        raise IllegalMove("not your turn")

    with caplog.at_level(logging.INFO, logger="cardlab.widgets"):
        refuse()
    assert status.message == "Not your turn"
    assert [r.levelno for r in caplog.records] == [logging.INFO]
    assert not caplog.records[0].exc_info


@pytest.mark.parametrize("kind", ["callable", "value-widget", "none"])
def test_other_status_sinks(kind, caplog):
    seen: list[str] = []
    label = widgets.Label()
    sink = {"callable": seen.append, "value-widget": label, "none": None}[kind]

    def refuse() -> None:
        raise IllegalMove("not your turn")

    with caplog.at_level(logging.WARNING, logger="cardlab.widgets"):
        guarded(sink, refuse)()
    if kind == "callable":
        assert seen == ["Not your turn"]
    elif kind == "value-widget":
        assert label.value == "Not your turn"
    else:
        assert "Not your turn" in caplog.text


def test_a_broken_status_sink_does_not_raise(caplog):
    def bad_sink(message: str) -> None:
        raise RuntimeError("sink down")

    def fail() -> None:
        raise ValueError("nope")

    guarded(bad_sink, fail)()
    assert "could not show" in caplog.text


def test_observer_callbacks_are_guarded_too():
    status = StatusLine()
    slider = widgets.IntSlider(value=0, max=10)

    def only_small(change) -> None:
        if change["new"] > 5:
            raise ValueError("pick at most 5")

    slider.observe(guarded(status, only_small), names="value")
    slider.value = 7
    assert status.message == "Pick at most 5"
