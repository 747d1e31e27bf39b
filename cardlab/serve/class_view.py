"""The teacher's class view: the class record (`cardlab.record`) as a page, live, with its rows
as CSV.  It has two doors, one page (`show_class`):

* ``/cardlab/class`` (`cardlab.serve.room.CLASS_PATH`) on `cardlab serve`'s server
  (`ClassViewHandler`): only the teacher opens it, a browser logged in with the teacher's token,
  or one on the serving computer itself (loopback, which no student's device is);
* ``/services/class/`` behind a JupyterHub (`cardlab.serve.class_service`), where the hub's own
  login and roles say who is a teacher.

The page shows the class ``?code=`` (default: the class the server deals) and fetches itself
again every `REFRESH_S` seconds (``?part=1``: the summary alone), so what the students finish
shows within seconds; ``?csv=1`` downloads every row.  The store is read off the server's event
loop, and a store that cannot be read is said on the page, which keeps trying.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from jupyter_server.base.handlers import JupyterHandler
from tornado import web

from cardlab.core.classdeals import check_class_code
from cardlab.core.i18n import SOURCE, Message, msg, msgn, using_language
from cardlab.record import error_line
from cardlab.record.trouble import Trouble, read_notes
from cardlab.serve.capacity import is_local
from cardlab.serve.plugins import TEACHER
from cardlab.serve.templates import PAGES

REFRESH_S = 3
"""How often the page fetches the class again (the issue's "live": within 5 s)."""


def _words() -> dict[str, str]:
    """The page's words in the current language."""
    return {
        "title": str(msg("The class")),
        "code_label": str(msg("Class code")),
        "show": str(msg("Show")),
        "students": str(msg("Students")),
        "student": str(msg("Student")),
        "lesson": str(msg("Lesson")),
        "last": str(msg("Last row")),
        "played": str(msg("Hands played")),
        "answered": str(msg("Answers")),
        "right": str(msg("Right")),
        "ranking": str(msg("Ranking")),
        "ranking_how": str(
            msg(
                "Matchpoints, as in duplicate bridge: on each class deal a student scores 1 for "
                "each classmate who scored less and 1/2 for each tie; the share of the points "
                "there were to win ranks the class."
            )
        ),
        "place": str(msg("Place")),
        "points": str(msg("Points")),
        "share": str(msg("Share")),
        "deals": str(msg("Deals")),
        "deal": str(msg("Class deal")),
        "score": str(msg("Score")),
        "questions": str(msg("Questions")),
        "question": str(msg("Question")),
        "wrong": str(msg("Most common wrong answer")),
        "none": str(msg("No rows yet: they appear here as the students finish hands and answer.")),
        "csv": str(msg("Download every row (CSV)")),
        "updated": str(msg("Updated")),
    }


class ClassViewHandler(JupyterHandler):
    """The class view on `cardlab serve`'s server (see the module)."""

    @web.authenticated
    async def get(self) -> None:
        teacher = getattr(self.current_user, "username", None) == TEACHER
        if not teacher and not is_local(self.request.remote_ip or ""):
            raise web.HTTPError(403, "the class view needs the teacher's token")
        await show_class(
            self,
            self.settings.get("cardlab_lang", SOURCE),
            self.settings.get("cardlab_class_code", ""),
        )


async def show_class(handler: web.RequestHandler, lang: str, default_code: str = "") -> None:
    """Answer ``handler``'s GET, once it has decided the teacher may see it: class ``?code=``
    (else ``default_code``) as the page, its part alone (``?part=1``) or every row as CSV
    (``?csv=1``).  Both doors to the view call it, `ClassViewHandler` here and the hub's
    service (`cardlab.serve.class_service`), so the two pages never drift apart."""
    given = handler.get_argument("code", "") or default_code
    if not given:
        raise web.HTTPError(400, "no class code: add ?code=CODE to the address")
    try:
        code = check_class_code(given)
    except ValueError as exc:
        with using_language(lang):
            reason = str(exc)
        raise web.HTTPError(400, reason) from None
    handler.set_header("Cache-Control", "no-store")
    loop = asyncio.get_running_loop()
    try:
        records = await loop.run_in_executor(None, _rows, code)
        problem = ""
    except Exception as error:
        records, problem = [], error_line(error)
    if handler.get_argument("csv", ""):
        from cardlab.record.summary import export_csv

        handler.set_header("Content-Type", "text/csv; charset=utf-8")
        handler.set_header("Content-Disposition", f'attachment; filename="class-{code}.csv"')
        handler.finish(export_csv(records))
        return
    from cardlab.record.summary import summary

    trouble = await loop.run_in_executor(None, read_notes)
    with using_language(lang):
        words = _words()
        problems = [str(said) for said in _problems(problem, trouble)]
    page = PAGES.get_template(
        "class_part.html" if handler.get_argument("part", "") else "class.html"
    )
    now = time.strftime("%H:%M:%S UTC", time.gmtime())
    handler.finish(
        page.render(lang=lang, code=code, view=summary(code, records), problems=problems,
                    refresh=REFRESH_S, now=now, **words)
    )  # fmt: skip


def _problems(reading: str, trouble: Trouble) -> list[Message]:
    """What the teacher must know of the record itself: it cannot be read (``reading``: why),
    rows wait in the students' kernels, rows were left by pages that closed (`read_notes`)."""
    said = []
    if reading:
        said.append(
            msg("The class record cannot be read now ({error}); trying again.", error=reading)
        )
    if trouble.kernels:
        said.append(
            msgn(
                "{count} row waits to be stored ({error}); it is tried again every 30 s at most.",
                "{count} rows wait to be stored ({error}); they are tried again every 30 s at "
                "most.",
                trouble.waiting,
                error=trouble.error,
            )
        )
    if trouble.lost_kernels:
        said.append(
            msgn(
                "{count} row of a page that closed could not be stored: it is only in that "
                "student's own file (Download my results).",
                "{count} rows of pages that closed could not be stored: they are only in those "
                "students' own files (Download my results).",
                trouble.lost,
            )
        )
    return said


def _rows(code: str) -> list[Any]:
    """The class's rows from the process's one store (`shared_store`, opened in a worker
    thread: the database library loads there, off the server's event loop)."""
    from cardlab.record.store import shared_store

    return shared_store().rows(code)
