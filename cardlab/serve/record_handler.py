"""Where ``cardlab serve``'s kernels hand their rows of the class record
(`cardlab.record.post`): ``POST /cardlab/record`` (`cardlab.serve.room.RECORD_PATH`).

The server keeps the one store (`cardlab.record.store.shared_store`) and writes each post in one
transaction, on a thread of its own (never on the event loop that serves the pages), one post
at a time.  It answers only once the rows are stored, so a kernel whose post failed still has
them and tries again; a row posted twice is stored once (its key).  It takes rows only with the
key the server gave its kernels (`KEY_ENV`); anything else is answered with why, and stores
nothing.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import os
from concurrent.futures import ThreadPoolExecutor

from tornado import web

from cardlab.record import error_line
from cardlab.record.post import KEY_ENV, KEY_HEADER
from cardlab.record.rows import Record
from cardlab.record.writer import BATCH
from cardlab.serve.plain_errors import PlainErrors

MAX_BODY = 8_000_000
"""The largest post taken: a writer's batch of rows at their longest is about half that."""
_WRITES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-record")


def read_rows(body: bytes) -> list[Record]:
    """The rows of a post's ``body``; ``ValueError`` saying what is wrong with it."""
    if len(body) > MAX_BODY:
        raise ValueError(f"a post holds at most {MAX_BODY:,} bytes")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise ValueError("the post is not JSON") from None
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or len(rows) > BATCH:
        raise ValueError(f'the post is {{"rows": [...]}} with at most {BATCH} rows')
    found = []
    for number, row in enumerate(rows, 1):
        try:
            found.append(Record.from_data(row))
        except ValueError as error:
            raise ValueError(f"row {number}: {error}") from None
    return found


def _store(records: list[Record]) -> int:
    from cardlab.record.store import shared_store

    return shared_store().add(records)


class RecordHandler(PlainErrors):
    """``POST`` the rows (see the module); the answer is ``{"stored": N}`` or why not."""

    def check_xsrf_cookie(self) -> None:
        """A kernel has no cookie: the key in `KEY_HEADER` is what lets it in."""

    async def post(self) -> None:
        key = os.environ.get(KEY_ENV, "")
        given = self.request.headers.get(KEY_HEADER, "")
        if not key or not hmac.compare_digest(key.encode(), given.encode()):
            raise web.HTTPError(403, "rows are taken only from this server's kernels")
        try:
            records = read_rows(self.request.body)
        except ValueError as error:
            raise web.HTTPError(400, str(error)) from None
        try:
            stored = await asyncio.get_running_loop().run_in_executor(_WRITES, _store, records)
        except Exception as error:  # the store is down: the kernel keeps the rows, retries
            raise web.HTTPError(503, error_line(error)) from None
        self.set_header("Content-Type", "application/json")
        self.finish({"stored": stored})
