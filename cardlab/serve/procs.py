"""A ``cardlab serve``'s Voilà server and kernels, found in ``/proc`` (Linux only).

The browser tests count kernels with it (Voilà serves no list of kernels: ``GET /api/kernels`` is
not routed) and the benchmarks read their memory and CPU time; the JupyterHub test finds every
process a hub started and checks that none outlives it; `stop_group` stops a server started in
a process group of its own, with everything it started.  Standard library only.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import time
from pathlib import Path

PROC = Path("/proc")
KERNEL_COMMANDS = ("ipykernel", "cardlab.serve.kernel")
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


def descendants(pid: int) -> list[int]:
    """Every process below ``pid``: its children, theirs, and so on."""
    found, todo = [], [pid]
    while todo:
        below = children(todo.pop())
        found += below
        todo += below
    return found


def started(pid: int) -> int | None:
    """When ``pid`` started, in clock ticks since boot (None once it has gone): with the pid, it
    tells a process from a later one that got the same pid."""
    with contextlib.suppress(OSError, IndexError, ValueError):
        return int(_stat_fields(pid)[19])
    return None


def environ(pid: int) -> dict[str, str]:
    """The environment ``pid`` started with ({} once it has gone, or if it is not ours to read)."""
    with contextlib.suppress(OSError):
        raw = (PROC / str(pid) / "environ").read_bytes().decode(errors="replace")
        return dict(item.partition("=")[::2] for item in raw.split("\0") if "=" in item)
    return {}


def alive(pid: int) -> bool:
    """Whether ``pid`` is a running process: not gone, and not a zombie (exited, only waiting
    for its parent to read its exit status)."""
    with contextlib.suppress(OSError, IndexError):
        return _stat_fields(pid)[0] not in ("Z", "X")
    return False


def cmdline(pid: int) -> str:
    """The command line of ``pid``, words joined by spaces ("" once it has gone)."""
    with contextlib.suppress(OSError):
        return (PROC / str(pid) / "cmdline").read_bytes().replace(b"\0", b" ").decode()
    return ""


SERVER_COMMAND = " -m cardlab.serve.app "
"""How the Voilà server ``cardlab serve`` starts reads on its command line (`cardlab.serve.app`)."""


def voila_pid(serve_pid: int) -> int | None:
    """The Voilà server started by the ``cardlab serve`` process ``serve_pid``."""
    return next((p for p in children(serve_pid) if SERVER_COMMAND in f" {cmdline(p)} "), None)


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


def stop_group(proc: subprocess.Popen) -> None:
    """SIGTERM the server's process group (cardlab, voila, kernels), SIGKILL what is left."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(timeout=15)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.killpg(proc.pid, 0)  # anyone left in the group?
        except ProcessLookupError:
            return
        time.sleep(0.1)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=5)
