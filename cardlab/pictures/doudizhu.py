"""Drawing Dou Dizhu: the table (the viewer's hand at the bottom, two seats at the sides, the
combination on the table in the middle, the bottom cards at the top) and rows of example plays.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the lesson shows.  What each seat may see is decided by the caller, through the
observation it passes: a card is a `Card` (face up) or None (a back).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.doudizhu import DouDizhuView, parse
from cardlab.render import Circle, Drawing, DrawOp, HitBox, Rect, Text, card_size, get_theme, row
from cardlab.render.layout import felt, fit_gap, row_width, seat_plate
from cardlab.render.ops import Align
from cardlab.render.portrait import ROOM, extent, phone_fit, shifted
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import LINE_HEIGHT, text_width
from cardlab.render.theme import Theme

WIDTH, HEIGHT = 900.0, 500.0
HAND_W = 58.0
HAND_H = card_size("standard54", HAND_W)[1]
SIDE_W = 40.0
SIDE_H = card_size("standard54", SIDE_W)[1]
TABLE_W = 54.0
TABLE_H = card_size("standard54", TABLE_W)[1]
BOTTOM_W = 38.0
MARGIN = 10.0
# seats on screen: 0 (the viewer) at the bottom, 1 on the right, 2 on the left: play runs
# counter-clockwise, as at a real Dou Dizhu table
SIDE_X = {1: WIDTH - 40.0 - 250.0, 2: 40.0}
SIDE_SPAN = 250.0
SIDE_Y = 118.0
PORTRAIT_HAND_W = 52.0
"""The viewer's cards on a phone: rows of up to ten in the portrait table's width, each card
showing a strip about 30 px wide to tap."""
PORTRAIT_SIDE_W = 44.0
"""The other seats' cards on a phone, a row of ten across the portrait table's width."""
PORTRAIT_FAN = 200.0
"""How wide a phone draws a fan of backs."""
PORTRAIT_BOTTOM_W = 46.0
"""The bottom cards on a phone (three, alone on their row)."""


def seat_title(seat: int, view: DouDizhuView, you: int | None) -> str:
    """``You (Player 1)`` / ``Player 2``, with the role once bidding is over."""
    name: Message = seat_name(seat)
    if seat == you:
        name = msg("You ({player})", player=name)
    if view.landlord is not None:
        if seat == view.landlord:
            name = msg("{player} \u00b7 LANDLORD", player=name)
        else:
            name = msg("{player} \u00b7 farmer", player=name)
    return str(name)


def last_actions(view: DouDizhuView) -> dict[int, str]:
    """What each seat did last in the current trick: ``pass`` or the combination's name."""
    out: dict[int, str] = {}
    if view.table is None and view.plays and view.phase == "play":
        return out  # a fresh lead: the table was just cleared
    for play in reversed(view.plays):
        if play.seat in out:
            continue
        out[play.seat] = str(msg("passes") if play.combo is None else play.combo.name)
        if play.combo is not None and play.seat == view.last_player:
            break
    return out


def bid_words(view: DouDizhuView) -> dict[int, str]:
    said: dict[int, str] = {}
    for seat, bid in view.bids:
        said[seat] = str(msg("passes") if bid == 0 else msg("bids {bid}", bid=bid))
    return said


def _side_hand(
    cards: Sequence[Card | None],
    x: float,
    y: float,
    theme: Theme,
    seat: int,
    size: tuple[float, float, float, float] = (SIDE_W, SIDE_H, SIDE_SPAN, 150.0),
) -> list[DrawOp]:
    """A side seat's cards: faces in up to two rows, or a fan of backs with the count.
    ``size``: the cards' width and height, the faces' row width and the fan's (a phone's
    table has room for larger cards)."""
    w, h, span, fan = size
    ops: list[DrawOp] = []
    if not cards:
        return ops
    hidden = all(c is None for c in cards)
    if hidden:
        n = len(cards)
        gap = fit_gap(n, w, fan, -w * 0.6)
        ops += row(list(cards), x, y, w, h, gap, theme, deck="standard54",
                   target=f"seat:{seat}")  # fmt: skip
        span = row_width(n, w, gap)
        cx, cy = x + span + 26, y + h / 2
        ops.append(Circle(cx, cy, 19, fill=theme.card_face, stroke=theme.card_edge, line_width=1.5))
        ops.append(Text(cx, cy + 1, str(n), 16 * theme.font_scale, theme.text, bold=True))
        return ops
    rows = [list(cards[:10]), list(cards[10:])] if len(cards) > 10 else [list(cards)]
    for k, part in enumerate(rows):
        gap = fit_gap(len(part), w, span, 2.0)
        ops += row(part, x, y + k * (h * 0.62), w, h, gap, theme,
                   deck="standard54", target=f"seat:{seat}")  # fmt: skip
    return ops


def table_picture(
    view: DouDizhuView,
    *,
    you: int | None = 0,
    selected: Collection[int] = (),
    banner: str = "",
    theme: Theme | str = "default",
    hands: Sequence[Sequence[Card | None]] | None = None,
    portrait: bool = False,
) -> Drawing:
    """The table as ``view`` shows it.  ``hands`` overrides the hands drawn (the teacher's "show
    all hands"); ``selected`` are the indices of the bottom hand's cards lifted for a play.
    The bottom hand's cards are the click targets ``card:<i>``.  ``portrait``: for a phone, the
    banner, the scores, the bottom cards, the two other seats in the order they play, the
    middle and the viewer's hand one under another (`cardlab.render.portrait`)."""
    theme = get_theme(theme)
    hands = view.hands if hands is None else hands
    active = view.to_act if view.phase in ("bid", "play") else None
    said = bid_words(view) if view.phase == "bid" else last_actions(view)
    viewer = 0 if view.seat is None else view.seat
    order = (viewer, (viewer + 1) % 3, (viewer + 2) % 3)
    title = 14.0 * theme.font_scale
    if portrait:
        seats = [
            _side_seat(view, seat, hands[seat], 0.0, SIDE_Y, said, theme, you, active, True)
            for seat in order[1:]
        ]
        return portrait_stack(
            [
                _words(0.0, 0.0, banner, title, theme.felt_text, bold=True, portrait=True),
                _status_box(view, theme, True),
                _bottom_cards(view, theme, True),
                *seats,
                _middle(view, theme, you, True),
                _own_seat(view, hands[viewer], viewer, said, theme, you, active, selected, True),
            ],
            theme,
        )
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 70.0)]
    if banner:
        ops.append(Text(WIDTH / 2, 32, banner, title, theme.felt_text, bold=True))
    ops += _status_box(view, theme)
    ops += _bottom_cards(view, theme)
    for place, seat in ((1, order[1]), (2, order[2])):
        ops += _side_seat(view, seat, hands[seat], SIDE_X[place], SIDE_Y, said, theme, you, active)
    ops += _middle(view, theme, you)
    ops += _own_seat(view, hands[viewer], viewer, said, theme, you, active, selected)
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _words(
    x: float,
    y: float,
    text: str,
    size: float,
    fill: str,
    align: Align = "center",
    *,
    bold: bool = False,
    portrait: bool = False,
) -> list[Text]:
    """A label at (x, y).  On a phone it is at least `LABEL_MIN` px and, wider than a part's
    `ROOM`, shrunk down to that and then wrapped, the lines going down from ``y``: a long
    settlement or combination name stays whole and readable in the narrow column."""
    if not portrait:
        return [Text(x, y, text, size, fill, align, bold=bold)]
    lines, used = phone_fit(text, ROOM, size, bold)
    step = used * LINE_HEIGHT
    return [Text(x, y + k * step, part, used, fill, align, bold=bold)
            for k, part in enumerate(lines)]  # fmt: skip


def _plate(
    text: str, x: float, y: float, theme: Theme, active: bool, portrait: bool = False
) -> list[DrawOp]:
    """A seat's name plate (`seat_plate`).  On a phone a name too long for a part's `ROOM`
    is shrunk down to `LABEL_MIN` and then wrapped, its lines going up from ``y`` (the plate
    sits over the cards) on one highlighted plate if the seat is to act."""
    if not portrait:
        return seat_plate(text, x, y, theme, active=active)
    size = 13.0 * theme.font_scale
    label = "\u25b6 " + text if active else text
    pad = 7.0 if active else 0.0
    lines, used = phone_fit(label, ROOM - 2 * pad, size, True)
    if len(lines) == 1:
        return seat_plate(text, x, y, theme, active=active, size=used)
    step = used * LINE_HEIGHT
    top = y - step * (len(lines) - 1)
    ops: list[DrawOp] = []
    if active:
        plate_w = max(text_width(line, used, bold=True) for line in lines) + 2 * pad
        ops.append(Rect(x - plate_w / 2, top - used * 0.8, plate_w, y - top + used * 1.6,
                        fill=theme.highlight, radius=used * 0.6))  # fmt: skip
    ink = "#000000" if active else theme.felt_text
    ops += [Text(x, top + k * step, line, used, ink, bold=True) for k, line in enumerate(lines)]
    return ops


def _bottom_cards(view: DouDizhuView, theme: Theme, portrait: bool = False) -> list[DrawOp]:
    """The three bottom cards (top centre of the table) and whether they are shown yet."""
    bottom = list(view.bottom)
    if not bottom:
        return []
    w = PORTRAIT_BOTTOM_W if portrait else BOTTOM_W
    h = card_size("standard54", w)[1]
    bx = WIDTH / 2 - row_width(len(bottom), w, 6) / 2
    ops = row(bottom, bx, 48, w, h, 6, theme, deck="standard54", target="bottom")
    shown = (
        msg("bottom cards (shown to all)")
        if view.landlord is not None
        else msg("bottom cards (face down)")
    )
    size = 13.0 * theme.font_scale
    ops += _words(WIDTH / 2, 48 + h + 12, str(shown), size * 0.9, theme.felt_text,
                  portrait=portrait)  # fmt: skip
    return ops


def _side_seat(
    view: DouDizhuView,
    seat: int,
    cards: Sequence[Card | None],
    x: float,
    y: float,
    said: Mapping[int, str],
    theme: Theme,
    you: int | None,
    active: int | None,
    portrait: bool = False,
) -> list[DrawOp]:
    """Another seat from ``x`` with its cards' top at ``y``: its title, its cards and what it
    said last.  On a phone its cards are larger and centred, with its words under them."""
    size = 13.0 * theme.font_scale
    span = ROOM if portrait else SIDE_SPAN
    ops = _plate(seat_title(seat, view, you), x + span / 2, y - 22, theme, active == seat,
                 portrait)  # fmt: skip
    if not portrait:
        ops += _side_hand(cards, x, y, theme, seat)
        words_y = y + 2 * SIDE_H * 0.62 + 40
    else:
        shape = (PORTRAIT_SIDE_W, card_size("standard54", PORTRAIT_SIDE_W)[1], ROOM, PORTRAIT_FAN)
        hand = _side_hand(cards, x, y, theme, seat, shape)
        x0, _, x1, y1 = extent(hand)
        dx = x + span / 2 - (x0 + x1) / 2 if hand else 0.0
        ops += [shifted(op, dx, 0.0) for op in hand]
        words_y = (y1 if hand else y) + 16
    if seat in said:
        ops += _words(x + span / 2, words_y, said[seat], size, theme.felt_text,
                      bold=said[seat] != str(msg("passes")), portrait=portrait)  # fmt: skip
    return ops


def _middle(
    view: DouDizhuView, theme: Theme, you: int | None, portrait: bool = False
) -> list[DrawOp]:
    """The middle of the table: the combination to beat and who played it (or who leads to a
    clear table) and, once the deal is over, who won and the settlement's arithmetic."""
    size = 13.0 * theme.font_scale
    ops: list[DrawOp] = []
    if view.table_cards:
        cards = list(view.table_cards)
        gap = fit_gap(len(cards), TABLE_W, ROOM if portrait else 380, 4)
        tx = WIDTH / 2 - row_width(len(cards), TABLE_W, gap) / 2
        ty = 168.0
        ops += row(cards, tx, ty, TABLE_W, TABLE_H, gap, theme, deck="standard54",
                   target="table")  # fmt: skip
        who = view.last_player
        if who is None:
            caption = ""
        elif view.table is None:
            caption = str(msg("you") if who == you else seat_name(who))
        elif who == you:
            caption = str(msg("you: {play}", play=view.table.name))
        else:
            caption = str(msg("{player}: {play}", player=seat_name(who), play=view.table.name))
        ops += _words(WIDTH / 2, ty + TABLE_H + 16, caption, size, theme.felt_text, bold=True,
                      portrait=portrait)  # fmt: skip
    elif view.phase == "play":
        if view.to_act == you:
            clear = msg("Table clear: you lead")
        else:
            clear = msg("Table clear: {player} leads", player=seat_name(view.to_act))
        ops += _words(WIDTH / 2, 210, str(clear), size, theme.felt_text, portrait=portrait)
    if view.phase == "over" and view.result is not None:
        landlord_won = view.winner == view.landlord
        text = str(msg("The landlord wins") if landlord_won else msg("The farmers win"))
        if portrait:
            y = extent(ops)[3] + 24 if ops else 220.0
        else:
            y = 296.0 if view.table_cards else 220.0
        won = _words(WIDTH / 2, y, text, 18 * theme.font_scale, theme.felt_text, bold=True,
                     portrait=portrait)  # fmt: skip
        ops += won
        ops += _words(WIDTH / 2, won[-1].y + 22, view.result.arithmetic, size * 0.9,
                      theme.felt_text, portrait=portrait)  # fmt: skip
    return ops


def _own_seat(
    view: DouDizhuView,
    cards: Sequence[Card | None],
    viewer: int,
    said: Mapping[int, str],
    theme: Theme,
    you: int | None,
    active: int | None,
    selected: Collection[int],
    portrait: bool = False,
) -> list[DrawOp]:
    """The viewer's hand at the bottom (targets ``card:<i>``, ``selected`` ones lifted) under
    its name plate.  On a phone the hand takes rows of up to ten cards, so each card keeps a
    strip wide enough to tap."""
    mine = list(cards)
    ys = HEIGHT - MARGIN - 14 - HAND_H
    ops: list[DrawOp] = []
    if mine and portrait:
        h = card_size("standard54", PORTRAIT_HAND_W)[1]
        lines = -(-len(mine) // 10)
        per = -(-len(mine) // lines)
        for start in range(0, len(mine), per):
            part = mine[start : start + per]
            gap = fit_gap(len(part), PORTRAIT_HAND_W, ROOM, 6)
            hx = WIDTH / 2 - row_width(len(part), PORTRAIT_HAND_W, gap) / 2
            lifted = {i - start for i in selected if start <= i < start + per}
            placed = row(part, hx, ys + start // per * (h + 8), PORTRAIT_HAND_W, h, gap, theme,
                         selected=lifted, deck="standard54", target="card")  # fmt: skip
            ops += [_renumbered(op, start) for op in placed]
    elif mine:
        gap = fit_gap(len(mine), HAND_W, WIDTH - 80, 6)
        hx = WIDTH / 2 - row_width(len(mine), HAND_W, gap) / 2
        ops += row(mine, hx, ys, HAND_W, HAND_H, gap, theme, selected=selected,
                   deck="standard54", target="card")  # fmt: skip
    label = str(
        msgn("{seat} \u00b7 {count} card", "{seat} \u00b7 {count} cards", len(mine),
             seat=seat_title(viewer, view, you))
    )  # fmt: skip
    if viewer in said:
        label += f" \u00b7 {said[viewer]}"
    ops += _plate(label, WIDTH / 2, ys - 30, theme, active == viewer, portrait)
    return ops


def _renumbered(op: DrawOp, start: int) -> DrawOp:
    """``op`` of a row of the viewer's hand starting at card ``start``: its hit box named after
    the card's place in the whole hand."""
    if not isinstance(op, HitBox):
        return op
    target, _, index = op.target.rpartition(":")
    return replace(op, target=f"{target}:{start + int(index)}")


def _status_box(view: DouDizhuView, theme: Theme, portrait: bool = False) -> list[DrawOp]:
    """Top left: bid, bombs and multiplier so far; top right: the deal number (on a phone on
    the first line's right, or under the lines if that has no room for it)."""
    size = 12.5 * theme.font_scale
    events = view.bombs + view.rockets
    lines = [msg("Bid: {bid}", bid=view.bid) if view.bid else msg("Bid: none yet")]
    lines.append(
        msg("Bombs/rocket: {count} \u2192 \u00d7{multiplier}", count=events, multiplier=2**events)
    )
    if view.bid:
        lines.append(
            msg(
                "Stake so far: {bid} \u00d7 {multiplier} = {stake}",
                bid=view.bid,
                multiplier=2**events,
                stake=view.bid * 2**events,
            )
        )
    ops: list[DrawOp] = []
    y: float = 0.0 if portrait else 40
    x = 0.0 if portrait else 34
    for k, line in enumerate(lines):
        words = _words(x, y, str(line), size, theme.felt_text, "left", bold=k == 0,
                       portrait=portrait)  # fmt: skip
        ops += words
        y = words[-1].y + 18
    deal = str(msg("Deal {number}", number=view.deal_number))
    if not portrait:
        ops.append(Text(WIDTH - 34, 40, deal, size, theme.felt_text, "right"))
    elif text_width(str(lines[0]), size, bold=True) + 24 + text_width(deal, size) <= ROOM:
        ops.append(Text(ROOM, 0.0, deal, size, theme.felt_text, "right"))
    else:
        ops += _words(0.0, y, deal, size, theme.felt_text, "left", portrait=True)
    return ops


def combo_picture(
    examples: Sequence[tuple[str, str, str]], theme: Theme | str = "default"
) -> Drawing:
    """Rows of example plays: ``(cards text, verdict line, reason line)``, cards drawn face up."""
    theme = get_theme(theme)
    size = 13.0 * theme.font_scale
    w = 46.0
    h = card_size("standard54", w)[1]
    row_h = h + 58
    height = MARGIN * 2 + row_h * len(examples) + 6
    ops: list[DrawOp] = [felt(WIDTH, height, theme, 4, 24.0)]
    for k, (text, verdict, reason) in enumerate(examples):
        y = MARGIN + 10 + k * row_h
        cards = _example_cards(text)
        ops += row(cards, 30, y, w, h, 4, theme, deck="standard54", target=f"example:{k}")
        ops.append(Text(30, y + h + 16, verdict, size, theme.felt_text, "left", bold=True))
        ops.append(Text(30, y + h + 34, reason, size * 0.92, theme.felt_text, "left"))
    return Drawing(WIDTH, height, tuple(ops), background=theme.background)


SUITS = "shdc"


def _example_cards(text: str) -> list[Card]:
    """Rank patterns as real cards, suits taken in turn so each card is distinct."""
    out: list[Card] = []
    used: dict[str, int] = {}
    for card in parse(text):
        if card.rank in ("BJ", "RJ"):
            out.append(Card("standard54", card.rank, ""))
            continue
        k = used.get(card.rank, 0)
        used[card.rank] = k + 1
        out.append(Card("standard54", card.rank, SUITS[k % 4]))
    return out
