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

`PacedKernelManager` keeps kernel start-ups from crowding out the students.  When a class opens
its lessons together, each page takes a preheated kernel and Voilà refills the pool at once: 30
kernels booting together (about 2 CPU-seconds each: Python, ipykernel, the widgets) take every
core exactly when 30 pages are being served.  Started one after another on half the cores, they
leave the other half to the pages and the clicks, and refill the pool in the same total time.
It is plugged in with ``--VoilaConfiguration.multi_kernel_manager_class``; Voilà's pooling
manager is built on top of it.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable

from jupyter_server.auth.identity import PasswordIdentityProvider, User
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado import web
from traitlets import Integer, default


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


class PacedKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager, with at most `concurrent_starts` kernels booting at a time.

    A start holds its place until the kernel answers (its imports done), so the pacing covers the
    costly part of a start, not only the launch of the process."""

    concurrent_starts = Integer(
        config=True,
        help="How many kernels may boot at once; the other cores stay with the pages.",
    )
    boot_timeout = Integer(60, config=True, help="Seconds a kernel may take to answer.")

    @default("concurrent_starts")
    def _half_the_cores(self) -> int:
        return max(1, (os.cpu_count() or 2) // 2)

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self._gate: asyncio.Semaphore | None = None

    async def start_kernel(self, **kwargs) -> str:  # type: ignore[override]
        if self._gate is None:  # made on the server's event loop, at the first start
            self._gate = asyncio.Semaphore(max(1, self.concurrent_starts))
        async with self._gate:
            kernel_id = await super().start_kernel(**kwargs)
            await self._booted(kernel_id)
        return kernel_id

    async def _booted(self, kernel_id: str) -> None:
        """Wait until the kernel answers a ``kernel_info`` request (or gives up trying)."""
        client = self.get_kernel(kernel_id).client()
        client.start_channels()
        try:
            await client.wait_for_ready(timeout=self.boot_timeout)
        except RuntimeError as exc:  # a dead or slow kernel is Voilà's to report, not ours
            self.log.warning("kernel %s did not answer: %s", kernel_id, exc)
        finally:
            client.stop_channels()
