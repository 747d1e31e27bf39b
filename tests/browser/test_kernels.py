"""No kernel left behind: closing or reloading a lesson page shuts its kernel down.

Voilà's page posts a shutdown beacon on ``beforeunload``; without the ``_xsrf`` cookie it was
refused (403) and the kernel ran on until culling (cardlab/serve/plugins.py says why).  Voilà
routes no ``GET /api/kernels``, so kernels are counted as processes: the ipykernel children of the
server.
The server runs with the default pool, so this also checks that a page is served from a
preheated kernel and that the pool refills to its size.
"""

from __future__ import annotations

import time

from cardlab.serve.procs import cmdline, kernel_pids

ROUNDS = 20  # pages opened and closed; every RELOAD_EVERY-th is reloaded once before
RELOAD_EVERY = 4
LESSONS = ("index.ipynb", "index.ipynb", "00_decks.ipynb")  # cheap pages keep the test short
CANVAS = "canvas.cardlab-canvas, .cardlab-canvas canvas"
LOAD_TIMEOUT_MS = 150_000  # the first page may wait for the whole pool's start on 2 cores
GONE_WITHIN_S = 60  # liveness bound for the count to come back, not a speed claim
KERNEL_ID = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def kernels_by_id(serve_pid: int) -> dict[str, int]:
    """The server's kernels now, by kernel id (their connection file is ``kernel-<id>.json``)."""
    out = {}
    for pid in kernel_pids(serve_pid):
        for word in cmdline(pid).split():
            if word.endswith(".json") and "kernel-" in word:
                out[word.rsplit("kernel-", 1)[1].removesuffix(".json")] = pid
    return out


def settled(serve_pid: int, quiet_s: float = 3.0, timeout_s: float = GONE_WITHIN_S) -> set[int]:
    """The kernel pids once the set has not changed for ``quiet_s`` (pool refills done)."""
    deadline = time.monotonic() + timeout_s
    last, since = set(kernel_pids(serve_pid)), time.monotonic()
    while time.monotonic() < deadline:
        time.sleep(0.5)
        now = set(kernel_pids(serve_pid))
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet_s:
            return now
    return last


def open_lesson(page, base: str, lesson: str) -> str:
    """Open ``lesson`` and wait until its widgets are drawn (the unload handler is then set)."""
    page.goto(f"{base}/voila/render/{lesson}", timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, timeout=LOAD_TIMEOUT_MS)
    return page.evaluate(KERNEL_ID)


def test_closed_and_reloaded_pages_leave_no_kernel(served, browser):
    before = settled(served.pid)
    assert before, "the pool should hold preheated kernels before any page opens"
    lean = [pid for pid in before if " -m cardlab.serve.kernel " in f" {cmdline(pid)} "]
    assert set(lean) == before, "Voilà runs the lessons' lean kernel (cardlab.serve.kernel)"
    used: set[int] = set()
    context = browser.new_context()  # one student's browser: the page's scripts come from cache
    for i in range(ROUNDS):
        page = context.new_page()
        kernel_id = open_lesson(page, served.url, LESSONS[i % len(LESSONS)])
        running = kernels_by_id(served.pid)
        assert kernel_id in running, f"round {i}: the page's kernel {kernel_id} is not running"
        used.add(running[kernel_id])
        if i % RELOAD_EVERY == RELOAD_EVERY - 1:
            # a reload is an unload too: the old kernel goes, the page gets another
            page.reload(timeout=LOAD_TIMEOUT_MS)
            page.wait_for_selector(CANVAS, timeout=LOAD_TIMEOUT_MS)
            new_id = page.evaluate(KERNEL_ID)
            assert new_id != kernel_id
            used.add(kernels_by_id(served.pid)[new_id])
        page.close(run_before_unload=True)
    context.close()

    deadline = time.monotonic() + GONE_WITHIN_S
    while (left := used & set(kernel_pids(served.pid))) and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not left, f"{len(left)} of the {len(used)} pages' kernels outlived their page"
    assert len(used) == ROUNDS + ROUNDS // RELOAD_EVERY

    after = settled(served.pid)
    # The pool refilled to its size: as many kernels as before, except any that culling took
    # meanwhile (pages that earlier tests left open without an unload) and the pages' own.
    culled = (before - after) - used
    assert len(after) == len(before) - len(culled), (
        f"kernels before {len(before)}, after {len(after)}, culled {len(culled)}"
    )
    log = served.log.read_text()
    assert "Using pre-heated kernel" in log
    assert "403 POST /voila/api/shutdown" not in log
