"""How many kernels a server runs, and for whom: the room's bounds (runs inside the Voilà server
``cardlab serve`` starts, never in a kernel).

Each lesson page has a kernel of its own (about 80 MiB), so a room reloading at once, or one
script asking for pages in a loop, would start kernels until the machine runs out of memory.
`RoomKernelManager` bounds them:

* **at most ``max_kernels`` live kernels**, preheated ones included.  A page that would need a
  new kernel beyond it is refused before anything starts (`refusal`), and its browser gets the
  "class is full" page, which tries again on its own (`cardlab.serve.app`).  A page served from a
  kernel already waiting in its lesson's pool needs no new one and always gets in; a page that
  needs a kernel of its own is promised a place; the pool's refill waits for a place nobody was
  promised (`start_kernel`), so preheating never pushes past the cap and never takes a page's.
* **at most ``per_client`` pages per client address** (`Seats`), loopback excepted: the teacher's
  own machine, and a server that only listens on loopback, keep one learner's behaviour.
* **a kernel whose page never connected is shut down after ``claim_timeout``**: a plain request
  for a page (a script, a browser closed while the page loaded) would otherwise hold its kernel
  until culling, five minutes, and a loop of them would keep the class out.

It also closes a race between the pool and culling (it was `PoolSafeKernelManager`).  Voilà spares
a preheated kernel from culling only while it sits in its pool; one that waited there longer than
the cull timeout is, the moment a page takes it, an idle kernel with no connection, and a cull
check falling before the page's websocket connects shut it down (seen in CI: "Culling 'idle'
kernel ... 640 seconds" right after "Using pre-heated kernel").  Here a kernel that never
connected is culled only by the claim rule, counted from when it left its pool; one that has
connected is culled by Jupyter's own rule (idle for ``cull_idle_timeout`` with no page).

It is Voilà's kernel manager base class (``--VoilaConfiguration.multi_kernel_manager_class``), so
Voilà's pool is built on it unpatched.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict, deque
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Float, Integer

from cardlab.links import is_loopback

CLAIM_TIMEOUT = 240.0
"""Seconds a page may take to connect to its kernel.  A class of 30 browsers sharing the server's
two cores took up to 130 s from request to first canvas, and 120 s stopped the kernel of one
page still loading (benchmarks/RESULTS.md, "A room under load"); a script's requests hold their
kernels this long, not the five minutes of culling."""
Refusal = Literal["client", "server"]
"""Why a page was refused: its client holds as many pages as one may, or the server is full."""
PROMISE: ContextVar[list[bool] | None] = ContextVar("cardlab_promise", default=None)
"""In a page request's context: ``[True]`` while a place promised to the page is unused."""
ROOM_POLL = 1.0
"""Seconds between two looks for room by a pool's refill waiting for one."""


def _ready(task: asyncio.Future) -> bool:
    """Whether a pool's task has a kernel that ran its lesson."""
    return task.done() and not task.cancelled() and task.exception() is None


def is_local(client: str) -> bool:
    """Whether ``client`` (a request's remote address, an IPv6 one maybe with its zone after
    ``%``) is this machine's loopback."""
    return is_loopback(client.split("%")[0])


@dataclass
class Seats:
    """Which client holds which kernels: the pages each client was let in for that have not yet
    connected (`pending`, by time), and the kernels each client's pages connected to (`held`).

    A page's kernel is known only once the page connects to it, so a page counts against its
    client from its request (pending) until its kernel is shut down (held)."""

    per_client: int = 0
    """Pages a client address may hold at once; 0: no bound."""
    claim_timeout: float = CLAIM_TIMEOUT
    pending: dict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    held: dict[str, str] = field(default_factory=dict)
    """kernel id -> the client whose page connected to it."""

    def count(self, client: str, now: float) -> int:
        """The pages ``client`` holds now."""
        waiting = self._waiting(client, now)
        return len(waiting) + sum(1 for who in self.held.values() if who == client)

    def _waiting(self, client: str, now: float) -> deque[float]:
        """``client``'s pages not yet connected, those older than the claim timeout dropped
        (their kernels were shut down unclaimed, or they connected elsewhere)."""
        waiting = self.pending.get(client, deque())
        while waiting and now - waiting[0] > self.claim_timeout:
            waiting.popleft()
        return waiting

    def full_for(self, client: str, now: float) -> bool:
        """Whether ``client`` may not open another page now."""
        return (
            bool(self.per_client)
            and not is_local(client)
            and (self.count(client, now) >= self.per_client)
        )

    def let_in(self, client: str, now: float) -> None:
        """A page of ``client``'s was served: it counts as pending until it connects."""
        self.pending[client].append(now)

    def connected(self, kernel_id: str, client: str, now: float) -> None:
        """A page of ``client``'s connected to ``kernel_id``: the first connection claims it,
        for the oldest of the client's pages still waiting (an expired one no longer counts)."""
        if kernel_id in self.held:
            return
        self.held[kernel_id] = client
        waiting = self._waiting(client, now)
        if waiting:
            waiting.popleft()

    def gone(self, kernel_id: str) -> None:
        """``kernel_id`` was shut down."""
        self.held.pop(kernel_id, None)


class RoomKernelManager(AsyncMappingKernelManager):
    """Jupyter's kernel manager with the room's bounds (see the module's docstring)."""

    max_kernels = Integer(0, config=True, help="The most live kernels; 0: no bound")
    per_client = Integer(0, config=True, help="The most pages one client address holds; 0: any")
    claim_timeout = Float(
        CLAIM_TIMEOUT, config=True, help="Seconds before a kernel no page connected to stops"
    )

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.seats = Seats(self.per_client, self.claim_timeout)
        self._starting = 0
        self._promised = 0
        self._waiting = 0
        self._taken: set[asyncio.Future] = set()
        self._out_since: dict[str, float] = {}

    # -- how many ----------------------------------------------------------------------------------
    @property
    def live(self) -> int:
        """Kernels running or starting now."""
        return len(self.list_kernel_ids()) + self._starting

    @property
    def free(self) -> int:
        """Places for new kernels now: not taken, nor promised to a page about to start one
        (a large number when there is no bound)."""
        if not self.max_kernels:
            return 1 << 30
        return self.max_kernels - self.live - self._promised

    def refusal(self, notebook: str, client: str) -> Refusal | None:
        """Why a page of ``notebook`` for ``client`` may not be served now, or None: it may,
        and it now counts as ``client``'s.  Synchronous, so nothing else runs between the check
        and the count.

        Voilà serves a page from the first kernel of the notebook's pool (`_pools`, a list of
        tasks), waiting for it if it is still starting, else from a kernel of its own.  So a
        page gets in when that first kernel is ready (it needs no place); else only when no
        refill waits for room and every pool kernel on its way (`_coming`) has a place besides
        one for the page: it then waits seconds for the pool kernel it takes, or, with the pool
        empty (Voilà refills it only once the kernel a page took is ready), starts a kernel of
        its own in a place promised to it (`PROMISE`), which a refill never takes."""
        now = time.monotonic()
        if self.seats.full_for(client, now):
            return "client"
        pool = self._voila_pools().get(notebook, [])
        if pool and _ready(pool[0]):
            pass
        elif self._waiting or self.free - self._coming() <= 0:
            return "server"
        elif pool:
            self._taken.add(pool[0])
        else:
            self._promised += 1
            PROMISE.set([True])
        self.seats.let_in(client, now)
        return None

    def _coming(self) -> int:
        """Pool kernels on their way: the tasks still in a pool and those a page took while they
        were starting.  Each needs a place (one that already has its kernel is counted in `live`
        too: a page is refused a moment early rather than left waiting for a place)."""
        self._taken = {task for task in self._taken if not task.done()}
        pools = self._voila_pools().values()
        return len(self._taken) + sum(1 for pool in pools for task in pool if not task.done())

    def _voila_pools(self) -> dict[str, list[asyncio.Task[Any]]]:
        """Voilà's pools of preheated kernels, by notebook: a private attribute of the kernel
        manager voila-preheat mixes in (none without preheating), read here only."""
        return getattr(self, "_pools", {})

    def release(self) -> None:
        """The page's request is over: a place promised to it and not used is free again."""
        promise = PROMISE.get()
        if promise and promise[0]:
            promise[0] = False
            self._promised -= 1

    # -- starting and stopping ---------------------------------------------------------------------
    async def start_kernel(self, *args, **kwargs) -> str:  # type: ignore[override]
        """Start a kernel: a page's own in the place promised to it, a pool's refill once a
        place is free (it waits here; pages go first)."""
        promise = PROMISE.get()
        if promise and promise[0]:
            promise[0] = False
            self._promised -= 1
        else:
            self._waiting += 1
            try:
                while self.free <= 0:
                    await asyncio.sleep(ROOM_POLL)
            finally:
                self._waiting -= 1
        self._starting += 1  # no await since the check: nothing else took the place
        try:
            return await super().start_kernel(*args, **kwargs)
        finally:
            self._starting -= 1

    async def shutdown_kernel(self, kernel_id: str, *args, **kwargs):  # type: ignore[override]
        try:
            return await super().shutdown_kernel(kernel_id, *args, **kwargs)
        finally:
            self._out_since.pop(kernel_id, None)
            self.seats.gone(kernel_id)

    def remove_kernel(self, kernel_id: str):
        """A kernel that died on its own leaves its place too."""
        self._out_since.pop(kernel_id, None)
        self.seats.gone(kernel_id)
        return super().remove_kernel(kernel_id)

    def connected(self, kernel_id: str, client: str) -> None:
        """A page of ``client``'s connected to ``kernel_id`` (the websocket handler says so)."""
        self.seats.connected(kernel_id, client, time.monotonic())

    # -- culling -----------------------------------------------------------------------------------
    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Voilà's pool manager passes here only kernels out of any pool.  Never connected: shut
        down ``claim_timeout`` after it left its pool; connected: Jupyter's idle rule."""
        if kernel_id in self.seats.held:
            await super().cull_kernel_if_idle(kernel_id)
            return
        since = self._out_since.setdefault(kernel_id, time.monotonic())
        if time.monotonic() - since >= self.claim_timeout:
            self.log.warning("Shutting down kernel %s: no page connected to it", kernel_id)
            await self.shutdown_kernel(kernel_id)
