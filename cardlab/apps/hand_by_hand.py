"""`HandByHandTable`: the tables whose game is a run of hands (Triad and Pyramid, both on the
draw-poker engine): each hand ends in phase ``done`` and stays on show until *Next hand*, the
last one until *New game*."""

from __future__ import annotations

from typing import Any, ClassVar

from cardlab.apps.model import LEARNER, TableModel
from cardlab.core.replay import Replay


class HandByHandTable(TableModel):
    """A table played hand by hand: what the hands' end changes (the pause, the waiting words,
    the footer, the result of the hand just ended)."""

    again: ClassVar[tuple[str, ...]] = ("next-hand", "new-game")

    @property
    def hand_over(self) -> str | None:
        """``over`` (the game), ``between`` (a hand, and the game goes on), or None."""
        if self.over:
            return "over"
        return "between" if self.state.phase == "done" else None

    def pause(self, state: Any) -> bool:
        return state.phase == "done"

    def hand(self) -> tuple[Any, ...]:
        return tuple(self.state.hands[LEARNER])

    def waiting(self) -> str:
        """Why the learner cannot move now."""
        return {
            "over": "The game is over: press New game to play again.",
            "between": "This hand is over: press Next hand to deal the next one.",
        }.get(self.hand_over or "", "It is not your turn.")

    def again_footer(self) -> list[str]:
        """The line under the log once a hand (or the game) is over."""
        return {
            "between": ["Press Next hand to deal the next hand."],
            "over": ["Press New game to play again."],
        }.get(self.hand_over or "", [])

    @staticmethod
    def ended(replay: Replay) -> Any:
        """The result of the hand that has just ended in ``replay`` (None: none has)."""
        state = replay.state
        return state.results[-1] if state.phase == "done" and state.results else None
