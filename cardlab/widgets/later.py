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
from collections.abc import Callable


def in_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel (Voila's, JupyterLab's, the hub's): the one
    place whose event loop is sure to come back to work left for later.  A loop merely marked
    running in a script or a test (a browser driver's, say) may never run it."""
    ipython = sys.modules.get("IPython")
    shell = ipython.get_ipython() if ipython is not None else None
    return getattr(shell, "kernel", None) is not None


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
