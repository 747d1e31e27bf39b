"""WCAG 2.1 contrast of the colours a `Drawing` paints, and what colour lies beneath a point.

Pure and small, so the themes' colour pairs and every text of every picture can be checked
without rendering a pixel: `contrast` is the WCAG ratio of two CSS colours; `colour_at` the
colour a point of a drawing ends up with (the last filled shape covering it, painted in order,
sprites included, the drawing's background otherwise); `texts_with_backgrounds` every `Text` op
with the colours beneath its box.  Strokes and lines are left out: they are outlines, never
what text is read against.  Text boxes are measured in the font the PNG backend draws with.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from typing import TypeGuard

from cardlab.render.ops import Circle, Drawing, DrawOp, Polygon, Rect, Sprite, Text
from cardlab.render.text import text_box

TEXT_MIN = 4.5
"""WCAG 2.1 AA (1.4.3): normal text against its background."""
LARGE_TEXT_MIN = 3.0
"""WCAG 2.1 AA (1.4.3) for large text, and (1.4.11) for the parts of a picture one must see."""


def rgb(colour: str) -> tuple[int, int, int]:
    """``#rgb`` or ``#rrggbb`` (what the themes and pictures use) as three 0-255 channels."""
    digits = colour.strip().lstrip("#")
    if len(digits) == 3:
        digits = "".join(ch * 2 for ch in digits)
    if len(digits) != 6 or colour.strip()[0] != "#":
        raise ValueError(f"not a #rgb or #rrggbb colour: {colour!r}")
    return int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16)


def luminance(colour: str) -> float:
    """WCAG 2.1 relative luminance: 0 for black, 1 for white."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2.1 contrast ratio of two colours, from 1 (the same) to 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def is_large(text: Text) -> bool:
    """WCAG "large scale" text: at least 18 pt (24 CSS px), or 14 pt (18.67 px) and bold."""
    return text.size >= 24.0 or (text.bold and text.size >= 14.0 * 4 / 3)


def required(text: Text) -> float:
    """The contrast ``text`` needs against what lies beneath it (WCAG 2.1 AA)."""
    return LARGE_TEXT_MIN if is_large(text) else TEXT_MIN


# -- where things are ------------------------------------------------------------------------
Point = tuple[float, float]
# Resolves points of one level that nothing at that level covers: the colours beneath them.
_Beneath = Callable[[list[Point]], list[str]]


def to_parent(sprite: Sprite, x: float, y: float) -> Point:
    """A point of the sprite's own box in the coordinates the sprite is placed in (its box
    turned ``angle`` degrees clockwise about its centre)."""
    t = math.radians(sprite.angle)
    dx, dy = x - sprite.w / 2, y - sprite.h / 2
    return (
        sprite.x + sprite.w / 2 + dx * math.cos(t) - dy * math.sin(t),
        sprite.y + sprite.h / 2 + dx * math.sin(t) + dy * math.cos(t),
    )


def to_sprite(sprite: Sprite, x: float, y: float) -> Point:
    """The inverse of `to_parent`: a point where the sprite is placed, in its own box."""
    if not sprite.angle % 360:
        return x - sprite.x, y - sprite.y
    t = math.radians(sprite.angle)
    dx, dy = x - sprite.x - sprite.w / 2, y - sprite.y - sprite.h / 2
    return (
        sprite.w / 2 + dx * math.cos(t) + dy * math.sin(t),
        sprite.h / 2 - dx * math.sin(t) + dy * math.cos(t),
    )


def _covers(op: DrawOp, x: float, y: float) -> TypeGuard[Rect | Circle | Polygon]:
    """Whether ``op``'s fill covers the point (x, y) of its own coordinates."""
    if isinstance(op, Rect):
        if op.fill is None or not (op.x <= x <= op.x + op.w and op.y <= y <= op.y + op.h):
            return False
        r = max(0.0, min(op.radius, op.w / 2, op.h / 2))
        qx = min(max(x, op.x + r), op.x + op.w - r)  # the nearest point of the inner rectangle
        qy = min(max(y, op.y + r), op.y + op.h - r)
        return math.hypot(x - qx, y - qy) <= r + 1e-9
    if isinstance(op, Circle):
        return op.fill is not None and math.hypot(x - op.x, y - op.y) <= op.r
    if isinstance(op, Polygon):
        return op.fill is not None and len(op.points) >= 3 and _inside(op.points, x, y)
    return False


def _inside(points: Sequence[Point], x: float, y: float) -> bool:
    """Even-odd point in polygon, as the backends fill."""
    inside = False
    for (x0, y0), (x1, y1) in zip(points, (*points[1:], points[0]), strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def fill_at(ops: Sequence[DrawOp], x: float, y: float, end: int | None = None) -> str | None:
    """The fill the point (x, y) ends up with after painting ``ops`` (the first ``end`` of them)
    in order, sprites opened and each clipped to its box; None where none of them fills it."""
    for k in range((len(ops) if end is None else end) - 1, -1, -1):
        op = ops[k]
        if isinstance(op, Sprite):
            sx, sy = to_sprite(op, x, y)
            if 0 <= sx <= op.w and 0 <= sy <= op.h:
                colour = fill_at(op.ops, sx, sy)
                if colour is not None:
                    return colour
        elif _covers(op, x, y):
            return op.fill
    return None


def colour_at(drawing: Drawing, x: float, y: float) -> str:
    """The colour the point (x, y) of the drawing is painted: its last filled shape there,
    else the drawing's background."""
    return fill_at(drawing.ops, x, y) or drawing.background


def text_points(text: Text) -> list[Point]:
    """Points where ``text``'s ink lies: along the middle of its box, the ends inset.

    The middle of the em box is where the letters' bodies are; a glyph covers less than its
    box, so the ends are inset by a fifth of the height.
    """
    x, y, w, h = text_box(text)
    inset = min(h / 5, w / 2)
    n = max(2, min(9, math.ceil(w / max(h, 1.0)) + 1))
    return [(x + inset + (w - 2 * inset) * i / (n - 1), y + h / 2) for i in range(n)]


def texts_with_backgrounds(drawing: Drawing) -> Iterator[tuple[Text, set[str]]]:
    """Every non-empty `Text` op of the drawing (sprites included) with every colour painted
    beneath its box before it: what a reader sees the text against."""
    yield from _texts(drawing.ops, lambda points: [drawing.background] * len(points))


def _texts(ops: Sequence[DrawOp], beneath: _Beneath) -> Iterator[tuple[Text, set[str]]]:
    for k, op in enumerate(ops):
        if isinstance(op, Text) and op.text.strip():
            yield op, set(_colours(ops, k, text_points(op), beneath))
        elif isinstance(op, Sprite):
            yield from _texts(op.ops, _under_sprite(ops, k, beneath))


def _under_sprite(ops: Sequence[DrawOp], k: int, beneath: _Beneath) -> _Beneath:
    """What lies under the points of the sprite ``ops[k]``: the ops painted before it, then
    whatever lies beneath those."""
    sprite = ops[k]
    assert isinstance(sprite, Sprite)
    return lambda points: _colours(ops, k, [to_parent(sprite, x, y) for x, y in points], beneath)


def _colours(ops: Sequence[DrawOp], end: int, points: list[Point], beneath: _Beneath) -> list[str]:
    """The colours beneath ``points`` once the first ``end`` ops are painted."""
    found = [fill_at(ops, x, y, end) for x, y in points]
    open_ = [p for p, c in zip(points, found, strict=True) if c is None]
    deeper = iter(beneath(open_) if open_ else [])
    return [c if c is not None else next(deeper) for c in found]


__all__ = [
    "LARGE_TEXT_MIN",
    "TEXT_MIN",
    "colour_at",
    "contrast",
    "fill_at",
    "is_large",
    "luminance",
    "required",
    "rgb",
    "text_box",
    "text_points",
    "texts_with_backgrounds",
    "to_parent",
    "to_sprite",
]
