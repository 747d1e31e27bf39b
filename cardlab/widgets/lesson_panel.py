"""`LessonPanel`: the base of every panel a lesson shows (a stepper, a table, a gallery).

It owns what every panel repeated: a status line for refusals, usually a canvas, the page's
theme (a redraw on every change) and a redraw that can never break the page (`guarded`).

A panel is given its page (`LessonPage`; a bare `ThemePicker` still works, for a panel on its
own) and attaches itself to it once fully built, whatever its subclass: the outermost
``__init__`` of the chain does it (`__init_subclass__`), so a panel never receives a link's
position or a rules change half-made.  From then on it follows the page's state (`follow`: the
rules, the class code, the hints); a panel on its own follows the server's settings alone.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Protocol

import ipywidgets as widgets

from cardlab.core.i18n import msg
from cardlab.lessons.page_state import PageState, server_page
from cardlab.render.ops import Drawing
from cardlab.widgets.a11y import LESSON_CLASS, follow_page, page_script
from cardlab.widgets.canvas import DEFAULT_LABEL, CanvasView
from cardlab.widgets.guard import guarded
from cardlab.widgets.panels import StatusLine
from cardlab.widgets.results import ResultsLink
from cardlab.widgets.share import ShareBox
from cardlab.widgets.theme import ThemePicker


class PanelPage(Protocol):
    """What a panel needs of its page (`cardlab.widgets.lesson_page.LessonPage`): the theme
    picker, the class code and whether hints are allowed, and to be attached once built."""

    picker: ThemePicker
    class_code: str
    """The class code the page's link gave (`cardlab.core.classdeals`), or ""."""
    hints: bool
    """False on an exam page: no hints, no answers."""

    def attach(self, panel: LessonPanel) -> None: ...


Page = PanelPage | ThemePicker
"""What a panel is given: the lesson's page, or (a panel on its own) a theme picker."""


class LessonPanel(widgets.VBox):
    """A VBox with ``status``, ``picker``, optionally ``view`` (a canvas of ``size`` whose
    accessible name is ``label``: what the picture shows), and a guarded ``redraw`` that
    subclasses fill by overriding ``picture``."""

    share_box: ShareBox | None = None
    """The "Share this position" box the page gave this panel (None: it has none)."""
    PAGE_SETS: ClassVar[frozenset[str]] = frozenset({"share_box"})
    """What the page sets on a panel (`LessonPage.attach`): a subclass that defines one of
    these names would have it replaced by the page's (a ``share()`` method once was)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        taken = LessonPanel.PAGE_SETS & cls.__dict__.keys()
        if taken:
            raise TypeError(f"{cls.__name__} defines {sorted(taken)}, which the page sets")
        if "__init__" in cls.__dict__:
            cls.__init__ = _attaching(cls.__dict__["__init__"])  # type: ignore[method-assign]

    def __init__(
        self,
        picker: Page | None = None,
        *,
        size: tuple[float, float] | None = None,
        label: str = DEFAULT_LABEL,
        children: Sequence[widgets.Widget] = (),
        **kwargs: Any,
    ) -> None:
        self.page: PanelPage | None = None
        self.page_state: PageState | None = None
        """The page's state this panel follows now (None: not yet followed)."""
        if picker is None or isinstance(picker, ThemePicker):
            self.picker = picker if picker is not None else ThemePicker()
        else:
            self.page, self.picker = picker, picker.picker
        self.status = StatusLine()
        label = str(label)  # a `Message` is read in the page's language
        self.view = CanvasView(*size, status=self.status, label=label) if size is not None else None
        super().__init__(list(children), **kwargs)
        self.add_class(LESSON_CLASS)  # what the page stylesheet may style outside Voilà
        self.picker.observe(lambda _: self.redraw(), names="value")
        self.upright = self.turns and page_script().upright
        """Whether the picture is drawn in its portrait layout: the page is as narrow as a phone
        and the panel's picture has one (`turns`)."""
        if self.turns:
            follow_page("upright", self, LessonPanel._turn)

    turns: ClassVar[bool] = False
    """Whether the panel's picture has a portrait layout for a phone (`cardlab.render.portrait`),
    drawn while the page says it is as narrow as one (`upright`)."""

    def _turn(self, upright: bool) -> None:
        """The page became as narrow as a phone, or wider again: the picture's other layout."""
        if bool(upright) != self.upright:
            self.upright = bool(upright)
            self.redraw()

    @property
    def theme(self) -> str:
        return self.picker.theme

    @property
    def student(self) -> str:
        """Who the class record names for this panel's rows (the page's `PageState.student`)."""
        return self.page_state.student if self.page_state is not None else ""

    @property
    def canvas_view(self) -> CanvasView:
        """The panel's picture: ``view`` of a panel made with a ``size``, as every panel that
        draws is (``AttributeError`` for one made without)."""
        if self.view is None:
            raise AttributeError(f"{type(self).__name__} was made without a size: no picture")
        return self.view

    @property
    def widget(self) -> widgets.Widget:
        """The panel is its own widget (kept so every panel of a page has a ``widget``)."""
        return self

    results: ResultsLink | None = None
    """The panel's "Download my results" link, for a panel whose rows a student hands in (a
    table's, a quiz's); it holds a class's rows until the page has the student's name."""

    share_key: ClassVar[str] = ""
    """The name a link gives this panel's position (``?at=deal``); "" for a panel without one.
    A panel with a key says where it is (`position`) and goes there (`open_position`)."""

    def position(self) -> dict[str, str]:
        """This panel's position as link parameters (the deal, the step, the eyes, the moves),
        without what the page carries for every panel (theme, rules, class code)."""
        return {}

    def kept(self) -> dict[str, str]:
        """What the browser keeps of this panel to bring it back as the learner left it
        (`bring_back`): its position, and what a panel adds to go on from there."""
        return self.position()

    def bring_back(self, kept: Mapping[str, str]) -> list[str]:
        """Come back where `kept` was taken: its notices (``ValueError`` if it cannot)."""
        return self.open_position(kept)

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        """Go to the position ``params`` describe (what `position` gave, read back from a link).

        Returns a notice for each parameter ignored, saying why; a position that cannot be
        reached raises ``ValueError`` naming what was wrong, and the panel stays as it was."""
        return [
            str(msg("ignored {name}: this part of the lesson has no position", name=repr(name)))
            for name in params
        ]

    def follow(self, state: PageState, options: Mapping[str, Any]) -> None:
        """Follow the page's ``state`` (the rules as the game's full ``options``): a panel
        redoes what depends on the rules only when they changed since it last followed
        (`rules_changed`); a failure shows on its status line, never on the page."""
        before, self.page_state = self.page_state, state
        if state.options != (before.options if before is not None else {}):
            guarded(self.status, self.rules_changed)(options)
        if self.results is not None:
            self.results.named(state.student)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The page's rules variant changed to ``options`` (the game's full, checked options):
        a panel whose figures, deal or table depend on the rules shows them under the new ones."""

    def picture(self) -> Drawing | None:
        """The canvas's drawing in the current theme (None: nothing to draw)."""
        return None

    def redraw(self) -> None:
        """Draw again (the theme or the data changed); a failure shows on the status line."""
        guarded(self.status, self._redraw)()

    def _redraw(self) -> None:
        drawing = self.picture()
        if drawing is not None and self.view is not None:
            self.view.draw(drawing)


def _attaching(init: Callable[..., None]) -> Callable[..., None]:
    """``init``, and when it is the outermost ``__init__`` of the panel being built, attach the
    panel to its page once it returns (`LessonPage.attach`)."""

    @functools.wraps(init)
    def __init__(self: LessonPanel, *args: Any, **kwargs: Any) -> None:
        outermost = not self.__dict__.get("_building", False)
        self.__dict__["_building"] = True
        try:
            init(self, *args, **kwargs)
        finally:
            if outermost:
                self.__dict__["_building"] = False
        if outermost and self.page is not None:
            self.page.attach(self)
        elif outermost:
            self.follow(server_page(), {})

    return __init__


class ModelView(LessonPanel):
    """A panel that shows a lesson model (`show`): the model says where it is (``position()``)
    and goes where a link says (``at(params)``: the next model and the notices), so the view
    only passes its position through."""

    model: Any

    def show(self, model: Any) -> None:
        raise NotImplementedError

    def position(self) -> dict[str, str]:
        position: dict[str, str] = self.model.position()
        return position

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        model, notices = self.model.at(params)
        self.show(model)
        return list(notices)
