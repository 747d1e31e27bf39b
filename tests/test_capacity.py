"""The room's bounds (cardlab/serve/capacity.py says why): at most ``max_kernels`` live kernels
and ``per_client`` pages a client address, loopback excepted; a page served from a ready pooled
kernel always gets in; a pool's refill waits for room; a kernel no page connected to stops after
``claim_timeout`` (never the moment a page takes it from its pool); a connected one by Jupyter's
idle rule."""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cardlab.serve import capacity
from cardlab.serve.capacity import RoomKernelManager, Seats, is_local


def run(coroutine: Coroutine):
    """Runs a coroutine to its end on a thread of its own: the browser tests' Playwright (sync
    API) keeps an event loop running on the main thread, where `asyncio.run` refuses to start."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


class Clock:
    def __init__(self, monkeypatch) -> None:
        self.now = 1000.0
        monkeypatch.setattr(capacity.time, "monotonic", lambda: self.now)


@pytest.fixture
def jupyter(monkeypatch) -> dict[str, list[str]]:
    """Jupyter's own manager replaced where it would start or stop processes: what it was asked."""
    asked: dict[str, list[str]] = {"cull": [], "shutdown": [], "start": []}
    live: list[str] = []

    async def cull_check(self, kernel_id: str) -> None:
        asked["cull"].append(kernel_id)

    async def shutdown(self, kernel_id, *args, **kwargs) -> None:
        asked["shutdown"].append(kernel_id)
        live.remove(kernel_id)

    async def start(self, *args, **kwargs) -> str:
        kernel_id = f"k{len(asked['start'])}"
        asked["start"].append(kernel_id)
        await asyncio.sleep(0)
        live.append(kernel_id)
        return kernel_id

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull_check)
    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", start)
    monkeypatch.setattr(AsyncMappingKernelManager, "list_kernel_ids", lambda self: list(live))
    return asked


def test_a_kernel_no_page_connected_to_stops_after_the_claim_timeout(jupyter, monkeypatch):
    clock = Clock(monkeypatch)
    manager = RoomKernelManager(cull_idle_timeout=300, claim_timeout=120)
    kid = run(manager.start_kernel())
    check = lambda: run(manager.cull_kernel_if_idle(kid))  # noqa: E731
    clock.now += 900  # it waited long in its pool: the page that takes it is not penalised
    check()  # the first check after it left its pool
    clock.now += 119
    check()
    assert jupyter["shutdown"] == [] and jupyter["cull"] == []
    clock.now += 1
    check()
    assert jupyter["shutdown"] == [kid]
    assert manager.live == 0


def test_a_kernel_a_page_connected_to_is_culled_by_jupyters_idle_rule(jupyter, monkeypatch):
    Clock(monkeypatch)
    manager = RoomKernelManager(claim_timeout=120)
    kid = run(manager.start_kernel())
    manager.connected(kid, "192.0.2.7")
    run(manager.cull_kernel_if_idle(kid))
    assert jupyter["cull"] == [kid] and jupyter["shutdown"] == []


def ready_task(result: dict) -> asyncio.Future:
    future = asyncio.Future(loop=asyncio.new_event_loop())
    future.set_result(result)
    return future


def test_a_full_server_refuses_a_page_that_needs_a_new_kernel(jupyter, monkeypatch):
    Clock(monkeypatch)
    manager = RoomKernelManager(max_kernels=2)
    run(manager.start_kernel())
    run(manager.start_kernel())
    assert manager.refusal("triad.ipynb", "127.0.0.1") == "server"
    # a kernel that has run its lesson in the pool needs no new one: the page gets in
    manager._pools = {"triad.ipynb": [ready_task({"kernel_id": "k0"})]}  # type: ignore[attr-defined]
    assert manager.refusal("triad.ipynb", "127.0.0.1") is None
    assert manager.refusal("pyramid.ipynb", "127.0.0.1") == "server"
    run(manager.shutdown_kernel("k1"))
    assert manager.refusal("pyramid.ipynb", "127.0.0.1") is None
    assert manager.free == 0  # the last place is promised to that page


def test_a_page_waits_for_a_starting_pool_kernel_only_when_no_refill_waits(jupyter, monkeypatch):
    Clock(monkeypatch)
    manager = RoomKernelManager(max_kernels=3)
    loop = asyncio.new_event_loop()
    starting = asyncio.Future(loop=loop)  # a refill on its way
    manager._pools = {"triad.ipynb": [starting]}  # type: ignore[attr-defined]
    assert manager.refusal("triad.ipynb", "127.0.0.1") is None
    # Voilà gives the page that kernel and starts another; each kernel on its way has a place
    manager._pools = {"triad.ipynb": [asyncio.Future(loop=loop)]}  # type: ignore[attr-defined]
    assert manager.refusal("triad.ipynb", "127.0.0.1") is None
    manager._pools = {"triad.ipynb": [asyncio.Future(loop=loop)]}  # type: ignore[attr-defined]
    assert manager.refusal("triad.ipynb", "127.0.0.1") == "server"  # 3 on their way: no place
    starting.set_result({"kernel_id": "k9"})  # the first one is ready: one fewer on its way
    assert manager._coming() == 2
    manager._waiting = 1  # a refill waits for a place: the server is full
    assert manager.refusal("triad.ipynb", "127.0.0.1") == "server"


def test_a_place_promised_to_a_page_is_never_taken_by_a_refill(jupyter, monkeypatch):
    monkeypatch.setattr(capacity, "ROOM_POLL", 0.01)
    manager = RoomKernelManager(max_kernels=2)

    async def scene() -> list[str]:
        await manager.start_kernel()  # one place left
        assert manager.refusal("pyramid.ipynb", "127.0.0.1") is None  # promised to this page
        # a refill runs in a context of its own (Voilà's pool task), where nothing was promised
        refill = asyncio.create_task(manager.start_kernel(), context=contextvars.Context())
        await asyncio.sleep(0.05)
        assert not refill.done() and manager.live == 1
        page = await manager.start_kernel()  # the page's own, in its promised place
        assert manager.live == 2 and not refill.done()
        await manager.shutdown_kernel(page)
        return [page, await asyncio.wait_for(refill, 5)]

    assert run(scene()) == ["k1", "k2"]


def test_an_unused_promise_is_released(jupyter, monkeypatch):
    manager = RoomKernelManager(max_kernels=1)

    async def scene() -> int:
        assert manager.refusal("pyramid.ipynb", "127.0.0.1") is None
        assert manager.free == 0
        manager.release()  # the request ended without starting a kernel (a redirect)
        manager.release()  # twice is once
        return manager.free

    assert run(scene()) == 1


def test_one_client_holds_at_most_its_pages_and_loopback_any(jupyter, monkeypatch):
    clock = Clock(monkeypatch)
    manager = RoomKernelManager(per_client=2, claim_timeout=120)
    phone, laptop = "192.0.2.7", "192.0.2.8"
    assert manager.refusal("triad.ipynb", phone) is None
    assert manager.refusal("triad.ipynb", phone) is None
    assert manager.refusal("triad.ipynb", phone) == "client"
    assert manager.refusal("triad.ipynb", laptop) is None
    assert all(manager.refusal("triad.ipynb", "127.0.0.1") is None for _ in range(10))
    # the phone's pages connect, then one is closed: a place is free again
    manager.connected("k0", phone)
    manager.connected("k1", phone)
    assert manager.refusal("triad.ipynb", phone) == "client"
    manager.seats.gone("k0")
    assert manager.refusal("triad.ipynb", phone) is None
    # a page that never connected stops counting once its kernel would have been stopped
    assert manager.refusal("triad.ipynb", phone) == "client"
    clock.now += 121
    assert manager.refusal("triad.ipynb", phone) is None


@pytest.mark.parametrize(
    ("client", "local"),
    [("127.0.0.1", True), ("::1", True), ("127.3.4.5", True), ("192.0.2.7", False),
     ("fe80::1%eth0", False), ("", False), ("not an address", False)],
)  # fmt: skip
def test_loopback_clients(client, local):
    assert is_local(client) is local


EVENTS = st.lists(
    st.tuples(
        st.sampled_from(["ask", "connect", "close", "wait"]),
        st.sampled_from(["192.0.2.7", "192.0.2.8", "127.0.0.1"]),
        st.integers(0, 5),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(EVENTS, st.integers(1, 4))
def test_no_client_ever_holds_more_pages_than_its_bound(events, bound):
    """Pages asked for, connecting, closing, and time passing, in any order: no client past
    loopback ever holds more pages than its bound, and what a client holds is what it has (its
    pages not yet connected within the claim timeout, and its pages' kernels)."""
    seats, now = Seats(per_client=bound, claim_timeout=10), 0.0
    waiting: dict[str, list[float]] = {}
    kernels: dict[str, str] = {}
    started = 0  # kernel ids are never reused, as Jupyter's are unique
    for kind, client, n in events:
        mine = waiting.setdefault(client, [])
        mine[:] = [t for t in mine if now - t <= 10]
        if kind == "ask" and not seats.full_for(client, now):
            seats.let_in(client, now)
            mine.append(now)
        elif kind == "connect" and mine:
            kernel, started = f"k{started}", started + 1
            seats.connected(kernel, client, now)
            kernels[kernel] = client
            mine.pop(0)
        elif kind == "close" and kernels:
            kernel = sorted(kernels)[n % len(kernels)]
            seats.gone(kernel)
            del kernels[kernel]
        elif kind == "wait":
            now += n * 3
        mine[:] = [t for t in mine if now - t <= 10]
        holds = len(mine) + sum(who == client for who in kernels.values())
        assert seats.count(client, now) == holds
        if not is_local(client):
            assert holds <= bound
