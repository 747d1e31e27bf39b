"""`RulesPanel`: a lesson's rules variant in one place, one control per option.

The options and their allowed values are the game's own specs (`cardlab.core.options`), the
choice of options the lesson's (`cardlab.lessons.variants`).  A change is checked as a whole (some
options only go with others) before anything is re-run: a refused combination says why on the
status line and the controls spring back.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.core.i18n import msg
from cardlab.core.options import Option
from cardlab.lessons.variants import Variant, value_words
from cardlab.widgets.guard import Status, guarded

MAX_LISTED = 31
"""A whole-number option with at most this many values is a dropdown; wider ones a number box."""
PROBABILITY_STEP = 0.05


def choice_words(value: Any) -> str:
    """A value as the dropdown says it: ``high_or_low`` as "High or low"."""
    words = str(value_words(value))  # a `Message` is read in the page's language
    return words[:1].upper() + words[1:]


def option_widget(label: str, spec: Option, value: Any) -> widgets.ValueWidget:
    """The control for one option, showing ``value``; the spec's meaning is its tooltip."""
    common: dict[str, Any] = {
        "description": str(label),
        "tooltip": str(spec.meaning),
        "style": {"description_width": "initial"},
        "layout": widgets.Layout(width="max-content", margin="2px 12px 2px 0"),
    }
    if spec.kind == "flag":
        return widgets.Checkbox(value=bool(value), indent=False, **common)
    if spec.kind == "probability":
        return widgets.BoundedFloatText(
            value=float(value), min=0.0, max=1.0, step=PROBABILITY_STEP, **common
        )
    none = [(str(spec.none), None)] if spec.none else []
    if spec.kind == "choice":
        return widgets.Dropdown(
            options=[(choice_words(c), c) for c in spec.choices] + none, value=value, **common
        )
    if spec.high - spec.low < MAX_LISTED:
        numbers = [(str(n), n) for n in range(spec.low, spec.high + 1)]
        return widgets.Dropdown(options=none + numbers, value=value, **common)
    return widgets.BoundedIntText(value=value, min=spec.low, max=spec.high, **common)


class RulesPanel(widgets.VBox):
    """The lesson's options as controls, and "Standard rules"; ``on_change(options)`` gets the
    game's full checked options after each accepted change."""

    def __init__(
        self, variant: Variant, on_change: Callable[[dict[str, Any]], None], status: Status
    ) -> None:
        self.variant = variant
        self.on_change = on_change
        self.status = status
        self.options = variant.defaults
        specs = variant.game.option_specs
        self.controls = {
            name: option_widget(label, specs[name], self.options[name])
            for name, label in variant.options
        }
        self.standard = widgets.Button(
            description=str(msg("Standard rules")),
            tooltip=str(msg("Back to the rules the lesson tells")),
        )
        self.standard.add_class("cardlab-standard-rules")
        self._quiet = False
        for name, control in self.controls.items():
            control.add_class(f"cardlab-rule-{name}")
            control.observe(guarded(status, self._changed(name)), names="value")
        self.standard.on_click(guarded(status, lambda _: self.set_rules({}, notify=True)))
        title = widgets.HTML(
            str(
                msg(
                    "<b>Rules of {game}</b>: change one and the odds, the quiz, the stepped deal "
                    "and the table below follow it.",
                    game=variant.game.title,
                )
            )
        )
        row = widgets.Box(
            [*self.controls.values(), self.standard], layout=widgets.Layout(flex_flow="row wrap")
        )
        super().__init__([title, row])
        self.add_class("cardlab-rules")

    @property
    def changed(self) -> dict[str, Any]:
        """The options that differ from the standard rules (what a link carries)."""
        return self.variant.changed(self.options)

    def set_rules(self, given: dict[str, Any], notify: bool = False) -> None:
        """Show the standard rules with ``given`` on top (``ValueError`` for a refused
        combination, changing nothing), and tell ``on_change`` when ``notify``."""
        options = self.variant.checked(given)
        self.options = options
        self._quiet = True
        try:
            for name, control in self.controls.items():
                control.value = options[name]
        finally:
            self._quiet = False
        if notify:
            self.on_change(options)

    def _changed(self, name: str) -> Callable[[dict[str, Any]], None]:
        def changed(change: dict[str, Any]) -> None:
            if self._quiet or change["new"] == self.options[name]:
                return
            try:
                self.set_rules({**self.changed, name: change["new"]}, notify=True)
            except ValueError:
                self.set_rules(self.changed)  # the refused value springs back
                raise

        return changed
