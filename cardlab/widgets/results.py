"""`ResultsLink`: "Download my results", the CSV a student hands in (`cardlab.core.results`).

The file is built in the kernel and handed to the browser as a ``data:`` link with a
``download`` name, so no server route and no JavaScript is needed: the link is an ordinary
``<a>``, which a keyboard reaches with Tab and opens with Enter.

A ``data:`` link carries its whole file, and the page re-sends it with every row added, so a
long class (500 Dou Dizhu deals made a 48-151 KB link) would cost more with every deal.  So a
link holds at most `MAX_LINK` characters: once the rows outgrow one link they are split into
files (parts) of whole rows, each a complete CSV with its header; the link holds the newest
part, and a chooser beside it, shown from the second part on, switches the link to any earlier
one.  Every row stays in the kernel and in exactly one part: nothing is dropped.
"""

from __future__ import annotations

import dataclasses
import html
from urllib.parse import quote

import ipywidgets as widgets

from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.results import BOM, Result, write_results
from cardlab.record.rows import Record
from cardlab.record.writer import class_record

MAX_LINK = 32_000
"""The most characters of one download link's ``href`` (a part of at least one row: a single
row longer than that alone, which no game's moves come near, gets a part of its own)."""
PREFIX = "data:text/csv;charset=utf-8,"


def what(kind: str, count: int) -> Message:
    """``count`` rows of ``kind`` in words: "3 finished hands or deals", "1 answer"."""
    if kind == "quiz":
        return msgn("{count} answer", "{count} answers", count)
    return msgn("{count} finished hand or deal", "{count} finished hands or deals", count)


def encoded(text: str) -> int:
    """The characters ``text`` takes in a ``data:`` link."""
    return len(quote(text, safe=""))


class ResultsLink:
    """A download link for a table's or a quiz's (``kind``) ``results`` (one row per finished
    hand or deal, or per answered question), rewritten whenever a row is added; ``widget`` goes
    on the page (``link``, and ``part``: the chooser of a file once there are several)."""

    def __init__(self, lesson: str, kind: str = "table") -> None:
        self.kind = kind
        self.lesson = lesson
        self.results: list[Result] = []
        self.records: list[Record] = []
        """The rows as the class record keeps them (who, when, a key), one per result: the
        page keeps them in the browser (`cardlab.widgets.keeper`)."""
        self.starts: list[int] = [0]
        """The first row of each part."""
        self._size = PREFIX_SIZE  # the newest part's link so far
        self._unnamed: list[Record] = []
        """A class's rows finished before the page had the student's name: they go to the class
        record once it has one (`named`), so the teacher never gets a row that names nobody."""
        self.link = widgets.HTML()
        self.link.add_class("cardlab-results")
        self.part = widgets.Dropdown(
            options=[1], value=1, description=str(msg("File")), layout={"display": "none"}
        )
        self.part.add_class("cardlab-results-part")
        self.part.observe(lambda _: self._show(), names="value")
        self.widget = widgets.VBox([self.link, self.part])
        self._show()

    @property
    def filename(self) -> str:
        """The shown part's file name (a number from the second part on)."""
        if len(self.starts) == 1:
            return f"cardlab-{self.lesson}-results.csv"
        return f"cardlab-{self.lesson}-results-{self.part.value}.csv"

    def add(self, *results: Result, student: str = "") -> None:
        """Rows for the student's file; those of a class go to the class record too, naming
        ``student`` (`cardlab.record.writer`: off the press's path)."""
        if not results:
            return
        records = [Record.now(result, student, self.lesson) for result in results]
        for record in records:
            self._to_class(record)
        self._append(records)

    def bring_back(self, records: tuple[Record, ...], student: str) -> None:
        """The rows of a page kept in the browser, in place of these: those of a class go to
        the class record again (a row it has, by its key, is kept once: a row a kernel that
        died had not stored yet is stored now), named ``student`` if they had no name."""
        self.results, self.records, self.starts = [], [], [0]
        self._size, self._unnamed = PREFIX_SIZE, []
        for record in records:
            self._to_class(record)
        self._append(list(records))
        self.named(student)

    def _to_class(self, record: Record) -> None:
        if record.result.class_code:
            if record.student:
                class_record().put(record)
            else:
                self._unnamed.append(record)

    def _append(self, records: list[Record]) -> None:
        for record in records:
            result = record.result
            size = encoded(write_results([result]).removeprefix(BOM).split("\r\n", 1)[1])
            if self._size + size > MAX_LINK and len(self.results) > self.starts[-1]:
                self.starts.append(len(self.results))
                self._size = PREFIX_SIZE
            self.results.append(result)
            self.records.append(record)
            self._size += size
        parts = list(range(1, len(self.starts) + 1))
        if list(self.part.options) != parts:
            self.part.options = parts
            self.part.layout.display = None if len(parts) > 1 else "none"
        if self.part.value != parts[-1]:
            self.part.value = parts[-1]  # shows it
        else:
            self._show()

    def named(self, student: str) -> None:
        """The page has the student's name now (``student``, "" for none yet): the class's rows
        finished without one go to the class record under it, each with the time it was
        finished."""
        if not student or not self._unnamed:
            return
        held, self._unnamed = self._unnamed, []
        renamed = {r.key: dataclasses.replace(r, student=student) for r in held}
        self.records = [renamed.get(r.key, r) for r in self.records]
        for record in renamed.values():
            class_record().put(record)

    def rows(self, part: int) -> list[Result]:
        """The rows of file ``part`` (from 1)."""
        ends = [*self.starts[1:], len(self.results)]
        return self.results[self.starts[part - 1] : ends[part - 1]]

    @property
    def text(self) -> str:
        """The CSV text the link downloads now (the chosen file)."""
        return write_results(self.rows(self.part.value))

    def _show(self) -> None:
        count = what(self.kind, len(self.results))
        if len(self.starts) == 1:
            so_far = msg("(a CSV file to hand in: {rows} so far)", rows=count)
        else:
            first = self.starts[self.part.value - 1] + 1
            shown = self.rows(self.part.value)
            so_far = msgn(
                "({rows} so far, too many for one link: hand in all {count} file; this link is "
                "file {file}, rows {first}-{last}, choose another file below)",
                "({rows} so far, too many for one link: hand in all {count} files; this link is "
                "file {file}, rows {first}-{last}, choose another file below)",
                len(self.starts),
                rows=count,
                file=self.part.value,
                first=first,
                last=first + len(shown) - 1,
            )
        href = PREFIX + quote(self.text, safe="")
        download = html.escape(str(msg("Download my results")))
        self.link.value = (
            f'<a class="cardlab-results-link" download="{html.escape(self.filename)}" '
            f'href="{href}">{download}</a> '
            f"<small>{html.escape(str(so_far))}</small>"
        )


PREFIX_SIZE = len(PREFIX) + encoded(write_results([]))
"""A link with the header row and no result."""
