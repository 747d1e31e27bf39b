"""Drawing a Pyramid Poker table: the block pyramid, each player's three hands as rows, and the
block in play (the one drawn to place, or the three a pharaoh revealed).

Pure render code (draw ops only, no widgets).  What a player may see is decided by the caller:
a pyramid slot is a `Card` (face visible to this viewer), `HIDDEN` (its back) or None (empty).
``marks`` writes a small tag on blocks (e.g. "you" on the learner's own blocks, which the
opponent cannot see).  Targets: ``block:<k>`` for a block in the pyramid and ``slot:<k>`` for an
empty slot a block can go into (k as in `pyramid_of_blocks`), ``pick:<i>`` for a revealed
block, ``drawn:0`` for the block in play and ``hand:<name>`` for one of the viewer's hands.
For a phone held upright (``portrait``) the same parts, with the same targets, are drawn one
under another (`cardlab.render.portrait`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg
from cardlab.games.poker.ranking import evaluate
from cardlab.games.pyramid_poker import HAND_NAMES, PyramidPokerView
from cardlab.games.pyramid_poker.rules import hand_label
from cardlab.games.pyramid_poker.scoring import ShowdownResult, hand_title, verdict
from cardlab.render import (
    HIDDEN,
    Drawing,
    DrawOp,
    HitBox,
    Rect,
    Text,
    card_size,
    get_theme,
    pyramid_of_blocks,
    pyramid_position,
    row,
)
from cardlab.render.layout import ShownCard, felt, seat_plate
from cardlab.render.ops import Align
from cardlab.render.portrait import LABEL_MIN, ROOM, phone_size, table_label
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import cut, height_of, text_width
from cardlab.render.theme import Theme

WIDTH, HEIGHT = 840.0, 520.0
BLOCK_W = 42.0
BLOCK_H = card_size("blocks", BLOCK_W)[1]
GAP = 4.0
PYR_X, PYR_Y = 26.0, 44.0
SMALL_W = 30.0
SMALL_H = card_size("blocks", SMALL_W)[1]
COL_X = 440.0
MARGIN = 6.0
RIGHT = WIDTH - MARGIN - 10
"""Where labels end: inside the felt, clear of its edge line."""
LABEL_W = 58.0
"""The column of the hands' names, before their rows of places."""
NOTE_W = RIGHT - (COL_X + LABEL_W + 5 * (SMALL_W + 3) + 6)
"""The room of what a hand is, beside its row (on two lines if need be)."""
PORTRAIT_BLOCK_W = 37.0
"""The pyramid's blocks on a phone: its eight-block foundation and the board in `ROOM`."""
PORTRAIT_SMALL_W = 32.0
"""The blocks of the hands on a phone: a little larger than `SMALL_W`, five and a name in a row."""
PORTRAIT_LABEL_W = 100.0
"""The most the hands' names may take on a phone (a longer one is shrunk or wrapped)."""


@dataclass(frozen=True)
class TablePicture:
    """Everything one picture shows; ``hands[0]`` is the viewer's (drawn at the bottom)."""

    rows: Sequence[Sequence[ShownCard]]
    hands: Sequence[Sequence[Sequence[Card]]] = ((), ())
    names: Sequence[str] = ("You", "Opponent")
    marks: Mapping[int, str] = field(default_factory=dict)
    drawn: ShownCard = None
    drawn_label: str = ""
    revealed: Sequence[Card] = ()
    selected: Collection[int] = ()
    show_slots: bool = True
    active: int | None = None
    banner: str = ""
    notes: Sequence[str] = ()
    hand_notes: Sequence[Sequence[str]] = ((), ())


def full_rows(rows: Sequence[Sequence[ShownCard]], width: int) -> list[list[ShownCard]]:
    """Pad a pyramid to all ``width`` rows (empty rows as None), so the geometry never moves."""
    out = [list(r) for r in rows]
    for r in range(len(out), width):
        out.append([None] * (width - r))
    return out


def slot_xy(k: int, width: int, height: int) -> tuple[float, float]:
    """Top left of slot k, exactly as `pyramid_of_blocks` places it at (PYR_X, PYR_Y)."""
    return _slot_at(k, width, height, PYR_X, PYR_Y, BLOCK_W, BLOCK_H)


def _slot_at(
    k: int, width: int, height: int, x: float, y: float, block_w: float, block_h: float
) -> tuple[float, float]:
    """Top left of slot k of a pyramid of ``block_w`` blocks drawn at (x, y)."""
    r, i = pyramid_position(k, width)
    pitch_x, pitch_y = block_w + GAP, block_h + GAP
    base_y = y + (height - 1) * pitch_y
    return x + (i + r / 2) * pitch_x, base_y - r * pitch_y


def _blocks(ops: list[DrawOp]) -> list[DrawOp]:
    """The pyramid's ``card:<k>`` targets as ``block:<k>``: they are slots of the pyramid, not
    cards of a hand the learner could select."""
    return [
        dataclasses.replace(op, target="block:" + op.target[5:])
        if isinstance(op, HitBox) and op.target.startswith("card:")
        else op
        for op in ops
    ]


# -- labels on a phone -----------------------------------------------------------------------------
# -- the table -------------------------------------------------------------------------------------
def table_picture(
    pic: TablePicture, theme: Theme | str = "default", portrait: bool = False
) -> Drawing:
    """The whole table: pyramid on the left, opponent's hands top right, the viewer's bottom
    right, the block in play in between.  ``portrait``: for a phone, the banner, the opponent's
    hands, the pyramid, the block in play and the viewer's hands one under another
    (`cardlab.render.portrait`)."""
    theme = get_theme(theme)
    size = 13.0 * theme.font_scale
    if portrait:
        showdown, count = _notes(pic, 0.0, 0.0, 0.0, theme, size, True)
        parts = [
            _banner(pic, 0.0, 0.0, theme, True),
            _hands(pic, 1, 0.0, 0.0, theme, size, True),
            showdown,
            _pyramid(pic, 0.0, 0.0, PORTRAIT_BLOCK_W, theme, True),
            count,
            _in_play(pic, 0.0, 0.0, theme, size, True),
            _hands(pic, 0, 0.0, 0.0, theme, size, True),
        ]
        return portrait_stack(parts, theme)
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 24.0)]
    ops += _banner(pic, WIDTH / 2, 24, theme, False)
    ops += _pyramid(pic, PYR_X, PYR_Y, BLOCK_W, theme, False)
    # the last note under the board; any others (the showdown) where the pyramid stood
    for part in _notes(pic, PYR_X, 80.0, HEIGHT - 20, theme, size, False):
        ops += part
    # hands: opponent (seat index 1) at the top, the viewer (0) at the bottom
    for who, top in ((1, 44.0), (0, 330.0)):
        ops += _hands(pic, who, COL_X, top, theme, size, False)
    # the block in play, between the two sets of hands
    ops += _in_play(pic, COL_X, 216.0, theme, size, False)
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _banner(pic: TablePicture, x: float, y: float, theme: Theme, portrait: bool) -> list[DrawOp]:
    """The banner centred on (x, y): what the table is about now."""
    if not pic.banner:
        return []
    return list(
        table_label(x, y, pic.banner, WIDTH - 60, 15.0 * theme.font_scale, theme.felt_text,
               bold=True, phone=ROOM if portrait else None)
    )  # fmt: skip


def _pyramid(
    pic: TablePicture, x: float, y: float, block_w: float, theme: Theme, portrait: bool
) -> list[DrawOp]:
    """The pyramid of ``block_w`` blocks, (x, y) the top left of all its rows, and the tags on
    its blocks."""
    block_h = card_size("blocks", block_w)[1]
    width = len(pic.rows[0]) if pic.rows else 8
    rows = full_rows(pic.rows, width)
    sel = set(pic.selected)
    ops = _blocks(pyramid_of_blocks(rows, x, y, block_w, block_h, GAP, theme, sel,
                                    show_slots=pic.show_slots))  # fmt: skip
    for k, mark in pic.marks.items():
        bx, by = _slot_at(k, width, len(rows), x, y, block_w, block_h)
        if k in sel:
            by -= 0.08 * block_h
        ops += _tag(mark, bx + block_w, by, theme, portrait)
    return ops


def _notes(
    pic: TablePicture,
    x: float,
    top: float,
    bottom: float,
    theme: Theme,
    size: float,
    portrait: bool,
) -> tuple[list[DrawOp], list[DrawOp]]:
    """The notes from ``x`` (on a phone centred on it): any but the last (the showdown) one under
    the other from ``top`` (a long one on two lines), and the last (the blocks' count) on
    ``bottom``."""
    room = COL_X - 12 - PYR_X  # the landscape's: as far as the hands' column
    align: Align = "center" if portrait else "left"
    ops: list[DrawOp] = []
    last: list[DrawOp] = []
    # on a phone the showdown's lines share one size: the largest each fits on one line at
    phone = min([phone_size(n, size * 1.1, ROOM, k == 0) for k, n in enumerate(pic.notes[:-1])],
                default=size * 1.1)  # fmt: skip
    for k, note in enumerate(pic.notes):
        bold = k == 0 and len(pic.notes) > 1
        if k == len(pic.notes) - 1:
            last += table_label(
                x,
                bottom,
                note,
                room,
                size * 0.95,
                theme.felt_text,
                align,
                bold=bold,
                phone=ROOM if portrait else None,
            )
            continue
        lines = table_label(
            x,
            top,
            note,
            room,
            size * 1.1,
            theme.felt_text,
            align,
            "top",
            bold=bold,
            lines=2,
            phone=ROOM if portrait else None,
            phone_px=phone,
        )
        ops += lines
        top += height_of(len(lines), lines[0].size) + 8
    return ops, last


def _tag(mark: str, right: float, y: float, theme: Theme, portrait: bool) -> list[DrawOp]:
    """A block's small tag (e.g. "you") in its top right corner; ``right``: the block's right."""
    if not portrait:
        return [
            Rect(right - 23, y + 2, 21, 11, fill=theme.highlight, radius=3),
            Text(right - 12.5, y + 8, mark, 8.5, "#000000", bold=True),
        ]
    # on a phone the tag is as large as a label may be: it rides the block's top edge, clear
    # of the value in its middle
    w, h = text_width(mark, LABEL_MIN, bold=True) + 4, LABEL_MIN + 1
    return [
        Rect(right - 1 - w, y - 2, w, h, fill=theme.highlight, radius=3),
        Text(right - 1 - w / 2, y - 2 + h / 2, mark, LABEL_MIN, "#000000", bold=True),
    ]


def _in_play(pic: TablePicture, x: float, mid: float, theme: Theme, size: float,
             portrait: bool) -> list[DrawOp]:  # fmt: skip
    """The block in play (or the three a pharaoh revealed) under its label, the label ending
    just above ``mid``."""
    if pic.revealed:
        label = pic.drawn_label or str(msg("A pharaoh! Keep one of these:"))
        blocks: list[Card | None] = list(pic.revealed)
        gap, target = 10.0, "pick"
    elif pic.drawn is not None:
        label = pic.drawn_label or str(msg("Block in play:"))
        blocks, gap, target = [pic.drawn if isinstance(pic.drawn, Card) else None], 0.0, "drawn"
    else:
        return []
    ops: list[DrawOp] = []
    ops += table_label(x, mid + 6, label, RIGHT - COL_X, size, theme.felt_text, "left", "bottom",
                       bold=True, lines=2, phone=ROOM if portrait else None)  # fmt: skip
    ops += row(blocks, x, mid + 14, BLOCK_W, BLOCK_H, gap, theme, deck="blocks", target=target)
    return ops


def _hands(
    pic: TablePicture,
    who: int,
    x: float,
    top: float,
    theme: Theme,
    size: float,
    portrait: bool,
) -> list[DrawOp]:
    """Seat ``who``'s name and its three hands from (x, top), a row each: the hand's name, its
    five places and what the hand is (beside the row; on a phone under each row if one is too
    long to go beside it); the viewer's rows (``who`` 0) are targets ``hand:<name>``."""
    ops: list[DrawOp] = []
    name = str(pic.names[who] if who < len(pic.names) else seat_name(who))
    ink = theme.felt_text
    hands = pic.hands[who] if who < len(pic.hands) else ()
    notes = pic.hand_notes[who] if who < len(pic.hand_notes) else ()
    beside = True
    if portrait:
        w, h = PORTRAIT_SMALL_W, card_size("blocks", PORTRAIT_SMALL_W)[1]
        phone = max(size * 0.9, LABEL_MIN)
        words = max(text_width(str(hand_label(n)), phone) for n in HAND_NAMES)
        label_w = min(words + 8, PORTRAIT_LABEL_W)
        room = ROOM - (label_w + 5 * (w + 3) + 6)
        beside = all(text_width(note, phone) <= room for note in notes if note)
        ops += _phone_plate(name, x, top, theme, pic.active == who, size)
    else:
        w, h, label_w = SMALL_W, SMALL_H, LABEL_W
        ops += seat_plate(name, x, top, theme, active=pic.active == who, align="left",
                          size=size, width=RIGHT - COL_X)  # fmt: skip
    pitch = h + 8
    below = 0.0  # how far the notes written under the rows above push this one down
    for k, hand_name in enumerate(HAND_NAMES):
        y = top + 14 + k * pitch + below
        cards = list(hands[k]) if k < len(hands) else []
        x0 = x + label_w
        ops += table_label(
            x,
            y + h / 2,
            str(hand_label(hand_name)),
            LABEL_W - 4,
            size * 0.9,
            ink,
            "left",
            min_scale=0.7,
            phone=label_w - 4 if portrait else None,
        )
        for j in range(5):
            bx = x0 + j * (w + 3)
            if j < len(cards):
                ops += row([cards[j]], bx, y, w, h, 0, theme, deck="blocks",
                           target=f"hand{who}-{hand_name}")  # fmt: skip
            else:
                ops.append(Rect(bx, y, w, h, stroke=ink, line_width=0.8, radius=3))
        if k < len(notes) and notes[k]:  # a hand's name: two lines beside its row if need be
            if beside:
                nx = x0 + 5 * (w + 3) + 6
                said = table_label(
                    nx,
                    y + h / 2,
                    notes[k],
                    NOTE_W,
                    size * 0.9,
                    ink,
                    "left",
                    lines=2,
                    min_scale=0.8,
                    phone=x + ROOM - nx if portrait else None,
                )
            else:  # under the row, which pushes the next one down
                said = table_label(
                    x0,
                    y + h + 3,
                    notes[k],
                    NOTE_W,
                    size * 0.9,
                    ink,
                    "left",
                    "top",
                    lines=2,
                    min_scale=0.8,
                    phone=ROOM - label_w,
                )
                below += max(0.0, said[-1].y + said[-1].size + 6 - (y + pitch))
            ops += said
        if who == 0:
            ops.append(HitBox(x, y - 2, label_w + 5 * (w + 3), h + 4, f"hand:{hand_name}"))
    return ops


def _phone_plate(
    name: str, x: float, top: float, theme: Theme, active: bool, size: float
) -> list[DrawOp]:
    """A seat's name plate on a phone: as large as `ROOM` allows, never under `LABEL_MIN`
    (shortened with "…" only if it is longer than any name a table gives)."""
    arrow = "\u25b6 " if active else ""
    room = ROOM - (14.0 if active else 0.0)  # the highlighted plate's ends
    size = phone_size(arrow + name, size, room, True)
    name = cut(name, size, room - text_width(arrow, size, True), True)
    return seat_plate(name, x, top, theme, active=active, align="left", size=size)


# -- a position as a picture -----------------------------------------------------------------------
def hand_notes(hands: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    """A complete hand's poker name (e.g. "Flush, A-high"); the count of an incomplete one."""
    return tuple(
        str(hand_title(evaluate(h)) if len(h) == 5 else msg("{count} of 5", count=len(h)))
        for h in hands
    )


def showdown_lines(show: ShowdownResult) -> list[str]:
    """The showdown in short lines for the canvas: each comparison, the bonus, the total."""
    lines = [str(msg("Showdown (Player 1 v Player 2):"))]
    for pos, name in enumerate(HAND_NAMES):
        pa, pb = (format(p, "+d") for p in (show.hand_points[0][pos], show.hand_points[1][pos]))
        line = msg(
            "{hand}: {verdict} (points {first} v {second})",
            hand=hand_label(name),
            verdict=verdict(show.comparisons[pos]),
            first=pa,
            second=pb,
        )
        lines.append(str(line))
    ba, bb = (format(b, "+d") for b in show.bonus)
    bonus = msg("Bonus: {first} v {second}", first=ba, second=bb)
    lines.append(str(bonus))
    a, b = show.advanced_points
    lines.append(str(msg("Points: {first} v {second}", first=a, second=b)))
    return lines


def view_picture(
    view: PyramidPokerView,
    viewer: int | None,
    banner: str = "",
    names: Sequence[str] | None = None,
    interactive: bool = False,
) -> TablePicture:
    """What ``view`` shows, as a `TablePicture`: the viewer's hands at the bottom (the teacher
    sees Player 1's there) and tags on the blocks only their owner can see."""
    me = 0 if viewer is None else viewer
    other = 1 - me
    if viewer is None:
        marks = {k: f"P{p + 1}" for k, p in enumerate(view.placer) if p is not None}
    else:
        # Translators: the tag on the viewer's own blocks in the pyramid (a few letters only)
        you = str(msg("you"))
        marks = {k: you for k, p in enumerate(view.placer) if p == viewer}
    names = names or (
        (str(seat_name(me)), str(seat_name(other)))
        if viewer is None
        else (str(msg("{player} (these eyes)", player=seat_name(me))), str(seat_name(other)))
    )
    drawn: ShownCard = None
    label, revealed = "", view.revealed
    mover = str(names[0] if view.turn == me else names[1])
    mine = interactive and view.turn == me
    if view.phase == "place" and view.holding is not None:
        drawn = view.holding
        if interactive:
            label = str(msg("{player} drew this block: click a slot", player=mover))
        else:
            label = str(msg("{player} drew this block", player=mover))
    elif view.phase == "place":
        drawn = HIDDEN
        label = str(msg("{player} drew a block (hidden from these eyes)", player=mover))
    elif view.pending is not None:
        drawn = view.pending
        if mine:
            label = str(msg("{player} took this block: choose a hand", player=mover))
        else:
            label = str(msg("{player} took this block", player=mover))
    elif revealed:
        if mine:
            label = str(msg("A pharaoh! {player} keeps one of these (click it)", player=mover))
        else:
            label = str(msg("A pharaoh! {player} keeps one of these", player=mover))
    notes = [
        str(
            msg(
                "Placed {placed} of 30 · taken {taken} of 30 · general supply {general}",
                placed=view.placed,
                taken=view.taken,
                general=view.general_size,
            )
        )
    ]
    if view.phase == "over" and view.results:
        notes = showdown_lines(view.results[-1].showdown) + notes
    return TablePicture(
        rows=view.rows(HIDDEN),
        hands=(view.hands[me], view.hands[other]),
        names=names,
        marks=marks,
        drawn=drawn,
        drawn_label=label,
        revealed=revealed,
        show_slots=view.phase == "place" and (viewer is None or view.turn == viewer),
        active=None if view.to_act < 0 else (0 if view.to_act == me else 1),
        banner=banner,
        notes=notes,
        hand_notes=(hand_notes(view.hands[me]), hand_notes(view.hands[other])),
    )


def position_picture(
    view: PyramidPokerView,
    viewer: int | None,
    theme: Theme | str = "default",
    banner: str = "",
    names: Sequence[str] | None = None,
    interactive: bool = False,
    portrait: bool = False,
) -> Drawing:
    """`table_picture` of `view_picture`: the table as ``viewer``'s eyes see ``view`` (laid out
    for a phone held upright if ``portrait``)."""
    return table_picture(view_picture(view, viewer, banner, names, interactive), theme, portrait)


__all__ = [
    "BLOCK_H",
    "BLOCK_W",
    "HEIGHT",
    "HIDDEN",
    "WIDTH",
    "TablePicture",
    "full_rows",
    "hand_notes",
    "position_picture",
    "showdown_lines",
    "slot_xy",
    "table_picture",
    "view_picture",
]
