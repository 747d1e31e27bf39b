"""A lesson from the keyboard, in Chromium: skip links come first (to each table and to each
section of the lesson, in the page's language), following one puts the focus there, so the
table's first control is a few Tabs from the top; and every control shows a focus ring of at
least 2 px with at least 3:1 contrast on the page, drop-downs and text fields included.

The ring is measured in the page: the focused element's computed outline (style, width, colour)
against the background of the page behind it."""

from __future__ import annotations

import pytest
from test_accessibility import open_lesson

SKIP = "nav.cardlab-skip a"
RING_JS = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const s = getComputedStyle(el);
  const rgb = t => (t.match(/[0-9.]+/g) || []).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
    .reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
  let ground = null;  // the first opaque background behind the element, else white
  for (let p = el.parentElement; p && !ground; p = p.parentElement) {
    const c = rgb(getComputedStyle(p).backgroundColor);
    if (c.length === 3 || (c.length === 4 && c[3] === 1)) ground = c.slice(0, 3);
  }
  ground = ground || [255, 255, 255];
  const ring = rgb(s.outlineColor), a = lum(ring), b = lum(ground);
  return {tag: el.tagName, text: (el.innerText || el.value || el.getAttribute("aria-label") || "")
            .trim().slice(0, 30),
          style: s.outlineStyle, width: parseFloat(s.outlineWidth),
          contrast: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05)};
}"""


def focused(page) -> dict:
    return page.evaluate(RING_JS)


@pytest.mark.parametrize(("lesson", "lang"), [("triad.ipynb", "en"), ("ru/doudizhu.ipynb", "ru")])
def test_skip_links_come_first_and_reach_the_table(voila_server, page, lesson, lang):
    open_lesson(page, voila_server, lesson)
    links = page.locator(SKIP)
    names = [t.strip() for t in links.all_inner_texts()]
    assert names and names[0] == {"en": "The table", "ru": "Стол"}[lang], names
    assert page.locator("nav.cardlab-skip").get_attribute("aria-label") == {
        "en": "Skip to", "ru": "Перейти к"}[lang]  # fmt: skip
    # every section link names a heading of the lesson, and leads to it
    headings = page.evaluate(
        "() => [...document.querySelectorAll('.jp-RenderedMarkdown h2')]"
        ".map(h => h.textContent.replace('¶', '').trim())"
    )
    assert names[1:] == headings and len(headings) >= 3
    page.keyboard.press("Tab")  # nothing has the focus yet: Tab starts at the top
    first = focused(page)
    assert first and first["text"] == names[0], first
    assert first["style"] != "none" and first["width"] >= 2 and first["contrast"] >= 3, first
    assert page.locator("nav.cardlab-skip").bounding_box()["y"] >= 0  # seen once focused
    page.keyboard.press("Enter")
    assert page.evaluate("() => document.activeElement.classList.contains('cardlab-table')")
    page.keyboard.press("Tab")
    inside = page.evaluate(
        "() => !!document.activeElement.closest('.cardlab-table') && "
        "['BUTTON', 'SELECT', 'INPUT'].includes(document.activeElement.tagName)"
    )
    assert inside, focused(page)


def test_a_section_link_puts_the_focus_on_its_section(voila_server, page):
    open_lesson(page, voila_server, "triad.ipynb")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the first section's link
    name = focused(page)["text"]
    page.keyboard.press("Enter")
    at = page.evaluate("() => document.activeElement.textContent.replace('¶', '').trim()")
    assert at[:30] == name and page.evaluate("() => document.activeElement.tagName") == "H2"


@pytest.mark.parametrize("width", [390, 1200])
def test_every_control_shows_a_focus_ring_of_2px_and_3_to_1(voila_server, page_at, width):
    page = page_at(width, 900)
    open_lesson(page, voila_server, "triad.ipynb")
    page.locator(".cardlab-at-table button.cardlab-share-button").click()  # a text field too
    page.locator(".cardlab-at-table input.cardlab-link").wait_for(state="visible")
    page.locator(SKIP).first.focus()  # from the top of the page (the skip links' own test
    seen: list[dict] = []  # sees the first one ringed: a focus from a script is not)
    for _ in range(400):
        page.keyboard.press("Tab")
        ring = focused(page)
        if ring is None or (seen and ring == seen[0]):
            break
        seen.append(ring)
    kinds = {r["tag"] for r in seen}
    assert {"A", "BUTTON", "SELECT", "INPUT"} <= kinds, kinds
    weak = [r for r in seen if r["style"] == "none" or r["width"] < 2 or r["contrast"] < 3]
    assert weak == [], weak[:5]
    # a drop-down clicked with the mouse is ringed too (a browser's :focus-visible is not)
    page.locator(".cardlab-at-table select").first.focus()
    ring = focused(page)
    assert ring["width"] >= 2 and ring["contrast"] >= 3, ring
