"""The Pyramid lesson in Voilà: a student plays a hand against the AI by clicking.

Selectors (widgets carry them through ``add_class``): the betting buttons ``button.cardlab-check``
and ``button.cardlab-call``, the exchange ``button.cardlab-stand-pat`` and ``.cardlab-discard``,
the card buttons ``.cardlab-card-buttons`` (one toggle per card), ``button.cardlab-next-hand``
and the score sheet ``.cardlab-scoresheet``.
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
    click_and_wait,
    render_url,
)

LESSON = "pyramid.ipynb"
CHECK = "button.cardlab-check"
CALL = "button.cardlab-call"
STAND_PAT = "button.cardlab-stand-pat"
DISCARD = "button.cardlab-discard"
CARD_BUTTONS = ".cardlab-card-buttons button"
NEXT_HAND = "button.cardlab-next-hand"
SHEET = ".cardlab-scoresheet"
LOG = ".cardlab-log"


def enabled(page, selector: str) -> bool:
    return page.locator(selector).is_enabled()


def test_pyramid_lesson_plays_a_hand_by_clicking(voila_server, page, screenshot_dir: Path):
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CHECK, state="attached", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    assert "Total" in page.locator(SHEET).inner_text()
    assert page.locator(f"{SHEET} tbody tr").count() == 0

    discarded = False
    for _ in range(30):
        page.wait_for_function(ANY_ENABLED, arg=[CHECK, CALL, STAND_PAT, NEXT_HAND], timeout=30_000)
        if enabled(page, NEXT_HAND):
            break
        if enabled(page, STAND_PAT):
            if not discarded:  # choose two cards with the card buttons, then Discard
                buttons = page.locator(CARD_BUTTONS)
                buttons.nth(0).click()
                buttons.nth(1).click()
                page.wait_for_function(
                    ENABLED,
                    arg=DISCARD,
                    timeout=20_000,
                )
                click_and_wait(page, page.locator(DISCARD), LOG)
                discarded = True
            else:
                click_and_wait(page, page.locator(STAND_PAT), LOG)
        elif enabled(page, CHECK):
            click_and_wait(page, page.locator(CHECK), LOG)
        else:
            click_and_wait(page, page.locator(CALL), LOG)
    page.wait_for_function(
        ENABLED,
        arg=NEXT_HAND,
        timeout=30_000,
    )
    assert "Hand 1" in page.locator(SHEET).inner_text()
    assert "won" in page.locator(SHEET).inner_text() or "tied" in page.locator(SHEET).inner_text()
    page.wait_for_timeout(SETTLE_MS)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / "pyramid.png"), full_page=True)
    assert_no_python_errors(page)
    assert_clean_console(page)
