"""`cardlab.serving.PacedKernelManager`: kernels boot a few at a time, and a real one answers."""

from __future__ import annotations

import asyncio
import os

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from cardlab.serving import PacedKernelManager


def starts_at_once(monkeypatch, concurrent: int, starts: int) -> tuple[int, list[str]]:
    """The most kernels starting at one time (from the launch to the end of the boot wait), and
    the ids, for ``starts`` requests made together, with the parent's launch and the boot wait
    replaced by short sleeps."""
    flight = {"now": 0, "most": 0, "count": 0}

    async def fake_start(self, **kwargs):
        flight["now"] += 1
        flight["most"] = max(flight["most"], flight["now"])
        await asyncio.sleep(0.01)
        flight["count"] += 1
        return f"kernel-{flight['count']}"

    async def fake_boot(self, kernel_id):
        await asyncio.sleep(0.01)
        flight["now"] -= 1

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", fake_start)
    monkeypatch.setattr(PacedKernelManager, "_booted", fake_boot)
    manager = PacedKernelManager(concurrent_starts=concurrent)

    async def together():
        return await asyncio.gather(*(manager.start_kernel(kernel_name="x") for _ in range(starts)))

    ids = asyncio.run(together())
    return flight["most"], ids


@pytest.mark.parametrize("concurrent", [1, 2, 3])
def test_no_more_kernels_boot_at_once_than_allowed(monkeypatch, concurrent):
    most, ids = starts_at_once(monkeypatch, concurrent, starts=7)
    assert most == concurrent
    assert sorted(ids) == sorted(f"kernel-{i}" for i in range(1, 8)), "every start got its kernel"


def test_half_the_cores_boot_kernels_by_default(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert PacedKernelManager().concurrent_starts == 4
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert PacedKernelManager().concurrent_starts == 1, "one core still boots kernels"
    monkeypatch.setattr(os, "cpu_count", lambda: None)
    assert PacedKernelManager().concurrent_starts == 1


def test_a_real_kernel_has_answered_when_its_start_returns():
    async def start_two():
        manager = PacedKernelManager(concurrent_starts=1)
        try:
            first, second = await asyncio.gather(
                manager.start_kernel(kernel_name="python3"),
                manager.start_kernel(kernel_name="python3"),
            )
            client = manager.get_kernel(first).client()
            client.start_channels()
            try:
                # answered within a second: the kernel had booted when start_kernel returned
                await client.wait_for_ready(timeout=1)
            finally:
                client.stop_channels()
            return first, second, manager._gate._value
        finally:
            await manager.shutdown_all(now=True)

    first, second, free = asyncio.run(start_two())
    assert first != second
    assert free == 1, "the gate is open again after both starts"
