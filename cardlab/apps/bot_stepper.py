"""`BotGameStepper`: every lesson's seeded (or curated) game of bots, stepped through under
the eyes of the teacher or one seat."""

from __future__ import annotations

import html
import importlib
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.core.bots import Bot, reason_for
from cardlab.core.engine import CHANCE, TERMINAL, legal_moves_in_words, seat_name
from cardlab.core.narration import Narration, Secret
from cardlab.core.replay import Replay
from cardlab.core.stored import stored
from cardlab.lessons import deals
from cardlab.widgets import Stepper, TextMirror
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker


def first_step(replay: Replay, phase: str) -> int:
    """The first step whose state is in ``phase`` (the end if none): where a stepper opens."""
    return next(
        (i for i in range(len(replay) + 1) if replay.state_at(i).phase == phase), len(replay)
    )


Reasons = dict[int, tuple[int, Narration]]
"""The bots' reasons for a replay's moves: ``{step: (seat, reason)}`` (`Replay.reasons_of`)."""


@stored
def deal_reasons(deal: str, bots: str, players: int | None = None) -> dict[int, tuple[int, tuple]]:
    """The reasons of the bots ``bots`` (``module:function``, called with ``players`` if given)
    for the curated deal ``deal``, a secret piece as ``(text, seats, alt)``: asking the bots
    again replays their thinking (Monte Carlo equities, exact draw odds), about as long as the
    rest of the lesson page, for the same answer at every load."""
    module, _, name = bots.partition(":")
    factory = getattr(importlib.import_module(module), name)
    reasons = deals.load(deal).reasons_of(factory() if players is None else factory(players))
    return {
        step: (seat, tuple(_plain(piece) for piece in reason.pieces))
        for step, (seat, reason) in reasons.items()
    }


def _plain(piece: str | Secret) -> str | tuple[str, tuple[int, ...], str]:
    return piece if isinstance(piece, str) else (piece.text, tuple(sorted(piece.seats)), piece.alt)


def _piece(plain: str | tuple[str, tuple[int, ...], str]) -> str | Secret:
    return plain if isinstance(plain, str) else Secret(plain[0], frozenset(plain[1]), plain[2])


def stored_reasons(
    deal: str, bots: Callable[..., Mapping[int, Bot]], players: int | None = None
) -> Reasons:
    """The reasons ``bots()`` (or ``bots(players)``) give for the moves of the curated deal
    ``deal``, as `Replay.reasons_of` finds them, read from the stored figures (`deal_reasons`)."""
    plain = deal_reasons(deal, f"{bots.__module__}:{bots.__qualname__}", players)
    return {
        step: (seat, Narration(tuple(_piece(p) for p in pieces)))
        for step, (seat, pieces) in plain.items()
    }


class BotGameStepper(LessonPanel):
    """A seeded game of bots, stepped through: an Eyes toggle (the teacher, or one seat), the
    step's narration, why the bot chose it, and the table in words.

    Every text it shows under chosen eyes comes from what that seat may see: the caption and the
    last move read the narration through its eyes, a bot's reason is read only through the
    eyes of that bot (or the teacher's), and the legal moves are listed only to the seat that
    has them.  Subclasses create their extra panels, then call ``__init__`` with the replay and
    the bots' ``{step: (seat, reason)}``; they draw a step in ``_show(step, state, event)`` from
    ``self.view_of(state)`` and fill the mirror with ``self.show_mirror(...)``.
    """

    size: tuple[float, float] = (880.0, 440.0)
    """The canvas (subclasses: their table picture's size)."""
    mirror_label = "The bots' table in words"
    picture_label = "The bots' table at this step"
    """What the canvas shows (its accessible name, with the eyes it is seen through); the
    text mirror below is its description."""
    start_text = "The pack is shuffled; press Forward or Play."
    bot_label = ""  # e.g. " (a reasoning bot)", after the seat's name
    chance_text = "Chance: the seeded shuffle decided this step."
    chance_moves = "chance: the next card"
    teacher_label = "Teacher (every card)"

    def __init__(
        self,
        picker: ThemePicker,
        replay: Replay,
        reasons: Reasons,
        *,
        extra: list[widgets.Widget] = (),  # type: ignore[assignment]
        open_at: int = 0,
        interval: int = 900,
    ) -> None:
        super().__init__(picker, size=self.size)
        self.reasons = reasons
        seats = replay.game.num_players(replay.state_at(0))
        eyes = [(self.teacher_label, -1)] + [(seat_name(s), s) for s in range(seats)]
        self.eyes = widgets.ToggleButtons(
            options=eyes, value=-1, description="Eyes", style={"button_width": "auto"}
        )
        self.eyes.add_class("cardlab-eyes")
        self.mirror = TextMirror(self.mirror_label)
        self.view.describe(self.picture_label, self.mirror.element_id)
        self.stepper = Stepper(replay, status=self.status, view=self.view, interval=interval)
        self.why = widgets.HTML()
        self.why.add_class("cardlab-why")
        self.stepper.on_step(self._show)
        self.eyes.observe(guarded(self.status, lambda _: self.refresh()), names="value")
        self.children = [self.eyes, self.stepper.widget, self.why, *extra, self.mirror.widget]
        self.stepper.go(open_at)
        self.refresh()

    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    @property
    def viewer(self) -> int | None:
        """The seat whose eyes the table is seen through; None is the teacher."""
        return None if self.eyes.value < 0 else self.eyes.value

    @property
    def eyes_words(self) -> str:
        return "the teacher's eyes" if self.viewer is None else f"{seat_name(self.viewer)}'s eyes"

    def view_of(self, state: Any) -> Any:
        """The observation the chosen eyes have of ``state``."""
        return self.replay.game.observe(state, self.viewer)

    def refresh(self) -> None:
        """Show the current step again through the chosen eyes (caption, picture, texts)."""
        self.stepper.viewer = self.viewer
        self.view.describe(f"{self.picture_label}, through {self.eyes_words}")
        self.stepper.refresh()

    def reason_at(self, step: int) -> str:
        """Why the step happened: a bot's reason, if these eyes may read it, or chance."""
        if step not in self.reasons:
            return self.start_text if step == 0 else self.chance_text
        seat, reason = self.reasons[step]
        who = f"{seat_name(seat)}{self.bot_label}"
        text = reason_for(reason, seat, self.viewer, shown=False)
        if text is None:
            return (
                f"Why? {who} keeps its reasons to itself: they rest on cards {self.eyes_words} "
                "cannot see. Choose its eyes, or the teacher's, to read them."
            )
        return f"Why? {who}: {text}"

    def last_move(self, step: int) -> str:
        return self.replay.event_at(step).narration_for(self.viewer) if step else "nothing yet"

    def legal_moves(self, state: Any, limit: int = 8) -> list[str]:
        """The moves of the seat to act, listed only to that seat (and the teacher): a list of
        moves can name the cards in a hand."""
        game = self.replay.game
        player = game.current_player(state)
        if player == TERMINAL:
            return ["none: the game is over"]
        if player == CHANCE:
            return [self.chance_moves]
        if self.viewer not in (None, player):
            return [f"{seat_name(player)} to act: only they can see their choices"]
        texts = legal_moves_in_words(game, state)
        more = f" … ({len(texts)} in all)" if len(texts) > limit else ""
        return [f"{seat_name(player)}: " + ", ".join(texts[:limit]) + more]

    def show_why(self, step: int) -> None:
        self.why.value = f"<p class='cardlab-reason'>{html.escape(self.reason_at(step))}</p>"

    def show_mirror(self, step: int, state: Any, *, hands: Any, table: Any) -> None:
        """The text mirror: ``hands`` and ``table`` from the chosen eyes' observation, the last
        and legal moves filled in here."""
        self.mirror.update(
            hands=hands,
            table=table,
            last_move=self.last_move(step),
            legal_moves=self.legal_moves(state),
        )

    def _show(self, step: int, state: Any, event: Any) -> None:
        raise NotImplementedError

    def _redraw(self) -> None:
        self.refresh()
