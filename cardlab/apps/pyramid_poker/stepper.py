"""A game of two reasoning bots (a curated deal), stepped through and narrated, with eyes that
show who sees which faces (and, at the showdown, the scoring's arithmetic)."""

from __future__ import annotations

import html

from cardlab.apps.bot_stepper import BotStepper
from cardlab.apps.pyramid_poker.table import hand_line, reasoning_bot
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.pyramid_poker import HAND_NAMES, PyramidPokerState, observe
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing


def default_bots() -> dict[int, Bot]:
    """The two reasoning bots of the lesson's game (its curated deal is
    ``pyramid_poker-whole-game``: this stepper steps through it, the components show its built
    pyramid and the odds a take-phase position of it)."""
    return {0: reasoning_bot(), 1: reasoning_bot()}


def who_sees_what(state: PyramidPokerState) -> list[str]:
    """One line per player: which pyramid faces they can see."""
    lines = []
    for s in range(2):
        view = observe(state, s)
        own = sum(1 for p in view.placer if p == s)
        other = sum(1 for p in view.placer if p == 1 - s)
        lines.append(
            str(
                msgn(
                    "{player} sees the faces of their own {count} block in the pyramid and only "
                    "the backs of {other}'s {other_count}.",
                    "{player} sees the faces of their own {count} blocks in the pyramid and only "
                    "the backs of {other}'s {other_count}.",
                    own,
                    player=seat_name(s),
                    other=seat_name(1 - s),
                    other_count=other,
                )
            )
        )
    if state.phase in ("take", "keep", "assign", "reveal", "over"):
        lines.append(
            str(msg("Blocks in the hands, and blocks a pharaoh turns up, are seen by both."))
        )
    return lines


def phase_word(phase: str) -> Message:
    """A phase as the stepper's banner names it: "Place", "Take" ..."""
    return {
        # Translators: a phase of Pyramid Poker: choosing the first player
        "first": msg("First"),
        # Translators: a phase of Pyramid Poker: dealing the personal supplies
        "deal": msg("Deal"),
        # Translators: a phase of Pyramid Poker: a builder draws a block from their supply
        "draw": msg("Draw"),
        # Translators: a phase of Pyramid Poker: a builder places the drawn block
        "place": msg("Place"),
        # Translators: a phase of Pyramid Poker: taking a free block from the pyramid
        "take": msg("Take"),
        # Translators: a phase of Pyramid Poker: blocks turned up after a pharaoh
        "reveal": msg("Reveal"),
        # Translators: a phase of Pyramid Poker: keeping one of the revealed blocks
        "keep": msg("Keep"),
        # Translators: a phase of Pyramid Poker: putting the taken block into a hand
        "assign": msg("Assign"),
        # Translators: a phase of Pyramid Poker: the match is over
        "over": msg("Over"),
    }[phase]


def eyes(viewer: int | None) -> Message:
    """Whose eyes the stepper shows the table through."""
    if viewer is None:
        return msg("the teacher's eyes")
    return msg("{player}'s eyes", player=seat_name(viewer))


class GameStepper(BotStepper):
    """The lesson's game of two reasoning bots, one step at a time, with the bots' reasons."""

    size = (WIDTH, HEIGHT)
    picture_label = msg("A Pyramid Poker game of two bots at this step: the pyramid and the hands")
    start_text = msg("The 54 blocks are shuffled; press Forward or Play.")
    # Translators: after a player's name, "Player 2 (a reasoning bot)"
    bot_label = msg(" (a reasoning bot)")
    # Translators: what moves next when no player does: chance (the shuffled blocks)
    chance_moves = msg("chance")
    teacher_label = msg("Teacher (every face)")
    deal = "pyramid_poker-whole-game"
    bots = staticmethod(default_bots)
    opens_in = "place"  # the first placement, after the deal
    interval = 600

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        state = self.state
        banner = str(msg("{phase}: {eyes}", phase=phase_word(state.phase), eyes=eyes(self.viewer)))
        return position_picture(self.view_of(state), self.viewer, theme, banner, portrait=portrait)

    def notes(self) -> str:
        """Who sees which faces, and at the showdown the scoring's arithmetic."""
        items = "".join(f"<li>{html.escape(line)}</li>" for line in who_sees_what(self.state))
        heading = msg("Who sees what")
        sees = f"<div><b>{heading}</b><ul>{items}</ul></div>"
        arithmetic = str(self.replay.event_at(self.step).arithmetic) if self.step else ""
        if arithmetic:
            sees += f"<pre class='cardlab-arithmetic'>{html.escape(arithmetic)}</pre>"
        return sees

    def mirror_parts(self) -> tuple[list[str], str]:
        view = self.view_of(self.state)
        hands = [
            str(hand_line(seat_name(s), name, h))
            for s in range(2)
            for name, h in zip(HAND_NAMES, view.hands[s], strict=True)
        ]
        table = msg(
            "placed {placed} of 30, taken {taken} of 30", placed=view.placed, taken=view.taken
        )
        return hands, str(table)
