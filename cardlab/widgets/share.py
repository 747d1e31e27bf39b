"""`ShareBox`: "Share this position" under a stepped deal or a table: the link, a Copy button
and the link as a QR code a projector can show to a room of phones.

A link to this computer's loopback (``127.0.0.1``, ``localhost``: the lessons served for one
learner) opens only here, so the box says so under it, and how to serve a class instead.

The link is made when the button is pressed (the position changes with every step); the QR
code is `segno`'s SVG, black on white whatever the theme (a camera reads dark on light best),
scaled to the column so it fits a phone.  Copying happens in the browser (`a11y.js`: only a
click's own handler may write to the clipboard); where the browser refuses, the link is
selected for Ctrl+C.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from urllib.parse import urlsplit

import ipywidgets as widgets

from cardlab.core.i18n import msg
from cardlab.links import is_loopback, qr_svg
from cardlab.widgets.guard import Status, guarded

SHARE, HIDE = msg("Share this position"), msg("Hide the link")
"""The button's two faces (read in the page's language)."""
QR_WIDTH = "min(100%, 320px)"


def qr_html(link: str) -> str:
    """``link`` as a QR code, an inline SVG that scales to its box, named for screen readers."""
    svg = qr_svg(link)
    name = html.escape(str(msg("The link as a QR code: point a phone's camera at it")))
    style = f"width: {QR_WIDTH}"
    return f'<div class="cardlab-qr" role="img" aria-label="{name}" style="{style}">{svg}</div>'


def only_here_html(host: str) -> str:
    """The note under a link to this computer's loopback ``host``: it opens nowhere else."""
    note = msg(
        "This link opens only on this computer ({host}): other devices cannot reach that "
        "address. To share with a class, serve the lessons with {command}.",
        host=host,
        command="cardlab serve --classroom",
    )
    return f'<p role="note">{html.escape(str(note))}</p>'


class ShareBox(widgets.VBox):
    """A button that shows (and hides) the link to the position ``link()`` names, with a Copy
    button and its QR code.  Those are made at the first press: a page with two positions loads
    some thirty widget models fewer, and most students never share."""

    field: widgets.HTML
    copy: widgets.Button
    qr: widgets.HTML

    def __init__(self, link: Callable[[], str], status: Status) -> None:
        self.link = link
        self.status = status
        self.button = widgets.Button(
            description=str(SHARE),
            tooltip=str(msg("A link that opens this lesson at exactly this position")),
        )
        self.button.add_class("cardlab-share-button")
        self.button.layout.width = "auto"
        self.button.on_click(guarded(status, lambda _: self.toggle()))
        self.details: widgets.VBox | None = None
        self._address = ""
        super().__init__([self.button], layout=widgets.Layout(align_items="flex-start"))
        self.add_class("cardlab-share")

    @property
    def shown(self) -> bool:
        return self.details is not None and self.details.layout.display != "none"

    def _build(self) -> widgets.VBox:
        """The link's field, Copy and the QR code, under the button."""
        self.field = widgets.HTML()
        self.copy = widgets.Button(
            description=str(msg("Copy link")), tooltip=str(msg("Copy the link"))
        )
        self.copy.add_class("cardlab-copy")
        self.copy.layout.width = "auto"
        self.copy.on_click(guarded(self.status, lambda _: self.copied()))
        self.qr = widgets.HTML()
        self.only_here = widgets.HTML()
        self.only_here.add_class("cardlab-only-here")
        row = widgets.HBox([self.field, self.copy], layout=widgets.Layout(flex_flow="row wrap"))
        self.details = widgets.VBox(
            [row, self.only_here, self.qr], layout=widgets.Layout(display="none")
        )
        self.children = (self.button, self.details)
        return self.details

    @property
    def address(self) -> str:
        """The link now shown ("" while hidden)."""
        return self._address if self.shown else ""

    def toggle(self) -> None:
        """Show the link to the position as it is now, or hide it."""
        details = self.details if self.details is not None else self._build()
        if self.shown:
            details.layout.display = "none"
            self.button.description = str(SHARE)
            return
        self.refresh()
        details.layout.display = None
        self.button.description = str(HIDE)

    def refresh(self) -> None:
        """Make the link (and its QR code) for the position as it is now."""
        if self.details is None:
            self._build()
        self._address = self.link()
        name = html.escape(str(msg("Link to this position")))
        self.field.value = (
            f'<input class="cardlab-link" type="text" readonly aria-label="{name}" '
            f'value="{html.escape(self._address)}" style="width: min(36em, 80vw)">'
        )
        self.qr.value = qr_html(self._address)
        host = urlsplit(self._address).hostname or ""
        self.only_here.value = only_here_html(host) if is_loopback(host) else ""

    def copied(self) -> None:
        """The browser copied the link (`a11y.js`); say so, and how to copy it by hand."""
        self.status.ok(
            str(msg("Link copied (if the browser refused, it is selected: press Ctrl+C)."))
        )
