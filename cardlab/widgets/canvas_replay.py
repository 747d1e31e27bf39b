"""`replay_ops`: a `Drawing` as canvas commands, the pure half of every canvas on the page.

It calls only the small part of the canvas API listed in `CanvasBackend`, so the same replay
feeds the page's batches (`cardlab.widgets.canvas_batch.BatchCanvas`) and the tests' recording
fakes, which assert on the exact commands without a browser.  `cardlab.widgets.canvas`
(`CanvasView`) decides what to replay and when; this module only how.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from cardlab.render.damage import Box, touching
from cardlab.render.fonts import CSS_FAMILIES
from cardlab.render.ops import Circle, Drawing, DrawOp, HitBox, Line, Polygon, Rect, Sprite, Text

FONT_FAMILY = CSS_FAMILIES
"""Canvas font stack: DejaVu Sans, then a Chinese font (`cardlab.render.fonts`); the Pillow
backend draws with the same files, so text may differ by a pixel."""


class CanvasBackend(Protocol):
    """The canvas API that `replay_ops` uses (`cardlab.widgets.canvas_batch.BatchCanvas`).

    Style attributes (``fill_style``, ``stroke_style``, ``line_width``, ``font``, ``text_align``,
    ``text_baseline``) are set as attributes.
    """

    def save(self) -> None: ...
    def restore(self) -> None: ...
    def scale(self, x: float, y: float | None = None) -> None: ...
    def translate(self, x: float, y: float) -> None: ...
    def rotate(self, angle: float) -> None: ...
    def clear_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def fill_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def stroke_rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def begin_path(self) -> None: ...
    def close_path(self) -> None: ...
    def rect(self, x: float, y: float, width: float, height: float) -> None: ...
    def clip(self) -> None: ...
    def move_to(self, x: float, y: float) -> None: ...
    def line_to(self, x: float, y: float) -> None: ...
    def arc_to(self, x1: float, y1: float, x2: float, y2: float, radius: float) -> None: ...
    def fill(self) -> None: ...
    def stroke(self) -> None: ...
    def fill_circle(self, x: float, y: float, radius: float) -> None: ...
    def stroke_circle(self, x: float, y: float, radius: float) -> None: ...
    def set_line_dash(self, segments: list[float]) -> None: ...
    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None: ...
    def draw_image(
        self, image: Any, x: float = 0, y: float = 0, width: float | None = None,
        height: float | None = None,
    ) -> None: ...  # fmt: skip


SpriteSource = Callable[[Sprite], Any]
"""Returns an image for ``draw_image`` (the key of a hidden canvas of the page), or None to draw
the sprite inline."""


@dataclass
class ReplayStats:
    """What one replay cost: DrawOps painted and canvas commands issued (for the benchmark)."""

    ops: int = 0
    commands: int = 0
    sprites_blitted: int = 0

    def add(self, other: ReplayStats) -> None:
        self.ops += other.ops
        self.commands += other.commands
        self.sprites_blitted += other.sprites_blitted


def backing_pixels(size: float, scale: float) -> int:
    """The backing pixels a canvas of ``size`` CSS pixels gets at ``scale`` (at least one)."""
    return max(1, math.ceil(size * scale))


class _Painter:
    """Issues commands to a backend, skipping style sets that would not change anything.

    The remembered styles follow ``save``/``restore`` so the skipping stays correct inside sprites.
    """

    def __init__(self, backend: CanvasBackend, stats: ReplayStats, scale: float) -> None:
        self.backend = backend
        self.stats = stats
        self.scale = scale
        self.styles: dict[str, Any] = {}
        self.stack: list[dict[str, Any]] = []

    def __call__(self, method: str, *args: Any) -> None:
        getattr(self.backend, method)(*args)
        self.stats.commands += 1

    def set(self, name: str, value: Any) -> None:
        if self.styles.get(name, _UNSET) != value:
            setattr(self.backend, name, value)
            self.styles[name] = value
            self.stats.commands += 1

    def dash(self, segments: tuple[float, ...]) -> None:
        if self.styles.get("_dash", ()) != segments:
            self("set_line_dash", list(segments))
            self.styles["_dash"] = segments

    def save(self) -> None:
        self("save")
        self.stack.append(dict(self.styles))

    def restore(self) -> None:
        self("restore")
        self.styles = self.stack.pop() if self.stack else {}

    def snap(self, value: float) -> float:
        """``value`` (CSS pixels) moved to the nearest backing pixel."""
        return round(value * self.scale) / self.scale

    def backing(self, size: float) -> float:
        """``size`` (CSS pixels) as the backing pixels of a sprite's canvas, in CSS pixels."""
        return backing_pixels(size, self.scale) / self.scale


_UNSET = object()


def replay_ops(
    drawing: Drawing,
    backend: CanvasBackend,
    *,
    scale: float = 1.0,
    sprite_source: SpriteSource | None = None,
    boxes: Sequence[Box] | None = None,
) -> ReplayStats:
    """Paint ``drawing`` on ``backend`` (cleared first), with coordinates multiplied by ``scale``.

    Everything happens between one ``save``/``restore`` so the backend's state is unchanged
    afterwards.  Sprites are blitted from ``sprite_source`` when it returns an image, and drawn
    inline (save/translate/rotate/restore) otherwise.  HitBoxes draw nothing.  Given ``boxes``
    (`cardlab.render.damage.changed_boxes`), only the inside of them is painted: clipped to
    them, with the ops that can reach them; the pixels outside are left as they are, which on a
    canvas showing the drawing the boxes were worked out from are already ``drawing``'s.
    """
    stats = ReplayStats()
    paint = _Painter(backend, stats, scale)
    paint.save()
    if scale != 1:
        paint("scale", scale, scale)
    ops: Sequence[DrawOp] = drawing.ops
    if boxes is not None:
        paint("begin_path")
        for x0, y0, x1, y1 in boxes:
            paint("rect", x0, y0, x1 - x0, y1 - y0)
        paint("clip")
        ops = touching(ops, boxes)
    paint("clear_rect", 0, 0, drawing.width, drawing.height)
    if drawing.background:
        paint.set("fill_style", drawing.background)
        paint("fill_rect", 0, 0, drawing.width, drawing.height)
    _paint_ops(paint, ops, sprite_source)
    paint.restore()
    return stats


def _paint_ops(paint: _Painter, ops: Sequence[DrawOp], sprite_source: SpriteSource | None) -> None:
    for op in ops:
        if isinstance(op, HitBox):
            continue
        paint.stats.ops += 1
        if isinstance(op, Rect):
            _rect(paint, op)
        elif isinstance(op, Polygon):
            _polygon(paint, op)
        elif isinstance(op, Line):
            _line(paint, op)
        elif isinstance(op, Circle):
            _circle(paint, op)
        elif isinstance(op, Text):
            _text(paint, op)
        elif isinstance(op, Sprite):
            _sprite(paint, op, sprite_source)
        else:
            raise TypeError(f"cannot draw {type(op).__name__}: not a cardlab DrawOp")


def _fill_stroke(paint: _Painter, fill: str | None, stroke: str | None, width: float) -> None:
    """Fill then stroke the current path (the outline stays on top, as in the Pillow backend)."""
    if fill:
        paint.set("fill_style", fill)
        paint("fill")
    if stroke:
        paint.set("stroke_style", stroke)
        paint.set("line_width", width)
        paint.dash(())
        paint("stroke")


def _rect(paint: _Painter, op: Rect) -> None:
    r = max(0.0, min(op.radius, op.w / 2, op.h / 2))
    if r == 0:
        if op.fill:
            paint.set("fill_style", op.fill)
            paint("fill_rect", op.x, op.y, op.w, op.h)
        if op.stroke:
            paint.set("stroke_style", op.stroke)
            paint.set("line_width", op.line_width)
            paint.dash(())
            paint("stroke_rect", op.x, op.y, op.w, op.h)
        return
    x, y, w, h = op.x, op.y, op.w, op.h
    paint("begin_path")
    paint("move_to", x + r, y)
    paint("arc_to", x + w, y, x + w, y + h, r)
    paint("arc_to", x + w, y + h, x, y + h, r)
    paint("arc_to", x, y + h, x, y, r)
    paint("arc_to", x, y, x + w, y, r)
    paint("close_path")
    _fill_stroke(paint, op.fill, op.stroke, op.line_width)


def _path(paint: _Painter, points: Sequence[tuple[float, float]]) -> None:
    """Begin a path through ``points`` (polygons close it, lines stroke it)."""
    paint("begin_path")
    (x0, y0), *rest = points
    paint("move_to", x0, y0)
    for x, y in rest:
        paint("line_to", x, y)


def _polygon(paint: _Painter, op: Polygon) -> None:
    if len(op.points) < 2:
        return
    _path(paint, op.points)
    paint("close_path")
    _fill_stroke(paint, op.fill, op.stroke, op.line_width)


def _line(paint: _Painter, op: Line) -> None:
    if len(op.points) < 2 or not op.stroke:
        return
    paint.set("stroke_style", op.stroke)
    paint.set("line_width", op.line_width)
    paint.dash(tuple(op.dash))
    _path(paint, op.points)
    paint("stroke")


def _circle(paint: _Painter, op: Circle) -> None:
    if op.fill:
        paint.set("fill_style", op.fill)
        paint("fill_circle", op.x, op.y, op.r)
    if op.stroke:
        paint.set("stroke_style", op.stroke)
        paint.set("line_width", op.line_width)
        paint.dash(())
        paint("stroke_circle", op.x, op.y, op.r)


def css_font(size: float, bold: bool = False) -> str:
    """The CSS font string for a Text op."""
    return f"{'bold ' if bold else ''}{size:g}px {FONT_FAMILY}"


def _text(paint: _Painter, op: Text) -> None:
    paint.set("font", css_font(op.size, op.bold))
    paint.set("text_align", op.align)
    paint.set("text_baseline", op.baseline)
    paint.set("fill_style", op.fill)
    paint("fill_text", op.text, op.x, op.y)


def _sprite(paint: _Painter, op: Sprite, sprite_source: SpriteSource | None) -> None:
    """Blit ``op`` from ``sprite_source``'s canvas, or draw its ops inline.

    An upright sprite lands on whole backing pixels, its canvas copied pixel for pixel: a blit
    at a fractional place or size is resampled, which blurs the face and makes the browser
    filter every pixel (the bulk of a press's drawing time in a software-rendered page).  Drawn
    inline it starts at the same pixel, so its canvas, made later, replaces it unchanged."""
    image = sprite_source(op) if sprite_source is not None else None
    x, y = paint.snap(op.x), paint.snap(op.y)
    if image is not None and not op.angle:
        paint("draw_image", image, x, y, paint.backing(op.w), paint.backing(op.h))
        paint.stats.sprites_blitted += 1
        return
    paint.save()
    if op.angle:
        # rotate clockwise about the box centre (canvas y points down, so + is clockwise)
        paint("translate", op.x + op.w / 2, op.y + op.h / 2)
        paint("rotate", math.radians(op.angle))
        paint("translate", -op.w / 2, -op.h / 2)
    else:
        paint("translate", x, y)
    if image is not None:
        paint("draw_image", image, 0, 0, op.w, op.h)
        paint.stats.sprites_blitted += 1
    else:
        _paint_ops(paint, op.ops, sprite_source)
    paint.restore()
