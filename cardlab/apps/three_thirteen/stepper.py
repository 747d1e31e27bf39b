"""A Three Thirteen game of bots (a curated deal), stepped through: the narration, each bot's
reason, the hands the chosen eyes may see arranged by the solver, the score sheet and the
advisor."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotStepper
from cardlab.apps.three_thirteen.table import advisor_html, advisor_waits, score_rows
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.three_thirteen.game import GAME, best_arrangement
from cardlab.games.three_thirteen.rules import card_text, cards_text
from cardlab.pictures.three_thirteen import (
    rank_message,
    seat_tag,
    shown,
    step_picture,
    step_result,
)
from cardlab.render import Drawing


def default_bots(players: int = 2) -> dict[int, Bot]:
    """A `ThreeThirteenBot` in every seat."""
    return {s: ThreeThirteenBot() for s in range(players)}


class RoundStepper(BotStepper):
    """A bots' game (a curated deal), one step at a time: the narration, each bot's reason, the
    hands the chosen eyes may see arranged by the solver, the score sheet and (in its odds box)
    the advisor for the chosen seat (for the teacher: the seat to act)."""

    size = (900, 520)
    picture_label = msg(
        "A Three Thirteen round of bots at this step: hands, stock and discard pile"
    )
    start_text = msg("The cards are shuffled; press Forward or Play.")
    # Translators: after a player's name: "Player 2 (a bot)"
    bot_label = msg(" (a bot)")
    chance_moves = msg("chance: the next card dealt or drawn")
    deal = "three_thirteen-two-rounds"
    bots = staticmethod(default_bots)
    bots_per_players = True
    opens_in = "draw"  # the first turn, so there is something to see and advise
    has_odds = True

    def picture(self, theme: str, portrait: bool = False) -> Drawing:
        state, banner = self.state, ""
        if self.viewer is not None:
            banner = str(
                msg(
                    "Round {round} of {rounds}: {eyes}",
                    round=state.round,
                    rounds=state.rounds,
                    eyes=self.eyes_words,
                )
            )
        return step_picture(state, self.viewer, theme, banner, portrait=portrait)

    def scores(self) -> tuple[tuple[str, ...], list[tuple[str, Any, str]]]:
        state = self.state
        players = tuple(seat_tag(s) for s in range(GAME.num_players(state)))
        return players, score_rows(state)

    def odds_html(self) -> str:
        """The advisor for the seat to act, when the eyes are theirs (or the teacher's)."""
        state = self.state
        player = GAME.current_player(state)
        adviser = self.viewer if self.viewer is not None else player
        if player >= 0 and adviser == player:
            return advisor_html(GAME.observe(state, player), str(seat_name(player)))
        return advisor_waits()

    def mirror_parts(self) -> tuple[list[str], str]:
        state = self.state
        view = self.view_of(state)
        result = step_result(state, view)  # a scored round: its hands, as the picture shows
        now = shown(view, result)
        hands = []
        laid = result.hands if result is not None else view.hands
        for s, hand in enumerate(laid):
            if hand:
                arr = best_arrangement(hand, now.wild, view.aces, view.max_wilds)
                said = msg(
                    "{player}: {hand} (best deadwood {points})",
                    player=seat_name(s),
                    hand=cards_text(hand),
                    points=arr.penalty,
                )
            elif view.hand_sizes[s]:
                said = msgn(
                    "{player}: {count} card, face down",
                    "{player}: {count} cards, face down",
                    view.hand_sizes[s],
                    player=seat_name(s),
                )
            else:
                said = msg("{player}: no cards", player=seat_name(s))
            hands.append(str(said))
        top = card_text(now.top) if now.top is not None else msg("none")
        table = msg(
            "Round {round}, {wild} wild; stock {stock}; top discard {top}",
            round=now.round,
            wild=rank_message(now.wild, True),
            stock=now.stock,
            top=top,
        )
        return hands, str(table)
