"""What a lesson page does at load, where a student waits for it: every code cell of the lesson
document, run in order in a fresh interpreter, must compute no stored figure (the exact counts,
seeded simulations and bots' reasons that never change are read from ``cardlab/data``) and must
not import matplotlib (its charts are our own SVG; about 30 MiB and a second or two a page),
numpy (the counting imports it when it counts: 50-100 ms of a kernel's load) or Babel (numbers
are written from `cardlab.core.i18n.NUMBER_SIGNS`: its locale data took 40-70 ms).
The stored figures themselves are recomputed and compared in tests/core/test_stored.py."""

from __future__ import annotations

import pytest
from lessons_run import LESSON_NAMES, run_fresh

SPY = """
from cardlab.core import stored

computed = []
made = stored.StoredFunction.__init__


def spied(self, function):
    made(self, function)
    compute = self.compute

    def counted(*args, **kwargs):
        computed.append(f"{self.name}{args or ''}{kwargs or ''}")
        return compute(*args, **kwargs)

    self.compute = counted


stored.StoredFunction.__init__ = spied
"""
"""Counts every stored figure computed instead of read (set up before the lesson's cells)."""
REPORT = """
import json, sys
print(json.dumps({"modules": sorted({m.split(".")[0] for m in sys.modules}),
                  "computed": computed}))
"""


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_a_lesson_loads_without_computing_figures_or_importing_heavy_libraries(lesson):
    found = run_fresh(lesson, REPORT, setup=SPY)
    assert "ipywidgets" in found["modules"]  # the lesson's widgets were built
    for heavy in ("matplotlib", "numpy", "babel"):
        assert heavy not in found["modules"], f"the {lesson} lesson imported {heavy} at load"
    assert found["computed"] == [], f"the {lesson} lesson computed at load: store these"


def test_the_spy_sees_a_computed_figure():
    """Guard against a check that can never fail: a call that is not stored is counted."""
    compute = "from cardlab.core.odds import simulate_pairs\nsimulate_pairs(trials=10, seed=1)\n"
    assert run_fresh("00_decks", compute + REPORT, setup=SPY)["computed"]
