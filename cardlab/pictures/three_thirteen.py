"""Drawing Three Thirteen: hands laid out as melds (wild cards marked), the rounds strip, and the
table with the stock, the discard pile and 2-4 seats (any step of a game, through any eyes).

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the lesson shows.  A meld is duck-typed: anything with ``kind`` (``"set"`` or
``"run"``), ``cards`` and ``stands_for`` (what each wild card plays as: a `Card`, a rank or None,
aligned with ``cards``) draws, which is what `cardlab.games.three_thirteen.melds.Meld` gives.
Which cards a seat may see is decided by the caller: a card is a `Card` (face up) or None (a back).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

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
from cardlab.games.three_thirteen.rules import RANKS, ROUNDS, sort_key
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
from cardlab.render.text import fitted
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


def stands_for_text(value: Any) -> str:
    """What a wild card plays as, in words on the table: ``7♥``, ``K`` ..."""
    if value is None or value == "":
        return ""
    if isinstance(value, Card):
        return card_text(value)
    text = str(value)
    if len(text) >= 2 and text[-1] in "shdc" and text[:-1] in (*RANKS, "10"):
        return card_text(card(text))
    return rank_label(text)


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
) -> tuple[list[DrawOp], float]:
    """Draw groups left to right from (x, y) = top left of the labels.  Cards are numbered in
    drawing order (``target:<i>``); returns the ops and the x where the next thing may go.
    A label takes the room up to the next group's (the last one's up to ``right``): shrunk or,
    at worst, cut to fit it."""
    if right is None:
        right = x + groups_width(groups, card_w, gap, GROUP_GAP)
    card_h = card_size(DECK, card_w)[1] if card_h is None else card_h
    ops: list[DrawOp] = []
    size = label_size * theme.font_scale
    lift = 0.16 * card_h
    top = y + (size + 8 if labels else 0) + (lift if target is not None else 0)
    index = 0
    cx = x
    frame_fill = mix(theme.felt, theme.felt_edge, 0.14)  # felt_text stays readable on it
    for g in groups:
        n = len(g.cards)
        span = max(1, n) * card_w + (max(1, n) - 1) * gap
        pad = 5.0
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
        if labels:  # as far as the next group's label, or the picture's edge for the last
            room = span + GROUP_GAP - 6 if g is not groups[-1] else max(span, right - cx)
            ops += fitted(
                cx - pad + 2,
                y + size / 2,
                g.label,
                room,
                size,
                theme.felt_text,
                "left",
                bold=not g.deadwood,
                min_scale=0.7,
            )
        for k, c in enumerate(g.cards):
            px = cx + k * (card_w + gap)
            chosen = index in selected
            py = top - (lift if chosen else 0)
            ops.append(card_sprite(c, card_w, card_h, theme, DECK, px, py))
            if c is not None and is_wild(c, wild_rank):
                ops += _wild_badge(px, py, card_w, card_h, theme)
            note = g.notes[k] if k < len(g.notes) else ""
            if note:
                ops += fitted(
                    px + card_w / 2,
                    top + card_h + 9,
                    note,
                    max(card_w + gap, card_w / 2) - 2,
                    11 * theme.font_scale,
                    theme.felt_text,
                    bold=True,
                    min_scale=0.7,
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
                ops.append(Text(px + card_w - 3, py + 3.5, "\u2714", 11, "#000000", bold=True))
            if target is not None:
                ops.append(HitBox(px, py, card_w, card_h, f"{target}:{index}"))
            index += 1
        if not g.cards:
            ops.append(Text(cx + card_w / 2, top + card_h / 2, "\u2014", 16, theme.felt_text))
        cx += span + GROUP_GAP
    return ops, cx


def _wild_badge(x: float, y: float, w: float, h: float, theme: Theme) -> list[DrawOp]:
    """A "WILD" tag across the lower middle of a card: shape and word, never colour alone (a
    longer word in another language gets a wider tag and, if need be, a smaller font)."""
    # Translators: the tag drawn across a wild card (a short word, in capitals)
    word = str(msg("WILD"))
    bw, bh = w * (0.78 if len(word) <= 4 else 0.94), 13.0 * theme.font_scale
    size = min(9.5 * theme.font_scale, bw / (0.62 * max(len(word), 1)))
    bx, by = x + (w - bw) / 2, y + h * 0.5 - bh / 2 + 2
    return [
        Rect(bx, by, bw, bh, fill=theme.highlight, stroke="#000000", line_width=1.0, radius=4),
        Text(x + w / 2, by + bh / 2 + 0.5, word, size, "#000000", bold=True),
    ]


def _banner(width: float, text: str, theme: Theme, y: float = 24.0) -> list[Text]:
    """A picture's title line, across the felt between its rounded corners."""
    size = 15.0 * theme.font_scale
    return fitted(width / 2, y, text, width - 60, size, theme.felt_text, bold=True)


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
    state: ThreeThirteenState, viewer: int | None, theme: Theme | str = "default", banner: str = ""
) -> Drawing:
    """Any step of a game through ``viewer``'s eyes (None: the teacher's, every hand face up)."""
    view = GAME.observe(state, viewer)
    result = step_result(state, view)
    if not banner:
        wild = result.wild if result is not None else view.wild
        banner = round_banner(view.round, view.rounds, wild)
    seats = seat_pictures(view, result, name=seat_tag)
    return table_picture(round_table(view, result, banner, seats=seats), theme=theme)


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
) -> Drawing:
    """The table: seat 0 (the viewer) at the bottom with its hand grouped into melds, the other
    seats along the top, the stock (clickable, target ``stock``) and the discard pile (target
    ``discard``) in the middle with the round and its wild rank."""
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
    ops: list[DrawOp] = [felt(width, height, theme, m, 40.0)]
    ops += _banner(width, table.banner, theme, 28.0)

    # the other seats, small, along the top
    if others:
        slot = (width - 2 * m - 20) / len(others)
        for k, seat in enumerate(others):
            x0 = m + 10 + k * slot
            cx = x0 + slot / 2
            ops += seat_plate(seat.name, cx, 52.0, theme, active=seat.active, width=slot - 8)
            gap = fit_groups_gap(seat.groups, SMALL_W, slot - 24, 3.0)
            span = groups_width(seat.groups, SMALL_W, gap, GROUP_GAP)
            hidden = all(c is None for g in seat.groups for c in g.cards)
            labelled = not hidden and any(g.label for g in seat.groups)
            body, _ = groups_ops(
                seat.groups,
                cx - span / 2,
                66.0,
                theme,
                card_w=SMALL_W,
                gap=gap,
                wild_rank=table.wild_rank,
                target=None,
                label_size=10.0,
                labels=labelled,
                frames=not hidden,
                right=x0 + slot - 4,
            )
            ops += body
            wild_notes = any(any(g.notes) for g in seat.groups)
            ny = 66.0 + (20 if labelled else 0) + SMALL_H + 18 + (16 if wild_notes else 0)
            for j, note in enumerate(seat.notes[:2]):
                ops += fitted(cx, ny + 15 * j, note, slot - 8, 11.5 * theme.font_scale,
                              theme.felt_text)  # fmt: skip

    # the stock and the discard pile
    cx = width / 2
    sx, dx = cx - CARD_W - 30, cx + 30
    y = mid_y + 6
    size = 12.0 * theme.font_scale
    if table.stock:
        for k in range(min(3, max(1, table.stock // 8))):  # a little depth for a full stock
            ops.append(card_sprite(None, CARD_W, CARD_H, theme, DECK, sx - 2 * k, y - 2 * k))
        ops.append(HitBox(sx - 4, y - 4, CARD_W + 4, CARD_H + 4, "stock"))
    else:
        ops.append(_slot(sx, y, theme))
    # each pile's label takes the room between the piles' middles (two lines at most)
    room = dx - sx - 8
    below = y + CARD_H + 7
    stock_label = str(msg("Stock ({count})", count=table.stock))
    ops += fitted(sx + CARD_W / 2, below, stock_label, room, size, theme.felt_text, "center",
                  "top", bold=True, lines=2)  # fmt: skip
    if table.discard is not None:
        ops.append(card_sprite(table.discard, CARD_W, CARD_H, theme, DECK, dx, y))
        if is_wild(table.discard, table.wild_rank):
            ops += _wild_badge(dx, y, CARD_W, CARD_H, theme)
        ops.append(HitBox(dx, y, CARD_W, CARD_H, "discard"))
    else:
        ops.append(_slot(dx, y, theme))
    # Translators: the discard pile's label on the table, with its number of cards
    discard_label = str(msg("Discard ({count})", count=table.discard_count))
    ops += fitted(dx + CARD_W / 2, below, discard_label, room, size, theme.felt_text, "center",
                  "top", bold=True, lines=2)  # fmt: skip
    nx = dx + CARD_W + 28
    for j, note in enumerate(table.notes[:4]):
        ops += fitted(nx, y + 14 + 18 * j, note, width - m - 12 - nx, size, theme.felt_text,
                      "left", bold=j == 0)  # fmt: skip

    # the viewer's hand, as groups, at the bottom
    if you is not None:
        gap = fit_groups_gap(you.groups, CARD_W, width - 2 * m - 40)
        span = groups_width(you.groups, CARD_W, gap, GROUP_GAP)
        body, _ = groups_ops(
            you.groups,
            (width - span) / 2,
            bottom_y,
            theme,
            gap=gap,
            wild_rank=table.wild_rank,
            selected=selected,
            right=width - m - 12,
        )
        ops += body
        ny = bottom_y + lift + 20 + CARD_H + notes_h + 18
        text = you.name + ("" if not you.notes else " \u00b7 " + " \u00b7 ".join(you.notes))
        ops += seat_plate(text, width / 2, ny, theme, active=you.active, width=width - 2 * m - 40)
    return Drawing(width, height, tuple(ops), background=theme.background)


def _slot(x: float, y: float, theme: Theme) -> Line:
    pts = ((x, y), (x + CARD_W, y), (x + CARD_W, y + CARD_H), (x, y + CARD_H), (x, y))
    return Line(pts, theme.felt_text, 1.5, dash=(5.0, 4.0))
