"""A whole class at once: 30 students open their lessons together, then play 20 moves each.

    python benchmarks/classroom.py                      # print the figures
    python benchmarks/classroom.py --write              # ... and rewrite benchmarks/RESULTS.md
    python benchmarks/classroom.py --students 30 --moves 20 --pool 5 --reps 5
    python benchmarks/classroom.py --store-compare --reps 5 --write   # the class record's cost

``--reps`` pairs of class sessions, interleaved, which goes first alternating: the lessons, and
the yardstick (the same class opening the bare one-canvas notebook).  Each on a `cardlab serve`
of its own (started, then left until its pool of preheated kernels is ready and the machine
idle, as a teacher starts it before the class comes in), one headless Chromium, and one browser
context per student (own cookies and cache, as 30 laptops).  Students are spread over the six
game lessons as a class would be: round robin, so each lesson has 5 of 30.

1. **Opening**: every student requests their lesson at the same moment; reported per student is
   the time from that moment to their first drawn canvas (`browser.DRAWN_JS`), p50/p95/max, and
   per pair the server's CPU per student until every page is drawn and until the server has
   also refilled its pool and gone idle (all the work the opening caused: how much of the
   refill falls before the last page draws is up to the machine's scheduler).
2. **Playing**: once the server has settled, every student presses ``--moves`` moves at their
   lesson's table, all at once (`browser.DRIVERS`, the click's latency to the redrawn table
   canvas as `browser.ARM_JS` reads it), p50/p95 over all clicks.
3. **Cost**: resident memory of the Voilà server and of every kernel at the end, and errors:
   console errors, uncaught page errors, an error text on a page, a failed step.

``--store-compare`` asks what the class record costs the server and whether it loses a row:
pairs of class sessions, one storing the rows in a fresh SQLite file, one with ``--results off``
as the yardstick, interleaved; every student's link carries ``?class=&name=``, the whole class
finishes a round at once, and the rows the pages recorded are looked up in the store
(`class_session`).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
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
    REPO,
    SELECT_FIRST,
    TABLE_CANVAS,
    chromium_path,
    lesson_dir,
    percentile,
    serving,
    write_bare,
)
from results import publish

from cardlab.record import OFF
from cardlab.serve.cli import DEFAULT_POOL
from cardlab.serve.procs import cpu_ticks, machine_ticks, rss_mib

GAME_LESSONS = tuple(DRIVERS)
OPEN_TIMEOUT_MS = 600_000
"""Long: 30 browsers opening Voilà pages on the server's own 2 cores take minutes (the README's
"How many students a machine serves" says why); a figure cut off at a timeout would flatter."""
STORE_OPEN_MS = 240_000
"""``--store-compare``'s: a page that has not drawn in four minutes never will (its kernel is
connected but Voilà's widget manager did not bring its widgets up; one or two of 30 pages on a
loaded machine, store on and off alike): it is an error, and the class goes on without it."""
ERROR_TEXTS = ("Traceback (most recent call last)", "There was an error when executing cell",
               "Error displaying widget", "Failed to load model class")  # fmt: skip
ROWS_JS = (
    "() => Array.from(document.querySelectorAll('.cardlab-results'), e => Number("
    "(e.innerText.match(/(\\d+) (finished hand|answer)/) || [0, 0])[1])).reduce((a, b) => a + b, 0)"
)
"""The rows a page has recorded, as its "Download my results" links count them (every table's
finished hands or deals, every quiz's answers): each one was also put to the class record."""
MOST_PRESSES = 200
"""A table that has not finished a hand after this many presses is reported as stuck."""
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
    rows: int | None = None
    """The rows the page says it recorded (its tables' finished hands, its answers)."""
    row_s: float | None = None
    """When the page showed its first row, from the moment the class began to play."""


async def attend(browser, student: Student, url: str, start: float, moves: int | None,
                 opened: asyncio.Barrier, played: asyncio.Barrier,
                 open_ms: int = OPEN_TIMEOUT_MS) -> None:  # fmt: skip
    """The student opens the lesson at ``start``, waits for the class, plays ``moves`` (None:
    until the table has finished a hand, see `play`), and stays until the whole class has
    played (so the memory is read with every page open)."""
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    await context.route(f"{ICON_FONT_CDN}/**", lambda route: route.abort())
    page = await context.new_page()
    page.on("console", lambda m: m.type == "error" and "net::" not in m.text
            and student.errors.append(f"console: {m.text}"))  # fmt: skip
    page.on("pageerror", lambda exc: student.errors.append(f"uncaught: {exc}"))
    try:
        await page.goto(url, wait_until="commit", timeout=open_ms)
        # a probe reads canvas pixels: 30 pages probing every 20 ms would eat the 2 cores
        await page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=250, timeout=open_ms)
        student.first_canvas_s = time.perf_counter() - start
    except Exception as exc:  # a benchmark reports a failure, it does not stop
        shows = await page.evaluate("() => document.body ? document.body.innerText : ''")
        student.errors.append(
            f"opening: {type(exc).__name__}: {str(exc).splitlines()[0]}; the page shows "
            f"{' '.join(shows.split())[:200]!r}"
        )
    await opened.wait()  # the whole class has opened ...
    await opened.wait()  # ... and the server has settled, if it was asked to
    try:
        if student.first_canvas_s is not None and moves != 0:
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


async def play(page, student: Student, moves: int | None) -> None:
    """Press ``moves`` moves at the table; with None, press until the page shows a row
    recorded (the table finished a hand, deal or game) and keep the page's count of rows."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    keys = list(DRIVERS[student.lesson])
    began = time.perf_counter()
    # the first canvas is drawn; the table, further down, may still be on its way
    await page.locator(".cardlab-table").first.scroll_into_view_if_needed(timeout=OPEN_TIMEOUT_MS)
    while len(student.clicks_ms) < (MOST_PRESSES if moves is None else moves):
        await page.wait_for_function(ENABLED_JS, arg=keys, timeout=60_000)
        await page.evaluate(QUIET_JS)
        if moves is None and await page.evaluate(ROWS_JS):
            student.row_s = time.perf_counter() - began
            student.rows = await page.evaluate(ROWS_JS)
            return
        key = await page.evaluate(NEXT_MOVE_JS, keys)
        if key is None:
            continue
        cards = page.locator(".cardlab-table .cardlab-card-buttons button")
        try:
            if key in SELECT_FIRST and not await cards.locator(".mod-active").count():
                first = page.locator(".cardlab-table .cardlab-card-buttons button:visible").first
                await first.click(timeout=5_000)
            await page.evaluate(ARM_JS, TABLE_CANVAS)
            await page.locator(f".cardlab-table button.cardlab-{key}").click(timeout=5_000)
        except PlaywrightTimeout:  # hidden or disabled by the kernel's answer: choose again
            student.retried += 1
            continue
        if not await page.evaluate("() => window.__clickSeen"):  # disabled as it was pressed
            student.retried += 1
            continue
        await page.wait_for_function("() => window.__clickLatency !== null", polling=5,
                                     timeout=30_000)  # fmt: skip
        latency = await page.evaluate("() => window.__clickLatency")
        if latency < 0:
            student.silent += 1
            if student.silent > 3 * (moves or MOST_PRESSES):
                raise RuntimeError("the table stopped redrawing")
        else:
            student.clicks_ms.append(latency)
    if moves is None:
        raise RuntimeError(f"no row recorded after {MOST_PRESSES} presses")


async def lesson_time(server, lessons: list[str], moves: int | None, code: str = "",
                      then: Callable[[list[Student]], object] | None = None,
                      open_ms: int = OPEN_TIMEOUT_MS, settle: bool = False):  # fmt: skip
    """The class (one student per lesson in ``lessons``; with ``code``, their pages' links carry
    ``?class=CODE&name=StudentN``), the session's seconds, the memory with every page open and
    the CPU marks by name: "start", "opened" (every page drawn), with ``settle`` "settled" (the
    server has refilled its pool and gone idle, the pages open; only then does the class play),
    "played"; with ``then``, it is run (in a thread) once all have played, pages still open,
    and a mark "then" follows."""
    from playwright.async_api import async_playwright

    class_ = [Student(i + 1, lesson) for i, lesson in enumerate(lessons)]
    query = (lambda s: f"?class={code}&name=Student{s.number}") if code else (lambda s: "")
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        opened, played = asyncio.Barrier(len(class_) + 1), asyncio.Barrier(len(class_) + 1)
        marks = {"start": cpu_mark(server)}
        start = time.perf_counter()
        pages = [
            asyncio.create_task(
                attend(
                    browser,
                    s,
                    server.url(s.lesson, query(s)),
                    start,
                    moves,
                    opened,
                    played,
                    open_ms,
                )
            )
            for s in class_
        ]
        await opened.wait()
        marks["opened"] = cpu_mark(server)
        if settle:
            await asyncio.to_thread(server.settle, timeout=600)
            marks["settled"] = cpu_mark(server)
        await opened.wait()
        await played.wait()
        marks["played"] = cpu_mark(server)
        if then is not None:
            await asyncio.to_thread(then, class_)
            marks["then"] = cpu_mark(server)
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
    """The CPU time spent so far by the server (Voilà alone; its kernels shut down; each living
    kernel) and by the whole machine, with the wall clock: two marks tell who used the cores
    between them."""

    wall: float
    voila: int
    reaped: int
    kernels: dict[int, int]
    busy: int
    total: int

    @property
    def server(self) -> int:
        """Voilà and its kernels, living or shut down: the whole serving tree."""
        return self.voila + self.reaped + sum(self.kernels.values())


def cpu_mark(server) -> CpuMark:
    pid = server.voila()
    voila, tree = (cpu_ticks(pid), cpu_ticks(pid, reaped=True)) if pid else (0, 0)
    kernels = {k: cpu_ticks(k) for k in server.kernels()}
    return CpuMark(time.perf_counter(), voila, tree - voila, kernels, *machine_ticks())


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


@dataclass
class ClassRun:
    """One class session of the main comparison: the lessons, or the bare page (the yardstick)."""

    bare: bool
    class_: list[Student]
    elapsed: float
    memory: dict[str, float]
    kernels: list[float]
    marks: dict[str, CpuMark]

    def per_student(self, since: str, until: str) -> float:
        """The serving tree's CPU-seconds per student between marks ``since`` and ``until``."""
        ticks = self.marks[until].server - self.marks[since].server
        return ticks / os.sysconf("SC_CLK_TCK") / len(self.class_)

    def errors(self) -> list[str]:
        who = "yardstick student" if self.bare else "student"
        return [f"{who} {s.number} ({s.lesson}): {e.splitlines()[0]}"
                for s in self.class_ for e in s.errors]  # fmt: skip


def class_run(bare: bool, students: int, pool: int, moves: int, tmp: Path) -> ClassRun:
    """A class of ``students`` on a `cardlab serve` of its own, ready and idle before it comes:
    the six game lessons round robin with ``pool`` preheated kernels each, playing ``moves``
    moves; or (``bare``) the bare one-canvas notebook with as many preheated kernels, opened
    only.  The server settles (its pool refilled, idle) between the opening and the playing."""
    if bare:
        root = tmp / "bare"
        root.mkdir(parents=True, exist_ok=True)
        write_bare(root / "index.ipynb")
        lessons, options = ["index.ipynb"] * students, ("--pool", str(pool * len(GAME_LESSONS)))
    else:
        root = lesson_dir(tmp / "lessons", bare=False)
        lessons = [GAME_LESSONS[i % len(GAME_LESSONS)] for i in range(students)]
        options = ("--pool", str(pool))
    with serving(root, *options) as server:
        server.settle(timeout=900)
        class_, elapsed, memory, kernels, marks = asyncio.run(
            lesson_time(server, lessons, 0 if bare else moves, settle=True)
        )
    return ClassRun(bare, class_, elapsed, memory, kernels, marks)


def classes(students: int, pool: int, moves: int, reps: int) -> list[tuple[ClassRun, ClassRun]]:
    """``reps`` pairs (lessons, yardstick), which goes first alternating."""
    pairs = []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(reps):
            done = {}
            for bare in (True, False) if rep % 2 == 0 else (False, True):
                run = class_run(bare, students, pool, moves, Path(tmp, f"{rep}-{bare}"))
                done[bare] = run
                print(
                    f"rep {rep}, {'yardstick' if bare else 'lessons'}: {summary(run.class_)}; "
                    f"server CPU-s per student {run.per_student('start', 'opened'):.2f} to "
                    f"drawn, {run.per_student('start', 'settled'):.2f} to settled",
                    flush=True,
                )
                for error in run.errors():  # why a session was slow, while the run goes on
                    print(f"  {error[:300]}", flush=True)
            pairs.append((done[False], done[True]))
    return pairs


def report(pairs: list[tuple[ClassRun, ClassRun]], pool: int, moves: int) -> str:
    """The lessons against the yardstick, pair by pair, and what the students met."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    n, reps = len(pairs[0][0].class_), len(pairs)
    lessons_runs, bare_runs = [p[0] for p in pairs], [p[1] for p in pairs]
    everyone = [s for run in lessons_runs for s in run.class_]
    opened = opened_s(everyone)
    bare = opened_s([s for run in bare_runs for s in run.class_])
    clicks = [ms for s in everyone for ms in s.clicks_ms]
    errors = [e for pair in pairs for run in pair for e in run.errors()]
    windows = {"drawn": ("start", "opened"), "settled": ("start", "settled")}
    ratios = {
        w: [ls.per_student(*m) / by.per_student(*m) for ls, by in pairs] for w, m in windows.items()
    }

    def spread(xs: list[float]) -> str:
        return f"{statistics.median(xs):.2f}x ({min(xs):.2f}-{max(xs):.2f})"

    def row(name: str, xs: list[float], goal: str) -> str:
        ratio = percentile(xs, 0.5) / percentile(bare, 0.5) if bare else float("nan")
        return (
            f"| {name} | {len(xs)} of {n * reps} | {percentile(xs, 0.5):.2f} "
            f"| {percentile(xs, 0.95):.2f} | {max(xs, default=float('nan')):.2f} "
            f"| {ratio:.2f} | {goal} |"
        )

    met = statistics.median(ratios["settled"]) <= 2
    last_lessons, last_bare = pairs[-1]
    lines = [
        f"## A class of {n} on one machine (`benchmarks/classroom.py`)",
        "",
        f"Written by `python benchmarks/classroom.py --students {n} --moves {moves} "
        f'--pool {pool} --reps {reps} --write` on {now} (the machine in "Machine" above: 2 '
        f"cores, which also run the {n} students' browsers). {reps} pairs of class sessions, "
        f"interleaved, which goes first alternating, each on a `cardlab serve` of its own, "
        f"ready and idle before the class comes. The lessons: `--pool {pool}`, one Chromium "
        f"context per student, spread round robin over the six game lessons; all request "
        f"their lesson at the same moment; once every page is drawn and the server has "
        f"refilled its pool and gone idle, all press {moves} moves at their table at once. "
        f"The yardstick: the same class opening the bare one-canvas ipycanvas notebook on a "
        f"`--pool {pool * len(GAME_LESSONS)}` (as many preheated kernels as the lessons get).",
        "",
        "Server CPU-seconds per student opening (Voilà and every kernel, the pool's new ones "
        "included), from the class's first request until every page is drawn (*to drawn*) and "
        "until the server has also refilled its pool and gone idle (*to settled*: all the "
        "work the opening caused, whenever the machine got to it):",
        "",
        "| pair | first | lessons: to drawn | to settled | yardstick: to drawn | to settled "
        "| lessons / yardstick: to drawn | to settled |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for i, (ls, by) in enumerate(pairs):
        first = "lessons" if ls.marks["start"].wall < by.marks["start"].wall else "yardstick"
        lines.append(
            f"| {i} | {first} | {ls.per_student(*windows['drawn']):.2f} "
            f"| {ls.per_student(*windows['settled']):.2f} "
            f"| {by.per_student(*windows['drawn']):.2f} "
            f"| {by.per_student(*windows['settled']):.2f} | {ratios['drawn'][i]:.2f} "
            f"| {ratios['settled'][i]:.2f} |"
        )
    lines += [
        "",
        f"- **lessons / yardstick, median of the {reps} pairs (min-max): to settled "
        f"{spread(ratios['settled'])}, to drawn {spread(ratios['drawn'])}** (goal: at most "
        f"2x, the whole opening's work, to settled: {'met' if met else 'not met'})",
        "",
        "| first drawn canvas, from the class's first request (s) | drawn | p50 | p95 | max "
        "| p50 / yardstick's | goal |",
        "|---|---|---|---|---|---|---|",
        row("bare one-canvas notebook (yardstick)", bare, "-"),
        row("the lessons", opened, "all within 20 s"),
        "",
        f"Click to redrawn table canvas, {len(clicks)} clicks over the {reps} lessons' "
        f"sessions: p50 {percentile(clicks, 0.5):.0f} ms, p95 {percentile(clicks, 0.95):.0f} "
        f"ms, max {max(clicks, default=float('nan')):.0f} ms (goal: p95 ≤ 250 ms).",
        "",
        f"- the last pair's CPU time, by phase (the lessons' session took "
        f"{last_lessons.elapsed:.0f} s):",
        cpu_line("yardstick class opening, to drawn", *_between(last_bare, "start", "opened"), n),
        cpu_line("... its pool refilling", *_between(last_bare, "opened", "settled"), n),
        cpu_line("lessons opening, to drawn", *_between(last_lessons, "start", "opened"), n),
        cpu_line("... their pools refilling", *_between(last_lessons, "opened", "settled"), n),
        cpu_line("lessons playing", *_between(last_lessons, "settled", "played"), n),
        f"- errors: **{len(errors)}**",
        *[f"  - {e}" for e in errors[:20]],
        f"- memory at the end of the last lessons' session: Voilà server "
        f"{last_lessons.memory.get('voila', 0):.0f} MiB; {len(last_lessons.kernels)} kernels, "
        f"median {statistics.median(last_lessons.kernels) if last_lessons.kernels else 0:.0f} "
        f"MiB, max {max(last_lessons.kernels, default=0):.0f} MiB, total "
        f"{sum(last_lessons.kernels) / 1024:.2f} GiB",
        "",
        "| lesson | students | first canvas max (s) | click p50 (ms) | click p95 (ms) "
        "| presses without a redraw | presses chosen again |",
        "|---|---|---|---|---|---|---|",
    ]
    for lesson in GAME_LESSONS:
        group = [s for s in everyone if s.lesson == lesson]
        ms = [x for s in group for x in s.clicks_ms]
        lines.append(
            f"| {lesson.removesuffix('.ipynb')} | {len(group)} "
            f"| {max(opened_s(group), default=float('nan')):.2f} | {percentile(ms, 0.5):.0f} "
            f"| {percentile(ms, 0.95):.0f} | {sum(s.silent for s in group)} "
            f"| {sum(s.retried for s in group)} |"
        )
    return "\n".join([*lines, ""])


def _between(run: ClassRun, since: str, until: str) -> tuple[CpuMark, CpuMark]:
    return run.marks[since], run.marks[until]


# -- the class record: the same class with the store on and off ----------------------------------
FLUSH_S = 30
"""How long the store is given, once every page shows its row, to hold all of them."""
STORE_LESSON = "triangle.ipynb"
"""The class's lesson: its table finishes a round at the student's first press, whatever the
deal, so the whole class finishes at once and the session stays short.  At the others a hand
takes 5-10 presses (Triad, Pyramid, Dou Dizhu), 2-20 by the deal (Three Thirteen) or 46
(Pyramid Poker's game): the rows would trickle in over a minute.  Every table puts its rows to
the record the same way (`cardlab.widgets.results.ResultsLink.add`)."""


def class_lessons(root: Path) -> Path:
    """The index and the class's lesson only: every notebook of the folder gets its pool of
    preheated kernels, and a session whose server starts and settles sooner leaves room for more
    sessions in a run."""
    root.mkdir(parents=True, exist_ok=True)
    for name in ("index.ipynb", STORE_LESSON):
        shutil.copy(REPO / "notebooks" / name, root / name)
    return root


@dataclass
class Session:
    """One class session of ``--store-compare``: with the class record stored or off."""

    store: bool
    class_: list[Student]
    elapsed: float
    marks: dict[str, CpuMark]
    settled: bool
    stored: Counter[str] = field(default_factory=Counter)
    """Rows the store held per student (store on), ``FLUSH_S`` at most after the class played."""
    stored_s: float | None = None
    """Seconds from the class having played to the store holding every row (None: never)."""

    @property
    def expected(self) -> int:
        return sum(s.rows or 0 for s in self.class_)

    def missing(self) -> tuple[int, int]:
        """Rows a page recorded that the store lacks, and rows the store has beyond the pages'."""
        shown = Counter({f"Student{s.number}": s.rows or 0 for s in self.class_})
        return sum((shown - self.stored).values()), sum((self.stored - shown).values())

    def per_student(self, part: str) -> float:
        """CPU-seconds per student, start to settled, of ``part``: "voila" (the server alone),
        "tree" (the server and every kernel) or "class" (the kernels preheated before the class
        came: the students' own, where the rows are written, and the index's idle ones)."""
        a, b, hz = self.marks["start"], self.marks["then"], os.sysconf("SC_CLK_TCK")
        ticks = {
            "voila": b.voila - a.voila,
            "tree": b.server - a.server,
            "class": sum(b.kernels.get(k, t) - t for k, t in a.kernels.items()),
        }[part]
        return ticks / hz / len(self.class_)


def store_rows(url: str, code: str, expected: int) -> tuple[Counter[str], float | None]:
    """The rows of class ``code`` in the store at ``url`` per student, once it holds
    ``expected`` or ``FLUSH_S`` have passed, and how long that took (None: it never held them)."""
    from cardlab.record.store import Store

    start = time.perf_counter()
    with Store(url) as store:
        while True:
            stored = Counter(r.student for r in store.rows(code))
            waited = time.perf_counter() - start
            if stored.total() >= expected:
                return stored, waited
            if waited > FLUSH_S:
                return stored, None
            time.sleep(0.5)


def class_session(rep: int, store: bool, students: int, tmp: Path,
                  logs: Path | None = None) -> Session:  # fmt: skip
    """A class of ``students`` at `STORE_LESSON`, each playing until their table has finished a
    round, on a `cardlab serve` of its own (a pool of ``students`` preheated kernels) with the
    class record in a fresh SQLite file (``store``) or off; the marks run from the class's first
    request until the store holds the rows and the server has refilled its pool and gone idle,
    so both see the same work."""
    url = f"sqlite:///{tmp / f'results-{rep}.sqlite'}" if store else OFF
    code = f"BENCH{rep}"
    lessons, pool = [STORE_LESSON] * students, str(students)
    log = logs / f"serve-{rep}-{'on' if store else 'off'}.log" if logs else None
    with serving(
        class_lessons(tmp / "lessons"), "--pool", pool, "--results", url, log=log
    ) as server:
        # the index's pool and the lesson's; a preheated kernel may fail to start under load
        server.settle(2 * students, timeout=180) or server.settle(timeout=300)
        found: dict[str, object] = {}

        def then(class_: list[Student]) -> None:
            if store:
                found["stored"], found["stored_s"] = store_rows(
                    url, code, sum(s.rows or 0 for s in class_)
                )
            # not a count of kernels: a page that never opened may or may not have taken one
            found["settled"] = server.settle(timeout=300)

        class_, elapsed, _, _, marks = asyncio.run(
            lesson_time(server, lessons, None, code, then, STORE_OPEN_MS)
        )
    return Session(store, class_, elapsed, marks, **found)


def compare_report(pairs: list[tuple[Session, Session]]) -> str:
    """The store-on sessions against the store-off ones, pair by pair: CPU per student and
    rows."""
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    n, reps = len(pairs[0][0].class_), len(pairs)
    parts = ("voila", "tree", "class")
    ratios = {p: [on.per_student(p) / off.per_student(p) for on, off in pairs] for p in parts}
    lost = sum(on.missing()[0] for on, _ in pairs)
    extra = sum(on.missing()[1] for on, _ in pairs)
    expected = sum(on.expected for on, _ in pairs)

    def spread(xs: list[float]) -> str:
        return f"{statistics.median(xs):.3f} ({min(xs):.3f}-{max(xs):.3f})"

    def cpu(s: Session) -> str:
        return " / ".join(f"{s.per_student(p):.2f}" for p in parts)

    met = max(statistics.median(ratios[p]) for p in ("voila", "tree")) <= 1.10 and not lost
    lines = [
        f"## The class record with a class of {n} finishing at once "
        "(`benchmarks/classroom.py --store-compare`)",
        "",
        f"Written by `python benchmarks/classroom.py --store-compare --students {n} --reps "
        f"{reps} --write` on {now} (2 cores, shared with other work, which also run the "
        f"students' browsers). {reps} pairs of class sessions, interleaved, which goes first "
        f"alternating: each on a `cardlab serve --pool {n}` of its own serving the index and "
        f"{STORE_LESSON.removesuffix('.ipynb')}, with `--results sqlite:///<a fresh file>` "
        f"(store on) or `--results off` (the yardstick); {n} Chromium contexts open "
        f"`{STORE_LESSON}?class=BENCH<pair>&name=Student<k>` at the same moment, then all "
        f"play until their table has finished a round (its first press: one row each, "
        f"every session of a pair dealt alike) and the page shows the row recorded. "
        f"CPU-seconds per student from "
        f"the class's first request until the store holds the rows (at most {FLUSH_S} s) and "
        f"the server has refilled its pool and gone idle: Voilà alone / Voilà and every kernel "
        f"(the serving tree) / the kernels preheated before the class (the students' own, "
        f"where the rows are written, and the index's idle ones).",
        "",
        "| pair | first | store on: CPU-s per student | store off | on / off: Voilà | serving "
        "tree | students' kernels | rows shown | stored | lost | extra | all stored after |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for i, (on, off) in enumerate(pairs):
        missing, more = on.missing()
        after = "never" if on.stored_s is None else f"{on.stored_s:.1f} s"
        lines.append(
            f"| {i} | {'on' if on.marks['start'].wall < off.marks['start'].wall else 'off'} "
            f"| {cpu(on)} "
            f"| {cpu(off)} | {ratios['voila'][i]:.3f} | {ratios['tree'][i]:.3f} "
            f"| {ratios['class'][i]:.3f} | {on.expected} | {on.stored.total()} | {missing} "
            f"| {more} | {after} |"
        )
    lines += [
        "",
        f"- **on / off, median of the {reps} pairs (min-max): Voilà {spread(ratios['voila'])}, "
        f"serving tree {spread(ratios['tree'])}, students' kernels {spread(ratios['class'])}**"
        f"; rows lost **{lost}** of {expected}, rows beyond the pages' {extra} (goal: at most "
        f"1.10, none lost: {'met' if met else 'not met'})",
    ]
    for i, pair in enumerate(pairs):
        for s in pair:
            rows = [x.row_s for x in s.class_ if x.row_s is not None]
            errors = [f"student {x.number} ({x.lesson}): {e}" for x in s.class_ for e in x.errors]
            lines.append(
                f"- pair {i}, store {'on' if s.store else 'off'}: {s.elapsed:.0f} s to settled"
                f"{'' if s.settled else ' (not settled)'}; opened: {summary(s.class_)}; "
                f"{len(rows)} tables finished a round {min(rows, default=float('nan')):.0f}-"
                f"{max(rows, default=float('nan')):.0f} s after the class began to play, "
                f"{sum(len(x.clicks_ms) for x in s.class_)} presses; errors: {len(errors)}"
            )
            lines += [f"  - {e}" for e in errors[:10]]
    return "\n".join([*lines, ""])


def store_compare(students: int, reps: int, logs: Path | None = None
                  ) -> list[tuple[Session, Session]]:  # fmt: skip
    """``reps`` pairs of sessions, store on and off, which goes first alternating (each
    server's output in ``logs``, if given)."""
    pairs = []
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(reps):
            done = {}
            for store in (True, False) if rep % 2 == 0 else (False, True):
                session = class_session(rep, store, students, Path(tmp, f"{rep}-{store}"), logs)
                done[store] = session
                print(
                    f"pair {rep}, store {'on' if store else 'off'}: {session.elapsed:.0f} s, "
                    f"CPU-s per student {session.per_student('voila'):.2f} Voilà, "
                    f"{session.per_student('tree'):.2f} tree; rows shown {session.expected}, "
                    f"stored {session.stored.total()}",
                    flush=True,
                )
                for x in session.class_:  # why a session was slow, while the run goes on
                    for error in x.errors:
                        print(f"  student {x.number}: {error[:300]}", flush=True)
            pairs.append((done[True], done[False]))
    return pairs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--pool", type=int, default=None,
                        help="cardlab serve --pool N (preheated kernels per lesson)")  # fmt: skip
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    parser.add_argument("--store-compare", action="store_true",
                        help="the class record stored against off, pairs of sessions")  # fmt: skip
    parser.add_argument("--reps", type=int, default=5,
                        help="pairs of class sessions, interleaved")  # fmt: skip
    parser.add_argument("--logs", type=Path, default=None,
                        help="--store-compare: each server's output, in this folder")  # fmt: skip
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)", file=sys.stderr)
        return 2
    if args.store_compare:
        if args.logs:
            args.logs.mkdir(parents=True, exist_ok=True)
        publish(compare_report(store_compare(args.students, args.reps, args.logs)), args.write)
        return 0
    pool = DEFAULT_POOL if args.pool is None else args.pool
    publish(report(classes(args.students, pool, args.moves, args.reps), pool, args.moves),
            args.write)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
