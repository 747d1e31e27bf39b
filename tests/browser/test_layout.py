"""Every lesson on a phone (390x844) and on a projector (1920x1080).

- nothing runs off the right edge: no element of the page reaches past the window's width,
  except inside a box that scrolls or clips on its own (a wide formula on a phone);
- every canvas fits the box it sits in, keeps its aspect ratio, and on the projector is drawn
  larger than its drawing's own size (the page's zoom);
- every button and control label shows its whole words, never cut with an ellipsis (the
  pages in the other languages too, whose words are longer);
- on a phone every table draws upright (`cardlab.render.portrait`) and its labels, measured as
  the browser draws them, are at least 12 CSS px;
- every cell paints apart from the others (its own stacking context), so a press repaints its
  cell and not the whole long page;
- a full-length screenshot of each page at each width goes to the screenshots folder (Voilà
  scrolls inside its own container, so the window is made as tall as the lesson first).
"""

from __future__ import annotations

import contextlib

import numpy as np
import pytest
from browsing import pixels
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_accessibility import LESSONS, open_lesson

WIDTHS = {"phone": (390, 844), "projector": (1920, 1080)}
OTHER_LANGUAGES = (("ru", "triad"), ("zh", "doudizhu"), ("lt", "three_thirteen"),
                   ("ms", "pyramid_poker"))  # fmt: skip
OVERFLOW_JS = """() => {
  const limit = document.documentElement.clientWidth + 1;
  const clipped = e => { for (let p = e.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (["auto", "scroll", "hidden", "clip"].includes(s.overflowX) && p.clientWidth < limit)
        return true; }
    return false; };
  return [...document.querySelectorAll("body *")].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && r.right > limit && !clipped(e);
  }).slice(0, 5).map(e =>
    `${e.tagName}.${e.className} right=${Math.round(e.getBoundingClientRect().right)}`);
}"""
CANVASES_JS = """() => [...document.querySelectorAll("canvas.cardlab-canvas")]
  .filter(c => c.getBoundingClientRect().width > 0)
  .map(c => { const r = c.getBoundingClientRect(), box = c.parentElement.getBoundingClientRect();
    return {width: r.width, height: r.height, boxWidth: box.width,
            backing: [c.width, c.height], right: r.right, boxRight: box.right}; })"""
CLIPPED_JS = """() => [...document.querySelectorAll("button, .widget-label, select")]
  .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; })
  .filter(e => e.scrollWidth > e.clientWidth + 1)
  .map(e => `${e.tagName} "${(e.innerText || e.value).trim()}": ` +
            `${e.scrollWidth} > ${e.clientWidth} px`)"""
APART_JS = """() => [...document.querySelectorAll(".jp-Cell")]
  .map(cell => getComputedStyle(cell).isolation)"""
TEXT_SIZES_JS = """() => {
  const size = sel => [...document.querySelectorAll(sel)]
    .filter(e => e.getBoundingClientRect().width > 0 && e.innerText.trim())
    .map(e => parseFloat(getComputedStyle(e).fontSize));
  return {lesson: size(".jp-RenderedMarkdown p, .jp-RenderedMarkdown li"),
          controls: size(".jupyter-button, .widget-label, .widget-dropdown select")};
}"""
TABLE_WIDTH_JS = """() => {
  const canvas = document.querySelector(".cardlab-table canvas.cardlab-canvas");
  if (!canvas) return null;
  return canvas.getBoundingClientRect().width /
    canvas.closest(".jp-OutputArea-output").getBoundingClientRect().width;
}"""
LESSON_HEIGHT_JS = """() =>
  Math.max(...[...document.querySelectorAll("*")].map(e => e.scrollHeight))"""


@pytest.mark.parametrize("screen", tuple(WIDTHS))
@pytest.mark.parametrize(
    "lesson",
    ("index.ipynb", *LESSONS, *(f"{lang}/{lesson}.ipynb" for lang, lesson in OTHER_LANGUAGES)),
)
def test_the_lesson_fits_the_screen(voila_server, page_at, screenshot_dir, lesson, screen):
    width, height = WIDTHS[screen]
    page = page_at(width, height)
    open_lesson(page, voila_server, lesson)
    assert page.evaluate(OVERFLOW_JS) == [], f"past the right edge at {width} px"
    assert page.evaluate(CLIPPED_JS) == [], f"words cut short at {width} px"
    apart = page.evaluate(APART_JS)  # a press repaints its cell, not the page (a11y.css)
    assert apart and set(apart) == {"isolate"}, apart
    canvases = page.evaluate(CANVASES_JS)
    assert canvases
    for i, c in enumerate(canvases):
        assert c["right"] <= c["boxRight"] + 1 and c["width"] <= c["boxWidth"] + 1, (i, c)
        ratio = c["backing"][0] / c["backing"][1]
        assert abs(c["width"] / c["height"] - ratio) < 0.03 * ratio, f"#{i} squashed: {c}"
        if screen == "projector":
            drawn = c["backing"][0] / 2  # the drawing's own width (backing store is 2x)
            assert c["width"] > drawn * 1.2 or c["width"] >= c["boxWidth"] - 1, (i, c)
    if screen == "projector":  # the back of the room reads it; the table uses the width
        sizes = page.evaluate(TEXT_SIZES_JS)
        assert sizes["lesson"] and min(sizes["lesson"]) >= 24, sizes["lesson"][:10]
        assert sizes["controls"] and min(sizes["controls"]) >= 24, sizes["controls"][:10]
        share = page.evaluate(TABLE_WIDTH_JS)
        assert share is None or share >= 0.85, f"the table uses {share:.0%} of the width"
    page.set_viewport_size({"width": width, "height": min(page.evaluate(LESSON_HEIGHT_JS),
                                                          16_000)})  # fmt: skip
    page.wait_for_timeout(500)
    page.screenshot(
        path=str(screenshot_dir / f"{lesson.removesuffix('.ipynb').replace('/', '-')}-{screen}.png")
    )


WIDE_BOXES_JS = """() => [...document.querySelectorAll(".cardlab-figure")]
  .filter(e => e.scrollWidth > e.clientWidth + 2)
  .map((e, i) => { e.dataset.wide = String(i); return getComputedStyle(e).backgroundImage; })"""


@pytest.mark.parametrize("lesson", ["triad.ipynb", "doudizhu.ipynb"])
def test_a_box_wider_than_a_phone_shows_that_it_scrolls(voila_server, page_at, lesson):
    """Triad's two ladders and the Dou Dizhu bomb table scroll sideways on a phone: a shadow at
    the edge where more lies beyond, none at the edge where the content ends."""
    page = page_at(*WIDTHS["phone"])
    open_lesson(page, voila_server, lesson)
    layers = page.evaluate(WIDE_BOXES_JS)
    assert layers, "this lesson has a box wider than a phone"
    assert all(layer.count("radial-gradient") == 2 for layer in layers), layers
    box = page.locator('.cardlab-figure[data-wide="0"]')
    box.scroll_into_view_if_needed()

    def shaded() -> tuple[float, float]:
        """The share of rows whose left, and whose right, edge is shaded against the other."""
        shot = np.asarray(pixels(box.screenshot()), dtype=float)
        left = shot[:, 1:5, :3].mean(axis=(1, 2))
        right = shot[:, -5:-1, :3].mean(axis=(1, 2))
        return float((right < left - 8).mean()), float((left < right - 8).mean())

    right, left = shaded()
    assert right > left + 0.15, (right, left)  # shaded where more lies beyond
    box.evaluate("e => { e.scrollLeft = e.scrollWidth; }")
    page.wait_for_timeout(200)
    right, left = shaded()
    assert left > right + 0.15, (right, left)  # at the end, the other side


TABLE = ".cardlab-table canvas.cardlab-canvas"
LABEL_MIN_CSS = 12.0
UPRIGHT_JS = """([sel, min]) => { const found = window.cardlabLabelSizes(sel);
  return found.length > 0 && found.every(t => t.length && t.every(([, size]) => size >= min)); }"""


@pytest.mark.parametrize("lesson", [lesson for lesson in LESSONS if lesson != "00_decks.ipynb"])
def test_on_a_phone_a_table_draws_upright_with_labels_of_12_css_px(
    voila_server, page_at, screenshot_dir, lesson
):
    """At 390 px a table's picture is its portrait layout, shown at its own size: every label
    on it, as the browser draws it, is at least 12 CSS px (a landscape table shrunk to the
    phone's width drew them at 4-6 px)."""
    page = page_at(*WIDTHS["phone"])
    open_lesson(page, voila_server, lesson)
    with contextlib.suppress(PlaywrightTimeout):  # the assertions below say what was drawn
        page.wait_for_function(UPRIGHT_JS, arg=[TABLE, LABEL_MIN_CSS], timeout=20_000)
    sizes = page.evaluate("sel => window.cardlabLabelSizes(sel)", TABLE)
    assert sizes and all(sizes), f"{lesson}: no table labels drawn: {sizes}"
    small = sorted({(text, round(size, 1)) for table in sizes for text, size in table
                    if size < LABEL_MIN_CSS}, key=lambda t: t[1])  # fmt: skip
    assert not small, f"{lesson}: labels under {LABEL_MIN_CSS} CSS px on a phone: {small[:6]}"
    table = page.locator(TABLE).first
    table.scroll_into_view_if_needed()
    box = table.bounding_box()
    assert box and box["height"] > box["width"] * 0.9, f"{lesson}: the table is not upright: {box}"
    name = lesson.removesuffix(".ipynb")
    table.screenshot(path=str(screenshot_dir / f"{name}-table-phone.png"))
    page.set_viewport_size({"width": 1200, "height": 900})  # turned, or a wider window
    page.wait_for_function(
        "sel => document.querySelector(sel).getBoundingClientRect().width > 600", arg=TABLE
    )
