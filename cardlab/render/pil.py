"""Pillow backend: replay a `Drawing` into an image (tests, docs, thumbnails, `cardlab render`).

Everything is drawn at ``SUPERSAMPLE`` times the requested scale and downsampled with a Lanczos
filter, which gives anti-aliased edges without a vector library.  Strokes are centred on the path
like an HTML canvas (Pillow draws them inside), so the PNG and the browser agree.  Sprites are
rendered once per (key, scale) into a transparent bitmap and then composited, rotated if needed.
Text uses matplotlib's bundled DejaVu Sans (`cardlab.render.fonts`), which has the ♠♥♦♣ glyphs.
"""

from __future__ import annotations

import itertools
import math
import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageColor, ImageDraw, ImageFont

from cardlab.core.caches import LRUDict
from cardlab.render.fonts import CJK_INDEX, cjk_font_path, font_path, needs_cjk
from cardlab.render.ops import (
    Circle,
    Drawing,
    DrawOp,
    HitBox,
    Line,
    Point,
    Polygon,
    Rect,
    Sprite,
    Text,
)

__all__ = ["clear_cache", "font_path", "save_png", "sprite_image", "text_length", "to_image"]

SUPERSAMPLE = 3
# Sprite bitmaps at SUPERSAMPLE x scale: a card face at scale 1 is 216 x 300 RGBA, 0.25 MiB, so
# 32 of them are 8 MiB.  Within a picture the repeats are the backs and a face drawn twice, which
# stay recent; a deck sheet's 55 distinct faces are drawn once each, so a bigger cache gains little.
_SPRITES: LRUDict[tuple[str, float], Image.Image] = LRUDict(32)

_ANCHOR_X = {"left": "l", "center": "m", "right": "r"}
# Canvas baselines measure the em box: top ~ ascender line, bottom ~ descender line.
_ANCHOR_Y = {"top": "a", "middle": "m", "bottom": "d"}


# A FreeType font holds about 0.5 MiB; the busiest deck sheet uses 13 (size, bold) pairs.
@lru_cache(maxsize=16)
def _font(size_px: int, bold: bool, cjk: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu Sans, or for a label with Chinese in it Noto Sans CJK SC where the machine has it."""
    chinese = cjk_font_path(bold) if cjk else None
    if chinese:
        return ImageFont.truetype(chinese, max(1, size_px), index=CJK_INDEX)
    return ImageFont.truetype(font_path(bold), max(1, size_px))


def _font_for(text: str, size_px: int, bold: bool) -> ImageFont.FreeTypeFont:
    return _font(size_px, bold, needs_cjk(text))


def text_length(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at ``size`` CSS px, in CSS px, as this backend draws it."""
    return _font_for(text, round(size * SUPERSAMPLE), bold).getlength(text) / SUPERSAMPLE


def _rgba(colour: str | None) -> tuple[int, int, int, int] | None:
    if colour is None:
        return None
    # Pillow types every mode's colour as int | tuple: "RGBA" always gives four ints
    return ImageColor.getcolor(colour, "RGBA")  # type: ignore[return-value]


def to_image(drawing: Drawing, scale: float = 1.0) -> Image.Image:
    """The drawing as an RGB image of ``width*scale`` x ``height*scale`` pixels."""
    s = scale * SUPERSAMPLE
    size = (max(1, round(drawing.width * s)), max(1, round(drawing.height * s)))
    img = Image.new("RGBA", size, _rgba(drawing.background))
    _replay(img, drawing.ops, s)
    out_size = (max(1, round(drawing.width * scale)), max(1, round(drawing.height * scale)))
    return img.resize(out_size, Image.Resampling.LANCZOS).convert("RGB")


def sprite_image(sprite: Sprite, scale: float = 1.0) -> Image.Image:
    """One sprite (e.g. a card face) as a transparent RGBA image (position and angle ignored)."""
    img = _sprite_bitmap(sprite, scale * SUPERSAMPLE)
    size = (max(1, round(sprite.w * scale)), max(1, round(sprite.h * scale)))
    return img.resize(size, Image.Resampling.LANCZOS)


def save_png(drawing: Drawing, path: str | os.PathLike[str], scale: float = 1.0) -> Path:
    """Write the drawing to ``path`` as PNG and return the path."""
    out = Path(path)
    to_image(drawing, scale).save(out, format="PNG", optimize=True)
    return out


def clear_cache() -> None:
    """Forget every cached sprite bitmap (after a font or theme change in a long session)."""
    _SPRITES.clear()


# -- replay ---------------------------------------------------------------------------------------
def _replay(img: Image.Image, ops: tuple[DrawOp, ...] | list[DrawOp], s: float) -> None:
    draw = ImageDraw.Draw(img)
    for op in ops:
        if isinstance(op, Sprite):
            _blit(img, op, s)
            draw = ImageDraw.Draw(img)
        elif isinstance(op, HitBox):
            continue
        else:
            _DRAWERS[type(op)](draw, op, s)


def _sprite_bitmap(sprite: Sprite, s: float) -> Image.Image:
    key = (sprite.key, s)
    cached = _SPRITES.get(key)
    if cached is not None:
        return cached
    img = Image.new("RGBA", (max(1, math.ceil(sprite.w * s)), max(1, math.ceil(sprite.h * s))))
    _replay(img, sprite.ops, s)
    _SPRITES[key] = img
    return img


def _blit(img: Image.Image, sprite: Sprite, s: float) -> None:
    bitmap = _sprite_bitmap(sprite, s)
    cx, cy = (sprite.x + sprite.w / 2) * s, (sprite.y + sprite.h / 2) * s
    if sprite.angle % 360:
        # PIL rotates counter-clockwise; ops angles are clockwise like canvas.rotate.
        bitmap = bitmap.rotate(-sprite.angle, resample=Image.Resampling.BICUBIC, expand=True)
    x, y = round(cx - bitmap.width / 2), round(cy - bitmap.height / 2)
    # alpha_composite needs a non-negative destination: crop what lies off the top/left edge.
    sx, sy = max(0, -x), max(0, -y)
    if sx >= bitmap.width or sy >= bitmap.height or x >= img.width or y >= img.height:
        return
    img.alpha_composite(bitmap, dest=(x + sx, y + sy), source=(sx, sy))


def _width(line_width: float, s: float) -> int:
    return max(1, round(line_width * s))


def _rect(draw: ImageDraw.ImageDraw, op: Rect, s: float) -> None:
    x0, y0, x1, y1 = op.x * s, op.y * s, (op.x + op.w) * s, (op.y + op.h) * s
    r = max(0.0, min(op.radius * s, (x1 - x0) / 2, (y1 - y0) / 2))
    if op.fill is not None and x1 > x0 and y1 > y0:
        draw.rounded_rectangle((x0, y0, x1 - 1, y1 - 1), r, fill=_rgba(op.fill))
    if op.stroke is not None:
        lw = _width(op.line_width, s)
        half = lw / 2
        draw.rounded_rectangle(
            (x0 - half, y0 - half, x1 + half - 1, y1 + half - 1),
            r + half if r else 0,
            outline=_rgba(op.stroke),
            width=lw,
        )


def _polygon(draw: ImageDraw.ImageDraw, op: Polygon, s: float) -> None:
    pts = [(x * s, y * s) for x, y in op.points]
    if len(pts) < 2:
        return
    if op.fill is not None and len(pts) >= 3:
        draw.polygon(pts, fill=_rgba(op.fill))
    if op.stroke is not None:
        _polyline(draw, [*pts, pts[0], pts[1]], _rgba(op.stroke), _width(op.line_width, s))


def _polyline(
    draw: ImageDraw.ImageDraw, pts: list[Point], colour: tuple[int, int, int, int] | None, lw: int
) -> None:
    draw.line(pts, fill=colour, width=lw, joint="curve")
    if lw > 2:  # round caps, as Pillow leaves butt ends
        r = lw / 2
        for x, y in (pts[0], pts[-1]):
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _line(draw: ImageDraw.ImageDraw, op: Line, s: float) -> None:
    pts = [(x * s, y * s) for x, y in op.points]
    if len(pts) < 2:
        return
    colour, lw = _rgba(op.stroke), _width(op.line_width, s)
    if not op.dash:
        _polyline(draw, pts, colour, lw)
        return
    for a, b in _dashes(pts, [d * s for d in op.dash]):
        draw.line([a, b], fill=colour, width=lw)


def _dashes(pts: list[Point], pattern: list[float]) -> list[tuple[Point, Point]]:
    """Split a polyline into the "on" pieces of a dash pattern (canvas setLineDash semantics)."""
    if len(pattern) % 2:
        pattern = pattern * 2
    out: list[tuple[Point, Point]] = []
    k, left, on = 0, pattern[0], True
    for (x0, y0), (x1, y1) in itertools.pairwise(pts):
        seg = math.hypot(x1 - x0, y1 - y0)
        pos = 0.0
        while seg > 0 and pos < seg:
            step = min(left, seg - pos)
            if on:
                t0, t1 = pos / seg, (pos + step) / seg
                out.append(
                    (
                        (x0 + (x1 - x0) * t0, y0 + (y1 - y0) * t0),
                        (x0 + (x1 - x0) * t1, y0 + (y1 - y0) * t1),
                    )
                )
            pos += step
            left -= step
            if left <= 1e-9:
                k = (k + 1) % len(pattern)
                left, on = max(pattern[k], 1e-6), not on
    return out


def _circle(draw: ImageDraw.ImageDraw, op: Circle, s: float) -> None:
    x, y, r = op.x * s, op.y * s, op.r * s
    if op.fill is not None:
        draw.ellipse((x - r, y - r, x + r, y + r), fill=_rgba(op.fill))
    if op.stroke is not None:
        lw = _width(op.line_width, s)
        R = r + lw / 2
        draw.ellipse((x - R, y - R, x + R, y + R), outline=_rgba(op.stroke), width=lw)


def _text(draw: ImageDraw.ImageDraw, op: Text, s: float) -> None:
    if not op.text:
        return
    font = _font_for(op.text, round(op.size * s), op.bold)
    anchor = _ANCHOR_X[op.align] + _ANCHOR_Y[op.baseline]
    draw.text((op.x * s, op.y * s), op.text, fill=_rgba(op.fill), font=font, anchor=anchor)


_DRAWERS: dict[type[DrawOp], Callable[[ImageDraw.ImageDraw, Any, float], None]] = {
    Rect: _rect,
    Polygon: _polygon,
    Line: _line,
    Circle: _circle,
    Text: _text,
}
"""How each kind of op is drawn: the op's own type picks its drawer."""
