"""Bad input typed into a lesson never crashes it and never changes the game: the widget shows
a clear message on its status line and the deal stays as it was (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.apps.decks import DealStepper
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.guard import guarded
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
TEXTS = st.one_of(
    st.text(max_size=80),
    st.text(alphabet="0123456789 ³٣\n\r\t\x00:acdehipstoxy{}[]\"'-", max_size=120),
    st.sampled_from(["", " ", "place  3", "take 026", "discard\n7h", "\ufeff", "x" * 5_000]),
)


@pytest.fixture(scope="module")
def picker() -> ThemePicker:
    return ThemePicker()


@pytest.fixture(scope="module")
def deal(picker) -> FigureView:
    return FigureView(DealStepper.start().act("step", 3), picker)


@SETTINGS
@given(value=TEXTS | st.integers(-(10**9), 10**9) | st.floats() | st.none())
def test_a_step_that_is_not_one_changes_nothing(deal, value):
    """A step the deal does not have (from a tampered front end: the slider and the timer only
    send its own) is refused in words; the deal stays where it was."""
    before = deal.model
    try:
        deal.press("step", value)
    except ValueError as refused:
        assert "Step" in str(refused) and "Traceback" not in str(refused)
        assert deal.model == before
    else:
        assert isinstance(value, int) and deal.model.step == value


@pytest.fixture(scope="module")
def tables(picker) -> dict:
    """Each table with the handler a typed move goes through (at a model's table: the move
    every button and click of the table comes to)."""
    pp = TableView(PyramidPokerTable.start(seed=2), picker)
    tt = TableView(ThreeThirteenTable.start(seed=7, rounds=1), picker)
    tt.press("take-stock")  # a typed discard is a move now

    def play(text: str) -> None:
        pp.show(pp.model.play(text))

    def discard(text: str) -> None:  # a card typed instead of clicked: the model's discard
        tt.show(tt.model.discard(text))

    return {"pyramid_poker": (pp, play), "three_thirteen": (tt, discard)}


@SETTINGS
@given(
    text=st.one_of(TEXTS, st.text(alphabet="placetkhndr 0123456789", max_size=20)),
    name=st.sampled_from(["pyramid_poker", "three_thirteen"]),
)
def test_a_typed_move_the_table_cannot_play_changes_nothing(tables, text, name):
    table, act = tables[name]

    def replay():
        return table.model.replay

    before = replay()
    guarded(table.status, act)(text)
    if replay() is before:
        assert table.status.level == "error" and table.status.message
        assert "Traceback" not in table.status.message
    else:  # a legal move in another spelling: the engine read it as that move
        assert table.status.level != "error"
        assert replay().actions[: len(before)] == before.actions
