"""Shared positions, in real browsers: in every lesson, step the stepped deal to the middle,
look through a player's eyes, press "Share this position", open the link in another browser
and find the same picture and the same text version; the same for a table after some moves;
and malformed links open the lesson at its start with a line saying what was ignored.

Selectors: a panel with a position carries ``.cardlab-at-deal`` / ``.cardlab-at-table`` (the
page gives them), its share box ``button.cardlab-share-button`` and ``input.cardlab-link``; the
page's notice is the HTML widget ``.cardlab-notice`` of ``.cardlab-page``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browsing import changed, pixels
from drivers import DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST
from test_voila import (
    CANVAS,
    MIRROR,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    assert_clean_console,
    assert_no_python_errors,
    open_drawn,
    render_url,
)

WAIT_MS = 60_000
DEAL, TABLE = ".cardlab-at-deal", ".cardlab-at-table"
NOTICE = ".cardlab-page .widget-html.cardlab-notice"
LESSONS = [  # (lesson, steps forward, eyes, theme)
    ("00_decks", 3, "", ""),
    ("triad", 4, "Player 2", "Colour-blind safe"),
    ("pyramid", 3, "Player 1", ""),
    ("doudizhu", 5, "Player 3", "High contrast"),
    ("triangle", 4, "", ""),
    ("three_thirteen", 4, "Player 2", ""),
    ("pyramid_poker", 3, "", "Colour-blind safe"),
]


def shared(page, panel_selector: str) -> str:
    """Press the panel's Share button and read the link it shows."""
    panel = page.locator(panel_selector)
    panel.locator("button.cardlab-share-button").click()
    field = panel.locator("input.cardlab-link")
    field.wait_for(state="visible", timeout=WAIT_MS)
    page.wait_for_function(
        "el => el.value.includes('at=')", arg=field.element_handle(), timeout=WAIT_MS
    )
    assert panel.locator(".cardlab-qr svg").count() == 1
    return field.input_value()


def seen(page, panel_selector: str) -> tuple[str, str, object]:
    """The panel's caption (or status), text version and picture."""
    panel = page.locator(panel_selector)
    caption = panel.locator(".cardlab-caption, .cardlab-log").first.inner_text()
    mirror = panel.locator(MIRROR).last.inner_text()
    return caption, mirror, pixels(panel.locator(CANVAS).first.screenshot())


def opened(page_at, link: str, panel_selector: str, caption: str, shot: Path):
    """Open ``link`` in a fresh browser context; wait until the panel shows ``caption``."""
    page = page_at()
    page.goto(link, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    panel = page.locator(panel_selector)
    panel.wait_for(timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        "([sel, text]) => { const el = document.querySelector(sel); "
        "return !!el && el.innerText.trim() === text.trim(); }",
        arg=[f"{panel_selector} .cardlab-caption, {panel_selector} .cardlab-log", caption],
        timeout=RENDER_TIMEOUT_MS,
    )
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    page.screenshot(path=str(shot), full_page=True)
    return page


@pytest.mark.parametrize(("lesson", "steps", "eyes", "theme"), LESSONS)
def test_a_shared_mid_deal_position_opens_the_same(
    voila_server, page_at, screenshot_dir, lesson, steps, eyes, theme
):
    from playwright.sync_api import expect

    maker = page_at()
    url = render_url(voila_server, f"{lesson}.ipynb")
    open_drawn(maker, url, screenshot_dir / f"share-{lesson}-0.png", wait_for=DEAL)
    panel = maker.locator(DEAL)
    panel.scroll_into_view_if_needed()
    caption = panel.locator(".cardlab-caption")
    if theme:
        maker.locator(".cardlab-page .widget-toggle-button", has_text=theme).first.click()
        maker.wait_for_timeout(SETTLE_MS)
    for _ in range(steps):
        before = caption.inner_text()
        panel.locator("button.cardlab-next").click()
        expect(caption).not_to_have_text(before, timeout=WAIT_MS)
    if eyes:
        panel.locator(".cardlab-eyes button", has_text=eyes).click()
        expect(panel.locator(".cardlab-eyes button.mod-active")).to_have_text(eyes)
    maker.wait_for_timeout(SETTLE_MS)
    link = shared(maker, DEAL)
    assert "at=deal" in link and "step=" in link
    if lesson == "triad":  # Copy link puts it on the clipboard
        maker.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=voila_server)
        panel.locator("button.cardlab-copy").click()
        expect(panel.locator(".cardlab-status")).to_contain_text("Link copied", timeout=WAIT_MS)
        assert maker.evaluate("navigator.clipboard.readText()") == link
    if theme:
        assert "palette=" in link and "theme=" not in link
    words, mirror, picture = seen(maker, DEAL)
    maker.screenshot(path=str(screenshot_dir / f"share-{lesson}-1-made.png"))

    other = opened(page_at, link, DEAL, words, screenshot_dir / f"share-{lesson}-2-opened.png")
    words2, mirror2, picture2 = seen(other, DEAL)
    assert (words2, mirror2) == (words, mirror)
    assert changed(picture, picture2) < 0.002, f"the shared {lesson} deal looks different"
    assert other.locator(NOTICE).inner_text().strip() == ""
    for page in (maker, other):
        assert_clean_console(page)


TABLE_MOVES = {  # the moves a learner may make, in the order tried; Hint selects the cards
    "triad": ["check", "call", "stand-pat"],
    "doudizhu": ["bid-1", "bid-2", "bid-3", "bid-pass", "play", "pass"],
}


@pytest.mark.parametrize("lesson", sorted(TABLE_MOVES))
def test_a_shared_table_opens_after_the_same_moves(voila_server, page_at, screenshot_dir, lesson):
    maker = page_at()
    url = render_url(voila_server, f"{lesson}.ipynb")
    open_drawn(maker, url, screenshot_dir / f"share-table-{lesson}-0.png", wait_for=TABLE)
    panel = maker.locator(TABLE)
    panel.scroll_into_view_if_needed()
    for _ in range(3):  # the AI's advice, then the move it advises (each press repaints
        # only what changed: the picture must still be the one a fresh page draws)
        log = panel.locator(".cardlab-log").first.inner_text()
        panel.locator("button.cardlab-hint").click()
        maker.wait_for_function(
            "sel => document.querySelector(sel).innerText.includes('Hint')",
            arg=f"{TABLE} .cardlab-status",
            timeout=WAIT_MS,
        )
        move = maker.wait_for_function(NEXT_MOVE_JS, arg=TABLE_MOVES[lesson], timeout=WAIT_MS)
        panel.locator(f"button.cardlab-{move.json_value()}").click()
        maker.wait_for_function(
            "([sel, old]) => document.querySelector(sel).innerText !== old",
            arg=[f"{TABLE} .cardlab-log", log],
            timeout=WAIT_MS,
        )
        maker.wait_for_timeout(SETTLE_MS)
    link = shared(maker, TABLE)
    assert "at=table" in link and "moves=" in link
    words, mirror, picture = seen(maker, TABLE)
    other = opened(page_at, link, TABLE, words, screenshot_dir / f"share-table-{lesson}-opened.png")
    words2, mirror2, picture2 = seen(other, TABLE)
    assert (words2, mirror2) == (words, mirror)
    assert changed(picture, picture2) < 0.002
    for page in (maker, other):
        assert_clean_console(page)


@pytest.mark.parametrize("lesson", ["triad", "pyramid", "doudizhu"])
def test_after_many_presses_a_table_shows_the_picture_a_fresh_page_draws(
    voila_server, page_at, screenshot_dir, lesson
):
    """A press repaints only what changed on the table (`cardlab.render.damage`), over what
    the canvas showed: ten presses on, through bots' plays, showdowns and a new deal, the
    picture is still the very one a page opened at that position draws in full."""
    maker = page_at()
    url = render_url(voila_server, f"{lesson}.ipynb")
    open_drawn(maker, url, screenshot_dir / f"repaint-{lesson}-0.png", wait_for=TABLE)
    panel = maker.locator(TABLE)
    panel.scroll_into_view_if_needed()
    keys = list(DRIVERS[f"{lesson}.ipynb"])
    for _ in range(10):
        maker.evaluate(QUIET_JS)
        move = maker.wait_for_function(NEXT_MOVE_JS, arg=keys, timeout=WAIT_MS).json_value()
        if move in SELECT_FIRST and not panel.locator(".cardlab-card-buttons .mod-active").count():
            panel.locator(".cardlab-card-buttons button:visible").first.click()
            maker.evaluate(QUIET_JS)
        panel.locator(f"button.cardlab-{move}").click()
    maker.evaluate(QUIET_JS)
    maker.wait_for_timeout(SETTLE_MS)
    link = shared(maker, TABLE)
    words, mirror, picture = seen(maker, TABLE)
    other = opened(page_at, link, TABLE, words, screenshot_dir / f"repaint-{lesson}-opened.png")
    words2, mirror2, picture2 = seen(other, TABLE)
    assert (words2, mirror2) == (words, mirror)
    assert changed(picture, picture2) < 0.002, f"{lesson}: the repainted table looks different"
    for page in (maker, other):
        assert_clean_console(page)


MALFORMED = [
    "?at=deal&step=99999",
    "?at=deal&step=-1&eyes=12",
    "?at=deal&deal=no-such-deal",
    "?at=deal&line=" + "z~" * 300,
    "?at=table&moves=%%%garbage",
    "?at=table&seed=" + "9" * 400,
    "?theme=%3Cscript%3Ealert(1)%3C/script%3E&jokers=sometimes&players=1e9",
    "?palette=%22%3E%3Csvg%20onload%3Dalert(1)%3E",
    "?" + "&".join(f"x{i}=1" for i in range(60)),
    "?at=%00%01&step=%F0%9F%98%80",
]


def test_malformed_links_open_the_lesson_at_its_start_with_a_notice(
    voila_server, page_at, screenshot_dir
):
    """Each malformed link: the lesson draws, its stepped deal sits where a fresh page's does,
    a notice says what was ignored, and no Python error or console error shows."""
    url = render_url(voila_server, "triad.ipynb")
    fresh = page_at()
    open_drawn(fresh, url, screenshot_dir / "share-fresh.png", wait_for=DEAL)
    start = fresh.locator(f"{DEAL} .cardlab-caption").inner_text()
    for i, query in enumerate(MALFORMED):
        page = page_at()
        page.goto(url + query, timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector(f"{NOTICE} li", timeout=RENDER_TIMEOUT_MS)
        page.wait_for_timeout(SETTLE_MS)
        assert_no_python_errors(page)
        notice = page.locator(NOTICE).inner_text()
        assert "ignored" in notice, (query, notice)
        assert page.locator(f"{DEAL} .cardlab-caption").inner_text() == start, query
        if i == 0:
            page.screenshot(path=str(screenshot_dir / "share-malformed.png"))
        assert_clean_console(page)
        page.context.close()
