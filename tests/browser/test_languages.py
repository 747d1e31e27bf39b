"""Every lesson in the languages it is written in, as a student there sees it (issue #16).

Russian and Chinese have every lesson, Lithuanian Three Thirteen and Malay Pyramid Poker (and
each its index): every page of ``cardlab/lessons/<lang>/`` is opened.  A page in a language
shows no English outside names and notation: the lesson's text, every control, caption,
narration, every option of its lists (the What if… moves), its text versions (the legal moves)
and the canvases' text alternatives, checked by `language_check.english_phrases` (an English
name glossed once in brackets after the native term is allowed; a move's name never is).  Its
canvases draw, no button or label is cut short (a translation is often longer than the
English), no canvas label overlaps another or leaves its canvas in the browser's own fonts
(`browsing.assert_labels_fit`), and the console stays clean.  Then a Dou Dizhu table is played
to its end by clicking, in Russian and in Chinese, and what the game said is checked too.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from browsing import assert_labels_fit
from drivers import AGAIN, DRIVERS, NEXT_MOVE_JS, QUIET_JS, SELECT_FIRST
from language_check import english_phrases
from PIL import Image
from test_layout import CLIPPED_JS, LESSON_HEIGHT_JS
from test_voila import (
    CANVAS,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    canvas_shots,
    render_url,
)

from cardlab.core.i18n import LANGUAGES, SCOPES

REPO = Path(__file__).resolve().parents[2]
WRITTEN = REPO / "cardlab" / "lessons"
PAGES = sorted((lang, page.stem) for lang in SCOPES for page in (WRITTEN / lang).glob("*.md"))
"""Every lesson in every language it is written in (``cardlab/lessons/<lang>/``)."""
DOCS_SHOTS = {("ru", "triad"): "lang-ru-triad.png", ("zh", "doudizhu"): "lang-zh-doudizhu.png"}
"""Two pages whose screenshots the README shows (copied into docs/ when CARDLAB_DOCS is set)."""
GLOSS = re.compile(r"[(（][^()（）]*[)）]")
"""A bracketed gloss: the English name of a native term, given once after it."""
CARDS = ".cardlab-table .cardlab-card-buttons"
NAMES = {word for name in LANGUAGES.values() for word in name.split()}
"""The languages' names, each written in itself (the picker lists them).  A move's name is never
one of them: every move a learner can choose reads in the page's language."""
NAMES |= {"WILD", "Patrick", "Louis", "Aaron", "Weissblum", "Norman", "Woods", "Board", "Game"}
NAMES |= {"Arena", "Games", "Invented", "games"}
"""...the word printed on a wild card's face (the lessons quote it), and the games' authors,
publishers and where their rules were found."""
TEXT_ALTERNATIVES = "els => els.map(e => e.getAttribute('aria-label') || '')"
WHOLE_TEXT = "els => els.map(e => e.textContent || '')"
"""Text a list or a text version holds even where the page does not show it (a closed list's
options, a text mirror under a canvas)."""
LISTED = "option, .cardlab-mirror, .cardlab-whatif-answer"


def whole_page_shot(page, path: Path) -> None:
    """The whole lesson: Voilà scrolls inside its own container, so the window is made as tall
    as the lesson first (as tests/browser/test_layout.py does)."""
    width = page.viewport_size["width"]
    page.set_viewport_size({"width": width, "height": min(page.evaluate(LESSON_HEIGHT_JS), 16_000)})
    page.wait_for_timeout(500)
    page.screenshot(path=str(path))
    page.set_viewport_size({"width": width, "height": 900})


def english_on(page, lang: str) -> list[str]:
    """The English a page in ``lang`` still shows: its text, every option of its lists (the
    What if… moves), its text versions (the legal moves) and its canvases' names."""
    text = page.inner_text("body")
    names = page.eval_on_selector_all("canvas", TEXT_ALTERNATIVES)
    listed = page.eval_on_selector_all(LISTED, WHOLE_TEXT)
    found = []
    for block in [*text.splitlines(), *names, *listed]:
        words = english_phrases(GLOSS.sub(" ", block), lang, NAMES)
        if words:
            found.append(f"{words} in {block[:160]!r}")
    return found


def test_every_page_of_the_test_is_in_its_language_scope() -> None:
    assert {lang for lang, _ in PAGES} == set(SCOPES)
    assert ("lt", "three_thirteen") in PAGES and ("ms", "pyramid_poker") in PAGES
    assert len(PAGES) == 2 * 8 + 2 + 2  # ru and zh: every lesson and the index
    for lang, lesson in PAGES:
        assert (REPO / "notebooks" / lang / f"{lesson}.ipynb").is_file(), (lang, lesson)


def test_the_page_check_finds_an_english_move_in_a_list_or_a_text_version() -> None:
    """The oracle the page check uses: a What if… option or a legal-moves line left in English."""
    for lang, line in (
        ("zh", "玩家 1：pass, bid 1"),
        ("ru", "Игрок 1: fold, call"),
        ("lt", "take stock"),
        ("ms", "keep the Js"),
    ):
        assert english_phrases(GLOSS.sub(" ", line), lang, NAMES), (lang, line)


@pytest.mark.parametrize(("lang", "lesson"), PAGES, ids=[f"{a}-{b}" for a, b in PAGES])
def test_a_lesson_reads_in_its_language(voila_server, page, lang, lesson, screenshot_dir: Path):
    page.goto(render_url(voila_server, f"{lang}/{lesson}.ipynb"), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(
        f"{CANVAS}, .cardlab-language select", state="visible", timeout=RENDER_TIMEOUT_MS
    )
    if lesson != "index":
        page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    assert page.evaluate("() => document.documentElement.lang") == lang
    shots = canvas_shots(page)
    assert shots, f"{lang}/{lesson}: no canvas"
    for i, png in enumerate(shots):
        assert_drawn(png, f"{lang}/{lesson} canvas #{i}")
    shot = screenshot_dir / f"lang-{lang}-{lesson}.png"
    whole_page_shot(page, shot)
    if (lang, lesson) in DOCS_SHOTS and os.environ.get("CARDLAB_DOCS"):
        with Image.open(shot) as image:  # the top of the lesson, as the README shows it
            image.crop((0, 0, image.width, min(image.height, 2200))).save(
                REPO / "docs" / DOCS_SHOTS[lang, lesson], optimize=True
            )
    left = english_on(page, lang)
    assert left == [], "\n".join(left)
    assert page.evaluate(CLIPPED_JS) == [], "words cut short"
    assert_labels_fit(page, f"{lang}/{lesson}")
    assert_clean_console(page)


def test_picking_a_language_opens_the_lesson_in_it(voila_server, page) -> None:
    page.goto(render_url(voila_server, "ru/index.ipynb"), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".cardlab-language select", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    with page.expect_navigation(timeout=RENDER_TIMEOUT_MS):
        page.select_option(".cardlab-language select", label=LANGUAGES["zh"])
    assert "/voila/render/zh/index.ipynb" in page.url
    page.wait_for_selector(".cardlab-language select", timeout=RENDER_TIMEOUT_MS)
    assert page.evaluate("() => document.documentElement.lang") == "zh"
    picked = page.locator(".cardlab-language select option:checked").inner_text()
    assert picked == LANGUAGES["zh"]


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_a_table_is_played_to_its_end_by_clicking(voila_server, page, lang, screenshot_dir: Path):
    lesson = "doudizhu.ipynb"
    page.goto(render_url(voila_server, f"{lang}/{lesson}"), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(".cardlab-table button", state="attached", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    keys, moves = list(DRIVERS[lesson]), 0
    for _ in range(120):
        page.evaluate(QUIET_JS)
        key = page.wait_for_function(NEXT_MOVE_JS, arg=keys, timeout=30_000).json_value()
        if key in AGAIN:
            break
        if key in SELECT_FIRST and not page.locator(f"{CARDS} button.mod-active").count():
            page.locator(f"{CARDS} button").first.click()
        page.locator(f".cardlab-table button.cardlab-{key}").click()
        moves += 1
    else:
        raise AssertionError(f"the {lang} deal did not end in 120 clicks")
    page.evaluate(QUIET_JS)
    assert moves > 0
    assert_no_python_errors(page)
    table = page.locator(".cardlab-table").last
    assert_drawn(page.locator(f".cardlab-table {CANVAS}").last.screenshot(), "the table")
    whole_page_shot(page, screenshot_dir / f"lang-{lang}-table.png")
    said = [line for line in table.inner_text().splitlines() if line.strip()]
    assert len(said) > 5
    assert [
        (line, words) for line in said if (words := english_phrases(GLOSS.sub(" ", line), lang))
    ] == []
    assert_clean_console(page)
