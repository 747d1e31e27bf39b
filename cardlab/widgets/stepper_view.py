"""`StepperView`: the one view of every lesson's stepped game of bots
(`cardlab.apps.bot_stepper.BotStepper`).

An Eyes toggle (the teacher, or one seat), the step-through controls over the line shown
(`cardlab.widgets.stepper.Stepper`), why the bot chose the step, the What if… row and the tree of
lines, the game's notes and score sheet, the table in words, and (for a game that has them) an
odds box the lesson shows where its text talks about the odds (``view.odds``).  Every control
turns the model into the next one (`BotStepper.go`, ``with_viewer``, ``branch``, ``ask_ai``,
``show_line``) and the view shows it; a refused change says why on the status line and the
stepper stays where it was.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.apps.bot_stepper import BotStepper
from cardlab.core.i18n import msg
from cardlab.core.replay import Replay
from cardlab.core.whatif import Reasons, WhatIfTree
from cardlab.render.ops import Drawing
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import ModelView, Page
from cardlab.widgets.panels import ScoreSheet, TextMirror
from cardlab.widgets.stepper import Stepper
from cardlab.widgets.whatif_row import WhatIfRow


class OddsBox(widgets.VBox):
    """A stepper's odds for the seat looked through: their words and their chart."""

    def __init__(self) -> None:
        self.html = widgets.HTML()
        self.chart = widgets.HTML(layout=widgets.Layout(max_width="560px"))
        self.chart.add_class("cardlab-chart")
        super().__init__([self.html, self.chart])
        self.add_class("cardlab-odds-box")


class StepperView(ModelView):
    """Any stepped game of bots, shown and driven: see the module docstring."""

    share_key: ClassVar[str] = "deal"
    turns: ClassVar[bool] = True

    def __init__(self, model: BotStepper, page: Page | None = None) -> None:
        super().__init__(page, size=model.size)
        self.model = model
        self._quiet = False
        self.eyes = widgets.ToggleButtons(
            options=model.eyes_options(), value=-1, description=str(msg("Eyes")),
            style={"button_width": "auto"},
        )  # fmt: skip
        self.eyes.add_class("cardlab-eyes")
        self.deal_note = widgets.HTML()
        self.mirror = TextMirror(str(model.mirror_label))
        self.mirror.widget.add_class("cardlab-mirror")
        self.canvas_view.describe(model.label(), self.mirror.element_id)
        self.stepper = Stepper(
            model.replay, status=self.status, view=self.view, interval=model.interval
        )
        self.stepper.note = lambda step: self.model.go(step).line_note()
        self.why = widgets.HTML()
        self.why.add_class("cardlab-why")
        self.notes = widgets.HTML()
        self.notes.add_class("cardlab-step-notes")
        self.whatif = WhatIfRow()
        scores = model.scores()
        self.scores = ScoreSheet(scores[0]) if scores is not None else None
        if self.scores is not None:
            self.scores.widget.add_class("cardlab-scoresheet")
        self.odds = OddsBox() if model.has_odds else None
        """The odds box: a lesson shows it where its text talks about the odds."""
        self.stepper.on_step(self._stepped)
        self.eyes.observe(guarded(self.status, self._eyes_chosen), names="value")
        self.whatif.moves.observe(guarded(self.status, self._move_chosen), names="value")
        self.whatif.play.on_click(guarded(self.status, lambda _: self.play_instead()))
        self.whatif.ask.on_click(guarded(self.status, lambda _: self.ask_ai()))
        self.whatif.main.on_click(guarded(self.status, lambda _: self.show_line(0)))
        self.whatif.lines.observe(guarded(self.status, self._line_chosen), names="value")
        extra = [self.scores.widget] if self.scores is not None else []
        self.children = [
            self.deal_note, self.eyes, self.stepper.widget, self.why, self.whatif.widget,
            self.notes, *extra, self.mirror.widget,
        ]  # fmt: skip
        self.show(model)

    # -- what the tests, the page and the lessons read --------------------------------------------
    @property
    def replay(self) -> Replay:
        return self.model.replay

    @property
    def reasons(self) -> Reasons:
        return self.model.reasons

    @property
    def tree(self) -> WhatIfTree:
        return self.model.tree

    @property
    def line(self) -> int:
        return self.model.line

    @property
    def seed(self) -> int | None:
        return self.model.seed

    @property
    def variant(self) -> dict[str, Any]:
        return self.model.options

    @property
    def story(self) -> str:
        return self.model.story

    @property
    def game(self) -> Any:
        return self.model.game

    @property
    def viewer(self) -> int | None:
        return self.model.viewer

    @property
    def eyes_words(self) -> str:
        return self.model.eyes_words

    # -- showing a model --------------------------------------------------------------------------
    def show(self, model: BotStepper) -> None:
        """Show ``model``: its eyes, its deal, its line at its step, and every text of it."""
        self.model = model
        self._quiet = True
        try:
            options = model.eyes_options()
            if list(self.eyes.options) != options:
                self.eyes.value = -1
                self.eyes.options = options
            self.eyes.value = -1 if model.viewer is None else model.viewer
        finally:
            self._quiet = False
        self.deal_note.value = model.deal_note()
        self.stepper.viewer = model.viewer
        if self.stepper.replay is not model.replay:
            self.stepper.set_replay(model.replay, step=model.step)  # shows the step
        elif self.stepper.step != model.step:
            self.stepper.go(model.step)  # shows the step
        else:
            self.stepper.refresh()

    def _stepped(self, step: int, _state: Any, _event: Any) -> None:
        """The step-through controls moved (or were refreshed): show that step."""
        if step != self.model.step:
            self.model = self.model.go(step)
        model = self.model
        self.canvas_view.describe(model.label())
        self._redraw()
        self.why.value = model.why_html()
        self.notes.value = model.notes()
        if self.scores is not None:
            scores = model.scores()
            assert scores is not None
            if self.scores.players != scores[0]:  # a rules variant of another number of players
                self.scores.players = scores[0]
            self.scores.set_rows(scores[1])
        offer = model.offer()
        self._quiet = True
        try:
            self.whatif.offer(list(offer.moves), offer.help, ask=offer.ask)
            if model.chosen is not None and model.chosen in self.whatif.actions:
                self.whatif.choose(model.chosen)
            self.whatif.say(str(model.said) if model.said else "")
            self.whatif.show_tree(model.lines(), model.line)
        finally:
            self._quiet = False
        hands, table = model.mirror_parts()
        self.mirror.update(
            hands=hands, table=table, last_move=model.last_move(), legal_moves=model.legal_moves()
        )
        if self.odds is not None:
            self.odds.html.value = model.odds_html()

    def picture(self) -> Drawing:
        return self.model.picture(self.theme, self.upright)

    def _redraw(self) -> None:
        super()._redraw()
        if self.odds is not None:
            self.odds.chart.value = self.model.odds_chart(self.theme)

    # -- the learner's presses --------------------------------------------------------------------
    def branch(self, action: str) -> None:
        """Play ``action`` instead of the line's move at this step; the bots play on."""
        self._branched(self.model.branch(action))

    def play_instead(self) -> None:
        """The move chosen in the What if… list (with the AI's reason if it was its answer)."""
        self._branched(self.model.play_instead())

    def _branched(self, model: BotStepper) -> None:
        """A new line: said once, on the status line (the What if… row is for the AI's answer)."""
        self.show(dataclasses.replace(model, said=""))
        self.status.ok(str(model.said))

    def ask_ai(self) -> None:
        """The lesson's AI for the seat to act says its move and why."""
        self.show(self.model.ask_ai())

    def show_line(self, index: int, step: int | None = None) -> None:
        """Line ``index`` of the what-if tree (0: the main line)."""
        self.status.clear()
        self.show(self.model.show_line(index, step))

    def refresh(self) -> None:
        """Show the current step again (a language or a theme changed)."""
        self.show(self.model)

    def _eyes_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet:
            self.show(self.model.with_viewer(None if change["new"] < 0 else change["new"]))

    def _move_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self.model = self.model.choose(self.whatif.actions[change["new"]])

    def _line_chosen(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None and change["new"] != self.model.line:
            self.show_line(change["new"])

    # -- the page's link and rules ----------------------------------------------------------------
    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The deal the page's rules call for (`BotStepper.with_rules`)."""
        self.show(self.model.with_rules(options))
