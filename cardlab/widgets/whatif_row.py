"""`WhatIfRow`: the widgets under a stepped deal for its what-if branches.

A "What if…" row (the other legal moves of the seat to act, "Play this instead", "What would
the AI do here?") and the tree of lines ("Main line", "What if 1: …", a branch of a branch
indented under its parent) with "Back to the main line".  Plain ipywidgets controls, so all of
it works from the keyboard; `StepperView` fills them from its model and wires their clicks.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.core.i18n import msg


class WhatIfRow:
    """The what-if widgets; ``widget`` holds them all."""

    def __init__(self) -> None:
        self.moves = widgets.Dropdown(
            options=[],
            description=str(msg("What if…")),
            layout=widgets.Layout(width="min(360px, 100%)"),
        )
        self.moves.add_class("cardlab-whatif-moves")
        self.actions: list[str] = []
        self.play = widgets.Button(
            description=str(msg("Play this instead")),
            tooltip=str(msg("Play the chosen move here instead; the bots play on from there")),
        )
        self.play.add_class("cardlab-whatif-play")
        self.ask = widgets.Button(
            description=str(msg("What would the AI do here?")),
            tooltip=str(msg("The lesson's AI for the seat to act says its move and why")),
        )
        self.ask.add_class("cardlab-whatif-ask")
        for button in (self.play, self.ask):
            button.layout.width = "auto"
        self.help = widgets.HTML()
        self.answer = widgets.HTML()
        self.answer.add_class("cardlab-whatif-answer")
        self.lines = widgets.Select(
            options=[(str(msg("Main line")), 0)], value=0, description=str(msg("Lines"))
        )
        self.lines.layout.width = "min(720px, 100%)"  # a phone: the column's width
        self.lines.add_class("cardlab-whatif-lines")
        self.main = widgets.Button(
            description=str(msg("Back to the main line")),
            tooltip=str(msg("Show the main line at this step")),
        )
        self.main.layout.width = "auto"
        self.main.add_class("cardlab-whatif-main")
        self.tree = widgets.HBox(
            [self.lines, self.main], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.tree.layout.display = "none"  # until there is a branch
        self.widget = widgets.VBox(
            [
                widgets.HBox(
                    [self.moves, self.play, self.ask], layout=widgets.Layout(flex_flow="row wrap")
                ),
                self.help,
                self.answer,
                self.tree,
            ]
        )
        self.widget.add_class("cardlab-whatif")

    def offer(self, moves: list[tuple[str, str]], help_text: object, *, ask: bool) -> None:
        """Offer ``moves`` (``(words, action text)``), with ``help_text`` saying what they are;
        ``ask``: whether the AI may be asked here (a player's move the eyes may see)."""
        self.actions = [text for _, text in moves]
        # the list's values are indices: an action's text stays in the kernel
        self.moves.options = [(words, i) for i, (words, _) in enumerate(moves)]
        self.moves.value = 0 if moves else None
        self.moves.disabled = self.play.disabled = not moves
        self.ask.disabled = not ask
        self.help.value = f"<small>{html.escape(str(help_text))}</small>" if help_text else ""
        self.answer.value = ""

    @property
    def chosen(self) -> str | None:
        """The action text of the move chosen in the list (None: no move is offered)."""
        index = self.moves.value
        return None if index is None else self.actions[index]

    def choose(self, action: str) -> None:
        """Choose ``action`` in the list (one of the moves offered)."""
        self.moves.value = self.actions.index(action)

    def say(self, text: object) -> None:
        """The AI's answer ("" clears it)."""
        self.answer.value = f"<p>{html.escape(str(text))}</p>" if text else ""

    def show_tree(self, labels: list[tuple[str, int]], shown: int) -> None:
        """The lines, in tree order, with line ``shown`` chosen."""
        self.lines.options = labels
        self.lines.value = shown
        self.lines.rows = min(len(labels), 6)
        self.tree.layout.display = "" if len(labels) > 1 else "none"
        self.main.disabled = shown == 0
