"""What a table writes in the student's results: the student's own play, under the class deal
they saw.

Defects these guard against: a shared link once handed the sharer's finished hands to the
viewer's file (with all their moves on the first row), and a row's ``deal`` was the game's seed,
not the class deal the table showed.
"""

from __future__ import annotations

import pytest
from table_games import MODELS

from cardlab.core.classdeals import class_seed
from cardlab.widgets.autoplay import step as suggested
from cardlab.widgets.table import TableView


def to_the_next_end(table: TableView) -> None:
    """Play the suggestions until the table waits for its next hand, round or game."""
    for _ in range(2000):
        if table.model.suggest().key in (*table.model.again, "next-round"):
            return
        suggested(table)
    raise AssertionError("no end after 2000 presses")


@pytest.mark.parametrize("game", list(MODELS))
def test_a_shared_position_starts_the_viewers_record_empty(game):
    sharer = TableView(MODELS[game].start())
    to_the_next_end(sharer)
    suggested(sharer)  # the next hand (or game) begins
    suggested(sharer)  # and the sharer plays into it
    assert sharer.results.results, f"{game}: the sharer has finished rows"
    viewer = TableView(MODELS[game].start())
    viewer.open_position(sharer.position())
    assert viewer.model.presses == sharer.model.presses
    assert viewer.results.results == [], "the sharer's rows are not the viewer's"
    opened = len(viewer.model.replay)
    if viewer.model.suggest().key in (*viewer.model.again, "next-round"):
        suggested(viewer)  # the link was at an end: the viewer begins the next
    to_the_next_end(viewer)
    rows = viewer.results.results
    assert rows, f"{game}: the viewer's own hand is recorded"
    mine = "; ".join(viewer.model.learner_moves(opened))
    assert rows[0].moves.endswith(mine) and all(mine not in r.moves for r in rows[1:]), rows
    assert sum(mine in r.moves for r in rows) <= 1


@pytest.mark.parametrize("game", list(MODELS))
def test_a_class_row_names_the_class_deal_the_table_showed(game):
    table = TableView(MODELS[game].start())
    table._join_class("MATH7B")
    assert table.model.recipe.deal == 1
    assert table.model.seed == class_seed("MATH7B", table.model.game_name, 1)
    to_the_next_end(table)
    rows = table.results.results
    assert rows and {(r.class_code, r.deal) for r in rows} == {("MATH7B", 1)}, rows
    free = TableView(MODELS[game].start())
    to_the_next_end(free)
    assert {r.deal for r in free.results.results} == {0}  # no class: no class deal


def test_a_pyramid_poker_game_is_one_row_with_its_moves_numbered_as_the_table_numbers_slots():
    """One game, one row (not a row per hand with every move on the first), and its moves name
    the slots as the table does: "Place slot 5" is ``place 5``."""
    from cardlab.apps.pyramid_poker.table import PyramidPokerTable
    from cardlab.games.pyramid_poker.rules import slot_name

    table = TableView(PyramidPokerTable.start())
    first = table.model.slot_options()[0]
    table.controls["place"].click()
    placed = table.model.learner_moves()[0]
    assert placed == f"place {first[1] + 1}"
    assert str(slot_name(first[1], table.model.state.width)) in first[0]  # "slot 1 (row 1, ...)"
    to_the_next_end(table)
    (row,) = table.results.results
    sheet = table.model.scores
    assert row.moves.startswith("Game 1: place ") and len(sheet) > 1
    assert row.score == sum(r.scores[0] for r in sheet) == table.model.state.results[0].points[0]
    assert all(m.split()[0] in {"place", "take", "hand", "keep"}
               for m in row.moves.removeprefix("Game 1: ").split("; "))  # fmt: skip
