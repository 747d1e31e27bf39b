"""SVG backend: replay a `Drawing` as SVG text (charts in the page, printable handouts).

Vector output stays crisp on a projector, weighs a few kilobytes and needs no plotting library.
The SVG is accessible on its own: ``role="img"``, a ``<title>`` (its accessible name) and a
``<desc>`` (a summary in words), tied to the root by ``aria-labelledby``.  Strokes are centred on
the path like an HTML canvas, so the PNG, the canvas and the SVG agree.  A sprite is defined once
per key in ``<defs>`` and placed with ``<use>``, so a repeated card face costs one ``<use>`` each.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from cardlab.render.fonts import CSS_FAMILIES
from cardlab.render.ops import Circle, Drawing, DrawOp, HitBox, Line, Polygon, Rect, Sprite, Text

FONT_FAMILY = CSS_FAMILIES
"""The font the Pillow backend uses first, then wide fallbacks (labels are measured for it)."""

_ANCHOR = {"left": "start", "center": "middle", "right": "end"}
# Canvas baselines: top ~ the em box's top, bottom ~ its bottom (see render/pil.py).
_BASELINE = {"top": "text-before-edge", "middle": "central", "bottom": "text-after-edge"}
_ids = itertools.count()


def _num(x: float) -> str:
    """Coordinates to 2 decimals without trailing zeros: small files, exact enough for CSS px."""
    return f"{x:.2f}".rstrip("0").rstrip(".") or "0"


def _paint(fill: str | None, stroke: str | None, line_width: float) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke is not None:
        out += f' stroke="{stroke}" stroke-width="{_num(line_width)}"'
    return out


def _points(points: Iterable[tuple[float, float]]) -> str:
    return " ".join(f"{_num(x)},{_num(y)}" for x, y in points)


class _Writer:
    """One SVG's elements: ids carry ``prefix``, each sprite key's group is written once."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.ids: dict[str, str] = {}
        self.defs: list[str] = []

    def element(self, op: DrawOp) -> str:
        if isinstance(op, Rect):
            corner = f' rx="{_num(op.radius)}"' if op.radius else ""
            return (
                f'<rect x="{_num(op.x)}" y="{_num(op.y)}" width="{_num(op.w)}"'
                f' height="{_num(op.h)}"{corner}{_paint(op.fill, op.stroke, op.line_width)}/>'
            )
        if isinstance(op, Polygon):
            paint = _paint(op.fill, op.stroke, op.line_width)
            return f'<polygon points="{_points(op.points)}"{paint}/>'
        if isinstance(op, Line):
            dash = f' stroke-dasharray="{" ".join(_num(d) for d in op.dash)}"' if op.dash else ""
            paint = _paint(None, op.stroke, op.line_width)
            return f'<polyline points="{_points(op.points)}"{paint}{dash}/>'
        if isinstance(op, Circle):
            paint = _paint(op.fill, op.stroke, op.line_width)
            return f'<circle cx="{_num(op.x)}" cy="{_num(op.y)}" r="{_num(op.r)}"{paint}/>'
        if isinstance(op, Text):
            weight = ' font-weight="bold"' if op.bold else ""
            return (
                f'<text x="{_num(op.x)}" y="{_num(op.y)}" font-size="{_num(op.size)}"'
                f' text-anchor="{_ANCHOR[op.align]}" dominant-baseline="{_BASELINE[op.baseline]}"'
                f' fill="{op.fill}"{weight}>{escape(op.text)}</text>'
            )
        if isinstance(op, Sprite):
            return self.use(op)
        raise TypeError(f"no SVG for {type(op).__name__}")

    def elements(self, ops: Iterable[DrawOp]) -> str:
        return "".join(self.element(op) for op in ops if not isinstance(op, HitBox))

    def use(self, op: Sprite) -> str:
        if op.key not in self.ids:
            self.ids[op.key] = ident = f"{self.prefix}s{len(self.ids)}"
            self.defs.append(f'<g id="{ident}">{self.elements(op.ops)}</g>')
        turn = ""
        if op.angle % 360:
            turn = f" rotate({_num(op.angle)} {_num(op.w / 2)} {_num(op.h / 2)})"
        return (
            f'<use href="#{self.ids[op.key]}" '
            f'transform="translate({_num(op.x)} {_num(op.y)}){turn}"/>'
        )


def to_svg(drawing: Drawing, title: str, description: str = "") -> str:
    """The drawing as a standalone SVG element with its accessible name and description.

    Ids are unique per call, so several SVGs can sit inline in one HTML page.
    """
    writer = _Writer(f"cl{next(_ids)}-")
    body = writer.elements(drawing.ops)
    p = writer.prefix
    w, h = _num(drawing.width), _num(drawing.height)
    labelled = f"{p}title {p}desc" if description else f"{p}title"
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" viewBox="0 0 {w} {h}"'
        f' width="{w}" height="{h}" aria-labelledby="{labelled}"'
        f' font-family={quoteattr(FONT_FAMILY)} style="max-width:100%;height:auto">'
        f'<title id="{p}title">{escape(title)}</title>'
        + (f'<desc id="{p}desc">{escape(description)}</desc>' if description else "")
        + (f"<defs>{''.join(writer.defs)}</defs>" if writer.defs else "")
        + f'<rect width="{w}" height="{h}" fill="{drawing.background}"/>{body}</svg>'
    )
