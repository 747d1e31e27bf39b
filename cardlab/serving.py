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

`PoolSafeKernelManager` closes a race between the pool and culling.  Voilà spares a preheated
kernel from culling only while it sits in its pool; one that waited there longer than the cull
timeout (a lesson nobody opened for five minutes) is, the moment a page takes it, an idle kernel
with no connection, and a cull check falling before the page's websocket connects shut it down:
the page opened with no lesson (seen in CI, "Culling 'idle' kernel ... 640 seconds" right after
"Using pre-heated kernel").  It is Voilà's kernel manager base class
(``--VoilaConfiguration.multi_kernel_manager_class``), so Voilà's pool is built on it unpatched.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
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


class PoolSafeKernelManager(AsyncMappingKernelManager):
    """Culls a kernel only once it has been out of any pool for a whole ``cull_idle_timeout``.

    Voilà's pooled manager answers the cull checks of pooled kernels itself and passes only the
    others here, so the first check that reaches this class for a kernel marks when it left its
    pool (or, for a kernel started on request, when it started): idleness counts from then."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._checked_since: dict[str, float] = {}

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        since = self._checked_since.setdefault(kernel_id, time.monotonic())
        if time.monotonic() - since >= self.cull_idle_timeout:
            await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):
        self._checked_since.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)
