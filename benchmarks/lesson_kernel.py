"""Each lesson run top to bottom in a fresh kernel, against the bare one-canvas notebook.

    python benchmarks/lesson_kernel.py [--reps 7] [--lessons triad doudizhu ...] [--write]

What a lesson's cells cost a kernel, with nothing else: nbclient starts a fresh ipykernel (the
default ``python3`` kernel, as a hub or JupyterLab starts it), runs every cell, and shuts the
kernel down; no Voilà, no browser.  The yardstick is the bare one-canvas ipycanvas notebook
(`browser.BARE_SOURCE`) run the same way, interleaved: bare, lesson, bare, lesson, ...  Two
figures per run: the wall time of the whole run (start, cells, shutdown), and the CPU time the
kernel process used (user + system, read from the reaped child's rusage), which a busy machine
disturbs less than the wall clock.  A lesson's ratio is the median over the reps of its time
over the bare run just before it.  Goal (issue #32): at most 1.5x for every lesson.

The end of a run is the kernel's exit, read every 5 ms (`EXIT_POLL_S`): nbclient's kernel
manager looks every 100 ms, which rounds each run's shutdown up to a tenth of a second, as much
as a tenth of the ratio (a bare kernel takes 0.17 s to exit, a lesson's 0.19-0.21 s: two
looks against three).  ``--exit-poll 0.1`` measures as nbclient does by itself.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import sys
import time
from pathlib import Path

import nbclient
import nbformat
from jupyter_client import AsyncKernelManager

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import BARE_SOURCE
from results import publish

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
LESSONS = ("index", "00_decks", "triad", "pyramid", "doudizhu", "triangle", "three_thirteen",
           "pyramid_poker")  # fmt: skip
GOAL = 1.5
EXIT_POLL_S = 0.005
"""How often the end of a run looks whether the kernel has exited."""


class PromptExit(AsyncKernelManager):
    """nbclient's kernel manager, looking for the kernel's exit every `poll` seconds."""

    poll = EXIT_POLL_S

    async def _async_finish_shutdown(
        self, waittime: float | None = None, pollinterval: float = 0.1, restart: bool = False
    ) -> None:
        await super()._async_finish_shutdown(waittime, self.poll, restart)


def notebook(name: str) -> nbformat.NotebookNode:
    """A lesson's notebook, or (``"bare"``) the bare one-canvas notebook."""
    if name == "bare":
        bare = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE_SOURCE)])
        bare.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                       "language": "python"}  # fmt: skip
        return bare
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def run(name: str) -> tuple[float, float]:
    """(wall seconds, kernel CPU seconds) of one run of ``name`` in a fresh kernel."""
    nb = notebook(name)
    client = nbclient.NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        kernel_manager_class=PromptExit,
        resources={"metadata": {"path": str(NOTEBOOKS)}},
    )
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    client.execute()
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    if errors:
        raise RuntimeError(f"{name}: a cell failed: {errors[0].get('ename')}")
    return wall, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reps", type=int, default=7)
    parser.add_argument("--lessons", nargs="*", default=list(LESSONS), choices=LESSONS)
    parser.add_argument(
        "--exit-poll", type=float, default=EXIT_POLL_S, help="seconds between looks for the "
        "kernel's exit (nbclient's own: 0.1)"
    )  # fmt: skip
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if not 0 < args.exit_poll <= 1:
        parser.error("--exit-poll: between 0 and 1 second")
    PromptExit.poll = args.exit_poll
    if args.reps < 5:
        parser.error("--reps: the medians need at least 5")
    logging.disable(logging.WARNING)  # the kernels' "running over TCP" notes, once per kernel
    load = os.getloadavg()[0]
    run("bare")  # the first kernel of a run pays for cold files: not counted
    pairs: dict[str, list[tuple[tuple[float, float], tuple[float, float]]]] = {
        name: [] for name in args.lessons
    }
    for rep in range(args.reps):
        for name in args.lessons:
            pairs[name].append((run("bare"), run(name)))
        print(f"rep {rep + 1} of {args.reps} done", file=sys.stderr, flush=True)

    def med(xs: list[float]) -> float:
        return statistics.median(xs)

    rows = []
    worst = 0.0
    for name, runs in pairs.items():
        wall_ratio = med([lesson[0] / bare[0] for bare, lesson in runs])
        cpu_ratio = med([lesson[1] / bare[1] for bare, lesson in runs])
        worst = max(worst, wall_ratio)
        bare_wall, bare_cpu = (med([bare[k] for bare, _ in runs]) for k in (0, 1))
        wall, cpu = (med([lesson[k] for _, lesson in runs]) for k in (0, 1))
        rows.append(
            f"| {name}.ipynb | {bare_wall:.2f} | {wall:.2f} | **{wall_ratio:.2f}** "
            f"| {bare_cpu:.2f} | {cpu:.2f} | {cpu_ratio:.2f} "
            f"| {'yes' if wall_ratio <= GOAL else '**no**'} |"
        )
    poll_option = "" if args.exit_poll == EXIT_POLL_S else f" --exit-poll {args.exit_poll:g}"
    text = "\n".join(
        [
            "## A lesson's cells in a fresh kernel (`benchmarks/lesson_kernel.py`)",
            "",
            f"Written by `python benchmarks/lesson_kernel.py --reps {args.reps}{poll_option} "
            f"--write` on "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, Python "
            f"{sys.version.split()[0]}, nbclient {nbclient.__version__}, load average "
            f"{load:.1f} on {os.cpu_count()} cores at the start.  Each notebook runs top to "
            "bottom in a fresh `python3` ipykernel (start, every cell, shutdown to the kernel's "
            f"exit, looked for every {1000 * args.exit_poll:g} ms; no Voilà, no "
            "browser), interleaved with the bare one-canvas ipycanvas notebook (bare, lesson, "
            "bare, lesson, ...).  Ratios: the median over the reps of the lesson's time over "
            f"the bare run just before it.  Goal: at most {GOAL}x the bare notebook's wall time.",
            "",
            "| notebook | bare wall (s) | lesson wall (s) | wall ratio | bare kernel CPU (s) "
            "| lesson kernel CPU (s) | CPU ratio | within 1.5x |",
            "|---|---|---|---|---|---|---|---|",
            *rows,
            "",
            f"Worst wall ratio: {worst:.2f}.",
        ]
    )
    publish(text, args.write)
    return 0 if worst <= GOAL else 1


if __name__ == "__main__":
    raise SystemExit(main())
