"""A room a class cannot exhaust: one client asking for 200 lesson pages as fast as it can, then
30 students at once, against a server capped at 20 kernels.

    python benchmarks/room_load.py                  # print the figures
    python benchmarks/room_load.py --write          # ... and rewrite benchmarks/RESULTS.md
    python benchmarks/room_load.py --pages 200 --students 30 --cap 20 --hold 30

One ``cardlab serve --max-kernels CAP`` on loopback (default pool: one preheated kernel for each
of the 8 notebooks, which count against the cap), left until its pool is ready.  All the while a
watcher reads, every 0.1 s, the server's live kernels and the resident memory of the server and
its kernels (`cardlab.serve.procs`).

1. **Burst**: one client (``--pages`` plain GETs, 50 in flight, round robin over the six game
   lessons, never connecting to a kernel, as a script would).  Reported: the answers (200 with
   the lesson, 503 "the class is full"), the most live kernels, and how long until the kernels
   nobody connected to have stopped (the claim rule) and the server has its pool back.
2. **Class**: ``--students`` browser contexts (one Chromium) open their lessons at the same
   moment; a student whose page shows "the class is full" waits for it to open on its own; once
   drawn, each stays ``--hold`` seconds, then closes the page (its kernel is shut down at once).
   Reported: how many first saw the full page, whether every page drew, the times to the first
   drawn canvas, the most live kernels, the most memory.
3. **After**: one more page, which must open and draw as on an idle server.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import statistics
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import CANVAS, CHROMIUM_ARGS, DRAWN_JS, DRIVERS, chromium_path, lesson_dir, serving
from results import publish

from cardlab.serve.procs import rss_mib

GAME_LESSONS = tuple(DRIVERS)
OPEN_TIMEOUT_MS = 900_000
FULL = "The class is full"


@dataclass
class Watch:
    """The most live kernels and the most memory (MiB) seen, sampled on a thread of its own."""

    server: object
    kernels: int = 0
    memory: float = 0.0
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self) -> None:
        while not self.stop.is_set():
            pids = [p for p in (self.server.voila(), *self.server.kernels()) if p]
            self.kernels = max(self.kernels, len(pids) - 1)
            total = 0.0
            for pid in pids:
                with contextlib.suppress(OSError, ValueError):  # a kernel that stopped meanwhile
                    total += rss_mib(pid)
            self.memory = max(self.memory, total)
            time.sleep(0.1)

    def reset(self) -> None:
        self.kernels, self.memory = 0, 0.0


def get(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=600) as resp:
            resp.read()
            return resp.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return 0


def burst(server, pages: int) -> dict[str, float]:
    urls = [server.url(GAME_LESSONS[i % len(GAME_LESSONS)]) for i in range(pages)]
    start = time.perf_counter()
    with ThreadPoolExecutor(50) as pool:
        answers = list(pool.map(get, urls))
    answered = time.perf_counter() - start
    return {
        "served": answers.count(200),
        "full": answers.count(503),
        "other": len(answers) - answers.count(200) - answers.count(503),
        "answered_s": answered,
    }


def recovered(server, pool_kernels: int, timeout: float = 900) -> float:
    """Seconds until the server is back to its pool alone (the unclaimed kernels stopped)."""
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if len(server.kernels()) <= pool_kernels:
            return time.perf_counter() - start
        time.sleep(1)
    return float("nan")


@dataclass
class Student:
    lesson: str
    saw_full: bool = False
    drawn_s: float | None = None
    error: str = ""


async def attend(browser, student: Student, url: str, start: float, hold: float) -> None:
    context = await browser.new_context(viewport={"width": 1200, "height": 900})
    page = await context.new_page()
    try:
        answer = await page.goto(url, wait_until="commit", timeout=OPEN_TIMEOUT_MS)
        student.saw_full = answer is not None and answer.status == 503
        # the full page loads the lesson again on its own; wait for the lesson's canvas
        await page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=250, timeout=OPEN_TIMEOUT_MS)
        student.drawn_s = time.perf_counter() - start
        await asyncio.sleep(hold)
        await page.close(run_before_unload=True)
    except Exception as exc:  # a benchmark reports a failure, it does not stop
        student.error = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
    finally:
        await context.close()


async def class_opens(server, students: int, hold: float) -> list[Student]:
    from playwright.async_api import async_playwright

    class_ = [Student(GAME_LESSONS[i % len(GAME_LESSONS)]) for i in range(students)]
    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        start = time.perf_counter()
        await asyncio.gather(
            *(attend(browser, s, server.url(s.lesson), start, hold) for s in class_)
        )
        await browser.close()
    return class_


async def one_page(server) -> float:
    from playwright.async_api import async_playwright

    async with async_playwright() as pw:
        browser = await pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        page = await browser.new_page()
        start = time.perf_counter()
        await page.goto(server.url("triad.ipynb"), wait_until="commit")
        await page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=100, timeout=OPEN_TIMEOUT_MS)
        seconds = time.perf_counter() - start
        await browser.close()
    return seconds


def report(args, pool_kernels: int, burst_: dict, burst_watch: Watch, back_s: float,
           class_: list[Student], class_watch: Watch, after_s: float) -> str:  # fmt: skip
    drawn = [s.drawn_s for s in class_ if s.drawn_s is not None]
    waited = [s.drawn_s for s in class_ if s.saw_full and s.drawn_s is not None]
    straight = [s.drawn_s for s in class_ if not s.saw_full and s.drawn_s is not None]
    errors = [f"{s.lesson}: {s.error}" for s in class_ if s.error]

    def span(xs: list[float]) -> str:
        return f"{statistics.median(xs):.0f} s median, {max(xs):.0f} s max" if xs else "none"

    lines = [
        "## A room under load: a burst of pages from one client, then a class, a kernel cap",
        "",
        f"`python benchmarks/room_load.py --pages {args.pages} --students {args.students} "
        f"--cap {args.cap} --hold {args.hold:g}` "
        f"({datetime.date.today().isoformat()}, this 2-core machine; one `cardlab serve "
        f"--max-kernels {args.cap}` on loopback with its default pool, {pool_kernels} preheated "
        "kernels that count against the cap; kernels and memory sampled every 0.1 s).",
        "",
        "| phase | what happened | most live kernels | most memory (server + kernels) |",
        "|---|---|---|---|",
        f"| burst: {args.pages} GETs, 50 in flight | {burst_['served']} lessons served, "
        f"{burst_['full']} 'class is full' (503), {burst_['other']} other, all answered in "
        f"{burst_['answered_s']:.0f} s; the kernels nobody connected to stopped {back_s:.0f} s "
        f"later | {burst_watch.kernels} | {burst_watch.memory / 1024:.2f} GiB |",
        f"| class: {args.students} browsers at once, each closing its page {args.hold:g} s after "
        f"it drew | {len(drawn)} of {len(class_)} pages drew; {len(waited)} first showed 'the "
        f"class is full' and opened on their own ({span(waited)} to the first canvas); the "
        f"others {span(straight)} | {class_watch.kernels} | {class_watch.memory / 1024:.2f} GiB |",
        f"| after | one Triad page drew in {after_s:.1f} s | | |",
        "",
        f"- The cap held: at most {max(burst_watch.kernels, class_watch.kernels)} live kernels "
        f"against a cap of {args.cap}, preheated ones included.",
        f"- Errors: {'; '.join(errors) if errors else 'none'}.",
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pages", type=int, default=200)
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--cap", type=int, default=20)
    parser.add_argument("--hold", type=float, default=30.0)
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    if chromium_path() is None:
        print("no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        lessons = lesson_dir(Path(tmp, "lessons"), bare=False)
        with serving(lessons, "--max-kernels", str(args.cap)) as server:
            server.settle(timeout=900)
            pool_kernels = len(server.kernels())
            print(f"server ready: {pool_kernels} preheated kernels", flush=True)
            watch = Watch(server)
            watcher = threading.Thread(target=watch.run, daemon=True)
            watcher.start()
            burst_ = burst(server, args.pages)
            print(f"burst: {burst_}, most kernels {watch.kernels}", flush=True)
            back_s = recovered(server, pool_kernels)
            server.settle(timeout=900)
            burst_watch = Watch(server, watch.kernels, watch.memory)
            watch.reset()
            class_ = asyncio.run(class_opens(server, args.students, args.hold))
            class_watch = Watch(server, watch.kernels, watch.memory)
            server.settle(timeout=900)
            after_s = asyncio.run(one_page(server))
            watch.stop.set()
    text = report(args, pool_kernels, burst_, burst_watch, back_s, class_, class_watch, after_s)
    publish(text, args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
