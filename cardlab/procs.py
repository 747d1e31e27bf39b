"""A ``cardlab serve``'s Voilà server and kernels, found in ``/proc`` (Linux only).

The browser tests count kernels with it (Voilà serves no list of kernels: ``GET /api/kernels`` is
not routed) and the benchmarks read their memory and CPU time.  Standard library only.
"""

from __future__ import annotations

import contextlib
from pathlib import Path

PROC = Path("/proc")
KERNEL_COMMANDS = ("ipykernel", "cardlab.kernel")
"""What a kernel's command line holds: Jupyter's own, or the lessons' lean one."""


def children(pid: int) -> list[int]:
    """The pids whose parent is ``pid``."""
    out = []
    for entry in PROC.iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, IndexError, ValueError):
            if _stat_fields(int(entry.name))[1] == str(pid):
                out.append(int(entry.name))
    return out


def cmdline(pid: int) -> str:
    """The command line of ``pid``, words joined by spaces ("" once it has gone)."""
    with contextlib.suppress(OSError):
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


def voila_pid(serve_pid: int) -> int | None:
    """The Voilà server started by the ``cardlab serve`` process ``serve_pid``."""
    return next((p for p in children(serve_pid) if " -m voila " in f" {cmdline(p)} "), None)


def kernel_pids(serve_pid: int) -> list[int]:
    """The kernels that the Voilà of ``cardlab serve`` process ``serve_pid`` runs now."""
    voila = voila_pid(serve_pid)
    if voila is None:
        return []
    return [p for p in children(voila) if any(k in cmdline(p) for k in KERNEL_COMMANDS)]


def rss_mib(pid: int) -> float:
    """Resident memory of ``pid`` (``VmRSS``) in MiB."""
    for line in (PROC / str(pid) / "status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise ValueError(f"no VmRSS for {pid}")


def cpu_ticks(pid: int, reaped: bool = False) -> int:
    """User + system CPU time of ``pid`` in clock ticks (0 once it has gone); with ``reaped``
    also that of its children which ended and were waited for (a shut-down kernel's time)."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        fields = _stat_fields(pid)
        return sum(int(f) for f in fields[11 : 15 if reaped else 13])
    return 0


def machine_ticks() -> tuple[int, int]:
    """(busy, all) CPU clock ticks of the whole machine since boot, every core summed."""
    user, nice, system, idle, iowait, *rest = map(int, (PROC / "stat").read_text().split()[1:11])
    busy = user + nice + system + sum(rest[:3])  # irq, softirq, steal; guest is in user
    return busy, busy + idle + iowait


def _stat_fields(pid: int) -> list[str]:
    """``/proc/<pid>/stat`` after the command name: state, ppid, ... (``man 5 proc``)."""
    return (PROC / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()
