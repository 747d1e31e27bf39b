"""`later`: work a press can leave until its picture has gone out.

A press's click waits for the table's canvas; everything else the press changes (the log, the
status line, hidden sprite canvases for cards not seen before, the bots' next needs) can follow a
few milliseconds after, on the kernel's own event loop, so the browser draws the picture before it
lays out the words.  Outside a kernel (a script, a test) there is no loop sure to come back to it,
and the work is done at once: the result is the same, only its order on the wire differs.
"""

from __future__ import annotations

import asyncio
import gc
import sys
import threading
from collections.abc import Callable
from typing import Any


def kernel() -> Any:
    """The kernel this code runs in (None outside one)."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return getattr(shell, "kernel", None)


def in_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel (Voila's, JupyterLab's, the hub's): the one
    place whose event loop is sure to come back to work left for later.  A loop merely marked
    running in a script or a test (a browser driver's, say) may never run it."""
    return kernel() is not None


SEND_WAIT_S = 0.05
"""The longest `send_now` waits for the kernel's IO thread: a picture is never held up more."""


def send_now() -> bool:
    """Wait until the kernel's IO thread has sent every message queued so far; False outside a
    kernel (a message is sent when it is made).

    A kernel hands its messages to an IO thread, and that thread needs the GIL, which the main
    thread keeps while it works: a picture made at the start of a press left when the press
    ended, or when Python's switch interval (5 ms) took the GIL away, while the browser waited.
    Waiting here lets that thread go now, a fraction of a millisecond for a canvas batch."""
    thread = getattr(kernel(), "iopub_thread", None)
    if thread is None or not thread.thread.is_alive():
        return False
    sent = threading.Event()
    thread.schedule(sent.set)  # after every message queued before it (one queue, in order)
    return sent.wait(SEND_WAIT_S)


def later(delay_s: float, work: Callable[[], object]) -> bool:
    """Run ``work()`` ``delay_s`` seconds from now on the kernel's event loop; False (and
    nothing scheduled) outside a kernel, so the caller does the work now."""
    if not in_kernel():
        return False
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay_s, work)
    return True


SETTLE_AFTER_S = 2.0
"""How long after its page has connected a kernel settles its memory (`settle_memory`)."""
_SETTLED: list[bool] = []


def settle_memory() -> None:
    """Collect once, then leave everything alive now out of every later collection
    (``gc.freeze``), once per kernel.

    By the time a page has connected, the kernel holds the lesson: its modules, tables, widgets
    and caches, hundreds of thousands of objects that live as long as the page.  Python's
    oldest-generation collection walks them all (100-230 ms in a lesson kernel), and it falls
    when it falls: measured inside a press, 45 ms of a 65 ms click.  Frozen, they are never
    walked again, and a collection walks only what the page has made since.  The cost is that a
    reference cycle among the frozen objects is never collected: bounded by what was alive
    here, and freed by reference counting otherwise."""
    if _SETTLED:
        return
    _SETTLED.append(True)
    gc.collect()
    gc.freeze()
