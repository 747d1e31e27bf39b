"""Drawing Three Thirteen: hands laid out as melds (wild cards marked), the rounds strip, and the
table with the stock, the discard pile and 2-4 seats (any step of a game, through any eyes).

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the lesson shows.  A meld is duck-typed: anything with ``kind`` (``"set"`` or
``"run"``), ``cards`` and ``stands_for`` (what each wild card plays as: a `Card`, a rank or None,
aligned with ``cards``) draws, which is what `cardlab.games.three_thirteen.melds.Meld` gives.
Which cards a seat may see is decided by the caller: a card is a `Card` (face up) or None (a back).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any, NamedTuple

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.three_thirteen.game import (
    GAME,
    RoundResult,
    ThreeThirteenState,
    ThreeThirteenView,
    best_arrangement,
)
from cardlab.games.three_thirteen.melds import RANK_PLURALS, penalty_value
from cardlab.games.three_thirteen.rules import ROUNDS, sort_key
from cardlab.games.three_thirteen.rules import wild_rank as round_wild
from cardlab.render import (
    Circle,
    Drawing,
    DrawOp,
    HitBox,
    Line,
    Rect,
    Text,
    card_size,
    card_sprite,
    get_theme,
    rank_label,
    suit_glyph,
)
from cardlab.render.layout import felt, seat_plate
from cardlab.render.portrait import LABEL_MIN, ROOM, extent, phone_size, shifted, table_label
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import fitted, text_width
from cardlab.render.theme import Theme, mix

DECK = "standard52"
ROUND_RANKS = tuple(round_wild(r) for r in range(1, ROUNDS + 1))
"""The wild rank of rounds 1-11: 3, 4, ..., K (round r deals r + 2 cards)."""

WIDTH = 900.0
CARD_W = 56.0
CARD_H = card_size(DECK, CARD_W)[1]
SMALL_W = 40.0
SMALL_H = card_size(DECK, SMALL_W)[1]
GROUP_GAP = 18.0
"""Space between two melds (and before the deadwood)."""
PHONE_W = 46.0
"""The viewer's cards on a phone's table: two melds of three side by side in its width."""
PHONE_PILES = 160.0
"""From the stock's middle to the discard pile's on a phone: room for their labels at 12 px."""
PHONE_GAP = 12.0
"""Between two melds side by side on a phone (their frames and labels keep them apart)."""


def card(code: str) -> Card:
    """``"7h"`` (or ``"10h"``) -> the standard52 card."""
    from cardlab.core.cards import parse

    (c,) = parse(code, DECK)
    return c


def cards(text: str) -> tuple[Card, ...]:
    from cardlab.core.cards import parse

    return parse(text, DECK)


def card_text(c: Card) -> str:
    """``7♥``, ``10♣`` (glyph and rank as printed)."""
    return f"{rank_label(c.rank)}{suit_glyph(DECK, c.suit)}"


def hand_words(hand: Sequence[Card]) -> str:
    """The cards in words: ``5♥ 6♥ 8♥ K♦``."""
    return " ".join(card_text(c) for c in hand)


def short_name(seat: int) -> str:
    """A seat's name on the table and the score sheet: ``You (P1)`` for the learner, ``P2``."""
    # Translators: the learner's seat on a small name plate (they are Player 1)
    return str(msg("You (P1)")) if seat == 0 else seat_tag(seat)


def seat_tag(seat: int) -> str:
    """A seat's short name on a plate or a score-sheet column: ``P2``."""
    # Translators: a player's short name on a name plate or a score column ("P2" = Player 2)
    return str(msg("P{number}", number=seat + 1))


def rank_word(rank: str, plural: bool = False) -> str:
    """A rank in words, in the page's language: ``King``, ``7``; plural ``Kings``, ``7s`` (the
    cards of that rank)."""
    return str(rank_message(rank, plural))


def rank_message(rank: str, plural: bool = False) -> Message | str:
    """`rank_word` as a message (read in whichever language the reader reads)."""
    if plural:
        return RANK_PLURALS.get(rank, rank)
    words: dict[str, Message | str] = {
        "A": msg("Ace"),
        "J": msg("Jack"),
        "Q": msg("Queen"),
        "K": msg("King"),
        "T": "10",
    }
    return words.get(rank, rank)


def sorted_hand(hand: Sequence[Card]) -> tuple[Card, ...]:
    """Suit by suit, aces low: how a player sorts a rummy hand before looking for runs."""
    return tuple(sorted(hand, key=sort_key))


def _stands(meld: Any) -> tuple[Any, ...]:
    """``meld.stands_for`` aligned with ``meld.cards`` (None for the natural cards)."""
    raw = getattr(meld, "stands_for", None)
    n = len(meld.cards)
    if raw is None:
        return (None,) * n
    if isinstance(raw, dict):
        return tuple(raw.get(i) for i in range(n))
    if isinstance(raw, str | Card):
        return (None,) * n if not raw else (raw,) * n
    raw = tuple(raw)
    return raw + (None,) * (n - len(raw)) if len(raw) < n else raw[:n]


def is_wild(c: Card, wild_rank: str | None) -> bool:
    return wild_rank is not None and c.rank == wild_rank


def run_suit(meld: Any, wild_rank: str | None) -> str | None:
    """The suit of a run: that of its natural cards (None when all wild)."""
    return next((c.suit for c in meld.cards if not is_wild(c, wild_rank)), None)


def played_as(meld: Any, wild_rank: str | None) -> tuple[str, ...]:
    """What each card of a meld plays as, in words: ``K``, ``7♥`` (natural cards as themselves)."""
    suit = run_suit(meld, wild_rank) if meld.kind == "run" else None
    out = []
    for c, s in zip(meld.cards, _stands(meld), strict=True):
        if s is None or not is_wild(c, wild_rank):
            out.append(card_text(c))
        elif isinstance(s, Card):
            out.append(card_text(s))
        elif suit is not None:
            out.append(card_text(Card(DECK, str(s), suit)))
        else:
            out.append(rank_label(str(s)))
    return tuple(out)


def meld_label(meld: Any, wild_rank: str | None) -> str:
    """``Set of Kings``, ``Run 5♥–8♥``, ``Set of 9s (all wild)``."""
    naturals = [c for c in meld.cards if not is_wild(c, wild_rank)]
    stands = [s for s in _stands(meld) if s is not None]
    if meld.kind == "set":
        if naturals:
            return str(msg("Set of {ranks}", ranks=rank_message(naturals[0].rank, plural=True)))
        rank = str(stands[0]) if stands and isinstance(stands[0], str) else ""
        if rank:
            return str(msg("Set of {ranks} (all wild)", ranks=rank_message(rank, True)))
        return str(msg("Set (all wild)"))
    played = played_as(meld, wild_rank)
    if naturals:
        # Translators: a run from its first card to its last: "Run 5♥–8♥"
        return str(msg("Run {first}\u2013{last}", first=played[0], last=played[-1]))
    return str(
        msgn(
            "Run (all wild, {count} card)",
            "Run (all wild, {count} cards)",
            len(meld.cards),
        )
    )


def meld_display_cards(meld: Any, wild_rank: str | None) -> tuple[tuple[Card, str], ...]:
    """(card, what it plays as when wild, else "") in the meld's own display order."""
    played = played_as(meld, wild_rank)
    return tuple(
        (c, p if is_wild(c, wild_rank) and s is not None else "")
        for c, p, s in zip(meld.cards, played, _stands(meld), strict=True)
    )


# -- groups of cards ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Group:
    """A labelled run of cards on the table: a meld (solid frame) or the deadwood (dashed)."""

    label: str
    cards: tuple[Card | None, ...]
    notes: tuple[str, ...] = ()
    """One short note under each card (what a wild stands for), "" for none."""
    deadwood: bool = False


def arrangement_groups(
    arrangement: Any,
    wild_rank: str | None,
    value: Callable[[Card], int] | None = None,
) -> list[Group]:
    """The melds of an arrangement (``.melds``, ``.deadwood``) as groups, deadwood last, with
    its arithmetic as the label: ``Deadwood 5 + 6 + 8 = 19``."""
    groups = []
    for meld in arrangement.melds:
        pairs = meld_display_cards(meld, wild_rank)
        # Translators: under a wild card, what it plays as: "as 7♥"
        notes = tuple(str(msg("as {card}", card=p)) if p else "" for _, p in pairs)
        groups.append(Group(meld_label(meld, wild_rank), tuple(c for c, _ in pairs), notes))
    dead = sorted_hand(arrangement.deadwood)
    if dead or not groups:
        groups.append(Group(deadwood_label(dead, value), dead, deadwood=True))
    return groups


def deadwood_label(dead: Sequence[Card], value: Callable[[Card], int] | None = None) -> str:
    if not dead:
        return str(msg("No deadwood: 0"))
    value = penalty_value if value is None else value
    parts = [value(c) for c in dead]
    if len(parts) == 1:
        return str(msg("Deadwood {points}", points=parts[0]))
    sums = " + ".join(str(p) for p in parts)
    return str(msg("Deadwood {sum} = {points}", sum=sums, points=sum(parts)))


def groups_width(groups: Sequence[Group], card_w: float, gap: float, group_gap: float) -> float:
    total = 0.0
    for k, g in enumerate(groups):
        n = max(1, len(g.cards))
        total += n * card_w + (n - 1) * gap + (group_gap if k else 0.0)
    return total


def fit_groups_gap(
    groups: Sequence[Group], card_w: float, max_width: float, gap: float = 4.0
) -> float:
    """The largest gap between cards of a group (negative: overlap) that fits ``max_width``."""
    if groups_width(groups, card_w, gap, GROUP_GAP) <= max_width:
        return gap
    n_cards = sum(max(1, len(g.cards)) for g in groups)
    inner = n_cards - len(groups)
    if inner <= 0:
        return gap
    rest = max_width - n_cards * card_w - GROUP_GAP * (len(groups) - 1)
    return max(-0.62 * card_w, rest / inner)


class Wording(NamedTuple):
    """The rooms a landscape table gives a row of groups' words: each group's label and each
    card's note.  A phone's table draws the same groups elsewhere and larger, yet must say the
    same words, so it words them in these rooms first (`say`)."""

    labels: tuple[float, ...]
    note: float


def wording(groups: Sequence[Group], x: float, card_w: float, gap: float, right: float) -> Wording:
    """The rooms `groups_ops` gives the words of ``groups`` drawn from ``x``: a label as far as
    the next group's (the last one's up to ``right``), a note its card and gap."""
    rooms = []
    cx = x
    for g in groups:
        n = len(g.cards)
        span = max(1, n) * card_w + (max(1, n) - 1) * gap
        rooms.append(span + GROUP_GAP - 6 if g is not groups[-1] else max(span, right - cx))
        cx += span + GROUP_GAP
    return Wording(tuple(rooms), max(card_w + gap, card_w / 2) - 2)


def groups_ops(
    groups: Sequence[Group],
    x: float,
    y: float,
    theme: Theme,
    *,
    card_w: float = CARD_W,
    card_h: float | None = None,
    gap: float = 4.0,
    wild_rank: str | None = None,
    selected: Collection[int] = (),
    target: str | None = "card",
    label_size: float = 12.0,
    labels: bool = True,
    frames: bool = True,
    right: float | None = None,
    first: int = 0,
    phone: Wording | None = None,
) -> tuple[list[DrawOp], float]:
    """Draw groups left to right from (x, y) = top left of the labels.  Cards are numbered in
    drawing order from ``first`` (``target:<i>``); returns the ops and the x where the next
    thing may go.  A label takes the room up to the next group's (the last one's up to
    ``right``): shrunk or, at worst, cut to fit it.  ``phone``: on a phone's table, every word
    as the landscape table's rooms word it, none under `LABEL_MIN` px (a long label on more
    lines, the cards under them)."""
    if right is None:
        right = x + groups_width(groups, card_w, gap, GROUP_GAP)
    card_h = card_size(DECK, card_w)[1] if card_h is None else card_h
    ops: list[DrawOp] = []
    size = label_size * theme.font_scale
    lift = 0.16 * card_h
    words = wording(groups, x, card_w, gap, right) if phone is None else phone
    room = None if phone is None else ROOM
    pad = 5.0
    heads: list[list[Text]] = []  # each group's label
    cx = x
    for g, label_room in zip(groups, words.labels, strict=True):
        line = size if phone is None else max(size, LABEL_MIN)  # never under LABEL_MIN there
        said = table_label(cx - pad + 2, y + line / 2, g.label, label_room, size,
                           theme.felt_text, "left", bold=not g.deadwood, min_scale=0.7,
                           phone=room)  # fmt: skip
        heads.append(said if labels else [])
        cx += max(1, len(g.cards)) * card_w + (max(1, len(g.cards)) - 1) * gap + GROUP_GAP
    head = size
    if phone is not None:  # the lowest label line's foot
        head = max((t.y + t.size / 2 - y for h in heads for t in h), default=max(size, LABEL_MIN))
    top = y + (head + 8 if labels else 0) + (lift if target is not None else 0)
    index = first
    cx = x
    frame_fill = mix(theme.felt, theme.felt_edge, 0.14)  # felt_text stays readable on it
    for g, label in zip(groups, heads, strict=True):
        n = len(g.cards)
        span = max(1, n) * card_w + (max(1, n) - 1) * gap
        fy = top - pad - (lift if target is not None else 0)
        fh = card_h + 2 * pad + (lift if target is not None else 0) + (14 if any(g.notes) else 0)
        if not frames:
            pass
        elif g.deadwood:
            pts = (
                (cx - pad, fy),
                (cx + span + pad, fy),
                (cx + span + pad, fy + fh),
                (cx - pad, fy + fh),
                (cx - pad, fy),
            )
            ops.append(Line(pts, theme.felt_text, 1.5 * theme.line_scale, dash=(6.0, 4.0)))
        else:
            ops.append(
                Rect(
                    cx - pad,
                    fy,
                    span + 2 * pad,
                    fh,
                    fill=frame_fill,
                    stroke=theme.felt_text,
                    line_width=1.5 * theme.line_scale,
                    radius=8,
                )
            )
        ops += label
        for k, c in enumerate(g.cards):
            px = cx + k * (card_w + gap)
            chosen = index in selected
            py = top - (lift if chosen else 0)
            ops.append(card_sprite(c, card_w, card_h, theme, DECK, px, py))
            if c is not None and is_wild(c, wild_rank):
                ops += _wild_badge(px, py, card_w, card_h, theme, phone is not None)
            note = g.notes[k] if k < len(g.notes) else ""
            if note:
                ops += table_label(
                    px + card_w / 2,
                    top + card_h + 9,
                    note,
                    words.note,
                    11 * theme.font_scale,
                    theme.felt_text,
                    bold=True,
                    min_scale=0.7,
                    phone=room,
                )
            if chosen:
                ops.append(
                    Rect(
                        px - 2.5,
                        py - 2.5,
                        card_w + 5,
                        card_h + 5,
                        stroke=theme.highlight,
                        line_width=3.0 * theme.line_scale,
                        radius=0.07 * card_w + 2.5,
                    )
                )
                ops.append(
                    Circle(px + card_w - 3, py + 3, 9, fill=theme.highlight, stroke="#000000")
                )
                tick = 11 if phone is None else LABEL_MIN
                ops.append(Text(px + card_w - 3, py + 3.5, "\u2714", tick, "#000000", bold=True))
            if target is not None:
                ops.append(HitBox(px, py, card_w, card_h, f"{target}:{index}"))
            index += 1
        if not g.cards:
            ops.append(Text(cx + card_w / 2, top + card_h / 2, "\u2014", 16, theme.felt_text))
        cx += span + GROUP_GAP
    return ops, cx


def _wild_badge(
    x: float, y: float, w: float, h: float, theme: Theme, phone: bool = False
) -> list[DrawOp]:
    """A "WILD" tag across the lower middle of a card: shape and word, never colour alone (a
    longer word in another language gets a wider tag and, if need be, a smaller font; on a
    ``phone`` never under `LABEL_MIN`, the tag as wide as its word)."""
    # Translators: the tag drawn across a wild card (a short word, in capitals)
    word = str(msg("WILD"))
    bw, bh = w * (0.78 if len(word) <= 4 else 0.94), 13.0 * theme.font_scale
    size = min(9.5 * theme.font_scale, bw / (0.62 * max(len(word), 1)))
    if phone:
        size = LABEL_MIN
        bw = max(bw, text_width(word, size, bold=True) + 6)
    bx, by = x + (w - bw) / 2, y + h * 0.5 - bh / 2 + 2
    return [
        Rect(bx, by, bw, bh, fill=theme.highlight, stroke="#000000", line_width=1.0, radius=4),
        Text(x + w / 2, by + bh / 2 + 0.5, word, size, "#000000", bold=True),
    ]


def _banner(
    width: float, text: str, theme: Theme, y: float = 24.0, phone: bool = False
) -> list[Text]:
    """A picture's title line, across the felt between its rounded corners (on a ``phone``, the
    same words as wide as it allows)."""
    size = 15.0 * theme.font_scale
    return table_label(
        width / 2,
        y,
        text,
        width - 60,
        size,
        theme.felt_text,
        bold=True,
        phone=ROOM if phone else None,
    )


# -- pictures -------------------------------------------------------------------------------------
def arrangement_picture(
    arrangement: Any,
    wild_rank: str | None,
    *,
    title: str = "",
    value: Callable[[Card], int] | None = None,
    theme: Theme | str = "default",
    card_w: float = CARD_W,
    width: float | None = None,
    selected: Collection[int] = (),
    target: str | None = "card",
) -> Drawing:
    """A hand laid out as the solver arranged it: melds framed and labelled (wild cards tagged
    WILD, with what they stand for), the deadwood apart in a dashed frame with its arithmetic."""
    theme = get_theme(theme)
    groups = arrangement_groups(arrangement, wild_rank, value)
    return groups_picture(
        groups,
        wild_rank,
        title=title,
        theme=theme,
        card_w=card_w,
        width=width,
        selected=selected,
        target=target,
    )


def groups_picture(
    groups: Sequence[Group],
    wild_rank: str | None,
    *,
    title: str = "",
    theme: Theme | str = "default",
    card_w: float = CARD_W,
    width: float | None = None,
    selected: Collection[int] = (),
    target: str | None = "card",
) -> Drawing:
    theme = get_theme(theme)
    card_h = card_size(DECK, card_w)[1]
    m = 10.0
    natural = groups_width(groups, card_w, 4.0, GROUP_GAP) + 2 * m + 30
    width = max(natural, 300.0) if width is None else width
    gap = fit_groups_gap(groups, card_w, width - 2 * m - 30)
    span = groups_width(groups, card_w, gap, GROUP_GAP)
    top = 44.0 if title else 18.0
    lift = 0.16 * card_h if target is not None else 0.0
    height = top + lift + 20 + card_h + 34
    return _on_felt(
        groups,
        (width, height, 16.0),
        ((width - span) / 2, top),
        title,
        theme,
        card_w=card_w,
        gap=gap,
        wild_rank=wild_rank,
        selected=selected,
        target=target,
    )


def _on_felt(
    groups: Sequence[Group],
    size: tuple[float, float, float],
    at: tuple[float, float],
    title: str,
    theme: Theme,
    **style: Any,
) -> Drawing:
    """``groups`` drawn from ``at`` on a felt of (width, height, corner radius), titled."""
    width, height, radius = size
    ops: list[DrawOp] = [felt(width, height, theme, 10.0, radius)]
    if title:
        ops += _banner(width, title, theme, 28.0)
    ops += groups_ops(groups, *at, theme, right=width - 14, **style)[0]
    return Drawing(width, height, tuple(ops), background=theme.background)


def hand_picture(
    hand: Sequence[Card],
    wild_rank: str | None = None,
    *,
    title: str = "",
    theme: Theme | str = "default",
    card_w: float = CARD_W,
) -> Drawing:
    """A plain row of cards (wild ones tagged), e.g. a hand before the solver looks at it."""
    group = Group("", tuple(hand))
    theme = get_theme(theme)
    card_h = card_size(DECK, card_w)[1]
    m = 10.0
    width = max(len(hand) * (card_w + 6) + 2 * m + 24, 260.0)
    top = 44.0 if title else 22.0
    height = top + card_h + 22
    span = len(hand) * (card_w + 6) - 6
    return _on_felt(
        [group],
        (width, height, 14.0),
        ((width - span) / 2, top),
        title,
        theme,
        card_w=card_w,
        gap=6.0,
        wild_rank=wild_rank,
        target=None,
        labels=False,
        frames=False,
    )


def rounds_picture(theme: Theme | str = "default", current: int | None = None) -> Drawing:
    """The 11 rounds: how many cards are dealt and which rank is wild (a card of that rank)."""
    theme = get_theme(theme)
    w = 52.0
    h = card_size(DECK, w)[1]
    step = 76.0
    m = 10.0
    width = 2 * m + 20 + 11 * step
    height = 178.0
    ops: list[DrawOp] = [felt(width, height, theme, m, 16.0)]
    size = 12.0 * theme.font_scale
    title = str(msg("11 rounds: round r deals r + 2 cards, and that rank is wild"))
    ops += fitted(width / 2, 26, title, width - 40, 14 * theme.font_scale, theme.felt_text,
                  bold=True)  # fmt: skip
    suits = "hsdc"
    for r in range(1, 12):
        x = m + 10 + (r - 1) * step + (step - w) / 2
        y = 52.0
        if current == r:
            ops.append(
                Rect(
                    x - 8,
                    y - 6,
                    w + 16,
                    h + 44,
                    fill=mix(theme.felt, theme.felt_edge, 0.2),
                    stroke=theme.highlight,
                    line_width=3 * theme.line_scale,
                    radius=8,
                )
            )
        c = Card(DECK, ROUND_RANKS[r - 1], suits[(r - 1) % 4])
        ops.append(card_sprite(c, w, h, theme, DECK, x, y))
        ops += _wild_badge(x, y, w, h, theme)
        label = str(msg("Round {round}", round=r))
        ops += fitted(x + w / 2, y + h + 14, label, step - 6, size, theme.felt_text, bold=True)
        dealt = str(msgn("{count} card", "{count} cards", r + 2))
        ops += fitted(x + w / 2, y + h + 31, dealt, step - 6, size, theme.felt_text)
        ops.append(HitBox(x, y, w, h, f"round:{r}"))
    return Drawing(width, height, tuple(ops), background=theme.background)


# -- the table ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeatPicture:
    """One seat as drawn: its groups (a hidden hand is one group of None), name and notes."""

    name: str
    groups: tuple[Group, ...]
    notes: tuple[str, ...] = ()
    active: bool = False


@dataclass(frozen=True)
class TablePicture:
    """Everything on the table besides the seats."""

    banner: str
    wild_rank: str | None
    stock: int
    discard: Card | None
    discard_count: int = 0
    notes: tuple[str, ...] = ()
    seats: tuple[SeatPicture, ...] = field(default_factory=tuple)


def round_result(view: ThreeThirteenView) -> RoundResult | None:
    """The round just scored while its hands lie face up (between rounds), else None."""
    laid = view.phase == "over" or (view.phase == "deal" and not any(view.hand_sizes))
    return view.results[-1] if laid and view.results else None


@dataclass(frozen=True)
class Shown:
    """The round a table shows and its piles: while a scored round's hands lie face up, that
    round's, as it ended (the next round is dealt only when the learner moves on)."""

    round: int
    wild: str
    stock: int
    discard: tuple[Card, ...]

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None


def shown(view: ThreeThirteenView, result: RoundResult | None) -> Shown:
    """What the picture and the text version both show of ``view`` (``result``: the round laid
    down, from `round_result`)."""
    if result is not None:
        return Shown(result.number, result.wild, result.stock_left, result.discard)
    return Shown(view.round, view.wild, view.stock_size, view.discard)


def seat_pictures(
    view: ThreeThirteenView,
    result: RoundResult | None,
    name: Callable[[int], str] = short_name,
    hidden_notes: Callable[[int], tuple[str, ...]] = lambda seat: (),
) -> tuple[SeatPicture, ...]:
    """Every seat through ``view``'s eyes: the hands it may see arranged by the solver, the
    others as backs (with ``hidden_notes``); with a ``result``, every hand laid down as scored."""

    def value(c: Card) -> int:
        return penalty_value(c, view.aces)

    seats = []
    for s in range(view.players):
        # Translators: a player's running total on their name plate (points, abbreviated)
        total = str(msg("{points} pts", points=view.totals[s]))
        hand = view.hands[s]
        if result is not None:
            groups = tuple(arrangement_groups(result.arrangements[s], result.wild, value))
            went = str(msg("went out")) if s == result.went_out else f"+{result.scores[s]}"
            notes: tuple[str, ...] = (went, total)
        elif hand:
            arr = best_arrangement(hand, view.wild, view.aces, view.max_wilds)
            groups = tuple(arrangement_groups(arr, view.wild, value))
            notes = (total,)
        else:
            groups = (Group("", (None,) * view.hand_sizes[s]),)
            notes = (total, *hidden_notes(s))
        seats.append(SeatPicture(name(s), groups, notes, view.to_act == s))
    return tuple(seats)


def round_table(
    view: ThreeThirteenView,
    result: RoundResult | None,
    banner: str,
    notes: tuple[str, ...] = (),
    seats: tuple[SeatPicture, ...] | None = None,
) -> TablePicture:
    """The table of ``view`` (with a ``result``, the round laid down with its piles as it
    ended)."""
    now = shown(view, result)
    return TablePicture(
        banner,
        now.wild,
        now.stock,
        now.top,
        len(now.discard),
        notes,
        seat_pictures(view, result) if seats is None else seats,
    )


def step_result(state: ThreeThirteenState, view: ThreeThirteenView) -> RoundResult | None:
    """The round a stepper shows laid down at this step (None while a round is played)."""
    return round_result(view) if state.phase == "deal" else None


def step_picture(
    state: ThreeThirteenState,
    viewer: int | None,
    theme: Theme | str = "default",
    banner: str = "",
    *,
    portrait: bool = False,
) -> Drawing:
    """Any step of a game through ``viewer``'s eyes (None: the teacher's, every hand face up);
    ``portrait``: laid out for a phone held upright."""
    view = GAME.observe(state, viewer)
    result = step_result(state, view)
    if not banner:
        wild = result.wild if result is not None else view.wild
        banner = round_banner(view.round, view.rounds, wild)
    seats = seat_pictures(view, result, name=seat_tag)
    table = round_table(view, result, banner, seats=seats)
    return table_picture(table, theme=theme, portrait=portrait)


def round_banner(round_no: int, rounds: int, wild: str) -> str:
    """``Round 2 of 11 · 4s wild``: a table's banner."""
    return str(
        msg(
            "Round {round} of {rounds} \u00b7 {wild} wild",
            round=round_no,
            rounds=rounds,
            wild=rank_message(wild, True),
        )
    )


def table_picture(
    table: TablePicture,
    *,
    theme: Theme | str = "default",
    selected: Collection[int] = (),
    width: float = WIDTH,
    portrait: bool = False,
) -> Drawing:
    """The table: seat 0 (the viewer) at the bottom with its hand grouped into melds, the other
    seats along the top, the stock (clickable, target ``stock``) and the discard pile (target
    ``discard``) in the middle with the round and its wild rank.  ``portrait``: for a phone, the
    banner, the other seats, the piles and the viewer one under another
    (`cardlab.render.portrait`), saying the same words."""
    theme = get_theme(theme)
    m = 10.0
    seats = table.seats
    others = seats[1:]
    top_h = 128.0 if others else 0.0
    mid_y = 44.0 + top_h
    mid_h = CARD_H + 40
    you = seats[0] if seats else None
    bottom_y = mid_y + mid_h + 8
    lift = 0.16 * CARD_H
    # room for the notes under the hand's groups whether or not it has any now: a table whose
    # height came and went with them moved the buttons under it on every turn
    notes_h = 16.0 if you else 0.0
    height = bottom_y + 20 + lift + CARD_H + notes_h + 44
    slot = (width - 2 * m - 20) / len(others) if others else 0.0
    # the other seats, small, along the top
    parts = [
        _other_seat(seat, m + 10 + k * slot, slot, table.wild_rank, theme, portrait)
        for k, seat in enumerate(others)
    ]
    middle = _piles(table, width, mid_y + 6, theme, portrait)
    mine = [] if you is None else _own_seat(you, width, bottom_y, table, theme, selected, portrait)
    if portrait:
        head = _banner(width, table.banner, theme, 0.0, phone=True)
        return portrait_stack([head, *parts, middle, mine], theme)
    ops: list[DrawOp] = [felt(width, height, theme, m, 40.0)]
    ops += _banner(width, table.banner, theme, 28.0)
    for part in parts:
        ops += part
    ops += middle
    ops += mine
    return Drawing(width, height, tuple(ops), background=theme.background)


def _other_seat(
    seat: SeatPicture, x0: float, slot: float, wild_rank: str | None, theme: Theme, phone: bool
) -> list[DrawOp]:
    """A bot's seat in its ``slot`` along the top from ``x0``: its name, its hand (backs, or its
    melds once shown) and its notes.  On a ``phone``, the part as wide as the phone allows, in
    the words the slot gives them."""
    cx = x0 + slot / 2
    ops = seat_plate(seat.name, cx, 52.0, theme, active=seat.active,
                     width=ROOM if phone else slot - 8)  # fmt: skip
    gap = fit_groups_gap(seat.groups, SMALL_W, slot - 24, 3.0)
    span = groups_width(seat.groups, SMALL_W, gap, GROUP_GAP)
    hidden = all(c is None for g in seat.groups for c in g.cards)
    labelled = not hidden and any(g.label for g in seat.groups)
    if phone and not hidden:
        ops += _phone_groups(
            seat.groups,
            wording(seat.groups, cx - span / 2, SMALL_W, gap, x0 + slot - 4),
            cx,
            70.0,
            theme,
            card_w=SMALL_W,
            wild_rank=wild_rank,
            target=None,
            label_size=10.0,
            labels=labelled,
        )
    else:
        if phone:  # backs: overlapped to the phone's width
            gap = fit_groups_gap(seat.groups, SMALL_W, ROOM, 3.0)
            span = groups_width(seat.groups, SMALL_W, gap, GROUP_GAP)
        body, _ = groups_ops(
            seat.groups,
            cx - span / 2,
            66.0,
            theme,
            card_w=SMALL_W,
            gap=gap,
            wild_rank=wild_rank,
            target=None,
            label_size=10.0,
            labels=labelled,
            frames=not hidden,
            right=x0 + slot - 4,
        )
        ops += body
    wild_notes = any(any(g.notes) for g in seat.groups)
    ny = 66.0 + (20 if labelled else 0) + SMALL_H + 18 + (16 if wild_notes else 0)
    if phone:  # under whatever its hand took
        ny = extent(ops)[3] + 8
    for j, note in enumerate(seat.notes[:2]):
        if phone:
            said = table_label(
                cx,
                ny,
                note,
                slot - 8,
                11.5 * theme.font_scale,
                theme.felt_text,
                baseline="top",
                phone=ROOM,
            )
            ny = max((t.y + t.size for t in said), default=ny) + 4
        else:
            said = fitted(cx, ny + 15 * j, note, slot - 8, 11.5 * theme.font_scale,
                          theme.felt_text)  # fmt: skip
        ops += said
    return ops


def _piles(table: TablePicture, width: float, y: float, theme: Theme, phone: bool) -> list[DrawOp]:
    """The middle of the table: the stock and the discard pile with their counts, and the notes
    beside them (under them on a ``phone``, the piles further apart for their labels)."""
    ops: list[DrawOp] = []
    m = 10.0
    cx = width / 2
    sx, dx = cx - CARD_W - 30, cx + 30
    size = 12.0 * theme.font_scale
    # each pile's label takes the room between the piles' middles (two lines at most)
    room = dx - sx - 8
    nx = dx + CARD_W + 28
    notes_room = width - m - 12 - nx
    label_room: float | None = None
    if phone:
        sx, dx = cx - PHONE_PILES / 2 - CARD_W / 2, cx + PHONE_PILES / 2 - CARD_W / 2
        label_room = PHONE_PILES - 10
    if table.stock:
        for k in range(min(3, max(1, table.stock // 8))):  # a little depth for a full stock
            ops.append(card_sprite(None, CARD_W, CARD_H, theme, DECK, sx - 2 * k, y - 2 * k))
        ops.append(HitBox(sx - 4, y - 4, CARD_W + 4, CARD_H + 4, "stock"))
    else:
        ops.append(_slot(sx, y, theme))
    below = y + CARD_H + 7

    def pile_label(left: float, text: str) -> list[Text]:
        """A pile's name and count under it."""
        return table_label(left + CARD_W / 2, below, text, room, size, theme.felt_text, "center",
                           "top", bold=True, lines=2, phone=label_room)  # fmt: skip

    stock_label = str(msg("Stock ({count})", count=table.stock))
    ops += pile_label(sx, stock_label)
    if table.discard is not None:
        ops.append(card_sprite(table.discard, CARD_W, CARD_H, theme, DECK, dx, y))
        if is_wild(table.discard, table.wild_rank):
            ops += _wild_badge(dx, y, CARD_W, CARD_H, theme, phone)
        ops.append(HitBox(dx, y, CARD_W, CARD_H, "discard"))
    else:
        ops.append(_slot(dx, y, theme))
    # Translators: the discard pile's label on the table, with its number of cards
    discard_label = str(msg("Discard ({count})", count=table.discard_count))
    ops += pile_label(dx, discard_label)
    ny = extent(ops)[3] + 12
    for j, note in enumerate(table.notes[:4]):
        if phone:
            said = table_label(
                cx,
                ny,
                note,
                notes_room,
                size,
                theme.felt_text,
                "center",
                "top",
                bold=j == 0,
                phone=ROOM,
            )
            ny = max((t.y + t.size for t in said), default=ny) + 4
        else:
            said = fitted(nx, y + 14 + 18 * j, note, notes_room, size, theme.felt_text, "left",
                          bold=j == 0)  # fmt: skip
        ops += said
    return ops


def _own_seat(
    you: SeatPicture,
    width: float,
    y: float,
    table: TablePicture,
    theme: Theme,
    selected: Collection[int],
    phone: bool,
) -> list[DrawOp]:
    """The viewer's hand, as groups (targets ``card:<i>``), with its name plate under it; on a
    ``phone`` its groups in rows as wide as the phone, in the words the landscape gives them."""
    m = 10.0
    gap = fit_groups_gap(you.groups, CARD_W, width - 2 * m - 40)
    span = groups_width(you.groups, CARD_W, gap, GROUP_GAP)
    ops: list[DrawOp]
    if phone:
        ops = _phone_groups(
            you.groups,
            wording(you.groups, (width - span) / 2, CARD_W, gap, width - m - 12),
            width / 2,
            y,
            theme,
            card_w=PHONE_W,
            wild_rank=table.wild_rank,
            selected=selected,
            target="card",
            label_size=12.0,
            labels=True,
        )
        ny = extent(ops)[3] + 16
    else:
        ops, _ = groups_ops(
            you.groups,
            (width - span) / 2,
            y,
            theme,
            gap=gap,
            wild_rank=table.wild_rank,
            selected=selected,
            right=width - m - 12,
        )
        lift, notes_h = 0.16 * CARD_H, 16.0  # the room `table_picture` leaves them
        ny = y + lift + 20 + CARD_H + notes_h + 18
    text = you.name + ("" if not you.notes else " \u00b7 " + " \u00b7 ".join(you.notes))
    if phone:
        ops += seat_plate(text, width / 2, ny, theme, active=you.active,
                          size=phone_size(("\u25b6 " if you.active else "") + text,
                                          13.0 * theme.font_scale, ROOM - 14, True))  # fmt: skip
    else:
        ops += seat_plate(text, width / 2, ny, theme, active=you.active,
                          width=width - 2 * m - 40)  # fmt: skip
    return ops


def _phone_groups(
    groups: Sequence[Group],
    words: Wording,
    cx: float,
    y: float,
    theme: Theme,
    *,
    card_w: float,
    wild_rank: str | None,
    selected: Collection[int] = (),
    target: str | None,
    label_size: float,
    labels: bool,
) -> list[DrawOp]:
    """``groups`` on a phone, in rows no wider than its `ROOM` centred on ``cx`` from ``y``: a
    group too long for a row goes on in the next (its label on its first piece), the cards of a
    group spaced so no two tags or notes under them meet; every word as the landscape words it
    (``words``)."""
    card_h = card_size(DECK, card_w)[1]
    pieces: list[list[DrawOp]] = []
    index = 0
    for g, room in zip(groups, words.labels, strict=True):
        gap = _phone_gap(g, card_w, card_h, theme, wild_rank, words.note)
        n = max(1, len(g.cards))
        most = max(1, int((ROOM - 10 + gap) // (card_w + gap)))  # 10: the frame's pads
        per = math.ceil(n / math.ceil(n / most))  # its rows as even as they go
        for a in range(0, n, per):
            piece = Group(g.label if a == 0 else "", g.cards[a : a + per],
                          g.notes[a : a + per], g.deadwood)  # fmt: skip
            ops, _ = groups_ops([piece], 0.0, 0.0, theme, card_w=card_w, gap=gap,
                                wild_rank=wild_rank, selected=selected, target=target,
                                label_size=label_size, labels=labels, first=index,
                                phone=Wording((room,), words.note))  # fmt: skip
            pieces.append(ops)
            index += len(piece.cards)
    rows: list[list[tuple[list[DrawOp], tuple[float, float, float, float]]]] = [[]]
    used = 0.0
    for ops in pieces:
        box = extent(ops)
        w = box[2] - box[0]
        if rows[-1] and used + PHONE_GAP + w > ROOM:
            rows.append([])
            used = 0.0
        used += (PHONE_GAP if rows[-1] else 0.0) + w
        rows[-1].append((ops, box))
    out: list[DrawOp] = []
    for row in rows:
        x = cx - (sum(b[2] - b[0] for _, b in row) + PHONE_GAP * (len(row) - 1)) / 2
        y0, y1 = min(b[1] for _, b in row), max(b[3] for _, b in row)
        for ops, b in row:
            out += [shifted(op, x - b[0], y - y0) for op in ops]
            x += b[2] - b[0] + PHONE_GAP
        y += y1 - y0 + 10
    return out


def _phone_gap(
    g: Group, card_w: float, card_h: float, theme: Theme, wild_rank: str | None, note_room: float
) -> float:
    """The gap between a group's cards on a phone: 4 px, or what keeps the WILD tags and the
    notes under two cards side by side apart (they are larger there than the landscape's)."""
    widths = []
    for k, c in enumerate(g.cards):
        w = 0.0
        if c is not None and is_wild(c, wild_rank):
            x0, _, x1, _ = extent(_wild_badge(0.0, 0.0, card_w, card_h, theme, True))
            w = x1 - x0
        note = g.notes[k] if k < len(g.notes) else ""
        if note:
            said = table_label(
                0.0,
                0.0,
                note,
                note_room,
                11 * theme.font_scale,
                theme.felt_text,
                bold=True,
                min_scale=0.7,
                phone=ROOM,
            )
            w = max([w, *(text_width(t.text, t.size, t.bold) for t in said)])
        widths.append(w)
    need = max(((a + b) / 2 + 4 for a, b in pairwise(widths) if a and b), default=0.0)
    return max(4.0, need - card_w)


def _slot(x: float, y: float, theme: Theme) -> Line:
    pts = ((x, y), (x + CARD_W, y), (x + CARD_W, y + CARD_H), (x, y + CARD_H), (x, y))
    return Line(pts, theme.felt_text, 1.5, dash=(5.0, 4.0))
