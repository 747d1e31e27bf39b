"""A table picture for a phone held upright: the table's parts one under the other.

A landscape table (880-900 px wide) shrinks to about 360 px on a 390 px phone, and its 12-13 px
labels to 5 px.  On a phone a game draws its table in parts instead (each seat with its cards and
words, the middle of the table) and `stack` puts them one under another on a felt `WIDTH` wide:
the page shows it at its own size there, so a label drawn ``LABEL_MIN`` px is that many CSS px.
Each part is drawn where the game likes (it may reuse its landscape code) and moved here whole, so
its hit targets move with its cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from cardlab.render.layout import bounds, felt
from cardlab.render.ops import Align, Baseline, Drawing, DrawOp, Line, Polygon, Text
from cardlab.render.text import ELLIPSIS, fit_lines, fitted, stacked, text_box, text_width
from cardlab.render.theme import Theme

WIDTH = 360.0
"""A portrait table's width: the lesson's column on a 390 px phone (the page's margins aside)."""
LABEL_MIN = 12.0
"""The smallest label a portrait table draws, in px (CSS px on the phone)."""
MARGIN = 4.0
"""The felt's margin inside the picture."""
ROOM = WIDTH - 2 * (MARGIN + 10.0)
"""The width a part may take: the felt less its edge and a little air on each side."""
GAP = 14.0
"""Between two parts."""


def shifted(op: DrawOp, dx: float, dy: float) -> DrawOp:
    """``op`` moved by (dx, dy) (a sprite's own ops stay in its box)."""
    if isinstance(op, Polygon | Line):
        return dataclasses.replace(op, points=tuple((x + dx, y + dy) for x, y in op.points))
    return dataclasses.replace(op, x=op.x + dx, y=op.y + dy)


def extent(ops: Sequence[DrawOp]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) enclosing ``ops``, their labels measured in the drawing font."""
    shapes = [op for op in ops if not isinstance(op, Text)]
    x0, y0, x1, y1 = bounds(shapes) if shapes else (float("inf"),) * 2 + (float("-inf"),) * 2
    for op in ops:
        if isinstance(op, Text) and op.text.strip():
            x, y, w, h = text_box(op)
            x0, y0, x1, y1 = min(x0, x), min(y0, y), max(x1, x + w), max(y1, y + h)
    if x0 > x1:
        return (0.0, 0.0, 0.0, 0.0)
    return x0, y0, x1, y1


def stack(parts: Sequence[Sequence[DrawOp]], theme: Theme, *, gap: float = GAP) -> Drawing:
    """``parts`` top to bottom, each centred on a felt `WIDTH` wide (empty parts left out)."""
    top = MARGIN + 12.0
    y = top
    ops: list[DrawOp] = []
    for part in parts:
        x0, y0, x1, y1 = extent(part)
        if x1 <= x0:
            continue
        dx, dy = (WIDTH - (x1 - x0)) / 2 - x0, y - y0
        ops += [shifted(op, dx, dy) for op in part]
        y += y1 - y0 + gap
    height = max(y - gap + top, 2 * top)
    table = felt(WIDTH, height, theme, MARGIN, 28.0)
    return Drawing(WIDTH, height, (table, *ops), background=theme.background)


PHONE_LINES = 8
"""The most lines a label takes on a phone before it is cut (a settlement's long arithmetic
takes three)."""


def phone_fit(text: str, room: float, size: float, bold: bool = False) -> tuple[list[str], float]:
    """The lines and size of ``text`` in ``room`` on a phone: at ``size`` (at least `LABEL_MIN`)
    on one line if it fits, else smaller but never under `LABEL_MIN`, else wrapped at spaces:
    shrunk further, a label could no longer be read, and cut, it would say less than the
    landscape table says."""
    size = max(size, LABEL_MIN)
    return fit_lines(text, room, size, bold=bold, lines=PHONE_LINES, min_scale=LABEL_MIN / size)


def phone_size(text: str, size: float, room: float, bold: bool = False) -> float:
    """The largest size from ``size`` (at least `LABEL_MIN`) down to `LABEL_MIN` at which ``text``
    fits ``room`` on one line; `LABEL_MIN` if none does (a name plate that must stay one line)."""
    size = max(size, LABEL_MIN)
    wide = text_width(text, size, bold)
    while wide > room and size > LABEL_MIN:  # the font's widths are not quite proportional
        size = max(LABEL_MIN, min(size * room / wide, size - 0.25))
        wide = text_width(text, size, bold)
    return size


def table_label(
    x: float,
    y: float,
    text: str,
    room: float,
    size: float,
    fill: str,
    align: Align = "center",
    baseline: Baseline = "middle",
    *,
    bold: bool = False,
    lines: int = 1,
    min_scale: float = 0.75,
    phone: float | None = None,
    phone_px: float | None = None,
) -> list[Text]:
    """``text`` as the landscape table words it in ``room`` (`fitted`); given ``phone``, the
    room it has on a phone's table, those words there instead (`phone_lines`, from ``phone_px``
    or ``size``): a part's labels are placed by the same code in both layouts."""
    said = fitted(x, y, text, room, size, fill, align, baseline, bold=bold, lines=lines,
                  min_scale=min_scale)  # fmt: skip
    if phone is None:
        return said
    rows = [op.text for op in said]
    used = size if phone_px is None else phone_px
    return phone_lines(x, y, rows, text, phone, used, fill, align, baseline, bold)


def phone_lines(
    x: float,
    y: float,
    rows: Sequence[str],
    text: str,
    room: float,
    size: float,
    fill: str,
    align: Align = "center",
    baseline: Baseline = "middle",
    bold: bool = False,
) -> list[Text]:
    """``text`` on a phone in ``room``, anchored at (x, y) as `fitted` anchors its lines: in the
    ``rows`` the landscape table breaks it into, at one size from ``size`` down to `LABEL_MIN`,
    if they all fit so and none is cut; else the whole of ``text`` by `phone_fit`."""
    used = min((phone_size(row, size, room, bold) for row in rows), default=LABEL_MIN)
    if not rows or any(
        row.endswith(ELLIPSIS) or text_width(row, used, bold) > room for row in rows
    ):
        rows, used = phone_fit(text, room, size, bold)
    return stacked(x, y, rows, used, fill, align, baseline, bold)
