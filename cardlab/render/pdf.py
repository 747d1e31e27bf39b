"""PDF backend: replay a `Drawing` onto an fpdf2 page as vector shapes and real text (handouts).

A printed worksheet must stay sharp at any zoom and its words must stay words (selectable,
searchable, read aloud), so nothing here is rasterised: rectangles, polygons, lines and circles
become PDF paths, and every `Text` is PDF text in DejaVu Sans (`cardlab.render.fonts`, embedded
as a Unicode TrueType subset, so ♠♥♦♣ print).  Strokes are centred on the path in PDF as on an
HTML canvas, so the page agrees with the PNG and the browser.  A sprite is its ops replayed in
its own box (clipped to it, rotated about its centre), since a card face is a handful of paths.

The drawing is placed at (``x``, ``y``) in the document's units, ``scale`` document units per
CSS pixel: the caller lays out the page, this module only draws.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from fpdf import FPDF

from cardlab.render.fonts import font_path
from cardlab.render.ops import Circle, Drawing, DrawOp, HitBox, Line, Polygon, Rect, Sprite, Text

FAMILY = "DejaVu"
"""The family name the page knows DejaVu Sans by (`use_fonts` adds it)."""


def use_fonts(pdf: FPDF) -> str:
    """Add DejaVu Sans (regular, bold and their obliques, which fpdf2's ``markdown=True`` text
    needs) to ``pdf`` once; the family name to ``set_font`` with."""
    if FAMILY.lower() not in pdf.fonts:
        for style, bold, italic in (("", 0, 0), ("B", 1, 0), ("I", 0, 1), ("BI", 1, 1)):
            pdf.add_font(FAMILY, style, font_path(bool(bold), bool(italic)))
    return FAMILY


@dataclass(frozen=True)
class _Place:
    """Where CSS pixel (0, 0) of the ops being drawn lies on the page, and units per pixel."""

    x: float
    y: float
    s: float

    def at(self, px: float, py: float) -> tuple[float, float]:
        return self.x + px * self.s, self.y + py * self.s


def draw(pdf: FPDF, drawing: Drawing, x: float, y: float, scale: float) -> None:
    """Draw ``drawing`` on the current page with its top left at (``x``, ``y``), ``scale``
    document units per CSS pixel, background included; the page's colours and font are
    restored afterwards."""
    use_fonts(pdf)
    place = _Place(x, y, scale)
    with pdf.local_context():
        _paint(pdf, drawing.background, None, 0)
        pdf.rect(x, y, drawing.width * scale, drawing.height * scale, style="F")
        _replay(pdf, drawing.ops, place)


def _replay(pdf: FPDF, ops: Iterable[DrawOp], place: _Place) -> None:
    for op in ops:
        if isinstance(op, HitBox):
            continue
        if isinstance(op, Sprite):
            _sprite(pdf, op, place)
        else:
            _DRAWERS[type(op)](pdf, op, place)


def _paint(pdf: FPDF, fill: str | None, stroke: str | None, width: float) -> str | None:
    """Set the colours and line width; the fpdf2 style ("F", "D", "DF") or None: nothing to do."""
    if fill is not None:
        pdf.set_fill_color(fill)
    if stroke is not None:
        pdf.set_draw_color(stroke)
        pdf.set_line_width(max(width, 0.0))
    return ("D" if fill is None else "DF") if stroke is not None else ("F" if fill else None)


def _rect(pdf: FPDF, op: Rect, place: _Place) -> None:
    style = _paint(pdf, op.fill, op.stroke, op.line_width * place.s)
    if style is None or op.w <= 0 or op.h <= 0:
        return
    x, y = place.at(op.x, op.y)
    w, h = op.w * place.s, op.h * place.s
    r = max(0.0, min(op.radius * place.s, w / 2, h / 2))
    pdf.rect(x, y, w, h, style=style, round_corners=r > 0, corner_radius=r)


def _polygon(pdf: FPDF, op: Polygon, place: _Place) -> None:
    style = _paint(pdf, op.fill, op.stroke, op.line_width * place.s)
    if style is None or len(op.points) < 2:
        return
    if len(op.points) < 3:
        style = "D" if op.stroke is not None else None
    if style is not None:
        pdf.polygon([place.at(px, py) for px, py in op.points], style=style)


def _line(pdf: FPDF, op: Line, place: _Place) -> None:
    if len(op.points) < 2:
        return
    _paint(pdf, None, op.stroke, op.line_width * place.s)
    if op.dash:  # PDF dashes take one on/off pair: canvas patterns here are all one pair
        on = op.dash[0] * place.s
        off = (op.dash[1] if len(op.dash) > 1 else op.dash[0]) * place.s
        pdf.set_dash_pattern(dash=on, gap=off)
    pdf.polyline([place.at(px, py) for px, py in op.points], style="D")
    if op.dash:
        pdf.set_dash_pattern()


def _circle(pdf: FPDF, op: Circle, place: _Place) -> None:
    style = _paint(pdf, op.fill, op.stroke, op.line_width * place.s)
    if style is not None and op.r > 0:
        x, y = place.at(op.x, op.y)
        pdf.circle(x, y, op.r * place.s, style=style)


def _text(pdf: FPDF, op: Text, place: _Place) -> None:
    if not op.text:
        return
    size = op.size * place.s  # in document units
    pdf.set_font(FAMILY, "B" if op.bold else "", size * pdf.k)
    pdf.set_text_color(op.fill)
    desc = pdf.current_font.desc
    ascent, descent = desc.ascent / 1000 * size, desc.descent / 1000 * size  # descent < 0
    # Canvas baselines (as render/pil.py draws them): top = the ascender line, bottom = the
    # descender line, middle = half-way between the two.
    rise = {"top": ascent, "middle": (ascent + descent) / 2, "bottom": descent}[op.baseline]
    width = pdf.get_string_width(op.text)
    shift = {"left": 0.0, "center": width / 2, "right": width}[op.align]
    x, y = place.at(op.x, op.y)
    pdf.text(x - shift, y + rise, op.text)


def _sprite(pdf: FPDF, op: Sprite, place: _Place) -> None:
    x, y = place.at(op.x, op.y)
    w, h = op.w * place.s, op.h * place.s
    inner = _Place(x, y, place.s)
    with pdf.local_context():
        if op.angle % 360:
            # fpdf2 turns counter-clockwise; ops angles are clockwise like canvas.rotate
            with pdf.rotation(-op.angle, x + w / 2, y + h / 2), pdf.rect_clip(x, y, w, h):
                _replay(pdf, op.ops, inner)
        else:
            with pdf.rect_clip(x, y, w, h):
                _replay(pdf, op.ops, inner)


_DRAWERS = {Rect: _rect, Polygon: _polygon, Line: _line, Circle: _circle, Text: _text}


def to_pdf(drawing: Drawing, scale: float = 0.75) -> bytes:
    """The drawing alone on a page of its own size (``scale`` points per CSS pixel: 0.75 is the
    CSS inch), as PDF bytes: for tests and for a single figure."""
    pdf = FPDF(unit="pt", format=(drawing.width * scale, drawing.height * scale))
    pdf.set_margin(0)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    draw(pdf, drawing, 0, 0, scale)
    return bytes(pdf.output())
