"""The first turn of a Triangle game of three reasoning bots (a curated deal), stepped through:
who sees what, what each bot did and why, and the odds of the player looked through (or of the
one about to act)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.apps.triangle.odds import OddsExplainer, odds_seat
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.games.triangle import TriangleState, observe
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.pictures.triangle import HEIGHT, WIDTH, step_picture
from cardlab.widgets.theme import ThemePicker


def default_bots() -> dict[int, Bot]:
    """Three reasoning bots of different temperaments: careful, middling, bold."""
    return {0: ReasoningBot(threshold=1.0), 1: ReasoningBot(threshold=0.5), 2: ReasoningBot(0.0)}


def who_sees_what(state: TriangleState, viewer: int | None = None) -> list[str]:
    """One line per player: the cards they can see now (never their own), told through
    ``viewer``'s eyes (None: the teacher's): a card ``viewer`` cannot see is not named."""
    phase = state.phase
    mine = observe(state, viewer)

    def card(c: Any, what: str) -> str:
        return str(c) if c is not None else what

    if phase == "deal":
        if state.dealt == 0 and state.rounds:
            last = mine.history[-1]
            if last.speaker is None:
                return [
                    "The round was void: each player saw the other two cards, never their own, "
                    "and nobody saw the Right to Speak."
                ]
            shown = ", ".join(f"{seat_name(s)} {c}" for s, c in enumerate(last.cards))
            rts = card(last.rts, "unseen by you")
            return [
                f"Everyone has now seen all three player cards ({shown}).",
                f"The Right to Speak ({rts}) was seen by {seat_name(last.speaker)} alone.",
            ]
        return ["The cards are still being dealt face down: nobody has looked at anything yet."]
    lines = []
    for s in range(3):
        view = observe(state, s)
        others = ", ".join(
            f"{card(mine.cards[t], 'your card')} ({seat_name(t)})" for t in range(3) if t != s
        )
        line = f"{seat_name(s)} sees: {others}; not their own card"
        if view.rts is not None:
            rts = card(mine.rts, "a card you cannot see")
            line += f"; and the Right to Speak, {rts} (they are the speaker)"
        earlier = len(view.known) - 2 - (view.rts is not None)
        if earlier:
            line += f"; remembers {earlier} card{'s' * (earlier != 1)} from earlier rounds"
        lines.append(line + ".")
    return lines


class GameStepper(BotGameStepper):
    """A game of three reasoning bots (a curated deal), one step at a time: who sees what, what
    each bot did and why, and (in `odds`) the odds for the current position."""

    size = (WIDTH, HEIGHT)

    picture_label = "A Triangle game of three bots at this step: the cards each player lifts"
    start_text = "The pack of 24 is shuffled; press Forward or Play."
    bot_label = " (a reasoning bot)"
    chance_moves = "chance: the next card dealt, or who grabbed first"

    deal = "triangle-first-turn"
    bots = staticmethod(default_bots)
    opens_in = "claim"  # the first lifted cards, so the odds below have something to show
    rounds = 6
    """The curated deal is the first turn: its first six rounds."""

    def __init__(self, picker: ThemePicker, deal: str | None = None) -> None:
        self.sees = widgets.HTML()
        self.sees.add_class("cardlab-sees")
        self.odds = OddsExplainer(picker, plot=True)
        super().__init__(picker, deal, extra=[self.sees])

    def line_ends(self, state: TriangleState) -> bool:
        """A line ends, as the curated deal does, once the first turn's rounds are played."""
        return len(state.rounds) >= self.rounds and state.phase == "deal"

    def _show(self, step: int, state: TriangleState, event: Any) -> None:
        viewer, eyes = self.viewer, self.eyes_words
        banner = f"Turn {state.turn + 1}, round {len(state.turn_rounds()) + 1}: {eyes}"
        if state.phase == "deal" and state.dealt == 0 and state.rounds:
            banner = f"Round {len(state.rounds)} is over: {eyes}"
        self.view.draw(step_picture(state, viewer, self.theme, banner))
        self.show_why(step)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in who_sees_what(state, viewer))
        self.sees.value = f"<div><b>Who sees what</b><ul>{items}</ul></div>"
        seat = odds_seat(state, viewer)
        if seat is None:
            self.odds.show(None, message="Odds appear once the cards are lifted.")
        else:
            self.odds.show(observe(state, seat))
        view = self.view_of(state)
        dealt = observe(state, None).cards
        hands = [
            f"{seat_name(s)}: "
            + (str(c) if c is not None else "a card you cannot see" if d else "no card yet")
            for s, (c, d) in enumerate(zip(view.cards, dealt, strict=True))
        ]
        scores = ", ".join(f"{seat_name(s)} {p}" for s, p in enumerate(state.scores))
        rts = view.rts or ("face down" if state.rts is not None else "not dealt")
        self.show_mirror(step, state, hands=hands, table=f"Right to Speak: {rts}; scores: {scores}")
