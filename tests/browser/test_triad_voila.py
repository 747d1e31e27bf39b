"""The Triad lesson in Voilà: a student plays a hand against the AI by clicking.

Selectors (widgets carry them through ``add_class``): the bet buttons ``button.cardlab-check``,
``button.cardlab-call``, the draw ``button.cardlab-discard`` / ``button.cardlab-stand-pat``,
``button.cardlab-next-hand`` and the score sheet ``.cardlab-scoresheet``.
"""

from __future__ import annotations

from pathlib import Path

from test_voila import (
    ANY_ENABLED,
    CANVAS,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    canvas_shots,
    click_and_wait,
    render_url,
)

LESSON = "triad.ipynb"
CHECK = "button.cardlab-check"
CALL = "button.cardlab-call"
PAT = "button.cardlab-stand-pat"
NEXT_HAND = "button.cardlab-next-hand"
SHEET = ".cardlab-scoresheet"
LOG = ".cardlab-log"
MOVES = [CHECK, CALL, PAT, NEXT_HAND]


def test_triad_lesson_plays_a_hand_by_clicking(voila_server, page, screenshot_dir: Path):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CHECK, state="attached", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    assert "Hand 1" not in page.locator(SHEET).inner_text()

    for _ in range(30):  # check or call every bet, stand pat in the draw
        page.wait_for_function(ANY_ENABLED, arg=MOVES, timeout=20_000)
        if page.locator(NEXT_HAND).is_enabled():
            break
        move = next(s for s in (CHECK, CALL, PAT) if page.locator(s).is_enabled())
        click_and_wait(page, page.locator(move), LOG)
    else:
        raise AssertionError("the hand did not end in 30 clicks")
    sheet = page.locator(SHEET).inner_text()
    assert "Hand 1" in sheet and "won by" in sheet
    assert "Why the AI played" in page.locator(".cardlab-log").last.inner_text()

    page.wait_for_timeout(SETTLE_MS)
    table = page.locator(CANVAS).last  # the play table is the page's last drawing
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), "the play table after a hand")
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / "triad.png"), full_page=True)
    assert_no_python_errors(page)
    assert_clean_console(page)
