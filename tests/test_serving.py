"""The kernel manager `cardlab serve` gives Voilà: a kernel is never culled the moment a page
takes it from the pool (cardlab/serving.py says why)."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cardlab import cli, serving


def run(coroutine: Coroutine):
    """Runs a coroutine to its end on a thread of its own: the browser tests' Playwright (sync
    API) keeps an event loop running on the main thread, where `asyncio.run` refuses to start."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


@pytest.fixture
def culls(monkeypatch) -> list[str]:
    """The kernels the base manager's cull check was asked about, and a clock to move."""
    asked: list[str] = []

    async def cull_check(self, kernel_id: str) -> None:
        asked.append(kernel_id)

    monkeypatch.setattr(AsyncMappingKernelManager, "cull_kernel_if_idle", cull_check)
    return asked


def test_a_kernel_out_of_its_pool_waits_a_whole_timeout_before_a_cull_check(culls, monkeypatch):
    clock = [1000.0]
    monkeypatch.setattr(serving.time, "monotonic", lambda: clock[0])
    manager = serving.PoolSafeKernelManager(cull_idle_timeout=300)
    check = lambda kid: run(manager.cull_kernel_if_idle(kid))  # noqa: E731
    check("taken")  # the first check after the page took it: it had idled 640 s in the pool
    clock[0] += 299
    check("taken")
    assert culls == []
    check("started later")
    clock[0] += 1
    check("taken")
    check("started later")
    assert culls == ["taken"]
    clock[0] += 300
    check("started later")
    assert culls == ["taken", "started later"]


def test_a_shut_down_kernel_is_forgotten(culls, monkeypatch):
    async def shutdown(self, kernel_id, *args, **kwargs) -> str:
        return f"shut {kernel_id}"

    monkeypatch.setattr(AsyncMappingKernelManager, "shutdown_kernel", shutdown)
    manager = serving.PoolSafeKernelManager(cull_idle_timeout=300)
    run(manager.cull_kernel_if_idle("k"))
    assert "k" in manager._checked_since
    assert run(manager.shutdown_kernel("k")) == "shut k"
    assert "k" not in manager._checked_since


def test_voila_builds_its_pool_on_it(tmp_path):
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    flag = "--VoilaConfiguration.multi_kernel_manager_class=cardlab.serving.PoolSafeKernelManager"
    assert flag in cli.voila_command(tmp_path, "127.0.0.1", 9123)
    pooled = voila_kernel_manager_factory(serving.PoolSafeKernelManager, True, 1)
    assert issubclass(pooled, serving.PoolSafeKernelManager)
