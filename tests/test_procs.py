"""`cardlab.procs`: CPU time of a process, of its reaped children, and of the machine."""

from __future__ import annotations

import os
import subprocess
import sys

from cardlab.procs import cpu_ticks, machine_ticks

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
