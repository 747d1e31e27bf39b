"""`FigureView`: any lesson `Figure` shown and driven (its controls, pictures, hands and words).

The figure is a value; the view keeps the one it shows and replaces it with what a press, a
choice, a card or the page's rules give (`Figure.act`, `select`, `with_rules`).  A refusal
(``ValueError``) shows on the status line and the figure stays as it was; a choice the figure
refused springs back.  Widgets are built once and updated in place while the figure's shape
(its controls and the kinds of its blocks) stays the same, so a press sends only what changed.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.core.i18n import msg
from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.card_view import parse_card_target
from cardlab.widgets.controls import control_widget, sync
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import ModelView, Page
from cardlab.widgets.text_version import TextVersion

_WRAP = widgets.Layout(flex_flow="row wrap")


@dataclass
class _Shown:
    """The widgets of one block: a canvas (and its words and card buttons) or an HTML box."""

    kind: tuple[str, bool]
    widget: widgets.Widget
    canvas: CanvasView | None = None
    words: TextVersion | None = None
    buttons: widgets.HBox | None = None
    html: widgets.HTML | None = None


def _shape(block: Block) -> tuple[str, bool]:
    """What decides a block's widgets: its kind, and for a picture whether it has a button per
    card."""
    if isinstance(block, Picture):
        return ("picture", bool(block.cards) and block.card_buttons)
    return ("markup", False)


class FigureView(ModelView):
    """The controls in their rows, the status line, and the figure's blocks in order."""

    def __init__(self, model: Figure, page: Page | None = None) -> None:
        super().__init__(page)
        self.add_class("cardlab-figure")
        self.model = model
        self.controls: dict[str, widgets.Widget] = {}
        self.rows = widgets.VBox()
        self.shown: list[_Shown] = []
        self._syncing = False
        self.blocks: tuple[Block, ...] = ()
        self.show(model)

    # -- what a learner does ---------------------------------------------------------------------
    def press(self, key: str, value: Any = None) -> None:
        """Use control ``key`` (tests call it as a click does); a refusal raises."""
        self.show(self.model.act(key, value))

    def select(self, selected: tuple[int, ...]) -> None:
        """Select cards ``selected`` of the figure's hand; a refusal raises."""
        self.show(self.model.select(tuple(sorted(selected))))

    def show(self, model: Figure) -> None:
        """Show ``model``: every widget takes its values from it."""
        blocks = model.blocks(self.theme)
        self.model, self.blocks = model, blocks
        self._syncing = True
        try:
            self._show_controls()
            self._show_blocks(blocks)
        finally:
            self._syncing = False
        said = model.said
        if said.text:
            getattr(self.status, said.level)(str(said.text))
        else:
            self.status.clear()
        if self.share_box is not None and self.share_box.shown:
            self.share_box.refresh()  # the link shown is to where the figure is now

    # -- the page --------------------------------------------------------------------------------
    @property
    def share_key(self) -> str:  # type: ignore[override]
        """The figure's: a figure with a position gets the page's share box and its links."""
        return self.model.share_key

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The figure under the page's rules (nothing sent when they change nothing in it)."""
        model = self.model.with_rules(options)
        if model != self.model:
            self.show(model)

    def _redraw(self) -> None:
        self.show(self.model)  # the theme changed

    # -- controls --------------------------------------------------------------------------------
    def _show_controls(self) -> None:
        controls = self.model.controls()
        if tuple(c.key for c in controls) != tuple(self.controls):
            self.controls = {}
            rows: dict[int, list[widgets.Widget]] = {}
            for control in controls:
                widget = control_widget(control)
                if control.kind == "button":
                    widget.on_click(guarded(self.status, self._clicked(control.key)))
                else:
                    widget.observe(self._chosen(control.key), names="value")
                self.controls[control.key] = widget
                rows.setdefault(control.row, []).append(widget)
            self.rows.children = [widgets.HBox(rows[r], layout=_WRAP) for r in sorted(rows)]
        for control in controls:
            sync(self.controls[control.key], control)

    def _clicked(self, key: str) -> Callable[[Any], None]:
        return lambda _: self.press(key)

    def _chosen(self, key: str) -> Callable[[dict[str, Any]], None]:
        def chosen(change: dict[str, Any]) -> None:
            if self._syncing or change["new"] == self.model.control(key).value:
                return
            try:
                self.press(key, change["new"])
            except Exception:
                if self.model.control(key).kind != "text":  # a typed line stays to be mended
                    self.show(self.model)  # a refused choice springs back
                raise

        return guarded(self.status, chosen)

    # -- blocks ----------------------------------------------------------------------------------
    def _show_blocks(self, blocks: tuple[Block, ...]) -> None:
        if [_shape(b) for b in blocks] != [s.kind for s in self.shown]:
            self.shown = [self._build(i, b) for i, b in enumerate(blocks)]
            first_hand = next((i for i, b in enumerate(blocks) if _shape(b)[1]), None)
            parts = [s.widget for s in self.shown]
            at = len(parts) if first_hand is None else first_hand + 1
            parts.insert(at, self.status.widget)  # a refusal shows under the hand it is about
            if self.share_box is not None:  # the page's, under the figure
                parts.append(self.share_box)
            self.children = [self.rows, *parts]
        for shown, block in zip(self.shown, blocks, strict=True):
            if isinstance(block, Picture):
                self._show_picture(shown, block)
            else:
                self._show_markup(shown, block)

    def _build(self, index: int, block: Block) -> _Shown:
        if isinstance(block, Markup):
            box = widgets.HTML()
            if block.name:
                box.add_class(f"cardlab-{block.name}")
            if block.max_width:
                box.layout.max_width = block.max_width
            return _Shown(_shape(block), box, html=box)
        canvas = CanvasView(block.drawing.width, block.drawing.height, status=self.status)
        if block.cards:  # the figure's hand (a figure has at most one): a click selects
            canvas.on_click(guarded(self.status, self._canvas_clicked))
        parts: list[widgets.Widget] = [canvas.widget]
        words = None
        if block.words or block.words_title:
            words = TextVersion(str(block.words_title or msg("The picture in words")))
            parts.append(words.widget)
        buttons = None
        if block.cards and block.card_buttons:
            buttons = widgets.HBox(layout=_WRAP)
            buttons.add_class("cardlab-hand-buttons")  # not a table's (tests find those)
            parts.insert(1, buttons)
        box = widgets.VBox(parts)
        if block.name:
            box.add_class(f"cardlab-{block.name}")
        return _Shown(_shape(block), box, canvas=canvas, words=words, buttons=buttons)

    def _show_markup(self, shown: _Shown, block: Markup) -> None:
        if shown.html is not None and shown.html.value != block.html:
            shown.html.value = block.html

    def _show_picture(self, shown: _Shown, block: Picture) -> None:
        canvas = shown.canvas
        assert canvas is not None  # a picture's widgets always have one
        if shown.words is not None and shown.words.body != block.words:
            shown.words.show(block.words)
        canvas.describe(str(block.label), shown.words.element_id if shown.words else None)
        if canvas.drawing != block.drawing:
            canvas.draw(block.drawing)
        if shown.buttons is not None:
            self._show_cards(shown.buttons, block)

    def _show_cards(self, box: widgets.HBox, block: Picture) -> None:
        """One toggle button per card (the keyboard's way to the canvas's clicks)."""
        pool = list(box.children)
        while len(pool) < len(block.cards):
            button = widgets.ToggleButton(layout=widgets.Layout(width="auto"))
            button.observe(self._card_toggled(len(pool)), names="value")
            pool.append(button)
        for i, button in enumerate(pool):
            if i < len(block.cards):
                button.description = block.cards[i]
                card = block.cards[i]
                button.tooltip = str(msg("Card {number}: {card}", number=i + 1, card=card))
                button.value = i in block.selected
                button.layout.display = None
            else:
                button.value = False
                button.layout.display = "none"
        if len(box.children) != len(pool):
            box.children = tuple(pool)

    def _card_toggled(self, index: int) -> Callable[[dict[str, Any]], None]:
        def toggled(change: dict[str, Any]) -> None:
            if not self._syncing:
                try:
                    self._toggle(index)
                except Exception:
                    self.show(self.model)  # a refused card springs back
                    raise

        return guarded(self.status, toggled)

    def _canvas_clicked(self, target: str) -> None:
        index = parse_card_target(target)
        if index is not None:
            self._toggle(index)

    def _toggle(self, index: int) -> None:
        hand = next(b for b in self.blocks if isinstance(b, Picture) and b.cards)
        chosen = set(hand.selected)
        if index in chosen:
            chosen.discard(index)
        elif hand.multi:
            chosen.add(index)
        else:
            chosen = {index}
        self.select(tuple(sorted(chosen)))
