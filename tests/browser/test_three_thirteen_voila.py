"""The Three Thirteen lesson in Voilà: a student plays a round against a bot by clicking.

Selectors (widgets carry them through ``add_class``): ``button.cardlab-take-stock``,
``button.cardlab-discard``, ``button.cardlab-go-out``, ``button.cardlab-next-round`` and the
score sheet ``.cardlab-scoresheet``.  A card is selected by clicking it on the table canvas; its
twin among the card buttons (``.cardlab-card-buttons``) then shows pressed.
"""

from __future__ import annotations

from pathlib import Path

from test_voila import (
    ANY_ENABLED,
    CANVAS,
    ENABLED,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    canvas_shots,
    render_url,
)

LESSON = "three_thirteen.ipynb"
TAKE_STOCK = "button.cardlab-take-stock"
DISCARD = "button.cardlab-discard"
GO_OUT = "button.cardlab-go-out"
NEXT_ROUND = "button.cardlab-next-round"
SHEET = ".cardlab-scoresheet"
SELECTED = ".cardlab-card-buttons .mod-active"  # the pressed twin of the selected card
MAX_TURNS = 40


def enabled(page, selector: str) -> bool:
    return page.evaluate(ENABLED, selector)


def test_three_thirteen_lesson_plays_a_round_by_clicking(voila_server, page, screenshot_dir: Path):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(TAKE_STOCK, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    sheet = page.locator(SHEET).last  # the play table's sheet is the page's last one
    assert "Total" in sheet.inner_text()
    table = page.locator(CANVAS).last  # the play table is the page's last drawing
    table.scroll_into_view_if_needed()

    finished = False
    for _ in range(MAX_TURNS):
        page.wait_for_function(ANY_ENABLED, arg=[TAKE_STOCK, NEXT_ROUND], timeout=30_000)
        if enabled(page, NEXT_ROUND):
            finished = True
            break
        page.locator(TAKE_STOCK).click()
        page.wait_for_timeout(800)
        if enabled(page, GO_OUT):
            page.locator(GO_OUT).click()
        else:
            # click a card of the hand on the canvas (a click in a gap between melds selects
            # nothing, so try a few places along the bottom row)
            box = table.bounding_box()
            for fx in (0.5, 0.46, 0.54, 0.42, 0.58, 0.38, 0.62):
                page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] - 84)
                page.wait_for_timeout(500)
                if page.locator(SELECTED).count():
                    break
            page.wait_for_selector(SELECTED, timeout=20_000)
            page.wait_for_function(ENABLED, arg=DISCARD, timeout=20_000)
            page.locator(DISCARD).click()
        page.wait_for_function(ANY_ENABLED, arg=[TAKE_STOCK, NEXT_ROUND], timeout=30_000)
    assert finished, f"the round did not end in {MAX_TURNS} turns"
    page.wait_for_function(
        "sel => { const e = document.querySelectorAll(sel); "
        "return e.length && e[e.length - 1].innerText.includes('Round 1'); }",
        arg=SHEET,
        timeout=20_000,
    )
    page.wait_for_timeout(SETTLE_MS)
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), "the play table after a round")
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / "three_thirteen.png"), full_page=True)
    assert_no_python_errors(page)
    assert_clean_console(page)
