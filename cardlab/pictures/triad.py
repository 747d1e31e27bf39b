"""Drawing Triad: the table with 2-7 seats, the hand ladder and the four suits' frame lines.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the Triad lesson shows.  What a seat may see is decided by the caller through the
observation it passes (`DrawPokerView`): a card is a `Card` (face up) or None (a back).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn, num
from cardlab.games.poker.draw import DrawPokerView
from cardlab.games.poker.ranking import POKER_WORDS, TRIAD_WORDS, categories
from cardlab.games.triad import FRAME_LINES, parse
from cardlab.render import Circle, Drawing, DrawOp, Rect, Text, card_size, get_theme, row
from cardlab.render.layout import (
    display_order,
    felt,
    fit_gap,
    labelled_rows,
    row_width,
    seat_plate,
    selection_lift,
)
from cardlab.render.ops import Align
from cardlab.render.portrait import LABEL_MIN
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import text_width
from cardlab.render.theme import Theme

WIDTH, HEIGHT = 880.0, 500.0
YOU_W = 66.0
YOU_H = card_size("triad", YOU_W)[1]
SEAT_W = 46.0
SEAT_H = card_size("triad", SEAT_W)[1]
MARGIN = 10.0
PORTRAIT_YOU_W = 54.0
"""The viewer's cards on a phone: five and the button in the portrait table's width."""

EXAMPLES: dict[str, str] = {
    "five_up": "BJ Ab Ag Ar Ak",
    "full_colors": "Ab Kb Qb Jb Tb",
    "half_colors": "9g 8g 7g 6g 5g",
    "four_up": "Kb Kg Kr Kk 7b",
    "full_up": "9b 9g 9r 4k 4b",
    "colors": "Ar Jr 8r 6r 3r",
    "run": "6g 5r 4b 3k 2r",
    "three_up": "Kb Kg Kr 7k 2b",
    "two_pair": "Kb Kg 7r 7k 2b",
    "one_pair": "Jb Jg 9r 7k 2b",
    "high_card": "Kr 7b 5g 4k 2k",
}
"""One example hand per category (the ladder's pictures; triad.md §6 where it has one)."""

SUIT_WORDS: dict[str, Message] = {
    # Translators: the colour of a Triad suit (Blue, Green, Red, Black), as a label
    "b": msg("Blue"),
    "g": msg("Green"),
    "r": msg("Red"),
    "k": msg("Black"),
}
"""The four colour suits' names, as messages."""


def seat_centres(n: int) -> list[tuple[float, float]]:
    """Centres of the hands: the first at the bottom, the rest clockwise round an ellipse."""
    cx, cy = WIDTH / 2, HEIGHT / 2 + 10
    rx, ry = WIDTH * 0.37, HEIGHT * 0.32
    out = [(cx, HEIGHT - MARGIN - 20 - YOU_H / 2)]
    for k in range(1, n):
        a = math.radians(90 + 360 * k / n)
        out.append((cx + rx * math.cos(a), cy + ry * math.sin(a)))
    return out


def has_folded(view: DrawPokerView, seat: int) -> bool:
    """Whether ``seat`` folded this hand (the log says so even after the hand is over)."""
    return (seat, "fold") in view.log


def action_words(logged: str) -> Message:
    """A logged action ("raise 4", "discard 3", "stand pat") in words under a seat."""
    verb, _, amount = logged.partition(" ")
    if logged == "stand pat":
        return msg("stands pat")
    if verb == "fold":
        return msg("folded")
    if verb == "check":
        return msg("checks")
    if verb == "call":
        return msg("calls {amount}", amount=amount)
    if verb == "bet":
        return msg("bets {amount}", amount=amount)
    if verb == "raise":
        return msg("raises {amount}", amount=amount)
    if verb == "discard":
        return msgn("discards {count}", "discards {count}", int(amount or 0))
    return msg("{action}", action=logged)


def _result_words(net: Fraction, betting: bool, won: bool, folded: bool) -> Message:
    """A seat's result of the hand under it: "wins +6 chips", "folded (-2 chips)", "-4 chips"."""
    signed = ("+" if net >= 0 else "") + _num(net) if won else _num(net)
    if betting:
        count = abs(int(net))
        if won:
            return msgn("wins {net} chip", "wins {net} chips", count, net=signed)
        if folded:
            return msgn("folded ({net} chip)", "folded ({net} chips)", count, net=signed)
        return msgn("{net} chip", "{net} chips", count, net=signed)
    if won:
        return msg("wins {net} point", net=signed)
    if folded:
        return msg("folded ({net} point)", net=signed)
    return msg("{net} point", net=signed)


def seat_notes(view: DrawPokerView, seat: int) -> list[str]:
    """What is written under a seat (in the current language): its bet this round, last action,
    shown hand, result."""
    notes: list[str] = []
    done = view.phase == "done" and view.results and view.results[-1].hand_no == view.hand_no
    if done:
        result = view.results[-1]
        shown = {s: words for s, _, words in result.shown}
        if seat in shown:
            notes.append(str(shown[seat]))
        net = result.net[seat]
        if view.in_hand[seat]:
            won, folded = seat in result.winners, has_folded(view, seat)
            if won or folded or net:
                notes.append(str(_result_words(net, view.betting, won, folded)))
        return notes
    if not view.in_hand[seat]:
        return [str(msg("sits out (no chips)"))]
    if has_folded(view, seat):
        return [str(msg("folded"))]
    last = next((text for s, text in reversed(view.log) if s == seat), "")
    if last:
        notes.append(str(action_words(last)))
    if view.all_in[seat]:
        notes.append(str(msg("all-in")))
    return notes


def _num(x: Fraction | int) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def table_picture(
    view: DrawPokerView,
    *,
    you: int | None = None,
    selected: Collection[int] = (),
    banner: str = "",
    theme: Theme | str = "default",
    names: Mapping[int, str] | None = None,
    portrait: bool = False,
) -> Drawing:
    """The table as ``view.seat`` sees it (None: the teacher, every hand face up).

    The viewer sits at the bottom with full-size cards (targets ``card:<i>``, ``selected`` ones
    lifted); the others clockwise round the felt with their chips, what they did last and, at
    the showdown, their hands and what they won.  The pot is in the middle, the button is a D.
    ``portrait``: for a phone, the others, the middle and the viewer one under another
    (`cardlab.render.portrait`).
    """
    theme = get_theme(theme)
    n = len(view.hands)
    viewer = view.seat if view.seat is not None else (you if you is not None else None)
    to_act = view.to_act if view.to_act >= 0 else None
    if view.phase == "draw":
        to_act = view.exchanger
    seats = [
        _seat(view, seat, place, centre, theme, selected, names, to_act, portrait)
        for place, (seat, centre) in enumerate(
            zip(display_order(n, viewer), seat_centres(n), strict=True)
        )
    ]
    title = 15.0 * theme.font_scale
    if portrait:
        head = [Text(0, 0, banner, title, theme.felt_text, bold=True)] if banner else []
        return portrait_stack([head, *seats[1:], _middle(view, theme), seats[0]], theme)
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 80.0)]
    if banner:
        ops.append(Text(MARGIN + 24, 34, banner, title, theme.felt_text, "left", bold=True))
    for part in seats:
        ops += part
    ops += _middle(view, theme)
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _seat(
    view: DrawPokerView,
    seat: int,
    place: int,
    centre: tuple[float, float],
    theme: Theme,
    selected: Collection[int],
    names: Mapping[int, str] | None,
    to_act: int | None,
    portrait: bool,
) -> list[DrawOp]:
    """One seat at ``place`` (0: the viewer's) round ``centre``: its cards, its name plate, what
    it did and the button; in ``portrait`` the viewer's words go under the cards too."""
    ops: list[DrawOp] = []
    small = 12.0 * theme.font_scale
    n = len(view.hands)
    hand = view.hands[seat]
    if place == 0:
        w = PORTRAIT_YOU_W if portrait else YOU_W
        h = card_size("triad", w)[1]
    else:
        w, h = SEAT_W, SEAT_H
    gap = 6.0 if place == 0 else fit_gap(len(hand), w, 260.0 if n <= 4 else 150.0, 3.0)
    span = row_width(len(hand), w, gap)
    inner = MARGIN + 30  # keep every hand on the felt
    cx, cy = centre
    x0 = min(max(cx - span / 2, inner + 18), WIDTH - inner - span)
    cx, y0 = x0 + span / 2, cy - h / 2
    folded = has_folded(view, seat)
    if hand and not (folded and place != 0):
        target = "card" if place == 0 else f"seat:{seat}"
        ops += row(
            list(hand), x0, y0, w, h, gap, theme, selected if place == 0 else (), True,
            "triad", target,
        )  # fmt: skip
    name = str(names.get(seat, seat_name(seat)) if names else seat_name(seat))
    if view.betting:
        name = str(
            msgn("{name} \u00b7 {count} chip", "{name} \u00b7 {count} chips",
                 view.stacks[seat], name=name)
        )  # fmt: skip
    else:
        name = str(msg("{name} \u00b7 {points} pts", name=name, points=_num(view.points[seat])))
    lift = selection_lift(h) if place == 0 and selected else 0
    ops += seat_plate(name, cx, y0 - 13 - lift, theme, active=seat == to_act)
    notes = seat_notes(view, seat)
    if view.betting and view.bets[seat] and view.phase in ("bet1", "bet2"):
        notes.insert(0, str(msg("in this round: {amount}", amount=view.bets[seat])))
    align: Align
    if place == 0 and not portrait:
        nx, ny, align = x0 + span + 14, cy - 8, "left"
    else:
        nx, ny, align = cx, y0 + h + 13, "center"
    for k, note in enumerate(notes[:2]):
        ops.append(Text(nx, ny + 17 * k, note, small, theme.felt_text, align,
                        bold=k == 0 and view.phase == "done"))  # fmt: skip
    if seat == view.button:
        bx = x0 - 16 if place != 0 else x0 - 22
        by = y0 + 10
        ops.append(Circle(bx, by, 10, fill="#ffffff", stroke="#000000", line_width=1.5))
        ops.append(Text(bx, by + 0.5, "D", LABEL_MIN if portrait else 11.0, "#000000", bold=True))
    return ops


def _middle(view: DrawPokerView, theme: Theme) -> list[DrawOp]:
    """The middle of the table: the pot (or the hand's number), the stage, the stock and what
    the seat to act owes."""
    size = 13.0 * theme.font_scale
    small = 12.0 * theme.font_scale
    if view.betting:
        pot = str(msg("Pot {pot}", pot=view.pot))
    else:
        pot = str(msg("Hand {number} of {total}", number=view.hand_no, total=view.hands_total))
    if view.betting and view.phase == "done" and view.results:
        paid = sum(view.results[-1].contributions)
        pot = str(msg("Pot of {pot} paid out", pot=paid))
    ops: list[DrawOp] = [
        Text(WIDTH / 2, HEIGHT / 2 - 22, pot, 18.0 * theme.font_scale, theme.felt_text, bold=True)
    ]
    phase = str(
        {
            "deal": msg("dealing"),
            "bet1": msg("first betting round"),
            "draw": msg("the draw"),
            "bet2": msg("second betting round"),
            "done": msg("showdown")
            if view.results and view.results[-1].shown
            else msg("hand over"),
        }.get(view.phase, view.phase)
    )
    # short lines: the gap between the side seats' cards is narrow, the more so in large type
    ops.append(Text(WIDTH / 2, HEIGHT / 2 + 2, phase, size, theme.felt_text))
    stock = str(
        msg("stock {stock} \u00b7 discards {discards}", stock=view.stock_size,
            discards=view.muck_size)
    )  # fmt: skip
    ops.append(Text(WIDTH / 2, HEIGHT / 2 + 21, stock, small, theme.felt_text))
    if view.betting and view.phase in ("bet1", "bet2") and view.to_act >= 0:
        if view.owed:
            owed = msg("to call: {amount} \u00b7 bets of {size}", amount=view.owed,
                       size=view.bet_size)  # fmt: skip
        else:
            owed = msg("nothing to call \u00b7 bets of {size}", size=view.bet_size)
        ops.append(Text(WIDTH / 2, HEIGHT / 2 + 38, str(owed), small, theme.felt_text))
    return ops


# -- the ladder of hands ---------------------------------------------------------------------------
def ladder_categories(jokers: str = "out", five_of_a_kind: bool = True) -> list[str]:
    """The categories best first (Five Up only with wild jokers and five of a kind)."""
    return list(categories(jokers, five_of_a_kind))[::-1]


def ladder_rules(jokers: str = "out", five_of_a_kind: bool = True) -> str | Message:
    """What the ladder's title says of the jokers: "", " (jokers wild)", or " (jokers wild,
    no five of a kind)" (a message, put in a title's ``{rules}``)."""
    if jokers != "wild":
        return ""
    # Translators: put after a title; keep the leading space (or none, as the language writes)
    if five_of_a_kind:
        return msg(" (jokers wild)")
    return msg(" (jokers wild, no five of a kind)")


def hand_ladder(
    counts: Mapping[str, int] | None = None,
    jokers: str = "out",
    theme: Theme | str = "default",
    card_w: float = 50.0,
    five_of_a_kind: bool = True,
) -> Drawing:
    """Every Triad hand, best first, in two columns: its rank, Triad and poker names, an example
    and (given ``counts``) how many of all hands it is."""
    theme = get_theme(theme)
    cats = ladder_categories(jokers, five_of_a_kind)
    card_h = card_size("triad", card_w)[1]
    per_col = math.ceil(len(cats) / 2)
    row_h = card_h + 16
    col_w = 480.0
    title_h = 40.0
    width = 2 * col_w + 20
    height = title_h + per_col * row_h + 12
    total = sum(counts.values()) if counts else 0
    ops: list[DrawOp] = [
        Text(20, 24, str(msg("The Triad hands, best first{rules}",
                             rules=ladder_rules(jokers, five_of_a_kind))),
             16.0 * theme.font_scale, theme.label, "left", bold=True),
    ]  # fmt: skip
    ink = theme.label
    for i, cat in enumerate(cats):
        col, r = divmod(i, per_col)
        x = 20 + col * col_w
        y = title_h + r * row_h
        ops.append(Rect(x - 6, y, col_w - 14, row_h - 6, fill=theme.felt, radius=8))
        rank = len(cats) - i
        ops.append(Circle(x + 14, y + 18, 12, fill=theme.card_face, stroke=theme.card_edge))
        ops.append(Text(x + 14, y + 18.5, str(rank), 12.0, theme.text, bold=True))
        ops.append(Text(x + 32, y + 18, str(TRIAD_WORDS[cat]), 14.0 * theme.font_scale,
                        theme.felt_text, "left", bold=True))  # fmt: skip
        ops.append(Text(x + 32, y + 36, str(in_brackets(POKER_WORDS[cat])),
                        11.0 * theme.font_scale, theme.felt_text, "left"))  # fmt: skip
        if counts:
            n = counts.get(cat, 0)
            ops.append(Text(x + 32, y + 54, str(hands_count(n)), 11.0 * theme.font_scale,
                            theme.felt_text, "left"))  # fmt: skip
            if n:
                ops.append(Text(x + 32, y + 70, str(one_in(total / n)), 11.0 * theme.font_scale,
                                theme.felt_text, "left"))  # fmt: skip
        cards = parse(EXAMPLES[cat])
        cx = x + col_w - 20 - row_width(5, card_w, 3.0)
        ops += row(list(cards), cx, y + 5, card_w, card_h, 3.0, theme, deck="triad",
                   target=f"ladder:{cat}")  # fmt: skip
    del ink
    return Drawing(width, height, tuple(ops), background=theme.background)


def in_brackets(words: object) -> Message:
    """ "(Straight)": a name in brackets, the language's way."""
    return msg("({name})", name=words)


def hands_count(n: int) -> Message:
    """ "2,598,960 hands", with the language's digit grouping."""
    return msgn("{count} hand", "{count} hands", n, count=num(n))


def one_in(odds: float) -> Message:
    """ "1 in 4,165": how rare a hand is."""
    return msg("1 in {odds}", odds=num(round(odds)))


FRAME_SUITS = ("b", "g", "r", "k")
"""The suits in the order the frame-lines picture shows their aces."""


def frame_lines_text(card: Card) -> str:
    """``"3 frame lines"``: what the picture writes under the ace of ``card``'s suit."""
    lines = FRAME_LINES[card.suit]
    return str(msgn("{count} frame line", "{count} frame lines", lines))


def frame_lines_words(card: Card) -> str:
    """The ace of a suit in words: its code, its colour and its frame lines."""
    return str(
        msg("{card}: {colour}, {lines}", card=card.code, colour=SUIT_WORDS[card.suit],
            lines=frame_lines_text(card))
    )  # fmt: skip


def frame_lines_picture(theme: Theme | str = "default", card_w: float = 92.0) -> Drawing:
    """The four aces side by side, each labelled with its colour and its number of frame lines."""
    theme = get_theme(theme)
    card_h = card_size("triad", card_w)[1]
    gap = 40.0
    cards = [Card("triad", "A", s) for s in FRAME_SUITS]
    width = 4 * card_w + 3 * gap + 40
    ops: list[DrawOp] = row(cards, 20, 14, card_w, card_h, gap, theme, deck="triad")
    for i, card in enumerate(cards):
        x = 20 + i * (card_w + gap) + card_w / 2
        ops.append(Text(x, card_h + 30, str(SUIT_WORDS[card.suit]), 14.0 * theme.font_scale,
                        theme.label, bold=True))  # fmt: skip
        ops.append(Text(x, card_h + 50, frame_lines_text(card),
                        12.0 * theme.font_scale, theme.label))  # fmt: skip
    return Drawing(width, card_h + 66, tuple(ops), background=theme.background)


def hand_row(cards: Sequence[Card | None], theme: Theme | str = "default", card_w: float = 60.0,
             selected: Collection[int] = (), label: str = "") -> Drawing:  # fmt: skip
    """Five cards in a row on the felt (targets ``card:<i>``), with an optional caption."""
    theme = get_theme(theme)
    card_h = card_size("triad", card_w)[1]
    gap = 8.0
    top = 16.0 + card_h * 0.15
    size = 13.0 * theme.font_scale
    caption_w = text_width(label, size, bold=True) + 40 if label else 0.0  # a translation's
    width = max(row_width(len(cards), card_w, gap) + 40, 300.0, caption_w)
    ops: list[DrawOp] = [Rect(0, 0, width, top + card_h + (34 if label else 14), fill=theme.felt)]
    ops += row(list(cards), 20, top, card_w, card_h, gap, theme, selected, True, "triad")
    if label:
        ops.append(Text(20, top + card_h + 18, label, size, theme.felt_text, "left", bold=True))
    return Drawing(width, top + card_h + (34 if label else 14), tuple(ops),
                   background=theme.felt)  # fmt: skip


def showdown_picture(
    hands: Sequence[Sequence[Card]], theme: Theme | str = "default", card_w: float = 58.0
) -> Drawing:
    """The quiz's hands, one row each, labelled Player 1, 2, (3)."""
    labels = [str(seat_name(i)) for i in range(len(hands))]
    return labelled_rows(labels, hands, theme, "triad", card_w)
