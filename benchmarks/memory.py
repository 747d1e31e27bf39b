"""Kernel memory over a long class: RSS growth over 500 games at each table, RSS after each lesson.

    python benchmarks/memory.py --write                  # the full run; rewrites RESULTS.md
    python benchmarks/memory.py --games 20               # a quick check (prints only)
    python benchmarks/memory.py --tables doudizhu --skip-lessons

1. Tables: each of the six "play against the AI" tables in its own fresh process (one kernel-like
   process per table, at most ``--jobs`` at a time), built as its lesson builds it, without a
   browser: ipywidgets' default comm-less mode, as the app tests use.  The learner plays
   ``--games`` games through the table's own controls (`cardlab.widgets.autoplay`: a Triad or
   Pyramid hand, a Dou Dizhu deal, a whole Triangle, Three Thirteen or Pyramid Poker game, each
   followed by the button that starts the next) with the hint box ticked where the table has one
   that is cheap to show.  ``VmRSS`` from ``/proc/self/status`` (after ``gc.collect()``) is read
   once the table is built, after the warm-up games (constant tables built on first use,
   caches filling) and after the last game; ``VmHWM`` is the peak.  The widgets alive (ipywidgets'
   registry), the bytes of the score sheet and log HTML (what a change re-sends) and every
   cardlab cache (`cardlab.core.caches.census`) are read at the end.
2. Lessons: every notebook in ``notebooks/`` run top to bottom in the kernel `cardlab serve`
   gives Voilà (`cardlab.serve.kernel`: ipykernel without debugpy and jedi; nbclient);
   the kernel then reports its own ``VmRSS``, against the 90 MiB budget of a lesson's kernel, and
   which heavy libraries its cells loaded.  A fresh kernel importing those libraries one at a
   time shows what dominates.

Memory is reported in MiB as measured.  The machine is shared and noisy, so the only timing
reported, seconds per game, is a ratio to a yardstick (a fixed pure-Python workload) timed in
the same process.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardlab.serve.kernel import write_spec  # noqa: E402

NOTEBOOKS = REPO / "notebooks"
BUDGET_MIB = 90
GROWTH_BUDGET_MIB = 10
WARM_UP = 10  # games before the steady-state reading: constant tables built, caches filled

TABLES: dict[str, tuple[str, str, dict[str, Any], bool]] = {
    # name: the lesson's module, class and arguments (as in its notebook), tick the hint box
    "triad": ("cardlab.apps.triad.table", "TriadTable", {"opponents": 2}, False),
    "pyramid": ("cardlab.apps.pyramid.table", "PyramidTable", {"seed": 2, "opponents": 2}, True),
    "doudizhu": ("cardlab.apps.doudizhu.table", "DouDizhuTable", {"seed": 7}, False),
    "triangle": (
        "cardlab.apps.triangle.table",
        "TriangleTable",
        {"seed": 4, "show_odds": True},  # the odds box ticked from the start
        False,
    ),
    "three_thirteen": (
        "cardlab.apps.three_thirteen.table",
        "ThreeThirteenTable",
        {"seed": 7},
        False,
    ),
    "pyramid_poker": ("cardlab.apps.pyramid_poker.table", "PyramidPokerTable", {}, False),
}
"""Triad and Dou Dizhu have a Hint button the policy presses, Pyramid Poker a Play-the-hint
button; Three Thirteen's advisor box stays unticked (it recomputes on every click, about ten
times the cost of a game without it, too slow for 500 games)."""

HEAVY = ("numpy", "matplotlib", "PIL", "mistune", "ipycanvas", "ipywidgets")
IMPORT_STEPS = (
    ("idle kernel", ""),
    ("+ ipywidgets, ipycanvas", "import ipywidgets, ipycanvas"),
    ("+ numpy", "import numpy"),
    ("+ matplotlib.figure", "import matplotlib.figure"),
    ("+ PIL.Image", "import PIL.Image"),
    ("+ every cardlab.apps module", "import pkgutil, importlib, cardlab.apps as apps\n"
     "for m in pkgutil.walk_packages(apps.__path__, 'cardlab.apps.'):\n"
     "    importlib.import_module(m.name)"),
)  # fmt: skip


# -- measuring, in the process measured ------------------------------------------------------------
def status(field: str) -> float:
    """``VmRSS`` / ``VmHWM`` of this process in MiB (no psutil needed)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise ValueError(f"no {field} in /proc/self/status")


def rss() -> float:
    gc.collect()
    return status("VmRSS")


def yardstick() -> float:
    """Seconds for a fixed pure-Python workload (median of 5): the unit timings are given in.
    Arithmetic in a loop, allocating nothing that lasts, so it leaves the peak RSS alone."""
    times = []
    for _ in range(5):
        start = time.perf_counter()
        total = 0
        for i in range(300_000):
            total += i * 7919 % 100_003
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def checkpoints(games: int) -> list[int]:
    """Games after which RSS is read: the warm-up, then about ten points up to ``games``."""
    points = {min(WARM_UP, games), games, *range(games // 10, games, max(1, games // 10))}
    return sorted(p for p in points if p > 0)


def worker(name: str, games: int) -> dict[str, Any]:
    """Build table ``name`` as its lesson does, play ``games`` games, report what was measured."""
    import importlib

    from ipywidgets.widgets import widget

    from cardlab.core.caches import census
    from cardlab.widgets.autoplay import play_game
    from cardlab.widgets.table import TableView
    from cardlab.widgets.theme import ThemePicker

    module, cls, kwargs, tick_hint = TABLES[name]
    table_class = getattr(importlib.import_module(module), cls)
    unit = yardstick()
    imported = rss()
    table = TableView(table_class.start(**kwargs), ThemePicker())
    if tick_hint:  # the hint box is the table's "hint" toggle
        table.press("hint", True)
    built = rss()
    log = table.journal
    readings: dict[int, float] = {}
    sheet_bytes: list[int] = []
    log_bytes: list[int] = []
    link_bytes: list[int] = []
    start = time.perf_counter()
    for game in range(1, games + 1):
        play_game(table)
        sheet_bytes.append(len(table.scores.widget.value))
        log_bytes.append(len(log.value))
        link_bytes.append(len(table.results.link.value))
        if game in checkpoints(games):
            readings[game] = rss()
            print(f"{name}: {game} games, {readings[game]:.1f} MiB", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    return {
        "table": name,
        "games": games,
        "imported": imported,
        "built": built,
        "readings": readings,
        "peak": status("VmHWM"),
        "widgets": len(widget._instances),
        "sheet_bytes": [sheet_bytes[min(WARM_UP, games) - 1], max(sheet_bytes), sheet_bytes[-1]],
        "rows": len(table.scores.rows),
        "log_bytes_max": max(log_bytes),
        "results_link_bytes": [max(link_bytes), len(table.results.starts)],
        "yardsticks_per_game": seconds / games / unit,
        "caches": [[c.name, c.size, c.bound] for c in census() if c.size],
    }


@contextlib.contextmanager
def lesson_kernel(root: Path) -> Iterator[None]:
    """Kernels started inside run as `cardlab serve` runs them (`cardlab.serve.kernel`)."""
    saved = os.environ.get("JUPYTER_PATH")
    os.environ["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(write_spec(root)), saved) if p)
    try:
        yield
    finally:
        if saved is None:
            del os.environ["JUPYTER_PATH"]
        else:
            os.environ["JUPYTER_PATH"] = saved


def lesson_rss(notebook: Path | None, code: str = "") -> dict[str, Any]:
    """Run ``notebook``'s cells (or just ``code``) in a fresh ipykernel; its RSS and imports."""
    import nbclient
    import nbformat

    nb = nbformat.read(notebook, as_version=4) if notebook else nbformat.v4.new_notebook()
    probe = (
        "import gc, json, sys\ngc.collect()\n"
        "print(json.dumps({'rss': next(int(l.split()[1]) / 1024 for l in "
        "open('/proc/self/status') if l.startswith('VmRSS:')), 'heavy': "
        f"[m for m in {HEAVY!r} if m in sys.modules], "
        "'cardlab': getattr(sys.modules.get('cardlab'), '__file__', None)}))"
    )
    if code:
        nb.cells.append(nbformat.v4.new_code_cell(code))
    nb.cells.append(nbformat.v4.new_code_cell(probe))
    cwd = notebook.parent if notebook else REPO
    with tempfile.TemporaryDirectory() as spec, lesson_kernel(Path(spec)):
        client = nbclient.NotebookClient(
            nb, timeout=1800, resources={"metadata": {"path": str(cwd)}}
        )
        client.execute()
    found = json.loads(nb.cells[-1].outputs[-1]["text"].strip().splitlines()[-1])
    if found["cardlab"] and not found["cardlab"].startswith(str(REPO)):
        raise RuntimeError(f"the kernel imported another cardlab: {found['cardlab']}")
    return found


def import_costs() -> list[tuple[str, float]]:
    """One fresh kernel importing the heavy libraries one by one: RSS after each step."""
    code = ""
    steps = []
    for label, line in IMPORT_STEPS:
        code += line + "\n"
        steps.append((label, lesson_rss(None, code)["rss"]))
    return steps


# -- running the workers ---------------------------------------------------------------------------
def run_worker(args: list[str]) -> dict[str, Any]:
    """This script with ``args`` in a fresh process (its progress goes to stderr)."""
    out = subprocess.run(
        [sys.executable, __file__, *args], stdout=subprocess.PIPE, text=True, check=True, cwd=REPO
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


# -- report ----------------------------------------------------------------------------------------
def table_section(results: list[dict[str, Any]], games: int, jobs: int) -> list[str]:
    lines = [
        f"One fresh process per table ({jobs} at a time), the table built as its lesson builds it, "
        "ipywidgets without a front end (comm-less, as in `tests/apps`). A game: a Triad or "
        "Pyramid hand, a Dou Dizhu deal, a whole Triangle, Three Thirteen (11 rounds) or "
        "Pyramid Poker game, played through the table's buttons by `cardlab.widgets.autoplay` "
        "(Hint where the table has the button; Pyramid's and Triangle's hint boxes ticked). "
        f"Warm-up: the first {WARM_UP} games (constant tables built on first use, "
        "caches filling). Growth per game is after the warm-up.",
        "",
        "| table | RSS imported | RSS built | after warm-up | after last game | growth "
        f"(budget {GROWTH_BUDGET_MIB}) | of which after warm-up | per game after warm-up "
        "| peak (VmHWM) | widgets alive | score sheet HTML (warm-up / max / last) "
        "| log HTML max | s/game in yardsticks |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        readings = {int(k): v for k, v in r["readings"].items()}
        warm = readings[min(WARM_UP, r["games"])]
        last = readings[r["games"]]
        after = max(1, r["games"] - min(WARM_UP, r["games"]))
        s0, smax, slast = r["sheet_bytes"]
        lines.append(
            f"| {r['table']} | {r['imported']:.1f} | {r['built']:.1f} | {warm:.1f} | {last:.1f} "
            f"| **{last - r['built']:+.1f}** | {last - warm:+.1f} "
            f"| {1024 * (last - warm) / after:+.1f} KiB | {r['peak']:.1f} | {r['widgets']} "
            f"| {s0} / {smax} / {slast} ({r['rows']} rows kept) | {r['log_bytes_max']} "
            f"| {r['yardsticks_per_game']:.1f} |"
        )
    lines += [
        "",
        "RSS in MiB after `gc.collect()`. The score sheet HTML is what one change re-sends: it "
        "shows the latest rows and folds the earlier ones into a subtotal row, so it stays the "
        "same size however many deals the sheet keeps. The yardstick is a fixed pure-Python "
        "loop timed in the same process.",
        "",
        "RSS after each checkpoint (games: MiB):",
        "",
    ]
    for r in results:
        points = ", ".join(f"{k}: {v:.1f}" for k, v in r["readings"].items())
        lines.append(f"- {r['table']}: {points}")
    lines += ["", "The results link (`cardlab.widgets.results`) at its largest, and its files:", ""]
    for r in results:
        if "results_link_bytes" in r:
            largest, files = r["results_link_bytes"]
            lines.append(f"- {r['table']}: {largest} bytes, {files} file(s)")
    lines += ["", "Caches at the end (entries / bound), the ones each table filled:", ""]
    for r in results:
        caches = ", ".join(f"`{n.removeprefix('cardlab.')}` {s}/{b}" for n, s, b in r["caches"])
        lines.append(f"- {r['table']}: {caches}")
    return lines


def lesson_section(lessons: dict[str, dict[str, Any]], steps: list[tuple[str, float]]) -> list[str]:
    lines = [
        "Each notebook run top to bottom by nbclient in a fresh ipykernel (no Voilà, no "
        "browser: the widgets' comms open but nothing renders them); the kernel then reads its "
        f"own VmRSS. Budget: {BUDGET_MIB} MiB.",
        "",
        "| lesson | kernel RSS (MiB) | within budget | heavy libraries loaded |",
        "|---|---|---|---|",
    ]
    for name, r in lessons.items():
        ok = "yes" if r["rss"] <= BUDGET_MIB else f"no (+{r['rss'] - BUDGET_MIB:.0f})"
        lines.append(f"| {name} | {r['rss']:.1f} | {ok} | {', '.join(r['heavy'])} |")
    if steps:
        lines += [
            "",
            "What dominates: one fresh kernel importing the heavy libraries one at a time "
            "(each step adds to the ones before):",
            "",
            "| step | kernel RSS (MiB) | added (MiB) |",
            "|---|---|---|",
        ]
        before = steps[0][1]
        for label, value in steps:
            lines.append(f"| {label} | {value:.1f} | {value - before:+.1f} |")
            before = value
        lines += ["", "ipycanvas imports numpy itself, so numpy adds nothing after it."]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--tables", nargs="*", default=list(TABLES), choices=list(TABLES))
    parser.add_argument("--skip-lessons", action="store_true")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    parser.add_argument("--worker", choices=list(TABLES), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    # workers and kernels inherit this: they import this checkout's cardlab, not an installed one
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO), os.environ.get("PYTHONPATH")])
    )
    if args.worker:
        print(json.dumps(worker(args.worker, args.games)))
        return 0

    longest_first = sorted(args.tables, key=lambda t: t != "three_thirteen")  # 11 rounds a game
    with ThreadPoolExecutor(args.jobs) as pool:
        done = pool.map(lambda t: run_worker(["--worker", t, "--games", str(args.games)]),
                        longest_first)  # fmt: skip
        by_table = {r["table"]: r for r in done}
    results = [by_table[t] for t in args.tables]
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    written = (
        f"Written by `python benchmarks/memory.py --games {args.games} --write` on {now} "
        "(the machine above, shared with other work)."
    )
    text = "\n".join(["## Memory: a long class at one table", "", written, "",
                      *table_section(results, args.games, args.jobs)])  # fmt: skip
    if not args.skip_lessons:
        lessons = {nb.name: lesson_rss(nb) for nb in sorted(NOTEBOOKS.glob("*.ipynb"))}
        text += "\n\n" + "\n".join(["## Memory: a lesson's kernel", "", written, "",
                                     *lesson_section(lessons, import_costs())])  # fmt: skip
    print(text)
    if args.write:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from results import write_sections

        write_sections(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
