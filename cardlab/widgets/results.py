"""`ResultsLink`: "Download my results", the CSV a student hands in (`cardlab.core.results`).

The file is built in the kernel and handed to the browser as a ``data:`` link with a
``download`` name, so no server route and no JavaScript is needed: the link is an ordinary
``<a>``, which a keyboard reaches with Tab and opens with Enter.
"""

from __future__ import annotations

import html
from urllib.parse import quote

import ipywidgets as widgets

from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.results import Result, write_results


def what(kind: str, count: int) -> Message:
    """``count`` rows of ``kind`` in words: "3 finished hands or deals", "1 answer"."""
    if kind == "quiz":
        return msgn("{count} answer", "{count} answers", count)
    return msgn("{count} finished hand or deal", "{count} finished hands or deals", count)


class ResultsLink:
    """A download link for a table's or a quiz's (``kind``) ``results`` (one row per finished
    hand or deal, or per answered question), rewritten whenever a row is added; ``widget`` goes
    on the page."""

    def __init__(self, lesson: str, kind: str = "table") -> None:
        self.kind = kind
        self.filename = f"cardlab-{lesson}-results.csv"
        self.results: list[Result] = []
        self.widget = widgets.HTML()
        self.widget.add_class("cardlab-results")
        self._show()

    def add(self, *results: Result) -> None:
        if results:
            self.results.extend(results)
            self._show()

    @property
    def text(self) -> str:
        """The CSV text the link downloads."""
        return write_results(self.results)

    def _show(self) -> None:
        so_far = msg(
            "(a CSV file to hand in: {rows} so far)", rows=what(self.kind, len(self.results))
        )
        href = "data:text/csv;charset=utf-8," + quote(self.text, safe="")
        download = html.escape(str(msg("Download my results")))
        self.widget.value = (
            f'<a class="cardlab-results-link" download="{html.escape(self.filename)}" '
            f'href="{href}">{download}</a> '
            f"<small>{html.escape(str(so_far))}</small>"
        )
