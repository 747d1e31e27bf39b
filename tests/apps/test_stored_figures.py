"""A lesson page computes none of its stored figures at load (`cardlab.core.stored`): the calls
its cells make, copied from the lesson documents, run with every stored function forbidden to
compute.  The figures themselves are recomputed and compared in tests/core/test_stored.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardlab.core import stored
from cardlab.widgets.theme import ThemePicker

LESSONS = Path(__file__).resolve().parents[2] / "cardlab" / "lessons"

LOADS = [
    (
        "00_decks",
        "cardlab.apps.decks",
        'PairOdds(trials=20_000, seed=2026, deck="pyramid", picker=theme)',
    ),
    ("doudizhu", "cardlab.apps.doudizhu.odds", "play_counts_table()"),
    ("doudizhu", "cardlab.apps.doudizhu.odds", "HandOdds(trials=2000, picker=theme)"),
    ("pyramid", "cardlab.apps.pyramid.odds", "OddsTable(theme)"),
    ("three_thirteen", "cardlab.apps.three_thirteen.odds", "OddsLesson(samples=300, picker=theme)"),
]
"""(lesson, the module its widget comes from, the cell's call)."""


@pytest.mark.parametrize(("lesson", "module", "call"), LOADS)
def test_a_lesson_reads_its_figures_and_computes_none(
    lesson: str, module: str, call: str, monkeypatch: pytest.MonkeyPatch
):
    assert call in (LESSONS / f"{lesson}.md").read_text(encoding="utf-8"), "update LOADS"
    namespace = vars(__import__(module, fromlist=["_"]))
    for function in stored.STORED.values():

        def refuse(*args, _name=function.name, **kwargs):
            raise AssertionError(f"{_name}{kwargs or args} computed at load: store it")

        monkeypatch.setattr(function, "compute", refuse)
    eval(call, {**namespace, "theme": ThemePicker()})
