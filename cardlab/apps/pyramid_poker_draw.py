"""Drawing a Pyramid Poker table: the block pyramid, each player's three hands as rows, and the
block in play (the one drawn to place, or the three a pharaoh revealed).

Pure render code (draw ops only, no widgets).  What a player may see is decided by the caller:
a pyramid slot is a `Card` (face visible to this viewer), `HIDDEN` (its back) or None (empty).
``marks`` writes a small tag on blocks (e.g. "you" on the learner's own blocks, which the
opponent cannot see).  Targets: ``card:<k>`` / ``slot:<k>`` (from `pyramid_of_blocks`),
``pick:<i>`` for a revealed block and ``hand:<name>`` for one of the learner's hands.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from cardlab.core.cards import Card
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
    row,
)
from cardlab.render.layout import felt
from cardlab.render.theme import Theme

HAND_NAMES = ("left", "centre", "right")
WIDTH, HEIGHT = 840.0, 520.0
BLOCK_W = 42.0
BLOCK_H = card_size("blocks", BLOCK_W)[1]
GAP = 4.0
PYR_X, PYR_Y = 26.0, 44.0
SMALL_W = 30.0
SMALL_H = card_size("blocks", SMALL_W)[1]
COL_X = 440.0


@dataclass(frozen=True)
class TablePicture:
    """Everything one picture shows; ``hands[0]`` is the viewer's (drawn at the bottom)."""

    rows: Sequence[Sequence[Card | object | None]]
    hands: Sequence[Sequence[Sequence[Card]]] = ((), ())
    names: Sequence[str] = ("You", "Opponent")
    marks: Mapping[int, str] = field(default_factory=dict)
    drawn: Card | object | None = None
    drawn_label: str = ""
    revealed: Sequence[Card] = ()
    selected: Collection[int] = ()
    show_slots: bool = True
    active: int | None = None
    banner: str = ""
    notes: Sequence[str] = ()
    hand_notes: Sequence[Sequence[str]] = ((), ())


def full_rows(rows: Sequence[Sequence[object]], width: int) -> list[list[object]]:
    """Pad a pyramid to all ``width`` rows (empty rows as None), so the geometry never moves."""
    out = [list(r) for r in rows]
    for r in range(len(out), width):
        out.append([None] * (width - r))
    return out


def slot_xy(k: int, width: int, height: int) -> tuple[float, float]:
    """Top left of slot k, exactly as `pyramid_of_blocks` places it at (PYR_X, PYR_Y)."""
    from cardlab.render import pyramid_position

    r, i = pyramid_position(k, width)
    pitch_x, pitch_y = BLOCK_W + GAP, BLOCK_H + GAP
    base_y = PYR_Y + (height - 1) * pitch_y
    return PYR_X + (i + r / 2) * pitch_x, base_y - r * pitch_y


def table_picture(pic: TablePicture, theme: Theme | str = "default") -> Drawing:
    """The whole table: pyramid on the left, opponent's hands top right, the viewer's bottom
    right, the block in play in between."""
    theme = get_theme(theme)
    size = 13.0 * theme.font_scale
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, 6.0, 24.0)]
    if pic.banner:
        ops.append(Text(WIDTH / 2, 24, pic.banner, 15.0 * theme.font_scale, theme.felt_text,
                        bold=True))  # fmt: skip
    width = len(pic.rows[0]) if pic.rows else 8
    rows = full_rows(pic.rows, width)
    sel = set(pic.selected)
    ops += pyramid_of_blocks(rows, PYR_X, PYR_Y, BLOCK_W, BLOCK_H, GAP, theme, sel,
                             show_slots=pic.show_slots)  # fmt: skip
    for k, mark in pic.marks.items():
        x, y = slot_xy(k, width, len(rows))
        if k in sel:
            y -= 0.08 * BLOCK_H
        ops.append(Rect(x + BLOCK_W - 23, y + 2, 21, 11, fill=theme.highlight, radius=3))
        ops.append(Text(x + BLOCK_W - 12.5, y + 8, mark, 8.5, "#000000", bold=True))
    # the last note under the board; any others (the showdown) where the pyramid stood
    for k, note in enumerate(pic.notes):
        y = HEIGHT - 20 if k == len(pic.notes) - 1 else 80 + 22 * k
        ops.append(Text(PYR_X, y, note, size * (0.95 if k == len(pic.notes) - 1 else 1.1),
                        theme.felt_text, "left", bold=k == 0 and len(pic.notes) > 1))  # fmt: skip
    # hands: opponent (seat index 1) at the top, the viewer (0) at the bottom
    for who, top in ((1, 44.0), (0, 330.0)):
        ops += _hands(pic, who, top, theme, size)
    # the block in play, between the two sets of hands
    mid = 216.0
    if pic.revealed:
        ops.append(Text(COL_X, mid, pic.drawn_label or "A pharaoh! Keep one of these:", size,
                        theme.felt_text, "left", bold=True))  # fmt: skip
        ops += row(list(pic.revealed), COL_X, mid + 14, BLOCK_W, BLOCK_H, 10, theme,
                   deck="blocks", target="pick")  # fmt: skip
    elif pic.drawn is not None:
        card = pic.drawn if isinstance(pic.drawn, Card) else None
        ops.append(Text(COL_X, mid, pic.drawn_label or "Block in play:", size, theme.felt_text,
                        "left", bold=True))  # fmt: skip
        ops += row([card], COL_X, mid + 14, BLOCK_W, BLOCK_H, 0, theme, deck="blocks",
                   target="drawn")  # fmt: skip
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _hands(pic: TablePicture, who: int, top: float, theme: Theme, size: float) -> list[DrawOp]:
    ops: list[DrawOp] = []
    name = pic.names[who] if who < len(pic.names) else f"Player {who + 1}"
    colour = theme.highlight if pic.active == who else theme.felt_text
    ops.append(Text(COL_X, top, name, size, colour, "left", bold=True))
    hands = pic.hands[who] if who < len(pic.hands) else ()
    notes = pic.hand_notes[who] if who < len(pic.hand_notes) else ()
    pitch = SMALL_H + 8
    for h, hand_name in enumerate(HAND_NAMES):
        y = top + 14 + h * pitch
        cards = list(hands[h]) if h < len(hands) else []
        ops.append(Text(COL_X, y + SMALL_H / 2, hand_name.capitalize(), size * 0.9,
                        theme.felt_text, "left"))  # fmt: skip
        x0 = COL_X + 58
        for j in range(5):
            x = x0 + j * (SMALL_W + 3)
            if j < len(cards):
                ops += row([cards[j]], x, y, SMALL_W, SMALL_H, 0, theme, deck="blocks",
                           target=f"hand{who}-{hand_name}")  # fmt: skip
            else:
                ops.append(Rect(x, y, SMALL_W, SMALL_H, stroke=theme.felt_text, line_width=0.8,
                                radius=3))  # fmt: skip
        if h < len(notes) and notes[h]:
            ops.append(Text(x0 + 5 * (SMALL_W + 3) + 6, y + SMALL_H / 2, notes[h], size * 0.9,
                            theme.felt_text, "left"))  # fmt: skip
        if who == 0:
            ops.append(HitBox(COL_X, y - 2, 58 + 5 * (SMALL_W + 3), SMALL_H + 4,
                              f"hand:{hand_name}"))  # fmt: skip
    return ops


__all__ = [
    "BLOCK_H",
    "BLOCK_W",
    "HAND_NAMES",
    "HEIGHT",
    "HIDDEN",
    "WIDTH",
    "TablePicture",
    "full_rows",
    "table_picture",
]
