"""`TableView`: the one "play against the AI" widget; it shows any table model.

A model (``cardlab.apps.model.TableModel``) is an immutable value that says everything the
table shows; the view only turns it into widgets and sends the learner's presses back as
``model.act(key, value)``.  The widget tree is built once from the model's controls (their keys
are fixed per game) and afterwards only values change, which keeps the page cheap on the wire.
Every press is guarded: a refusal shows on the status line and the model stays as it was.
"""

from __future__ import annotations

import dataclasses
import html
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets as widgets

from cardlab.apps import hand_review
from cardlab.core.classdeals import MAX_DEAL, class_seed, deal_words
from cardlab.core.i18n import msg, msgn
from cardlab.core.link_values import read_between, read_seed
from cardlab.core.results import Result
from cardlab.core.text import shown
from cardlab.lessons.page_state import PageState
from cardlab.lessons.table_position import Recipe, decode_moves, encode_moves
from cardlab.widgets.card_view import HandView
from cardlab.widgets.controls import control_widget, sync
from cardlab.widgets.guard import guarded
from cardlab.widgets.later import later
from cardlab.widgets.lesson_panel import LessonPanel, Page
from cardlab.widgets.panels import ScoreSheet, TextMirror
from cardlab.widgets.results import ResultsLink

_WRAP = widgets.Layout(flex_flow="row wrap")
POSITION = ("seed", "ai", "deal", "moves")
"""The link parameters of a table's position (the page carries theme, rules and class)."""


class TableView(LessonPanel):
    """Canvas with the learner's cards, a score sheet, rows of controls, the status line, the
    log, a notes panel, the review of the hand just played and the text mirror, all drawn from
    ``model``."""

    share_key: ClassVar[str] = "table"
    turns: ClassVar[bool] = True
    results: ResultsLink

    def __init__(self, model: Any, picker: Page | None = None) -> None:
        super().__init__(picker, size=model.size)
        self.add_class("cardlab-table")
        self.model = model
        self.class_code = ""
        self.class_line = widgets.HTML()
        self.class_line.add_class("cardlab-class-deal")
        self.results = ResultsLink(model.game_name)
        self._scored: tuple[Any, ...] = ()
        self._rules: Mapping[str, Any] | None = None  # the page's rules followed (None: standard)
        self._moves_from = (model.recipe, 0)
        self.hand = HandView(
            render=lambda cards, selected: self.model.drawn(self.theme, selected, self.upright),
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
        for control in model.offered():
            widget = control_widget(control)
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
        self.review = widgets.HTML()
        self.review.add_class("cardlab-review-panel")
        self.mirror = TextMirror(model.mirror_label)
        self.canvas_view.describe(str(model.picture_label), self.mirror.element_id)
        sheet = widgets.VBox(
            [widgets.HTML(f"<b>{html.escape(str(model.score_title))}</b>"), self.scores.widget],
            layout=widgets.Layout(min_width="260px", margin="0 0 0 12px"),
        )
        top = widgets.Box(
            [self.canvas_view.widget, sheet], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.children = [
            top,
            self.hand.buttons,
            *(widgets.HBox(rows[r], layout=_WRAP) for r in sorted(rows)),
            self.class_line,
            self.status.widget,
            self.journal,
            self.notes,
            self.review,
            self.mirror.widget,
            self.results.widget,
        ]
        self._syncing = False
        self._words_due: Any = None  # the model whose words are still to be shown (`show`)
        self.hints = True
        """Whether the page allows hints: not under ``--no-hints`` or a link's ``hints=off``."""
        self.refused_class = ""
        """A class code the page's link gave with a table position that is none of its deals:
        the position stays (`open_position`), the class is not joined."""
        self.show(model)
        self.canvas_view.when_seen(lambda: self._look_ahead(self.model))

    # -- the table's position (a link) and the page's rules ---------------------------------------
    def position(self) -> dict[str, str]:
        """The deal's seed, the number of AI (where the learner chooses it), the class deal's
        number and the moves: the table's settings and the learner's presses since the deal
        began, packed (`cardlab.lessons.table_position.encode_moves`)."""
        model = self.model
        recipe: Recipe = model.recipe
        params = {"seed": str(recipe.seed)}
        if model.ai_range is not None:
            params["ai"] = str(len(model.bots))
        if recipe.deal:
            params["deal"] = str(recipe.deal)
        defaults = {f.name: f.default for f in dataclasses.fields(model)}
        settings = {k: v for k, v in recipe.settings if v != defaults[k]}
        moves = encode_moves(settings, model.presses, recipe.again)
        if moves:
            params["moves"] = moves
        return params

    RECORDED = "recorded"
    """What a kept table adds to its position: where the moves of its next row begin."""

    def kept(self) -> dict[str, str]:
        """The position, and where the moves of the next row begin: a hand brought back in
        its middle gets the same row as one played through."""
        recipe, start = self._moves_from
        return {**self.position(), self.RECORDED: str(start if recipe is self.model.recipe else 0)}

    def bring_back(self, kept: Mapping[str, str]) -> list[str]:
        params = {k: v for k, v in kept.items() if k != self.RECORDED}
        notices = self.open_position(params)
        start = kept.get(self.RECORDED, "")
        if start.isdigit() and int(start) <= len(self.model.replay):
            self._moves_from = (self.model.recipe, int(start))
        return notices

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        """Begin the deal ``params`` name and make the learner's presses again; a press that is
        refused raises ``ValueError`` naming it, and the table stays as it was."""
        model = self.model
        cls, recipe = type(model), model.recipe
        notices = [
            str(
                msg(
                    "ignored {name}: a table's position has only {names}",
                    name=repr(name),
                    names=", ".join(POSITION),
                )
            )
            for name in params
            if name not in POSITION
        ]
        ai = recipe.ai
        if "ai" in params:
            if model.ai_range is not None:
                ai = read_between("ai", params["ai"], *model.ai_range)
            else:
                seats = len(model.bots)
                notices.append(
                    str(
                        msgn(
                            "ignored 'ai': this table always seats {count} AI",
                            "ignored 'ai': this table always seats {count} AI",
                            seats,
                        )
                    )
                )
        deal = 0
        # the page opens the position before this table hears the link's class code and hints
        page = self.page
        code = page.class_code if page is not None else self.class_code
        hints = self.hints and (page is None or page.hints)
        if "deal" in params:
            if code:
                deal = read_between("deal", params["deal"], 1, MAX_DEAL)
            else:
                notices.append(str(msg("ignored 'deal': the page has no class code")))
        seed = read_seed(params["seed"]) if "seed" in params else None
        if code and (not deal or seed not in (None, class_seed(code, model.game_name, deal))):
            notices.append(self._refuse_class(code))
            code, deal = "", 0
        if seed is None:
            seed = class_seed(code, model.game_name, deal) if deal else recipe.seed
        settings, presses, again = decode_moves(params.get("moves", ""))
        settings = cls.read_settings(settings)
        if not hints:
            notices += [
                str(msg("ignored {name}: this page has no hints", name=shown(name)))
                for name, value in settings
                if name in cls.aids and value
            ]
        recipe = Recipe(
            seed,
            ai=ai,
            options=recipe.options,
            settings=settings,
            class_code=code if deal else "",
            deal=deal,
            again=again,
            hints=hints,
        )
        opened, stopped = cls.opened(recipe, presses)
        self.refused_class = "" if code else self.refused_class
        # the sharer's finished hands and presses are not the viewer's: the record goes on from here
        self._scored = tuple(opened.scores)
        self._moves_from = (opened.recipe, len(opened.replay))
        self.show(opened)
        return notices + stopped

    def _refuse_class(self, code: str) -> str:
        """Keep the link's position out of class ``code`` (it is none of that class's deals:
        a tampered link), and say so."""
        self.refused_class = code
        return str(
            msg(
                "ignored the class code {code}: the link's table position is not one of its "
                "deals, so the table stays at that position",
                code=shown(code),
            )
        )

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The same deal begun again under the page's rules (`TableModel.with_rules`): its
        players only when the page's players changed."""

        def follow() -> None:
            self.show(self.model.with_rules(options, self._rules))
            self._rules = dict(options)

        guarded(self.status, follow)()

    # -- the learner's side ----------------------------------------------------------------------
    def press(self, key: str, value: Any = None, *, clicked: bool = False) -> None:
        """What a click on control ``key`` does (tests and the autoplayer call it too): the
        learner's move is made once (`TableModel.act`, the bots' answers included) and the table
        redrawn once, so the canvas gets one batch per press.  A ``clicked`` press leaves its
        words until the picture has gone out (`show`)."""
        self.show(self.model.act(key, value), words_later=clicked)

    WORDS_AFTER_S: ClassVar[float] = 0.02
    """How long the words of a clicked press wait behind its picture: about a frame, so the
    browser draws the canvas before it lays out the log, the status line and the controls."""

    def show(self, model: Any, *, words_later: bool = False) -> None:
        """Show ``model`` (the table after a move): every widget takes its values from it.

        The canvas goes first (what a click is waiting for), alone: ``words_later``, everything
        else follows after `WORDS_AFTER_S` (`_show_words`), while the browser draws it.  A
        kernel that goes on sending while the picture is on its way makes the server and the
        browser relay and lay out its messages first: measured, the picture reached the page
        5 ms later than a bare canvas's."""
        self.model = model
        self._syncing = True
        try:
            self.hand.set_cards(model.hand(), model.selected, picture_only=True)
        finally:
            self._syncing = False
        self._record_results(model)
        self._words_due = model
        if not (words_later and later(self.WORDS_AFTER_S, self._words_for(model))):
            self._show_words(model)
        if words_later or self.canvas_view.seen:  # a press, or a table the learner can see
            self._look_ahead(model)

    def _words_for(self, model: Any) -> Callable[[], None]:
        """The words of ``model``, shown later unless a newer position has been shown since."""

        def words() -> None:
            if self._words_due is model:
                self._show_words(model)

        return guarded(self.status, words)

    def _show_words(self, model: Any) -> None:
        """The card buttons, the controls the position refuses (before its log: a button enabled
        on the page is always one the log and status beside it allow), the class line, status,
        score sheet, log, notes, text version and the controls it allows."""
        self._words_due = None
        self._syncing = True
        try:
            self.hand.sync_widgets()
        finally:
            self._syncing = False
        self._disable_refused()
        recipe = model.recipe
        deal = deal_words(recipe.class_code, recipe.deal) if recipe.deal else ""
        self.class_line.value = (
            str(
                msg(
                    "<b>{deal}</b>: everyone in the class plays this deal.",
                    deal=html.escape(str(deal)),
                )
            )
            if deal
            else ""
        )
        said = model.said
        getattr(self.status, said.level)(str(said.text))
        self._sync_scores()
        lines = [str(line) for line in model.log_lines() if line][-model.log_window :]
        footer = [str(line) for line in model.log_footer()]
        items = "".join(f"<li>{html.escape(x)}</li>" for x in [*lines, *footer])
        title = html.escape(str(model.log_title))
        self.journal.value = f"<div class='cardlab-log'><b>{title}</b><ul>{items}</ul></div>"
        self.notes.value = model.notes_html()
        self.review.value = model.review_html()
        mirror = model.mirror()
        self.mirror.update(
            hands=list(mirror.hands),
            table=list(mirror.table),
            last_move=mirror.last_move,
            legal_moves=list(mirror.legal_moves),
        )
        self._sync_controls()

    AHEAD_S: ClassVar[float] = 0.05
    """How long after a press the table starts on its bots' next needs (`TableModel.ahead`):
    once this press's messages have left, well before a learner presses again."""

    def _look_ahead(self, model: Any) -> None:
        """Let ``model`` work out its bots' next needs and the table after each button the
        learner may press (`TableModel.foresee`), and the canvas each of those tables' batch
        (`CanvasView.prepare`), when the kernel is idle, never inside a press; a model shown
        since has its own turn.  The first look-ahead waits until the page shows the table in
        its window (`CanvasView.when_seen`): a lesson's kernel spent 0.05-0.6 s of it while the
        page loaded, before anyone had looked at the table."""

        def ahead() -> None:
            if self.model is model:
                model.ahead()
                model.foresee()
                for after in model.foreseen():
                    drawing = after.drawn(self.theme, after.selected, self.upright)
                    self.canvas_view.prepare(drawing)

        later(self.AHEAD_S, guarded(self.status, ahead))

    # -- internals -------------------------------------------------------------------------------
    def follow(self, state: PageState, options: Mapping[str, Any]) -> None:
        """The page's state: its rules (`LessonPanel.follow`), then its hints (none on an exam
        page: `--no-hints` or a link's ``hints=off``) and its class's deals."""
        super().follow(state, options)
        guarded(self.status, self._allow_hints)(state.hints)
        guarded(self.status, self._join_class)(state.class_code)

    def _allow_hints(self, allowed: bool) -> None:
        """Offer the hints or not: on an exam page the hint controls are off and hidden, and
        the table's aids (odds, advisor, every hand) off, in this game and the next; the review
        of a hand (the AI's moves in the learner's place) goes with them."""
        self.hints = allowed
        for key in (*self.model.hint_keys, *hand_review.KEYS):
            if key in self.controls:
                self.controls[key].layout.display = None if allowed else "none"
        if self.model.hints != allowed:
            self.show(self.model.with_hints(allowed))

    def _join_class(self, code: str) -> None:
        """Play class ``code``'s deals from its first (a table already at one stays there; a
        table a link put at a position outside that class stays there: `_refuse_class`)."""
        if code and code == self.refused_class:
            return
        self.class_code = code
        model = self.model.in_class(code)
        if model is not self.model:
            self.show(model)

    def _record_results(self, model: Any) -> None:
        """A row for each hand or deal the score sheet has gained, with the learner's moves."""
        rows = tuple(model.scores)
        # the rows after the last one already recorded; all of them at a new table.  A sheet
        # that folds its earlier rows into one (Dou Dizhu) still ends with the recorded ones.
        last = self._scored[-1] if self._scored else None
        new = rows[len(rows) - rows[::-1].index(last) :] if last in rows else rows
        self._scored = rows
        recipe, start = self._moves_from
        if model.recipe is not recipe:
            start = 0
        self._moves_from = (model.recipe, len(model.replay) if new else start)
        moves = "; ".join(model.learner_moves(start))
        for label, score in model.record_rows(new):
            self.results.add(
                Result(
                    "table",
                    model.game_name,
                    model.recipe.class_code,
                    model.recipe.deal,
                    f"{label}: {moves}" if moves else label,
                    int(score) if float(score).is_integer() else float(score),
                ),
                student=self.student,
            )
            moves = ""  # several rows at once (a fold's hands): the moves go with the first

    def _redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def _sync_controls(self) -> None:
        """Every control's widget from the model; the choices' observers stay quiet."""
        self._syncing = True
        try:
            self._set_controls()
        finally:
            self._syncing = False

    def _disable_refused(self) -> None:
        """Disable the controls the model refuses, leaving the rest for `_sync_controls`: a
        press that changes no button (a hint) makes none flicker."""
        for control in self.model.offered():
            if not control.enabled:
                self.controls[control.key].disabled = True

    def _set_controls(self) -> None:
        for control in self.model.offered():
            sync(self.controls[control.key], control)

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
        return guarded(self.status, lambda _: self.press(key, clicked=True))

    def _chosen(self, key: str) -> Callable[[dict[str, Any]], None]:
        def chosen(change: dict[str, Any]) -> None:
            if not self._syncing and change["new"] != self.model.control(key).value:
                try:
                    self.press(key, change["new"], clicked=True)
                except Exception:
                    self.show(self.model)  # a refused choice springs back
                    raise

        return guarded(self.status, chosen)

    def _selected(self, selected: tuple[int, ...]) -> None:
        """A card clicked (on the canvas or its button): the model knows, the controls that
        depend on the selection follow, and the table after each of them is worked out while
        the learner moves to one (`_look_ahead`): a Three Thirteen discard took 6-10 ms of
        kernel time when its press came."""
        if not self._syncing:
            self.model = self.model.select(selected)
            self._sync_controls()
            self._look_ahead(self.model)

    def _clicked(self, target: str) -> None:
        self.show(self.model.click(target), words_later=True)
