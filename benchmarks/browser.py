"""What the browser benchmarks share: the machine, a `cardlab serve` to measure, and two probes.

* `first_canvas_s`: from the page request to the first lesson canvas holding a drawing.
* `click_latency_ms`: from a click on a table's control to that table's canvas pixels changing.

Both probes read the canvas pixels inside the page (a small scaled copy, so a probe costs well
under a millisecond), so no screenshot round trip sits inside what is measured.  The per-table
`DRIVERS` (from ``tests/browser/drivers.py``, shared with the keyboard test) say which control a
student presses next: the first enabled one in a preference list, the cards selected first where
the move needs them.
"""

from __future__ import annotations

import contextlib
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardlab.serve.cli import free_port, wait_for_port  # noqa: E402
from cardlab.serve.procs import cpu_ticks, kernel_pids, stop_group, voila_pid  # noqa: E402

sys.path.insert(0, str(REPO / "tests" / "browser"))
from drivers import DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST  # noqa: E402  (the students' moves)

CANVAS = "canvas.cardlab-canvas, .cardlab-canvas canvas"
TABLE_CANVAS = ".cardlab-table canvas.cardlab-canvas, .cardlab-table .cardlab-canvas canvas"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--no-first-run",
]  # fmt: skip
ICON_FONT_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free"

LESSONS = (
    "index.ipynb", "00_decks.ipynb", "triad.ipynb", "pyramid.ipynb", "doudizhu.ipynb",
    "triangle.ipynb", "three_thirteen.ipynb", "pyramid_poker.ipynb",
)  # fmt: skip
BARE = "bare_canvas.ipynb"
BARE_SOURCE = """\
import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

canvas = Canvas(width=400, height=200)
canvas.add_class("cardlab-canvas")
turn = [0]


def draw(_=None):
    with hold_canvas():
        for i in range(12):
            canvas.fill_style = f"hsl({30 * (i + turn[0])}, 70%, 50%)"
            canvas.fill_rect(32 * i, 0, 32, 200)
    turn[0] += 1


redraw = widgets.Button(description="Redraw")
redraw.add_class("cardlab-redraw")
redraw.on_click(draw)
canvas.on_client_ready(draw)  # ipycanvas keeps no pixels: draw when the page has connected
box = widgets.VBox([canvas, redraw])
box.add_class("cardlab-table")
box
"""
"""The yardstick: one ipycanvas canvas and a button that redraws it, nothing of cardlab, served
by the same Voilà: its first drawing and its click latency anchor the lessons' figures."""


# -- the machine -----------------------------------------------------------------------------------
def chromium_path() -> str | None:
    for cand in (os.environ.get("CARDLAB_CHROMIUM"), "/usr/lib/chromium/chromium",
                 "/usr/bin/chromium"):  # fmt: skip
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return None


def machine() -> dict[str, str]:
    cpu = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    ram = "unknown"
    with contextlib.suppress(OSError, ValueError, IndexError):
        kb = int(Path("/proc/meminfo").read_text().split("MemTotal:")[1].split()[0])
        ram = f"{kb / 1024 / 1024:.1f} GiB"
    info = {
        "CPU": cpu,
        "cores (os.cpu_count)": str(os.cpu_count()),
        "RAM": ram,
        "OS": f"{platform.system()} {platform.release()}",
        "Python": platform.python_version(),
    }
    for pkg in ("voila", "ipywidgets", "ipycanvas", "ipykernel", "jupyter_server", "playwright"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            info[pkg] = metadata.version(pkg)
    chromium = chromium_path()
    if chromium:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [chromium, "--version"], capture_output=True, text=True, timeout=30
            )
            info["Chromium"] = out.stdout.strip() or "unknown"
    return info


@dataclass
class Server:
    """A running `cardlab serve`: its process, port and the Voilà child with its kernels."""

    proc: subprocess.Popen
    port: int
    notebooks: Path

    def url(self, notebook: str, query: str = "") -> str:
        return f"http://127.0.0.1:{self.port}/voila/render/{notebook}{query}"

    def voila(self) -> int | None:
        return voila_pid(self.proc.pid)

    def kernels(self) -> list[int]:
        return kernel_pids(self.proc.pid)

    def settle(self, kernels: int | None = None, timeout: float = 120) -> bool:
        """Wait until the server has ``kernels`` kernels (if given) and they and Voilà are idle
        (under 3 CPU ticks in half a second): the pool refilled, nothing left computing.
        False (and a line on stderr) when that did not happen within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            pids = [p for p in (self.voila(), *self.kernels()) if p]
            if kernels is None or len(pids) - 1 == kernels:
                before = sum(cpu_ticks(p) for p in pids)
                time.sleep(0.5)
                if sum(cpu_ticks(p) for p in pids) - before < 3:
                    return True
            else:
                time.sleep(0.2)
        print(f"not settled: {len(self.kernels())} kernels, {kernels} wanted", file=sys.stderr)
        return False


def lesson_dir(root: Path, bare: bool = True) -> Path:
    """The lessons (and the bare-canvas yardstick) in one folder, as `cardlab serve` serves
    them."""

    root.mkdir(parents=True, exist_ok=True)
    source = REPO / "notebooks"
    for nb in source.rglob("*.ipynb"):  # each language's folder too
        if ".ipynb_checkpoints" not in nb.parts:
            target = root / nb.relative_to(source)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(nb, target)
    if bare:
        write_bare(root / BARE)
    return root


def write_bare(path: Path) -> Path:
    """The bare one-canvas notebook, written to ``path``."""
    import nbformat

    bare = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(BARE_SOURCE)])
    bare.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                   "language": "python"}  # fmt: skip
    nbformat.write(bare, path)
    return path


@contextlib.contextmanager
def serving(
    notebooks: Path, *options: str, log: Path | None = None, code: Path | None = None
) -> Iterator[Server]:
    """`cardlab serve` on a free port in its own process group; everything stops on exit.  Its
    output goes to ``log`` if given (why a page failed), else nowhere.  ``code``: a checkout
    whose ``cardlab`` the server and its kernels run instead of this one (put first on
    ``PYTHONPATH``, before the editable install's finder)."""
    port = free_port()
    out = log.open("ab") if log is not None else subprocess.DEVNULL
    env = {**os.environ, "PYTHONPATH": str(code)} if code is not None else None
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--ip", "127.0.0.1",
         "--port", str(port), "--notebooks", str(notebooks), *options],
        stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True,
        env=env,
    )  # fmt: skip
    if log is not None:
        out.close()  # the server holds its own copy
    try:
        if not wait_for_port("127.0.0.1", port, 90, proc):
            raise RuntimeError("cardlab serve did not start")
        yield Server(proc, port, notebooks)
    finally:
        stop_group(proc)


def close_page(page) -> None:
    """Close the tab as a student does (its unload handler asks Voilà to shut the kernel down),
    then the browser context."""
    page.close(run_before_unload=True)
    time.sleep(0.3)  # the unload request leaves before the context goes
    page.context.close()


def new_page(browser, width: int = 1200, height: int = 900):
    """A page in a fresh context (no cache), the icon font's CDN refused as a classroom network
    without internet would."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.route(f"{ICON_FONT_CDN}/**", lambda route: route.abort())
    return context.new_page()


# -- probe 1: first drawn canvas -------------------------------------------------------------------
DRAWN_JS = """
(selector) => {
  const probe = document.createElement('canvas');
  probe.width = 64; probe.height = 40;
  const ctx = probe.getContext('2d', {willReadFrequently: true});
  for (const c of document.querySelectorAll(selector)) {
    if (!c.width || !c.height) continue;
    ctx.clearRect(0, 0, 64, 40);
    ctx.drawImage(c, 0, 0, 64, 40);
    const d = ctx.getImageData(0, 0, 64, 40).data;
    const seen = new Set();
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3]) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
    }
    if (seen.size >= 8) return true;
  }
  return false;
}
"""


def first_canvas_s(page, url: str, timeout_s: float = 180) -> float:
    """Seconds from the page request to the first canvas with a drawing on it."""
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    page.wait_for_function(DRAWN_JS, arg=CANVAS, polling=10, timeout=timeout_s * 1000)
    return time.perf_counter() - t0


# -- probe 2: click to redrawn canvas --------------------------------------------------------------
ARM_JS = """
(selector) => {
  // Watches the drawing calls on the page's canvas (a lesson's page script draws each batch
  // on it, ipycanvas copies its batch onto it with clearRect + drawImage).  A microtask after
  // a task's calls, the canvas is rasterised (a one-pixel read makes the browser paint what
  // was drawn) and the time taken; the picture is then compared with the one before the
  // click, off the clock.  A timer that read the whole
  // canvas every millisecond cost a large canvas more than a small one, ran late behind the
  // page's own work and delayed the very batch it waited for.
  const canvas = document.querySelector(selector);
  const ctx = canvas.getContext('2d');
  const probe = document.createElement('canvas');
  probe.width = 160; probe.height = 120;
  const pctx = probe.getContext('2d', {willReadFrequently: true});
  const signature = () => {
    pctx.clearRect(0, 0, 160, 120);
    pctx.drawImage(canvas, 0, 0, 160, 120);
    const d = pctx.getImageData(0, 0, 160, 120).data;
    let h = 0;
    for (let i = 0; i < d.length; i++) h = (h * 31 + d[i]) | 0;
    return h;
  };
  const before = signature();
  const watched = ['drawImage', 'clearRect', 'fillRect', 'putImageData'];
  let t0 = null, queued = false, timer = null;
  window.__clickLatency = null;
  window.__clickSeen = false;  // a button the kernel disabled just before the click gets none
  const done = (value) => {
    window.__clickLatency = value;
    for (const name of watched) delete ctx[name];
    clearTimeout(timer);
  };
  const measure = () => {
    queued = false;
    if (window.__clickLatency !== null) return;
    ctx.getImageData(0, 0, 1, 1);
    const t = performance.now() - t0;
    if (signature() !== before) done(t);
  };
  for (const name of watched) {
    const draw = CanvasRenderingContext2D.prototype[name];
    ctx[name] = function (...args) {
      const result = draw.apply(this, args);
      if (t0 !== null && !queued) { queued = true; queueMicrotask(measure); }
      return result;
    };
  }
  document.addEventListener('click', () => {
    window.__clickSeen = true;
    t0 = performance.now();
    timer = setTimeout(() => done(-1), 3000);
  }, {capture: true, once: true});
  // Reading the canvas makes the next frame hand it to the compositor again: that frame passes
  // before the click (a student's page has no such frame), which then comes at a random point
  // of the frame, as a student's does.
  return new Promise(resolve => requestAnimationFrame(() => requestAnimationFrame(
    () => setTimeout(resolve, Math.random() * 1000 / 60))));
}
"""


def click_latency_ms(page, locator, canvas: str = TABLE_CANVAS) -> float | None:
    """Milliseconds from a click on ``locator`` to the table canvas changing (None: it did not
    change within 3 s, e.g. a move that only writes to the log)."""
    page.evaluate(ARM_JS, canvas)
    locator.click()
    page.wait_for_function("() => window.__clickLatency !== null", polling=5, timeout=10_000)
    value = page.evaluate("() => window.__clickLatency")
    return None if value < 0 else float(value)


def next_move(page, lesson: str) -> str | None:
    """The control the student presses next at ``lesson``'s table, once the table is quiet."""
    page.evaluate(QUIET_JS)
    return page.evaluate(NEXT_MOVE_JS, list(DRIVERS[lesson]))


def press(page, key: str) -> float | None:
    """Press ``key`` at the table as a student: the click's latency to the redrawn canvas.  A
    move that needs a card selects one first and, as a student moving to the button would,
    lets the table answer that click before pressing: otherwise the card's own redraw, still
    on its way, would be timed as the move's (or the move timed behind it)."""
    if key in SELECT_FIRST and not page.locator(".cardlab-table .cardlab-card-buttons "
                                                "button.mod-active").count():  # fmt: skip
        page.locator(".cardlab-table .cardlab-card-buttons button:visible").first.click()
        page.evaluate(QUIET_JS)
    return click_latency_ms(page, page.locator(f".cardlab-table button.cardlab-{key}"))


def percentile(xs: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) by nearest rank; nan when empty."""
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]
