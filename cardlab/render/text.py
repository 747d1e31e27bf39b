"""Labels measured in the font the backends draw with, so a picture can place them apart.

A picture's words change length with the language ("Stock (45)" is "Traukimo krūva (45)" in
Lithuanian), so a label is never placed by counting letters: `text_width` measures it in DejaVu
Sans (or Noto Sans CJK for Chinese), the fonts the PNG backend draws with and the browser's canvas
is asked for first (`cardlab.render.fonts`).  `fitted` turns a label and the room it has into
`Text` ops: the full size if it fits, else a smaller size (down to ``min_scale``), else wrapped onto
more lines at spaces (between any two CJK characters), and as a last resort the last line cut
with "…".  `text_box` and `collisions` are what tests check every picture with: no two labels'
boxes overlap and none crosses the canvas's edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import Literal

from cardlab.render.ops import Drawing, Text

Box = tuple[float, float, float, float]
"""(x, y, w, h) in CSS px."""
ELLIPSIS = "\u2026"
LINE_HEIGHT = 1.15
"""Baseline to baseline of a wrapped label, in font sizes: lines whose em boxes never meet."""


@lru_cache(maxsize=8192)
def text_width(text: str, size: float, bold: bool = False) -> float:
    """The advance width of ``text`` at ``size`` CSS px, as the backends draw it; an em per
    character (wider than any glyph the fonts draw) for a text the font's layout refuses (a
    control character)."""
    from cardlab.render.pil import text_length  # Pillow only once something is measured

    if not text or size <= 0:
        return 0.0
    try:
        return text_length(text, size, bold)
    except (RuntimeError, OSError, ValueError):
        return len(text) * size


def text_box(text: Text) -> Box:
    """The box ``text`` covers, from its anchor: its advance width by its em height."""
    w = text_width(text.text, text.size, text.bold)
    h = text.size
    x = {"left": text.x, "center": text.x - w / 2, "right": text.x - w}[text.align]
    y = {"top": text.y, "middle": text.y - h / 2, "bottom": text.y - h}[text.baseline]
    return x, y, w, h


def _pieces(text: str) -> list[str]:
    """Where a line may break: after each space, and between CJK characters."""
    from cardlab.render.fonts import needs_cjk

    out: list[str] = []
    word = ""
    for ch in text:
        if needs_cjk(ch) and word and not word.endswith(" "):
            out.append(word)
            word = ""
        word += ch
        if ch == " " or needs_cjk(ch):
            out.append(word)
            word = ""
    if word:
        out.append(word)
    return _no_leading_stops(out)


NO_LINE_START = frozenset("。，、；：？！）」』】》〉〕］｝”’…‥·％,.;:!?)]}%")
"""Closing punctuation, which never starts a line (Chinese line breaking, GB/T 15834, W3C
clreq): it stays with the character before it.  The canvases and the handouts both keep it."""
NO_LINE_END = frozenset("（「『【《〈〔［｛“‘([{")
"""Opening punctuation, which never ends a line: it goes down with the character after it."""


def _no_leading_stops(pieces: list[str]) -> list[str]:
    """A closing mark never starts a line: it joins the piece before it."""
    out: list[str] = []
    for piece in pieces:
        if out and piece and piece[0] in NO_LINE_START:
            out[-1] += piece
        else:
            out.append(piece)
    return out


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` broken into lines no wider than ``width`` where it can break (a single piece
    wider than that stays whole on its line)."""
    lines: list[str] = []
    line = ""
    for piece in _pieces(text):
        if line and text_width((line + piece).rstrip(), size, bold) > width:
            lines.append(line.rstrip())
            line = piece.lstrip()
        else:
            line += piece
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def cut(text: str, size: float, width: float, bold: bool = False) -> str:
    """``text`` shortened with "…" to fit ``width`` (just "…" if nothing else fits)."""
    if text_width(text, size, bold) <= width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:  # the longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


def fit_lines(
    text: str,
    width: float,
    size: float,
    *,
    bold: bool = False,
    lines: int = 1,
    min_scale: float = 0.75,
) -> tuple[list[str], float]:
    """The lines and the font size ``text`` takes in ``width``: the full size on one line if it
    fits, else shrunk (not below ``min_scale`` of it), else wrapped onto up to ``lines`` lines,
    and only then cut with "…"."""
    width = max(width, 1.0)
    full = text_width(text, size, bold)
    if full <= width:
        return [text], size
    smaller = max(size * min_scale, size * width / full)
    if text_width(text, smaller, bold) <= width:
        return [text], smaller
    for step in (size, smaller):
        wrapped = wrap(text, step, width, bold)
        if len(wrapped) <= lines and all(text_width(w, step, bold) <= width for w in wrapped):
            return wrapped, step
    size = smaller
    wrapped = wrap(text, size, width, bold)
    kept = wrapped[:lines]
    if len(wrapped) > lines:
        kept[-1] = kept[-1] + " " + " ".join(wrapped[lines:])
    return [cut(line, size, width, bold) for line in kept], size


def fitted(
    x: float,
    y: float,
    text: str,
    width: float,
    size: float,
    fill: str,
    align: Literal["left", "center", "right"] = "center",
    baseline: Literal["top", "middle", "bottom"] = "middle",
    *,
    bold: bool = False,
    lines: int = 1,
    min_scale: float = 0.75,
) -> list[Text]:
    """`Text` ops for ``text`` in ``width`` px at (x, y) as a `Text` would be anchored: shrunk,
    wrapped or cut by `fit_lines`.  Wrapped lines grow away from the baseline: down from "top",
    up from "bottom", both ways from "middle"."""
    rows, used = fit_lines(text, width, size, bold=bold, lines=lines, min_scale=min_scale)
    return stacked(x, y, rows, used, fill, align, baseline, bold)


def stacked(
    x: float,
    y: float,
    rows: Sequence[str],
    size: float,
    fill: str,
    align: Literal["left", "center", "right"] = "center",
    baseline: Literal["top", "middle", "bottom"] = "middle",
    bold: bool = False,
) -> list[Text]:
    """``rows`` as `Text` ops one under another, anchored at (x, y) as one `Text` would be: the
    lines grow down from "top", up from "bottom", both ways from "middle"."""
    step = size * LINE_HEIGHT
    extra = step * (len(rows) - 1)
    first = {"top": y, "middle": y - extra / 2, "bottom": y - extra}
    return [
        Text(x, first[baseline] + k * step, row, size, fill, align, baseline, bold)
        for k, row in enumerate(rows)
    ]


def height_of(rows: int, size: float) -> float:
    """How tall ``rows`` lines of `fitted` text at ``size`` are."""
    return size + (rows - 1) * size * LINE_HEIGHT if rows else 0.0


# -- checks ---------------------------------------------------------------------------------------
def labels(drawing: Drawing) -> Iterator[tuple[Text, Box]]:
    """Every non-empty label drawn on the picture itself (not inside a card face) with its box."""
    for op in drawing.ops:
        if isinstance(op, Text) and op.text.strip():
            yield op, text_box(op)


def _meet(a: Box, b: Box, slack: float) -> bool:
    return (
        a[0] + slack < b[0] + b[2]
        and b[0] + slack < a[0] + a[2]
        and a[1] + slack < b[1] + b[3]
        and b[1] + slack < a[1] + a[3]
    )


def collisions(drawing: Drawing, slack: float = 0.5) -> list[str]:
    """What is wrong with the picture's labels, in words: a label past the canvas's edge, or
    two labels whose boxes overlap (by more than ``slack`` px each way)."""
    found: list[str] = []
    boxed: Sequence[tuple[Text, Box]] = list(labels(drawing))
    for op, (x, y, w, h) in boxed:
        if x < -slack or y < -slack or x + w > drawing.width + slack:
            found.append(f"{op.text!r} at {x:.0f},{y:.0f} ({w:.0f} wide) leaves the canvas")
        elif y + h > drawing.height + slack:
            found.append(f"{op.text!r} at {x:.0f},{y:.0f} leaves the canvas's bottom")
    for i, (a, box_a) in enumerate(boxed):
        for b, box_b in boxed[i + 1 :]:
            if _meet(box_a, box_b, slack):
                found.append(f"{a.text!r} overlaps {b.text!r}")
    return found
