"""Where a drawing changed: the boxes a canvas must repaint to show ``after`` over ``before``.

A press changes a few things on a table (a bet, the pot, the status line, a card played) and
leaves the felt, the seats and most cards as they were.  Repainting only the boxes that changed,
clipped to them, sends a fraction of the commands and makes the browser rasterise a fraction of
the pixels.  The boxes are safe by construction: every op's `bounds` holds every pixel it can
paint (text, whose width only the browser knows, is given its width in the fonts the page asks
for, with room for a wider fallback font), and the ops outside the changed boxes are the same ops
in the same order before and after, so the pixels there are already right.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Sequence

from cardlab.render.ops import Circle, Drawing, DrawOp, HitBox, Line, Polygon, Rect, Sprite, Text
from cardlab.render.text import text_width

Box = tuple[float, float, float, float]
"""``(x0, y0, x1, y1)`` in CSS pixels, x0 <= x1 and y0 <= y1."""

AA = 2.0
"""Pixels of antialiasing (and rounding) added around every op's geometry."""
MITER = 5.0
"""A stroke's reach beyond its points, in line widths: a miter joint reaches at most
miterLimit / 2 (the canvas default limit is 10)."""
FALLBACK_WIDER = 1.25
"""How much wider than in DejaVu Sans (or Noto Sans CJK) a text may come out in the browser: a
page without those fonts draws in its own sans-serif, which is narrower for most letters."""
FALLBACK_EMS = 0.5
"""Ems more, for a glyph the fallback draws much wider than DejaVu (a symbol, an accent)."""
MAX_BOXES = 16
"""More changed boxes than this (after merging) and the whole canvas is repainted."""
MAX_SHARE = 0.6
"""A repaint covering more of the canvas than this is done in full: clipping saves nothing."""


def bounds(op: DrawOp) -> Box | None:
    """A box holding every pixel ``op`` can paint; None for an op that paints nothing."""
    if isinstance(op, HitBox):
        return None
    if isinstance(op, Rect):
        reach = (op.line_width / 2 if op.stroke else 0.0) + AA
        return (op.x - reach, op.y - reach, op.x + op.w + reach, op.y + op.h + reach)
    if isinstance(op, (Polygon, Line)):
        if not op.points:
            return None
        xs = [p[0] for p in op.points]
        ys = [p[1] for p in op.points]
        stroked = isinstance(op, Line) or op.stroke
        reach = (MITER * op.line_width if stroked else 0.0) + AA
        return (min(xs) - reach, min(ys) - reach, max(xs) + reach, max(ys) + reach)
    if isinstance(op, Circle):
        reach = op.r + (op.line_width / 2 if op.stroke else 0.0) + AA
        return (op.x - reach, op.y - reach, op.x + reach, op.y + reach)
    if isinstance(op, Text):
        return _text_bounds(op)
    if isinstance(op, Sprite):
        return _sprite_bounds(op)
    raise TypeError(f"cannot bound {type(op).__name__}: not a cardlab DrawOp")


def _text_bounds(op: Text) -> Box:
    """The text's measured width (`cardlab.render.text.text_width`), widened for a fallback font:
    a bound of a few ems per character made every label's box overlap its neighbours', and a
    press repainted them all."""
    size = max(0.0, op.size)
    width = text_width(op.text, size, op.bold) * FALLBACK_WIDER + size * FALLBACK_EMS
    left = {"left": op.x, "center": op.x - width / 2, "right": op.x - width}[op.align]
    reach = size + AA  # overhangs, accents and descenders, whatever the baseline
    return (left - reach, op.y - 1.5 * size - AA, left + width + reach, op.y + 1.5 * size + AA)


def _sprite_bounds(op: Sprite) -> Box:
    x0, y0, x1, y1 = _union([(0.0, 0.0, op.w, op.h), *(b for b in map(bounds, op.ops) if b)])
    if not op.angle:
        return (op.x + x0 - AA, op.y + y0 - AA, op.x + x1 + AA, op.y + y1 + AA)
    cx, cy = op.w / 2, op.h / 2
    turn = math.radians(op.angle)
    cos, sin = math.cos(turn), math.sin(turn)
    xs, ys = [], []
    for px, py in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        dx, dy = px - cx, py - cy
        xs.append(op.x + cx + dx * cos - dy * sin)
        ys.append(op.y + cy + dx * sin + dy * cos)
    return (min(xs) - AA, min(ys) - AA, max(xs) + AA, max(ys) + AA)


def _union(boxes: Sequence[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def overlaps(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def changed_boxes(before: Drawing, after: Drawing, scale: float = 1.0) -> list[Box] | None:
    """The boxes to repaint to turn a canvas showing ``before`` into ``after``, each snapped
    outwards to whole backing pixels at ``scale``; None when the whole canvas should be
    repainted (another size or background, or changes over most of it); empty when nothing
    changed."""
    if (before.width, before.height, before.background) != (
        after.width,
        after.height,
        after.background,
    ):
        return None
    old = [op for op in before.ops if not isinstance(op, HitBox)]
    new = [op for op in after.ops if not isinstance(op, HitBox)]
    same = difflib.SequenceMatcher(None, old, new, autojunk=False)
    kept_old: set[int] = set()
    kept_new: set[int] = set()
    for block in same.get_matching_blocks():
        kept_old.update(range(block.a, block.a + block.size))
        kept_new.update(range(block.b, block.b + block.size))
    changed = [op for i, op in enumerate(old) if i not in kept_old]
    changed += [op for i, op in enumerate(new) if i not in kept_new]
    boxes = _merged([b for b in map(bounds, changed) if b is not None], after)
    area = after.width * after.height
    if len(boxes) > MAX_BOXES or sum(_area(b) for b in boxes) > MAX_SHARE * area:
        return None
    return [_snapped(b, scale) for b in boxes]


def _merged(boxes: list[Box], drawing: Drawing) -> list[Box]:
    """``boxes`` cut to the drawing, overlapping ones merged until none overlap."""
    out: list[Box] = []
    for box in boxes:
        x0, y0 = max(0.0, box[0]), max(0.0, box[1])
        box = (x0, y0, min(drawing.width, box[2]), min(drawing.height, box[3]))
        if box[0] >= box[2] or box[1] >= box[3]:
            continue
        while True:
            hit = next((o for o in out if overlaps(o, box)), None)
            if hit is None:
                break
            out.remove(hit)
            box = _union([hit, box])
        out.append(box)
    return out


def _area(box: Box) -> float:
    return (box[2] - box[0]) * (box[3] - box[1])


def _snapped(box: Box, scale: float) -> Box:
    """``box`` grown to whole backing pixels: a clip on the pixel grid has no soft edge."""
    return (
        math.floor(box[0] * scale) / scale,
        math.floor(box[1] * scale) / scale,
        math.ceil(box[2] * scale) / scale,
        math.ceil(box[3] * scale) / scale,
    )


def touching(ops: Sequence[DrawOp], boxes: Sequence[Box]) -> list[DrawOp]:
    """The ops of ``ops`` that can paint a pixel inside one of ``boxes``, in order."""
    out = []
    for op in ops:
        box = bounds(op)
        if box is not None and any(overlaps(box, b) for b in boxes):
            out.append(op)
    return out
