"""Play a lesson's table through its own controls, one game at a time, as a learner would.

A "game" is what the table restarts with one of its ``again`` controls: a Triad or Pyramid hand
(Next hand, or New game once the table's game is over), a Dou Dizhu deal (New deal), and a
whole Triangle, Three Thirteen or Pyramid Poker game (New game).  The learner does what the
table's model suggests (the same advice Hint gives), selecting the cards it names and pressing
the control's widget.  The memory benchmark plays hundreds of games through one table and the
tests a few, with this one policy for every game.  (It presses widgets, so it lives with them:
the lesson models stay free of ipywidgets.)
"""

from __future__ import annotations

import ipywidgets as widgets

from cardlab.widgets.table import TableView

MAX_CLICKS = 5_000
"""More moves than any game takes (a Three Thirteen game is a few hundred): a table that stops
making progress raises instead of spinning."""


def step(view: TableView) -> bool:
    """One learner's press at the table: what its model suggests, the cards selected first as a
    learner clicks them; True when that started the next game.  A refusal on the status line
    means the suggestion was wrong, and raises."""
    model = view.model
    tip = model.suggest()
    if tip.selected:
        view.hand.set_selected(tip.selected)
    widget = view.controls[tip.key]
    if isinstance(widget, widgets.Button):
        widget.click()
    else:
        widget.value = tip.value
    if view.status.level == "error":
        name = type(model).__name__
        raise RuntimeError(f"{name} refused {tip.key}={tip.value!r}: {view.status.message}")
    return tip.key in model.again


def play_game(view: TableView) -> None:
    """Play one game at the table through its controls and press the control for the next one."""
    for _ in range(MAX_CLICKS):
        if step(view):
            return
    raise RuntimeError(f"{type(view.model).__name__}: no end after {MAX_CLICKS} moves")
