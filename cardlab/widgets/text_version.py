"""Text versions of lesson pictures: what a canvas shows, in words on the page.

A lesson's teaching content is never only in pixels: where a picture carries content the page's
text does not already say (worked examples, their descriptions, a dealt position), the view puts
a `TextVersion` beside the canvas, filled from the same data the picture is drawn from, and the
canvas names it (``aria-describedby``) through `describe`.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.widgets.a11y import element_id
from cardlab.widgets.canvas import CanvasView


class TextVersion:
    """An HTML section with a fresh id that a canvas names as its description."""

    def __init__(self, title: object, body: str = "") -> None:
        self.title = str(title)
        self.element_id = element_id("cardlab-words")
        self.widget = widgets.HTML()
        self.widget.add_class("cardlab-text-version")
        self.show(body)

    def show(self, body: str) -> None:
        """Replace the words (``body`` is HTML: escape what it quotes)."""
        self.body = body
        self.widget.value = (
            f'<section class="cardlab-words" id="{self.element_id}" '
            f'aria-label="{html.escape(self.title)}">{body}</section>'
        )

    @property
    def value(self) -> str:
        """The section's HTML, as an HTML widget's ``value`` reads."""
        return self.widget.value

    def _repr_mimebundle_(self, **kwargs: object) -> object:
        return self.widget._repr_mimebundle_(**kwargs)


def describe(view: CanvasView, label: str, words: TextVersion | None = None) -> None:
    """Name the picture on ``view`` and link it to ``words``, its text version (if any)."""
    view.describe(label, words.element_id if words is not None else None)
