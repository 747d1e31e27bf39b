"""Card faces and backs for every deck, as `Sprite`s of plain draw ops.

A face is drawn once per (deck, card, size, theme) and cached: the sprite key says exactly that, so
backends can cache the rendered bitmap too and a table redraw only blits.  Every face is built from
a few shared pieces (card base, corner index, pip layouts, joker, hexagon) so that the decks look
like one family and no deck has its own copy of the corner logic.

Coordinates inside a sprite run from (0, 0) to (w, h); layouts move a sprite with
`dataclasses.replace(sprite, x=..., y=..., angle=...)`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import lru_cache

from cardlab.core.cards import DECKS, Card, get_deck
from cardlab.render.ops import Circle, DrawOp, Line, Point, Polygon, Rect, Sprite, Text
from cardlab.render.theme import (
    DEFAULT,
    TRIAD_FRAME_LINES,
    Theme,
    get_theme,
    mix,
    suit_glyph,
    suit_letter,
    suit_word,
)

SQRT3 = math.sqrt(3.0)

#: Width / height of a card of each deck (pyramid: a pointy-top regular hexagon).
CARD_ASPECT: dict[str, float] = {
    "standard52": 5 / 7,
    "standard54": 5 / 7,
    "ranks54": 5 / 7,
    "triad": 5 / 7,
    "triangle": 5 / 7,
    "blocks": 0.84,
    "pyramid": SQRT3 / 2,
}


def card_size(deck_name: str, width: float) -> tuple[float, float]:
    """The (w, h) of a card of ``deck_name`` that is ``width`` wide, in its deck's proportions."""
    get_deck(deck_name)
    return float(width), round(width / CARD_ASPECT[deck_name], 1)


def rank_label(rank: str) -> str:
    """The rank as printed on a card: ``T`` is written ``10``."""
    return "10" if rank == "T" else rank


def face(card: Card, w: float, h: float, theme: Theme | str = DEFAULT) -> Sprite:
    """The face of ``card`` in a ``w`` x ``h`` box, as a sprite at (0, 0)."""
    return _face(card, float(w), float(h), get_theme(theme))


def back(deck_name: str, w: float, h: float, theme: Theme | str = DEFAULT) -> Sprite:
    """The back of a card of ``deck_name`` (what a hidden card looks like)."""
    get_deck(deck_name)
    return _back(deck_name, float(w), float(h), get_theme(theme))


# 1,024 faces of about 3 KB (the ops): 3 MiB when full.  A page shows one deck's 55 cards at two or
# three sizes in three themes; even the decks gallery shown in every deck and theme needs fewer.
@lru_cache(maxsize=1024)
def _face(card: Card, w: float, h: float, theme: Theme) -> Sprite:
    deck = get_deck(card.deck)
    deck._check_card(card)
    if card.deck == "pyramid":
        ops = _pyramid_face(card, w, h, theme)
    elif card.deck == "blocks":
        ops = _block_face(card, w, h, theme)
    elif card.is_extra:
        ops = _joker_face(card, w, h, theme)
    elif card.deck == "triad":
        ops = _triad_face(card, w, h, theme)
    elif card.deck == "triangle":
        ops = _indexed_face(card, w, h, theme, _dice_pips)
    elif card.deck == "ranks54":
        ops = _indexed_face(card, w, h, theme, _rank_centre)
    else:
        ops = _indexed_face(card, w, h, theme, _standard_centre)
    key = f"face:{card.deck}:{card.code}:{w:g}x{h:g}:{theme.name}"
    return Sprite(key, 0.0, 0.0, w, h, tuple(ops))


# A back per deck, size and theme, a few dozen in a lesson; about 40 KB each (the pattern's ops),
# so 64 of them are 2.5 MiB.
@lru_cache(maxsize=64)
def _back(deck_name: str, w: float, h: float, theme: Theme) -> Sprite:
    if deck_name == "pyramid":
        ops = _pyramid_back(w, h, theme)
    elif deck_name == "blocks":
        ops = _block_back(w, h, theme)
    else:
        ops = _card_back(deck_name, w, h, theme)
    return Sprite(f"back:{deck_name}:{w:g}x{h:g}:{theme.name}", 0.0, 0.0, w, h, tuple(ops))


# -- shared pieces --------------------------------------------------------------------------------
def _lw(w: float, theme: Theme, k: float = 1.0) -> float:
    """A line width proportional to the card (cards are drawn from 40 to 200 px wide)."""
    return round(max(1.0, w / 90.0) * k * theme.line_scale, 2)


def _fs(size: float, theme: Theme) -> float:
    return round(size * theme.font_scale, 2)


def _ink(card: Card, theme: Theme) -> str:
    if card.is_extra:
        return (
            theme.suit_colour(card.deck, "K")
            if card.deck == "pyramid"
            else theme.joker_colour(card.rank)
        )
    return theme.suit_colour(card.deck, card.suit) if card.suit else theme.text


def _base(w: float, h: float, theme: Theme, fill: str | None = None) -> Rect:
    """The rounded card blank every rectangular card starts from."""
    lw = _lw(w, theme)
    return Rect(
        lw / 2,
        lw / 2,
        w - lw,
        h - lw,
        fill=fill or theme.card_face,
        stroke=theme.card_edge,
        line_width=lw,
        radius=0.07 * w,
    )


def _corner_stack(
    items: Sequence[tuple[str, float, str, bool]],
    x: float,
    y: float,
    w: float,
    h: float,
    mirror: bool = True,
) -> list[DrawOp]:
    """A corner index: ``items`` (text, size, colour, bold) stacked down from (x, y) top left,
    and again in the opposite corner, upright so it reads without turning the card: mirrored (last
    item nearest the corner) like a real card, or in reading order (``mirror=False``, for words)."""
    ops: list[DrawOp] = []
    top = y
    for text, size, colour, bold in items:
        ops.append(Text(x, top, text, size, colour, "center", "top", bold))
        top += size * 0.98
    bottom = h - y
    for text, size, colour, bold in items if mirror else reversed(items):
        ops.append(Text(w - x, bottom, text, size, colour, "center", "bottom", bold))
        bottom -= size * 0.98
    return ops


def _index_items(card: Card, w: float, theme: Theme) -> list[tuple[str, float, str, bool]]:
    """Rank over suit glyph over suit letter: the same corner on every rectangular deck."""
    ink = _ink(card, theme)
    label = rank_label(card.rank)
    items = [(label, _fs(0.19 * w * _narrow(label), theme), ink, True)]
    if card.suit:
        items.append((suit_glyph(card.deck, card.suit), _fs(0.17 * w, theme), ink, False))
        letter = suit_letter(card.deck, card.suit)
        if letter != items[-1][0]:
            items.append((letter, _fs(0.09 * w, theme), ink, True))
    return items


def _narrow(label: str) -> float:
    """Shrink factor for two-character ranks ("10"), so they fit the same corner as "A"."""
    return 0.7 if len(label) > 1 else 1.0


Centre = Callable[[Card, float, float, Theme], list[DrawOp]]
"""Draws a face's centre (pips, a big rank, dice): the part that differs by deck."""


def _indexed_face(card: Card, w: float, h: float, theme: Theme, centre: Centre) -> list[DrawOp]:
    """A rectangular face: blank, corner indices, and a deck-specific centre."""
    ops: list[DrawOp] = [_base(w, h, theme)]
    ops += _corner_stack(_index_items(card, w, theme), 0.125 * w, 0.045 * h, w, h)
    ops += centre(card, w, h, theme)
    return ops


# Standard pip positions in a unit box (x across three columns, y down the card).
_PIPS: dict[int, tuple[Point, ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3),
        (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1), (1, 1),
    ),
}  # fmt: skip


def _pip_ops(
    glyph: str,
    ink: str,
    positions: Sequence[Point],
    box: tuple[float, float, float, float],
    size: float,
) -> list[DrawOp]:
    x, y, bw, bh = box
    return [Text(x + u * bw, y + v * bh, glyph, size, ink) for u, v in positions]


def _standard_centre(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Real-card centres: pips for 2-10, one big pip for the ace, a framed letter for courts."""
    ink = _ink(card, theme)
    glyph = suit_glyph(card.deck, card.suit)
    if card.rank == "A":
        return [Text(w / 2, h / 2, glyph, _fs(0.5 * w, theme), ink)]
    if card.rank in "JQK":
        return _court(card, w, h, theme, ink, glyph)
    n = int(rank_label(card.rank))
    box = (0.35 * w, 0.21 * h, 0.3 * w, 0.58 * h)
    return _pip_ops(glyph, ink, _PIPS[n], box, _fs(0.19 * w, theme))


def _court(card: Card, w: float, h: float, theme: Theme, ink: str, glyph: str) -> list[DrawOp]:
    fx, fy, fw, fh = 0.24 * w, 0.13 * h, 0.52 * w, 0.74 * h
    return [
        Rect(
            fx,
            fy,
            fw,
            fh,
            fill=mix(theme.card_face, ink, 0.08),
            stroke=ink,
            line_width=_lw(w, theme),
            radius=0.04 * w,
        ),
        Text(w / 2, fy + 0.16 * fh, glyph, _fs(0.2 * w, theme), ink),
        Text(w / 2, h / 2, rank_label(card.rank), _fs(0.36 * w, theme), ink, bold=True),
        Text(w / 2, fy + 0.84 * fh, glyph, _fs(0.2 * w, theme), ink),
    ]


# Dice positions in [-1, 1]^2.
_DICE: dict[int, tuple[Point, ...]] = {
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def _dice_pips(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Triangle's A-6: pips arranged like the face of a die, so the value is counted at a glance."""
    ink = _ink(card, theme)
    glyph = suit_glyph(card.deck, card.suit)
    side = 0.56 * w
    x0, y0 = (w - side) / 2, (h - side) / 2
    ops: list[DrawOp] = [
        Rect(
            x0,
            y0,
            side,
            side,
            fill=mix(theme.card_face, ink, 0.07),
            stroke=mix(theme.card_face, ink, 0.5),
            line_width=_lw(w, theme),
            radius=0.16 * side,
        )
    ]
    if card.rank == "A":
        return [*ops, Text(w / 2, h / 2, glyph, _fs(0.42 * w, theme), ink)]
    d = 0.29 * side
    return ops + [
        Text(w / 2 + u * d, h / 2 + v * d, glyph, _fs(0.17 * w, theme), ink)
        for u, v in _DICE[int(card.rank)]
    ]


def _rank_centre(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Dou Dizhu rank patterns: suits never matter, so the centre is just the rank, large."""
    ink = theme.text
    return [
        Circle(
            w / 2,
            h / 2,
            0.3 * w,
            fill=mix(theme.card_face, ink, 0.06),
            stroke=mix(theme.card_face, ink, 0.45),
            line_width=_lw(w, theme),
        ),
        Text(w / 2, h / 2, rank_label(card.rank), _fs(0.34 * w, theme), ink, bold=True),
    ]


def _jester(cx: float, cy: float, s: float, ink: str, light: str, lw: float) -> list[DrawOp]:
    """A three-pointed jester's cap with bells, ``s`` wide, centred on (cx, cy)."""
    base_y = cy + 0.28 * s
    pts = (
        (cx - 0.42 * s, base_y),
        (cx - 0.5 * s, cy - 0.3 * s),
        (cx - 0.2 * s, cy - 0.02 * s),
        (cx, cy - 0.45 * s),
        (cx + 0.2 * s, cy - 0.02 * s),
        (cx + 0.5 * s, cy - 0.3 * s),
        (cx + 0.42 * s, base_y),
    )
    ops: list[DrawOp] = [Polygon(pts, fill=ink, stroke=ink, line_width=lw)]
    ops.append(
        Rect(
            cx - 0.46 * s,
            base_y - 0.02 * s,
            0.92 * s,
            0.14 * s,
            fill=light,
            stroke=ink,
            line_width=lw,
            radius=0.04 * s,
        )
    )
    for bx, by in (pts[1], pts[3], pts[5]):
        ops.append(Circle(bx, by, 0.07 * s, fill=light, stroke=ink, line_width=lw))
    return ops


def _joker_face(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Jokers: JOKER spelt down the corners, a jester's cap, and the word BLACK/RED (not colour
    alone) under it."""
    ink = _ink(card, theme)
    size = _fs(0.12 * w, theme)
    ops: list[DrawOp] = [_base(w, h, theme)]
    items = [(ch, size, ink, True) for ch in "JOKER"]
    ops += _corner_stack(items, 0.1 * w, 0.05 * h, w, h, mirror=False)
    light = theme.highlight if card.rank == "RJ" else theme.card_face
    ops += _jester(w / 2, 0.42 * h, 0.5 * w, ink, light, _lw(w, theme))
    ops.append(Text(w / 2, 0.62 * h, "JOKER", _fs(0.14 * w, theme), ink, bold=True))
    word = "RED" if card.rank == "RJ" else "BLACK"
    ops.append(Text(w / 2, 0.71 * h, word, _fs(0.095 * w, theme), ink, bold=True))
    return ops


# -- Triad ----------------------------------------------------------------------------------------
def triad_frame_insets(w: float) -> list[float]:
    """Insets of Triad's four possible frame lines (a suit with n lines draws the first n)."""
    step = max(3.0, 0.04 * w)
    return [0.045 * w + k * step for k in range(4)]


def _triad_face(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Triad: the suit's colour in a tinted panel, and 4/3/2/1 frame lines (colour-blind mark)."""
    ink = _ink(card, theme)
    lw = max(1.0, 0.016 * w) * theme.line_scale
    insets = triad_frame_insets(w)
    ops: list[DrawOp] = [_base(w, h, theme)]
    for inset in insets[: TRIAD_FRAME_LINES[card.suit]]:
        ops.append(
            Rect(
                inset,
                inset,
                w - 2 * inset,
                h - 2 * inset,
                stroke=ink,
                line_width=lw,
                radius=max(0.0, 0.07 * w - inset * 0.5),
            )
        )
    panel = insets[-1] + max(3.0, 0.04 * w)
    ops.append(
        Rect(
            panel,
            panel,
            w - 2 * panel,
            h - 2 * panel,
            fill=mix(theme.card_face, ink, 0.12),
            radius=0.03 * w,
        )
    )
    label = rank_label(card.rank)
    items = [
        (label, _fs(0.15 * w * _narrow(label), theme), ink, True),
        (suit_letter(card.deck, card.suit), _fs(0.11 * w, theme), ink, True),
    ]
    ops += _corner_stack(items, panel + 0.08 * w, panel + 0.02 * w, w, h)
    ops += _triad_emblem(w / 2, 0.35 * h, 0.16 * w, ink)
    ops.append(Text(w / 2, 0.525 * h, label, _fs(0.25 * w * _narrow(label), theme), ink, bold=True))
    ops.append(
        Text(
            w / 2, 0.625 * h, suit_word(card.deck, card.suit), _fs(0.075 * w, theme), ink, bold=True
        )
    )
    return ops


def _triad_emblem(cx: float, cy: float, s: float, ink: str) -> list[DrawOp]:
    """Three linked dots: the "triad" mark shared by faces and backs."""
    r = 0.2 * s
    pts = [(cx + 0.5 * s * math.sin(a), cy - 0.5 * s * math.cos(a)) for a in (0, 2.094, 4.189)]
    return [
        Polygon(tuple(pts), stroke=ink, line_width=max(1.0, 0.06 * s)),
        *(Circle(x, y, r, fill=ink) for x, y in pts),
    ]


# -- Pyramid (hexagonal) --------------------------------------------------------------------------
def hexagon(cx: float, cy: float, r: float) -> tuple[Point, ...]:
    """A pointy-top regular hexagon of circumradius ``r``."""
    return tuple(
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    )


def triangle(cx: float, cy: float, side: float) -> tuple[Point, ...]:
    """An upward equilateral triangle with its centroid at (cx, cy)."""
    hgt = side * SQRT3 / 2
    return ((cx, cy - 2 * hgt / 3), (cx + side / 2, cy + hgt / 3), (cx - side / 2, cy + hgt / 3))


def _hex_geometry(w: float, h: float) -> tuple[float, float, float]:
    return w / 2, h / 2, min(w / SQRT3, h / 2) * 0.985


def _level_index(level: int, cx: float, cy: float, t: float, ink: str) -> list[DrawOp]:
    """Pyramid's corner index: 3 small triangles (level 3), 2 (level 2), 1 twice as big (1)."""
    if level == 3:
        centres = [
            (cx, cy - t * 0.45),
            (cx - t * 0.55, cy + t * 0.45),
            (cx + t * 0.55, cy + t * 0.45),
        ]
        return [Polygon(triangle(x, y, t), fill=ink) for x, y in centres]
    if level == 2:
        return [Polygon(triangle(cx + dx * t * 0.55, cy, t), fill=ink) for dx in (-1, 1)]
    return [Polygon(triangle(cx, cy, 2 * t), fill=ink)]


def _pyramid_face(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """A hexagonal card; nothing is drawn outside the hexagon, so it sits on any table colour."""
    cx, cy, r = _hex_geometry(w, h)
    ink = _ink(card, theme)
    keystone = card.is_extra
    level = 1 if keystone else int(card.rank)
    lw = _lw(w, theme)
    ops: list[DrawOp] = [
        Polygon(
            hexagon(cx, cy, r - lw / 2), fill=theme.card_face, stroke=theme.card_edge, line_width=lw
        ),
        Polygon(
            hexagon(cx, cy, r * 0.93), stroke=mix(theme.card_face, ink, 0.35), line_width=lw * 0.8
        ),
    ]
    big = triangle(cx, cy + 0.04 * r, 0.8 * r)
    if level == 2:
        ops.append(Polygon(big, stroke=ink, line_width=max(1.5, 0.045 * r) * theme.line_scale))
    elif level == 1:
        ops.append(Polygon(big, fill=ink, stroke=ink, line_width=lw))
    if keystone:  # the capstone: a cut across the apex, and the word WILD
        (ax, ay), (_, by) = big[0], big[1]
        cut_y = ay + (by - ay) * 0.3
        half = (cut_y - ay) / SQRT3
        ops.append(Line(((ax - half, cut_y), (ax + half, cut_y)), theme.card_face, lw * 1.5))
        ops.append(
            Text(cx, cy + 0.17 * r, "WILD", _fs(0.13 * r, theme), theme.card_face, bold=True)
        )
    t = 0.14 * r
    letter = "K" if keystone else suit_letter(card.deck, card.suit)
    size = _fs(0.2 * r, theme)
    for sign in (-1, 1):  # upper left and, point-mirrored, lower right
        ix = cx + sign * 0.6 * r
        ops += _level_index(level, ix, cy + sign * 0.3 * r, t, ink)
        ops.append(Text(ix, cy + sign * 0.04 * r, letter, size, ink, bold=True))
    return ops


# -- Pyramid Poker blocks -------------------------------------------------------------------------
def _wood(w: float, h: float, theme: Theme, panel_fill: str) -> tuple[list[DrawOp], float]:
    """A wooden block: wood-tone body with a little grain and an inset panel. Returns the ops and
    the panel inset."""
    lw = _lw(w, theme)
    grain = mix(theme.wood, theme.wood_edge, 0.35)
    ops: list[DrawOp] = [
        Rect(
            lw / 2,
            lw / 2,
            w - lw,
            h - lw,
            fill=theme.wood,
            stroke=theme.wood_edge,
            line_width=lw * 1.4,
            radius=0.1 * w,
        ),
    ]
    inset = 0.1 * w
    for k, frac in enumerate((0.3, 0.55, 0.8)):  # grain along the side bands
        y = frac * h
        bend = 0.015 * h * (1 if k % 2 else -1)
        ops.append(
            Line(((0.02 * w + lw, y), (inset * 0.5, y + bend), (inset - lw, y)), grain, lw * 0.6)
        )
        ops.append(
            Line(
                ((w - inset + lw, y - bend), (w - inset * 0.5, y), (w - 0.02 * w - lw, y + bend)),
                grain,
                lw * 0.6,
            )
        )
    ops.append(
        Rect(
            inset,
            inset,
            w - 2 * inset,
            h - 2 * inset,
            fill=panel_fill,
            stroke=mix(theme.wood, theme.wood_edge, 0.6),
            line_width=lw,
            radius=0.05 * w,
        )
    )
    return ops, inset


def _block_face(card: Card, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """A Pyramid Poker block: printed panel on wood; the jokers are pharaoh blocks."""
    ink = _ink(card, theme)
    ops, inset = _wood(w, h, theme, theme.card_face)
    if card.is_extra:
        return ops + _pharaoh(card, w, h, theme, inset)
    glyph = suit_glyph(card.deck, card.suit)
    ops.append(
        Text(
            inset + 0.12 * w,
            inset + 0.03 * h,
            suit_letter(card.deck, card.suit),
            _fs(0.12 * w, theme),
            ink,
            "center",
            "top",
            bold=True,
        )
    )
    ops.append(Text(w / 2, 0.43 * h, rank_label(card.rank), _fs(0.36 * w, theme), ink, bold=True))
    ops.append(Text(w / 2, 0.72 * h, glyph, _fs(0.3 * w, theme), ink))
    return ops


def _pharaoh(card: Card, w: float, h: float, theme: Theme, inset: float) -> list[DrawOp]:
    """A pharaoh's head (striped nemes headdress, face, beard) and the label PHARAOH."""
    ink = _ink(card, theme)
    lw = _lw(w, theme)
    cx, top, s = w / 2, inset + 0.13 * h, 0.52 * w
    stripe = theme.wood if card.rank == "BJ" else theme.highlight
    cloth = (
        (cx - 0.2 * s, top + 0.05 * s),
        (cx + 0.2 * s, top + 0.05 * s),
        (cx + 0.34 * s, top + 0.5 * s),
        (cx + 0.5 * s, top + 0.95 * s),
        (cx - 0.5 * s, top + 0.95 * s),
        (cx - 0.34 * s, top + 0.5 * s),
    )
    ops: list[DrawOp] = [
        Circle(cx, top + 0.2 * s, 0.24 * s, fill=ink),  # the rounded crown of the headdress
        Polygon(cloth, fill=ink, stroke=ink, line_width=lw),
    ]
    for k in range(1, 5):
        y = top + 0.05 * s + k * 0.18 * s
        half = 0.2 * s + (y - top) * 0.32
        ops.append(Line(((cx - half, y), (cx + half, y)), stripe, lw))
    skin = mix(theme.wood, "#ffffff", 0.35)
    ops.append(
        Rect(
            cx - 0.19 * s,
            top + 0.2 * s,
            0.38 * s,
            0.5 * s,
            fill=skin,
            stroke=ink,
            line_width=lw,
            radius=0.16 * s,
        )
    )
    for ex in (-1, 1):
        ops.append(Circle(cx + ex * 0.08 * s, top + 0.38 * s, 0.03 * s, fill=ink))
    ops.append(Rect(cx - 0.06 * s, top + 0.7 * s, 0.12 * s, 0.22 * s, fill=ink, radius=0.03 * s))
    ops.append(Text(cx, h - inset - 0.1 * h, "PHARAOH", _fs(0.12 * w, theme), ink, bold=True))
    word = "RED" if card.rank == "RJ" else "BLACK"
    ops.append(
        Text(
            inset + 0.04 * w,
            inset + 0.03 * h,
            word,
            _fs(0.08 * w, theme),
            ink,
            "left",
            "top",
            bold=True,
        )
    )
    return ops


# -- backs ----------------------------------------------------------------------------------------
def _tile(x: float, y: float, w: float, h: float, step: float) -> list[Point]:
    """Centres of a grid of ``step``-spaced cells that fits inside the box, centred in it."""
    nx, ny = max(1, int(w // step)), max(1, int(h // step))
    x0, y0 = x + (w - nx * step) / 2 + step / 2, y + (h - ny * step) / 2 + step / 2
    return [(x0 + i * step, y0 + j * step) for j in range(ny) for i in range(nx)]


def _card_back(deck_name: str, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Rectangular backs: a bordered panel with a small repeating motif that names the deck."""
    lw = _lw(w, theme)
    pat = theme.back_pattern
    # a white margin round the printed back, as on real cards (and visible on any table colour)
    ops: list[DrawOp] = [_base(w, h, theme)]
    b = 0.05 * w
    ops.append(Rect(b, b, w - 2 * b, h - 2 * b, fill=theme.back, radius=0.045 * w))
    m = 0.09 * w
    ops.append(Rect(m, m, w - 2 * m, h - 2 * m, stroke=pat, line_width=lw, radius=0.03 * w))
    step = 0.1 * w
    inner = (m + 0.03 * w, m + 0.03 * w, w - 2 * m - 0.06 * w, h - 2 * m - 0.06 * w)
    cells = _tile(*inner, step)
    q = step * 0.42
    if deck_name == "triangle":
        for i, (x, y) in enumerate(cells):
            tri = triangle(x, y + 0.1 * q, 1.6 * q)
            ops.append(
                Polygon(tri, fill=pat if i % 2 == 0 else None, stroke=pat, line_width=lw * 0.6)
            )
    elif deck_name == "triad":
        for x, y in cells:
            ops.append(Circle(x, y, q * 0.35, fill=pat))
        centre = (w / 2, h / 2)
        ops.append(Circle(*centre, 0.24 * w, fill=theme.back, stroke=pat, line_width=lw))
        ops += _triad_emblem(w / 2, h / 2, 0.24 * w, pat)
    else:
        for i, (x, y) in enumerate(cells):
            diamond = ((x, y - q), (x + q, y), (x, y + q), (x - q, y))
            ops.append(
                Polygon(
                    diamond,
                    fill=pat if (i + i // len(cells)) % 2 else None,
                    stroke=pat,
                    line_width=lw * 0.6,
                )
            )
    return ops


def _pyramid_back(w: float, h: float, theme: Theme) -> list[DrawOp]:
    """Hexagonal back: nested hexagons around a pyramid outline."""
    cx, cy, r = _hex_geometry(w, h)
    lw = _lw(w, theme)
    pat = theme.back_pattern
    ops: list[DrawOp] = [
        Polygon(
            hexagon(cx, cy, r - lw / 2), fill=theme.card_face, stroke=theme.card_edge, line_width=lw
        ),
        Polygon(hexagon(cx, cy, r * 0.93), fill=theme.back),
    ]
    for k in (0.82, 0.68, 0.54):
        ops.append(Polygon(hexagon(cx, cy, r * k), stroke=pat, line_width=lw))
    ops.append(Polygon(triangle(cx, cy + 0.03 * r, 0.62 * r), fill=pat))
    ops.append(Polygon(triangle(cx, cy + 0.03 * r + 0.1 * r, 0.3 * r), fill=theme.back))
    return ops


def _block_back(w: float, h: float, theme: Theme) -> list[DrawOp]:
    """A face-down block is bare wood with a burnt-in pyramid mark."""
    ops, _ = _wood(w, h, theme, mix(theme.wood, theme.wood_edge, 0.12))
    ops.append(
        Polygon(
            triangle(w / 2, h / 2 + 0.03 * h, 0.42 * w), fill=mix(theme.wood, theme.wood_edge, 0.55)
        )
    )
    return ops


def deck_names() -> tuple[str, ...]:
    """Every deck the render layer draws."""
    return tuple(DECKS)


def deck_faces_like(sprite: Sprite) -> tuple[Sprite, ...]:
    """Every face of the deck ``sprite`` is a face of, at its very size and in its theme (the
    deck and theme read from the key `_face` writes: ``face:<deck>:<card>:<w>x<h>:<theme>``);
    none for any other sprite.

    A table shows few of its deck's faces at a time and new ones on most moves (a bot's play, a
    showdown): the canvas makes them all ahead, so a move never waits for one.  The whole deck,
    whatever was dealt: what is made says nothing about the cards in play."""
    parts = sprite.key.split(":")
    if len(parts) != 5 or parts[0] != "face" or parts[1] not in DECKS:
        return ()
    try:
        return tuple(
            face(card, sprite.w, sprite.h, parts[4]) for card in get_deck(parts[1]).cards()
        )
    except ValueError:  # a theme no face was drawn in
        return ()
