"""What a screen reader and a keyboard need from a canvas, and one script per page.

A canvas (`cardlab.widgets.canvas_batch.Surface`) is a bare ``<canvas>`` in the page: no role,
no name.  Its markup is written once, and the name changes as the picture does, so:

- beside each canvas, in its box, sits a `CanvasLabel`: a hidden ipywidgets HTML element that
  holds the canvas's name (what it shows) and the id of its text version.  It is a plain
  ipywidgets model, so a new name reaches the page as an ordinary update;
- one `PageScript` per kernel (so per page; an `anywidget`, no build step, nothing fetched) runs
  a few lines of front-end code that copy each name onto its canvas (``role="img"``,
  ``aria-label``, ``aria-describedby``, out of the Tab order) whenever the page changes, let
  Escape leave a canvas a click focused, draw the canvases themselves (``surface.js``,
  `cardlab.widgets.canvas_batch`), name every slider handle
  after its widget's label (ipywidgets leaves the handle nameless), keep the focus at a table
  whose pressed control is disabled (on its status line until the control comes back), and
  report the page's query (`cardlab.widgets.page` reads what a link asks for from it) and
  whether it is as narrow as a phone (tables then draw upright), and, in
  Voilà, put skip links first on the page: to the table and to each section of the lesson (a
  keyboard reached a table's first control after 44 Tabs).

One script model per page, not one per canvas: anywidget gives every model two seconds to load
its code, and a page of a class of 30 on two cores can be busy for longer, which broke the
updates of some labels; a page now loads one small module instead of a dozen, and every name
change travels as plain ipywidgets state.

Its stylesheet (`CSS`) comes with it: the page's zoom on a projector, fitting a phone, disabled
controls that look disabled, a visible focus ring, and lesson text that never scrolls inside
itself.  Every rule is scoped (`LESSON_CLASS`, `VOILA_PAGE`): in Voilà the page is the lesson,
but in JupyterLab the stylesheet and the script land in the user's whole JupyterLab, where they
must touch only cardlab's own widgets, not JupyterLab's fonts or another notebook's widgets.
`CanvasView` builds the label and puts the page script in each canvas's box; lessons give it
words with ``CanvasView.describe``.
"""

from __future__ import annotations

import html
import itertools
import secrets
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

from cardlab.core.i18n import msg
from cardlab.render.theme import BUTTON_GROUNDS, BUTTON_INK
from cardlab.widgets import connection
from cardlab.widgets.later import SETTLE_AFTER_S, later, settle_memory

_IDS = itertools.count(1)
_KERNEL = secrets.token_hex(3)
"""Tells this kernel's ids from another's: a Voilà page has one kernel, but JupyterLab shows
several notebooks in one page, each with its own kernel counting from 1."""


def element_id(prefix: str) -> str:
    """A fresh DOM id for an element a canvas names: unique in the kernel, and marked with the
    kernel, so two lessons open side by side in JupyterLab never share one."""
    return f"{prefix}-{_KERNEL}-{next(_IDS)}"


HERE = Path(__file__).parent
ESM = HERE / "a11y.js"
"""The front-end half: role, name, description and Tab for every canvas of the page."""
SURFACES = HERE / "surface.js"
"""The page's canvases, drawn from the kernel's batches (`cardlab.widgets.canvas_batch`)."""
CSS = HERE / "a11y.css"
"""The page's stylesheet: zoom on a projector, fit on a phone, disabled controls that look it."""
LESSON_CLASS = "cardlab-lesson"
"""The class of every lesson panel: outside Voilà the stylesheet and script reach only these."""
VOILA_PAGE = "body[data-voila]"
"""A Voilà page (Voilà marks its ``<body>``), where the whole page is the lesson."""
NAME_CLASS = "cardlab-canvas-name"
"""The class of a `CanvasLabel`'s element: the page script finds a canvas's name by it."""


def button_css() -> str:
    """The coloured buttons' ink and ground from the theme (`BUTTON_GROUNDS`), in the page's
    scopes: JupyterLab's own success and info colours fail WCAG AA contrast with white."""
    rules = []
    for style, ground in BUTTON_GROUNDS.items():
        selectors = (
            f"{VOILA_PAGE} .jupyter-button.mod-{style}, .{LESSON_CLASS} .jupyter-button.mod-{style}"
        )
        rules.append(f"{selectors} {{\n  color: {BUTTON_INK};\n  background-color: {ground};\n}}\n")
    return (
        "\n/* The coloured buttons, from cardlab.render.theme (written by a11y.py). */\n"
        + "".join(rules)
    )


class CanvasLabel(widgets.HTML):
    """The accessible name and description of the canvas beside it in the same box, kept in a
    hidden element: ``<span data-described-by="...">what it shows</span>``."""

    label = traitlets.Unicode("")
    """What the picture shows, in a short phrase ("Triad table: your turn, 4 cards")."""
    described_by = traitlets.Unicode("")
    """The id of the element that says it all in words (a text version), or ""."""

    def __init__(self, label: str = "", described_by: str = "") -> None:
        super().__init__(layout=widgets.Layout(display="none"))
        self.add_class(NAME_CLASS)
        self.label, self.described_by = label, described_by
        self._write()

    @traitlets.observe("label", "described_by")
    def _changed(self, _change: dict) -> None:
        self._write()

    def _write(self) -> None:
        self.value = (
            f'<span data-described-by="{html.escape(self.described_by)}">'
            f"{html.escape(self.label)}</span>"
        )


class PageScript(anywidget.AnyWidget):
    """The page's front-end code and stylesheet (see the module), and what it reports."""

    _esm = "\n".join(path.read_text(encoding="utf-8") for path in (connection.ESM, SURFACES, ESM))
    _css = CSS.read_text(encoding="utf-8") + button_css()
    address = traitlets.Unicode("").tag(sync=True)
    """The page's address without its query (``origin + pathname``): where a shared link of
    the page points (reported with ``location``, before it)."""
    location = traitlets.Unicode("").tag(sync=True)
    """The page's query (``window.location.search``), as the browser reports it once a canvas is
    on the page (`cardlab.widgets.page` reads what a link asks for from it)."""
    target = traitlets.Unicode("").tag(sync=True)
    """A CSS class the page scrolls into view: the panel a link opened at."""
    lang = traitlets.Unicode("en").tag(sync=True)
    """The page's language: the document's ``lang``, so a screen reader speaks it as such."""
    goto = traitlets.Unicode("").tag(sync=True)
    """An address the page goes to: the same lesson in the language a learner picked."""
    skip_words = traitlets.Dict({}).tag(sync=True)
    """The skip links' words in the page's language (`skip_words`): a Voilà page gets, as its
    first stop for Tab, links to the table and to each section of the lesson."""
    upright = traitlets.Bool(False).tag(sync=True)
    """Whether the page is as narrow as a phone held upright (600 px or less, the stylesheet's
    phone width): tables then draw their portrait layout (`cardlab.render.portrait`)."""
    density = traitlets.Float(0.0).tag(sync=True)
    """Device pixels per pixel of a drawing (the screen's pixel ratio times the page's zoom), as
    the browser reports it; 0 until it has (`cardlab.widgets.canvas` draws at 2x meanwhile)."""
    remembered = traitlets.Unicode("").tag(sync=True)
    """The student's name as this browser remembers it (its local storage, this server's
    pages alike), reported with ``location``: asked once, it names the next pages' rows."""
    remember = traitlets.Unicode("").tag(sync=True)
    """A name the student gave: the browser keeps it (`remembered` from the next page on)."""
    keep_key = traitlets.Unicode("").tag(sync=True)
    """Under what the browser keeps this page (`cardlab.lessons.saved_page`): its address,
    class and student; the browser answers with what it kept there (`kept`)."""
    kept = traitlets.Dict({}).tag(sync=True)
    """What the browser kept under ``keep_key`` (``{"key": ..., "text": ...}``), reported once
    the key is named: the page as the learner left it."""
    keep = traitlets.Unicode("").tag(sync=True)
    """The page to keep under ``keep_key`` now ("" forgets it)."""
    kernel = traitlets.Unicode(_KERNEL).tag(sync=True)
    """This kernel's mark (`element_id`): the page script draws and reports only the canvases
    that carry it (JupyterLab shows several kernels' notebooks in one page)."""
    connection_words = traitlets.Dict({}).tag(sync=True)
    """The connection banner's words in the page's language (`cardlab.widgets.connection`),
    held by the page for when its kernel cannot be reached."""


def skip_words() -> dict[str, str]:
    """The words of the skip links, in the current language."""
    return {
        "nav": str(msg("Skip to")),
        "table": str(msg("The table")),
        "tables": str(msg("Table {number}", number="{number}")),
    }


_PAGE: list[PageScript] = []


def page_script() -> PageScript:
    """The kernel's one `PageScript` (a kernel serves one page, or one notebook in JupyterLab)."""
    if not _PAGE:
        script = PageScript()
        script.observe(lambda _: later(SETTLE_AFTER_S, settle_memory), names="address")
        script.on_msg(connection.answer)
        script.connection_words = connection.connection_words()  # until the page's language
        _PAGE.append(script)
    return _PAGE[0]


_FOLLOWERS: dict[str, weakref.WeakKeyDictionary[Any, Callable[[Any, Any], None]]] = {}
"""Per trait of the page script, who follows it and how (`follow_page`)."""


def follow_page(name: str, follower: Any, follow: Callable[[Any, Any], None]) -> None:
    """Call ``follow(follower, value)`` whenever the page reports a new ``name`` (its density, its
    width), for as long as ``follower`` lives: one observer of the page per trait, the followers
    held weakly, so a kernel that makes many views (a test run) never keeps them alive."""
    followers = _FOLLOWERS.get(name)
    if followers is None:
        followers = _FOLLOWERS[name] = weakref.WeakKeyDictionary()
        page_script().observe(lambda change: _tell(name, change["new"]), names=name)
    followers[follower] = follow


def unfollow_page(name: str, follower: Any) -> None:
    """``follower`` no longer follows the page's ``name`` (a page closed)."""
    _FOLLOWERS.get(name, {}).pop(follower, None)


def _tell(name: str, value: Any) -> None:
    for follower, follow in list(_FOLLOWERS[name].items()):
        follow(follower, value)
