"""`HandView` / `CardView`: a row of cards on a canvas, click to select, with a button twin.

The picture comes from a render function ``render(cards, selected) -> Drawing`` passed in, so
the view works with `simple_hand` today and with the render layer's faces later; it only needs
the render to name each card's clickable region ``HitBox(target="card:<index>")``.

Every canvas action has a keyboard/screen-reader equivalent: one ToggleButton per card, kept in
sync with the selection both ways.  The buttons are a fixed pool reused in place (hidden when
unused) rather than rebuilt, following "build the widget tree once".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.render.ops import Drawing, DrawOp, HitBox, Rect, Text
from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.guard import Status, guarded, report

HandRender = Callable[[Sequence[Any], frozenset[int]], Drawing]
"""``render(cards, selected_indices) -> Drawing`` with ``HitBox`` targets ``card:<i>``."""

SelectionCallback = Callable[[tuple[int, ...]], Any]


def card_target(index: int) -> str:
    """The HitBox target naming card ``index`` in a hand."""
    return f"card:{index}"


def parse_card_target(target: str) -> int | None:
    """``"card:3"`` -> 3; anything else -> None."""
    kind, _, number = target.partition(":")
    if kind != "card" or not number.isdigit():
        return None
    return int(number)


def simple_hand(
    cards: Sequence[Any],
    selected: frozenset[int] = frozenset(),
    *,
    card_w: float = 48,
    card_h: float = 68,
    gap: float = 8,
    lift: float = 12,
    label: Callable[[Any], str] = str,
) -> Drawing:
    """Plain rounded rectangles with the card code: the placeholder until faces land.

    A selected card is lifted and gets a thick outline and a tick, so selection never relies on
    colour alone.
    """
    ops: list[DrawOp] = []
    pad = 8.0
    for i, card in enumerate(cards):
        x = pad + i * (card_w + gap)
        chosen = i in selected
        y = pad + (0 if chosen else lift)
        ops.append(
            Rect(
                x,
                y,
                card_w,
                card_h,
                fill="#fffbea" if chosen else "#ffffff",
                stroke="#1d4ed8" if chosen else "#374151",
                line_width=3 if chosen else 1,
                radius=5,
            )
        )
        ops.append(Text(x + card_w / 2, y + card_h / 2, label(card), size=16, bold=chosen))
        if chosen:
            ops.append(Text(x + card_w - 8, y + 10, "✓", size=12, fill="#1d4ed8"))
        ops.append(HitBox(x, y, card_w, card_h, card_target(i)))
    width = pad * 2 + max(1, len(cards)) * (card_w + gap) - gap
    return Drawing(width, pad * 2 + card_h + lift, tuple(ops), background="#166534")


class HandView:
    """A selectable row of cards: canvas clicks, taps, `select(i)` and buttons all agree.

    ``multi=False`` keeps at most one card selected (clicking it again clears it).
    ``disabled`` indices cannot be selected (e.g. cards that may not be played now).
    ``name`` says what the hand is ("Your hand"): the canvas's accessible name is then the name,
    the cards and the selection, kept current; without one a given ``canvas`` keeps its own name
    (a table names its picture itself) and a new one is "A row of cards".
    """

    def __init__(
        self,
        cards: Iterable[Any] = (),
        *,
        render: HandRender | None = None,
        multi: bool = True,
        label: Callable[[Any], str] = str,
        status: Status = None,
        canvas: CanvasView | None = None,
        buttons: bool = True,
        name: str | Message = "",
    ) -> None:
        self.render: HandRender = render or (lambda c, s: simple_hand(c, s, label=label))
        self.multi = multi
        self.label = label
        self.status = status
        self._cards: tuple[Any, ...] = tuple(cards)
        self._selected: frozenset[int] = frozenset()
        self._disabled: frozenset[int] = frozenset()
        self._selection_callbacks: list[SelectionCallback] = []
        self._click_callbacks: list[Callable[[str], Any]] = []
        self._syncing = False

        self.name = str(name) or ("" if canvas is not None else str(msg("A row of cards")))
        self.view = canvas or CanvasView(status=status)
        self.view.on_click(self._on_canvas_click)
        self._pool: list[widgets.ToggleButton] = []
        self.buttons = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", display=None if buttons else "none")
        )
        self.widget = widgets.VBox([self.view.widget, self.buttons])
        self._refresh()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- state -----------------------------------------------------------------------------------
    @property
    def cards(self) -> tuple[Any, ...]:
        return self._cards

    @property
    def selected(self) -> tuple[int, ...]:
        """Selected card indices, in hand order."""
        return tuple(sorted(self._selected))

    @property
    def selected_cards(self) -> tuple[Any, ...]:
        return tuple(self._cards[i] for i in self.selected)

    @property
    def words(self) -> str:
        """The hand in words: its name, its cards and the selected ones."""
        cards = joined(self.label(c) for c in self._cards) if self._cards else msg("no cards")
        chosen = joined(self.label(c) for c in self.selected_cards) if self._selected else None
        return str(
            msg("{name}: {cards}; selected: {chosen}", name=self.name, cards=cards, chosen=chosen)
            if chosen is not None
            else msg("{name}: {cards}; selected: none", name=self.name, cards=cards)
        )

    @property
    def drawing(self) -> Drawing | None:
        return self.view.drawing

    def set_cards(
        self, cards: Iterable[Any], selected: Iterable[int] = (), *, picture_only: bool = False
    ) -> None:
        """Show new cards (a new deal, a card played); the selection is replaced.
        ``picture_only`` draws the canvas and leaves the buttons and the accessible name to
        `sync_widgets` (a press sends its picture alone, and the rest a moment later)."""
        self._cards = tuple(cards)
        self._disabled = frozenset(i for i in self._disabled if i < len(self._cards))
        self._set(selected, notify=True, picture_only=picture_only)

    def set_disabled(self, indices: Iterable[int]) -> None:
        """Cards that cannot be chosen now; any of them that were selected are deselected."""
        self._disabled = frozenset(indices)
        self._set(self._selected - self._disabled, notify=True, force=True)

    def select(self, index: int) -> None:
        """Toggle card ``index`` (what a click does)."""
        if not 0 <= index < len(self._cards):
            raise ValueError(
                msgn(
                    "there is no card {number} in this hand of {count}",
                    "there is no card {number} in this hand of {count}",
                    len(self._cards),
                    number=index + 1,
                )
            )
        if index in self._disabled:
            raise ValueError(
                msg("{card} cannot be chosen now", card=self.label(self._cards[index]))
            )
        if index in self._selected:
            new = self._selected - {index}
        elif self.multi:
            new = self._selected | {index}
        else:
            new = frozenset({index})
        self._set(new, notify=True)

    def set_selected(self, indices: Iterable[int]) -> None:
        chosen = frozenset(indices)
        bad = sorted(i for i in chosen if not 0 <= i < len(self._cards) or i in self._disabled)
        if bad:
            raise ValueError(msg("card {number} cannot be selected", number=bad[0] + 1))
        if not self.multi and len(chosen) > 1:
            raise ValueError(msg("only one card can be selected here"))
        self._set(chosen, notify=True)

    def clear_selection(self) -> None:
        self._set((), notify=True)

    # -- hooks -----------------------------------------------------------------------------------
    def on_selection_change(self, callback: SelectionCallback, remove: bool = False) -> None:
        """Call ``callback(selected_indices)`` after every change of selection."""
        if remove:
            self._selection_callbacks.remove(callback)
        else:
            self._selection_callbacks.append(callback)

    def on_click(self, callback: Callable[[str], Any]) -> None:
        """Targets that are not cards (a custom render's "deck", "pass" ...) go here."""
        self._click_callbacks.append(callback)

    # -- internals -------------------------------------------------------------------------------
    def _set(
        self,
        selected: Iterable[int],
        *,
        notify: bool,
        force: bool = False,
        picture_only: bool = False,
    ) -> None:
        new = frozenset(selected)
        changed = new != self._selected
        self._selected = new
        self._refresh(picture_only)
        if notify and (changed or force):
            for callback in list(self._selection_callbacks):
                guarded(self.status, callback)(self.selected)

    def _refresh(self, picture_only: bool = False) -> None:
        self.view.draw(self.render(self._cards, self._selected))
        if not picture_only:
            self.sync_widgets()

    def sync_widgets(self) -> None:
        """The canvas's accessible name and the card buttons, from the cards shown."""
        if self.name:
            self.view.describe(self.words)
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        self._syncing = True
        try:
            while len(self._pool) < len(self._cards):
                button = widgets.ToggleButton(layout=widgets.Layout(width="auto"))
                button.observe(
                    guarded(self._report, self._make_button_handler(len(self._pool))),
                    names="value",
                )
                self._pool.append(button)
            for i, button in enumerate(self._pool):
                if i < len(self._cards):
                    text = str(self.label(self._cards[i]))
                    button.description = text
                    button.tooltip = str(msg("Card {number}: {card}", number=i + 1, card=text))
                    button.value = i in self._selected
                    button.disabled = i in self._disabled
                    button.layout.display = None
                else:
                    button.value = False
                    button.layout.display = "none"
            self.buttons.children = tuple(self._pool)
        finally:
            self._syncing = False

    def _make_button_handler(self, index: int) -> Callable[[dict[str, Any]], None]:
        def handler(change: dict[str, Any]) -> None:
            if self._syncing or bool(change["new"]) == (index in self._selected):
                return
            try:
                self.select(index)
            finally:
                self._sync_buttons()  # a refused toggle springs back

        return handler

    def _on_canvas_click(self, target: str) -> None:
        index = parse_card_target(target)
        if index is None:
            for callback in list(self._click_callbacks):
                callback(target)
        else:
            self.select(index)

    def _report(self, message: str) -> None:
        report(self.status, message)


class CardView(HandView):
    """One card (or a back), clickable: a hand of one with single selection."""

    def __init__(self, card: Any = None, **kwargs: Any) -> None:
        kwargs.setdefault("multi", False)
        super().__init__(() if card is None else (card,), **kwargs)

    @property
    def card(self) -> Any:
        return self._cards[0] if self._cards else None

    def set_card(self, card: Any) -> None:
        self.set_cards(() if card is None else (card,))
