"""A Rules option redraws its lesson: kernel CPU time from the control's change to the handler's
return, for every option of every lesson with a rules row (goal: at most 0.3 s).

    python benchmarks/rules.py [--repeat 5] [--no-write] [--lessons triad ...] [--jobs 1]
    python benchmarks/rules.py --profile triad five_of_a_kind false   # where the time goes

Each measurement is a fresh process, as a lesson's kernel is: the lesson's notebook's code cells
run in one namespace (as the kernel runs them: the page is ``page``), then one rule changes
through its control on the page's rules panel (``page.rules.controls[name]``) and everything it
sets off runs before the value assignment returns.  Timed, ``time.process_time`` (kernel CPU,
fairly robust to a shared machine) and wall time:

1. the first change in the fresh process (what the teacher pays the first time),
2. back to the standard value (the same control),
3. the same change again and back again (the repeated change: caches warm).

Every panel's ``rules_changed`` (`LessonPanel.follow` calls it when the rules changed) is timed
on its own; the rest of the change is the page's (checking the rules, the controls, the state).
The values tried: every other value of a choice or flag, the neighbour of a whole number or a
probability and its far end.  The cases run interleaved (each repeat rotates the order).

Widgets run without a front end (ipywidgets' comm-less mode, as the app tests use): the widget
state is built and serialised, but no message is signed or sent.

Writes the "## Rules options: one change redraws the lesson" section of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import json
import os
import pstats
import statistics
import subprocess
import sys
import time
from collections import defaultdict
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from benchmarks.comms import Wire, recording_comms  # noqa: E402
from benchmarks.results import publish  # noqa: E402
from cardlab.core.options import Option  # noqa: E402
from cardlab.lessons.variants import VARIANTS  # noqa: E402

GOAL = 0.3
"""Seconds of kernel CPU time one change of a rule may take (issue 27)."""
SHOWN = 0.02
"""A panel's share of a change is listed in the breakdown from this many seconds on."""

Case = tuple[str, str, Any]
"""A lesson, one of its options, a value other than the standard one."""


def trial_values(spec: Option, standard: Any) -> list[Any]:
    """The values of one option to try: every other choice or flag value, or for a number the
    neighbour of ``standard`` and the far end of its range."""
    if spec.kind == "flag":
        return [not standard]
    if spec.kind == "choice":
        return [c for c in (*spec.choices, *([None] if spec.none else [])) if c != standard]
    if spec.kind == "probability":
        low, high, step = 0.0, 1.0, 0.05
    else:
        low, high, step = spec.low, spec.high, 1
    if standard is None:  # "no limit": the largest number is its neighbour
        return [high, low]
    near = round(standard + step, 2) if standard + step <= high else round(standard - step, 2)
    far = high if high - standard >= standard - low else low
    return [near] if far == near else [near, far]


def cases(lessons: list[str]) -> list[Case]:
    out = []
    for lesson in lessons:
        variant = VARIANTS[lesson]
        specs, defaults = variant.game.option_specs, variant.defaults
        out += [
            (lesson, name, value)
            for name in variant.names
            for value in trial_values(specs[name], defaults[name])
        ]
    return out


# -- in the measured process ----------------------------------------------------------------------
def build_page(lesson: str) -> Any:
    """Run the lesson's notebook's code cells as its kernel does; the page (``page``)."""
    cells = json.loads((REPO / "notebooks" / f"{lesson}.ipynb").read_text(encoding="utf-8"))
    namespace: dict[str, Any] = {}
    for cell in cells["cells"]:
        if cell["cell_type"] == "code":
            exec("".join(cell["source"]), namespace)
    return namespace["page"]


def panel_names(page: Any) -> Iterator[tuple[str, Any]]:
    """Each panel of the page with a name: its class, numbered when the class repeats."""
    seen: dict[str, int] = defaultdict(int)
    for panel in page.panels:
        name = type(panel).__name__
        seen[name] += 1
        yield (name if seen[name] == 1 else f"{name} {seen[name]}"), panel


def time_panels(page: Any) -> dict[str, float]:
    """Time every panel's ``rules_changed`` into the returned dict (CPU seconds by panel, for
    the change under way: the caller empties it before each)."""
    spent: dict[str, float] = {}

    def timed(name: str, call: Callable[..., None]) -> Callable[..., None]:
        def rules_changed(*args: Any, **kwargs: Any) -> None:
            start = time.process_time()
            try:
                call(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start

        return rules_changed

    for name, panel in panel_names(page):
        panel.rules_changed = timed(name, panel.rules_changed)
    return spent


def errors(page: Any) -> list[str]:
    """Every error shown on the page's or a panel's status line so far."""
    lines = [page.status, *(panel.status for panel in page.panels)]
    return [message for line in lines for level, message in line.history if level == "error"]


def change(page: Any, name: str, value: Any, spent: dict[str, float], wire: Wire) -> dict[str, Any]:
    """Set rule ``name`` to ``value`` through its control: CPU and wall seconds, by panel, and
    the messages and bytes the widgets would send."""
    spent.clear()
    before = len(errors(page))
    messages, sent = wire.messages, wire.total
    cpu, wall = time.process_time(), time.perf_counter()
    page.rules.controls[name].value = value
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    problems = errors(page)[before:]
    if page.rules.options[name] != value:
        problems.append(f"refused: {page.status.message}")
    return {
        "cpu": cpu,
        "wall": wall,
        "panels": dict(spent),
        "messages": wire.messages - messages,
        "bytes": wire.total - sent,
        "problems": problems,
    }


STEPS = ("first", "back", "again", "again back")


def worker(lesson: str, name: str, value: Any) -> dict[str, Any]:
    """One case in this (fresh) process: the first change, back, the change again, back."""
    with recording_comms() as wire:
        page = build_page(lesson)
        standard = page.rules.options[name]
        spent = time_panels(page)
        return {
            step: change(page, name, value if step in ("first", "again") else standard, spent, wire)
            for step in STEPS
        }


def profile(lesson: str, name: str, value: Any, rows: int = 30) -> None:
    """Print where the first change's time goes (cProfile, by cumulative time)."""
    with recording_comms():
        page = build_page(lesson)
        profiler = cProfile.Profile()
        profiler.enable()
        page.rules.controls[name].value = value
        profiler.disable()
    pstats.Stats(profiler).sort_stats("cumulative").print_stats(rows)


# -- running the cases ----------------------------------------------------------------------------
def run_case(case: Case) -> dict[str, Any]:
    """One case in a fresh process (this script as the worker)."""
    lesson, name, value = case
    out = subprocess.run(
        [sys.executable, __file__, "--worker", lesson, name, json.dumps(value)],
        stdout=subprocess.PIPE,
        text=True,
        check=True,
        cwd=REPO,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def run_all(todo: list[Case], repeat: int, jobs: int) -> dict[Case, list[dict[str, Any]]]:
    """Every case ``repeat`` times, interleaved: repeat r starts r cases further on."""
    order = [todo[(i + r) % len(todo)] for r in range(repeat) for i in range(len(todo))]
    results: dict[Case, list[dict[str, Any]]] = defaultdict(list)
    with ThreadPoolExecutor(jobs) as pool:
        for n, (case, result) in enumerate(zip(order, pool.map(run_case, order), strict=True), 1):
            results[case].append(result)
            first = result["first"]["cpu"]
            print(f"{n}/{len(order)} {case}: {first:.3f} s", file=sys.stderr, flush=True)
    return results


# -- report ---------------------------------------------------------------------------------------
def median(runs: list[dict[str, Any]], step: str, what: str = "cpu") -> float:
    return statistics.median(run[step][what] for run in runs)


def panel_medians(runs: list[dict[str, Any]], step: str) -> dict[str, float]:
    """Each panel's median CPU seconds in ``step`` (0 in a run it did not redo), largest first."""
    names = {name for run in runs for name in run[step]["panels"]}
    spent = {n: statistics.median(run[step]["panels"].get(n, 0.0) for run in runs) for n in names}
    return dict(sorted(spent.items(), key=lambda item: -item[1]))


def shown(value: Any) -> str:
    return json.dumps(value)


def report(results: dict[Case, list[dict[str, Any]]], repeat: int, jobs: int, load: str) -> str:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Rules options: one change redraws the lesson",
        "",
        f"Written by `python benchmarks/rules.py --repeat {repeat}` on {now} (2 cores shared "
        f"with other work, {jobs} case(s) at a time; load average {load}).  Each run is a fresh "
        "process that builds the lesson's page by running its notebook's code cells, then "
        "changes one rule through its control on the rules row; the time is from the control's "
        "new value to the handler's return (everything runs in it).  Kernel CPU seconds "
        f"(`time.process_time`), medians of {repeat} interleaved runs; **first**: the first "
        "change in a fresh kernel (what the teacher pays); **back**: the control back to the "
        "standard value; **again**: the same change a second time (caches warm).  Goal: every "
        f"change and its way back at most {GOAL} s; the ratio is the worse of first and back "
        "to the goal.  Widgets without a front end: each message a widget would send is serialised "
        "(`benchmarks/comms.py`), but not signed or sent; *first sends* counts them.  Not measured "
        "here: two options changed at once, the other values of a wide range, a link's seed "
        "(figures the stored ones do not cover are computed, as before).",
        "",
        "| lesson | rule | value | first (s) | wall | back (s) | again (s) | again back (s) "
        f"| first sends | worse / {GOAL} s | within goal |",
        "|---|---|---|---:|---:|---:|---:|---:|---|---:|---|",
    ]
    problems = []
    for (lesson, name, value), runs in results.items():
        first, back = median(runs, "first"), median(runs, "back")
        worse = max(first, back)
        cells = [f"{median(runs, step):.3f}" for step in STEPS]
        cells.insert(1, f"{median(runs, 'first', 'wall'):.3f}")
        kib = median(runs, "first", "bytes") / 1024
        sends = f"{median(runs, 'first', 'messages'):.0f} msgs, {kib:.0f} KiB"
        lines.append(
            f"| {lesson} | {name} | {shown(value)} | {' | '.join(cells)} | {sends} "
            f"| {worse / GOAL:.1f} | {'yes' if worse <= GOAL else 'no'} |"
        )
        said = {p for run in runs for step in run.values() for p in step["problems"]}
        problems += [f"- {lesson} {name}={shown(value)}: {p}" for p in sorted(said)]
    within = sum(max(median(r, "first"), median(r, "back")) <= GOAL for r in results.values())
    lines += ["", f"{within} of {len(results)} changes within the goal.", ""]
    lines += problems + ([""] if problems else [])
    lines += [
        "Where the first change and its way back go: each panel's `rules_changed` (median CPU "
        f"seconds, panels from {SHOWN} s on, largest first); **page** is the rest (the rules "
        "checked, the controls set, the state handed down).",
        "",
        "| lesson | rule = value | first: panels | back: panels |",
        "|---|---|---|---|",
    ]
    for (lesson, name, value), runs in results.items():
        cells = []
        for step in ("first", "back"):
            spent = panel_medians(runs, step)
            page = max(0.0, median(runs, step) - sum(spent.values()))  # medians: never below 0
            parts = [f"{n} {s:.2f}" for n, s in spent.items() if s >= SHOWN]
            cells.append(", ".join([*parts, f"page {page:.2f}"]))
        lines.append(f"| {lesson} | {name} = {shown(value)} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=1, help="cases at a time (the machine is shared)")
    ap.add_argument("--lessons", nargs="*", default=list(VARIANTS), choices=list(VARIANTS))
    ap.add_argument("--no-write", action="store_true")
    ap.add_argument("--worker", nargs=3, metavar=("LESSON", "RULE", "JSON"), help=argparse.SUPPRESS)
    ap.add_argument("--profile", nargs=3, metavar=("LESSON", "RULE", "JSON"))
    args = ap.parse_args(argv)
    # the workers import this checkout's cardlab, not an installed one
    os.environ["PYTHONPATH"] = os.pathsep.join(
        filter(None, [str(REPO), os.environ.get("PYTHONPATH")])
    )
    if args.worker:
        lesson, name, value = args.worker
        print(json.dumps(worker(lesson, name, json.loads(value))))
        return
    if args.profile:
        lesson, name, value = args.profile
        profile(lesson, name, json.loads(value))
        return
    before = os.getloadavg()[0]
    results = run_all(cases(args.lessons), args.repeat, args.jobs)
    load = f"{before:.1f} before, {os.getloadavg()[0]:.1f} after"
    publish(report(results, args.repeat, args.jobs, load), not args.no_write)


if __name__ == "__main__":
    main()
