"""Drawing Triangle: three seats of one card each and the Right to Speak in the middle, at any
step of a game, and the five stages of the round walkthrough.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the Triangle lesson shows.  What a seat may see is decided by the caller, which
passes each card as a `Card` (face up), None (face down) or `EMPTY` (not dealt yet), or the
observation of the eyes it draws through.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.core.replay import Replay
from cardlab.games.triangle import TriangleState, TriangleView, observe
from cardlab.games.triangle.game import SeenRound
from cardlab.render import Circle, Drawing, DrawOp, Line, Text, card_size, get_theme, row
from cardlab.render.layout import felt, seat_plate
from cardlab.render.ops import Align
from cardlab.render.portrait import GAP, LABEL_MIN, ROOM, extent, shifted
from cardlab.render.portrait import stack as portrait_stack
from cardlab.render.text import fit_lines, fitted
from cardlab.render.theme import Theme

EMPTY = "empty"
"""A card place with no card in it yet (drawn as a dashed outline)."""

WIDTH, HEIGHT = 720.0, 440.0
MARGIN = 10.0
CARD_W = 76.0
CARD_H = card_size("triangle", CARD_W)[1]
# top-left corners of the cards: seat 0 (the viewer) at the bottom, seats 1 and 2 at the top
# (left and right, clockwise on screen), the Right to Speak in the middle of the top row
TOP_Y = 92.0
BOTTOM_Y = 262.0
SEAT_X = (WIDTH / 2 - CARD_W / 2, 100.0, WIDTH - 100.0 - CARD_W)
RTS_X = WIDTH / 2 - CARD_W / 2
COLUMN = RTS_X - SEAT_X[1] - 8
"""The words under a top card: clear of the next column's."""
PORTRAIT_CARD_W = 64.0
"""A card on a phone: the two other seats side by side, or a card with its words beside it."""
PAIR_GAP = 12.0
"""On a phone, at least this between the two other seats' words side by side."""


@dataclass(frozen=True)
class SeatPicture:
    """One seat as drawn: its card (`Card`, None = face down, `EMPTY`), name and notes.

    ``mark`` is written on a face-down card in a white disc (``?`` for "your own, hidden
    card"); ``active`` highlights the name plate (whose move it is, or who spoke).
    """

    card: Card | str | None
    name: str
    notes: tuple[str, ...] = ()
    mark: str = ""
    active: bool = False


def triangle_table(
    seats: Sequence[SeatPicture],
    rts: Card | str | None = None,
    *,
    rts_notes: tuple[str, ...] | None = None,
    banner: str = "",
    theme: Theme | str = "default",
    portrait: bool = False,
) -> Drawing:
    """The table picture: felt, a banner line, three seats and the Right to Speak.

    ``portrait``: for a phone held upright (`cardlab.render.portrait`), the banner, the other two
    seats, the Right to Speak and the viewer one under another, with the landscape's very words.
    """
    theme = get_theme(theme)
    if rts_notes is None:
        rts_notes = (right_to_speak(),)
    if len(seats) != 3:
        raise ValueError(f"a Triangle table has 3 seats, got {len(seats)}")
    if portrait:
        return _portrait(seats, rts, rts_notes, banner, theme)
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, MARGIN, 60.0)]
    if banner:
        ops += _banner(banner, theme)
    places = [(SEAT_X[0], BOTTOM_Y), (SEAT_X[1], TOP_Y), (SEAT_X[2], TOP_Y)]
    for s, (seat, (x, y)) in enumerate(zip(seats, places, strict=True)):
        ops += _seat(seat, s, x, y, theme, beside=s == 0)
    ops += _middle(rts, rts_notes, RTS_X, TOP_Y, theme, beside=False)
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _banner(banner: str, theme: Theme) -> list[Text]:
    """The banner line over the landscape table (shrunk or cut to its width)."""
    return fitted(WIDTH / 2, 44, banner, WIDTH - 120, 15.0 * theme.font_scale, theme.felt_text,
                  bold=True)  # fmt: skip


def _room(s: int) -> float:
    """How wide seat ``s``'s words may be in landscape, which decides where a long one is cut:
    the phone's table says the same words (cut or not), only larger."""
    if s == 0:  # the viewer: words to the right of the card, up to the felt's edge
        return WIDTH - MARGIN - 16 - (SEAT_X[0] + CARD_W + 16)
    return min(COLUMN, 2 * (SEAT_X[s] + CARD_W / 2 - MARGIN - 8))


def _words_at(
    x: float, y: float, w: float, beside: bool, portrait: bool
) -> tuple[float, float, Align]:
    """Where the words of a card at (x, y), ``w`` wide, start: to its right (a little closer on
    a phone, where a long note needs the room) or under it."""
    if beside:
        return x + w + (12 if portrait else 16), y + 24, "left"
    return x + w / 2, y + card_size("triangle", w)[1] + 20, "center"


def _label(text: Text, portrait: bool) -> Text:
    """A label as the phone's table draws it: never under `LABEL_MIN` px."""
    return replace(text, size=max(text.size, LABEL_MIN)) if portrait else text


def _seat(
    seat: SeatPicture,
    s: int,
    x: float,
    y: float,
    theme: Theme,
    *,
    beside: bool,
    w: float = CARD_W,
    portrait: bool = False,
) -> list[DrawOp]:
    """Seat ``s``'s card at (x, y), ``w`` wide (target ``seat:<s>``), with its name plate and
    notes beside it (left aligned) or under it (centred), in the landscape's words."""
    size = 13.0 * theme.font_scale
    room = _room(s)
    ops = _card(seat.card, x, y, theme, f"seat:{s}", seat.mark, w)
    lx, ly, align = _words_at(x, y, w, beside, portrait)
    plate = seat_plate(seat.name, lx, ly, theme, active=seat.active, align=align, size=size,
                       width=room)  # fmt: skip
    said = next(op for op in plate if isinstance(op, Text))
    if portrait and said.size < LABEL_MIN:  # the landscape's name (cut or not), at a phone's size
        name = said.text.removeprefix("\u25b6 ") if seat.active else said.text
        plate = seat_plate(name, lx, ly, theme, active=seat.active, align=align, size=LABEL_MIN)
    ops += plate
    for k, note in enumerate(seat.notes):
        ops += [
            _label(t, portrait)
            for t in fitted(lx, ly + 22 + 19 * k, note, room, size * 0.95, theme.felt_text, align)
        ]
    return ops


def _middle(
    rts: Card | str | None,
    notes: tuple[str, ...],
    x: float,
    y: float,
    theme: Theme,
    *,
    beside: bool,
    w: float = CARD_W,
    portrait: bool = False,
) -> list[DrawOp]:
    """The Right to Speak at (x, y), ``w`` wide (target ``rts``), its name and what is known of
    it beside it or under it."""
    size = 13.0 * theme.font_scale
    ops = _card(rts, x, y, theme, "rts", "", w)
    lx, ly, align = _words_at(x, y, w, beside, portrait)
    for k, note in enumerate(notes):
        ops += [
            _label(t, portrait)
            for t in fitted(
                lx, ly + 19 * k, note, COLUMN, size * (1.0 if k == 0 else 0.95), theme.felt_text,
                align, bold=k == 0,
            )
        ]  # fmt: skip
    return ops


def _card(
    card: Card | str | None,
    x: float,
    y: float,
    theme: Theme,
    target: str,
    mark: str,
    w: float = CARD_W,
) -> list[DrawOp]:
    """A card (or an empty place) at (x, y), ``w`` wide, clicked as ``target``: one function for
    both layouts, so a phone's card is the landscape's at another size."""
    h = card_size("triangle", w)[1]
    if isinstance(card, str):  # EMPTY, the only text a place holds
        pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h), (x, y))
        return [Line(pts, theme.felt_text, 1.5, dash=(5.0, 4.0))]
    ops: list[DrawOp] = row([card], x, y, w, h, 0, theme, deck="triangle", target=target)
    if card is None and mark:
        cx, cy = x + w / 2, y + h / 2
        ops.append(Circle(cx, cy, 17, fill=theme.card_face, stroke=theme.card_edge, line_width=1.5))
        ops.append(Text(cx, cy + 1, mark, 22 * theme.font_scale, theme.text, bold=True))
    return ops


# -- on a phone held upright --------------------------------------------------------------------
def _portrait(
    seats: Sequence[SeatPicture],
    rts: Card | str | None,
    rts_notes: tuple[str, ...],
    banner: str,
    theme: Theme,
) -> Drawing:
    """The table `WIDTH` (360) px wide: the banner; the other two seats side by side if their
    words fit half the width, else one under the other; the Right to Speak; the viewer's seat.

    A card's words go beside it where they fit, else under it; the cards with words beside them
    share one left edge, so the column reads down.  Every label says the landscape's words (a
    note cut there is cut here too), at `LABEL_MIN` px or more."""
    w = PORTRAIT_CARD_W
    axis = WIDTH / 2

    def seat(s: int) -> Callable[[float, bool], list[DrawOp]]:
        return lambda x, beside: _seat(
            seats[s], s, x, 0.0, theme, beside=beside, w=w, portrait=True
        )

    def middle(x: float, beside: bool) -> list[DrawOp]:
        return _middle(rts, rts_notes, x, 0.0, theme, beside=beside, w=w, portrait=True)

    parts: list[list[DrawOp]] = []
    column = [middle, seat(0)]
    widest = max(_span(seat(s)(0.0, False)) for s in (1, 2))
    if 2 * widest + PAIR_GAP <= ROOM:  # side by side, as across the landscape's top
        d = max(ROOM / 4, (widest + PAIR_GAP) / 2)
        parts.append(seat(1)(axis - d - w / 2, False) + seat(2)(axis + d - w / 2, False))
    else:
        column[:0] = [seat(1), seat(2)]
    spans = [_span(make(0.0, True)) for make in column]
    left = axis - max((span for span in spans if span <= ROOM), default=0.0) / 2
    for make, span in zip(column, spans, strict=True):
        parts.append(make(left, True) if span <= ROOM else make(axis - w / 2, False))
    head = _portrait_banner(banner, theme) if banner else []
    return portrait_stack([head, _one_under_another(parts)], theme)


def _span(ops: Sequence[DrawOp]) -> float:
    """How wide ``ops`` are, their labels measured in the drawing font."""
    x0, _, x1, _ = extent(ops)
    return x1 - x0


def _one_under_another(parts: Sequence[Sequence[DrawOp]]) -> list[DrawOp]:
    """``parts`` moved down one under another, each left where it is across (unlike
    `cardlab.render.portrait.stack`, which centres each): one part for the stack."""
    ops: list[DrawOp] = []
    y = 0.0
    for part in parts:
        _, y0, _, y1 = extent(part)
        ops += [shifted(op, 0.0, y - y0) for op in part]
        y += y1 - y0 + GAP
    return ops


def _portrait_banner(banner: str, theme: Theme) -> list[Text]:
    """The landscape's banner in the portrait width: on one line, bold and smaller (not under
    `LABEL_MIN`), else plain; else on two lines."""
    text = _banner(banner, theme)[0].text
    title = 15.0 * theme.font_scale
    smallest = min(1.0, LABEL_MIN / title)
    for bold in (True, False):
        lines, size = fit_lines(text, ROOM, title, bold=bold, min_scale=smallest)
        if lines == [text]:
            return [Text(0.0, 0.0, text, size, theme.felt_text, bold=bold)]
    return fitted(0.0, 0.0, text, ROOM, title, theme.felt_text, bold=True, lines=2,
                  min_scale=smallest)  # fmt: skip


def right_to_speak() -> str:
    """The label under the Right to Speak (the card in the middle)."""
    return str(msg("Right to Speak"))


# -- pictures of positions, from one seat's observation ---------------------------------------
def seat_label(seat: int, scores: Sequence[int], you: int | None = None) -> str:
    """``Player 2 · 5 pts`` (``Player 1 (you) · 0 pts`` for the learner)."""
    if seat == you:
        return str(
            msgn(
                "Player {number} (you) \u00b7 {count} pt",
                "Player {number} (you) \u00b7 {count} pts",
                scores[seat],
                number=seat + 1,
            )
        )
    return str(
        msgn(
            "{player} \u00b7 {count} pt",
            "{player} \u00b7 {count} pts",
            scores[seat],
            player=seat_name(seat),
        )
    )


def display_order(viewer: int | None) -> tuple[int, int, int]:
    """Seats in drawing order: the viewer at the bottom, then clockwise (teacher: seat 0 first)."""
    v = viewer or 0
    return (v, (v + 1) % 3, (v + 2) % 3)


def live_picture(
    view: TriangleView,
    *,
    dealt: Sequence[bool] = (True, True, True, True),
    claims: Sequence[bool | None] = (None, None, None),
    you: int | None = None,
    active: int | None = -1,
    banner: str = "",
    theme: Theme | str = "default",
    portrait: bool = False,
) -> Drawing:
    """A round in progress as ``view.seat`` sees it (None: the teacher, every card face up).

    ``dealt`` says which of the three player cards and the RtS are on the table (the rest are
    empty places); ``claims`` are the decisions to show; ``you`` names the learner's seat;
    ``active`` is the highlighted seat (default: the seat the engine asks next); ``portrait``:
    laid out for a phone held upright.
    """
    if active == -1:
        active = view.to_act
    viewer = view.seat
    pictures = []
    for s in display_order(viewer):
        card: Card | str | None = view.cards[s] if dealt[s] else EMPTY
        mark, notes = "", []
        if dealt[s] and s == viewer:
            mark = "?"
            notes.append(
                str(msg("your card: hidden from you") if s == you else msg("cannot see own card"))
            )
        if view.speaker == s:
            notes.append(str(msg("the speaker")))
        elif claims[s] is not None:
            notes.append(str(msg("grabs for it") if claims[s] else msg("does not grab")))
        if s == view.dealer and len(notes) < 2:
            notes.append(str(msg("dealer")))
        label = seat_label(s, view.scores, you)
        pictures.append(SeatPicture(card, label, tuple(notes), mark, active == s))
    if not dealt[3]:
        rts: Card | str | None = EMPTY
        rts_notes: tuple[str, ...] = (right_to_speak(), str(msg("not dealt yet")))
    elif view.rts is not None:
        rts = view.rts
        if view.speaker is None:
            seen = msg("shown to the teacher")
        elif viewer is None:
            seen = msg("seen by {player} only", player=seat_name(view.speaker))
        else:
            seen = msg("only you see it")
        rts_notes = (right_to_speak(), str(seen))
    else:
        rts, rts_notes = None, (right_to_speak(), str(msg("face down")))
    return triangle_table(
        pictures, rts, rts_notes=rts_notes, banner=banner, theme=theme, portrait=portrait
    )


def resolved_picture(
    view: TriangleView,
    record: SeenRound,
    *,
    you: int | None = None,
    banner: str = "",
    theme: Theme | str = "default",
    portrait: bool = False,
) -> Drawing:
    """A finished round as ``view.seat`` saw it: after a statement every player card is shown;
    after a void round nobody's own card is; the RtS only ever to its speaker (``portrait``: on
    a phone held upright)."""
    viewer = view.seat
    pictures = []
    for s in display_order(viewer):
        card = record.cards[s]
        notes = []
        gain = record.gains[s]
        points = msgn("+{count} point", "+{count} points", gain)
        if record.speaker == s and record.statement is not None:
            said = msg("said \u201c{statement}\u201d", statement=record.statement.said)
            verdict = (
                msg("true: {points}", points=points)
                if record.correct
                else msg("false: {points}", points=points)
            )
            notes += [str(said), str(verdict)]
        elif record.speaker is not None:
            notes.append(str(points))
        elif card is None:
            notes.append(str(msg("own card never shown (void)")))
        mark = "?" if card is None else ""
        label = seat_label(s, view.scores, you)
        pictures.append(SeatPicture(card, label, tuple(notes), mark, record.speaker == s))
    if record.rts is not None:
        rts_notes = (right_to_speak(), str(msg("seen by the speaker only")))
    else:
        rts_notes = (right_to_speak(), str(msg("never shown")))
    return triangle_table(
        pictures, record.rts, rts_notes=rts_notes, banner=banner, theme=theme, portrait=portrait
    )


def step_picture(
    state: TriangleState,
    viewer: int | None,
    theme: Theme | str = "default",
    banner: str = "",
    portrait: bool = False,
) -> Drawing:
    """The table at any step of a replay, through ``viewer``'s eyes (None: the teacher's);
    ``portrait``: laid out for a phone held upright."""
    teacher = observe(state, None)
    view = observe(state, viewer)
    if state.phase in ("deal", "over") and state.dealt == 0 and view.history:
        record = view.history[-1]
        return resolved_picture(view, record, banner=banner, theme=theme, portrait=portrait)
    dealt = (*(c is not None for c in teacher.cards), teacher.rts is not None)
    done = state.phase != "claim"
    claims = tuple(
        c if done or s == viewer or viewer is None else None for s, c in enumerate(state.claims)
    )
    return live_picture(
        view, dealt=dealt, claims=claims, banner=banner, theme=theme, portrait=portrait
    )


# -- the round walkthrough -------------------------------------------------------------------------
def round_steps(replay: Replay[TriangleState]) -> tuple[int, int]:
    """The steps of a one-round replay where the cards are lifted and where the speaker speaks."""

    def first(phase: str) -> int:
        return next(i for i in range(len(replay) + 1) if replay.state_at(i).phase == phase)

    return first("claim"), first("state")


def walkthrough_picture(
    replay: Replay[TriangleState], stage: int, theme: Theme | str = "default"
) -> Drawing:
    """Stage ``stage`` (0 deal, 1 lift, 2 grab, 3 speak, 4 resolve) of the scored first round
    in ``replay``, each through the eyes that stage is about."""
    lift, spoken = round_steps(replay)
    speaker = replay.state.rounds[0].speaker
    if stage == 0:
        seats = [
            SeatPicture(None, seat_label(s, (0, 0, 0)), (str(msg("dealer")),) if s == 0 else ())
            for s in display_order(0)
        ]
        banner = str(msg("Deal: four cards, all face down"))
        return triangle_table(seats, None, banner=banner, theme=theme)
    if stage == 1:
        view = observe(replay.state_at(lift), 0)
        banner = str(msg("Lift: through {player}'s eyes", player=seat_name(0)))
        return live_picture(view, active=None, banner=banner, theme=theme)
    if stage in (2, 3):
        state = replay.state_at(spoken)
        if stage == 2:
            return live_picture(
                observe(state, 0),
                claims=state.claims,
                active=speaker,
                banner=str(msg("Grab!")),
                theme=theme,
            )
        if speaker is None:
            raise ValueError("the first round was void: no speaker to look through")
        banner = str(msg("Speak: through {player}'s eyes", player=seat_name(speaker)))
        return live_picture(observe(state, speaker), active=speaker, banner=banner, theme=theme)
    view = observe(replay.state, 0)
    banner = str(msg("Resolve: player cards shown"))
    return resolved_picture(view, view.history[-1], banner=banner, theme=theme)
