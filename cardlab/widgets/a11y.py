"""`CanvasLabel`: what a screen reader and a keyboard need from an ipycanvas canvas.

An ipycanvas canvas is a bare ``<canvas>`` in the page: no role, no name, and it cancels every
key pressed on it (it forwards keys to Python), so Tab never leaves a focused canvas.  Python
cannot set a DOM attribute on another widget's element, so a tiny front-end widget
(`anywidget`, no build step, nothing fetched) sits beside each canvas in one box and:

- gives the canvas ``role="img"``, ``aria-label`` (what it shows) and ``aria-describedby`` (the
  id of its text version, when it has one), kept current as Python changes them;
- takes the canvas out of the Tab order (every action on it has a button of its own);
- lets Tab, Shift+Tab and Escape through to the browser on every canvas of the page (one
  listener per page, before the canvas sees the key), so focus always moves on;
- names every slider handle after its widget's label (ipywidgets leaves the handle nameless).

Its stylesheet (`CSS`) comes with it: the page's zoom on a projector, fitting a phone, disabled
controls that look disabled, a visible focus ring, and lesson text that never scrolls inside
itself.

`CanvasView` builds one for its canvas; lessons give it words with ``CanvasView.describe``.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import anywidget
import traitlets

_IDS = itertools.count(1)


def element_id(prefix: str) -> str:
    """A fresh DOM id (unique in the kernel, so in its page) for an element a canvas names."""
    return f"{prefix}-{next(_IDS)}"


HERE = Path(__file__).parent
ESM = HERE / "a11y.js"
"""The front-end half: role, name, description and Tab for the canvas beside it."""
CSS = HERE / "a11y.css"
"""The page's stylesheet: zoom on a projector, fit on a phone, disabled controls that look it."""


class CanvasLabel(anywidget.AnyWidget):
    """The accessible name and description of the canvas beside it in the same box."""

    _esm = ESM
    _css = CSS
    label = traitlets.Unicode("").tag(sync=True)
    """What the picture shows, in a short phrase ("Triad table: your turn, 4 cards")."""
    described_by = traitlets.Unicode("").tag(sync=True)
    """The id of the element that says it all in words (a text version), or ""."""
    location = traitlets.Unicode("").tag(sync=True)
    """The page's query (``window.location.search``), as the browser reports it once the canvas
    is on the page (`cardlab.widgets.page` reads what a link asks for from it)."""
