"""Every lesson in Voilà, as a screen reader and a keyboard meet it.

- every drawn canvas has ``role="img"``, a name, and is out of the Tab order; a canvas that
  names a text version (``aria-describedby``) names an element that is on the page;
- focus never gets trapped: Tab, Shift+Tab and Escape leave a canvas that was clicked, and
  Tab walks the whole page without sticking.
"""

from __future__ import annotations

import contextlib

import pytest
from browsing import assert_labels_fit
from drivers import AGAIN, DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_voila import CANVAS, RENDER_TIMEOUT_MS, SETTLE_MS, assert_no_python_errors, render_url

from cardlab.widgets.canvas import DEFAULT_LABEL

LESSONS = ("00_decks.ipynb", "triad.ipynb", "pyramid.ipynb", "doudizhu.ipynb", "triangle.ipynb",
           "three_thirteen.ipynb", "pyramid_poker.ipynb")  # fmt: skip
CANVAS_FACTS = """sel => [...document.querySelectorAll(sel)]
  .filter(c => c.getBoundingClientRect().width > 0)
  .map(c => ({role: c.getAttribute("role"), name: c.getAttribute("aria-label"),
              tabindex: c.getAttribute("tabindex"),
              described: c.getAttribute("aria-describedby"),
              found: !!(c.getAttribute("aria-describedby")
                        && document.getElementById(c.getAttribute("aria-describedby")))}))"""
NAMES_JS = """() => [...document.querySelectorAll(".cardlab-table .cardlab-canvas-box")]
  .map(box => [
  box.querySelector(":scope > .cardlab-surface canvas").getAttribute("aria-label"),
  box.querySelector(":scope > .cardlab-canvas-name span").textContent])"""
"""Each table canvas's name as the page shows it and as Python last wrote it."""
NAMES_AGREE_JS = f"() => ({NAMES_JS})().every(([shown, written]) => shown === written)"
CARDS = ".cardlab-table .cardlab-card-buttons"
FOCUSED = """() => { const e = document.activeElement, same = e === window.__lastFocus;
  window.__lastFocus = e;
  return [same && e !== document.body, e ? e.tagName + "." + e.className : ""]; }"""
"""Whether the focus is on the same element as at the last call, and what it is."""
FOCUS_IN_TABLE = (
    "() => !!(document.activeElement && document.activeElement.closest('.cardlab-table'))"
)


def open_lesson(page, base: str, lesson: str) -> None:
    """Open ``lesson`` and wait for its canvases and their names.  A page that never draws
    says what it shows instead and what its console said: twice in CI a lesson page showed no
    canvas for 150 s (never again on rerun), and the timeout alone told nothing."""
    page.goto(render_url(base, lesson), timeout=RENDER_TIMEOUT_MS)
    try:
        page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    except PlaywrightTimeout as error:
        shown = page.evaluate("() => (document.body ? document.body.innerText : '').slice(0, 600)")
        raise AssertionError(
            f"{lesson}: no canvas after {RENDER_TIMEOUT_MS // 1000} s; the page shows {shown!r}; "
            f"its console said {page.console_log.errors[-10:]}"
        ) from error
    page.wait_for_function(  # the labels are set as soon as each canvas is on the page
        "sel => [...document.querySelectorAll(sel)].every(c => c.getAttribute('role') === 'img')",
        arg=CANVAS,
        timeout=30_000,
    )
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_canvas_has_a_role_a_name_and_no_tab_stop(voila_server, page, lesson):
    open_lesson(page, voila_server, lesson)
    facts = page.evaluate(CANVAS_FACTS, CANVAS)
    assert facts, "the lesson draws at least one canvas"
    for i, fact in enumerate(facts):
        assert fact["role"] == "img", (i, fact)
        assert fact["name"] and fact["name"].strip() not in ("", DEFAULT_LABEL), (i, fact)
        assert fact["tabindex"] == "-1", (i, fact)
        if fact["described"]:
            assert fact["found"], f"canvas #{i} names a missing element: {fact}"


def test_keys_leave_a_clicked_canvas_and_tab_walks_the_page(voila_server, page):
    open_lesson(page, voila_server, "triad.ipynb")
    table = page.locator(f".cardlab-table {CANVAS.split(',')[0]}").first
    on_canvas = "() => document.activeElement instanceof HTMLCanvasElement"
    for keys in (["Tab"], ["Shift+Tab"], ["Escape"]):
        table.click(position={"x": 5, "y": 5})  # a corner: no card there
        assert page.evaluate(on_canvas), "a click focuses the canvas"
        for key in keys:
            page.keyboard.press(key)
        assert not page.evaluate(on_canvas), f"{keys} left the focus on the canvas"
    # From the top, Tab moves on every press (no element keeps it) and reaches a table control.
    page.locator("body").click(position={"x": 1, "y": 1})
    page.evaluate(FOCUSED)
    visited = 0
    for _ in range(60):
        page.keyboard.press("Tab")
        stuck, what = page.evaluate(FOCUSED)
        assert not stuck, f"Tab stuck on {what}"
        visited += what.startswith(("BUTTON", "SELECT", "INPUT"))
    assert visited > 20, f"Tab reached only {visited} controls in 60 presses"


NAMED_THROUGH_JS = """who => [...document.querySelectorAll("canvas")].some(
  c => (c.getAttribute("aria-label") || "").endsWith(`through ${who}'s eyes`))"""


def test_a_new_name_reaches_its_canvas(voila_server, page):
    """Python renames a canvas (the step-through seen through other eyes): the page's one script
    puts the new name on the canvas, as it does for the names the page opened with."""
    open_lesson(page, voila_server, "triad.ipynb")
    assert page.evaluate(NAMED_THROUGH_JS, "the teacher")
    eyes = page.locator(".cardlab-eyes button").nth(1)
    who = eyes.inner_text().strip()
    eyes.click()
    page.wait_for_function(NAMED_THROUGH_JS, arg=who, timeout=10_000)
    assert not page.evaluate(NAMED_THROUGH_JS, "the teacher")
    assert page.evaluate(NAMES_AGREE_JS.replace(".cardlab-table ", ""))


AXE_RUN = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.join(" ") + " :: " + n.failureSummary)}));
}"""


def assert_axe_finds_nothing_serious(page, axe_script) -> None:
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=str(axe_script))
    violations = page.evaluate(AXE_RUN)
    serious = [v for v in violations if v["impact"] in ("serious", "critical")]
    assert not serious, "\n".join(f"{v['impact']} {v['id']}: {v['help']}\n  " + "\n  ".join(
        v["nodes"]) for v in serious)  # fmt: skip


@pytest.mark.parametrize("lesson", ("index.ipynb", *LESSONS))
def test_axe_finds_nothing_serious(voila_server, page, axe_script, lesson):
    """axe-core over the whole page, once it has drawn: no serious or critical violation; and
    no canvas label over another or past its canvas (the English pages; test_languages.py
    looks at the others)."""
    open_lesson(page, voila_server, lesson)
    assert_axe_finds_nothing_serious(page, axe_script)
    assert_labels_fit(page, lesson)


WHERE_JS = """sel => {
  const target = [...document.querySelectorAll(sel)].find(e => !e.disabled && e.offsetParent);
  if (!target) return "none";
  const now = document.activeElement;
  if (now === target) return "here";
  if (!now || now === document.body) return "forward";
  const after = now.compareDocumentPosition(target) & Node.DOCUMENT_POSITION_FOLLOWING;
  return after ? "forward" : "back";
}"""


def tab_to(page, selector: str, limit: int = 250) -> None:
    """Move the focus to the enabled element ``selector`` with Tab / Shift+Tab only."""
    for _ in range(limit):
        where = page.evaluate(WHERE_JS, selector)
        if where == "here":
            return
        if where == "none":
            raise AssertionError(f"no enabled {selector} to reach")
        page.keyboard.press("Tab" if where == "forward" else "Shift+Tab")
    raise AssertionError(f"{limit} presses of Tab did not reach {selector}")


@pytest.mark.parametrize("lesson", tuple(DRIVERS))
def test_a_deal_is_played_to_its_end_with_the_keyboard_alone(
    voila_server, page, axe_script, lesson
):
    """Tab to the student's next control and press Enter (Space on a card), until the table offers
    the next deal: no mouse event from the first key to the last.  After each press the focus is
    still in the table, also when the control pressed was disabled (it waits on the status line).
    axe-core looks at the page with a move's buttons enabled and at the end, where the next deal's
    is: a page at load has most of them disabled, and a disabled button needs no contrast."""
    open_lesson(page, voila_server, lesson)
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    keys, moves, key = list(DRIVERS[lesson]), 0, None
    for _ in range(80):
        page.evaluate(QUIET_JS)
        if moves:  # a pressed control the AI's turn disabled leaves the focus at its table
            assert page.evaluate(FOCUS_IN_TABLE), f"the focus left the table after {key!r}"
        key = page.wait_for_function(NEXT_MOVE_JS, arg=keys, timeout=30_000).json_value()
        if key in AGAIN:
            break
        if key in SELECT_FIRST and not page.locator(f"{CARDS} button.mod-active").count():
            tab_to(page, f"{CARDS} button")
            page.keyboard.press("Space")
        if moves == 1:
            assert_axe_finds_nothing_serious(page, axe_script)
        tab_to(page, f".cardlab-table button.cardlab-{key}")
        log = page.locator(".cardlab-log").first.inner_text()
        page.keyboard.press("Enter")
        with contextlib.suppress(PlaywrightTimeout):  # a hint selects cards and logs nothing
            page.wait_for_function(
                "([sel, before]) => document.querySelector(sel).innerText !== before",
                arg=[".cardlab-log", log], timeout=10_000,
            )  # fmt: skip
        moves += 1
        page.wait_for_function(NAMES_AGREE_JS, timeout=10_000)  # a new name reaches its canvas
    else:
        raise AssertionError(f"the deal did not end in 80 moves at {lesson}")
    assert moves > 0
    assert_no_python_errors(page)
    assert_axe_finds_nothing_serious(page, axe_script)
    assert_labels_fit(page, f"{lesson} at the end of a deal")
