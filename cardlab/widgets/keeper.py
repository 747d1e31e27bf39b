"""`Keeper`: the lesson page kept in the browser as the learner leaves it, and brought back.

The browser keeps the page (`cardlab.lessons.saved_page`: signed, bounded) under a key the
kernel names once it knows the page's address, class and student (the page script's
``keep_key``), and answers with what it kept there (``kept``).  The first answer of a page is
brought back (`LessonPage.bring_back`); only then does the keeper write, so a page never
overwrites what it has not read.  It writes soon after each change (a press's picture, a rule,
a row), off the press's path, and only what changed.

A class page (a class code and a student's name) is kept in the class record too
(`cardlab.record.rows.KeptPage`, by the kernel's writer, off the press's path): a browser that
has nothing for it (another device, a private window, storage cleared) gets it from there.
"""

from __future__ import annotations

import dataclasses
import os
from typing import TYPE_CHECKING, Any

from cardlab.lessons.page_state import PageState
from cardlab.lessons.saved_page import account_key, encode
from cardlab.record import OFF, URL_ENV
from cardlab.record.rows import KeptPage
from cardlab.record.writer import class_record, open_sink
from cardlab.widgets.a11y import follow_page, page_script, unfollow_page
from cardlab.widgets.later import later
from cardlab.widgets.page import page_address

if TYPE_CHECKING:
    from cardlab.widgets.lesson_page import LessonPage

KEEP_AFTER_S = 0.3
"""How long after a change the page is kept: after the press's own messages, and once for a
burst of changes (a bot's moves)."""


class Keeper:
    """Keeps ``page`` (see the module)."""

    def __init__(self, page: LessonPage) -> None:
        self.page = page
        self.key = ""
        self.answered = False
        """Whether the browser has said what it kept for this page (brought back, or none)."""
        self.sent = ""
        self.record: KeptPage | None = None
        """The page's class, student and lesson in the class record (None: not a class
        page)."""
        self._due = False
        follow_page("kept", self, Keeper._kept)

    def name(self, state: PageState) -> None:
        """The page's state changed: the key the page is kept under (its address, class and
        student), told to the browser if it is new."""
        address = page_address()
        if not address:
            return  # the page has not reported itself yet
        key = "|".join((address, state.class_code, state.student))
        if key != self.key:
            self.key = key
            names = (state.class_code, state.student, self.page.lesson)
            self.record = KeptPage(*names, "") if all(names) else None
            page_script().keep_key = key  # the browser answers with what it kept (`_kept`)

    def _kept(self, reported: Any) -> None:
        """The browser's answer: the page as it was left, brought back once."""
        if self.answered or not isinstance(reported, dict) or reported.get("key") != self.key:
            return
        self.answered = True
        text = reported.get("text")
        if not (isinstance(text, str) and text) and self.record is not None:
            text = recorded_page(self.record)
        if isinstance(text, str) and text:
            self.page.bring_back(text)
        self.due()

    def due(self) -> None:
        """The page changed: keep it soon."""
        if not self.answered or self._due:
            return
        self._due = True
        if not later(KEEP_AFTER_S, self.keep):
            self.keep()

    def keep(self) -> None:
        """Send the page to the browser to keep, if it changed since last sent."""
        self._due = False
        text = encode(self.page.kept_page(), account_key())
        if text != self.sent:
            self.sent = text
            page_script().keep = text
            self._record(text)

    def forget(self) -> None:
        """Have the browser forget the page ("Start again")."""
        self.answered = False  # nothing is kept again until the next page's answer
        self.sent = ""
        page_script().keep = ""
        self._record("")

    def _record(self, text: str) -> None:
        """Keep ``text`` in the class record too, for a class page."""
        if self.record is not None:
            class_record().keep(dataclasses.replace(self.record, text=text))

    def close(self) -> None:
        """Keep nothing more, and hear the browser no more (the page closed)."""
        unfollow_page("kept", self)
        self.answered = False


def recorded_page(question: KeptPage) -> str:
    """The page the class record keeps for ``question``'s class, student and lesson; "" for
    none, with the class record off, or when it cannot say soon (the page starts fresh)."""
    if os.environ.get(URL_ENV, "").strip() == OFF:
        return ""
    try:
        sink = open_sink(None)
        try:
            return sink.kept(question)
        finally:
            sink.close()
    except Exception:  # a store down or slow: the page opens fresh, as with nothing kept
        return ""
