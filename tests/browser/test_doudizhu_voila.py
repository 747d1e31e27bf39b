"""The Dou Dizhu lesson in Voilà: a student plays a whole deal against the two AI by clicking.

Selectors (widgets carry them through ``add_class``): ``button.cardlab-bid-<n>`` /
``button.cardlab-bid-pass``, ``button.cardlab-hint``, ``button.cardlab-play``,
``button.cardlab-pass``, the status line ``.cardlab-status`` and the score sheet
``.cardlab-scoresheet``.  The play table is the page's last canvas; its status line is the last.
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

LESSON = "doudizhu.ipynb"
HINT = "button.cardlab-hint"
PLAY = "button.cardlab-play"
PASS = "button.cardlab-pass"
NEW_DEAL = "button.cardlab-new-deal"
SHEET = ".cardlab-scoresheet"
BIDS = ["button.cardlab-bid-1", "button.cardlab-bid-2", "button.cardlab-bid-3"]
BID_PASS = "button.cardlab-bid-pass"
MAX_MOVES = 80  # the learner makes at most 20 plays and a pass for each AI play


def enabled(page, selector: str) -> bool:
    return page.evaluate(ENABLED, selector)


def status(page) -> str:
    return page.locator(".cardlab-status").last.inner_text().strip()


def dealt_rows(page) -> int:
    return page.locator(f"{SHEET} tbody tr").count()


def test_doudizhu_lesson_plays_a_whole_deal_by_clicking(voila_server, page, screenshot_dir: Path):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(HINT, state="attached", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    assert dealt_rows(page) == 0

    # the auction: bid if we may, else pass (the AI may have bid 3 already: then we play)
    for _ in range(6):
        page.wait_for_function(ANY_ENABLED, arg=[*BIDS, BID_PASS, HINT], timeout=20_000)
        bid = next((b for b in BIDS if enabled(page, b)), None)
        if bid is None and enabled(page, BID_PASS):
            bid = BID_PASS
        if bid is None:
            break
        page.locator(bid).click()
        page.wait_for_timeout(300)
        if enabled(page, PLAY) or dealt_rows(page):
            break

    # play: Hint, then Play its selection, or Pass when the hint says pass
    for _ in range(MAX_MOVES):
        if dealt_rows(page):
            break
        page.wait_for_function(ANY_ENABLED, arg=[HINT, *BIDS, BID_PASS], timeout=20_000)
        if not enabled(page, HINT) and dealt_rows(page):
            break
        if enabled(page, BID_PASS):  # a throw-in dealt again: pass this auction
            page.locator(BID_PASS).click()
            page.wait_for_timeout(300)
            continue
        page.locator(HINT).click()
        page.wait_for_function(
            "() => { const s = [...document.querySelectorAll('.cardlab-status')].pop();"
            " return !!s && s.innerText.includes('Hint:'); }",
            timeout=20_000,
        )
        if "Hint: pass" in status(page):
            page.locator(PASS).click()
        else:
            page.locator(PLAY).click()
        page.wait_for_function(
            "() => { const s = [...document.querySelectorAll('.cardlab-status')].pop();"
            " return !!s && !s.innerText.includes('Hint:'); }",
            timeout=20_000,
        )
        assert "\u26a0" not in status(page), f"a move was refused: {status(page)}"
    assert dealt_rows(page) == 1, "the deal did not reach the score sheet"
    sheet = page.locator(SHEET).inner_text()
    assert "Deal 1" in sheet and "unit" in sheet

    page.wait_for_timeout(SETTLE_MS)
    table = page.locator(CANVAS).last  # the play table is the page's last drawing
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), "the play table after a deal")
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / "doudizhu.png"), full_page=True)
    table.screenshot(path=str(screenshot_dir / "doudizhu-table.png"))
    assert_no_python_errors(page)
    assert_clean_console(page)
