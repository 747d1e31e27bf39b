"""`cardlab.widgets.later`: work left until a press's picture has gone, and the kernel's memory
settled once its page has connected."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

from cardlab.widgets.later import later


def in_a_thread(session):
    """``session()`` on a loop of its own (a test before may leave one marked running here)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, session()).result(timeout=60)


def test_without_an_event_loop_nothing_is_scheduled_and_the_caller_works_now():
    done: list[int] = []
    assert later(0.01, lambda: done.append(1)) is False
    assert done == []


def test_a_loop_outside_a_kernel_is_not_trusted_to_come_back():
    """A loop running in a script or a test (a browser driver's may stay marked running) gets
    nothing: only a kernel's loop is sure to run the work."""

    async def session() -> bool:
        return later(0.01, lambda: None)

    assert in_a_thread(session) is False


def test_in_a_kernel_the_work_runs_on_its_loop_after_the_delay(in_a_kernel):
    done: list[float] = []

    async def session() -> tuple[bool, list[float]]:
        start = asyncio.get_running_loop().time()
        scheduled = later(0.05, lambda: done.append(asyncio.get_running_loop().time() - start))
        before = list(done)
        await asyncio.sleep(0.3)
        return scheduled, before

    scheduled, before = in_a_thread(session)
    assert scheduled and before == [] and len(done) == 1 and done[0] >= 0.05


SETTLES = textwrap.dedent(
    """
    import asyncio, gc, json
    from cardlab.widgets import later
    from cardlab.widgets.a11y import page_script
    from cardlab.widgets.later import SETTLE_AFTER_S

    later.in_kernel = lambda: True  # as in a Jupyter kernel (the browser tests run real ones)

    async def page_connects():
        script = page_script()
        before = gc.get_freeze_count()
        script.address = "http://127.0.0.1:8866/voila/render/triad.ipynb"  # the page reports
        right_after = gc.get_freeze_count()
        await asyncio.sleep(SETTLE_AFTER_S + 0.5)
        settled = gc.get_freeze_count()
        made_since = [[i] for i in range(5000)]  # what a second freeze would take in
        script.address = "http://127.0.0.1:8866/voila/render/pyramid.ipynb"  # once per kernel
        await asyncio.sleep(SETTLE_AFTER_S + 0.5)
        return before, right_after, settled, gc.get_freeze_count(), len(made_since)

    print(json.dumps(asyncio.run(page_connects())))
    """
)


def test_a_kernel_settles_its_memory_once_after_its_page_has_connected():
    """Once the page has reported itself, the kernel collects and freezes what it holds (a
    later collection walks only what the page makes since), off the page's own messages and
    only once."""
    out = subprocess.run(
        [sys.executable, "-c", SETTLES], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    before, right_after, settled, again, made = (int(x) for x in out.strip()[1:-1].split(","))
    assert before == right_after == 0
    assert settled > 10_000  # the lesson's modules and widgets, frozen
    assert made == 5000 and again - settled < made  # not frozen a second time


def test_send_now_waits_until_the_io_thread_has_sent_what_was_queued(monkeypatch):
    """A kernel's messages leave from its IO thread; `send_now` returns once that thread has
    done everything queued before it, and gives up after `SEND_WAIT_S` (never a hung press)."""
    import time
    import types

    import zmq
    from ipykernel.iostream import IOPubThread

    from cardlab.widgets import later as later_module
    from cardlab.widgets.later import SEND_WAIT_S, send_now

    assert send_now() is False  # outside a kernel: nothing to wait for
    context = zmq.Context()
    thread = IOPubThread(context.socket(zmq.PUB))
    thread.start()
    try:
        monkeypatch.setattr(
            later_module, "kernel", lambda: types.SimpleNamespace(iopub_thread=thread)
        )
        sent: list[str] = []
        thread.schedule(lambda: (time.sleep(0.01), sent.append("picture")))
        assert send_now() is True and sent == ["picture"]
        thread.schedule(lambda: time.sleep(SEND_WAIT_S * 6))  # a thread that does not answer
        start = time.monotonic()
        assert send_now() is False
        assert time.monotonic() - start < SEND_WAIT_S * 5
    finally:
        thread.stop()
        thread.close()
        context.term()
