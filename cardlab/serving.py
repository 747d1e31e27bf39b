"""Code that runs inside the Voilà server started by ``cardlab serve`` (never in a kernel).

Closing or reloading a lesson page must shut its kernel down at once.  Voilà's page asks for it:
on ``beforeunload`` it sends ``POST voila/api/shutdown/<kernel id>`` (``navigator.sendBeacon``)
with one form field, ``_xsrf``, copied from the page's ``_xsrf`` cookie.  But nothing sets that
cookie on a rendered notebook: tornado sets it only when a handler reads ``xsrf_token``, which
Voilà's tree page does and its render page does not.  The field goes out empty and the server
refuses the shutdown with 403 ("'_xsrf' argument missing from POST", voila issue #1458), so the
kernel ran on until culling.

`XsrfCookieIdentityProvider` is Voilà's identity provider plus that one missing step: a page
request gets the ``_xsrf`` cookie.  It is plugged in with ``--Voila.identity_provider_class``, a
documented jupyter_server setting, so Voilà itself is not patched, and the XSRF check stays on
(``disable_check_xsrf`` would also let the beacon through, but would accept cross-site POSTs).
Because it runs in the handler's ``prepare``, it works for pages served from a preheated kernel
too, whose HTML was rendered before any request.
"""

from __future__ import annotations

from collections.abc import Awaitable

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from tornado import web


class XsrfCookieIdentityProvider(PasswordIdentityProvider):
    """Who the user is, as before; and every page request leaves with the ``_xsrf`` cookie."""

    async def get_user(self, handler: web.RequestHandler) -> User | None:
        user = super().get_user(handler)
        if isinstance(user, Awaitable):
            user = await user
        if user is not None and handler.request.method == "GET":
            # tornado's xsrf_token reads current_user (prepare sets it right after this returns)
            # and sets the cookie only when the browser has none.
            handler.current_user = user
            _ = handler.xsrf_token
        return user
