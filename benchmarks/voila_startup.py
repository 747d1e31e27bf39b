"""What a student waits for: every lesson's first drawing, warm and cold, and every table's click.

    python benchmarks/voila_startup.py                 # print the figures
    python benchmarks/voila_startup.py --write         # ... and rewrite benchmarks/RESULTS.md
    python benchmarks/voila_startup.py --runs 5 --clicks 40 --only triad.ipynb
    python benchmarks/voila_startup.py --clicks-only --write   # section 3 alone
    python benchmarks/voila_startup.py --against REV --only triad.ipynb --write   # section 5

1. **First drawn canvas, every lesson.**  From the page request (Playwright ``goto``) until a canvas
   of the page holds a drawing (`browser.first_canvas_s`).  *Warm*: `cardlab serve` as a teacher
   starts it, with its pool of preheated kernels; after each page is closed the benchmark waits
   until the pool has refilled and the machine is idle.  *Cold*: `cardlab serve --pool 0`, so the
   kernel starts and runs the lesson on request (what a student meets when the pool is empty).
   Each round requests the bare one-canvas notebook (`browser.BARE`) and every lesson in turn;
   a lesson's ratio is its median over the bare notebook's median in the same phase, so a busy
   machine moves both and cannot hide a regression.
2. **Kernel memory per lesson**: in the cold phase the page's kernel is the only one, so its VmRSS
   once the page has drawn and the kernel is idle is that lesson's cost.
3. **Click to redrawn canvas, every table**: a student presses ``--clicks`` moves at the table
   (`browser.DRIVERS`) and after each, once the table is quiet again (as before its own
   presses), the bare notebook's Redraw button is clicked in a second
   tab: the yardstick interleaved click by click, once the server has settled after both pages
   opened (the preheated kernels they took are replaced by running their notebooks, seconds of
   CPU that would land on whichever clicks came first).  The goal (issue 27): the table's
   median and p95 at most `CLICK_GOAL` times the bare button's, in the same run.
4. **One controller step** (decks lesson, in process, no browser): what one step sends.
5. **This tree against another commit** (``--against REV``, alone): two warm servers side by
   side, one running REV's ``cardlab`` (a git worktree), one this tree's, serving the same
   lessons; each round asks each lesson of both, in alternating order, for its first drawn
   canvas.  The ratio of medians says what a change costs a page's start.
"""

from __future__ import annotations

import argparse
import datetime
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import (
    BARE,
    CHROMIUM_ARGS,
    DRIVERS,
    LESSONS,
    QUIET_JS,
    chromium_path,
    click_latency_ms,
    close_page,
    first_canvas_s,
    lesson_dir,
    machine,
    new_page,
    next_move,
    percentile,
    press,
    serving,
)
from comms import recording_comms
from results import publish

from cardlab.serve.procs import rss_mib


# -- 1 + 2: first drawn canvas and kernel memory ------------------------------------------------
@dataclass
class Phase:
    """One server's figures: seconds to the first drawn canvas, per notebook, in request order."""

    name: str
    times: dict[str, list[float]] = field(default_factory=dict)
    kernel_mib: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def median(self, notebook: str) -> float:
        return statistics.median(self.times[notebook]) if self.times.get(notebook) else float("nan")

    def ratio(self, notebook: str) -> float:
        return self.median(notebook) / self.median(BARE)


def first_canvases(browser, notebooks: Path, phase: Phase, runs: int, pool: str,
                   lessons: tuple[str, ...]) -> Phase:  # fmt: skip
    """``runs`` rounds of bare notebook + every lesson on one server (``--pool`` ``pool``)."""
    with serving(notebooks, "--pool", pool) as server:
        server.settle(timeout=300)
        baseline = len(server.kernels())
        for r in range(runs):
            for notebook in (BARE, *lessons):
                page = new_page(browser)
                try:
                    seconds = first_canvas_s(page, server.url(notebook))
                    phase.times.setdefault(notebook, []).append(seconds)
                    if pool == "0":
                        server.settle(kernels=1)
                        kernels = server.kernels()
                        phase.kernel_mib.setdefault(notebook, []).append(rss_mib(kernels[0]))
                except Exception as exc:  # a benchmark reports a failure, it does not stop
                    phase.errors.append(f"{notebook} run {r + 1}: {type(exc).__name__}: {exc}")
                finally:
                    close_page(page)
                server.settle(kernels=baseline)
                print(f"{phase.name} {r + 1} {notebook}: {phase.times.get(notebook, ['-'])[-1]}",
                      flush=True)  # fmt: skip
    return phase


# -- 5: against another commit ------------------------------------------------------------------
Pairs = dict[str, tuple[list[float], list[float]]]
"""{lesson: (seconds on REV's server, seconds on this tree's)}."""


def against_commit(rev: str, runs: int, lessons: tuple[str, ...]) -> Pairs:
    """First drawn canvases of ``lessons`` on REV's server and this tree's, interleaved."""
    from playwright.sync_api import sync_playwright

    chromium = chromium_path()
    if chromium is None:
        raise SystemExit("no Chromium: the comparison needs a browser")
    repo = Path(__file__).resolve().parents[1]
    pairs: Pairs = {lesson: ([], []) for lesson in lessons}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        base = Path(tmp) / "base"
        subprocess.run(["git", "worktree", "add", "--detach", str(base), rev], cwd=repo,
                       check=True, capture_output=True)  # fmt: skip
        notebooks = Path(tmp) / "notebooks"
        notebooks.mkdir()
        # only these (two pools of every lesson would not fit in memory), and the index, without
        # which `cardlab serve` does not start
        for lesson in {*lessons, "index.ipynb"}:
            shutil.copy(repo / "notebooks" / lesson, notebooks / lesson)
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        try:
            with serving(notebooks, code=base) as old, serving(notebooks) as new:
                servers = (old, new)
                for server in servers:
                    server.settle(timeout=300)
                baseline = [len(server.kernels()) for server in servers]
                for r in range(runs):
                    for lesson in lessons:
                        for which in (0, 1) if r % 2 == 0 else (1, 0):
                            page = new_page(browser)
                            try:
                                seconds = first_canvas_s(page, servers[which].url(lesson))
                                pairs[lesson][which].append(seconds)
                            finally:
                                close_page(page)
                            for server, kernels in zip(servers, baseline, strict=True):
                                server.settle(kernels=kernels)
                        print(f"round {r + 1} {lesson}: {rev} {pairs[lesson][0][-1]:.2f} s, "
                              f"this tree {pairs[lesson][1][-1]:.2f} s", flush=True)  # fmt: skip
        finally:
            browser.close()
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=repo,
                           check=False, capture_output=True)  # fmt: skip
    return pairs


def against_report(pairs: Pairs, rev: str, runs: int, command: str) -> list[str]:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## First drawn canvas, this tree against an earlier commit",
        "",
        f"Written by `{command}` on {now}. Two warm servers side by side (`cardlab serve`, "
        f"preheated pools), one running `{rev}`'s code, one this tree's; {runs} rounds, each "
        "asking every lesson of both in alternating order. Seconds from the page request to "
        "the first drawn canvas, medians; ratio: the median of the paired ratios (this "
        "tree's page over the earlier one's, asked one after the other), with their range.",
        "",
        f"| lesson | {rev} (s) | this tree (s) | ratio | ratios min-max | within 5% |",
        "|---|---:|---:|---:|---|---|",
    ]
    every: list[float] = []
    for lesson, (old, new) in pairs.items():
        ratios = [b / a for a, b in zip(old, new, strict=False)]
        every += ratios
        lines.append(row(lesson, median(old), median(new), ratios))
    return [*lines, row("**all lessons**", float("nan"), float("nan"), every), ""]


def row(name: str, old: float, new: float, ratios: list[float]) -> str:
    """A line of the comparison: the medians and the median of the paired ratios."""
    ratio = median(ratios)
    spread = f"{min(ratios):.2f}-{max(ratios):.2f}" if ratios else "-"
    seconds = f"{old:.2f} | {new:.2f}" if old == old else "- | -"  # nan: the summary line
    within = "yes" if ratio <= 1.05 else "**no**"
    return f"| {name} | {seconds} | {ratio:.3f} | {spread} | {within} |"


# -- 3: click to redrawn canvas -------------------------------------------------------------------
Clicks = dict[str, tuple[list[float], list[float], int]]
"""{table: (latencies ms, bare latencies ms, clicks without a redraw)}."""


def clicks_at_tables(browser, notebooks: Path, clicks: int, lessons: tuple[str, ...]) -> Clicks:
    """`Clicks` at every table of ``lessons``, on a warm server."""
    out: Clicks = {}
    with serving(notebooks) as server:
        server.settle(timeout=300)
        for lesson in (x for x in lessons if x in DRIVERS):
            table_page, bare_page = new_page(browser), new_page(browser)
            mine: list[float] = []
            bare: list[float] = []
            silent = 0
            try:
                first_canvas_s(table_page, server.url(lesson))
                first_canvas_s(bare_page, server.url(BARE))
                # the two pages took preheated kernels: the pool refills them by running their
                # notebooks (seconds of CPU on two cores); a student clicks in the steady state
                server.settle(timeout=300)
                table_page.locator(".cardlab-table").first.scroll_into_view_if_needed()
                while len(mine) < clicks:
                    table_page.wait_for_function(
                        "keys => keys.some(k => { const b = document.querySelector("
                        "`.cardlab-table button.cardlab-${k}`); return b && !b.disabled; })",
                        arg=list(DRIVERS[lesson]), timeout=20_000,
                    )  # fmt: skip
                    ms = press(table_page, next_move(table_page, lesson))
                    if ms is None:
                        silent += 1
                        if silent > 3 * clicks:
                            raise RuntimeError(f"{lesson}: the table stopped redrawing")
                        continue
                    mine.append(ms)
                    # the yardstick's click comes once the table is quiet, as the table's own
                    # does: clicked at once, it shared the two cores with the table kernel's
                    # work after a press (its words, its look-ahead, its bots)
                    table_page.evaluate(QUIET_JS)
                    redraw = bare_page.locator("button.cardlab-redraw")
                    latency = click_latency_ms(bare_page, redraw)
                    if latency is not None:
                        bare.append(latency)
            finally:
                close_page(table_page)
                close_page(bare_page)
            out[lesson] = (mine, bare, silent)
            print(f"clicks {lesson}: median {statistics.median(mine):.1f} ms, p95 "
                  f"{percentile(mine, 0.95):.1f} ms; bare {statistics.median(bare):.1f} ms",
                  flush=True)  # fmt: skip
    return out


# -- 3: one controller step -----------------------------------------------------------------------
@dataclass
class StepCost:
    ops: int
    commands: int
    sprites_blitted: int
    messages: int
    opens: int
    bytes: int
    python_ms: float


def controller_steps(deal_name: str = "decks-forced-follow") -> tuple[list[StepCost], int]:
    """Click Forward through a whole High Card deal (the decks lesson's curated deal: standard52,
    seed 1): the cost of each step, sprites cached."""
    with recording_comms() as wire:
        from cardlab.apps.decks import DealStepper
        from cardlab.widgets.figure_view import FigureView

        deal = FigureView(DealStepper.start(deal_name))
        view = next(shown.canvas for shown in deal.shown if shown.canvas is not None)
        costs = []
        while deal.model.step < len(deal.model.replay):
            before = (wire.messages, wire.opens, wire.total)
            t = time.perf_counter()
            deal.controls["next"].click()
            dt = time.perf_counter() - t
            costs.append(
                StepCost(
                    view.last_ops_count, view.last_commands_count, view.last_sprites_blitted,
                    wire.messages - before[0], wire.opens - before[1], wire.total - before[2],
                    dt * 1000,
                )
            )  # fmt: skip
    return costs, len(view.sprite_canvases)


# -- report ---------------------------------------------------------------------------------------
def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def canvas_report(warm: Phase, cold: Phase, runs: int) -> list[str]:
    lines = [
        "## First drawn canvas, every lesson (warm and cold)",
        "",
        f"Seconds from the page request to the first drawn canvas, median of {runs} rounds; each "
        "round requests the bare one-canvas ipycanvas notebook and every lesson in turn on the "
        "same server. *Warm*: `cardlab serve` (preheated kernels; the pool refilled and the "
        "machine idle before each request). *Cold*: `cardlab serve --pool 0` (the kernel starts "
        "and runs the lesson on request). Ratio: the lesson's median over the bare notebook's "
        "in the same phase. Kernel RSS: the page's kernel in the cold phase, idle after drawing.",
        "",
        "| notebook | warm (s) | warm max (s) | warm ratio | cold (s) | cold max (s) "
        "| cold ratio | within 1.5 s / 3 s | kernel RSS (MiB) | within 90 MiB |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for nb in (BARE, *(n for n in warm.times if n != BARE)):
        w, c = warm.times.get(nb, []), cold.times.get(nb, [])
        mib = median(cold.kernel_mib.get(nb, []))
        ok = "yes" if median(w) <= 1.5 and median(c) <= 3.0 else "**no**"
        lines.append(
            f"| {'bare canvas (yardstick)' if nb == BARE else nb} | {median(w):.2f} "
            f"| {max(w, default=float('nan')):.2f} | {warm.ratio(nb):.2f} | {median(c):.2f} "
            f"| {max(c, default=float('nan')):.2f} | {cold.ratio(nb):.2f} "
            f"| {'-' if nb == BARE else ok} | {mib:.0f} "
            f"| {'-' if nb == BARE else ('yes' if mib <= 90 else '**no**')} |"
        )
    for phase in (warm, cold):
        lines += [f"- {phase.name} error: {e}" for e in phase.errors]
    return [*lines, ""]


CLICK_GOAL = 1.25
"""A table's click may take at most this many times the bare ipycanvas button's, median and
p95 (issue 27: one engine move and one canvas batch per press)."""


def click_report(clicks: Clicks, written: str) -> list[str]:
    lines = [
        "## Click to redrawn canvas, every table",
        "",
        written,
        "",
        "Milliseconds from a click on a table's control (Chromium's click event) to the table's "
        "canvas holding new pixels: the probe (`benchmarks/browser.py::ARM_JS`) watches the "
        "drawing calls on the visible canvas and, right after them, makes the browser rasterise "
        "it and takes the time, then checks off the clock that the picture differs from the one "
        "before the click. A student presses the "
        "first enabled control of a preference list (`benchmarks/browser.py::DRIVERS`); after "
        "each press, once the table is quiet again (as before its own presses), the bare "
        "notebook's Redraw button is clicked in a second tab (the yardstick, interleaved click "
        "by click). Presses that change no pixel (a move that only writes to "
        "the log) are counted, not timed.",
        "",
        "| table | clicks | median ms | p95 ms | max ms | bare median ms | bare p95 ms "
        f"| ratio of medians | ratio of p95s | within {CLICK_GOAL}x | presses without a redraw |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for lesson, (mine, bare, silent) in clicks.items():
        medians = median(mine) / median(bare)
        p95s = percentile(mine, 0.95) / percentile(bare, 0.95)
        ok = "yes" if max(medians, p95s) <= CLICK_GOAL else "**no**"
        lines.append(
            f"| {lesson.removesuffix('.ipynb')} | {len(mine)} | {median(mine):.1f} "
            f"| {percentile(mine, 0.95):.1f} | {max(mine, default=float('nan')):.1f} "
            f"| {median(bare):.1f} | {percentile(bare, 0.95):.1f} "
            f"| {medians:.2f} | {p95s:.2f} | {ok} | {silent} |"
        )
    return [*lines, ""]


def step_report(steps: list[StepCost], sprites: int) -> list[str]:
    first, rest = steps[0], steps[1:] or steps
    return [
        "## One controller step (decks lesson, `DealStepper`, standard52, seed 1)",
        "",
        f"Forward clicked through a whole deal ({len(steps)} steps) in process, widget comms",
        "recording what would be sent. A step redraws the table in one batched canvas message",
        "and updates the caption, the step field, the buttons and the text mirror.",
        "",
        "| | DrawOps | canvas commands | sprites blitted | comm messages | of which new widgets "
        "| bytes sent | Python ms |",
        "|---|---|---|---|---|---|---|---|",
        f"| first step | {first.ops} | {first.commands} | {first.sprites_blitted} "
        f"| {first.messages} | {first.opens} | {first.bytes} | {first.python_ms:.1f} |",
        *[
            f"| {name} of steps 2-{len(steps)} | {f([s.ops for s in rest]):.0f} "
            f"| {f([s.commands for s in rest]):.0f} | {f([s.sprites_blitted for s in rest]):.0f} "
            f"| {f([s.messages for s in rest]):.0f} | {f([s.opens for s in rest]):.0f} "
            f"| {f([s.bytes for s in rest]):.0f} | {f([s.python_ms for s in rest]):.1f} |"
            for name, f in (("median", median), ("max", max))
        ],
        "",
        "Bytes are the JSON of each comm message's data plus its binary buffers (the Jupyter",
        "message header adds roughly 300-400 bytes per message on top). A face is drawn into a",
        "hidden canvas of the page the first time it is shown, in the step's own batch (no new",
        f"widget); {sprites} for this deal, one per distinct face. Python ms is the",
        "click handler in process (engine step, render, replay, comm serialisation to JSON); the",
        "kernel's message signing and ZMQ send are not included.",
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="rounds of first canvases (>= 5)")
    parser.add_argument("--clicks", type=int, default=40, help="timed presses per table")
    parser.add_argument("--only", nargs="*", default=None, metavar="LESSON")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument(
        "--clicks-only", action="store_true", help="only the clicks at the tables (section 3)"
    )
    parser.add_argument(
        "--against", metavar="REV", help="only the first canvases against commit REV (section 5)"
    )
    args = parser.parse_args(argv)
    lessons = tuple(args.only) if args.only else LESSONS
    if args.against:
        command = " ".join(["python benchmarks/voila_startup.py", *(argv or sys.argv[1:])])
        pairs = against_commit(args.against, args.runs, lessons)
        publish("\n".join(against_report(pairs, args.against, args.runs, command)), args.write)
        return 0

    info = machine()
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Machine",
        "",
        f"Written by `python benchmarks/voila_startup.py --write` on {now}.",
        "",
        "| | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in info.items()],
        "",
    ]
    chromium = chromium_path()
    if not args.skip_browser and chromium is not None:
        from playwright.sync_api import sync_playwright

        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
            notebooks = lesson_dir(Path(tmp) / "notebooks")
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            if not args.clicks_only:
                warm = first_canvases(browser, notebooks, Phase("warm"), args.runs, "1", lessons)
                cold = first_canvases(browser, notebooks, Phase("cold"), args.runs, "0", lessons)
                lines += canvas_report(warm, cold, args.runs)
            clicks = clicks_at_tables(browser, notebooks, args.clicks, lessons)
            command = " ".join(["python benchmarks/voila_startup.py", *(argv or sys.argv[1:])])
            lines += click_report(clicks, f"Written by `{command}` on {now}.")
            browser.close()
    if args.clicks_only:
        lines = lines[lines.index("## Click to redrawn canvas, every table") :]
    else:
        steps, sprites = controller_steps()
        lines += step_report(steps, sprites)
    text = "\n".join(lines)
    publish(text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
