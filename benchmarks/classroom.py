"""A whole class at once: 30 students open their lessons together, then play 20 moves each.

    python benchmarks/classroom.py                      # print the figures
    python benchmarks/classroom.py --write              # ... and rewrite benchmarks/RESULTS.md
    python benchmarks/classroom.py --students 30 --moves 20 --pool 5

One `cardlab serve` (started, then left until its pool of preheated kernels is ready and the
machine idle, as a teacher starts it before the class comes in), one headless Chromium, and one
browser context per student (own cookies and cache, as 30 laptops).  Students are spread over
the six game lessons as a class would be: round robin, so each lesson has 5 of 30.

1. **Opening**: every student requests their lesson at the same moment; reported per student is
   the time from that moment to their first drawn canvas (`browser.DRAWN_JS`), p50/p95/max.
2. **Playing**: every student then presses ``--moves`` moves at their lesson's table, all at once
   (`browser.DRIVERS`, the click's latency to the redrawn table canvas as `browser.ARM_JS` reads
   it), p50/p95 over all clicks of the class.
3. **Cost**: resident memory of the Voilà server and of every kernel at the end, and errors:
   console errors, uncaught page errors, an error text on a page, a failed step.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import (
    ARM_JS,
    CANVAS,
    CHROMIUM_ARGS,
    DRAWN_JS,
    DRIVERS,
    ICON_FONT_CDN,
    NEXT_MOVE_JS,
    QUIET_JS,
    SELECT_FIRST,
    TABLE_CANVAS,
    chromium_path,
    lesson_dir,
    percentile,
    serving,
    write_bare,
)
from results import publish

from cardlab.serve.cli import DEFAULT_POOL
from cardlab.serve.procs import cpu_ticks, machine_ticks, rss_mib

GAME_LESSONS = tuple(DRIVERS)
OPEN_TIMEOUT_MS = 600_000
"""Long: 30 browsers opening Voilà pages on the server's own 2 cores take minutes (the README's
"How many students a machine serves" says why); a figure cut off at a timeout would flatter."""
ERROR_TEXTS = ("Traceback (most recent call last)", "There was an error when executing cell",
               "Error displaying widget", "Failed to load model class")  # fmt: skip
ENABLED_JS = (
    "keys => keys.some(k => { const b = document.querySelector("
    "`.cardlab-table button.cardlab-${k}`); return b && !b.disabled; })"
)


@dataclass
class Student:
    """One student's lesson and what they met."""

    number: int
    lesson: str
    first_canvas_s: float | None = None
    clicks_ms: list[float] = field(default_factory=list)
    silent: int = 0
    retried: int = 0
    errors: list[str] = field(default_factory=list)


async def attend(browser, student: Student, url: str, start: float, moves: int,
                 opened: asyncio.Barrier, played: asyncio.Barrier) -> None:  # fmt: skip
    """The student opens the lesson at ``start``, waits for the class, plays ``moves``, and
    stays until the whole class has played (so the memory is read with every page open)."""
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    await context.route(f"{ICON_FONT_CDN}/**", lambda route: route.abort())
    page = await context.new_page()
    page.on("console", lambda m: m.type == "error" and "net::" not in m.text
            and student.errors.append(f"console: {m.text}"))  # fmt: skip
    page.on("pageerror", lambda exc: student.errors.append(f"uncaught: {exc}"))
    try:
        await page.goto(url, wait_until="commit", timeout=OPEN_TIMEOUT_MS)
        # a probe reads canvas pixels: 30 pages probing every 20 ms would eat the 2 cores
        await page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=250, timeout=OPEN_TIMEOUT_MS)
        student.first_canvas_s = time.perf_counter() - start
    except Exception as exc:  # a benchmark reports a failure, it does not stop
        shows = await page.evaluate("() => document.body ? document.body.innerText : ''")
        student.errors.append(
            f"opening: {type(exc).__name__}: {str(exc).splitlines()[0]}; the page shows "
            f"{' '.join(shows.split())[:200]!r}"
        )
    await opened.wait()
    try:
        if student.first_canvas_s is not None and moves:
            await play(page, student, moves)
        text = await page.inner_text("body")
        student.errors += [f"page shows: {t}" for t in ERROR_TEXTS if t in text]
    except Exception as exc:
        student.errors.append(f"playing: {type(exc).__name__}: {exc}")
    try:
        await played.wait()  # the teacher reads the memory now
        await played.wait()  # ... and says goodbye
    finally:
        await context.close()


async def play(page, student: Student, moves: int) -> None:
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    keys = list(DRIVERS[student.lesson])
    # the first canvas is drawn; the table, further down, may still be on its way
    await page.locator(".cardlab-table").first.scroll_into_view_if_needed(timeout=OPEN_TIMEOUT_MS)
    while len(student.clicks_ms) < moves:
        await page.wait_for_function(ENABLED_JS, arg=keys, timeout=60_000)
        await page.evaluate(QUIET_JS)
        key = await page.evaluate(NEXT_MOVE_JS, keys)
        if key is None:
            continue
        cards = page.locator(".cardlab-table .cardlab-card-buttons button")
        if key in SELECT_FIRST and not await cards.locator(".mod-active").count():
            await page.locator(".cardlab-table .cardlab-card-buttons button:visible").first.click()
        await page.evaluate(ARM_JS, TABLE_CANVAS)
        try:
            await page.locator(f".cardlab-table button.cardlab-{key}").click(timeout=5_000)
        except PlaywrightTimeout:  # disabled by the kernel's answer meanwhile: choose again
            student.retried += 1
            continue
        await page.wait_for_function("() => window.__clickLatency !== null", polling=5,
                                     timeout=30_000)  # fmt: skip
        latency = await page.evaluate("() => window.__clickLatency")
        if latency < 0:
            student.silent += 1
            if student.silent > 3 * moves:
                raise RuntimeError("the table stopped redrawing")
        else:
            student.clicks_ms.append(latency)


async def lesson_time(server, lessons: list[str], moves: int):
    """The class (one student per lesson in ``lessons``), the session's seconds, the memory with
    every page open and the CPU marks at the start, when all had opened and when all had played."""
    from playwright.async_api import async_playwright

    class_ = [Student(i + 1, lesson) for i, lesson in enumerate(lessons)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        opened, played = asyncio.Barrier(len(class_) + 1), asyncio.Barrier(len(class_) + 1)
        marks = [cpu_mark(server)]
        start = time.perf_counter()
        pages = [
            asyncio.create_task(
                attend(browser, s, server.url(s.lesson), start, moves, opened, played)
            )
            for s in class_
        ]
        await opened.wait()
        marks.append(cpu_mark(server))
        await played.wait()
        marks.append(cpu_mark(server))
        elapsed = time.perf_counter() - start
        voila = server.voila()
        memory = {"voila": rss_mib(voila) if voila else 0.0}
        kernels = [rss_mib(k) for k in server.kernels()]
        await played.wait()
        await asyncio.gather(*pages)
        await browser.close()
    return class_, elapsed, memory, kernels, marks


@dataclass
class CpuMark:
    """The CPU time spent so far by the server (Voilà and its kernels, living or shut down) and
    by the whole machine, with the wall clock: two marks tell who used the cores between them."""

    wall: float
    server: int
    busy: int
    total: int


def cpu_mark(server) -> CpuMark:
    voila = server.voila()
    ticks = (cpu_ticks(voila, reaped=True) if voila else 0) + sum(map(cpu_ticks, server.kernels()))
    return CpuMark(time.perf_counter(), ticks, *machine_ticks())


def cpu_line(phase: str, a: CpuMark, b: CpuMark, students: int) -> str:
    """Who used the cores between two marks: the server (Voilà and its kernels), everything else
    (the students' browsers, this script, other work), per student, and how busy the cores were."""
    hz = os.sysconf("SC_CLK_TCK")
    server, busy = (b.server - a.server) / hz, (b.busy - a.busy) / hz
    share = (b.busy - a.busy) / max(b.total - a.total, 1)
    return (
        f"  - {phase} ({b.wall - a.wall:.0f} s): the server used {server:.0f} CPU-s "
        f"({server / students:.2f} per student), everything else {busy - server:.0f} CPU-s "
        f"({(busy - server) / students:.2f} per student); the cores were {share:.0%} busy"
    )


def opened_s(class_: list[Student]) -> list[float]:
    return [s.first_canvas_s for s in class_ if s.first_canvas_s is not None]


def summary(class_: list[Student]) -> str:
    opened = opened_s(class_)
    return (
        f"{len(opened)} of {len(class_)} drawn, p50 {percentile(opened, 0.5):.2f} s, "
        f"p95 {percentile(opened, 0.95):.2f} s, max {max(opened, default=float('nan')):.2f} s"
    )


def report(class_: list[Student], elapsed: float, pool: int, memory: dict[str, float],
           kernels: list[float], moves: int, marks: list[CpuMark], yardstick) -> str:  # fmt: skip
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    opened, bare = opened_s(class_), opened_s(yardstick[0])
    clicks = [ms for s in class_ for ms in s.clicks_ms]
    errors = [f"student {s.number} ({s.lesson}): {e}" for s in class_ for e in s.errors]
    errors += [f"yardstick student {s.number}: {e}" for s in yardstick[0] for e in s.errors]
    n = len(class_)
    by_lesson = {
        lesson: [s for s in class_ if s.lesson == lesson] for lesson in dict.fromkeys(
            s.lesson for s in class_)
    }  # fmt: skip

    def row(name: str, xs: list[float], goal: str) -> str:
        ratio = percentile(xs, 0.5) / percentile(bare, 0.5) if bare else float("nan")
        return (
            f"| {name} | {len(xs)} of {n} | {percentile(xs, 0.5):.2f} "
            f"| {percentile(xs, 0.95):.2f} | {max(xs, default=float('nan')):.2f} "
            f"| {ratio:.2f} | {goal} |"
        )

    lines = [
        f"## A class of {n} on one machine (`benchmarks/classroom.py`)",
        "",
        f"Written by `python benchmarks/classroom.py --students {n} --moves {moves} "
        f'--pool {pool} --write` on {now} (the machine in "Machine" above: 2 cores, which '
        f"also run the {n} students' browsers). One `cardlab serve --pool {pool}`, ready and "
        f"idle before the class; one Chromium context per student, spread round robin over the "
        f"six game lessons; all request their lesson at the same moment, then all press "
        f"{moves} moves at their table at once. The yardstick, in the same run: the same class "
        f"opening the bare one-canvas ipycanvas notebook on a `cardlab serve --pool "
        f"{pool * len(GAME_LESSONS)}` of its own (as many preheated kernels as the lessons get).",
        "",
        "| first drawn canvas, from the class's first request (s) | drawn | p50 | p95 | max "
        "| p50 / yardstick's | goal |",
        "|---|---|---|---|---|---|---|",
        row("bare one-canvas notebook (yardstick)", bare, "-"),
        row("the lessons", opened, "all within 20 s"),
        "",
        f"Click to redrawn table canvas, {len(clicks)} clicks: p50 "
        f"{percentile(clicks, 0.5):.0f} ms, p95 {percentile(clicks, 0.95):.0f} ms, max "
        f"{max(clicks, default=float('nan')):.0f} ms (goal: p95 ≤ 250 ms).",
        "",
        f"- the lessons' session (opening and {moves} moves each) took {elapsed:.0f} s",
        "- CPU time, by phase:",
        cpu_line("yardstick class opening", *yardstick[4][:2], n),
        cpu_line("lessons opening", marks[0], marks[1], n),
        cpu_line("lessons playing", marks[1], marks[2], n),
        f"- errors: **{len(errors)}**",
        *[f"  - {e}" for e in errors[:20]],
        f"- memory at the end: Voilà server {memory.get('voila', 0):.0f} MiB; "
        f"{len(kernels)} kernels, median {statistics.median(kernels) if kernels else 0:.0f} MiB, "
        f"max {max(kernels, default=0):.0f} MiB, total {sum(kernels) / 1024:.2f} GiB",
        "",
        "| lesson | students | first canvas max (s) | click p50 (ms) | click p95 (ms) "
        "| presses without a redraw | presses chosen again |",
        "|---|---|---|---|---|---|---|",
    ]
    for lesson, group in by_lesson.items():
        ms = [x for s in group for x in s.clicks_ms]
        lines.append(
            f"| {lesson.removesuffix('.ipynb')} | {len(group)} "
            f"| {max(opened_s(group), default=float('nan')):.2f} | {percentile(ms, 0.5):.0f} "
            f"| {percentile(ms, 0.95):.0f} | {sum(s.silent for s in group)} "
            f"| {sum(s.retried for s in group)} |"
        )
    return "\n".join([*lines, ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--pool", type=int, default=None,
                        help="cardlab serve --pool N (preheated kernels per lesson)")  # fmt: skip
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)", file=sys.stderr)
        return 2
    pool = DEFAULT_POOL if args.pool is None else args.pool
    lessons = [GAME_LESSONS[i % len(GAME_LESSONS)] for i in range(args.students)]
    with tempfile.TemporaryDirectory() as tmp:
        # The yardstick: the same class opening the bare one-canvas notebook, with as many
        # preheated kernels as the lessons get (``pool`` for each of the six).
        bare = Path(tmp, "bare")
        bare.mkdir()
        write_bare(bare / "index.ipynb")
        with serving(bare, "--pool", str(pool * len(GAME_LESSONS))) as server:
            server.settle(timeout=900)
            yardstick = asyncio.run(lesson_time(server, ["index.ipynb"] * args.students, 0))
        print(f"yardstick: {summary(yardstick[0])}", flush=True)
        with serving(lesson_dir(Path(tmp, "lessons"), bare=False), "--pool", str(pool)) as server:
            server.settle(timeout=900)
            print(f"server ready: {len(server.kernels())} preheated kernels", flush=True)
            class_, elapsed, memory, kernels, marks = asyncio.run(
                lesson_time(server, lessons, args.moves)
            )
    text = report(class_, elapsed, pool, memory, kernels, args.moves, marks, yardstick)
    publish(text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
