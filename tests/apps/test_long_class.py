"""A long class at one table: what the table re-sends stays the same size, game after game.

ipywidgets re-sends a widget's whole HTML on every change, so a log or score sheet that kept
every hand would cost more with each one.  Each table plays a dozen games through its own
controls (`cardlab.widgets.autoplay`, the policy of ``benchmarks/memory.py``), its score sheet
showing 3 rows; everything the log and the sheet send is recorded.  Kept hands would make the
last games' messages several times the first ones'; a log of the current hand and a folded score
sheet keep them alike.  Memory itself is measured by the benchmark, not here.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.apps.pyramid.table import PyramidTable
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.apps.triad.table import TriadTable
from cardlab.apps.triangle.table import TriangleTable
from cardlab.widgets.autoplay import play_game
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

GAMES = 12
EDGE = 3  # the first and the last games compared

TABLES: dict[str, Callable[[ThemePicker], TableView]] = {
    "triad": lambda theme: TableView(TriadTable.start(hands=3), theme),  # New game every third hand
    "pyramid": lambda theme: TableView(PyramidTable.start(hands=2), theme),
    "doudizhu": lambda theme: TableView(DouDizhuTable.start(), theme),  # the sheet keeps every deal
    "triangle": lambda theme: TableView(TriangleTable.start(), theme),
    "three_thirteen": lambda theme: TableView(ThreeThirteenTable.start(rounds=2), theme),
    "pyramid_poker": lambda theme: TableView(PyramidPokerTable.start(), theme),
}


@pytest.mark.parametrize("make", TABLES.values(), ids=list(TABLES))
def test_log_and_score_sheet_messages_do_not_grow_with_the_games(make):
    table = make(ThemePicker())
    table.scores.window = 3
    log = table.journal
    sent: dict[str, list[int]] = {"log": [], "score sheet": []}
    log.observe(lambda change: sent["log"].append(len(change["new"])), names="value")
    table.scores.widget.observe(
        lambda change: sent["score sheet"].append(len(change["new"])), names="value"
    )
    per_game: dict[str, list[int]] = {name: [] for name in sent}
    for _ in range(GAMES):
        play_game(table)
        for name, sizes in sent.items():
            per_game[name].append(max(sizes, default=0))  # the largest message of this game
            sizes.clear()
    for name, largest in per_game.items():
        first, last = max(largest[:EDGE]), max(largest[-EDGE:])
        assert last <= 2 * first, f"the {name} grew from {first} to {last} bytes: {largest}"
