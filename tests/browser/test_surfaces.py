"""The page's canvases on a lesson that shows several: each batch the kernel sends is drawn once,
and each pointer on a canvas reaches the kernel once.

The page script is shown in every canvas's box, so the page holds one view of it per canvas.
Whatever listens to its model or to the page must be set up once per model, not once per view:
when it was not, a Three Thirteen page drew every batch six times, once for each canvas, and a
press's pixels came a millisecond or two later than they need.
"""

from __future__ import annotations

from test_lessons_voila import MOVES, SELECTED, wait_any_enabled, wait_enabled
from test_voila import (
    CANVAS,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    TABLE_CANVAS,
    assert_clean_console,
    render_url,
)

COUNT_JS = """
(() => {
  // Batches as the page reads them off its kernel connection, and pointers as it sends them.
  window.__surfaces = { on: {}, cleared: {}, pointers: 0 };
  const parse = JSON.parse;
  JSON.parse = function (...args) {
    const message = parse.apply(this, args);
    const draw = message && message.data && message.data.content && message.data.content.draw;
    if (Array.isArray(draw)) {
      for (const command of draw) {
        if (command[0] === 'on') {
          window.__surfaces.on[command[1]] = (window.__surfaces.on[command[1]] || 0) + 1;
        }
      }
    }
    return message;
  };
  const clear = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function (...args) {
    const key = this.canvas.isConnected && this.canvas.getAttribute('data-cardlab-surface');
    if (key) window.__surfaces.cleared[key] = (window.__surfaces.cleared[key] || 0) + 1;
    return clear.apply(this, args);
  };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function (data) {
    const text = typeof data === 'string' ? data : new TextDecoder().decode(data);
    if (text.includes('"pointer"')) window.__surfaces.pointers += 1;
    return send.call(this, data);
  };
})();
"""
RESET_JS = "() => { const s = window.__surfaces; s.on = {}; s.cleared = {}; s.pointers = 0; }"
LESSON = "three_thirteen.ipynb"


def counts(page) -> dict:
    page.wait_for_timeout(SETTLE_MS)  # the press's batches, and the faces made after them
    return page.evaluate("() => window.__surfaces")


def test_each_batch_is_drawn_once_and_each_pointer_sent_once(voila_server, page):
    page.add_init_script(COUNT_JS)
    page.goto(render_url(voila_server, LESSON), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert page.locator(CANVAS).count() >= 3, "the lesson shows several canvases"
    table = page.locator(TABLE_CANVAS).first
    key = table.get_attribute("data-cardlab-surface")
    table.scroll_into_view_if_needed()

    wait_any_enabled(page, [MOVES["take-stock"]], timeout=30_000)
    page.evaluate(RESET_JS)
    page.locator(MOVES["take-stock"]).click()
    wait_enabled(page, MOVES["discard"], timeout=30_000)
    seen = counts(page)
    assert seen["on"].get(key, 0) >= 1, f"no batch for the table reached the page: {seen}"
    assert seen["cleared"] == seen["on"], "each batch drawn once on each canvas it names"

    # a click in a gap between melds selects nothing: a few places along the hand
    box = table.bounding_box()
    assert box is not None
    for fx in (0.5, 0.46, 0.54, 0.42, 0.58, 0.38, 0.62):
        page.evaluate(RESET_JS)
        page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] - 84)
        seen = counts(page)
        assert seen["pointers"] == 1, f"one click sent {seen['pointers']} pointers"
        assert seen["cleared"] == seen["on"]
        if page.locator(SELECTED).count():
            break
    assert page.locator(SELECTED).count() == 1, "one click on a card selects it"
    assert_clean_console(page)
