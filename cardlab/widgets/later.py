"""`later`: work a press can leave until its picture has gone out.

A press's click waits for the table's canvas; everything else the press changes (the log, the
status line, hidden sprite canvases for cards not seen before, the bots' next needs) can follow a
few milliseconds after, on the kernel's own event loop, so the browser draws the picture before it
lays out the words.  Outside a kernel (a script, a test) there is no loop to come back to, and the
work is done at once: the result is the same, only its order on the wire differs.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable


def later(delay_s: float, work: Callable[[], object]) -> bool:
    """Run ``work()`` ``delay_s`` seconds from now on the running event loop; False (and nothing
    scheduled) where no loop runs, so the caller does the work now."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay_s, work)
    return True
