"""A game of two reasoning bots (a curated deal), stepped through and narrated, with eyes that
show who sees which faces (and, at the showdown, the scoring's arithmetic)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.apps.pyramid_poker.table import reasoning_bot
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.games.pyramid_poker import HAND_NAMES, observe
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.widgets.theme import ThemePicker


def default_bots() -> dict[int, Bot]:
    """The two reasoning bots of the lesson's game (its curated deal is
    ``pyramid_poker-whole-game``: this stepper steps through it, the components show its built
    pyramid and the odds a take-phase position of it)."""
    return {0: reasoning_bot(), 1: reasoning_bot()}


def who_sees_what(state) -> list[str]:
    """One line per player: which pyramid faces they can see."""
    lines = []
    for s in range(2):
        view = observe(state, s)
        own = sum(1 for p in view.placer if p == s)
        other = sum(1 for p in view.placer if p == 1 - s)
        lines.append(
            f"{seat_name(s)} sees the faces of their own {own} block{'s' * (own != 1)} in the "
            f"pyramid and only the backs of {seat_name(1 - s)}'s {other}."
        )
    if state.phase in ("take", "keep", "assign", "reveal", "over"):
        lines.append("Blocks in the hands, and blocks a pharaoh turns up, are seen by both.")
    return lines


class GameStepper(BotGameStepper):
    """The lesson's game of two reasoning bots, one step at a time, with the bots' reasons."""

    size = (WIDTH, HEIGHT)

    picture_label = "A Pyramid Poker game of two bots at this step: the pyramid and the hands"
    start_text = "The 54 blocks are shuffled; press Forward or Play."
    bot_label = " (a reasoning bot)"
    chance_moves = "chance"
    teacher_label = "Teacher (every face)"

    deal = "pyramid_poker-whole-game"
    bots = staticmethod(default_bots)
    opens_in = "place"  # the first placement, after the deal
    interval = 600

    def __init__(self, picker: ThemePicker, deal: str | None = None) -> None:
        self.sees = widgets.HTML()
        self.arithmetic = widgets.HTML()
        super().__init__(picker, deal, extra=[self.sees, self.arithmetic])

    def _show(self, step: int, state, event: Any) -> None:
        view = self.view_of(state)
        banner = f"{state.phase.capitalize()}: {self.eyes_words}"
        self.view.draw(position_picture(view, self.viewer, self.theme, banner))
        self.show_why(step)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in who_sees_what(state))
        self.sees.value = f"<div><b>Who sees what</b><ul>{items}</ul></div>"
        arithmetic = self.replay.event_at(step).arithmetic if step else ""
        self.arithmetic.value = (
            f"<pre class='cardlab-arithmetic'>{html.escape(arithmetic)}</pre>" if arithmetic else ""
        )
        hands = [
            f"{seat_name(s)} {name}: {' '.join(str(c) for c in h) or 'empty'}"
            for s in range(2)
            for name, h in zip(HAND_NAMES, view.hands[s], strict=True)
        ]
        table = f"placed {view.placed} of 30, taken {view.taken} of 30"
        self.show_mirror(step, state, hands=hands, table=table)
