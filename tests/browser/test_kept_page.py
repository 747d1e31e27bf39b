"""A lesson page kept in the browser (issue #30), in Chromium: Triad's class table left
mid-hand comes back on reload with the same pixels, the same words and the same rows, and plays
on to the hand's end; "Start this lesson again" forgets it.  (Without a browser, every table
and the refusals: tests/widgets/test_keeper.py.)"""

from __future__ import annotations

from test_class_deals import (
    LOG,
    MIRROR,
    MOVES,
    RESULTS,
    SHOWS,
    open_class,
    play_the_hand,
    table_pixels,
)
from test_voila import assert_clean_console

KEPT_JS = """key => Object.keys(localStorage).some(k => k.startsWith('cardlab-kept:')
    && k.includes(key) && localStorage.getItem(k).includes('"moves"'))"""
BACK = ".cardlab-page .cardlab-status"


def seen(page) -> tuple:
    """What the student sees of the table: its pixels, its words, its log and its rows."""
    page.wait_for_timeout(1_500)  # the faces' own canvases, made just after a press
    return (
        table_pixels(page),
        page.locator(MIRROR).last.inner_text(),
        page.locator(LOG).last.inner_text(),
        page.locator(RESULTS).last.get_attribute("href"),
    )


def test_a_table_left_mid_hand_comes_back_on_reload_and_plays_on(
    voila_server, page_at, screenshot_dir
):
    page = open_class(page_at, voila_server, "KEPT", "kept", screenshot_dir, "Ann")
    move = next(s for s in MOVES if page.locator(s).is_enabled())
    page.locator(move).click()
    page.wait_for_function(KEPT_JS, arg="|KEPT|Ann", timeout=30_000)
    before = seen(page)
    page.reload()
    page.wait_for_function(SHOWS, arg=[BACK, "back as you left it"], timeout=120_000)
    after = seen(page)
    page.screenshot(path=str(screenshot_dir / "kept-after-reload.png"))
    assert after[1:] == before[1:]
    assert after[0] == before[0], "the table's pixels differ after the reload"
    play_the_hand(page)
    page.wait_for_function(SHOWS, arg=[".cardlab-results", "1 finished hand"], timeout=30_000)
    assert_clean_console(page)


def test_start_again_forgets_the_page(voila_server, page_at, screenshot_dir):
    page = open_class(page_at, voila_server, "KEPT2", "kept2", screenshot_dir, "Bo")
    page.locator(next(s for s in MOVES if page.locator(s).is_enabled())).click()
    page.wait_for_function(KEPT_JS, arg="|KEPT2|Bo", timeout=30_000)
    page.evaluate("() => { window.__cardlabBefore = true; }")
    page.locator("button.cardlab-start-again").click()
    page.wait_for_function("() => !window.__cardlabBefore", timeout=60_000)  # a new page
    page.wait_for_function(SHOWS, arg=[".cardlab-class-deal", "Class deal 1"], timeout=120_000)
    page.wait_for_timeout(2_000)
    assert "back as you left it" not in page.locator(BACK).first.inner_text()
    assert not page.evaluate(KEPT_JS, "|KEPT2|Bo")  # forgotten, until the next press
