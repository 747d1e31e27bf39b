"""The kernel's writes to the class record, off the press's path.

A finished hand's row is queued here (`Writer.put`, instant) and a thread of the writer's own
stores it: a press never waits on a database, and a store that is down (a school's server
restarting, a full disk) is retried with growing pauses while the rows wait, in order, for as
long as the kernel lives; the student's own file (``Download my results``) has them meanwhile,
and the teacher's class view says how many wait and why (`cardlab.record.trouble`).
The database library is imported on that thread too, so the first row costs a press nothing;
under ``cardlab serve`` it is not imported at all: the rows go to the server, which stores them
(`cardlab.record.post`).
"""

from __future__ import annotations

import atexit
import os
import queue
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, Protocol

from cardlab.record import OFF, URL_ENV, error_line
from cardlab.record.rows import KeptPage

RETRY_S = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)
"""The pauses between tries while the store is down: quick at first, then every 30 s."""
BATCH = 200
"""The most rows one transaction stores."""
EXIT_WAIT_S = 5.0
"""How long a kernel that exits waits for its rows to be stored."""


class Sink(Protocol):
    """Where the writer's rows go: a `Store`, or the server that keeps it (`ServerStore`)."""

    def add(self, records: Iterable[Any]) -> int: ...

    def keep(self, pages: Iterable[KeptPage]) -> None: ...

    def kept(self, question: KeptPage) -> str: ...

    def close(self) -> None: ...


def open_sink(url: str | None) -> Sink:
    """The store at ``url``; with none given, the server's when ``cardlab serve`` named one
    (`cardlab.record.post.POST_ENV`), else the one `cardlab.record.URL_ENV` names or the
    user's SQLite file."""
    from cardlab.record.post import server_store

    server = server_store() if url is None else None
    if server is not None:
        return server
    from cardlab.record.store import Store, default_url

    return Store(url or default_url())


class Writer:
    """Stores the rows `put` into it in the database at ``url`` (None: see `open_sink`, read
    when the first row comes)."""

    def __init__(self, url: str | None = None, *, sleep: Callable[[float], None] = time.sleep):
        self.url = url
        self._sleep = sleep
        self._rows: queue.Queue[Any] = queue.Queue()
        self._pending: list[Any] = []
        self._put = self._done = 0
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.stored = 0
        self.failures = 0
        self.last_error = ""
        """The last store error in words ("" once a write has gone through again)."""

    def put(self, record: Any) -> None:
        """Queue ``record`` (a `cardlab.record.store.Record`) to be stored; never blocks.  With
        the class record off (`cardlab.record.OFF`) nothing is kept."""
        if (self.url or os.environ.get(URL_ENV, "").strip()) == OFF:
            return
        with self._lock:
            self._put += 1
            self._rows.put(record)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="cardlab-record",
                                                daemon=True)  # fmt: skip
                self._thread.start()

    def keep(self, page: KeptPage) -> None:
        """Queue ``page`` to be kept in the class record, like a row; of the pages of one
        class, student and lesson waiting together only the last is written."""
        self.put(page)

    def waiting(self) -> int:
        """Rows not yet stored."""
        with self._lock:
            return self._put - self._done

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every row put so far is stored (tests; a kernel shutting down); False if
        ``timeout`` seconds pass first."""
        end = time.monotonic() + timeout
        while self.waiting() and time.monotonic() < end:
            time.sleep(0.02)
        return not self.waiting()

    def _run(self) -> None:
        from cardlab.record.trouble import note

        store: Sink | None = None
        tries = 0
        while True:
            if not self._pending:
                self._pending.append(self._rows.get())
            while len(self._pending) < BATCH and not self._rows.empty():
                self._pending.append(self._rows.get_nowait())
            try:
                if store is None:
                    store = open_sink(self.url)
                rows = [item for item in self._pending if not isinstance(item, KeptPage)]
                if rows:
                    self.stored += store.add(rows)
                pages = {i.key: i for i in self._pending if isinstance(i, KeptPage)}
                if pages:
                    store.keep(pages.values())
            except Exception as error:
                self.failures += 1
                self.last_error = error_line(error)
                if store is not None:
                    store.close()
                    store = None
                note(self.waiting(), self.last_error)  # the teacher's class view says it
                self._sleep(RETRY_S[min(tries, len(RETRY_S) - 1)])
                tries += 1
                continue
            with self._lock:
                self._done += len(self._pending)
            self._pending = []
            if tries:
                note(0, "")
            self.last_error = ""
            tries = 0


_WRITER: list[Writer] = []


def class_record() -> Writer:
    """The kernel's one writer (its database named by `cardlab.record.URL_ENV`, or the
    default)."""
    if not _WRITER:
        _WRITER.append(Writer())
        # a kernel shut down (culled, restarted) first stores what is waiting, a few seconds
        atexit.register(_WRITER[0].flush, EXIT_WAIT_S)
    return _WRITER[0]
