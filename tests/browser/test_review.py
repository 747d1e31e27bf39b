"""The review of a hand, in Voilà: play the Triad lesson's table with a poor draw on purpose
(break the pair), open the review from the keyboard, open its costliest decision as a what-if
branch, play the better line to the end, and come back to the game as it was played.

Selectors: the table's controls are ``.cardlab-table button.cardlab-<key>`` (``review``,
``review-branch``, ``review-back``; the decision list ``.cardlab-review-pick select``), the
review itself ``section.cardlab-hand-review`` (a section with a heading and a list).
"""

from __future__ import annotations

from pathlib import Path

from test_voila import (
    ANY_ENABLED,
    ENABLED,
    SETTLE_MS,
    assert_clean_console,
    assert_no_python_errors,
    click_and_wait,
    open_drawn,
    render_url,
)

LESSON = "triad.ipynb"
TABLE = ".cardlab-table"
LOG = ".cardlab-table .cardlab-log"
STATUS = ".cardlab-table .cardlab-status"
REVIEW = ".cardlab-table section.cardlab-hand-review"
WAIT_MS = 60_000


def button(key: str) -> str:
    return f"{TABLE} button.cardlab-{key}"


def enabled(page, key: str) -> bool:
    return page.evaluate(ENABLED, button(key))


def play_to_the_end(page, poor_draw: bool) -> None:
    """Check or call every bet; in the draw throw the pair away (cards 2, 4 and 5 of the
    lesson's first hand, A Q T 9 9) when ``poor_draw``, else stand pat; until the review of
    the hand may be asked for."""
    moves = ["check", "call", "discard", "stand-pat"]
    for _ in range(30):
        page.wait_for_function(
            ANY_ENABLED, arg=[button(k) for k in [*moves, "review"]], timeout=WAIT_MS
        )
        if enabled(page, "review"):
            return
        if enabled(page, "discard") and poor_draw:
            cards = page.locator(f"{TABLE} .cardlab-card-buttons button")
            for i in (1, 3, 4):
                cards.nth(i).click()
            page.wait_for_function(
                "sel => document.querySelectorAll(sel).length === 3",
                arg=f"{TABLE} .cardlab-card-buttons .mod-active",
                timeout=WAIT_MS,
            )
            click_and_wait(page, page.locator(button("discard")), LOG)
            continue
        move = next(k for k in ("check", "call", "stand-pat") if enabled(page, k))
        click_and_wait(page, page.locator(button(move)), LOG)
    raise AssertionError("the hand did not end in 30 presses")


def press_by_keyboard(page, key: str, watch: str) -> None:
    """Focus the control and press Enter, as a keyboard user does, then wait for the answer."""
    before = page.locator(watch).last.inner_text()
    page.locator(button(key)).focus()
    page.keyboard.press("Enter")
    page.wait_for_function(
        "([sel, old]) => { const all = document.querySelectorAll(sel); "
        "const e = all[all.length - 1]; return !!e && e.innerText !== old; }",
        arg=[watch, before],
        timeout=WAIT_MS,
    )


def test_a_poor_draw_is_reviewed_and_its_better_line_played(
    voila_server, page, screenshot_dir: Path
):
    from playwright.sync_api import expect

    shots = screenshot_dir
    open_drawn(page, render_url(voila_server, LESSON), shots / "review-0-page.png", button("check"))
    page.locator(TABLE).scroll_into_view_if_needed()
    play_to_the_end(page, poor_draw=True)
    rows = page.locator(f"{TABLE} .cardlab-scoresheet tbody tr").count()
    assert rows == 1

    # the review, from the keyboard: the costliest decision first, the poor draw
    press_by_keyboard(page, "review", f"{TABLE} .cardlab-review-panel")
    review = page.locator(REVIEW)
    expect(review).to_be_visible(timeout=WAIT_MS)
    expect(review.locator("h4")).to_have_text("Your decisions in this hand")
    first = review.locator("ol > li").first
    expect(first).to_contain_text("you played discard Qg 9r 9k")
    expect(first).to_contain_text("It cost you")
    expect(first).to_contain_text("How: exact")
    picks = page.locator(f"{TABLE} .cardlab-review-pick select option")
    assert "discard" in picks.first.inner_text() and "cost" in picks.first.inner_text()
    page.locator(REVIEW).scroll_into_view_if_needed()
    page.wait_for_timeout(SETTLE_MS)
    page.screenshot(path=str(shots / "review-1-review.png"), full_page=False)

    # the costliest decision as a branch: the AI's discard played, then the learner plays on
    press_by_keyboard(page, "review-branch", STATUS)
    expect(page.locator(STATUS).last).to_contain_text("What if", timeout=WAIT_MS)
    expect(page.locator(REVIEW)).to_have_count(0, timeout=WAIT_MS)
    page.locator(TABLE).scroll_into_view_if_needed()
    page.wait_for_timeout(SETTLE_MS)
    page.screenshot(path=str(shots / "review-2-branch.png"))
    play_to_the_end(page, poor_draw=False)
    page.wait_for_timeout(SETTLE_MS)
    page.screenshot(path=str(shots / "review-3-branch-ended.png"))
    assert page.locator(f"{TABLE} .cardlab-scoresheet tbody tr").count() == rows, (
        "a branch writes no row"
    )
    assert not enabled(page, "next-hand"), "a branch does not move on to the next hand"
    assert enabled(page, "review-back")

    # back to the hand as it was played, its review again
    press_by_keyboard(page, "review-back", STATUS)
    expect(page.locator(STATUS).last).to_contain_text("Back to your game", timeout=WAIT_MS)
    expect(page.locator(REVIEW).locator("ol > li").first).to_contain_text("It cost you")
    page.wait_for_function(ENABLED, arg=button("next-hand"), timeout=WAIT_MS)
    assert_no_python_errors(page)
    assert_clean_console(page)


PRACTICE = ".cardlab-at-practice"


def test_practice_from_the_keyboard_with_a_hint_feedback_and_a_link(
    voila_server, page, page_at, screenshot_dir: Path
):
    """The Triad practice: a hint on request, a choice walked through with the arrow keys
    without answering, Check marks it with the feedback of its class, the next position, and a
    shared link that opens that very position in another browser."""
    from playwright.sync_api import expect
    from test_share import shared

    shots = screenshot_dir
    open_drawn(page, render_url(voila_server, LESSON), shots / "practice-0-page.png", PRACTICE)
    panel = page.locator(PRACTICE)
    panel.scroll_into_view_if_needed()
    feedback = panel.locator(".cardlab-quiz-feedback")
    expect(panel).to_contain_text("Find the move 1 of 20 (easy")

    panel.locator("button.cardlab-quiz-hint").focus()
    page.keyboard.press("Enter")
    expect(feedback).to_contain_text("Hint:", timeout=WAIT_MS)

    radios = panel.locator(".cardlab-quiz-choice input[type=radio]")
    radios.first.focus()
    page.keyboard.press("ArrowDown")  # the second move: chosen, not yet answered
    page.wait_for_timeout(SETTLE_MS)
    expect(feedback).to_contain_text("Hint:")
    check = panel.locator("button.cardlab-quiz-check")
    expect(check).to_be_enabled(timeout=WAIT_MS)
    check.focus()
    page.keyboard.press("Enter")
    expect(feedback).to_contain_text("Not the best move.", timeout=WAIT_MS)
    expect(feedback).to_contain_text("Your hand is made already")
    expect(feedback).to_contain_text("Why stand pat")
    page.wait_for_timeout(SETTLE_MS)
    panel.screenshot(path=str(shots / "practice-1-feedback.png"))

    panel.locator("button.cardlab-new-question").click()
    expect(panel).to_contain_text("Find the move 2 of 20", timeout=WAIT_MS)
    link = shared(page, PRACTICE)
    assert "at=practice" in link and "position=2" in link
    other = page_at()
    other.goto(link, timeout=120_000)
    expect(other.locator(PRACTICE)).to_contain_text("Find the move 2 of 20", timeout=120_000)
    assert_no_python_errors(other)
    assert_no_python_errors(page)
    assert_clean_console(page)
