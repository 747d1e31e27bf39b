"""A lesson's figure as a value: what the learner may set, and what the page shows for it.

The lesson figures between the prose (a deck's cards, a ladder of hands, an odds table, an
exchange advisor, a gallery of combinations) differ in their pictures and words, not in how
they behave: the learner presses or chooses a control, or selects cards, and the figure shows
the result.  So each is a frozen `Figure` subclass, pure like a table's model: `act` and
`select` return the next figure (or raise ``ValueError`` naming what was wrong, the figure
unchanged), `with_rules` the figure under the page's rules, and `blocks` what to show in a
theme.  One generic view (`cardlab.widgets.figure_view.FigureView`) shows any figure, so
per-game code builds no widget and tests read exactly what the page shows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from cardlab.apps.control import Control, checked
from cardlab.apps.model import Said
from cardlab.core.i18n import msg
from cardlab.render.ops import Drawing

if TYPE_CHECKING:
    from typing_extensions import Self


@dataclass(frozen=True)
class Picture:
    """A drawing on a canvas, its accessible name and (where the page's prose does not say
    it) its text version, from the same data.

    A picture with ``cards`` is a hand the learner selects from (a figure has at most one):
    each card gets a toggle button (its label) as the keyboard's way to the canvas's clicks on
    ``card:<i>``, and a change of selection goes to `Figure.select`."""

    drawing: Drawing
    label: object
    """What the picture shows (a message, read in the page's language)."""
    words: str = ""
    """The text version as HTML ("" when the page's prose already says it)."""
    words_title: object = ""
    name: str = ""
    """A class for the page's stylesheet and the browser tests (``cardlab-<name>``)."""
    cards: tuple[str, ...] = ()
    selected: tuple[int, ...] = ()
    multi: bool = True
    card_buttons: bool = True
    """Whether each card gets a button (False: the figure offers a choice of card among its
    controls instead, where a toggle per card would be too many: a whole deck's faces)."""


@dataclass(frozen=True)
class Markup:
    """A block of HTML: a table of counts, a worked example, a chart's SVG."""

    html: str
    name: str = ""
    max_width: str = ""
    """A cap on the block's width (a chart stays readable on a projector), or ""."""


Block = Picture | Markup


@dataclass(frozen=True)
class Figure:
    """The base of every lesson figure (see the module docstring).

    A subclass is a frozen dataclass of what the figure depends on (the rules it follows, the
    learner's choices); everything shown is computed from those fields."""

    said: Said = field(default_factory=Said, compare=False, kw_only=True)
    """The status line after the last action."""

    share_key: ClassVar[str] = ""
    """The name a page's link gives this figure's position (``?at=deal``); "" for a figure
    without one.  A figure with a key says where it is (`position`) and goes there (`at`)."""

    def controls(self) -> tuple[Control, ...]:
        """What the learner may press or choose, in rows (`Control.row`)."""
        return ()

    def blocks(self, theme: str) -> tuple[Block, ...]:
        """What the page shows, top to bottom, in ``theme``."""
        raise NotImplementedError

    def act(self, key: str, value: Any = None) -> Self:
        """The figure after using control ``key`` (with ``value`` for a choice or a text):
        `checked` first, then the figure's `_act`."""
        control = self.control(key)
        if not control.enabled:
            raise ValueError(
                control.why_not or msg("{control} is not possible now.", control=control.label)
            )
        return self._act(key, checked(control, value))

    def _act(self, key: str, value: Any) -> Self:
        """The figure after control ``key`` with a checked ``value`` (a figure with controls
        says what each does)."""
        raise NotImplementedError

    def select(self, selected: tuple[int, ...]) -> Self:
        """The figure with cards ``selected`` (indices into its hand, in order)."""
        raise ValueError(msg("There are no cards to choose here."))

    def with_rules(self, options: Mapping[str, Any]) -> Self:
        """The figure under the page's rules (the game's full options)."""
        return self

    def position(self) -> dict[str, str]:
        """Where the figure is, as a link's parameters (a figure with a `share_key`)."""
        return {}

    def at(self, params: Mapping[str, str]) -> tuple[Self, list[str]]:
        """The figure at the position `position` gave (read back from a link), and a notice
        for each parameter ignored; ``ValueError`` naming what was wrong for a position that
        cannot be reached (this figure is unchanged)."""
        raise NotImplementedError

    def control(self, key: str) -> Control:
        """Control ``key``, or ``ValueError`` naming it."""
        for control in self.controls():
            if control.key == key:
                return control
        raise ValueError(msg("There is no {key} control here.", key=repr(key)))
