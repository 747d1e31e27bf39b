"""A real server under a burst of page requests (cardlab/serve/capacity.py): its live kernels
never exceed the cap, every request over it gets the "class is full" page (503, ``Retry-After``)
at once, the kernels no page connected to stop on their own after the claim timeout, and the
server then serves a page as before.  The full-size figures (200 pages, then 30 browsers with a
cap of 20) are ``benchmarks/room_load.py``'s."""

from __future__ import annotations

import os
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import nbformat
import pytest

from cardlab.serve import cli, procs

pytestmark = pytest.mark.slow

CAP = 3
CLAIM = 8.0  # seconds: short, so the test sees the kernels nobody connected to stop
REQUESTS = 24


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[str, subprocess.Popen]]:
    """`cardlab serve`'s server, no pool, at most ``CAP`` kernels, a short claim timeout."""
    folder = tmp_path_factory.mktemp("lessons")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("6 * 7")]
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python", "language": "python"}
    nbformat.write(nb, folder / "index.ipynb")
    port = cli.free_port()
    kernels = folder / "kernels"
    env = {**os.environ, "JUPYTER_PATH": cli.jupyter_path(kernels, os.environ.get("JUPYTER_PATH"))}
    interval = "--MappingKernelManager.cull_interval="
    command = [
        *(a for a in cli.voila_command(folder, "127.0.0.1", port, pool=0, max_kernels=CAP)
          if not a.startswith(interval)),
        f"{interval}1",
        f"--RoomKernelManager.claim_timeout={CLAIM}",
    ]  # fmt: skip
    log = open(folder / "serve.log", "wb")  # noqa: SIM115  # closed below
    proc = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL, start_new_session=True)  # fmt: skip
    try:
        assert cli.wait_for_port("127.0.0.1", port, 90, proc), (folder / "serve.log").read_text()
        yield f"http://127.0.0.1:{port}", proc
    finally:
        procs.stop_group(proc)
        log.close()


def get(url: str) -> tuple[int, str, str]:
    """A GET's status, ``Retry-After`` and body."""
    try:
        with urllib.request.urlopen(url, timeout=180) as resp:
            return resp.status, resp.headers.get("Retry-After", ""), resp.read().decode()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.headers.get("Retry-After", ""), exc.read().decode()


def live_kernels(proc: subprocess.Popen) -> list[int]:
    """The server's kernels now (``proc`` runs the server itself: its kernels are children)."""
    return [p for p in procs.children(proc.pid) if "cardlab.serve.kernel" in procs.cmdline(p)]


def test_a_burst_never_starts_more_kernels_than_the_cap(server):
    base, proc = server
    most = [0]
    done = threading.Event()

    def watch() -> None:
        while not done.is_set():
            most[0] = max(most[0], len(live_kernels(proc)))
            time.sleep(0.05)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with ThreadPoolExecutor(REQUESTS) as pool:
            answers = list(pool.map(get, [f"{base}/voila/render/index.ipynb"] * REQUESTS))
    finally:
        done.set()
        watcher.join()
    served = [a for a in answers if a[0] == 200]
    full = [a for a in answers if a[0] == 503]
    assert len(served) + len(full) == REQUESTS, sorted({a[0] for a in answers})
    assert 1 <= len(served) <= CAP and most[0] <= CAP
    assert all(retry.isdigit() and "The class is full" in body for _, retry, body in full)
    assert all("42" in body for _, _, body in served)  # the lesson ran

    # nobody connected to those kernels: they stop after the claim timeout, and the room is free
    deadline = time.monotonic() + CLAIM + 30
    while live_kernels(proc) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert live_kernels(proc) == []
    status, _, body = get(f"{base}/voila/render/index.ipynb")
    assert status == 200 and "42" in body


def test_the_procs_helper_knows_the_servers_command(tmp_path):
    """`procs.kernel_pids` finds the server under ``cardlab serve`` by its command line."""
    command = " ".join(cli.voila_command(tmp_path, "127.0.0.1", 1)[1:3])
    assert procs.SERVER_COMMAND.strip() == command == "-m cardlab.serve.app"
