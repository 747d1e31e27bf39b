"""Nothing a student did is lost (issue #30), in Chromium against a real `cardlab serve`: at
Triad's, Dou Dizhu's and Three Thirteen's class tables, mid-hand, five faults one after another,

1. the page reloaded,
2. the network gone for 30 s (a press made meanwhile is refused, with words saying so),
3. the page's kernel killed (``kill -9``; Jupyter restarts it empty),
4. the server restarted (its kernels die with it),
5. the page closed until its kernel is gone, and its link opened again,
6. the link opened in another browser (another device; the class record keeps the page),

and after each the page shows the same canvas pixels, the same words, the same log and the same
results rows as before, then takes the next press; at the end the hand is played out and its
row is in the results.  The tally (faults, presses, refused, lost) goes to ``FAULTS_REPORT``'s
file when set (`benchmarks/faults.py` writes it into ``benchmarks/RESULTS.md``)."""

from __future__ import annotations

import io
import json
import os
import signal
import sys
import time
from pathlib import Path
from urllib.parse import unquote

import pytest
from browsing import ConsoleLog, changed, serving
from drivers import AGAIN, DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST
from PIL import Image
from test_kernels import KERNEL_ID, kernels_by_id
from test_voila import CANVAS, RENDER_TIMEOUT_MS, SETTLE_MS, assert_no_python_errors

from cardlab.serve.cli import free_port

GAMES = ["triad.ipynb", "doudizhu.ipynb", "three_thirteen.ipynb"]
TABLE = ".cardlab-table"
CARDS = f"{TABLE} .cardlab-card-buttons"
BANNER = ".cardlab-connection"
BACK_JS = "() => [...document.querySelectorAll('.cardlab-status')].some(e => " \
    "e.innerText.includes('back as you left it'))"  # fmt: skip
QUIET_BANNER = "() => { const b = document.querySelector('.cardlab-connection'); " \
    "return !b || b.hidden; }"  # fmt: skip
OTHER_KERNEL = """id => { const c = document.getElementById('jupyter-config-data');
  try { return !!c && JSON.parse(c.textContent).kernelId !== id; } catch { return false; } }"""
"""Whether the page opened again, on another kernel than ``id`` (not yet while the page's
configuration is still arriving: a page read mid-load held half of it, and JSON.parse threw)."""
PIXELS_CHANGED_MAX = 0.002
"""The share of a picture's pixels that may differ visibly (the share tests' bound)."""
KERNEL_PROBE_JS = """async () => {
  const config = JSON.parse(document.getElementById('jupyter-config-data').textContent);
  const xsrf = (document.cookie.match(/(?:^|; )_xsrf=([^;]*)/) || [])[1] || '';
  const headers = {'X-XSRFToken': decodeURIComponent(xsrf)};
  const reply = await fetch(`${config.baseUrl}api/kernels/${config.kernelId}`,
                            {cache: 'no-store', headers});
  return [reply.status, reply.ok ? (await reply.json()).execution_state : null];
}"""
"""What the server says of the page's kernel, asked as the page's connection watch asks
(`cardlab/widgets/connection.js`): ``[200, "idle"]`` for a live one."""
OFFLINE_S = 30
FAULTS_REPORT = "CARDLAB_FAULTS_REPORT"
"""A file the tally of each game is appended to, as one JSON line."""
WAIT_MS = 60_000


def watch_console(page) -> None:
    log = ConsoleLog()
    page.on("console", log.on_console)
    page.on("pageerror", log.on_page_error)
    page.console_log = log
    page.set_default_timeout(30_000)


class Room:
    """A `cardlab serve` of its own (it is restarted) and one student's browser."""

    def __init__(self, browser, notebooks: Path, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.folder = folder
        self.cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser",
                    "--ip", "127.0.0.1", "--port", str(self.port), "--notebooks", str(notebooks),
                    "--pool", "0"]  # fmt: skip
        self.runs = 0
        self.browser = browser
        self.server = self._start()
        self.context = browser.new_context(viewport={"width": 1200, "height": 900})

    def _start(self):
        self.runs += 1
        server = serving(self.cmd, self.port, self.folder / f"serve-{self.runs}.log")
        self.proc = server.__enter__()
        return server

    def restart(self) -> None:
        self.server.__exit__(None, None, None)
        self.server = self._start()

    def close(self) -> None:
        self.context.close()
        self.server.__exit__(None, None, None)

    def open(self, link: str):
        page = self.context.new_page()
        watch_console(page)
        page.goto(link, timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector(f"{TABLE} {CANVAS}", state="visible", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector(".cardlab-class-deal", timeout=RENDER_TIMEOUT_MS)
        return page


def kept_moves(page) -> str:
    """What the browser keeps of the page now ("" for nothing)."""
    return page.evaluate(
        "() => Object.keys(localStorage).filter(k => k.startsWith('cardlab-kept:'))"
        ".map(k => localStorage.getItem(k).replace(/^\\d+ /, '')).join('|')"
    )


def settle(page) -> None:
    """Wait until the table is still and the browser keeps the page as it shows it."""
    page.evaluate(QUIET_JS)
    page.wait_for_timeout(SETTLE_MS)  # the keeper writes 0.3 s after the last change
    before = kept_moves(page)
    for _ in range(20):
        page.wait_for_timeout(500)
        now = kept_moves(page)
        if now == before and now:
            return
        before = now
    raise AssertionError("the page is not kept in the browser")


def seen(page) -> tuple:
    """What the student sees of the table: its pixels, its words, its log and its rows."""
    page.wait_for_function(QUIET_BANNER, timeout=WAIT_MS)
    table = page.locator(TABLE).last
    table.scroll_into_view_if_needed()
    png = table.locator(CANVAS).last.screenshot()
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    return (
        (picture.size, picture.tobytes()),
        table.locator(".cardlab-mirror").last.inner_text(),
        table.locator(".cardlab-log").last.inner_text(),
        table.locator("a.cardlab-results-link").get_attribute("href"),
    )


def press(page, lesson: str, again: bool = False) -> str:
    """The student's next press at the table (the driver's choice, one that starts the next
    deal only if ``again``); returns its key."""
    page.evaluate(QUIET_JS)
    key = page.wait_for_function(NEXT_MOVE_JS, arg=list(DRIVERS[lesson]), timeout=WAIT_MS)
    key = key.json_value()
    if key in SELECT_FIRST and not page.locator(f"{CARDS} button.mod-active").count():
        page.locator(f"{CARDS} button").first.click()
        page.evaluate(QUIET_JS)
    if again or key not in AGAIN:
        page.locator(f"{TABLE} button.cardlab-{key}").click()
    return key


def same(before: tuple, after: tuple, what: str) -> int:
    """0 when the page is as it was (nothing lost), else 1, with the difference said.  The
    picture is the same to the eye: a page drawn afresh paints its faces inline where a page
    pressed on blits them, which may move an edge pixel by a few levels (`changed`, as for a
    shared link's picture); the words, the log and the rows are the same exactly."""
    names = ("pixels", "text", "log", "results")
    pictures = [Image.frombytes("RGB", *seen_[0]) for seen_ in (before, after)]
    differ = ["pixels"] if changed(*pictures) >= PIXELS_CHANGED_MAX else []
    differ += [name for name, a, b in zip(names[1:], before[1:], after[1:], strict=True) if a != b]
    if differ:
        print(f"{what}: the page differs in {differ}", file=sys.stderr)
        if os.environ.get("CARDLAB_FAULTS_DEBUG"):
            folder = Path(os.environ["CARDLAB_FAULTS_DEBUG"])
            for label, seen_ in (("before", before), ("after", after)):
                (folder / f"{what}-{label}.txt").write_text(f"{seen_[1]}\n----\n{seen_[2]}")
                Image.frombytes("RGB", *seen_[0]).save(folder / f"{what}-{label}.png")
    return int(bool(differ))


def rows_now(page) -> int:
    """The rows in the student's results (the lines of the results link's CSV past its head)."""
    href = page.locator(f"{TABLE} a.cardlab-results-link").last.get_attribute("href") or ""
    return max(0, unquote(href.partition(",")[2]).count("\r\n") - 1)


def wait_back(page) -> None:
    """The page came back from its kept copy (on a new kernel) and is still."""
    page.wait_for_function(BACK_JS, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(f"{TABLE} {CANVAS}", state="visible", timeout=RENDER_TIMEOUT_MS)
    page.evaluate(QUIET_JS)
    page.wait_for_timeout(SETTLE_MS)


@pytest.mark.parametrize("lesson", GAMES)
def test_nothing_a_student_did_is_lost(browser, notebooks_dir, tmp_path, screenshot_dir, lesson):
    room = Room(browser, notebooks_dir, tmp_path)
    tally = {"lesson": lesson, "faults": 0, "presses": 0, "refused": 0, "lost": 0}
    name = lesson.removesuffix(".ipynb")
    link = f"{room.url}/voila/render/{lesson}?class=FAULTS&name=Ann"
    try:
        page = room.open(link)
        status, state = page.evaluate(KERNEL_PROBE_JS)  # what the page asks when it hears nothing
        assert status == 200 and state in ("idle", "busy"), (status, state)

        def step() -> None:
            press(page, lesson)
            tally["presses"] += 1
            settle(page)

        def check(fault: str) -> None:
            after = seen(page)
            page.screenshot(path=str(screenshot_dir / f"fault-{name}-{fault}.png"))
            tally["faults"] += 1
            tally["lost"] += same(before, after, f"{lesson} after {fault}")
            assert_no_python_errors(page)

        step()
        # 1. reload
        before = seen(page)
        page.reload(timeout=RENDER_TIMEOUT_MS)
        wait_back(page)
        check("reload")
        step()
        # 2. offline for 30 s: the banner, a press refused with words, then back on its own
        before = seen(page)
        page.context.set_offline(True)
        # the banner shows first and gets its words a frame later (so a screen reader hears
        # them even when they repeat): wait for the words, not only for the banner
        page.wait_for_function(
            "sel => { const b = document.querySelector(sel); return b && !b.hidden"
            " && b.innerText.trim() !== ''; }",
            arg=BANNER,
            timeout=WAIT_MS,
        )
        said = page.locator(BANNER).inner_text()
        assert "not connected" in said
        assert page.locator(BANNER).get_attribute("role") == "alert"
        page.screenshot(path=str(screenshot_dir / f"fault-{name}-offline.png"))
        key = page.evaluate(NEXT_MOVE_JS, list(DRIVERS[lesson]))
        if key and key not in AGAIN:
            page.locator(f"{TABLE} button.cardlab-{key}").click(force=True)
            page.wait_for_function(
                "sel => document.querySelector(sel).innerText.includes('was not sent')",
                arg=BANNER,
                timeout=5_000,
            )
            tally["refused"] += 1
        page.wait_for_timeout(OFFLINE_S * 1000)
        page.context.set_offline(False)
        page.wait_for_function(
            "sel => document.querySelector(sel).dataset.kind === 'up'"
            " || !!document.querySelector('.cardlab-status')",
            arg=BANNER,
            timeout=WAIT_MS,
        )
        page.wait_for_selector(f"{BANNER}[hidden]", state="attached", timeout=WAIT_MS)
        page.evaluate(QUIET_JS)
        page.wait_for_timeout(SETTLE_MS)
        check("offline")
        step()
        # 3. kill -9 the page's kernel
        before = seen(page)
        kernel = page.evaluate(KERNEL_ID)
        os.kill(kernels_by_id(room.proc.pid)[kernel], signal.SIGKILL)
        page.wait_for_function(OTHER_KERNEL, arg=kernel, timeout=WAIT_MS)
        wait_back(page)
        check("kill")
        step()
        # 4. the server restarted
        before = seen(page)
        kernel = page.evaluate(KERNEL_ID)
        room.restart()
        page.wait_for_function(OTHER_KERNEL, arg=kernel, timeout=WAIT_MS * 3)
        wait_back(page)
        check("restart")
        step()
        # 5. closed until its kernel is gone, then the same link again
        before = seen(page)
        kernel = page.evaluate(KERNEL_ID)
        page.close(run_before_unload=True)
        deadline = time.monotonic() + 60
        while kernel in kernels_by_id(room.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernel not in kernels_by_id(room.proc.pid), "the closed page's kernel still runs"
        page = room.open(link)
        wait_back(page)
        check("closed")
        # 6. another browser (another device, storage cleared): the class record has the page
        before = seen(page)
        page.close(run_before_unload=True)
        room.context.close()
        room.context = room.browser.new_context(viewport={"width": 1200, "height": 900})
        page = room.open(link)
        wait_back(page)
        check("elsewhere")
        # the game goes on: the hand played out, the next one too, its row in the results
        rows = rows_now(page)
        for _ in range(200):
            press(page, lesson, again=True)
            tally["presses"] += 1
            page.evaluate(QUIET_JS)
            if rows_now(page) > rows:
                break
        else:
            raise AssertionError(f"{lesson}: no new row after 200 presses")
        page.screenshot(path=str(screenshot_dir / f"fault-{name}-end.png"))
    finally:
        room.close()
        if os.environ.get(FAULTS_REPORT):
            with open(os.environ[FAULTS_REPORT], "a", encoding="utf-8") as out:
                out.write(json.dumps(tally) + "\n")
    assert tally["lost"] == 0, tally
