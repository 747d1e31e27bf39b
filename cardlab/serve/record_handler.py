"""Where ``cardlab serve``'s kernels hand their rows of the class record
(`cardlab.record.post`): ``POST /cardlab/record`` (`cardlab.serve.room.RECORD_PATH`), and
their students' kept pages (``{"pages": [...]}``; ``{"find": ...}`` asks for one).

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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from tornado import web

from cardlab.record import error_line
from cardlab.record.post import KEY_ENV, KEY_HEADER
from cardlab.record.rows import KeptPage, Record
from cardlab.record.writer import BATCH
from cardlab.serve.plain_errors import PlainErrors

MAX_BODY = 8_000_000
"""The largest post taken: a writer's batch of rows at their longest is about half that."""
MAX_PAGES = 20
"""The most kept pages one post brings (a writer's batch holds one per lesson page)."""
_WRITES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="cardlab-record")
T = TypeVar("T")


@dataclass(frozen=True)
class Post:
    """What a kernel posts: rows to store, its kept pages, or the question of one kept page."""

    rows: list[Record] = field(default_factory=list)
    pages: list[KeptPage] = field(default_factory=list)
    find: KeptPage | None = None


def read_post(body: bytes) -> Post:
    """The post in ``body``; ``ValueError`` saying what is wrong with it."""
    if len(body) > MAX_BODY:
        raise ValueError(f"a post holds at most {MAX_BODY:,} bytes")
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        raise ValueError("the post is not JSON") from None
    if isinstance(data, dict) and "find" in data:
        return Post(find=KeptPage.from_data(data["find"], text=False))
    if isinstance(data, dict) and "pages" in data:
        pages = data["pages"]
        if not isinstance(pages, list) or len(pages) > MAX_PAGES:
            raise ValueError(f'the post is {{"pages": [...]}} with at most {MAX_PAGES} pages')
        return Post(
            pages=[_numbered(KeptPage.from_data, "page", n, p) for n, p in enumerate(pages, 1)]
        )
    rows = data.get("rows") if isinstance(data, dict) else None
    if not isinstance(rows, list) or len(rows) > BATCH:
        raise ValueError(f'the post is {{"rows": [...]}} with at most {BATCH} rows')
    return Post(rows=[_numbered(Record.from_data, "row", n, r) for n, r in enumerate(rows, 1)])


def _numbered(read: Callable[[Any], T], what: str, number: int, data: Any) -> T:
    """``read(data)``, its ``ValueError`` naming which ``what`` of the post it was."""
    try:
        return read(data)
    except ValueError as error:
        raise ValueError(f"{what} {number}: {error}") from None


def _store(post: Post) -> dict[str, Any]:
    from cardlab.record.store import shared_store

    store = shared_store()
    if post.find is not None:
        return {"text": store.kept(post.find)}
    if post.pages:
        store.keep(post.pages)
        return {"kept": len(post.pages)}
    return {"stored": store.add(post.rows)}


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
            post = read_post(self.request.body)
        except ValueError as error:
            raise web.HTTPError(400, str(error)) from None
        try:
            answer = await asyncio.get_running_loop().run_in_executor(_WRITES, _store, post)
        except Exception as error:  # the store is down: the kernel keeps the rows, retries
            raise web.HTTPError(503, error_line(error)) from None
        self.set_header("Content-Type", "application/json")
        self.finish(answer)
