"""Drawing Pyramid: a hand's pyramid of hexagons, the hand ladder, the three shapes, a hand in a
row, the quiz's hands, and a table of 2-4 seats with its showdown.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the Pyramid lesson shows.  A pyramid is drawn as the game lays it out: a honeycomb
of hexagonal cards, rows top to bottom (level 1 on top, level 3 at the base), with the unused
cards (kickers) beside it.  The Keystone is drawn as itself, with a badge saying what it stands
for.  Table pictures come from one seat's `DrawPokerView`, so they never show a hidden card.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.games.poker.draw import DrawPokerView, HandResult, stage_words
from cardlab.games.pyramid import Arrangement, PyramidValue, evaluate, parse
from cardlab.render import (
    Drawing,
    DrawOp,
    HitBox,
    Rect,
    Text,
    card_size,
    card_sprite,
    get_theme,
    row,
    row_width,
)
from cardlab.render.layout import display_order, felt, labelled_rows, seat_plate, selection_lift
from cardlab.render.ops import Align
from cardlab.render.portrait import LABEL_MIN, ROOM, extent, phone_lines, table_label
from cardlab.render.portrait import WIDTH as PHONE_W
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import fitted, height_of, text_width
from cardlab.render.theme import Theme, mix

DECK = "pyramid"
GAP = 3.0
"""Space between neighbouring hexagons of a pyramid."""

#: The spec's worked examples (§6) in ladder order, strongest first, with how each compares to
#: the next one: A > B > C > D > G = H > E > F = J > I.
LADDER: tuple[tuple[str, str, str], ...] = (
    ("A", "3P 3P 3P 2P 2P K", ">"),
    ("B", "3P 3P 3P 2P 2P 1P", ">"),
    ("C", "3O 3G 3P 2O 2G K", ">"),
    ("D", "3O 3G 3P 2O 2G 1P", ">"),
    ("G", "3O 3O 2O 1G 2P 3G", "="),
    ("H", "3P 3G 2O 1G 2P 3G", ">"),
    ("E", "3G 3G 3G 2G 2G 3O", ">"),
    ("F", "3O 3G 3P 2P 2O 3O", "="),
    ("J", "3O 3O 2O 3P 3P 2P", ">"),
    ("I", "1P 1G 1O 2P 2G 2O", ""),
)

#: One example of each shape, for the picture of the three pyramids.
SHAPES: tuple[tuple[Message, str], ...] = (
    (msg("Small pyramid (2-1)"), "2G 3P 3O 1O 1G 1P"),
    (msg("Middle pyramid (3-2)"), "2O 2O 3O 3O 3O 3G"),
    (msg("Full pyramid (3-2-1)"), "1P 2G 2O 3P 3G 3O"),
)


def hex_height(card_w: float) -> float:
    return card_size(DECK, card_w)[1]


# -- one pyramid ------------------------------------------------------------------------------
def pyramid_extent(rows: Sequence[int], card_w: float) -> tuple[float, float]:
    """Width and height of a honeycomb with ``rows`` cards per row, top to bottom."""
    if not rows:
        return 0.0, 0.0
    h = hex_height(card_w)
    width = max(rows) * card_w + (max(rows) - 1) * GAP
    height = h + (len(rows) - 1) * (0.75 * h + GAP * 0.87)
    return width, height


def keystone_badge(arrangement: Arrangement) -> str:
    """What the Keystone stands for in this arrangement: ``= 1P``, ``= 2 any`` or ``""``."""
    role = arrangement.keystone
    if role is None or role.level is None:
        return ""
    if role.colour:
        return f"= {role.level}{role.colour}"
    # Translators: the badge on a Keystone standing for a card of this level in any colour
    return str(msg("= {level} any", level=role.level))


def pyramid_ops(
    arrangement: Arrangement,
    cx: float,
    y: float,
    card_w: float,
    theme: Theme | str = "default",
    target: str = "pyramid",
    portrait: bool = False,
) -> list[DrawOp]:
    """The pyramid's rows as touching hexagons, centred on ``cx`` from ``y`` down.

    Each row is centred, so the rows nest like a honeycomb: level 1 on top, level 3 at the base.
    The Keystone carries a badge with the card it stands for (on a phone, ``portrait``, in
    letters of at least `LABEL_MIN` px).
    """
    theme = get_theme(theme)
    h = hex_height(card_w)
    step = 0.75 * h + GAP * 0.87
    ops: list[DrawOp] = []
    badge = keystone_badge(arrangement)
    badges: list[DrawOp] = []
    k = 0
    for r, cards in enumerate(arrangement.rows):
        x0 = cx - row_width(len(cards), card_w, GAP) / 2
        ry = y + r * step
        for i, card in enumerate(cards):
            x = x0 + i * (card_w + GAP)
            ops.append(card_sprite(card, card_w, h, theme, DECK, x, ry))
            ops.append(HitBox(x, ry, card_w, h, f"{target}:{k}"))
            k += 1
            if card.is_extra and badge:
                size = max(LABEL_MIN if portrait else 9.0, 0.2 * card_w) * theme.font_scale
                bw = len(badge) * size * 0.6 + 8
                bx, by = x + card_w / 2 - bw / 2, ry + h * 0.78
                badges += [
                    Rect(bx, by, bw, size * 1.4, fill=theme.highlight, radius=size * 0.5),
                    Text(bx + bw / 2, by + size * 0.72, badge, size, "#000000", bold=True),
                ]
    return ops + badges


def kicker_label(arrangement: Arrangement) -> str:
    """The words over an arrangement's kickers (all six cards when there is no pyramid)."""
    if not arrangement.rows:
        return str(msg("all six cards count as kickers, strongest first"))
    return str(msgn("kicker", "kickers", len(arrangement.kickers)))


def arrangement_ops(
    arrangement: Arrangement,
    x: float,
    y: float,
    card_w: float,
    theme: Theme | str = "default",
    kicker_w: float | None = None,
    ink: str | None = None,
    target: str = "pyramid",
    right: float | None = None,
    portrait: bool = False,
) -> tuple[list[DrawOp], float, float]:
    """A hand laid out: its pyramid from (x, y), the kickers beside it on the right, labelled.

    Returns the ops and the (width, height) used.  With no pyramid, all six cards are drawn as
    kickers under the words "no pyramid".  The kickers' label ends before ``right`` (a column of
    a wider picture), or where the kickers end.  On a phone (``portrait``) the labels are at
    least `LABEL_MIN` px, and a label on two lines goes above the kickers, not over them.
    """
    theme = get_theme(theme)
    ink = ink or theme.felt_text
    kw = kicker_w or card_w * 0.8
    kh = hex_height(kw)
    size = 11.0 * theme.font_scale
    ops: list[DrawOp] = []
    sizes = [len(r) for r in arrangement.rows]
    pw, ph = pyramid_extent(sizes, card_w)
    if arrangement.rows:
        ops += pyramid_ops(arrangement, x + pw / 2, y, card_w, theme, target, portrait)
        kx = x + pw + 18
    else:
        ops.append(Text(x, y + 6, str(msg("no pyramid")), size * 1.1, ink, "left", bold=True))
        kx = x
    width, height = pw, ph
    if arrangement.kickers:
        label = kicker_label(arrangement)
        ky = y + max(ph - kh, 0) if arrangement.rows else y + 36
        room = (right if right is not None else kx + 6 * (kw + GAP)) - kx
        if not portrait:
            ops += fitted(kx, ky - 9, label, room, size, ink, "left")
        elif arrangement.rows:  # its last line where the table has it, any other above
            ops += table_label(kx, ky - 3, label, room, size, ink, "left", "bottom", phone=room)
        else:  # under "no pyramid", the cards under it
            said = table_label(kx, y + 16, label, room, size, ink, "left", "top", phone=room)
            ops += said
            ky = _bottom(said) + 6
        ops += row(
            arrangement.kickers, kx, ky, kw, kh, GAP, theme, deck=DECK, target=f"{target}-kicker"
        )
        width = kx - x + row_width(len(arrangement.kickers), kw, GAP)
        height = max(ph, ky - y + kh)
    return ops, width, height


def arrangement_picture(
    hand: PyramidValue | Sequence[Card] | str,
    title: str | Message = "",
    theme: Theme | str = "default",
    card_w: float = 64.0,
) -> Drawing:
    """One hand's best arrangement on felt: the pyramid, its kickers and what it is."""
    theme = get_theme(theme)
    value = (
        hand
        if isinstance(hand, PyramidValue)
        else evaluate(parse(hand) if isinstance(hand, str) else hand)
    )
    m = 18.0
    top = m + (26.0 if title else 6.0)
    ops, w, h = arrangement_ops(value.arrangement, m + 8, top, card_w, theme)
    size = 13.0 * theme.font_scale
    words = str(value.description)
    title = str(title)
    width = max(w + 2 * m + 16, text_width(words, size) + 2 * m + 2, 420.0)
    height = top + h + 46
    out: list[DrawOp] = [Rect(0, 0, width, height, fill=theme.felt, radius=14.0)]
    if title:
        title_size = 15.0 * theme.font_scale
        out += fitted(
            m, m + 6, title, width - 2 * m, title_size, theme.felt_text, "left", bold=True
        )
    out += ops
    out.append(Text(m, top + h + 22, words, size, theme.felt_text, "left"))
    return Drawing(width, height, tuple(out), background=theme.background)


@dataclass(frozen=True)
class ShapeExample:
    """One of the three shapes as `shapes_picture` draws it: its name, an example hand's value,
    the rows by level and how many cards it uses."""

    name: Message
    value: PyramidValue

    @property
    def sizes(self) -> list[int]:
        return [len(r) for r in self.value.arrangement.rows]

    @property
    def shape(self) -> str:
        levels = _levels(len(self.sizes))
        return " + ".join(
            # Translators: how many cards of a level a pyramid shape has, e.g. "3 x level 3"
            str(msg("{count} x level {level}", count=n, level=lvl))
            for n, lvl in zip(self.sizes, levels, strict=True)
        )

    @property
    def used(self) -> str:
        kept = len(self.value.arrangement.kickers)
        used = msgn("{count} card used", "{count} cards used", 6 - kept)
        kickers = msgn("{count} kicker", "{count} kickers", kept)
        return str(msg("{used}, {kickers}", used=used, kickers=kickers))


def shape_examples() -> list[ShapeExample]:
    """The three shapes (small, middle, full), each with its example hand arranged."""
    return [ShapeExample(name, evaluate(hand)) for name, hand in SHAPES]


def shapes_picture(theme: Theme | str = "default", card_w: float = 58.0) -> Drawing:
    """The three shapes side by side (small, middle, full), each with example cards."""
    theme = get_theme(theme)
    m, size = 18.0, 13.0 * theme.font_scale
    examples = shape_examples()
    widest = max(  # a column as wide as its longest caption: a translation is often longer
        max(
            text_width(str(e.name), size * 1.1, bold=True),
            text_width(e.shape, size * 0.95),
            text_width(e.used, size * 0.95),
        )
        for e in examples
    )
    col = max(250.0, widest + 16)
    ops: list[DrawOp] = []
    _, tallest = pyramid_extent([1, 2, 3], card_w)
    for i, example in enumerate(examples):
        _, ph = pyramid_extent(example.sizes, card_w)
        cx = m + col * i + col / 2
        room = col - 10
        ops += fitted(cx, m + 8, str(example.name), room, size * 1.1, theme.label, bold=True)
        ops += pyramid_ops(example.value.arrangement, cx, m + 26 + tallest - ph, card_w, theme)
        ops += fitted(cx, m + 40 + tallest, example.shape, room, size * 0.95, theme.label)
        ops += fitted(cx, m + 60 + tallest, example.used, room, size * 0.95, theme.label)
    return Drawing(2 * m + 3 * col, m + 76 + tallest, tuple(ops), background=theme.background)


def _levels(n_rows: int) -> tuple[int, ...]:
    return (1, 2, 3) if n_rows == 3 else (2, 3)


LADDER_COLUMNS = (
    # Translators: a column head: the worked example's letter
    msg("id"),
    msg("as dealt"),
    msg("its best pyramid and kickers"),
    msg("what it is, and its key"),
)
"""The ladder's column heads, in the picture and in its text version."""


@dataclass(frozen=True)
class LadderRow:
    """One worked example of the ladder: its id, the hand as dealt, the engine's value, and how
    it compares to the next example (``">"``, ``"="``, or ``""`` for the last)."""

    name: str
    hand: str
    value: PyramidValue
    sign: str

    @property
    def key_text(self) -> str:
        return str(msg("key ({key})", key=", ".join(str(x) for x in self.value.key)))


def ladder_rows(examples: Sequence[tuple[str, str, str]] = LADDER) -> list[LadderRow]:
    """The examples with their values, strongest first; the engine's keys decide each sign."""
    values = [evaluate(hand) for _, hand, _ in examples]
    signs = [">" if a.key > b.key else "=" for a, b in itertools.pairwise(values)]
    return [
        LadderRow(name, hand, value, sign)
        for (name, hand, _), value, sign in zip(examples, values, [*signs, ""], strict=True)
    ]


def arrangement_words(arrangement: Arrangement) -> str:
    """A pyramid in words, rows top to bottom, then its kickers and what the Keystone stands for:
    what `arrangement_ops` draws."""
    rows = " / ".join(" ".join(c.code for c in r) for r in arrangement.rows)
    kickers = " ".join(c.code for c in arrangement.kickers)
    badge = keystone_badge(arrangement)
    parts = [str(msg("rows top to bottom: {rows}", rows=rows) if rows else msg("no pyramid"))]
    if kickers:
        parts.append(str(msg("{label}: {cards}", label=kicker_label(arrangement), cards=kickers)))
    if badge:
        parts.append(str(msg("the Keystone K {badge}", badge=badge)))
    # Translators: between the parts of a pyramid in words ("rows ...; kickers: ...")
    return str(msg("; ")).join(parts)


def ladder_picture(
    examples: Sequence[tuple[str, str, str]] = LADDER,
    theme: Theme | str = "default",
    card_w: float = 30.0,
) -> Drawing:
    """The spec's examples strongest first: id, the hand as dealt, its pyramid and its key.

    Between two rows a ``>`` or ``=`` says how they compare (the engine's keys decide it).
    """
    theme = get_theme(theme)
    m = 16.0
    size = 12.5 * theme.font_scale
    _, tallest = pyramid_extent([1, 2, 3], card_w)
    row_h = tallest + 26
    dealt_w = card_w * 0.9
    dealt_x = m + 46
    pyr_x = dealt_x + row_width(6, dealt_w, 2) + 30
    rows = ladder_rows(examples)
    label_size = 11.0 * theme.font_scale  # as arrangement_ops writes the kickers' label
    text_x = pyr_x + max(  # the pyramid column holds its kickers' label whole, in any language
        300.0,
        *(
            text_width(kicker_label(row.value.arrangement), label_size) + 24
            + (pyramid_extent([len(r) for r in row.value.arrangement.rows], card_w)[0] + 18
               if row.value.arrangement.rows else 0)
            for row in rows if row.value.arrangement.kickers
        ),
    )  # fmt: skip
    width = text_x + 430
    band = mix(theme.background, theme.label, 0.1)  # a shade of the page, under label ink
    bands: list[DrawOp] = []
    ops: list[DrawOp] = [
        Text(x, m, str(head), size, theme.label, "left", bold=True)
        for x, head in zip((m, dealt_x, pyr_x, text_x), LADDER_COLUMNS, strict=True)
    ]
    y = m + 18
    for k, example in enumerate(rows):
        value = example.value
        if k % 2 == 0:
            bands.append(Rect(m - 6, y, width - 2 * m + 12, row_h, fill=band))
        mid = y + row_h / 2 - 8
        ops.append(Text(m + 8, mid, example.name, size * 1.5, theme.label, bold=True))
        ops += row(
            parse(example.hand),
            dealt_x,
            mid - hex_height(dealt_w) / 2,
            dealt_w,
            hex_height(dealt_w),
            2,
            theme,
            deck=DECK,
            target=f"dealt{k}",
        )
        placed, _, _ = arrangement_ops(
            value.arrangement,
            pyr_x,
            y + 2,
            card_w,
            theme,
            kicker_w=card_w * 0.85,
            ink=theme.label,
            target=f"ladder{k}",
            right=text_x - 12,
        )
        ops += placed
        room = width - text_x - m
        described = fitted(
            text_x, mid - 16, str(value.description), room, size * 0.95, theme.label, "left",
            "top", lines=3,
        )  # fmt: skip
        ops += described
        ops += fitted(text_x, mid + 34, example.key_text, room, size * 0.9, theme.label, "left",
                      bold=True)  # fmt: skip
        y += row_h
        if example.sign:
            ops.append(Text(m + 8, y, example.sign, size * 1.3, theme.label, bold=True))
    return Drawing(width, y + m, (*bands, *ops), background=theme.background)


# -- the table ------------------------------------------------------------------------------
WIDTH, HEIGHT = 880.0, 520.0
YOU_W = 64.0
OTHER_W = 44.0
NOTE_H = 60.0
"""The strip under the table: how the last hand ended, in a line of text."""
TABLE_SIZE = (WIDTH, HEIGHT + NOTE_H)
"""The table with its strip: one size all game, the showdown drawn on the felt."""
FELT_SHOWN_W = 40.0
"""The card width of the shown pyramids on the felt: two rows of panels fit under the lines
that say who won."""
FELT_WORDS_H = 72.0
"""A showdown panel's height on the felt beyond its pyramid: its title and its words."""


@dataclass(frozen=True)
class SeatSpot:
    """Where a seat is drawn: the centre x of its cards, their top y, and the card width."""

    cx: float
    y: float
    card_w: float


def seat_spots(n: int) -> list[SeatSpot]:
    """Seat spots in drawing order: the viewer at the bottom, the others clockwise."""
    bottom = SeatSpot(WIDTH / 2, HEIGHT - 132, YOU_W)
    if n == 2:
        return [bottom, SeatSpot(WIDTH / 2, 58, OTHER_W)]
    if n == 3:
        return [bottom, SeatSpot(220, 58, OTHER_W), SeatSpot(WIDTH - 220, 58, OTHER_W)]
    return [
        bottom,
        SeatSpot(168, 210, OTHER_W),
        SeatSpot(WIDTH / 2, 58, OTHER_W),
        SeatSpot(WIDTH - 168, 210, OTHER_W),
    ]


def seat_room(spot: SeatSpot, spots: Sequence[SeatSpot]) -> float:
    """How wide a seat's labels may be, centred on it: clear of the felt's edge and of the
    labels of a seat beside it (one at about the same height)."""
    room = 2 * min(spot.cx, WIDTH - spot.cx) - 40
    for other in spots:
        if other is not spot and abs(other.y - spot.y) < 120:
            room = min(room, abs(other.cx - spot.cx) - 12)
    return room


def last_action(view: DrawPokerView, seat: int) -> str:
    """The seat's last move this hand in words (``raises 4``, ``discards 2``, ``folds``)."""
    for s, text in reversed(view.log):
        if s == seat:
            verb, _, rest = text.partition(" ")
            words = LAST_MOVES.get(verb)
            if words is None:
                return text
            if verb not in ("fold", "check", "stand"):
                words = replace(words, params=(("amount", rest),))
            return str(words)
    return ""


LAST_MOVES: dict[str, Message] = {
    "fold": msg("folded"),
    "check": msg("checked"),
    "call": msg("called {amount}"),
    # Translators: a seat's last move, "bet 2" (past tense)
    "bet": msg("bet {amount}"),
    "raise": msg("raised {amount}"),
    # Translators: a seat's last move: how many cards it discarded
    "discard": msg("discarded {amount}"),
    "stand": msg("stood pat"),
}
"""A seat's last move in words, from its log entry (``raise 4``, ``discard 2``)."""


def seat_notes(view: DrawPokerView, seat: int) -> list[str]:
    """What is written under a seat: this round's bet, the last move, the result of the hand."""
    notes: list[str] = []
    if not view.in_hand[seat]:
        return [str(msg("out of chips: sits out") if view.betting else msg("sits out"))]
    move = last_action(view, seat)
    folded = str(msg("folded"))
    if view.folded[seat] or move == folded:
        notes.append(folded)
    elif view.betting and view.phase != "done":
        notes.append(
            str(
                msg(
                    "in the pot {pot}, this round {bet}",
                    pot=view.contributions[seat],
                    bet=view.bets[seat],
                )
            )
        )
    if move and move != folded:
        notes.append(str(msg("last: {move}", move=move)))
    won = result_note(view, seat)
    if won:
        notes.insert(0, won)
    return notes[:2]


def result_note(view: DrawPokerView, seat: int) -> str:
    """What the seat won or lost in the hand just over ("" while it goes on, or for nothing)."""
    if view.phase != "done" or not view.results:
        return ""
    result = view.results[-1]
    net = result.net[seat]
    if seat in result.winners:
        if view.betting:
            return str(msg("wins +{amount} chips", amount=_num(net)))
        return str(msg("wins +{amount} point", amount=_num(net)))
    if view.betting and net:
        return str(msg("{amount} chips", amount=_num(net)))
    return ""


def _who(seat: int, you: int | None) -> Message:
    """A seat's name, marked "(you)" for the viewer."""
    if seat == you:
        return msg("{player} (you)", player=seat_name(seat))
    return seat_name(seat)


def _names(seats: Sequence[int]) -> Message:
    """Two or more seats' names: "Player 1 and Player 3"."""
    names = [seat_name(s) for s in seats]
    return msg("{players} and {last}", players=joined(names[:-1]), last=names[-1])


def _num(x: float | Fraction) -> str:
    f = float(x)
    return f"{f:g}" if f != int(f) else str(int(f))


def table_picture(
    view: DrawPokerView,
    *,
    you: int | None = None,
    selected: Collection[int] = (),
    banner: str = "",
    theme: Theme | str = "default",
    showdown: bool = False,
    portrait: bool = False,
) -> Drawing:
    """The table as ``view.seat`` sees it: 2-4 seats, their cards (backs when hidden), chips,
    bets and last moves, and the pot, stock and stage in the middle.

    The viewer's cards target ``card:<i>`` (click to select a discard); other seats'
    ``seat:<s>:<i>``.  With ``showdown`` a hand that ends in a showdown is shown on the felt
    as the hands' pyramids, and a strip under the table says how the last hand ended: one
    size, `TABLE_SIZE`, all game (a canvas that grew at each showdown and shrank at the next
    hand repainted in full and moved every control under it, twice a hand).  ``portrait``: for
    a phone, the same parts one under another (`_portrait`).
    """
    theme = get_theme(theme)
    result = view.results[-1] if view.phase == "done" and view.results else None
    shown = showdown and result is not None and bool(result.shown)
    if portrait:
        return _portrait(view, result, shown, showdown, selected, banner, theme, you)
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, 10.0, 80.0)]
    if shown and result is not None:
        ops += _felt_showdown(view, result, banner, theme, you)
    else:
        ops += _seats(view, selected, theme, you)
        ops += _middle(view, banner, theme)
    if not showdown:
        return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)
    ops += _note(_strip_words(view, result), theme, 10.0, HEIGHT, WIDTH - 20.0)
    return Drawing(WIDTH, HEIGHT + NOTE_H, tuple(ops), background=theme.background)


def _strip_words(view: DrawPokerView, result: HandResult | None) -> str:
    """What the strip under the table says: how the last hand ended."""
    if result is None:
        return str(msg("No showdown yet."))
    if result.shown:
        return str(stage_words(view))
    return result.summary


# -- the table on a phone ---------------------------------------------------------------------
PORTRAIT_YOU_W = (ROOM - 5 * 6.0) // 6
"""The viewer's six cards on a phone (50 px): they and their gaps in the portrait table's
`ROOM`."""
PORTRAIT_SHOWN_W = 48.0
"""A shown pyramid's cards on a phone: a full pyramid and its three kickers, or six kickers, in
a `PHONE_PANEL_W` panel."""
LINE_ROOM = PHONE_W - 20.0
"""How long a label may be on a phone: the felt inside its edge, so a line the table writes whole
is written whole there too (the portrait table's parts are `ROOM` wide)."""
PHONE_PANEL_W = PHONE_W - 16.0
"""A showdown panel on a phone: the felt's width inside its edge, so its words are as wide as
the table's where they can be."""
PHONE_PANEL_PAD = 6.0
"""Between a phone's showdown panel's frame and its words."""


def _portrait(
    view: DrawPokerView,
    result: HandResult | None,
    shown: bool,
    showdown: bool,
    selected: Collection[int],
    banner: str,
    theme: Theme,
    you: int | None,
) -> Drawing:
    """The table on a phone held upright, as it reads on the felt: the banner, the other seats,
    the middle and the strip's words, the viewer's seat (its cards to click) last; a showdown's
    panels one under another, the viewer's last."""
    ink = theme.felt_text
    head = phone_lines(PHONE_W / 2, 0, [banner], banner, LINE_ROOM, 15.0 * theme.font_scale, ink,
                       bold=True) if banner else []  # fmt: skip
    strip = (
        _note(_strip_words(view, result), theme, 0.0, 0.0, WIDTH - 20.0, True) if showdown else []
    )
    me = view.seat if view.seat is not None else you
    if shown and result is not None:
        winners = table_label(
            PHONE_W / 2,
            0,
            _winners(view, result),
            WIDTH - 200,
            14.0 * theme.font_scale,
            ink,
            bold=True,
            phone=LINE_ROOM,
        )
        panel_w = _panel_width(WIDTH - 60.0)  # the table's: it breaks the words into lines
        panels = [
            _panel(seat, cards, result, theme, 0.0, 0.0, panel_w, 0.0, PORTRAIT_SHOWN_W, you,
                   result_note(view, seat), portrait=True)
            for seat, cards, _ in sorted(result.shown, key=lambda hand: hand[0] == me)
        ]  # fmt: skip
        return portrait_stack([head, winners, strip, *panels], theme)
    n = len(view.hands)
    spots = seat_spots(n)
    seats = [
        _seat(view, s, place, replace(spot, card_w=PORTRAIT_YOU_W) if place == 0 else spot,
              seat_room(spot, spots), selected, theme, you, portrait=True)
        for place, (s, spot) in enumerate(zip(display_order(n, me), spots, strict=True))
    ]  # fmt: skip
    middle = _middle(view, "", theme, portrait=True)
    return portrait_stack([head, *seats[1:], middle, strip, seats[0]], theme)


def _bottom(ops: Sequence[DrawOp]) -> float:
    """The lowest y ``ops`` reach (their labels measured), to put the next thing under them."""
    return extent(ops)[3]


def _seats(
    view: DrawPokerView, selected: Collection[int], theme: Theme, you: int | None
) -> list[DrawOp]:
    """Every seat: its cards (backs when hidden), its plate and what is written under it."""
    n = len(view.hands)
    me = view.seat if view.seat is not None else you
    ops: list[DrawOp] = []
    spots = seat_spots(n)
    for place, (s, spot) in enumerate(zip(display_order(n, me), spots, strict=True)):
        ops += _seat(view, s, place, spot, seat_room(spot, spots), selected, theme, you)
    return ops


def _seat(
    view: DrawPokerView,
    s: int,
    place: int,
    spot: SeatSpot,
    room: float,
    selected: Collection[int],
    theme: Theme,
    you: int | None,
    portrait: bool = False,
) -> list[DrawOp]:
    """Seat ``s`` at ``spot`` (``place`` 0: the viewer's): its cards, its plate ``room`` wide
    and what is written under it; on a phone (``portrait``) its words at least `LABEL_MIN` px,
    in the lines the table writes them."""
    me = view.seat if view.seat is not None else you
    ops: list[DrawOp] = []
    size = 13.0 * theme.font_scale
    hand = view.hands[s]
    w = spot.card_w
    h = hex_height(w)
    face_up = any(c is not None for c in hand)
    gap = 6.0 if place == 0 else (2.0 if face_up else -6.0)
    x0 = spot.cx - row_width(len(hand), w, gap) / 2
    is_you = s == me
    ops += row(
        hand,
        x0,
        spot.y,
        w,
        h,
        gap,
        theme,
        selected if is_you else (),
        True,
        DECK,
        "card" if is_you else f"seat:{s}",
    )
    if view.folded[s] and view.in_hand[s]:
        span = row_width(len(hand), w, gap)
        ops.append(Rect(x0 - 3, spot.y - 3, span + 6, h + 6, fill=theme.felt, radius=8))
        folded = str(msg("folded"))
        ops.append(Text(spot.cx, spot.y + h / 2, folded, size, theme.felt_text, bold=True))
    who = _who(s, you)
    if view.betting:
        chips = msgn("{count} chip", "{count} chips", view.stacks[s])
    else:
        chips = msg("{amount} pts", amount=_num(view.points[s]))
    if s == view.button:
        label = str(msg("{player} · {chips} · dealer", player=who, chips=chips))
    else:
        label = str(msg("{player} · {chips}", player=who, chips=chips))
    active = view.to_act == s and view.phase != "done"
    lift = selection_lift(h) if is_you and selected else 0  # clear of a lifted card
    ops += seat_plate(label, spot.cx, spot.y - 14 - lift, theme, active=active, size=size,
                      width=LINE_ROOM if portrait else room)  # fmt: skip
    y = spot.y + h + 14
    for note in seat_notes(view, s):  # one under the other, a long one on two lines
        lines = table_label(
            spot.cx,
            y,
            note,
            room,
            size * 0.92,
            theme.felt_text,
            lines=2,
            phone=LINE_ROOM if portrait else None,
        )
        ops += lines
        y += height_of(len(lines), lines[0].size) + 3
    return ops


def _middle(view: DrawPokerView, banner: str, theme: Theme, portrait: bool = False) -> list[DrawOp]:
    """The middle of the table: the banner, the pot (or who won it), the stage and the stock;
    on a phone (``portrait``) one line under another, at least `LABEL_MIN` px."""
    size = 13.0 * theme.font_scale
    ink = theme.felt_text
    mid = HEIGHT / 2 - 40 if len(view.hands) != 2 else HEIGHT / 2 - 30
    said: list[tuple[float, str, float, bool]] = []  # (y below mid, words, size, bold)
    if banner:
        said.append((-10, banner, 15.0 * theme.font_scale, True))
    if view.phase == "done" and view.results:
        said.append((16, _winners(view, view.results[-1]), size * 1.05, True))
    elif view.betting:
        if view.phase in ("bet1", "bet2"):
            pot = msg(
                "Pot {pot} · bets of {size} · raises {raises} of {cap}",
                pot=view.pot,
                size=view.bet_size,
                raises=view.raises,
                cap=view.raise_cap,
            )
        else:
            pot = msg("Pot {pot}", pot=view.pot)
        said.append((16, str(pot), size * 1.05, True))
    said.append((38, str(stage_words(view)), size * 0.95, False))
    stock = msgn(
        "Stock {count} card · discards {discards}",
        "Stock {count} cards · discards {discards}",
        view.stock_size,
        discards=view.muck_size,
    )
    said.append((58, str(stock), size * 0.9, False))
    if not portrait:
        return [Text(WIDTH / 2, mid + dy, text, s, ink, bold=b) for dy, text, s, b in said]
    ops: list[DrawOp] = []
    y = 0.0
    for _, text, s, b in said:
        ops += phone_lines(PHONE_W / 2, y, [text], text, LINE_ROOM, s, ink, "center", "top", b)
        y = _bottom(ops) + 6
    return ops


# -- the showdown ---------------------------------------------------------------------------
def showdown_ops(
    result: HandResult | None,
    theme: Theme | str = "default",
    x: float = 0.0,
    y: float = 0.0,
    width: float = WIDTH,
    card_w: float = 46.0,
    you: int | None = None,
) -> tuple[list[DrawOp], float]:
    """The showdown in a band ``width`` wide from (x, y), and the band's height: every hand
    shown as its chosen pyramid, kickers beside it, the winner marked (two panels a row); or a
    note when there is no showdown (yet)."""
    theme = get_theme(theme)
    if result is None or not result.shown:
        text = str(msg("No showdown yet.") if result is None else result.summary)
        return _note(text, theme, x, y, width), NOTE_H
    return _panels(result, theme, x, y, width, card_w, you)


def _note(
    text: str, theme: Theme, x: float, y: float, width: float, portrait: bool = False
) -> list[DrawOp]:
    """A line or two of text on a band of felt `NOTE_H` tall; on a phone (``portrait``) the
    words alone, in the lines the band ``width`` wide has them (the phone's table is felt)."""
    m = 14.0
    size = 13.0 * theme.font_scale
    said = table_label(
        x + m,
        y + 22 - size / 2,
        text,
        width - 2 * m,
        size,
        theme.felt_text,
        "left",
        "top",
        lines=2,
        phone=LINE_ROOM if portrait else None,
    )
    if portrait:
        return list(said)
    return [Rect(x, y, width, NOTE_H, fill=theme.felt, radius=12), *said]


def _felt_showdown(
    view: DrawPokerView, result: HandResult, banner: str, theme: Theme, you: int | None
) -> list[DrawOp]:
    """A showdown on the felt, where the seats were: the banner and who won on top, then the
    shown hands' panels, each with what its seat won or lost (the strip under the table says
    where the game stands)."""
    ink = theme.felt_text
    ops: list[DrawOp] = []
    if banner:
        ops += fitted(WIDTH / 2, 32, banner, WIDTH - 200, 15.0 * theme.font_scale, ink,
                      bold=True)  # fmt: skip
    ops += fitted(WIDTH / 2, 54 if banner else 44, _winners(view, result), WIDTH - 200,
                  14.0 * theme.font_scale, ink, bold=True)  # fmt: skip
    notes = {seat: result_note(view, seat) for seat, _, _ in result.shown}
    block = _panels_height(len(result.shown), FELT_SHOWN_W, FELT_WORDS_H)
    top = 70.0 + max(0.0, (HEIGHT - 24 - 70 - block) / 2)  # one row sits in the middle
    panels, _ = _panels(result, theme, 30.0, top, WIDTH - 60.0, FELT_SHOWN_W, you, notes,
                        FELT_WORDS_H)  # fmt: skip
    return ops + panels


def _winners(view: DrawPokerView, result: HandResult) -> str:
    """Who won the hand's pot (or point), in words."""
    won = sum(result.payouts) if view.betting else 1
    winners = result.winners
    if len(winners) == 1:
        player = seat_name(winners[0])
        if view.betting:
            return str(msg("{player} wins the pot of {amount}", player=player, amount=won))
        return str(msg("{player} wins the point", player=player))
    players = _names(winners)
    if view.betting:
        return str(msg("{players} share the pot of {amount}", players=players, amount=won))
    return str(msg("{players} share the point", players=players))


PANEL_M = 14.0
"""The margin around and between the showdown's panels."""


def _panel_height(card_w: float, words_h: float) -> float:
    """A showdown panel's height: the tallest pyramid and ``words_h`` for its words."""
    return pyramid_extent([1, 2, 3], card_w)[1] + words_h


def _panels_height(shown: int, card_w: float, words_h: float) -> float:
    """The height of ``shown`` hands' panels, two a row, with their margins."""
    return (shown + 1) // 2 * (_panel_height(card_w, words_h) + PANEL_M) + PANEL_M


def _panel_width(width: float, cols: int = 2) -> float:
    """A showdown panel's width, ``cols`` of them with their margins in ``width``."""
    return (width - (cols + 1) * PANEL_M) / cols


def _panels(
    result: HandResult,
    theme: Theme,
    x: float,
    y: float,
    width: float,
    card_w: float,
    you: int | None,
    notes: Mapping[int, str] | None = None,
    words_h: float = 84.0,
) -> tuple[list[DrawOp], float]:
    """The shown hands' panels, two a row, and their height; with ``notes``, each seat's
    note (what it won or lost) at the right of its title.  A panel is its tallest pyramid
    and ``words_h`` more, for its title and what it holds in words."""
    m = PANEL_M
    cols = 2
    panel_w = _panel_width(width, cols)
    panel_h = _panel_height(card_w, words_h)
    ops: list[DrawOp] = []
    for i, (seat, cards, _) in enumerate(result.shown):
        px = x + m + (i % cols) * (panel_w + m)
        py = y + m + (i // cols) * (panel_h + m)
        note = (notes or {}).get(seat, "")
        ops += _panel(seat, cards, result, theme, px, py, panel_w, panel_h, card_w, you, note)
    return ops, _panels_height(len(result.shown), card_w, words_h)


def _panel(
    seat: int,
    cards: Sequence[Card],
    result: HandResult,
    theme: Theme,
    px: float,
    py: float,
    panel_w: float,
    panel_h: float,
    card_w: float,
    you: int | None,
    note: str,
    portrait: bool = False,
) -> list[DrawOp]:
    """Seat ``seat``'s shown hand in a panel at (px, py), ``panel_w`` by ``panel_h``: who it is
    (the winner's panel ringed), its ``note`` at the right of the title, its pyramid and what it
    holds in words.  On a phone (``portrait``) the panel is `PHONE_PANEL_W` wide and as tall as
    its words need, the note under the title, and every label in the lines a panel ``panel_w``
    wide on the table has (`_label`)."""
    size = 13.0 * theme.font_scale
    ink = theme.felt_text
    value = evaluate(cards)
    won = seat in result.winners
    who = _who(seat, you)
    if won and len(result.winners) > 1:
        title = msg("{player}: ties and shares", player=who)
    elif won:
        title = msg("{player}: wins", player=who)
    else:
        title = msg("{player}: shows", player=who)
    pad = PHONE_PANEL_PAD if portrait else 12.0
    words = PHONE_PANEL_W - 2 * pad  # on a phone, inside the panel
    title_w = (panel_w - 24) * (0.6 if note else 1.0)
    said = table_label(
        px + pad,
        py + 16,
        str(title),
        title_w,
        size,
        ink,
        "left",
        bold=True,
        phone=words if portrait else None,
    )
    if note:
        align: Align
        nx, ny, align = (
            (px + pad, _bottom(said) + 4, "left")
            if portrait
            else (px + panel_w - 12, py + 16, "right")
        )
        said += table_label(
            nx,
            ny,
            note,
            (panel_w - 24) * 0.4 - 8,
            size,
            ink,
            align,
            "top" if portrait else "middle",
            phone=words if portrait else None,
        )
    top = _bottom(said) + 10 if portrait else py + 30
    placed, _, _ = arrangement_ops(
        value.arrangement,
        px + pad + 2,
        top,
        card_w,
        theme,
        kicker_w=card_w * 0.8,
        target=f"shown{seat}",
        right=px + PHONE_PANEL_W - pad if portrait else None,
        portrait=portrait,
    )
    small = size * 0.9
    wy = _bottom(placed) + 10 if portrait else py + panel_h - 30 - small / 2
    said_too = table_label(
        px + pad,
        wy,
        str(value.description),
        panel_w - 24,
        small,
        ink,
        "left",
        "top",
        lines=2,
        phone=words if portrait else None,
    )
    if portrait:
        panel_w, panel_h = PHONE_PANEL_W, _bottom(said_too) + 10 - py
    frame = Rect(
        px,
        py,
        panel_w,
        panel_h,
        fill=theme.felt,
        stroke=theme.highlight if won else theme.felt_edge,
        line_width=(4.0 if won else 2.0) * theme.line_scale,
        radius=12,
    )
    return [frame, *said, *placed, *said_too]


def showdown_picture(
    result: HandResult | None,
    theme: Theme | str = "default",
    card_w: float = 46.0,
    you: int | None = None,
) -> Drawing:
    """The showdown on its own (the quiz's answer): see `showdown_ops`."""
    theme = get_theme(theme)
    ops, height = showdown_ops(result, theme, card_w=card_w, you=you)
    return Drawing(WIDTH, height, tuple(ops), background=theme.background)


# -- hands in rows ----------------------------------------------------------------------------
def hand_row(
    cards: Sequence[Card], selected: Collection[int], theme: Theme | str, card_w: float = 70.0
) -> Drawing:
    """A hand of hexagons in a row on felt (targets ``card:<i>``); selected cards (the
    discard) are lifted."""
    t = get_theme(theme)
    h = hex_height(card_w)
    ops = row(cards, 14, 14 + 0.15 * h, card_w, h, 8, t, selected, deck=DECK)
    width = 28 + row_width(len(cards), card_w, 8)
    return Drawing(max(width, 200), 28 + 1.15 * h, tuple(ops), background=t.felt)


def dealt_hands_picture(
    hands: Sequence[Sequence[Card]], theme: Theme | str = "default", card_w: float = 58.0
) -> Drawing:
    """The quiz's question: each player's six cards as dealt, one labelled row each."""
    t = get_theme(theme)
    names = [str(seat_name(s)) for s in range(len(hands))]
    return labelled_rows(
        names,
        hands,
        t,
        DECK,
        card_w,
        6.0,
        top=16.0,
        row_gap=24.0,
        label_x=20.0,
        size=15.0,
        target="seat",
        width=WIDTH,
    )


__all__ = [
    "HEIGHT",
    "LADDER",
    "LADDER_COLUMNS",
    "SHAPES",
    "TABLE_SIZE",
    "WIDTH",
    "LadderRow",
    "ShapeExample",
    "arrangement_ops",
    "arrangement_picture",
    "arrangement_words",
    "dealt_hands_picture",
    "hand_row",
    "keystone_badge",
    "kicker_label",
    "ladder_picture",
    "ladder_rows",
    "pyramid_ops",
    "seat_notes",
    "shape_examples",
    "shapes_picture",
    "showdown_ops",
    "showdown_picture",
    "stage_words",
    "table_picture",
]
