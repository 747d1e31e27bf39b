"""The lessons in JupyterLab: a student opens each game's lesson as a notebook and runs it.

One ``jupyter lab`` for the module (headless, loopback, a token, its settings, workspaces,
config and runtime files in a temporary folder, serving a copy of the lessons so running them
changes nothing of the user's or the repository's) and one page for every lesson.  Through
JupyterLab's own UI only: the lesson is double-clicked in the file browser, run with
Run > Run All Cells, and closed with File > Close and Shut Down Notebook.  Each lesson must
then show no error, draw every canvas, fit every canvas in the notebook's column (the window is
a small laptop's with the file browser open, so the column is narrower than a table's drawing),
answer one click at its table with a new drawing (Three Thirteen's click lands on the drawing
itself, shrunk to the column), restyle nothing of JupyterLab's own, and leave the browser
console clean.  Last, two lessons open side by side (two kernels in one page) must each keep
their canvases' text versions to themselves.
"""

from __future__ import annotations

import math
import os
import secrets
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from browsing import open_page, serving
from drivers import DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST
from test_voila import (
    RENDER_TIMEOUT_MS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    pixel_stats,
)

from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.lessons import notebooks_dir
from cardlab.render.ops import HitBox
from cardlab.serve.cli import free_port
from cardlab.widgets.canvas import backing_scale

LESSONS = tuple(DRIVERS)
"""One lesson per game: the six with a table to play."""
WINDOW = (1024, 768)
"""A small laptop: with the file browser open the notebook column is about 590 px wide."""
SCREENSHOT_OF = "triad.ipynb"
PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook in front (the one whose tab is chosen)."""
CANVAS = f"{PANEL} canvas.cardlab-canvas"
KERNEL_IDLE_JS = r"""() => [...document.querySelectorAll(".jp-StatusBar-TextItem")]
  .some(e => /^(?!No Kernel).+ \| Idle$/.test(e.textContent.trim()))"""
"""The status bar names the notebook's kernel and says it is idle: the kernel is connected (the
notebook's toolbar says "idle" before any kernel exists, and a Run All then does nothing)."""
RAN_ALL_JS = r"""(panel) => {
  const prompts = [...document.querySelectorAll(`${panel} .jp-CodeCell .jp-InputPrompt`)]
    .map(e => e.textContent.trim());
  const error = '[data-mime-type="application/vnd.jupyter.error"]';
  if (document.querySelector(`${panel} ${error}`)) return !prompts.includes("[*]:");
  return prompts.length > 0 && prompts.every(p => /^\[\d+\]:$/.test(p));
}"""
"""Every code cell has run (or one failed and the rest stopped)."""
CELL_ERRORS_JS = """(panel) => [...document.querySelectorAll(
  `${panel} [data-mime-type="application/vnd.jupyter.error"],` +
  `${panel} [data-mime-type="application/vnd.jupyter.stderr"]`)].map(e => e.innerText)"""
CANVAS_FIT_JS = """async (sel) => {
  const fits = [];
  for (const c of document.querySelectorAll(sel)) {
    c.scrollIntoView({block: "nearest"});
    await new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)));
    const r = c.getBoundingClientRect();
    const column = c.closest(".jp-OutputArea-output").getBoundingClientRect();
    fits.push({width: r.width, height: r.height, right: r.right, columnRight: column.right,
               backing: [c.width, c.height], density: window.devicePixelRatio});
  }
  return fits; }"""
"""Each canvas's box, read once it is in view: JupyterLab skips the layout of cells out of view
(``content-visibility: auto``), and Chromium may give such a canvas's box as it was before its
last resize."""
OUTSIDE_JS = """() => {
  const ours = [...document.styleSheets].filter(
    sheet => (sheet.ownerNode?.textContent || "").includes(".cardlab-canvas-box"));
  const rules = ours.flatMap(sheet => [...sheet.cssRules]);
  const flat = rules.flatMap(r => r.cssRules ? [...r.cssRules] : [r]);  // inside @media too
  const outside = flat.filter(r => r.selectorText).flatMap(r =>
    [...document.querySelectorAll(r.selectorText)]
      .filter(e => !e.closest('[class*="cardlab-"]'))
      .map(e => `${r.selectorText} -> ${e.tagName}.${e.className}`));
  return [ours.length, outside.slice(0, 10)];
}"""
"""Which elements outside cardlab's own widgets a rule of the lesson's stylesheet reaches."""
SAME_NOTEBOOK_JS = """() => {
  const ids = [...document.querySelectorAll("[id^='cardlab-']")].map(e => e.id);
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i);
  const astray = [...document.querySelectorAll("canvas.cardlab-canvas[aria-describedby]")]
    .filter(c => { const words = document.getElementById(c.getAttribute("aria-describedby"));
      return !words || words.closest(".jp-NotebookPanel") !== c.closest(".jp-NotebookPanel"); })
    .map(c => c.getAttribute("aria-label"));
  return {ids: ids.length, twice: twice.slice(0, 5), astray: astray.slice(0, 5)};
}"""
"""Ids two notebooks share, and canvases whose text version is missing or in another notebook."""
CARDS = ".cardlab-table .cardlab-card-buttons"
ON_THE_DRAWING: dict[str, tuple[Callable[[], Any], str, str]] = {
    "three_thirteen.ipynb": (ThreeThirteenTable.start, "stock", "from the stock"),
}
"""Tables whose first move is a click on the drawing itself: how to make such a table (the
place clicked lies where it does on any deal), the HitBox clicked, and what the log then says."""
RUN_TIMEOUT_MS = 180_000  # a kernel start and every cell of a lesson, on a busy 2-core machine


@dataclass(frozen=True)
class Lab:
    """A running JupyterLab: its base URL and its token."""

    url: str
    token: str


def lab_command(port: int, token: str, root: Path, home: Path) -> list[str]:
    """``jupyter lab`` on loopback ``port`` serving ``root``, everything it writes under
    ``home``, nothing fetched from the internet (no news feed, no update check, no extension
    manager asking PyPI) and no terminals (a lesson needs none)."""
    args = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={root}",
            f"--LabApp.user_settings_dir={home / 'settings'}",
            f"--LabApp.workspaces_dir={home / 'workspaces'}",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            "--ServerApp.terminals_enabled=False"]  # fmt: skip
    if os.geteuid() == 0:  # a CI container runs as root, which Jupyter refuses unless told
        args.append("--ServerApp.allow_root=True")
    return args


def private_env(home: Path) -> dict[str, str]:
    """The environment with Jupyter's and IPython's own files in ``home``: the user's config,
    kernels and history are neither read nor written."""
    dirs = {"JUPYTER_CONFIG_DIR": "config", "JUPYTER_DATA_DIR": "data",
            "JUPYTER_RUNTIME_DIR": "runtime", "IPYTHONDIR": "ipython"}  # fmt: skip
    for name in dirs.values():
        (home / name).mkdir(parents=True, exist_ok=True)
    return {**os.environ, **{var: str(home / name) for var, name in dirs.items()}}


@pytest.fixture(scope="module")
def lab(chromium_path, tmp_path_factory) -> Lab:
    tmp = tmp_path_factory.mktemp("jupyterlab")
    root, home = tmp / "lessons", tmp / "home"
    shutil.copytree(notebooks_dir(), root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    # JupyterLab would ask in a toast whether to fetch its news feed from the internet: never.
    notification = home / "settings" / "@jupyterlab" / "apputils-extension"
    notification.mkdir(parents=True)
    (notification / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    # No debugger (a lesson needs none): it restores its state on every notebook opened and
    # logs a console error when that notebook's kernel shuts down during the request.
    labconfig = home / "config" / "labconfig"
    labconfig.mkdir(parents=True)
    (labconfig / "page_config.json").write_text(
        '{"disabledExtensions": {"@jupyterlab/debugger-extension": true}}'
    )
    port, token = free_port(), secrets.token_hex(16)
    command = lab_command(port, token, root, home)
    with serving(command, port, tmp / "jupyterlab.log", env=private_env(home), cwd=tmp):
        yield Lab(f"http://127.0.0.1:{port}", token)


@pytest.fixture(scope="module")
def lab_page(browser, lab):
    """One JupyterLab page for every lesson of the module (JupyterLab loads once)."""
    page = open_page(browser, *WINDOW)
    page.goto(f"{lab.url}/lab?token={lab.token}", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".jp-DirListing-item", timeout=RENDER_TIMEOUT_MS)
    yield page
    page.context.close()


def menu(page, title: str, command: str) -> None:
    """Choose a menu item of JupyterLab's menu bar (items carry their command's id)."""
    page.locator(".lm-MenuBar-itemLabel", has_text=title).first.click()
    page.locator(f".lm-Menu-item[data-command='{command}']").click()


def open_and_run(page, lesson: str) -> None:
    """Open ``lesson`` from the file browser and run all its cells (Run > Run All Cells)."""
    name = page.locator(".jp-DirListing-itemText", has_text=lesson)
    page.locator(".jp-DirListing-item", has=name).first.dblclick()
    page.wait_for_selector(f"{PANEL} .jp-CodeCell", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=RENDER_TIMEOUT_MS)
    menu(page, "Run", "runmenu:run-all")
    page.wait_for_function(RAN_ALL_JS, arg=PANEL, timeout=RUN_TIMEOUT_MS, polling=500)


def close_and_shut_down(page) -> None:
    """File > Close and Shut Down Notebook, and confirm: the next lesson opens alone."""
    if not page.locator(PANEL).count():
        return
    front = page.locator(PANEL).get_attribute("id")
    menu(page, "File", "filemenu:close-and-cleanup")
    page.locator(".jp-Dialog .jp-mod-accept").click()
    discard = page.locator(".jp-Dialog button", has_text="Discard")  # if it asks to save
    if discard.count():
        discard.click()
    page.wait_for_selector(f"[id='{front}']", state="detached", timeout=30_000)


def assert_canvases_fit(page) -> None:
    """Every canvas stays inside the notebook's column and keeps its drawing's proportions."""
    canvases = page.evaluate(CANVAS_FIT_JS, CANVAS)
    assert canvases, "the lesson draws no canvas"
    for i, c in enumerate(canvases):
        assert c["right"] <= c["columnRight"] + 1, f"canvas #{i} runs out of the column: {c}"
        ratio = c["backing"][0] / c["backing"][1]
        assert abs(c["width"] / c["height"] - ratio) < 0.03 * ratio, f"#{i} squashed: {c}"
    # a drawing's width is its canvas's backing width over the page's scale (`backing_scale`)
    shrunk = [c for c in canvases if c["width"] < c["backing"][0] / backing_scale(c["density"]) - 1]
    assert shrunk, "no drawing is wider than the column: the window no longer tests a narrow one"


def assert_only_lessons_restyled(page) -> None:
    """The lesson's stylesheet (anywidget puts it in the page's head) reaches cardlab's own
    widgets only: JupyterLab's menus, fonts and other notebooks keep their look."""
    sheets, outside = page.evaluate(OUTSIDE_JS)
    assert sheets, "the page stylesheet is not on the page"
    assert not outside, "the lesson's stylesheet restyles JupyterLab itself:\n" + "\n".join(outside)


def click_on_drawing(canvas, start: Callable[[], Any], target: str) -> None:
    """Click where ``target``'s HitBox lies in the drawing of the table ``start()`` makes, on
    ``canvas`` as shown: shrunk to the column, so the click tests the pointer's scaling too."""
    drawing = start().picture("default")
    box = next(op for op in drawing.ops if isinstance(op, HitBox) and op.target == target)
    density = canvas.evaluate("() => window.devicePixelRatio")
    width = math.ceil(drawing.width * backing_scale(density))  # once the page has said its density
    canvas.page.wait_for_function("([c, w]) => c.width === w", arg=[canvas.element_handle(), width])
    assert canvas.evaluate("c => c.width") == width, "not that table"
    scale = canvas.bounding_box()["width"] / drawing.width
    assert scale < 0.9, f"the table is drawn at {scale:.2f}: no narrower than its drawing"
    x, y = (box.x + box.w / 2) * scale, (box.y + box.h / 2) * scale
    canvas.click(position={"x": x, "y": y})


def play_one_move(page, lesson: str) -> None:
    """Make the student's next move at the table, by clicking its control (a card first if the
    move needs one) or its place on the drawing (`ON_THE_DRAWING`), and check the table
    answers: its text version and its drawing change."""
    table = page.locator(f"{PANEL} .cardlab-table")
    assert table.count() == 1, "one table per lesson (the drivers look for the first)"
    table.scroll_into_view_if_needed()
    page.evaluate(QUIET_JS)
    key = page.wait_for_function(NEXT_MOVE_JS, arg=list(DRIVERS[lesson]), timeout=30_000)
    key = key.json_value()  # the bots may think longer than the quiet quarter second
    drawing, mirror = table.locator("canvas.cardlab-canvas").first, table.locator(".cardlab-mirror")
    before, words = drawing.screenshot(), mirror.inner_text()
    on_drawing = ON_THE_DRAWING.get(lesson)
    if on_drawing is not None:
        start, target, logged = on_drawing
        click_on_drawing(drawing, start, target)
    else:
        if key in SELECT_FIRST and not table.locator(f"{CARDS} button.mod-active").count():
            table.locator(f"{CARDS} button").first.click()
        table.locator(f"button.cardlab-{key}").click()
    page.wait_for_function(
        "([sel, old]) => document.querySelector(sel).innerText !== old",
        arg=[f"{PANEL} .cardlab-table .cardlab-mirror", words], timeout=30_000,
    )  # fmt: skip
    page.evaluate(QUIET_JS)  # the bots' answer drawn too
    if on_drawing is not None:
        assert logged in table.locator(".cardlab-log").first.inner_text(), f"{target} missed"
    after = drawing.screenshot()
    assert after != before, f"the move ({key}) changed the words but not the table's drawing"
    assert_drawn(after, f"the table after {key}")


def assert_drawn_soon(page, canvas, what: str, within_s: float = 10.0) -> None:
    """``canvas`` shows a drawing within ``within_s`` seconds: the widgets being up does not
    mean every batch has reached its canvas (a canvas redrawn at the page's pixel density is
    blank between its resize and its batch)."""
    for _ in range(int(within_s / 0.5)):
        shot = canvas.screenshot()
        n_colours, ink = pixel_stats(shot)
        if n_colours >= 8 and ink >= 0.01:
            return
        page.wait_for_timeout(500)
    assert_drawn(canvas.screenshot(), what)


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_lesson_runs_draws_and_plays_in_jupyterlab(lab_page, lesson, screenshot_dir):
    page = lab_page
    page.console_log.errors.clear()  # each lesson answers for its own
    try:
        open_and_run(page, lesson)
        errors = page.evaluate(CELL_ERRORS_JS, PANEL)
        assert not errors, f"{lesson} printed errors:\n" + "\n".join(errors)[:3000]
        assert_no_python_errors(page)
        page.wait_for_function(  # the page script has named every canvas: the widgets are up
            "sel => [...document.querySelectorAll(sel)].every(c => c.getAttribute('role'))",
            arg=CANVAS, timeout=30_000,
        )  # fmt: skip
        assert_canvases_fit(page)
        assert_only_lessons_restyled(page)
        canvases = page.locator(CANVAS)
        for i in range(canvases.count()):
            assert_drawn_soon(page, canvases.nth(i), f"{lesson} canvas #{i}")
        play_one_move(page, lesson)
        if lesson == SCREENSHOT_OF:
            page.locator(f"{PANEL} .cardlab-table").evaluate("e => e.scrollIntoView()")
            name = f"jupyterlab-{lesson.removesuffix('.ipynb')}.png"
            page.screenshot(path=str(screenshot_dir / name))
        assert_no_python_errors(page)
    finally:
        close_and_shut_down(page)
    assert_clean_console(page)


def test_two_lessons_side_by_side_keep_their_own_words(lab_page):
    """JupyterLab shows two notebooks in one page, each with its own kernel: every canvas must
    still name its own text version, not the other lesson's (ids made by both kernels)."""
    page = lab_page
    page.console_log.errors.clear()
    try:
        for lesson in ("triad.ipynb", "pyramid.ipynb"):
            open_and_run(page, lesson)
            page.wait_for_function(
                "sel => [...document.querySelectorAll(sel)].every(c => c.getAttribute('role'))",
                arg=CANVAS, timeout=30_000,
            )  # fmt: skip
        assert page.locator(".jp-NotebookPanel").count() == 2
        found = page.evaluate(SAME_NOTEBOOK_JS)
        assert found["ids"] > 10, found
        assert not found["twice"], f"both lessons made these ids: {found['twice']}"
        assert not found["astray"], f"canvases describedby another notebook: {found['astray']}"
    finally:
        close_and_shut_down(page)
        close_and_shut_down(page)
    assert_clean_console(page)
