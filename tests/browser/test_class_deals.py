"""One deal for the whole class, in real browsers: three students open Triad's lesson, two with
``?class=ABC`` and one with ``?class=XYZ``; the first two are dealt the same cards (the table's
text version and its canvas pixels agree), the third other ones.  Then one student plays a hand
and downloads "Download my results", which reads back as the CSV the kernel wrote.

Selectors: the table's class line ``.cardlab-class-deal``, its text version (the page's last
``.cardlab-mirror``), its canvas (the page's last), the bet buttons and the table's results link
(the table's ``a.cardlab-results-link``: the quiz and the practice have their own).
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from test_voila import (
    ANY_ENABLED,
    CANVAS,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    TABLE_CANVAS,
    assert_no_python_errors,
    render_url,
)

from cardlab.core.results import read_results

LESSON = "triad.ipynb"
CLASS_LINE = ".cardlab-class-deal"
MIRROR = ".cardlab-mirror"
RESULTS = ".cardlab-table a.cardlab-results-link"
SHEET = ".cardlab-scoresheet"
LOG = ".cardlab-log"
MOVES = ["button.cardlab-check", "button.cardlab-call", "button.cardlab-stand-pat"]
NEXT_HAND = "button.cardlab-next-hand"
SHOWS = (
    "([sel, text]) => Array.from(document.querySelectorAll(sel))"
    ".some(e => e.innerText.includes(text))"
)


def open_class(page_at, base: str, code: str, name: str, shots: Path, student: str = ""):
    """A student's page of the lesson for class ``code`` (named ``student`` by the link, if
    given), once the table plays its deal 1."""
    page = page_at(1200, 900)
    query = f"?class={code}" + (f"&name={student}" if student else "")
    page.goto(render_url(base, LESSON) + query, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_function(
        SHOWS, arg=[CLASS_LINE, f"Class deal 1 of code {code}"], timeout=RENDER_TIMEOUT_MS
    )
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    page.locator(TABLE_CANVAS).first.scroll_into_view_if_needed()
    page.screenshot(path=str(shots / f"{name}-class.png"))
    return page


def play_the_hand(page) -> None:
    """Play the table's hand out as a student does (check or call, stand pat), press by press,
    each once the log shows the one before."""
    for _ in range(30):
        page.wait_for_function(ANY_ENABLED, arg=[*MOVES, NEXT_HAND], timeout=30_000)
        if page.locator(NEXT_HAND).is_enabled():
            return
        move = next(s for s in MOVES if page.locator(s).is_enabled())
        before = page.locator(LOG).last.inner_text()
        page.locator(move).click()
        page.wait_for_function(
            "([sel, old]) => { const all = document.querySelectorAll(sel); "
            "return all[all.length - 1].innerText !== old; }",
            arg=[LOG, before],
            timeout=30_000,
        )
    raise AssertionError("the hand did not end in 30 clicks")


def table_pixels(page) -> bytes:
    png = page.locator(TABLE_CANVAS).first.screenshot()
    return Image.open(io.BytesIO(png)).convert("RGB").tobytes()


def test_one_class_code_deals_every_student_the_same_cards(
    voila_server, page_at, tmp_path, screenshot_dir
):
    first = open_class(page_at, voila_server, "ABC", "abc-1", screenshot_dir)
    second = open_class(page_at, voila_server, "ABC", "abc-2", screenshot_dir)
    other = open_class(page_at, voila_server, "XYZ", "xyz", screenshot_dir)
    words = [p.locator(MIRROR).last.inner_text() for p in (first, second, other)]
    assert "Hands:" in words[0] or "You" in words[0]
    assert words[0] == words[1], "two students of class ABC see different cards"
    assert words[2] != words[0], "class XYZ was dealt class ABC's cards"
    assert table_pixels(first) == table_pixels(second)
    assert table_pixels(other) != table_pixels(first)

    # one student plays the hand out (check or call, stand pat), then downloads the results
    play_the_hand(first)
    first.wait_for_function(SHOWS, arg=[".cardlab-results", "1 finished hand"], timeout=30_000)
    link = first.locator(RESULTS).last
    link.scroll_into_view_if_needed()
    first.screenshot(path=str(screenshot_dir / "abc-1-results.png"))
    with first.expect_download(timeout=30_000) as info:
        link.click()
    download = info.value
    assert download.suggested_filename == "cardlab-triad-results.csv"
    saved = tmp_path / download.suggested_filename
    download.save_as(saved)
    (row,) = read_results(saved.read_text(encoding="utf-8"))
    assert (row.kind, row.game, row.class_code) == ("table", "triad", "ABC")
    assert row.moves.startswith("Hand 1: ") and row.score is not None
    assert "Hand 1" in first.locator(SHEET).last.inner_text()
