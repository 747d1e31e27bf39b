"""The Pyramid Poker lesson in Voilà: a student plays a whole game against the bot by clicking.

Selectors (widgets carry them through ``add_class``): ``button.cardlab-place`` (place the drawn
block in the chosen slot), ``button.cardlab-play-hint`` (do what the hint says), the hand buttons
``button.cardlab-hand-left/centre/right``, the table's log ``.cardlab-log``, its verdict
``.cardlab-verdict`` and its score sheet, the last ``.cardlab-scoresheet`` on the page (the
scoring section has one too).
"""

from __future__ import annotations

from pathlib import Path

from test_voila import (
    CANVAS,
    ENABLED,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    canvas_shots,
    click_and_wait,
    render_url,
)

from cardlab.pictures.pyramid_poker import BLOCK_H, BLOCK_W, slot_xy

LESSON = "pyramid_poker.ipynb"
PLACE = "button.cardlab-place"
PLAY_HINT = "button.cardlab-play-hint"
LOG = ".cardlab-log"
SHEET = ".cardlab-scoresheet"
MAX_CLICKS = 120  # the learner makes about 45 moves in a game


def log_text(page) -> str:
    return page.locator(LOG).last.inner_text()


def test_pyramid_poker_lesson_plays_a_whole_game_by_clicking(
    voila_server, page, screenshot_dir: Path
):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(PLAY_HINT, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    sheet = page.locator(SHEET).last
    assert "Left" not in sheet.inner_text()

    # the first move by clicking a dashed foundation slot on the table's canvas (the bot may
    # have taken one of the two corners: then the click is refused and the other corner is free)
    table = page.locator(CANVAS).last
    table.scroll_into_view_if_needed()
    for k in (0, 7):
        x, y = slot_xy(k, 8, 8)
        before = log_text(page)
        table.click(position={"x": x + BLOCK_W / 2, "y": y + BLOCK_H / 2})
        page.wait_for_timeout(800)
        if log_text(page) != before:
            break
    else:
        raise AssertionError("clicking a foundation slot placed nothing")
    assert "Player 1 places a block" in log_text(page)

    # the second by choosing a slot in the list and pressing Place
    page.wait_for_function(ENABLED, arg=PLACE, timeout=30_000)
    click_and_wait(page, page.locator(PLACE), LOG)

    # then the hint, played, until the score sheet shows the result
    for _ in range(MAX_CLICKS):
        if "Bonus" in sheet.inner_text():
            break
        page.wait_for_function(ENABLED, arg=PLAY_HINT, timeout=30_000)
        click_and_wait(page, page.locator(PLAY_HINT), LOG)
    text = sheet.inner_text()
    assert all(word in text for word in ("Left", "Centre", "Right", "Bonus", "Total")), text
    # the verdict is written after the score sheet (controls last): wait for it, then read it
    page.wait_for_function(
        "() => (document.querySelector('.cardlab-verdict') || {}).innerText?.includes('Game over')",
        timeout=30_000,
    )
    assert "Game over" in page.locator(".cardlab-verdict").inner_text()

    page.wait_for_timeout(SETTLE_MS)
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), "the play table after the game")
    page.screenshot(path=str(screenshot_dir / "pyramid_poker.png"), full_page=True)
    table.screenshot(path=str(screenshot_dir / "pyramid_poker_table.png"))
    assert_no_python_errors(page)
    assert_clean_console(page)
