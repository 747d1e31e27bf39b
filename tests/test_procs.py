"""`cardlab.serve.procs`: CPU time of a process, of its reaped children, and of the machine."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

from cardlab.serve.procs import alive, cpu_ticks, descendants, environ, machine_ticks, started

BUSY = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass"


def test_a_reaped_child_counts_only_when_asked():
    before, before_all = cpu_ticks(os.getpid()), cpu_ticks(os.getpid(), reaped=True)
    subprocess.run([sys.executable, "-c", BUSY], check=True)  # run and waited for
    mine = cpu_ticks(os.getpid()) - before
    with_child = cpu_ticks(os.getpid(), reaped=True) - before_all
    hz = os.sysconf("SC_CLK_TCK")
    assert with_child - mine >= 0.25 * hz, "the child's 0.3 s of CPU is in the reaped count"


def test_a_gone_process_has_no_time():
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    assert cpu_ticks(child.pid) == 0


def test_the_machine_is_busy_while_we_compute():
    busy0, all0 = machine_ticks()
    subprocess.run([sys.executable, "-c", BUSY], check=True)
    busy1, all1 = machine_ticks()
    hz = os.sysconf("SC_CLK_TCK")
    assert busy1 - busy0 >= 0.25 * hz
    assert all1 - all0 >= busy1 - busy0 >= 0


def test_descendants_and_their_start_and_environment():
    sleep = "import time; time.sleep(30)"
    code = f"import subprocess, sys; subprocess.Popen([sys.executable, '-c', {sleep!r}]); {sleep}"
    parent = subprocess.Popen([sys.executable, "-c", code], env={**os.environ, "PROCS_TEST": "yes"})
    try:
        below: list[int] = []
        for _ in range(200):  # the grandchild starts within a moment; bounded, not timed
            below = descendants(parent.pid)
            if below:
                break
            time.sleep(0.05)
        assert len(below) == 1, below  # the grandchild, not the parent itself
        assert all(environ(p).get("PROCS_TEST") == "yes" for p in [parent.pid, *below])
        assert started(parent.pid) is not None
        assert started(parent.pid) <= min(started(p) for p in below)
    finally:
        for pid in [*descendants(parent.pid), parent.pid]:
            os.kill(pid, signal.SIGKILL)
        parent.wait()
    assert started(parent.pid) is None and environ(parent.pid) == {}


def test_a_zombie_is_not_alive():
    """A child that exited but was not waited for is only an entry in the process table."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    assert alive(os.getpid())
    deadline = time.monotonic() + 30
    while alive(child.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not alive(child.pid), "an exited, unreaped child is a zombie, not alive"
    assert child.wait(timeout=10) == 0
    assert not alive(child.pid)
