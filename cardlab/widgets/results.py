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


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


class ResultsLink:
    """A download link for ``results`` (one row per finished hand or deal and per answered
    question), rewritten whenever a row is added; ``widget`` goes on the page."""

    def __init__(self, lesson: str) -> None:
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
        tables = sum(r.kind == "table" for r in self.results)
        answers = len(self.results) - tables
        what = f"{plural(tables, 'finished hand or deal')} and {plural(answers, 'answer')}"
        href = "data:text/csv;charset=utf-8," + quote(self.text, safe="")
        self.widget.value = (
            f'<a class="cardlab-results-link" download="{html.escape(self.filename)}" '
            f'href="{href}">Download my results</a> '
            f"<small>(a CSV file to hand in: {what} so far)</small>"
        )
