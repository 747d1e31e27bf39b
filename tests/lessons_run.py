"""Run a lesson's code cells as its page's kernel runs them, for the tests that check what a
lesson page builds (its widgets, canvases, labels, what it imports and computes at load).

The cells are those of the notebook Voilà runs, ``notebooks/[<lang>/]<lesson>.ipynb`` (built
from ``cardlab/lessons``; ``tests/test_notebook_sources.py`` keeps the two the same).  This
module imports only the standard library: `run_fresh` imports it in a fresh interpreter whose
modules a test inspects.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LESSON_NAMES = sorted(path.stem for path in NOTEBOOKS.glob("*.ipynb"))
"""Every lesson page, the index included."""
FRESH_TIMEOUT_S = 300


def code_cells(lesson: str, lang: str = "en") -> list[str]:
    """The code cells of the lesson's notebook in ``lang``, in order."""
    folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
    cells = json.loads((folder / f"{lesson}.ipynb").read_text(encoding="utf-8"))["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def run_cells(
    lesson: str, lang: str = "en", namespace: dict[str, Any] | None = None
) -> tuple[dict[str, Any], list[Any]]:
    """Run the lesson's code cells in order in ``namespace`` (a fresh ``__main__`` one, as in a
    kernel, by default); the namespace and what each cell shows (its last expression's value, as
    the page displays it), for the cells that end in an expression.  What a cell shows is
    displayed as a kernel displays it (its mime bundle made), which is when its widgets open
    (`cardlab.widgets.deferred`)."""
    namespace = {"__name__": "__main__"} if namespace is None else namespace
    where = f"{lang}/{lesson}.ipynb"
    shown = []
    for cell in code_cells(lesson, lang):
        tree = ast.parse(cell, where)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, where, "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), where, "eval"), namespace)
            if hasattr(value, "_repr_mimebundle_"):
                value._repr_mimebundle_()
            shown.append(value)
    return namespace, shown


def run_fresh(lesson: str, report: str, setup: str = "") -> Any:
    """Run the lesson's cells in a fresh interpreter, as a page's new kernel does: ``setup``
    first, then the cells in its ``__main__``, then ``report``, which prints a JSON value as
    its last line of output; that value."""
    code = "\n".join([
        setup,
        "import sys as _sys",
        f"_sys.path.insert(0, {str(Path(__file__).parent)!r})",
        "from lessons_run import run_cells as _run_cells",
        f"_run_cells({lesson!r}, namespace=globals())",
        report,
    ])  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=FRESH_TIMEOUT_S
    )
    assert done.returncode == 0, (
        f"the {lesson} lesson failed in a fresh interpreter:\n{done.stderr}"
    )
    return json.loads(done.stdout.strip().splitlines()[-1])
