"""A Three Thirteen game of bots (a curated deal), stepped through: the narration, each bot's
reason, the hands the chosen eyes may see arranged by the solver, the score sheet and the
advisor."""

from __future__ import annotations

from typing import Any

from cardlab.apps.bot_stepper import BotGameStepper
from cardlab.apps.three_thirteen.odds import AdvisorPanel
from cardlab.apps.three_thirteen.table import score_rows
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.three_thirteen.game import GAME, ThreeThirteenState, best_arrangement
from cardlab.games.three_thirteen.rules import card_text, cards_text
from cardlab.pictures.three_thirteen import (
    rank_message,
    seat_tag,
    shown,
    step_picture,
    step_result,
)
from cardlab.widgets import ScoreSheet
from cardlab.widgets.theme import ThemePicker


def default_bots(players: int = 2) -> dict[int, Bot]:
    """A `ThreeThirteenBot` in every seat."""
    return {s: ThreeThirteenBot() for s in range(players)}


class RoundStepper(BotGameStepper):
    """A bots' game (a curated deal), one step at a time: the narration, each bot's reason, the
    hands the chosen eyes may see arranged by the solver, the score sheet and (in ``odds``) the
    advisor for the chosen seat (for the teacher: the seat to act)."""

    size = (900, 520)

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(
            msg("A Three Thirteen round of bots at this step: hands, stock and discard pile")
        )

    @property
    def start_text(self) -> str:  # type: ignore[override]
        return str(msg("The cards are shuffled; press Forward or Play."))

    @property
    def bot_label(self) -> str:  # type: ignore[override]
        # Translators: after a player's name: "Player 2 (a bot)"
        return str(msg(" (a bot)"))

    @property
    def chance_moves(self) -> str:  # type: ignore[override]
        return str(msg("chance: the next card dealt or drawn"))

    deal = "three_thirteen-two-rounds"
    bots = staticmethod(default_bots)
    bots_per_players = True
    opens_in = "draw"  # the first turn, so there is something to see and advise

    def __init__(self, picker: ThemePicker, deal: str | None = None) -> None:
        self.scores = ScoreSheet([])
        self.scores.widget.add_class("cardlab-scoresheet")
        self.odds = AdvisorPanel(picker)
        super().__init__(picker, deal, extra=[self.scores.widget])
        self.mirror.widget.add_class("cardlab-mirror")

    def _show(self, step: int, state: ThreeThirteenState, event: Any) -> None:
        viewer = self.viewer
        banner = ""
        if viewer is not None:
            banner = str(
                msg(
                    "Round {round} of {rounds}: {eyes}",
                    round=state.round,
                    rounds=state.rounds,
                    eyes=self.eyes_words,
                )
            )
        self.canvas_view.draw(step_picture(state, viewer, self.theme, banner))
        self.show_why(step)
        players = tuple(seat_tag(s) for s in range(GAME.num_players(state)))
        if self.scores.players != players:  # a rules variant of another number of players
            self.scores.players = players
        self.scores.set_rows(score_rows(state))
        player = GAME.current_player(state)
        adviser = viewer if viewer is not None else player
        if player >= 0 and adviser == player:
            self.odds.show(GAME.observe(state, player), who=str(seat_name(player)))
        else:
            self.odds.show(None)
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
        table = str(
            msg(
                "Round {round}, {wild} wild; stock {stock}; top discard {top}",
                round=now.round,
                wild=rank_message(now.wild, True),
                stock=now.stock,
                top=top,
            )
        )
        self.show_mirror(step, state, hands=hands, table=table)
