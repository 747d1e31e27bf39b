"""What the browser tests share besides fixtures: where Chromium is, a page with its console log,
a server run in its own process group, npm tools.  Test modules import from here, never from
``conftest`` (another test folder has a ``conftest`` module too, and a full run sees both)."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from cardlab.serve.cli import wait_for_port
from cardlab.serve.procs import stop_group

REPO = Path(__file__).resolve().parents[2]
CHROMIUM_CANDIDATES = ("/usr/lib/chromium/chromium", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    # no network here: keep Chromium from dialling out for updates, sync, etc.
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
INSTALL_HINT = (
    "install Debian's Chromium (`apt-get update && apt-get install -y chromium`) "
    "or set CARDLAB_CHROMIUM to a Chromium/Chrome binary"
)
# The Voila page asks a CDN for the Font Awesome icon font; offline that load fails.  With
# progressive rendering (`cardlab serve --pool 0`, a student's server behind JupyterHub) the page
# typesets a lesson's formulas in the browser and asks a CDN for MathJax too.  Those failed loads
# are the console errors the tests accept.
ICON_FONT_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free"
MATHJAX_CDN = "https://cdnjs.cloudflare.com/ajax/libs/mathjax"
OFFLINE_CDNS = (ICON_FONT_CDN, MATHJAX_CDN)
SERVER_START_TIMEOUT = 90
LABELS_JS = """(() => {
  // Every drawing canvas's labels as the browser draws them: each fillText's ink box, measured
  // with the browser's own fonts, in the canvas's pixels.  A clear of the whole canvas (within a
  // pixel or two of rounding: a drawing is scaled to its canvas) starts a frame.  A drawing is a
  // canvas of the size of one of the page's cardlab canvases (a card's sprite or a canvas that
  // measures text is not).
  const P = CanvasRenderingContext2D.prototype;
  const clear = P.clearRect, fill = P.fillText, frames = new Map();
  const box = (ctx, x0, y0, x1, y1) => {
    const m = ctx.getTransform();
    return [m.a * x0 + m.e, m.d * y0 + m.f, m.a * x1 + m.e, m.d * y1 + m.f];
  };
  P.clearRect = function (x, y, w, h) {
    const [l, t, r, b] = box(this, x, y, x + w, y + h);
    const c = this.canvas;
    if (l <= 1 && t <= 1 && r >= c.width - 2 && b >= c.height - 2) frames.set(c, []);
    return clear.apply(this, arguments);
  };
  P.fillText = function (text, x, y) {
    const m = this.measureText(text);
    const [l, t, r, b] = box(this, x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent,
                             x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent);
    const scale = this.getTransform().a;
    const size = parseFloat((this.font.match(/([\\d.]+)px/) || [0, 0])[1]) * scale;
    const frame = frames.get(this.canvas);
    if (frame) frame.push({text: String(text), l, t, r, b, scale, size});
    return fill.apply(this, arguments);
  };
  window.cardlabLabelProblems = () => {
    const found = [], shown = new Set([...document.querySelectorAll(
      "canvas.cardlab-canvas, .cardlab-canvas canvas")].map(c => `${c.width}x${c.height}`));
    for (const [canvas, texts] of frames) {
      if (!shown.has(`${canvas.width}x${canvas.height}`)) continue;
      const slack = (texts[0] ? texts[0].scale : 1);  // a pixel of the drawing
      for (const a of texts) {
        if (a.l < -slack || a.t < -slack || a.r > canvas.width + slack ||
            a.b > canvas.height + slack)
          found.push(`'${a.text}' leaves its ${canvas.width}x${canvas.height} canvas`);
      }
      texts.forEach((a, i) => texts.slice(i + 1).forEach(b => {
        const same = a.text === b.text && a.l === b.l && a.t === b.t;
        if (!same && Math.min(a.r, b.r) - Math.max(a.l, b.l) > slack &&
            Math.min(a.b, b.b) - Math.max(a.t, b.t) > slack)
          found.push(`'${a.text}' overlaps '${b.text}'`);
      }));
    }
    return [...new Set(found)];
  };
  // The labels of the canvases ``selector`` finds as the page shows them: each label's font
  // size in CSS pixels (its size on the canvas it was drawn on, times the shown width over it).
  window.cardlabLabelSizes = (selector) => [...document.querySelectorAll(selector)]
    .filter(shown => shown.getBoundingClientRect().width > 0)
    .map(shown => {
      const css = shown.getBoundingClientRect().width / shown.width;
      const texts = [...frames].filter(([c, t]) => c.width === shown.width &&
                                       c.height === shown.height && t.length).flatMap(([, t]) => t);
      return texts.filter(a => a.text.trim()).map(a => [a.text, a.size * css]);
    });
})()"""
"""Installed in every page the tests open (`open_page`): `assert_labels_fit` reads it."""


def require_browser() -> bool:
    return os.environ.get("CARDLAB_REQUIRE_BROWSER", "") == "1"


def skip_or_fail(reason: str):
    if require_browser():
        pytest.fail(f"{reason} (CARDLAB_REQUIRE_BROWSER=1)", pytrace=False)
    pytest.skip(reason)


def find_chromium() -> str | None:
    env = os.environ.get("CARDLAB_CHROMIUM")
    if env:
        return env if Path(env).is_file() and os.access(env, os.X_OK) else None
    for cand in CHROMIUM_CANDIDATES:
        if Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return shutil.which("chromium")


@dataclass
class ConsoleLog:
    """Console errors and uncaught page errors seen by one page."""

    errors: list[str] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)

    def on_console(self, msg) -> None:
        if msg.type != "error":
            return
        url = (msg.location or {}).get("url", "")
        text = f"{msg.text} [{url}]"
        if url.startswith(OFFLINE_CDNS) and msg.text.startswith("Failed to load resource: net::"):
            self.ignored.append(text)
        else:
            self.errors.append(text)

    def on_page_error(self, exc) -> None:
        self.errors.append(f"uncaught: {exc}")


def open_page(browser, width: int = 1200, height: int = 900):
    """A fresh page in a context of its own, of that size; its ``console_log`` collects its
    console errors.  The caller closes ``page.context``."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.add_init_script(LABELS_JS)
    # Fail the CDN requests at once rather than waiting on DNS; each is then a failed load.
    for cdn in OFFLINE_CDNS:
        context.route(f"{cdn}/**", lambda route: route.abort())
    pg = context.new_page()
    log = ConsoleLog()
    pg.on("console", log.on_console)
    pg.on("pageerror", log.on_page_error)
    pg.console_log = log
    pg.set_default_timeout(30_000)
    return pg


@contextlib.contextmanager
def serving(cmd: list[str], port: int, log_path: Path, **popen) -> Iterator[subprocess.Popen]:
    """Run a server ``cmd`` in a process group of its own (its kernels die with it), its output
    to ``log_path``; yields once it listens on loopback ``port``, stops the whole group after."""
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            cmd, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            start_new_session=True, **popen,
        )  # fmt: skip
    try:
        if not (wait_for_port("127.0.0.1", port, SERVER_START_TIMEOUT, proc)
                and speaks_http(port, SERVER_START_TIMEOUT, proc)):  # fmt: skip
            pytest.fail(f"{cmd[:4]} did not listen on {port}:\n{log_path.read_text()[-5000:]}")
        yield proc
    finally:
        stop_group(proc)


def speaks_http(port: int, timeout: float, proc: subprocess.Popen) -> bool:
    """True once loopback ``port`` answers HTTP (any status) while ``proc`` runs.  A port that
    merely accepts connections may be another process's: between `free_port` and the server's
    bind, a kernel of the other test process can take it, and the server then exits."""
    import http.client
    import time
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/cardlab-probe", timeout=5):
                return proc.poll() is None
        except urllib.error.HTTPError:
            return proc.poll() is None  # an answer (a 404, a 403): HTTP, and no page opened
        except (OSError, http.client.HTTPException):
            time.sleep(0.2)
    return False


AXE_VERSION = "4.14.1"
"""axe-core, the accessibility engine the browser tests inject (npm package, pinned)."""


@contextlib.contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``path`` (created if need be) against other processes."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as file:
        fcntl.flock(file, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(file, fcntl.LOCK_UN)


def npm_package(name: str, version: str, needed: str, why: str, root: Path = REPO) -> Path:
    """The file ``needed`` of npm package ``name@version``, installed with npm (once) into a
    folder of its own under ``build/npm``: ``npm install`` into a folder removes from it every
    package it was not asked for this time, so two tools cannot share one.  The test processes
    take turns under a lock: two ``npm install`` runs into one folder break each other."""
    prefix = root / "build" / "npm" / f"{name}-{version}"
    with locked(prefix.with_name(f"{prefix.name}.lock")):
        return _npm_install(prefix, name, version, needed, why)


def _npm_install(prefix: Path, name: str, version: str, needed: str, why: str) -> Path:
    package = prefix / "node_modules" / name
    path = package / needed
    if not (path.is_file() and f'"version": "{version}"' in (package / "package.json").read_text()):
        npm = shutil.which("npm")
        if npm is None:
            skip_or_fail(f"{why} needs npm (`apt-get install -y npm`) for {name}")
        done = subprocess.run(
            [npm, "install", "--no-save", "--no-audit", "--no-fund", "--prefix", str(prefix),
             f"{name}@{version}"],
            capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
        )  # fmt: skip
        if done.returncode != 0 or not path.is_file():
            skip_or_fail(f"npm could not install {name} {version}: {done.stderr[-500:]}")
    return path


def assert_labels_fit(page, what: str) -> None:
    """No label a canvas of the page drew overlaps another or leaves its canvas, measured in the
    browser's own fonts (the unit tests measure the draw operations with Pillow's)."""
    problems = page.evaluate("() => window.cardlabLabelProblems()")
    assert problems == [], f"{what}: " + "; ".join(problems[:8])


def pixels(png: bytes):
    """A screenshot as an RGB image."""
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def changed(a, b) -> float:
    """The share of pixels that differ visibly between two pictures (a redraw of the same ops
    may differ by a level where sprites are blitted); 1.0 when their sizes differ."""
    from PIL import ImageChops

    if a.size != b.size:
        return 1.0
    diff = ImageChops.difference(a, b).convert("L").point(lambda v: 255 if v > 24 else 0)
    return diff.histogram()[255] / (a.width * a.height)
