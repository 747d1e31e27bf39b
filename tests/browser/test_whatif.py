"""A what-if branch in a lesson, in Voilà: step the Dou Dizhu lesson's deal to an AI's move,
play another move instead, follow the branch, and come back to the main line.

Selectors (widgets carry them through ``add_class``): the stepper's panel holds
``.cardlab-whatif`` (the row: ``.cardlab-whatif-moves select``, ``button.cardlab-whatif-play``,
``button.cardlab-whatif-main``), ``.cardlab-caption`` and ``button.cardlab-next``.
"""

from __future__ import annotations

from pathlib import Path

from browsing import changed, pixels
from test_voila import (
    CANVAS,
    SETTLE_MS,
    assert_clean_console,
    assert_no_python_errors,
    open_drawn,
    render_url,
)

LESSON = "doudizhu.ipynb"
WAIT_MS = 60_000


def test_a_what_if_branch_is_made_followed_and_left(voila_server, page, screenshot_dir: Path):
    from playwright.sync_api import expect

    shots = screenshot_dir
    open_drawn(
        page, render_url(voila_server, LESSON), shots / "whatif-0-page.png", ".cardlab-whatif"
    )
    panel = page.locator(".cardlab-lesson", has=page.locator(".cardlab-whatif")).last
    caption = panel.locator(".cardlab-caption")
    canvas = panel.locator(CANVAS).first
    forward = panel.locator("button.cardlab-next")
    moves = panel.locator(".cardlab-whatif-moves select")
    panel.scroll_into_view_if_needed()

    def step_on() -> str:
        before = caption.inner_text()
        forward.click()
        expect(caption).not_to_have_text(before, timeout=WAIT_MS)
        page.wait_for_timeout(SETTLE_MS)
        return caption.inner_text()

    # the deal opens at the first bid; one step on, the next AI is about to bid
    step_on()
    start = caption.inner_text()
    assert moves.locator("option").count() >= 1
    # the main line two steps on, to come back to
    step_on()
    main_caption = step_on()
    main_picture = pixels(canvas.screenshot())
    page.screenshot(path=str(shots / "whatif-1-main.png"))
    panel.locator("button.cardlab-back").click()
    expect(caption).not_to_have_text(main_caption, timeout=WAIT_MS)
    panel.locator("button.cardlab-back").click()
    expect(caption).to_have_text(start, timeout=WAIT_MS)
    page.wait_for_timeout(SETTLE_MS)

    # another move, played instead: the caption says it is a what-if and where it departs
    options = moves.locator("option")
    moves.select_option(index=options.count() - 1)
    panel.locator("button.cardlab-whatif-play").click()
    expect(caption).to_contain_text("What if 1, from step", timeout=WAIT_MS)
    expect(panel.locator(".cardlab-whatif-lines select option")).to_have_count(2, timeout=WAIT_MS)
    page.wait_for_timeout(SETTLE_MS)
    page.screenshot(path=str(shots / "whatif-2-branch.png"))
    # along the branch: still a what-if, and another picture than the main line's
    branch_caption = step_on()
    assert "What if 1" in branch_caption and branch_caption != main_caption
    assert changed(pixels(canvas.screenshot()), main_picture) > 0.001
    page.screenshot(path=str(shots / "whatif-3-along.png"))

    # back to the main line at the same step: its caption and picture again
    panel.locator("button.cardlab-whatif-main").click()
    expect(caption).to_have_text(main_caption, timeout=WAIT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert "What if" not in caption.inner_text()
    assert changed(pixels(canvas.screenshot()), main_picture) < 0.0002
    page.screenshot(path=str(shots / "whatif-4-main-again.png"))
    assert_no_python_errors(page)
    assert_clean_console(page)
