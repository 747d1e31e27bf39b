"""Play a lesson's table through its own controls, one game at a time, as a learner would.

A "game" is what the table restarts with one button: a Triad or Pyramid hand (Next hand, or New
game once the table's game is over), a Dou Dizhu deal (New deal), and a whole Triangle, Three
Thirteen or Pyramid Poker game (New game).  The learner presses the table's buttons, following
the table's hint where it has a button for one and a simple policy otherwise.  The memory
benchmark plays hundreds of games through one table and the tests a few, with this one policy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from cardlab.apps.common import LearnerTable

if TYPE_CHECKING:  # by name only: a lesson's kernel (or the benchmark's) loads its own table
    from cardlab.apps.doudizhu_play import DouDizhuPlay
    from cardlab.apps.three_thirteen_play import ThreeThirteenPlay
    from cardlab.apps.triangle_play import TrianglePlay
    from cardlab.widgets.table import TableView

MAX_CLICKS = 5_000
"""More moves than any game takes (a Three Thirteen game is a few hundred): a table that stops
making progress raises instead of spinning."""


@dataclass(frozen=True)
class Policy:
    """How the learner plays one table: when the game is over, one move, and the button that
    starts the next game."""

    over: Callable[[Any], bool]
    move: Callable[[Any], None]
    again: Callable[[Any], Any]


def _click(table: LearnerTable, button: Any) -> None:
    """Press ``button``; a refusal on the status line means the policy pressed a wrong one."""
    button.click()
    if table.status.level == "error":
        raise RuntimeError(f"{type(table).__name__} refused a click: {table.status.message}")


def _key(table: Any) -> str:
    """The policy's name for a table: its model's class (one widget shows every model)."""
    return type(getattr(table, "model", table)).__name__


def _follow(view: TableView) -> bool:
    """Press what the model suggests (Hint's advice), selecting its cards first as a learner
    clicks them; True when that started the next game."""
    model = view.model
    tip = model.suggest()
    if tip.selected:
        view.hand.set_selected(tip.selected)
    widget = view.controls[tip.key]
    if isinstance(widget, widgets.Button):
        _click(view, widget)
    else:
        widget.value = tip.value
        if view.status.level == "error":
            raise RuntimeError(
                f"{_key(view)} refused {tip.key}={tip.value!r}: {view.status.message}"
            )
    return tip.key in model.again


def _doudizhu_move(table: DouDizhuPlay) -> None:
    """Bid or play what Hint suggests (``hint`` is the Hint button's handler: it selects the
    cards and returns the action it showed)."""
    action = table.hint()
    if table.state.phase == "bid":
        _click(table, table.bid_buttons[0 if action == "pass" else int(action.split()[1])])
    else:
        _click(table, table.pass_button if action == "pass" else table.play_button)


def _triangle_move(table: TrianglePlay) -> None:
    """Claim every round, say the starred (best) statement, deal the next round."""
    buttons = {"claim": table.claim_button, "speak": table.say_button}
    _click(table, buttons.get(table.stage, table.next_button))


def _three_thirteen_move(table: ThreeThirteenPlay) -> None:
    """Take the stock, go out when possible, else discard what leaves the least deadwood."""
    if table.stage == "draw":
        _click(table, table.stock_button)
    elif table.stage == "discard" and not table.go_out_button.disabled:
        _click(table, table.go_out_button)
    elif table.stage == "discard":
        from cardlab.games.three_thirteen.odds import keep_value

        view = table.observation
        _, card = keep_value(view.hand, view.wild, view.aces, view.max_wilds)
        table.hand.select(table.hand.cards.index(card))
        _click(table, table.discard_button)
    else:
        _click(table, table.next_button)


POLICIES: dict[str, Policy] = {  # by the table's class name
    "DouDizhuPlay": Policy(
        lambda t: t.state.phase == "over", _doudizhu_move, lambda t: t.new_button
    ),
    "TrianglePlay": Policy(lambda t: t.stage == "over", _triangle_move, lambda t: t.new_button),
    "ThreeThirteenPlay": Policy(
        lambda t: t.stage == "over", _three_thirteen_move, lambda t: t.new_button
    ),
    "PyramidPokerPlay": Policy(
        lambda t: t.stage == "over", lambda t: _click(t, t.play_hint_button), lambda t: t.new_button
    ),
}


def step(table: LearnerTable) -> bool:
    """One learner's press at ``table``: a move, or the button for the next game once this one is
    over; True when that started the next game."""
    if hasattr(table, "model"):
        return _follow(table)
    policy = POLICIES[_key(table)]
    if policy.over(table):
        _click(table, policy.again(table))
        return True
    policy.move(table)
    return False


def play_game(table: LearnerTable) -> None:
    """Play one game at ``table`` through its controls and press the button for the next one."""
    for _ in range(MAX_CLICKS):
        if step(table):
            return
    raise RuntimeError(f"{type(table).__name__}: no end after {MAX_CLICKS} moves")
