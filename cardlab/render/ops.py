"""Drawing as data: the `DrawOp` records every renderer emits and every backend replays.

A drawing is plain frozen data, so it can be compared in tests, kept by a widget and replayed when a
late browser connects (see ``widgets/canvas.py``), or written to PNG by the Pillow backend.
Coordinates are CSS pixels with the origin top left; colours are ``#rrggbb`` strings (or None for
"no fill" / "no outline").  `Sprite` groups ops in their own coordinate box under a cache key, so a
card face is drawn once per key and then only blitted.  `HitBox` draws nothing: it names a
clickable region for the widgets' hit testing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, Union

Point = tuple[float, float]

Align = Literal["left", "center", "right"]
"""Where a `Text` stands relative to its x: its left end, its centre or its right end."""
Baseline = Literal["top", "middle", "bottom"]
"""Where a `Text` stands relative to its y."""


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0
    radius: float = 0.0


@dataclass(frozen=True)
class Polygon:
    points: tuple[Point, ...]
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0


@dataclass(frozen=True)
class Line:
    points: tuple[Point, ...]
    stroke: str = "#000000"
    line_width: float = 1.0
    dash: tuple[float, ...] = ()


@dataclass(frozen=True)
class Circle:
    x: float
    y: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    line_width: float = 1.0


@dataclass(frozen=True)
class Text:
    """A line of text; a message (or anything else) given as ``text`` is drawn as its text in
    the current language, so a picture may label itself with messages."""

    x: float
    y: float
    text: str
    size: float = 14.0
    fill: str = "#000000"
    align: Align = "center"
    baseline: Baseline = "middle"
    bold: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.text, str):
            object.__setattr__(self, "text", str(self.text))


@dataclass(frozen=True)
class Sprite:
    """``ops`` drawn in a ``w`` x ``h`` box of their own, placed at (x, y).

    The box is rotated ``angle`` degrees clockwise about its centre; backends cache it by ``key``.
    """

    key: str
    x: float
    y: float
    w: float
    h: float
    ops: tuple[DrawOp, ...] = field(repr=False)
    angle: float = 0.0


@dataclass(frozen=True)
class HitBox:
    """A clickable region named ``target`` (e.g. ``"card:3"``); never drawn."""

    x: float
    y: float
    w: float
    h: float
    target: str


DrawOp = Union[Rect, Polygon, Line, Circle, Text, Sprite, HitBox]  # noqa: UP007


@dataclass(frozen=True)
class Drawing:
    """A whole picture: its size, background colour and ops in painting order."""

    width: float
    height: float
    ops: tuple[DrawOp, ...]
    background: str = "#ffffff"

    def hit_boxes(self) -> tuple[HitBox, ...]:
        """Every clickable region, topmost first (later ops are painted over earlier ones)."""
        return tuple(op for op in reversed(self.ops) if isinstance(op, HitBox))

    def hit(self, x: float, y: float) -> str | None:
        """The target under the point (x, y) in CSS pixels, or None."""
        for box in self.hit_boxes():
            if box.x <= x <= box.x + box.w and box.y <= y <= box.y + box.h:
                return box.target
        return None

    def texts(self) -> list[str]:
        """Every text string drawn, sprites included: handy for tests and text mirrors."""
        out: list[str] = []
        stack = list(self.ops)
        while stack:
            op = stack.pop(0)
            if isinstance(op, Text):
                out.append(op.text)
            elif isinstance(op, Sprite):
                stack[:0] = op.ops
        return out
