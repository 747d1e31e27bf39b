"""`ResultsLink`: "Download my results", the CSV a student hands in (`cardlab.core.results`).

The file is built in the kernel and handed to the browser as a ``data:`` link with a
``download`` name, so no server route and no JavaScript is needed: the link is an ordinary
``<a>``, which a keyboard reaches with Tab and opens with Enter.
"""

from __future__ import annotations

import html
from urllib.parse import quote

import ipywidgets as widgets

from cardlab.core.results import Result, write_results

WHAT = {
    "table": ("finished hand or deal", "finished hands or deals"),
    "quiz": ("answer", "answers"),
}
"""What a row of each kind is, in words (one, many)."""


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
        n = len(self.results)
        one, many = WHAT[self.kind]
        what = f"{n} {one if n == 1 else many}"
        href = "data:text/csv;charset=utf-8," + quote(self.text, safe="")
        self.widget.value = (
            f'<a class="cardlab-results-link" download="{html.escape(self.filename)}" '
            f'href="{href}">Download my results</a> '
            f"<small>(a CSV file to hand in: {what} so far)</small>"
        )
