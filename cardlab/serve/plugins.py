"""Code that runs inside the Voilà server started by ``cardlab serve`` (never in a kernel).

Closing or reloading a lesson page must shut its kernel down at once.  Voilà's page asks for it:
on ``beforeunload`` it sends ``POST voila/api/shutdown/<kernel id>`` (``navigator.sendBeacon``)
with one form field, ``_xsrf``, copied from the page's ``_xsrf`` cookie.  But nothing sets that
cookie on a rendered notebook: tornado sets it only when a handler reads ``xsrf_token``, which
Voilà's tree page does and its render page does not.  The field goes out empty and the server
refuses the shutdown with 403 ("'_xsrf' argument missing from POST", voila issue #1458), so the
kernel ran on until culling.

`PageIdentityProvider` is Voilà's identity provider plus that one missing step: a page
request gets the ``_xsrf`` cookie.  It is plugged in with ``--Voila.identity_provider_class``, a
documented jupyter_server setting, so Voilà itself is not patched, and the XSRF check stays on
(``disable_check_xsrf`` would also let the beacon through, but would accept cross-site POSTs).
Because it runs in the handler's ``prepare``, it works for pages served from a preheated kernel
too, whose HTML was rendered before any request.

Being the first code every request meets, it also keeps two kinds of hostile address away from
Voilà (`guard_request`):

* **Voilà's own query parameters** (`VOILA_QUERY`).  Voilà's lab template wrote ``?theme=``
  unescaped into the page's ``<body>``, a reflected script injection.  ``cardlab serve`` turns
  the theme and template overrides off (`cardlab.serve.cli.voila_command`), so the values change
  nothing; but Voilà still compares them with its preheated page and serves any request that
  carries one from a fresh kernel (3 s instead of none).  They are taken out of the request's
  arguments, so every link is served from the pool; the kernel still sees the whole query.
* **A path with a control character** (``/voila/render/triad.ipynb%00.png``): Voilà redirects a
  non-notebook file to ``voila/files/`` and tornado refuses the NUL in the ``Location`` header,
  an uncaught error (500).  No lesson's file has one in its name: such a path answers 404.

A classroom (``cardlab serve --classroom``) has two tokens: Jupyter's own, the students', and the
teacher's (``teacher_token``), which logs the browser in as `TEACHER` and alone opens the
teacher's pages (`cardlab.serve.app`).
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Awaitable
from urllib.parse import unquote

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from tornado import httputil, web
from traitlets import Unicode

VOILA_QUERY = ("theme", "template")
"""The query parameters Voilà reads itself; cardlab's links never use these names."""

_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def guard_request(request: httputil.HTTPServerRequest) -> None:
    """Refuses a path holding a control character (404) and drops Voilà's own query parameters
    from the request's arguments (the module's docstring says why)."""
    if _CONTROL.search(unquote(request.path)):
        raise web.HTTPError(404)
    for name in VOILA_QUERY:
        request.arguments.pop(name, None)
        request.query_arguments.pop(name, None)


TEACHER = "teacher"
"""The user name of a browser that logged in with the teacher's token."""


class PageIdentityProvider(PasswordIdentityProvider):
    """Who the user is, as before, once `guard_request` let the request through; and every page
    request leaves with the ``_xsrf`` cookie."""

    teacher_token = Unicode("", config=True, help="The token of the teacher's pages; '': none")

    async def get_user_token(self, handler: web.RequestHandler) -> User | None:
        """The teacher's token logs in as `TEACHER` (a cookie keeps it, as for the students')."""
        given = (self.get_token(handler) or "").encode()
        if self.teacher_token and hmac.compare_digest(given, self.teacher_token.encode()):
            handler._token_authenticated = True  # type: ignore[attr-defined]
            return User(TEACHER, TEACHER, TEACHER)
        return await super().get_user_token(handler)

    @property
    def auth_enabled(self) -> bool:
        return bool(self.teacher_token) or super().auth_enabled

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        user = super().get_user(handler)
        if isinstance(user, Awaitable):
            user = await user
        # Set before prepare would set it, right after this returns: the error page of a refused
        # request reads it, and tornado's xsrf_token too (it sets the cookie only when the
        # browser has none).
        handler.current_user = user
        guard_request(handler.request)
        if user is not None and handler.request.method == "GET":
            _ = handler.xsrf_token
        return user
