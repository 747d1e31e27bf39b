"""The first turn of a Triangle game of three reasoning bots (a curated deal), stepped through:
who sees what, what each bot did and why, and the odds of the player looked through (or of the
one about to act)."""

from __future__ import annotations

import html
from typing import Any

from cardlab.apps.bot_stepper import BotStepper
from cardlab.apps.odds_table import odds_chart
from cardlab.apps.triangle.odds import ODDS_TITLE, explained_html, grab_void, odds_rows, odds_seat
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import joined, msg, msgn
from cardlab.games.triangle import TriangleState, observe
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.pictures.triangle import HEIGHT, WIDTH, step_picture
from cardlab.render import Drawing


def default_bots() -> dict[int, Bot]:
    """Three reasoning bots of different temperaments: careful, middling, bold."""
    return {0: ReasoningBot(threshold=1.0), 1: ReasoningBot(threshold=0.5), 2: ReasoningBot(0.0)}


def who_sees_what(state: TriangleState, viewer: int | None = None) -> list[str]:
    """One line per player: the cards they can see now (never their own), told through
    ``viewer``'s eyes (None: the teacher's): a card ``viewer`` cannot see is not named."""
    phase = state.phase
    mine = observe(state, viewer)

    def card(c: Any, what: Any) -> Any:
        return str(c) if c is not None else what

    if phase == "deal":
        if state.dealt == 0 and state.rounds:
            last = mine.history[-1]
            if last.speaker is None:
                return [
                    str(
                        msg(
                            "The round was void: each player saw the other two cards, never "
                            "their own, and nobody saw the Right to Speak."
                        )
                    )
                ]
            shown = joined(
                msg("{player} {card}", player=seat_name(s), card=str(c))
                for s, c in enumerate(last.cards)
            )
            rts = card(last.rts, msg("unseen by you"))
            return [
                str(msg("Everyone has now seen all three player cards ({cards}).", cards=shown)),
                str(
                    msg(
                        "The Right to Speak ({card}) was seen by {player} alone.",
                        card=rts,
                        player=seat_name(last.speaker),
                    )
                ),
            ]
        return [
            str(
                msg("The cards are still being dealt face down: nobody has looked at anything yet.")
            )
        ]
    lines = []
    for s in range(3):
        view = observe(state, s)
        yours = msg("your card")
        others = joined(
            msg("{card} ({player})", card=card(mine.cards[t], yours), player=seat_name(t))
            for t in range(3)
            if t != s
        )
        parts = [
            msg("{player} sees: {cards}; not their own card", player=seat_name(s), cards=others)
        ]
        if view.rts is not None:
            rts = card(mine.rts, msg("a card you cannot see"))
            parts.append(msg("and the Right to Speak, {card} (they are the speaker)", card=rts))
        earlier = len(view.known) - 2 - (view.rts is not None)
        if earlier:
            parts.append(
                msgn(
                    "remembers {count} card from earlier rounds",
                    "remembers {count} cards from earlier rounds",
                    earlier,
                )
            )
        lines.append(str(msg("{parts}.", parts=_listed(parts))))
    return lines


def _listed(parts: list[Any]) -> Any:
    """Clauses of one sentence, one after the other: "A; B; C"."""
    said = parts[0]
    for part in parts[1:]:
        # Translators: two clauses of one sentence about what a player sees
        said = msg("{first}; {then}", first=said, then=part)
    return said


def eyes(viewer: int | None) -> Any:
    """Whose eyes the stepper looks through, as its banner says it."""
    if viewer is None:
        return msg("the teacher's eyes")
    return msg("{player}'s eyes", player=seat_name(viewer))


class GameStepper(BotStepper):
    """A game of three reasoning bots (a curated deal), one step at a time: who sees what, what
    each bot did and why, and (in its odds box) the odds for the current position."""

    size = (WIDTH, HEIGHT)
    picture_label = msg("A Triangle game of three bots at this step: the cards each player lifts")
    start_text = msg("The pack of 24 is shuffled; press Forward or Play.")
    # Translators: after a player's name, e.g. "Player 2 (a reasoning bot)"
    bot_label = msg(" (a reasoning bot)")
    chance_moves = msg("chance: the next card dealt, or who grabbed first")
    deal = "triangle-first-turn"
    bots = staticmethod(default_bots)
    opens_in = "claim"  # the first lifted cards, so the odds below have something to show
    has_odds = True
    rounds = 6
    """The curated deal is the first turn: its first six rounds."""

    def line_ends(self, state: TriangleState) -> bool:
        """A line ends, as the curated deal does, once the first turn's rounds are played."""
        return len(state.rounds) >= self.rounds and state.phase == "deal"

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        state, through = self.state, eyes(self.viewer)
        banner = msg(
            "Turn {turn}, round {round}: {eyes}",
            turn=state.turn + 1,
            round=len(state.turn_rounds()) + 1,
            eyes=through,
        )
        if state.phase == "deal" and state.dealt == 0 and state.rounds:
            banner = msg("Round {number} is over: {eyes}", number=len(state.rounds), eyes=through)
        return step_picture(state, self.viewer, theme, str(banner), portrait)

    def notes(self) -> str:
        """Who sees what, through the chosen eyes."""
        lines = who_sees_what(self.state, self.viewer)
        items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
        heading = msg("Who sees what")
        return f"<div class='cardlab-sees'><b>{heading}</b><ul>{items}</ul></div>"

    def _odds_view(self) -> Any:
        """The observation whose odds the box shows (None: no odds at this step)."""
        seat = odds_seat(self.state, self.viewer)
        return None if seat is None else observe(self.state, seat)

    def odds_html(self) -> str:
        view = self._odds_view()
        if view is None:
            waiting = msg("Odds appear once the cards are lifted.")
            return f"<p><i>{html.escape(str(waiting))}</i></p>"
        rules = {**dict(self.tree.main.replay.options), **self.options}
        return explained_html(view, grab_void(rules))

    def odds_chart(self, theme: str) -> str:
        view = self._odds_view()
        if view is None:
            return ""
        return odds_chart(odds_rows(view), str(ODDS_TITLE), theme).svg()

    def mirror_parts(self) -> tuple[list[str], str]:
        state = self.state
        view = self.view_of(state)
        dealt = observe(state, None).cards
        hands = [
            str(
                msg(
                    "{player}: {card}",
                    player=seat_name(s),
                    card=str(c)
                    if c is not None
                    else msg("a card you cannot see")
                    if d
                    else msg("no card yet"),
                )
            )
            for s, (c, d) in enumerate(zip(view.cards, dealt, strict=True))
        ]
        scores = joined(
            msg("{player} {score}", player=seat_name(s), score=p)
            for s, p in enumerate(state.scores)
        )
        rts = (
            str(view.rts)
            if view.rts
            else msg("face down")
            if state.rts is not None
            else msg("not dealt")
        )
        table = msg("Right to Speak: {rts}; scores: {scores}", rts=rts, scores=scores)
        return hands, str(table)
