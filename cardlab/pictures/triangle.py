"""Drawing Triangle: three seats of one card each and the Right to Speak in the middle, at any
step of a game, and the five stages of the round walkthrough.

Pure render code (draw ops only, no widgets), so tests and `cardlab.render.save_png` can look at
every picture the Triangle lesson shows.  What a seat may see is decided by the caller, which
passes each card as a `Card` (face up), None (face down) or `EMPTY` (not dealt yet), or the
observation of the eyes it draws through.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.core.replay import Replay
from cardlab.games.triangle import TriangleState, TriangleView, observe
from cardlab.games.triangle.game import SeenRound
from cardlab.render import Circle, Drawing, DrawOp, Line, Text, card_size, get_theme, row
from cardlab.render.layout import felt, seat_plate
from cardlab.render.ops import Align
from cardlab.render.text import fitted
from cardlab.render.theme import Theme

EMPTY = "empty"
"""A card place with no card in it yet (drawn as a dashed outline)."""

WIDTH, HEIGHT = 720.0, 440.0
CARD_W = 76.0
CARD_H = card_size("triangle", CARD_W)[1]
# top-left corners of the cards: seat 0 (the viewer) at the bottom, seats 1 and 2 at the top
# (left and right, clockwise on screen), the Right to Speak in the middle of the top row
TOP_Y = 92.0
BOTTOM_Y = 262.0
SEAT_X = (WIDTH / 2 - CARD_W / 2, 100.0, WIDTH - 100.0 - CARD_W)
RTS_X = WIDTH / 2 - CARD_W / 2


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
) -> Drawing:
    """The table picture: felt, a banner line, three seats and the Right to Speak."""
    theme = get_theme(theme)
    if rts_notes is None:
        rts_notes = (right_to_speak(),)
    if len(seats) != 3:
        raise ValueError(f"a Triangle table has 3 seats, got {len(seats)}")
    m = 10.0
    ops: list[DrawOp] = [felt(WIDTH, HEIGHT, theme, m, 60.0)]
    size = 13.0 * theme.font_scale
    if banner:
        ops += fitted(WIDTH / 2, 44, banner, WIDTH - 120, 15.0 * theme.font_scale, theme.felt_text,
                      bold=True)  # fmt: skip
    column = RTS_X - SEAT_X[1] - 8  # a top seat's labels, clear of the next column's
    places = [(SEAT_X[0], BOTTOM_Y), (SEAT_X[1], TOP_Y), (SEAT_X[2], TOP_Y)]
    for s, (seat, (x, y)) in enumerate(zip(seats, places, strict=True)):
        ops += _card(seat.card, x, y, theme, f"seat:{s}", seat.mark)
        align: Align
        if s == 0:  # the viewer: labels to the right of the card
            lx, ly, align = x + CARD_W + 16, y + 24, "left"
            room = WIDTH - m - 16 - lx
        else:
            lx, ly, align = x + CARD_W / 2, y + CARD_H + 20, "center"
            room = min(column, 2 * (lx - m - 8))
        ops += seat_plate(seat.name, lx, ly, theme, active=seat.active, align=align, size=size,
                          width=room)  # fmt: skip
        for k, note in enumerate(seat.notes):
            ops += fitted(lx, ly + 22 + 19 * k, note, room, size * 0.95, theme.felt_text, align)
    ops += _card(rts, RTS_X, TOP_Y, theme, "rts", "")
    for k, note in enumerate(rts_notes):
        ops += fitted(
            RTS_X + CARD_W / 2,
            TOP_Y + CARD_H + 20 + 19 * k,
            note,
            column,
            size * (1.0 if k == 0 else 0.95),
            theme.felt_text,
            "center",
            bold=k == 0,
        )
    return Drawing(WIDTH, HEIGHT, tuple(ops), background=theme.background)


def _card(
    card: Card | str | None, x: float, y: float, theme: Theme, target: str, mark: str
) -> list[DrawOp]:
    if isinstance(card, str):  # EMPTY, the only text a place holds
        pts = ((x, y), (x + CARD_W, y), (x + CARD_W, y + CARD_H), (x, y + CARD_H), (x, y))
        return [Line(pts, theme.felt_text, 1.5, dash=(5.0, 4.0))]
    ops: list[DrawOp] = row([card], x, y, CARD_W, CARD_H, 0, theme, deck="triangle", target=target)
    if card is None and mark:
        cx, cy = x + CARD_W / 2, y + CARD_H / 2
        ops.append(Circle(cx, cy, 17, fill=theme.card_face, stroke=theme.card_edge, line_width=1.5))
        ops.append(Text(cx, cy + 1, mark, 22 * theme.font_scale, theme.text, bold=True))
    return ops


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
) -> Drawing:
    """A round in progress as ``view.seat`` sees it (None: the teacher, every card face up).

    ``dealt`` says which of the three player cards and the RtS are on the table (the rest are
    empty places); ``claims`` are the decisions to show; ``you`` names the learner's seat;
    ``active`` is the highlighted seat (default: the seat the engine asks next).
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
    return triangle_table(pictures, rts, rts_notes=rts_notes, banner=banner, theme=theme)


def resolved_picture(
    view: TriangleView,
    record: SeenRound,
    *,
    you: int | None = None,
    banner: str = "",
    theme: Theme | str = "default",
) -> Drawing:
    """A finished round as ``view.seat`` saw it: after a statement every player card is shown;
    after a void round nobody's own card is; the RtS only ever to its speaker."""
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
    return triangle_table(pictures, record.rts, rts_notes=rts_notes, banner=banner, theme=theme)


def step_picture(
    state: TriangleState, viewer: int | None, theme: Theme | str = "default", banner: str = ""
) -> Drawing:
    """The table at any step of a replay, through ``viewer``'s eyes (None: the teacher's)."""
    teacher = observe(state, None)
    view = observe(state, viewer)
    if state.phase in ("deal", "over") and state.dealt == 0 and view.history:
        return resolved_picture(view, view.history[-1], banner=banner, theme=theme)
    dealt = (*(c is not None for c in teacher.cards), teacher.rts is not None)
    done = state.phase != "claim"
    claims = tuple(
        c if done or s == viewer or viewer is None else None for s, c in enumerate(state.claims)
    )
    return live_picture(view, dealt=dealt, claims=claims, banner=banner, theme=theme)


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
