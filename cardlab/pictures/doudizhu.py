"""Drawing Dou Dizhu: the table (the viewer's hand at the bottom, two seats at the sides, the
combination on the table in the middle, the bottom cards at the top) and rows of example plays.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the lesson shows.  What each seat may see is decided by the caller, through the
observation it passes: a card is a `Card` (face up) or None (a back).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.doudizhu import DouDizhuView, parse
from cardlab.render import Circle, Drawing, DrawOp, Text, card_size, get_theme, row
from cardlab.render.layout import felt, fit_gap, row_width, seat_plate
from cardlab.render.theme import Theme

WIDTH, HEIGHT = 900.0, 500.0
HAND_W = 58.0
HAND_H = card_size("standard54", HAND_W)[1]
SIDE_W = 40.0
SIDE_H = card_size("standard54", SIDE_W)[1]
TABLE_W = 54.0
TABLE_H = card_size("standard54", TABLE_W)[1]
BOTTOM_W = 38.0
BOTTOM_H = card_size("standard54", BOTTOM_W)[1]
MARGIN = 10.0
# seats on screen: 0 (the viewer) at the bottom, 1 on the right, 2 on the left: play runs
# counter-clockwise, as at a real Dou Dizhu table
SIDE_X = {1: WIDTH - 40.0 - 250.0, 2: 40.0}
SIDE_SPAN = 250.0
SIDE_Y = 118.0


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
    cards: Sequence[Card | None], x: float, y: float, theme: Theme, seat: int
) -> list[DrawOp]:
    """A side seat's cards: faces in up to two rows, or a fan of backs with the count."""
    ops: list[DrawOp] = []
    if not cards:
        return ops
    hidden = all(c is None for c in cards)
    if hidden:
        n = len(cards)
        gap = fit_gap(n, SIDE_W, 150.0, -SIDE_W * 0.6)
        ops += row(list(cards), x, y, SIDE_W, SIDE_H, gap, theme, deck="standard54",
                   target=f"seat:{seat}")  # fmt: skip
        span = row_width(n, SIDE_W, gap)
        cx, cy = x + span + 26, y + SIDE_H / 2
        ops.append(Circle(cx, cy, 19, fill=theme.card_face, stroke=theme.card_edge, line_width=1.5))
        ops.append(Text(cx, cy + 1, str(n), 16 * theme.font_scale, theme.text, bold=True))
        return ops
    rows = [list(cards[:10]), list(cards[10:])] if len(cards) > 10 else [list(cards)]
    for k, part in enumerate(rows):
        gap = fit_gap(len(part), SIDE_W, SIDE_SPAN, 2.0)
        ops += row(part, x, y + k * (SIDE_H * 0.62), SIDE_W, SIDE_H, gap, theme,
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
) -> Drawing:
    """The table as ``view`` shows it.  ``hands`` overrides the hands drawn (the teacher's "show
    all hands"); ``selected`` are the indices of the bottom hand's cards lifted for a play.
    The bottom hand's cards are the click targets ``card:<i>``."""
    theme = get_theme(theme)
    hands = view.hands if hands is None else hands
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 70.0)]
    size = 13.0 * theme.font_scale
    active = view.to_act if view.phase in ("bid", "play") else None
    if banner:
        ops.append(Text(WIDTH / 2, 32, banner, 14.0 * theme.font_scale, theme.felt_text, bold=True))
    ops += _status_box(view, theme)
    # the bottom cards, top centre
    bottom = list(view.bottom)
    if bottom:
        bx = WIDTH / 2 - row_width(len(bottom), BOTTOM_W, 6) / 2
        ops += row(bottom, bx, 48, BOTTOM_W, BOTTOM_H, 6, theme, deck="standard54",
                   target="bottom")  # fmt: skip
        shown = (
            msg("bottom cards (shown to all)")
            if view.landlord is not None
            else msg("bottom cards (face down)")
        )
        ops.append(Text(WIDTH / 2, 48 + BOTTOM_H + 12, str(shown), size * 0.9,
                        theme.felt_text))  # fmt: skip
    said = bid_words(view) if view.phase == "bid" else last_actions(view)
    passes = str(msg("passes"))
    # side seats
    viewer = 0 if view.seat is None else view.seat
    order = (viewer, (viewer + 1) % 3, (viewer + 2) % 3)
    for place, seat in ((1, order[1]), (2, order[2])):
        x = SIDE_X[place]
        ops += seat_plate(
            seat_title(seat, view, you), x + 125, SIDE_Y - 22, theme, active=active == seat
        )
        ops += _side_hand(hands[seat], x, SIDE_Y, theme, seat)
        if seat in said:
            ops.append(Text(x + 125, SIDE_Y + 2 * SIDE_H * 0.62 + 40, said[seat], size,
                            theme.felt_text, bold=said[seat] != passes))  # fmt: skip
    # the combination on the table
    if view.table_cards:
        cards = list(view.table_cards)
        gap = fit_gap(len(cards), TABLE_W, 380, 4)
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
        ops.append(Text(WIDTH / 2, ty + TABLE_H + 16, caption, size, theme.felt_text, bold=True))
    elif view.phase == "play":
        if view.to_act == you:
            clear = msg("Table clear: you lead")
        else:
            clear = msg("Table clear: {player} leads", player=seat_name(view.to_act))
        ops.append(Text(WIDTH / 2, 210, str(clear), size, theme.felt_text))
    if view.phase == "over" and view.result is not None:
        landlord_won = view.winner == view.landlord
        text = str(msg("The landlord wins") if landlord_won else msg("The farmers win"))
        y = 296.0 if view.table_cards else 220.0
        ops.append(Text(WIDTH / 2, y, text, 18 * theme.font_scale, theme.felt_text, bold=True))
        ops.append(Text(WIDTH / 2, y + 22, view.result.arithmetic, size * 0.9, theme.felt_text))
    # the viewer's hand at the bottom
    mine = list(hands[viewer])
    ys = HEIGHT - MARGIN - 14 - HAND_H
    if mine:
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
    ops += seat_plate(label, WIDTH / 2, ys - 30, theme, active=active == viewer)
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _status_box(view: DouDizhuView, theme: Theme) -> list[DrawOp]:
    """Top left: bid, bombs and multiplier so far; top right: the deal number."""
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
    for k, line in enumerate(lines):
        ops.append(Text(34, 40 + 18 * k, str(line), size, theme.felt_text, "left", bold=k == 0))
    deal = str(msg("Deal {number}", number=view.deal_number))
    ops.append(Text(WIDTH - 34, 40, deal, size, theme.felt_text, "right"))
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
