"""`PlainErrors`: a handler's refusals as one line of plain text, with the reason it gave.

Tornado's own error page says only the status ("Forbidden").  The class service's teacher and a
kernel posting rows (whose writer passes the line on to the teacher's class view) need to know
why: a code mistyped, a student sent away, a store that is down."""

from __future__ import annotations

from typing import Any

from tornado import web


class PlainErrors(web.RequestHandler):
    """A handler's base, after any mixin (the hub's login): ``HTTPError(status, reason)``
    answers ``status: reason``."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        error = kwargs.get("exc_info", (None, None, None))[1]
        reason = getattr(error, "log_message", None) or self._reason
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish(f"{status_code}: {reason}\n")
