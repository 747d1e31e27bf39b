"""The Triangle lesson in Voilà: a student plays rounds against the bots by clicking.

Selectors (widgets carry them through ``add_class``): ``button.cardlab-claim``,
``button.cardlab-say``, ``button.cardlab-next-round`` and the score sheet ``.cardlab-scoresheet``.
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

LESSON = "triangle.ipynb"
CLAIM = "button.cardlab-claim"
SAY = "button.cardlab-say"
NEXT_ROUND = "button.cardlab-next-round"
SHEET = ".cardlab-scoresheet"
MAX_ROUNDS = 8  # a round can be void (a tied grab): keep playing until one is scored


def wait_enabled(page, selector: str, timeout: int = 20_000) -> None:
    page.wait_for_function(ENABLED, arg=selector, timeout=timeout)


def totals(page) -> str:
    return page.locator(f"{SHEET} tfoot").inner_text().strip()


def test_triangle_lesson_plays_a_round_by_clicking(voila_server, page, screenshot_dir: Path):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CLAIM, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    sheet_before = page.locator(SHEET).inner_text()
    assert "Total" in sheet_before and totals(page).split() == ["Total", "0", "0", "0"]

    scored = False
    for _ in range(MAX_ROUNDS):
        wait_enabled(page, CLAIM)
        page.locator(CLAIM).click()
        page.wait_for_function(
            ANY_ENABLED,
            arg=[SAY, NEXT_ROUND],
            timeout=20_000,
        )
        if page.locator(SAY).is_enabled():  # we won the Right to Speak: say the starred one
            page.locator(SAY).click()
            wait_enabled(page, NEXT_ROUND)
        if totals(page).split() != ["Total", "0", "0", "0"]:
            scored = True
            break
        page.locator(NEXT_ROUND).click()
    assert scored, f"no round was scored in {MAX_ROUNDS} rounds"
    assert page.locator(SHEET).inner_text() != sheet_before
    assert "Round 1" in page.locator(SHEET).inner_text()

    page.wait_for_timeout(SETTLE_MS)
    table = page.locator(CANVAS).last  # the play table is the page's last drawing
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), "the play table after a round")
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / "triangle.png"), full_page=True)
    assert_no_python_errors(page)
    assert_clean_console(page)
