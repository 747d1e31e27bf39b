"""A label's pixels in Chromium stay inside the box `cardlab.render.damage` gives it.

A press repaints only the boxes of the ops that changed (`cardlab.render.damage.changed_boxes`),
and a label's box is its width measured in DejaVu Sans, widened for a fallback font.  A label the
browser paints wider than that would leave a sliver of the old text beside the new.  Every label
of every table's pictures through a whole game, in every language the game is written in, is
measured here by the browser itself, in the font the canvas asks for.
"""

from __future__ import annotations

import pytest
from table_games import CASES, pictures_of_a_game

from cardlab.core.i18n import set_language
from cardlab.render.damage import AA, bounds
from cardlab.render.ops import Text
from cardlab.widgets.canvas_replay import css_font

MEASURE_JS = """
(labels) => {
  const canvas = document.createElement('canvas');
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d');
  return labels.map(([text, font, align, baseline]) => {
    ctx.font = font;
    ctx.textAlign = align;
    ctx.textBaseline = baseline;
    const m = ctx.measureText(text);
    return [-m.actualBoundingBoxLeft, -m.actualBoundingBoxAscent,
            m.actualBoundingBoxRight, m.actualBoundingBoxDescent];
  });
}
"""
"""Where each label's ink reaches around its anchor, as the browser lays it out."""


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_label_paints_inside_its_damage_box(page, language, game, lang):
    language(lang, game)
    labels = {
        op
        for picture in pictures_of_a_game(game)
        for op in picture.ops
        if isinstance(op, Text) and op.text.strip()
    }
    assert labels, f"{game}: its pictures have no labels"
    ordered = sorted(labels, key=repr)
    inks = page.evaluate(
        MEASURE_JS,
        [[op.text, css_font(op.size, op.bold), op.align, op.baseline] for op in ordered],
    )
    outside = []
    for op, (left, top, right, bottom) in zip(ordered, inks, strict=True):
        x0, y0, x1, y1 = bounds(op)
        # the ink, with the pixel of antialiasing around it
        ink = (op.x + left, op.y + top, op.x + right, op.y + bottom)
        ink = (ink[0] - AA / 2, ink[1] - AA / 2, ink[2] + AA / 2, ink[3] + AA / 2)
        if ink[0] < x0 or ink[1] < y0 or ink[2] > x1 or ink[3] > y1:
            weight = " bold" if op.bold else ""
            outside.append(f"{op.text!r} ({op.size:g}px{weight}): {ink} in {(x0, y0, x1, y1)}")
    assert not outside, f"{game} [{lang}]: labels painted past their boxes: {outside[:5]}"
