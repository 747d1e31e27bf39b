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
)
from results import publish

from cardlab.procs import rss_mib

GAME_LESSONS = tuple(DRIVERS)
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
        await page.goto(url, wait_until="commit", timeout=180_000)
        # a probe reads canvas pixels: 30 pages probing every 20 ms would eat the 2 cores
        await page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=250, timeout=180_000)
        student.first_canvas_s = time.perf_counter() - start
    except Exception as exc:  # a benchmark reports a failure, it does not stop
        student.errors.append(f"opening: {type(exc).__name__}: {exc}")
    await opened.wait()
    try:
        if student.first_canvas_s is not None:
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
    await page.locator(".cardlab-table").first.scroll_into_view_if_needed()
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


async def lesson_time(server, students: int, moves: int):
    """The class's students, the session's seconds and the memory with every page open."""
    from playwright.async_api import async_playwright

    class_ = [Student(i + 1, GAME_LESSONS[i % len(GAME_LESSONS)]) for i in range(students)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        opened, played = asyncio.Barrier(students), asyncio.Barrier(students + 1)
        start = time.perf_counter()
        pages = [
            asyncio.create_task(
                attend(browser, s, server.url(s.lesson), start, moves, opened, played)
            )
            for s in class_
        ]
        await played.wait()
        elapsed = time.perf_counter() - start
        voila = server.voila()
        memory = {"voila": rss_mib(voila) if voila else 0.0}
        kernels = [rss_mib(k) for k in server.kernels()]
        await played.wait()
        await asyncio.gather(*pages)
        await browser.close()
    return class_, elapsed, memory, kernels


def report(class_: list[Student], elapsed: float, options: list[str], memory: dict[str, float],
           kernels: list[float], moves: int) -> str:  # fmt: skip
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    opened = [s.first_canvas_s for s in class_ if s.first_canvas_s is not None]
    clicks = [ms for s in class_ for ms in s.clicks_ms]
    errors = [f"student {s.number} ({s.lesson}): {e}" for s in class_ for e in s.errors]
    by_lesson = {
        lesson: [s for s in class_ if s.lesson == lesson] for lesson in dict.fromkeys(
            s.lesson for s in class_)
    }  # fmt: skip
    lines = [
        "## A class of 30 on one machine (`benchmarks/classroom.py`)",
        "",
        f"Written by `python benchmarks/classroom.py {' '.join(options)} --write` on {now} "
        '(the machine in "Machine" above: 2 cores). One `cardlab serve '
        f"{' '.join(options)}`, ready and idle before the class; {len(class_)} students, one "
        "Chromium context each, spread round robin over the six game lessons; all request "
        f"their lesson at the same moment, then all press {moves} moves at their table at "
        "once.",
        "",
        "| | p50 | p95 | max | goal |",
        "|---|---|---|---|---|",
        f"| first drawn canvas, from the class's first request (s) "
        f"| {percentile(opened, 0.5):.2f} | {percentile(opened, 0.95):.2f} "
        f"| {max(opened, default=float('nan')):.2f} | all within 20 s |",
        f"| click to redrawn table canvas, {len(clicks)} clicks (ms) "
        f"| {percentile(clicks, 0.5):.0f} | {percentile(clicks, 0.95):.0f} "
        f"| {max(clicks, default=float('nan')):.0f} | p95 ≤ 250 ms |",
        "",
        f"- students whose lesson drew: **{len(opened)} of {len(class_)}**; the whole session "
        f"(opening and {moves} moves each) took {elapsed:.0f} s",
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
        firsts = [s.first_canvas_s for s in group if s.first_canvas_s is not None]
        ms = [x for s in group for x in s.clicks_ms]
        lines.append(
            f"| {lesson.removesuffix('.ipynb')} | {len(group)} "
            f"| {max(firsts, default=float('nan')):.2f} | {percentile(ms, 0.5):.0f} "
            f"| {percentile(ms, 0.95):.0f} | {sum(s.silent for s in group)} "
            f"| {sum(s.retried for s in group)} |"
        )
    return "\n".join([*lines, ""])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--pool", type=int, default=None, help="cardlab serve --pool N")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)", file=sys.stderr)
        return 2
    options = [] if args.pool is None else ["--pool", str(args.pool)]
    with (
        tempfile.TemporaryDirectory() as tmp,
        serving(lesson_dir(Path(tmp), bare=False), *options) as server,
    ):
        server.settle(timeout=600)
        print(f"server ready: {len(server.kernels())} preheated kernels", flush=True)
        class_, elapsed, memory, kernels = asyncio.run(
            lesson_time(server, args.students, args.moves)
        )
    text = report(class_, elapsed, options, memory, kernels, args.moves)
    publish(text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
