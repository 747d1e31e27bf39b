"""Every lesson on a phone (390x844) and on a projector (1920x1080).

- nothing runs off the right edge: no element of the page reaches past the window's width,
  except inside a box that scrolls or clips on its own (a wide formula on a phone);
- every canvas fits the box it sits in, keeps its aspect ratio, and on the projector is drawn
  larger than its drawing's own size (the page's zoom);
- every button and control label shows its whole words, never cut with an ellipsis (the
  pages in the other languages too, whose words are longer);
- every cell paints apart from the others (its own stacking context), so a press repaints its
  cell and not the whole long page;
- a full-length screenshot of each page at each width goes to the screenshots folder (Voilà
  scrolls inside its own container, so the window is made as tall as the lesson first).
"""

from __future__ import annotations

import pytest
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
    page.set_viewport_size({"width": width, "height": min(page.evaluate(LESSON_HEIGHT_JS),
                                                          16_000)})  # fmt: skip
    page.wait_for_timeout(500)
    page.screenshot(
        path=str(screenshot_dir / f"{lesson.removesuffix('.ipynb').replace('/', '-')}-{screen}.png")
    )
