"""What a lesson page does at load, where a student waits for it: every code cell of the lesson
document, run in order in a fresh interpreter, must compute no stored figure (the exact counts,
seeded simulations and bots' reasons that never change are read from ``cardlab/data``) and must
not import matplotlib (its charts are our own SVG; about 30 MiB and a second or two a page).
The stored figures themselves are recomputed and compared in tests/core/test_stored.py."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

LESSONS = Path(__file__).resolve().parents[2] / "cardlab" / "lessons"

RUN_CELLS = """
import json, re, sys
from cardlab.core import stored

computed = []
made = stored.StoredFunction.__init__


def spied(self, function):
    made(self, function)
    compute = self.compute

    def counted(*args, **kwargs):
        computed.append(f"{{self.name}}{{args or ''}}{{kwargs or ''}}")
        return compute(*args, **kwargs)

    self.compute = counted


stored.StoredFunction.__init__ = spied
text = open({path!r}, encoding="utf-8").read()
for cell in re.findall(r"^```{{code-cell}}[^\\n]*\\n(.*?)^```", text, re.S | re.M):
    exec(cell, globals())
print(json.dumps({{"modules": sorted({{m.split(".")[0] for m in sys.modules}}),
                  "computed": computed}}))
"""


@pytest.mark.parametrize("lesson", sorted(p.stem for p in LESSONS.glob("*.md")))
def test_a_lesson_loads_without_computing_figures_or_importing_matplotlib(lesson):
    code = RUN_CELLS.format(path=str(LESSONS / f"{lesson}.md"))
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    ).stdout
    found = json.loads(out.strip().splitlines()[-1])
    assert "ipywidgets" in found["modules"]  # the lesson's widgets were built
    assert "matplotlib" not in found["modules"], f"the {lesson} lesson imported matplotlib"
    assert found["computed"] == [], f"the {lesson} lesson computed at load: store these"


def test_the_spy_sees_a_computed_figure():
    """Guard against a check that can never fail: a call that is not stored is counted."""
    code = RUN_CELLS.format(path=str(LESSONS / "00_decks.md")).replace(
        "print(json.dumps(",
        "from cardlab.core.odds import simulate_pairs\nsimulate_pairs(trials=10, seed=1)\n"
        "print(json.dumps(",
        1,
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=300
    ).stdout
    assert json.loads(out.strip().splitlines()[-1])["computed"]
