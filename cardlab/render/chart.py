"""Horizontal bar charts as drawing data: the odds plots, without a plotting library.

A chart is a `Drawing` (replayed as SVG in the page by `render/svg.py`, or as PNG by Pillow), so
it is tested like every other picture and costs no import at page load.  It keeps what a learner
needs: one row of bars per event, up to two series side by side (exact solid, simulated hatched,
so colour is never the only cue), 95% error bars, a legend, an axis with ticks, and a title that
wraps instead of being cut off.  Every colour comes from the `Theme`: text is ``label`` on
``background`` (WCAG AA in every theme), bars are the theme's ``series``.  Sizes are laid out from
`text_width`, an estimate that errs wide, so no text leaves the picture.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardlab.core.i18n import Message, joined, msg
from cardlab.render.ops import Drawing, DrawOp, Line, Rect, Text
from cardlab.render.svg import to_svg
from cardlab.render.theme import DEFAULT, Theme, get_theme, mix

# DejaVu Sans advance widths (hundredths of an em, rounded up) of ASCII 32..126, measured from the
# font the PNG backend uses; other characters count as a full em.  Verdana, the SVG's fallback,
# is about as wide; a narrower browser font only leaves more room.
_WIDTHS = (
    32, 41, 46, 84, 64, 96, 78, 28, 40, 40, 50, 84, 32, 37, 32, 34, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 64, 34, 34, 84, 84, 84, 54, 100, 69, 69, 70, 78, 64, 58, 78, 76, 30, 30,
    66, 56, 87, 75, 79, 61, 79, 70, 64, 62, 74, 69, 99, 69, 62, 69, 40, 34, 40, 84, 50, 50,
    62, 64, 55, 64, 62, 36, 64, 64, 28, 28, 58, 28, 98, 64, 62, 64, 64, 42, 53, 40, 64, 60,
    82, 60, 60, 53, 64, 34, 64, 84,
)  # fmt: skip
_ADVANCE = dict(zip(map(chr, range(32, 127)), _WIDTHS, strict=True))
_BOLD = 1.27  # DejaVu Sans Bold: 10% wider on average, up to 26% for narrow letters
_DECADES = 12  # a log axis spans at most this many powers of ten; smaller values sit at its start
_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """An estimate (erring wide) of the width of ``text`` at ``size`` px, in px."""
    ems = sum(_ADVANCE.get(ch, 100) for ch in text) / 100
    return ems * size * (_BOLD if bold else 1.0)


def wrap(text: str, max_width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` in lines no wider than ``max_width``; a word longer than that is broken."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= max_width:
            lines[-1] += f" {word}"
        else:
            lines.extend(_pieces(word, max_width, size, bold))
    return lines or [""]


def _pieces(word: str, max_width: float, size: float, bold: bool) -> list[str]:
    """``word`` cut into pieces that each fit ``max_width`` (at least one character each)."""
    pieces = [""]
    for char in word:
        if pieces[-1] and text_width(pieces[-1] + char, size, bold) > max_width:
            pieces.append("")
        pieces[-1] += char
    return pieces


@dataclass(frozen=True)
class Bar:
    """One bar: its value and the half-width of its 95% interval (0: no error bar)."""

    value: float
    error: float = 0.0


@dataclass(frozen=True)
class ChartRow:
    """One event: its label and one bar per series (None: that series has no value here)."""

    label: str
    bars: tuple[Bar | None, ...]


@dataclass(frozen=True)
class Chart:
    """A chart's drawing with its accessible name (``title``) and summary (``description``)."""

    drawing: Drawing
    title: str
    description: str

    def svg(self) -> str:
        """Inline SVG with ``role="img"``, ``<title>`` and ``<desc>``."""
        return to_svg(self.drawing, self.title, self.description)


@dataclass(frozen=True)
class _Axis:
    """Where values land between ``x0`` and ``x1``: linear from 0, or log from 10^lo to 10^hi."""

    x0: float
    x1: float
    top: float
    log: bool
    lo: int = 0

    def x(self, value: float) -> float:
        if self.log:
            if value <= 0:
                return self.x0
            t = (math.log10(value) - self.lo) / (math.log10(self.top) - self.lo)
        else:
            t = value / self.top
        return self.x0 + (self.x1 - self.x0) * min(1.0, max(0.0, t))


def _linear_ticks(top: float, limit: float | None) -> tuple[float, list[tuple[float, str]]]:
    """A round axis end >= ``top`` (at most ``limit``) and about five round ticks up to it."""
    if top <= 0:
        top = limit or 1.0
    top = max(top, 1e-6)  # round ticks need a few decimals, not hundreds
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = magnitude * next(m for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    end = math.ceil(top / step - 1e-9) * step
    if limit is not None:
        end = min(end, limit)
    decimals = max(0, -math.floor(math.log10(step) + 1e-9)) + (1 if step / magnitude == 2.5 else 0)
    count = math.floor(end / step + 1e-9)
    return end, [(i * step, f"{i * step:.{decimals}f}") for i in range(count + 1)]


def _log_ticks(low: float, high: float) -> tuple[int, int, list[tuple[float, str]]]:
    """Whole decades around [low, high], each labelled 10ⁿ."""
    hi = math.ceil(math.log10(high))
    lo = min(max(math.floor(math.log10(low)), hi - _DECADES), hi - 1)
    ticks = [(10.0**k, "1" if k == 0 else f"10{str(k).translate(_SUPERSCRIPT)}")
             for k in range(lo, hi + 1)]  # fmt: skip
    return lo, hi, ticks


def _thin(
    ticks: list[tuple[float, str]], xs: list[float], size: float, from_end: bool
) -> list[tuple[float, str]]:
    """Every k-th tick, k as small as keeps the labels apart; the axis end (log) or 0 stays."""
    for k in range(1, len(ticks) + 1):
        kept = [i for i in range(len(ticks)) if ((len(ticks) - 1 - i) if from_end else i) % k == 0]
        gaps = [xs[b] - xs[a] for a, b in itertools.pairwise(kept)]
        widths = [text_width(ticks[i][1], size) for i in kept]
        need = [(wa + wb) / 2 + 6 for wa, wb in itertools.pairwise(widths)]
        if all(g >= n for g, n in zip(gaps, need, strict=True)):
            return [ticks[i] for i in kept]
    return ticks[-1:]


def _hatch(x: float, y: float, w: float, h: float, colour: str, lw: float) -> list[Line]:
    """Diagonal "/" lines filling the rectangle, clipped to it (no clip path in `DrawOp`s)."""
    lines = []
    spacing = 6.0
    k = x + y + spacing / 2
    while k < x + w + y + h:
        xa, xb = max(x, k - (y + h)), min(x + w, k - y)
        if xb > xa:
            lines.append(Line(((xa, k - xa), (xb, k - xb)), stroke=colour, line_width=lw))
        k += spacing
    return lines


def _error_bar(x0: float, x1: float, y: float, cap: float, theme: Theme) -> list[Line]:
    """A whisker with end caps, over a halo of the background so it shows on a bar and off it."""
    lw = 1.5 * theme.line_scale
    shape = [((x0, y), (x1, y)), ((x0, y - cap), (x0, y + cap)), ((x1, y - cap), (x1, y + cap))]
    halo = [Line(p, stroke=theme.background, line_width=lw + 2.5) for p in shape]
    return [*halo, *(Line(p, stroke=theme.label, line_width=lw) for p in shape)]


def _swatch(x: float, y: float, size: float, series: int, theme: Theme) -> list[DrawOp]:
    """A bar's look in small: filled, outlined, and hatched for the second series."""
    lw = theme.line_scale
    ops: list[DrawOp] = [Rect(x, y, size, size, fill=theme.series[series])]
    if series:
        ops += _hatch(x, y, size, size, theme.background, 1.5 * lw)
    return [*ops, Rect(x, y, size, size, stroke=theme.label, line_width=lw)]


def _describe(
    rows: Sequence[ChartRow], series: Sequence[str], axis: str, fmt: Callable[[float], str]
) -> str:
    """The chart in words, for the SVG's ``<desc>``: every row's values, in order."""
    parts = []
    for row in rows:
        values = []
        for name, bar in zip(series, row.bars, strict=False):
            if bar is not None:
                if bar.error:
                    values.append(
                        msg(
                            "{name} {value} ± {error}",
                            name=name,
                            value=fmt(bar.value),
                            error=fmt(bar.error),
                        )
                    )
                else:
                    values.append(msg("{name} {value}", name=name, value=fmt(bar.value)))
        said = joined(values) if values else msg("no value")
        parts.append(str(msg("{row}: {values}", row=row.label, values=said)))
    rows_said = str(msg("; ")).join(parts)
    return str(msg("Horizontal bars, {axis} per row. {rows}.", axis=axis, rows=rows_said))


def bar_chart(
    rows: Sequence[ChartRow],
    series: Sequence[str],
    *,
    title: str | Message,
    axis: str | Message | None = None,
    theme: Theme | str = DEFAULT,
    width: float = 560.0,
    limit: float | None = 1.0,
    log: bool = False,
    fmt: Callable[[float], str] = lambda v: f"{v:.4g}",
) -> Chart:
    """Horizontal bars, one row per event, one bar per series side by side, first row on top.

    ``series`` names the bar kinds (the legend shows them when there are two, and an error-bar
    key when any bar has one).  ``limit`` caps the linear axis (1 for probabilities, None for
    none); ``log`` puts the axis on whole decades (bars of 0 are then left out).  ``fmt`` writes
    values in the description.
    """
    if not 1 <= len(series) <= 2:
        raise ValueError(f"a bar chart has one or two series, got {len(series)}")
    axis = msg("probability") if axis is None else axis
    title, axis, series = str(title), str(axis), [str(name) for name in series]
    theme = get_theme(theme)
    ink, lw = theme.label, theme.line_scale
    size, pad = 13.0 * theme.font_scale, 12.0
    line_h = size * 1.3
    ops: list[DrawOp] = []
    y = pad

    title_size = size * 1.1
    for line in wrap(title, width - 2 * pad, title_size, bold=True):
        ops.append(Text(pad, y, line, title_size, ink, "left", "top", bold=True))
        y += title_size * 1.3

    has_error = any(b is not None and b.error > 0 for r in rows for b in r.bars)
    keys = [(name, i) for i, name in enumerate(series)] if len(series) > 1 else []
    if has_error:
        keys.append((str(msg("95% interval")), -1))
    x = pad
    if keys:
        y += 4
    for name, kind in keys:
        item_w = size * 1.6 + text_width(name, size)
        if x > pad and x + item_w > width - pad:
            x, y = pad, y + line_h
        if kind >= 0:
            ops += _swatch(x, y + 0.15 * size, size, kind, theme)
        else:
            ops += _error_bar(x + 1, x + size - 1, y + line_h / 2 - 0.15 * size, size * 0.35, theme)
        ops.append(Text(x + size * 1.4, y + line_h / 2 - 0.15 * size, name, size, ink, "left"))
        x += item_w + size * 1.2
    y += (line_h if keys else 0) + 8

    plotted = [(b.value, b.error) for r in rows for b in r.bars if b is not None]
    if log:
        positive = [v for v, _ in plotted if v > 0] or [1.0]
        plotted = [(v, e) for v, e in plotted if v > 0] or [(1.0, 0.0)]
        lo, hi, ticks = _log_ticks(min(positive), max(v + e for v, e in plotted))
        top = 10.0**hi
    else:
        lo = 0
        top, ticks = _linear_ticks(max((v + e for v, e in plotted), default=0.0) * 1.04, limit)

    label_col = min(
        max((text_width(r.label, size) for r in rows), default=0.0), 0.45 * (width - 2 * pad)
    )
    labels = [wrap(r.label, label_col, size) for r in rows]
    label_col = max((text_width(line, size) for ls in labels for line in ls), default=0.0)
    x0 = pad + max(label_col + 10, text_width(ticks[0][1], size) / 2)
    x1 = width - pad - text_width(ticks[-1][1], size) / 2
    scale = _Axis(x0, x1, top, log, lo)
    ticks = _thin(ticks, [scale.x(t) for t, _ in ticks], size, from_end=log)

    bar_h = 16.0 if len(series) == 1 else 12.0
    plot_top = y
    for row, lines in zip(rows, labels, strict=True):
        band = max(len(series) * bar_h, len(lines) * line_h) + 10
        mid = y + band / 2
        for i, line in enumerate(lines):
            ly = mid + (i - (len(lines) - 1) / 2) * line_h
            ops.append(Text(x0 - 8, ly, line, size, ink, "right"))
        by = mid - len(series) * bar_h / 2
        for i, bar in enumerate(row.bars[: len(series)]):
            top_y = by + i * bar_h
            if bar is None or (log and bar.value <= 0):
                continue
            end = scale.x(bar.value)
            if end > x0:
                ops.append(Rect(x0, top_y, end - x0, bar_h, fill=theme.series[i]))
                if i:
                    ops += _hatch(x0, top_y, end - x0, bar_h, theme.background, 1.5 * lw)
                ops.append(Rect(x0, top_y, end - x0, bar_h, stroke=ink, line_width=lw))
            if bar.error > 0:
                low = scale.x(bar.value - bar.error)
                high = scale.x(bar.value + bar.error)
                ops += _error_bar(low, high, top_y + bar_h / 2, bar_h * 0.35, theme)
        y += band

    grid = mix(ink, theme.background, 0.8)
    under: list[DrawOp] = [Line(((scale.x(t), plot_top), (scale.x(t), y)), stroke=grid)
                           for t, _ in ticks]  # fmt: skip
    axis_ops: list[DrawOp] = [Line(((x0, plot_top), (x0, y), (x1, y)), stroke=ink, line_width=lw)]
    for t, text in ticks:
        tx = scale.x(t)
        axis_ops.append(Line(((tx, y), (tx, y + 5)), stroke=ink, line_width=lw))
        axis_ops.append(Text(tx, y + 7, text, size, ink, "center", "top"))
    y += 7 + line_h
    axis_title = str(msg("{axis} (log scale)", axis=axis)) if log else str(axis)
    half = text_width(axis_title, size) / 2
    middle = min(max((x0 + x1) / 2, pad + half), width - pad - half)
    axis_ops.append(Text(middle, y + 2, axis_title, size, ink, "center", "top"))
    y += line_h + pad

    drawing = Drawing(width, y, (*under, *ops, *axis_ops), background=theme.background)
    title = title or str(msg("Bar chart of {axis}", axis=axis))
    return Chart(drawing, title, _describe(rows, series, axis, fmt))
