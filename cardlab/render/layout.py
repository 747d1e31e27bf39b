"""Where cards go: rows, fans, grids, the Pyramid Poker block pyramid and a table with seats.

Each layout returns plain draw ops (or a `Drawing` for a whole table): face sprites moved into
place, a highlight for selected cards and a `HitBox` per card named ``card:<index>`` (or a prefix
the caller chooses), so a widget can turn a click into "the learner picked card 3" by
`Drawing.hit` alone.  Later ops are painted on top, and hit boxes follow the same order, so with
overlapping cards a click goes to the card that is visible there.

A card given as ``None`` is drawn face down (the back of ``deck``); with ``hidden_as_back=False``
it is an empty dashed slot instead.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import replace

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn
from cardlab.render.faces import back, card_size, face
from cardlab.render.ops import (
    Align,
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
from cardlab.render.text import fit_lines, text_width
from cardlab.render.theme import DEFAULT, Theme, get_theme, mix


class _Hidden:
    """Marker for a face-down block in `pyramid_of_blocks` (None there means an empty slot)."""

    _instance: _Hidden | None = None

    def __new__(cls) -> _Hidden:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "HIDDEN"


HIDDEN = _Hidden()

CardOrNone = Card | None
ShownCard = Card | _Hidden | None
"""A place in a picture: a card face up, `HIDDEN` (face down) or None (an empty place)."""


# -- helpers --------------------------------------------------------------------------------------
def _deck_of(cards: Sequence[object], deck: str | None) -> str:
    if deck is not None:
        return deck
    for card in cards:
        if isinstance(card, Card):
            return card.deck
    return "standard54"


def card_sprite(
    card: Card | None,
    w: float,
    h: float,
    theme: Theme,
    deck: str,
    x: float,
    y: float,
    angle: float = 0.0,
) -> Sprite:
    """The face of ``card`` (or the back of ``deck`` if None) placed with its top left at (x, y)."""
    sprite = face(card, w, h, theme) if card is not None else back(deck, w, h, theme)
    return replace(sprite, x=x, y=y, angle=angle)


def _dashed_rect(x: float, y: float, w: float, h: float, colour: str, lw: float) -> Line:
    """An empty slot: where a card could go."""
    pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))
    return Line(pts, colour, lw, dash=(5.0, 4.0))


def _highlight(x: float, y: float, w: float, h: float, theme: Theme) -> Rect:
    pad = 2.5
    return Rect(
        x - pad,
        y - pad,
        w + 2 * pad,
        h + 2 * pad,
        stroke=theme.highlight,
        line_width=3.0 * theme.line_scale,
        radius=0.07 * w + pad,
    )


def _place(
    cards: Sequence[CardOrNone],
    positions: Sequence[Point],
    card_w: float,
    card_h: float,
    theme: Theme,
    deck: str,
    selected: Collection[int],
    hidden_as_back: bool,
    target: str,
    lift: float,
) -> list[DrawOp]:
    """Cards at top-left ``positions``: sprite, selection ring, hit box, in painting order."""
    ops: list[DrawOp] = []
    for i, (card, (x, y)) in enumerate(zip(cards, positions, strict=False)):
        if i in selected:
            y -= lift
        if card is None and not hidden_as_back:
            ops.append(_dashed_rect(x, y, card_w, card_h, theme.felt_text, 1.5))
        else:
            ops.append(card_sprite(card, card_w, card_h, theme, deck, x, y))
        if i in selected:
            ops.append(_highlight(x, y, card_w, card_h, theme))
        ops.append(HitBox(x, y, card_w, card_h, f"{target}:{i}"))
    return ops


# -- public layouts -------------------------------------------------------------------------------
def selection_lift(card_h: float) -> float:
    """How far `row` lifts a selected card: a name plate above a hand moves up as much, so it
    never covers a lifted card."""
    return 0.15 * card_h


def row(
    cards: Sequence[CardOrNone],
    x: float,
    y: float,
    card_w: float,
    card_h: float,
    gap: float = 8.0,
    theme: Theme | str = DEFAULT,
    selected: Collection[int] = (),
    hidden_as_back: bool = True,
    deck: str | None = None,
    target: str = "card",
) -> list[DrawOp]:
    """Cards left to right from (x, y); a negative ``gap`` overlaps them. Selected cards are lifted
    and ringed."""
    theme = get_theme(theme)
    positions = [(x + i * (card_w + gap), y) for i in range(len(cards))]
    return _place(
        cards,
        positions,
        card_w,
        card_h,
        theme,
        _deck_of(cards, deck),
        set(selected),
        hidden_as_back,
        target,
        selection_lift(card_h),
    )


def row_width(n: int, card_w: float, gap: float) -> float:
    """How wide `row` draws ``n`` cards."""
    return 0.0 if n <= 0 else n * card_w + (n - 1) * gap


def fit_gap(n: int, card_w: float, max_width: float, gap: float = 8.0) -> float:
    """The largest gap <= ``gap`` (negative: overlap) fitting ``n`` cards in ``max_width``."""
    if n <= 1:
        return gap
    return min(gap, (max_width - n * card_w) / (n - 1))


def grid(
    cards: Sequence[CardOrNone],
    columns: int,
    x: float,
    y: float,
    card_w: float,
    card_h: float,
    gap: float = 8.0,
    theme: Theme | str = DEFAULT,
    selected: Collection[int] = (),
    hidden_as_back: bool = True,
    deck: str | None = None,
    labels: Sequence[str] | None = None,
    label_size: float = 12.0,
    target: str = "card",
    label_colour: str | None = None,
) -> list[DrawOp]:
    """Cards in rows of ``columns``; optional ``labels`` are written under each card (in
    ``label_colour``, default the theme's ink on felt)."""
    theme = get_theme(theme)
    if columns < 1:
        raise ValueError(f"columns must be at least 1, got {columns}")
    row_h = card_h + gap + (label_size * theme.font_scale * 1.5 if labels else 0)
    positions = [
        (x + (i % columns) * (card_w + gap), y + (i // columns) * row_h) for i in range(len(cards))
    ]
    ops = _place(
        cards,
        positions,
        card_w,
        card_h,
        theme,
        _deck_of(cards, deck),
        set(selected),
        hidden_as_back,
        target,
        0.1 * card_h,
    )
    for label, (px, py) in zip(labels or (), positions, strict=False):
        ops.append(
            Text(
                px + card_w / 2,
                py + card_h + 3,
                label,
                label_size * theme.font_scale,
                label_colour or theme.felt_text,
                "center",
                "top",
            )
        )
    return ops


def _rotated(cx: float, cy: float, w: float, h: float, angle: float) -> list[Point]:
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    corners = ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2))
    return [(cx + u * c - v * s, cy + u * s + v * c) for u, v in corners]


def _band_xrange(poly: Sequence[Point], y0: float, y1: float) -> tuple[float, float] | None:
    """The x extent of a convex polygon between the horizontal lines y0 and y1."""
    xs = [x for x, y in poly if y0 <= y <= y1]
    for (xa, ya), (xb, yb) in zip(poly, [*poly[1:], poly[0]], strict=True):
        for yl in (y0, y1):
            if (ya - yl) * (yb - yl) < 0:
                xs.append(xa + (xb - xa) * (yl - ya) / (yb - ya))
    return (min(xs), max(xs)) if xs else None


def rotated_hit_boxes(poly: Sequence[Point], target: str, bands: int = 8) -> list[HitBox]:
    """Axis-aligned boxes (one per horizontal band) that together cover a rotated card closely."""
    ys = [y for _, y in poly]
    top, bottom = min(ys), max(ys)
    step = (bottom - top) / bands
    out = []
    for k in range(bands):
        y0, y1 = top + k * step, top + (k + 1) * step
        span = _band_xrange(poly, y0, y1)
        if span:
            out.append(HitBox(span[0], y0, span[1] - span[0], y1 - y0, target))
    return out


def hand_fan(
    cards: Sequence[CardOrNone],
    cx: float,
    cy: float,
    card_w: float,
    card_h: float,
    theme: Theme | str = DEFAULT,
    spread_degrees: float = 40.0,
    radius: float | None = None,
    selected: Collection[int] = (),
    deck: str | None = None,
    target: str = "card",
) -> list[DrawOp]:
    """A hand held in a fan: cards rotated about a pivot below the hand, the middle card centred
    on (cx, cy). Hit boxes follow each rotated card in horizontal bands."""
    theme = get_theme(theme)
    deck_name = _deck_of(cards, deck)
    n = len(cards)
    radius = 2.2 * card_h if radius is None else radius
    px, py = cx, cy + radius
    ops: list[DrawOp] = []
    for i, card in enumerate(cards):
        angle = 0.0 if n == 1 else -spread_degrees / 2 + spread_degrees * i / (n - 1)
        r = radius + (0.15 * card_h if i in selected else 0.0)
        a = math.radians(angle)
        ccx, ccy = px + r * math.sin(a), py - r * math.cos(a)
        ops.append(
            card_sprite(
                card, card_w, card_h, theme, deck_name, ccx - card_w / 2, ccy - card_h / 2, angle
            )
        )
        poly = _rotated(ccx, ccy, card_w, card_h, angle)
        if i in selected:
            ring = _rotated(ccx, ccy, card_w + 5, card_h + 5, angle)
            ops.append(
                Polygon(tuple(ring), stroke=theme.highlight, line_width=3.0 * theme.line_scale)
            )
        ops += rotated_hit_boxes(poly, f"{target}:{i}")
    return ops


def fan_corner(
    n: int,
    i: int,
    cx: float,
    cy: float,
    card_w: float,
    card_h: float,
    spread_degrees: float = 40.0,
    radius: float | None = None,
    inset: float = 0.15,
) -> Point:
    """Where card ``i`` of an ``n``-card `hand_fan` shows its top-left index (always visible)."""
    radius = 2.2 * card_h if radius is None else radius
    angle = 0.0 if n == 1 else -spread_degrees / 2 + spread_degrees * i / (n - 1)
    a = math.radians(angle)
    ccx, ccy = cx + radius * math.sin(a), cy + radius - radius * math.cos(a)
    u, v = -card_w / 2 + inset * card_w, -card_h / 2 + inset * card_h
    return ccx + u * math.cos(a) - v * math.sin(a), ccy + u * math.sin(a) + v * math.cos(a)


def pyramid_index(r: int, i: int, width: int) -> int:
    """Flat index of slot (row r, position i) of a block pyramid whose foundation is ``width``."""
    if not (0 <= r < width and 0 <= i < width - r):
        raise ValueError(f"no slot ({r}, {i}) in a pyramid of width {width}")
    return sum(width - q for q in range(r)) + i


def pyramid_position(k: int, width: int) -> tuple[int, int]:
    """The (row, position) of flat slot index ``k``; the inverse of `pyramid_index`."""
    r = 0
    while r < width and k >= width - r:
        k -= width - r
        r += 1
    if r >= width or k < 0:
        raise ValueError(f"no slot {k} in a pyramid of width {width}")
    return r, k


def pyramid_of_blocks(
    rows: Sequence[Sequence[ShownCard]],
    x: float,
    y: float,
    block_w: float,
    block_h: float,
    gap: float = 4.0,
    theme: Theme | str = DEFAULT,
    selected: Collection[int] = (),
    deck: str = "blocks",
    show_slots: bool = True,
) -> list[DrawOp]:
    """Pyramid Poker's block pyramid: ``rows[0]`` is the foundation (W slots), row r has W - r
    slots and each block rests centred on the two below it.  An entry is a card, `HIDDEN`
    (face down) or None (empty).  (x, y) is the top left of the foundation board's box; the
    drawing is W blocks wide and ``len(rows)`` high, rows stacked upwards.

    Targets: ``card:<k>`` for blocks and ``slot:<k>`` for empty slots a block could go into
    (foundation, or both supports present), with k = `pyramid_index`(r, i, W).
    """
    theme = get_theme(theme)
    if not rows:
        return []
    width = len(rows[0])
    for r, slots in enumerate(rows):
        if len(slots) != width - r:
            raise ValueError(
                f"row {r} of a width-{width} pyramid needs {width - r} slots, got {len(slots)}"
            )
    pitch_x, pitch_y = block_w + gap, block_h + gap
    height = len(rows)
    ops: list[DrawOp] = []
    base_y = y + (height - 1) * pitch_y
    board = mix(theme.wood, theme.wood_edge, 0.5)  # the foundation board: darker wood
    ops.append(
        Rect(
            x - gap,
            base_y + block_h + gap / 2,
            width * pitch_x + gap,
            max(6.0, gap * 2),
            fill=board,
            stroke=theme.wood_edge,
            line_width=1.0,
            radius=2.0,
        )
    )
    for r, slots in enumerate(rows):
        for i, item in enumerate(slots):
            bx, by = x + (i + r / 2) * pitch_x, base_y - r * pitch_y
            k = pyramid_index(r, i, width)
            if item is None:
                supported = r == 0 or (
                    rows[r - 1][i] is not None and rows[r - 1][i + 1] is not None
                )
                if show_slots and supported:
                    ops.append(_dashed_rect(bx, by, block_w, block_h, theme.felt_text, 1.2))
                    ops.append(HitBox(bx, by, block_w, block_h, f"slot:{k}"))
                continue
            if k in selected:
                by -= 0.08 * block_h
            card = item if isinstance(item, Card) else None
            ops.append(card_sprite(card, block_w, block_h, theme, deck, bx, by))
            if k in selected:
                ops.append(_highlight(bx, by, block_w, block_h, theme))
            ops.append(HitBox(bx, by, block_w, block_h, f"card:{k}"))
    return ops


def seat_positions(n: int, width: float, height: float) -> list[Point]:
    """Centres of ``n`` seats on an ellipse round the table, seat 0 at the bottom (the viewer),
    then clockwise as seen on screen."""
    cx, cy = width / 2, height / 2
    rx, ry = width * 0.36, height * 0.36
    out = []
    for k in range(n):
        a = math.radians(90 + 360 * k / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def felt(width: float, height: float, theme: Theme, margin: float, radius: float) -> Rect:
    """The green table top every table picture sits on."""
    inner_w, inner_h = width - 2 * margin, height - 2 * margin
    lw = 6.0 * theme.line_scale
    return Rect(margin, margin, inner_w, inner_h, theme.felt, theme.felt_edge, lw, radius)


def seat_plate(
    text: str,
    x: float,
    y: float,
    theme: Theme,
    *,
    active: bool,
    align: Align = "center",
    size: float | None = None,
    width: float | None = None,
) -> list[DrawOp]:
    """A seat's name on the felt; the seat to act gets a highlighted plate and a ▶, so whose
    turn it is never rests on colour alone.  The name is measured in the drawing font and, given
    the ``width`` it may take, shrunk or cut to fit it."""
    size = 13.0 * theme.font_scale if size is None else size
    label = "\u25b6 " + text if active else text
    pad = 7.0 if active else 0.0
    room = None if width is None else width - 2 * pad
    lines, size = fit_lines(label, room, size, bold=True) if room else ([label], size)
    label = lines[0]
    ink = "#000000" if active else theme.felt_text
    text_op = Text(x, y, label, size, ink, align, bold=True)
    if not active:
        return [text_op]
    plate_w = text_width(label, size, bold=True) + 2 * pad
    left = {"center": x - plate_w / 2, "right": x - plate_w + pad}.get(align, x - pad)
    return [
        Rect(left, y - size * 0.8, plate_w, size * 1.6, fill=theme.highlight, radius=size * 0.6),
        text_op,
    ]


def table_seats(
    hands_by_seat: Sequence[Sequence[CardOrNone]],
    centre_cards: Sequence[CardOrNone] = (),
    width: float = 900.0,
    height: float = 600.0,
    card_w: float = 64.0,
    theme: Theme | str = DEFAULT,
    deck: str | None = None,
    seat_names: Sequence[str | Message] | None = None,
    active: int | None = None,
    selected: Collection[int] = (),
    card_h: float | None = None,
) -> Drawing:
    """A whole table: felt, 2-6 seats with name plates and hands, and the cards in the middle.

    Seat 0 is the viewer (bottom, full size, targets ``card:<i>``); other seats' cards are smaller
    and target ``seat:<s>:<i>``; centre cards target ``centre:<i>``.  Hands are overlapped as
    needed to fit.  ``active`` marks whose turn it is with a highlighted name plate.
    """
    theme = get_theme(theme)
    n = len(hands_by_seat)
    if not 2 <= n <= 6:
        raise ValueError(f"table_seats draws 2 to 6 seats, got {n}")
    all_cards = [c for hand in hands_by_seat for c in hand] + list(centre_cards)
    deck_name = _deck_of(all_cards, deck)
    if card_h is None:
        card_h = card_size(deck_name, card_w)[1]
    names = (
        list(seat_names)
        if seat_names is not None
        else [msg("Seat {number}", number=s) for s in range(n)]
    )
    m = 0.03 * min(width, height)
    ops: list[DrawOp] = [felt(width, height, theme, m, min(width, height) * 0.3)]
    for s, ((sx, sy), hand) in enumerate(
        zip(seat_positions(n, width, height), hands_by_seat, strict=True)
    ):
        k = 1.0 if s == 0 else 0.75
        w, h = card_w * k, card_h * k
        side = abs(sx - width / 2) > width * 0.2
        max_w = width * (0.24 if side else 0.5)
        gap = fit_gap(len(hand), w, max_w)
        span = row_width(len(hand), w, gap)
        inner = m + 0.04 * width  # keep every hand on the felt, clear of its rounded edge
        x0 = min(max(sx - span / 2, inner), width - inner - span)
        y0 = sy - h / 2
        target = "card" if s == 0 else f"seat:{s}"
        ops += row(
            hand, x0, y0, w, h, gap, theme, selected if s == 0 else (), True, deck_name, target
        )
        # Translators: a seat's name plate, with how many cards are left in its hand
        label = str(
            msgn("{player} · {count} card", "{player} · {count} cards", len(hand), player=names[s])
        )
        ly = y0 - 16 if s != 0 else y0 + h + 16
        if s == 0 and ly > height - m - 6:
            ly = y0 - 16
        room = min(max_w, 2 * (sx - m - 4), 2 * (width - m - 4 - sx))  # on the felt, centred
        ops += seat_plate(label, sx, ly, theme, active=s == active, width=room)
    if centre_cards:
        gap = fit_gap(len(centre_cards), card_w, width * 0.4)
        x0 = width / 2 - row_width(len(centre_cards), card_w, gap) / 2
        ops += row(
            centre_cards,
            x0,
            height / 2 - card_h / 2,
            card_w,
            card_h,
            gap,
            theme,
            (),
            True,
            deck_name,
            "centre",
        )
    return Drawing(width, height, tuple(ops), background=theme.background)


def bounds(ops: Sequence[DrawOp]) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) enclosing the ops (rotated sprites by their corners; text roughly)."""
    xs: list[float] = []
    ys: list[float] = []
    for op in ops:
        if isinstance(op, Sprite):
            pts = _rotated(op.x + op.w / 2, op.y + op.h / 2, op.w, op.h, op.angle)
        elif isinstance(op, Rect | HitBox):
            pad = getattr(op, "line_width", 0.0) / 2
            pts = [(op.x - pad, op.y - pad), (op.x + op.w + pad, op.y + op.h + pad)]
        elif isinstance(op, Polygon | Line):
            pad = op.line_width / 2
            pts = [(px + d, py + d) for px, py in op.points for d in (-pad, pad)]
        elif isinstance(op, Text):
            half = len(op.text) * op.size * 0.35
            pts = [(op.x - 2 * half, op.y - op.size), (op.x + 2 * half, op.y + op.size)]
        else:  # Circle
            pts = [(op.x - op.r, op.y - op.r), (op.x + op.r, op.y + op.r)]
        xs += [p[0] for p in pts]
        ys += [p[1] for p in pts]
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return min(xs), min(ys), max(xs), max(ys)


def compose(
    ops: Sequence[DrawOp],
    width: float | None = None,
    height: float | None = None,
    theme: Theme | str = DEFAULT,
    background: str | None = None,
    margin: float = 10.0,
) -> Drawing:
    """Wrap layout ops into a `Drawing`; without a size, one just big enough (plus ``margin``)."""
    theme = get_theme(theme)
    if width is None or height is None:
        _, _, x1, y1 = bounds(ops)
        width = x1 + margin if width is None else width
        height = y1 + margin if height is None else height
    return Drawing(float(width), float(height), tuple(ops), background or theme.felt)


def display_order(n: int, viewer: int | None) -> list[int]:
    """Seats in drawing order: the viewer at the bottom, then clockwise (teacher: seat 0)."""
    v = viewer or 0
    return [(v + k) % n for k in range(n)]


def labelled_rows(
    labels: Sequence[str],
    hands: Sequence[Sequence[CardOrNone]],
    theme: Theme | str,
    deck: str,
    card_w: float,
    gap: float = 8.0,
    *,
    top: float = 12.0,
    row_gap: float = 18.0,
    label_x: float = 16.0,
    cards_x: float = 130.0,
    size: float = 14.0,
    target: str = "hand",
    width: float | None = None,
) -> Drawing:
    """Hands one row each on the felt, each named on its left ("Player 2"): a quiz's deal.
    The cards of row ``i`` target ``<target>:<i>:<k>``."""
    theme = get_theme(theme)
    h = card_size(deck, card_w)[1]
    row_h = h + row_gap
    longest = max((len(hand) for hand in hands), default=0)
    width = width if width is not None else cards_x + row_width(longest, card_w, gap) + 20
    height = top + row_h * len(hands)
    ops: list[DrawOp] = [Rect(0, 0, width, height, fill=theme.felt)]
    for i, (label, hand) in enumerate(zip(labels, hands, strict=True)):
        y = top + i * row_h
        ink, scaled = theme.felt_text, size * theme.font_scale
        ops.append(Text(label_x, y + h / 2, label, scaled, ink, "left", bold=True))
        ops += row(list(hand), cards_x, y, card_w, h, gap, theme, deck=deck, target=f"{target}:{i}")
    return Drawing(width, height, tuple(ops), background=theme.felt)
