"""Every text a lesson's tables and steppers show uses words a player knows: no identifier of
the code (``no_claim``, ``phase: bet1``, ``pair_run``) and one name for each thing, whether the
picture, the controls, the log or the text version names it (a Pyramid Poker slot is counted
from 1 everywhere)."""

from __future__ import annotations

import re

import pytest
from test_hidden_information import _steppers, _tables, shown_texts

from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.games.pyramid_poker.rules import slot_name
from cardlab.widgets import autoplay
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

CODE_WORDS = re.compile(
    r"\b[a-z]+_[a-z_]+\b"  # snake_case: an identifier, never a word
    r"|\bphase:|\bbet[12]\b"  # the engines' phase names
    r"|\bslots? 0\b|\brow 0\b|\bposition 0\b"  # a slot counted from 0
)


def code_words(texts: list[str]) -> list[str]:
    return [text for text in texts if CODE_WORDS.search(text)]


@pytest.mark.parametrize("game", list(_tables()))
def test_a_tables_texts_use_a_players_words(game):
    table = _tables()[game](ThemePicker())
    for _ in range(80):
        leaks = code_words(shown_texts(table))
        assert not leaks, f"{game}, step {len(table.model.replay)}: {leaks[:3]}"
        if table.model.replay.is_terminal:
            break
        autoplay.step(table)


@pytest.mark.parametrize("game", list(_steppers()))
def test_a_steppers_texts_use_a_players_words(game):
    stepper = _steppers()[game](ThemePicker())
    for eyes in (-1, 0):
        stepper.eyes.value = eyes
        for step in range(len(stepper.replay) + 1):
            stepper.stepper.go(step)
            leaks = code_words(shown_texts(stepper))
            assert not leaks, f"{game}, step {step}: {leaks[:3]}"


def test_a_pyramid_poker_slot_has_one_name_in_the_list_the_log_and_the_text_version():
    view = TableView(PyramidPokerTable.start(), ThemePicker())
    width = view.model.observation.width
    label, k = view.model.control("slot").options[0]
    assert label == str(slot_name(k, width)) == f"slot {k + 1} (row 1, position {k + 1})"
    assert f"place the block in {label}" in view.model.mirror().legal_moves
    view.controls["slot"].value = k
    view.controls["place"].click()
    assert f"Player 1 places a block face down in {label}." in view.journal.value
    assert label in " ".join(view.model.mirror().table)
