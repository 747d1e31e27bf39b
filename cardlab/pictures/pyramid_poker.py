"""Drawing a Pyramid Poker table: the block pyramid, each player's three hands as rows, and the
block in play (the one drawn to place, or the three a pharaoh revealed).

Pure render code (draw ops only, no widgets).  What a player may see is decided by the caller:
a pyramid slot is a `Card` (face visible to this viewer), `HIDDEN` (its back) or None (empty).
``marks`` writes a small tag on blocks (e.g. "you" on the learner's own blocks, which the
opponent cannot see).  Targets: ``block:<k>`` for a block in the pyramid and ``slot:<k>`` for an
empty slot a block can go into (k as in `pyramid_of_blocks`), ``pick:<i>`` for a revealed
block, ``drawn:0`` for the block in play and ``hand:<name>`` for one of the viewer's hands.
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
from cardlab.render.text import fitted, height_of
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
    r, i = pyramid_position(k, width)
    pitch_x, pitch_y = BLOCK_W + GAP, BLOCK_H + GAP
    base_y = PYR_Y + (height - 1) * pitch_y
    return PYR_X + (i + r / 2) * pitch_x, base_y - r * pitch_y


def _blocks(ops: list[DrawOp]) -> list[DrawOp]:
    """The pyramid's ``card:<k>`` targets as ``block:<k>``: they are slots of the pyramid, not
    cards of a hand the learner could select."""
    return [
        dataclasses.replace(op, target="block:" + op.target[5:])
        if isinstance(op, HitBox) and op.target.startswith("card:")
        else op
        for op in ops
    ]


def table_picture(pic: TablePicture, theme: Theme | str = "default") -> Drawing:
    """The whole table: pyramid on the left, opponent's hands top right, the viewer's bottom
    right, the block in play in between."""
    theme = get_theme(theme)
    size = 13.0 * theme.font_scale
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 24.0)]
    if pic.banner:
        ops += fitted(WIDTH / 2, 24, pic.banner, WIDTH - 60, 15.0 * theme.font_scale,
                      theme.felt_text, bold=True)  # fmt: skip
    width = len(pic.rows[0]) if pic.rows else 8
    rows = full_rows(pic.rows, width)
    sel = set(pic.selected)
    ops += _blocks(pyramid_of_blocks(rows, PYR_X, PYR_Y, BLOCK_W, BLOCK_H, GAP, theme, sel,
                                     show_slots=pic.show_slots))  # fmt: skip
    for k, mark in pic.marks.items():
        x, y = slot_xy(k, width, len(rows))
        if k in sel:
            y -= 0.08 * BLOCK_H
        ops.append(Rect(x + BLOCK_W - 23, y + 2, 21, 11, fill=theme.highlight, radius=3))
        ops.append(Text(x + BLOCK_W - 12.5, y + 8, mark, 8.5, "#000000", bold=True))
    # the last note under the board; any others (the showdown) where the pyramid stood, one
    # under the other (a long one on two lines), as far as the hands' column
    room = COL_X - 12 - PYR_X
    y = 80.0
    for k, note in enumerate(pic.notes):
        last = k == len(pic.notes) - 1
        bold = k == 0 and len(pic.notes) > 1
        if last:
            ops += fitted(PYR_X, HEIGHT - 20, note, room, size * 0.95, theme.felt_text, "left",
                          bold=bold)  # fmt: skip
            continue
        lines = fitted(PYR_X, y, note, room, size * 1.1, theme.felt_text, "left", "top",
                       bold=bold, lines=2)  # fmt: skip
        ops += lines
        y += height_of(len(lines), lines[0].size) + 8
    # hands: opponent (seat index 1) at the top, the viewer (0) at the bottom
    for who, top in ((1, 44.0), (0, 330.0)):
        ops += _hands(pic, who, top, theme, size)
    # the block in play, between the two sets of hands
    mid = 216.0
    room = RIGHT - COL_X
    if pic.revealed:
        label = pic.drawn_label or str(msg("A pharaoh! Keep one of these:"))
        ops += fitted(COL_X, mid + 6, label, room, size, theme.felt_text, "left", "bottom",
                      bold=True, lines=2)  # fmt: skip
        ops += row(list(pic.revealed), COL_X, mid + 14, BLOCK_W, BLOCK_H, 10, theme,
                   deck="blocks", target="pick")  # fmt: skip
    elif pic.drawn is not None:
        card = pic.drawn if isinstance(pic.drawn, Card) else None
        label = pic.drawn_label or str(msg("Block in play:"))
        ops += fitted(COL_X, mid + 6, label, room, size, theme.felt_text, "left", "bottom",
                      bold=True, lines=2)  # fmt: skip
        ops += row([card], COL_X, mid + 14, BLOCK_W, BLOCK_H, 0, theme, deck="blocks",
                   target="drawn")  # fmt: skip
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _hands(pic: TablePicture, who: int, top: float, theme: Theme, size: float) -> list[DrawOp]:
    ops: list[DrawOp] = []
    name = str(pic.names[who] if who < len(pic.names) else seat_name(who))
    ops += seat_plate(name, COL_X, top, theme, active=pic.active == who, align="left", size=size,
                      width=RIGHT - COL_X)  # fmt: skip
    hands = pic.hands[who] if who < len(pic.hands) else ()
    notes = pic.hand_notes[who] if who < len(pic.hand_notes) else ()
    pitch = SMALL_H + 8
    for h, hand_name in enumerate(HAND_NAMES):
        y = top + 14 + h * pitch
        cards = list(hands[h]) if h < len(hands) else []
        x0 = COL_X + 58
        ops += fitted(COL_X, y + SMALL_H / 2, str(hand_label(hand_name)), x0 - COL_X - 4,
                      size * 0.9, theme.felt_text, "left", min_scale=0.7)  # fmt: skip
        for j in range(5):
            x = x0 + j * (SMALL_W + 3)
            if j < len(cards):
                ops += row([cards[j]], x, y, SMALL_W, SMALL_H, 0, theme, deck="blocks",
                           target=f"hand{who}-{hand_name}")  # fmt: skip
            else:
                ops.append(Rect(x, y, SMALL_W, SMALL_H, stroke=theme.felt_text, line_width=0.8,
                                radius=3))  # fmt: skip
        if h < len(notes) and notes[h]:  # a hand's name: two lines beside its row if need be
            nx = x0 + 5 * (SMALL_W + 3) + 6
            ops += fitted(nx, y + SMALL_H / 2, notes[h], RIGHT - nx, size * 0.9, theme.felt_text,
                          "left", lines=2, min_scale=0.8)  # fmt: skip
        if who == 0:
            ops.append(HitBox(COL_X, y - 2, 58 + 5 * (SMALL_W + 3), SMALL_H + 4,
                              f"hand:{hand_name}"))  # fmt: skip
    return ops


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
) -> Drawing:
    """`table_picture` of `view_picture`: the table as ``viewer``'s eyes see ``view``."""
    return table_picture(view_picture(view, viewer, banner, names, interactive), theme)


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
