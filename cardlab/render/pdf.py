"""PDF backend: replay a `Drawing` onto an fpdf2 page as vector shapes and real text (handouts).

A printed worksheet must stay sharp at any zoom and its words must stay words (selectable,
searchable, read aloud), so nothing here is rasterised: rectangles, polygons, lines and circles
become PDF paths, and every `Text` is PDF text in DejaVu Sans (`cardlab.render.fonts`, embedded
as a Unicode TrueType subset, so ♠♥♦♣ and Cyrillic print).  Chinese text falls back to Noto Sans
CJK SC (`use_fonts` with ``cjk``; fpdf2 reads it from the ``.ttc`` collection by its number): a
page only loads it when it has Chinese to print, since the font is large.  Strokes are centred
on the path in PDF as on an HTML canvas, so the page agrees with the PNG and the browser.  A
sprite is its ops replayed in its own box (clipped to it, rotated about its centre), since a card
face is a handful of paths.

The drawing is placed at (``x``, ``y``) in the document's units, ``scale`` document units per
CSS pixel: the caller lays out the page, this module only draws.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from fpdf import FPDF
from fpdf.fonts import TTFFont

from cardlab.render.fonts import CJK_INDEX, cjk_font_path, font_path
from cardlab.render.fonts import needs_cjk as _needs_cjk
from cardlab.render.ops import Circle, Drawing, DrawOp, HitBox, Line, Polygon, Rect, Sprite, Text

log = logging.getLogger("cardlab.render")

FAMILY = "DejaVu"
"""The family name the page knows DejaVu Sans by (`use_fonts` adds it)."""
CJK_FAMILY = "NotoSansCJK"
"""The family name of the Chinese fallback font (`use_fonts` adds it when asked)."""
CJK_NAME = "Noto Sans CJK SC"
"""The face of the ``.ttc`` collection to use: the Simplified Chinese one."""


def needs_cjk(*texts: str) -> bool:
    """Whether any of ``texts`` holds Chinese (`cardlab.render.fonts.needs_cjk`)."""
    return any(_needs_cjk(text) for text in texts if text)


def cjk_font(bold: bool = False) -> tuple[str, int] | None:
    """The Chinese font file (`cardlab.render.fonts.cjk_font_path`) and the number of its
    `CJK_NAME` face in the collection (0 for a single font), or None when the machine has none."""
    path = cjk_font_path(bold)
    return None if path is None else (str(path), _collection_number(str(path)))


@lru_cache(maxsize=4)
def _collection_number(path: str) -> int:
    """The number of the `CJK_NAME` face in a ``.ttc`` collection, found by its name (else
    `CJK_INDEX`, Noto's); 0 in a single font file."""
    if not path.lower().endswith((".ttc", ".otc")):
        return 0
    from fontTools.ttLib import TTCollection

    with TTCollection(path, lazy=True) as collection:
        names = [font["name"].getDebugName(1) for font in collection.fonts]
    if CJK_NAME in names:
        return names.index(CJK_NAME)
    return CJK_INDEX if len(names) > CJK_INDEX else 0


def use_fonts(pdf: FPDF, cjk: bool = False) -> str:
    """Add DejaVu Sans (regular, bold and their obliques, which fpdf2's ``markdown=True`` text
    needs) to ``pdf`` once, and with ``cjk`` Noto Sans CJK SC (regular and bold) as the
    fallback for the characters DejaVu lacks; the family name to ``set_font`` with."""
    if FAMILY.lower() not in pdf.fonts:
        for style, bold, italic in (("", 0, 0), ("B", 1, 0), ("I", 0, 1), ("BI", 1, 1)):
            pdf.add_font(FAMILY, style, font_path(bool(bold), bool(italic)))
    if cjk and CJK_FAMILY.lower() not in pdf.fonts:
        found = {style: cjk_font(style == "B") for style in ("", "B")}
        regular = found[""]
        if regular is None:
            log.warning("no Chinese font (fonts-noto-cjk): Chinese text will not print")
        else:
            for style, font in found.items():
                path, number = font or regular
                pdf.add_font(CJK_FAMILY, style, path, collection_font_number=number)
            pdf.set_fallback_fonts([CJK_FAMILY], exact_match=False)
    return FAMILY


def _texts(ops: Iterable[DrawOp]) -> Iterable[str]:
    for op in ops:
        if isinstance(op, Text):
            yield op.text
        elif isinstance(op, Sprite):
            yield from _texts(op.ops)


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
    use_fonts(pdf, cjk=needs_cjk(*_texts(drawing.ops)))
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


def _runs(pdf: FPDF, text: str) -> list[tuple[str, str]]:
    """``text`` as (family, run) pieces: DejaVu where it has the glyph, else the Chinese
    fallback when the page has it (fpdf2's ``text`` itself uses no fallback)."""
    if CJK_FAMILY.lower() not in pdf.fonts:
        return [(FAMILY, text)]
    has = _ttf(pdf.fonts[FAMILY.lower()]).cmap
    runs: list[tuple[str, str]] = []
    for char in text:
        family = FAMILY if ord(char) in has or char.isspace() else CJK_FAMILY
        if runs and runs[-1][0] == family:
            runs[-1] = (family, runs[-1][1] + char)
        else:
            runs.append((family, char))
    return runs


def _ttf(font: object) -> TTFFont:
    """``font`` as the TrueType font every family `use_fonts` adds is (fpdf2 types a page's
    fonts as core or TrueType)."""
    if not isinstance(font, TTFFont):
        raise TypeError(f"expected a TrueType font from use_fonts, got {type(font).__name__}")
    return font


def _text(pdf: FPDF, op: Text, place: _Place) -> None:
    if not op.text:
        return
    size = op.size * place.s  # in document units
    style = "B" if op.bold else ""
    pdf.set_font(FAMILY, style, size * pdf.k)
    pdf.set_text_color(op.fill)
    desc = _ttf(pdf.current_font).desc
    ascent, descent = desc.ascent / 1000 * size, desc.descent / 1000 * size  # descent < 0
    # Canvas baselines (as render/pil.py draws them): top = the ascender line, bottom = the
    # descender line, middle = half-way between the two.
    rise = {"top": ascent, "middle": (ascent + descent) / 2, "bottom": descent}[op.baseline]
    runs = _runs(pdf, op.text)
    widths = []
    for family, run in runs:
        pdf.set_font(family, style, size * pdf.k)
        widths.append(pdf.get_string_width(run))
    width = sum(widths)
    shift = {"left": 0.0, "center": width / 2, "right": width}[op.align]
    x, y = place.at(op.x, op.y)
    x -= shift
    for (family, run), run_width in zip(runs, widths, strict=True):
        pdf.set_font(family, style, size * pdf.k)
        pdf.text(x, y + rise, run)
        x += run_width


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


_DRAWERS: dict[type[DrawOp], Callable[[FPDF, Any, _Place], None]] = {
    Rect: _rect,
    Polygon: _polygon,
    Line: _line,
    Circle: _circle,
    Text: _text,
}
"""How each kind of op is drawn: the op's own type picks its drawer."""


def to_pdf(drawing: Drawing, scale: float = 0.75) -> bytes:
    """The drawing alone on a page of its own size (``scale`` points per CSS pixel: 0.75 is the
    CSS inch), as PDF bytes: for tests and for a single figure."""
    pdf = FPDF(unit="pt", format=(drawing.width * scale, drawing.height * scale))
    pdf.set_margin(0)
    pdf.set_auto_page_break(False)
    pdf.add_page()
    draw(pdf, drawing, 0, 0, scale)
    return bytes(pdf.output())
