"""Nothing a lesson view shows names a card hidden from the eyes it is shown through.

Every stepper is stepped through every step under every seat's eyes, and every table is played
to the end (or for a long stretch) from the learner's seat; at each step every text the view
shows (the widgets' values and labels, and the texts drawn on its canvases) is read and held
against two oracles that do not trust the views:

* the cards: no text may name a card the seat has not seen by that step (its observations so
  far, `cardlab.core.conformance.SeenSoFar`);
* the secrets: no text may hold the teacher's version of a narration or of another seat's reason
  when that seat may not read all of it, and a stepper under a seat's eyes shows no other
  seat's reason at all.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import pytest
from language_check import shown_texts

from cardlab.apps.model import LEARNER
from cardlab.core.conformance import SeenSoFar
from cardlab.widgets import autoplay
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.theme import ThemePicker

_TAG = re.compile(r"<[^>]+>")


# -- the oracles ---------------------------------------------------------------------------------
def assert_nothing_hidden(
    texts: list[str],
    seen: SeenSoFar,
    step: int,
    seat: int,
    reasons: dict[int, tuple[int, Any]],
    *,
    reasons_held_back: bool,
) -> None:
    replay = seen.replay
    where = f"step {step}, Player {seat + 1}'s eyes"
    for text in texts:
        leaked = seen.leaks(text, seat, step)
        assert not leaked, f"{where}: {sorted(leaked)} named in {text!r}"
    whole = "\n".join(texts)
    for number in range(1, step + 1):
        event = replay.event_at(number)
        if event.narration_for(seat) != event.narration:
            assert event.narration not in whole, f"{where}: the whole of event {number} is shown"
    own = [reason.text(None) for owner, reason in reasons.values() if owner == seat]
    for owner, reason in reasons.values():
        if owner == seat:
            continue
        full, partial = reason.text(None), reason.text(seat)
        # the same words may also be the seat's own reason (two bots, one situation)
        if full != partial and not any(full in mine for mine in own):
            assert full not in whole, f"{where}: Player {owner + 1}'s secret reason {full!r}"
        if reasons_held_back and not any(partial in mine for mine in own):
            assert partial not in whole, f"{where}: Player {owner + 1}'s reason {partial!r}"


# -- the steppers --------------------------------------------------------------------------------
@pytest.fixture
def picker() -> ThemePicker:
    return ThemePicker()


def _steppers() -> dict[str, Callable[[ThemePicker], Any]]:
    from cardlab.apps.doudizhu.stepper import DealStepper
    from cardlab.apps.pyramid.stepper import HandStepper as PyramidStepper
    from cardlab.apps.pyramid_poker.stepper import GameStepper as PyramidPokerStepper
    from cardlab.apps.three_thirteen.stepper import RoundStepper
    from cardlab.apps.triad.stepper import HandStepper as TriadStepper
    from cardlab.apps.triangle.stepper import GameStepper as TriangleStepper

    return {
        "triad": lambda p: StepperView(TriadStepper.start(), p),
        "pyramid": lambda p: StepperView(PyramidStepper.start(), p),
        "doudizhu": lambda p: StepperView(DealStepper.start(), p),
        "triangle": lambda p: StepperView(TriangleStepper.start(), p),
        "three_thirteen": lambda p: StepperView(RoundStepper.start(), p),
        "pyramid_poker": lambda p: StepperView(PyramidPokerStepper.start(), p),
    }


@pytest.mark.parametrize("game", list(_steppers()))
def test_every_stepper_shows_each_seat_only_what_it_may_see(picker, game):
    stepper = _steppers()[game](picker)
    replay = stepper.replay
    seats = replay.game.num_players(replay.state_at(0))
    seen = SeenSoFar(replay)  # one oracle for the whole replay: it remembers each seat's views
    for seat in range(seats):
        stepper.eyes.value = seat
        for step in range(len(replay) + 1):
            stepper.stepper.go(step)
            texts = shown_texts(stepper)
            assert_nothing_hidden(texts, seen, step, seat, stepper.reasons, reasons_held_back=True)
            if step == len(replay):
                assert f"Player {seat + 1}'s eyes" in " ".join(texts)
    # the teacher reads everything: the bots' reasons and every card, in the same views
    stepper.eyes.value = -1
    step = max(stepper.reasons)
    stepper.stepper.go(step)
    teacher = " ".join(shown_texts(stepper))
    assert stepper.reasons[step][1].text() in html.unescape(stepper.why.value)
    assert replay.event_at(step).narration in teacher


# -- the tables ----------------------------------------------------------------------------------
def _tables() -> dict[str, Callable[[ThemePicker], Any]]:
    from cardlab.apps.doudizhu.table import DouDizhuTable
    from cardlab.apps.pyramid.table import PyramidTable
    from cardlab.apps.pyramid_poker.table import PyramidPokerTable
    from cardlab.apps.three_thirteen.table import ThreeThirteenTable
    from cardlab.apps.triad.table import TriadTable
    from cardlab.apps.triangle.table import TriangleTable
    from cardlab.widgets.table import TableView

    return {
        "triad": lambda p: TableView(TriadTable.start(seed=3, opponents=3, hands=3), p),
        "pyramid": lambda p: TableView(PyramidTable.start(seed=5, opponents=2, hands=3), p),
        "doudizhu": lambda p: TableView(DouDizhuTable.start(seed=7), p),
        "triangle": lambda p: TableView(TriangleTable.start(seed=4), p),
        "three_thirteen": lambda p: TableView(
            ThreeThirteenTable.start(seed=7, opponents=2, rounds=2), p
        ),
        "pyramid_poker": lambda p: TableView(PyramidPokerTable.start(seed=2), p),
    }


def _table_reasons(table: Any) -> dict[int, tuple[int, Any]]:
    """Every bot reason the table's model holds in its log."""
    return {
        i: (entry.seat, entry.reason)
        for i, entry in enumerate(table.model.log)
        if entry.reason is not None
    }


@pytest.mark.parametrize("game", list(_tables()))
def test_every_table_shows_the_learner_only_what_their_seat_may_see(picker, game):
    """The learner plays through the table's own buttons (`cardlab.widgets.autoplay`)."""
    table = _tables()[game](picker)
    moves = 0
    seen: SeenSoFar | None = None
    for _ in range(150):
        texts = shown_texts(table)
        replay = table.model.replay
        step = len(replay)
        seen = SeenSoFar(replay) if seen is None else seen.follow(replay)
        assert_nothing_hidden(
            texts, seen, step, LEARNER, _table_reasons(table), reasons_held_back=False
        )
        if replay.is_terminal:
            break
        autoplay.step(table)
        moves += 1
    assert moves >= 5
