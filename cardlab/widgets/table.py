"""`TableView`: the one "play against the AI" widget; it shows any table model.

A model (``cardlab.apps.model.TableModel``) is an immutable value that says everything the
table shows; the view only turns it into widgets and sends the learner's presses back as
``model.act(key, value)``.  The widget tree is built once from the model's controls (their keys
are fixed per game) and afterwards only values change, which keeps the page cheap on the wire.
Every press is guarded: a refusal shows on the status line and the model stays as it was.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.widgets.card_view import HandView
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.page import hints_allowed, watch_query
from cardlab.widgets.panels import ScoreSheet, TextMirror
from cardlab.widgets.theme import ThemePicker

_WRAP = widgets.Layout(flex_flow="row wrap")
THINKING = "The AI players are moving: wait a moment."


def _control_widget(control: Any) -> widgets.Widget:
    if control.kind == "toggle":
        return widgets.Checkbox(description=control.label, value=bool(control.value), indent=False)
    if control.kind == "choice":
        return widgets.Dropdown(
            description=control.label,
            options=list(control.options),
            style={"description_width": "initial"},  # "Play against" in full, not "Play ag..."
        )
    return widgets.Button(description=control.label, button_style=control.style)


class TableView(LessonPanel):
    """Canvas with the learner's cards, a score sheet, rows of controls, the status line, the
    log, a notes panel and the text mirror, all drawn from ``model``."""

    def __init__(self, model: Any, picker: ThemePicker | None = None) -> None:
        super().__init__(picker, size=model.size)
        self.add_class("cardlab-table")
        self.model = model
        self.hand = HandView(
            render=lambda cards, selected: self.model.picture(self.theme, selected),
            canvas=self.view,
            status=self.status,
            multi=model.multi_select,
            label=model.card_label,
        )
        self.hand.buttons.add_class("cardlab-card-buttons")
        self.hand.on_selection_change(self._selected)
        self.hand.on_click(self._clicked)
        self.controls: dict[str, widgets.Widget] = {}
        rows: dict[int, list[widgets.Widget]] = {}
        for control in model.controls():
            widget = _control_widget(control)
            widget.add_class(f"cardlab-{control.key}")
            widget.layout.width = "auto"
            if control.kind == "button":
                widget.on_click(self._pressed(control.key))
            else:
                widget.observe(self._chosen(control.key), names="value")
            self.controls[control.key] = widget
            rows.setdefault(control.row, []).append(widget)
        self.scores = ScoreSheet(model.score_columns())
        self.scores.widget.add_class("cardlab-scoresheet")
        self.journal = widgets.HTML()
        self.journal.add_class("cardlab-log")
        self.notes = widgets.HTML()
        self.notes.add_class("cardlab-notes")
        self.mirror = TextMirror(model.mirror_label)
        self.view.describe(model.picture_label, self.mirror.element_id)
        sheet = widgets.VBox(
            [widgets.HTML(f"<b>{html.escape(model.score_title)}</b>"), self.scores.widget],
            layout=widgets.Layout(min_width="260px", margin="0 0 0 12px"),
        )
        top = widgets.Box([self.view.widget, sheet], layout=widgets.Layout(flex_flow="row wrap"))
        self.children = [
            top,
            self.hand.buttons,
            *(widgets.HBox(rows[r], layout=_WRAP) for r in sorted(rows)),
            self.status.widget,
            self.journal,
            self.notes,
            self.mirror.widget,
        ]
        self._syncing = False
        self.show(model)
        watch_query(guarded(self.status, self._page_connected))

    # -- the learner's side ----------------------------------------------------------------------
    def press(self, key: str, value: Any = None) -> None:
        """What a click on control ``key`` does (tests and the autoplayer call it too).

        The learner's own move is drawn at once (`TableModel.at_once`), before the bots think,
        so a click answers in a few milliseconds whatever the AI costs; then the bots' moves."""
        before = self.model
        early = before.at_once(key, value)
        if early is not None:
            self.show(early, thinking=True)
        try:
            self.show(before.act(key, value))
        except Exception:
            if early is not None:
                self.show(before)  # the game stays as it was
            raise

    def show(self, model: Any, thinking: bool = False) -> None:
        """Show ``model`` (the table after a move): every widget takes its values from it.

        The canvas goes first (what a click is waiting for) and the controls last: a button
        enabled on the page means the log and status of that move are already there.
        ``thinking``: the learner's move drawn while the bots think, every control disabled
        right after the canvas, before the log changes (a model never rests at a bot's turn
        otherwise, so its controls are not meant for it)."""
        self.model = model
        self._syncing = True
        try:
            self.hand.set_cards(model.hand(), model.selected)
        finally:
            self._syncing = False
        if thinking:
            self._sync_controls(thinking)  # nothing may be pressed from here on
        said = model.said
        getattr(self.status, said.level)(said.text)
        self._sync_scores()
        lines = [line for line in model.log_lines() if line][-model.log_window :]
        items = "".join(f"<li>{html.escape(x)}</li>" for x in [*lines, *model.log_footer()])
        title = html.escape(model.log_title)
        self.journal.value = f"<div class='cardlab-log'><b>{title}</b><ul>{items}</ul></div>"
        self.notes.value = model.notes_html()
        mirror = model.mirror()
        self.mirror.update(
            hands=list(mirror.hands),
            table=list(mirror.table),
            last_move=mirror.last_move,
            legal_moves=list(mirror.legal_moves),
        )
        if not thinking:
            self._sync_controls()

    # -- internals -------------------------------------------------------------------------------
    def _page_connected(self, query: dict[str, str]) -> None:
        """The page's link is known now: hide the hints when the teacher switched them off
        (`hints_allowed`: the server's option or the link)."""
        hidden = not hints_allowed(query)
        for key in self.model.hint_keys:
            if key in self.controls:
                self.controls[key].layout.display = "none" if hidden else None

    def _redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def _sync_controls(self, thinking: bool = False) -> None:
        """Every control's widget from the model; the choices' observers stay quiet."""
        self._syncing = True
        try:
            self._set_controls(thinking)
        finally:
            self._syncing = False

    def _set_controls(self, thinking: bool) -> None:
        for control in self.model.controls():
            widget = self.controls[control.key]
            widget.disabled = thinking or not control.enabled
            widget.description = control.label
            if thinking:
                widget.tooltip = THINKING
            else:
                widget.tooltip = control.why_not if not control.enabled else control.label
            if control.kind == "choice" and tuple(widget.options) != control.options:
                widget.options = list(control.options)
            if control.kind != "button" and widget.value != control.value:
                widget.value = control.value

    def _sync_scores(self) -> None:
        columns = tuple(self.model.score_columns())
        rows = [(r.label, r.scores, r.note) for r in self.model.scores]
        if columns != self.scores.players or self.scores.rows != rows[: len(self.scores.rows)]:
            self.scores.players = columns
            self.scores.set_rows(rows)
        else:
            for row in rows[len(self.scores.rows) :]:
                self.scores.add_row(*row)

    def _pressed(self, key: str) -> Callable[[Any], None]:
        return guarded(self.status, lambda _: self.press(key))

    def _chosen(self, key: str) -> Callable[[dict[str, Any]], None]:
        def chosen(change: dict[str, Any]) -> None:
            if not self._syncing and change["new"] != self.model.control(key).value:
                try:
                    self.press(key, change["new"])
                except Exception:
                    self.show(self.model)  # a refused choice springs back
                    raise

        return guarded(self.status, chosen)

    def _selected(self, selected: tuple[int, ...]) -> None:
        """A card clicked (on the canvas or its button): the model knows, and the controls
        that depend on the selection follow."""
        if not self._syncing:
            self.model = self.model.select(selected)
            self._sync_controls()

    def _clicked(self, target: str) -> None:
        self.show(self.model.click(target))
