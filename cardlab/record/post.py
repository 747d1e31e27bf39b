"""A kernel's rows handed to its server, which keeps the class record's one store.

Under ``cardlab serve`` every student's page has a kernel of its own on the serving machine.
Were each to open the database itself, each would load the database library (about 0.15 s of
CPU, a tenth of what a student's whole page costs the server) to store a handful of rows.  So
``cardlab serve`` tells its kernels where to hand the rows instead (`POST_ENV`, on loopback, with
a key only its kernels get, `KEY_ENV`), and stores them itself
(`cardlab.serve.record_handler`).  Behind JupyterHub each student's server is apart and its
kernel writes to the database the hub names (`cardlab.record.store`).

`ServerStore` answers like a `Store` for the kernel's writer (`add`, `close`): an ``add`` that
did not reach the store raises, and the writer keeps the rows and tries again.
"""

from __future__ import annotations

import http.client
import json
import os
from collections.abc import Iterable
from typing import Any
from urllib.parse import urlsplit

from cardlab.record.rows import MAX_PAGE, KeptPage, Record

POST_ENV = "CARDLAB_RECORD_POST"
"""The address a kernel posts its rows to (set by ``cardlab serve`` for its kernels)."""
KEY_ENV = "CARDLAB_RECORD_KEY"
"""The key a kernel posts its rows with: the server takes rows only with it."""
KEY_HEADER = "X-Cardlab-Record-Key"
TIMEOUT_S = 15.0
"""How long a post may take: the server stores the rows before it answers."""
FIND_TIMEOUT_S = 3.0
"""How long a page opening waits to hear of a kept page before it starts fresh."""
MAX_ANSWER = 2 * MAX_PAGE
"""The longest answer read: a kept page, escaped as JSON."""


class ServerStore:
    """The store behind the server at ``url`` (see the module)."""

    def __init__(self, url: str, key: str) -> None:
        parts = urlsplit(url)
        if parts.scheme != "http" or not parts.hostname:
            raise ValueError(f"results: {url[:80]!r} is not an http:// address to post rows to")
        self.host, self.port = parts.hostname, parts.port or 80
        self.path = parts.path or "/"
        self.key = key

    def add(self, records: Iterable[Record]) -> int:
        """Hand ``records`` to the server, which stores them in one transaction; the number
        of rows new to the store.  ``OSError`` if the server could not be reached or could not
        store them (its answer says why)."""
        answer = self._post({"rows": [r.to_data() for r in records]}, "the rows")
        stored = answer.get("stored")
        if type(stored) is not int:
            raise OSError(f"the server answered {str(answer)[:80]!r}, not a count of rows")
        return stored

    def keep(self, pages: Iterable[KeptPage]) -> None:
        """Hand each of ``pages`` to the server to keep (one post each: a page is large)."""
        for page in pages:
            self._post({"pages": [page.to_data()]}, "the page")

    def kept(self, question: KeptPage) -> str:
        """The page the server keeps for ``question``'s class, student and lesson ("" for
        none); ``OSError`` within `FIND_TIMEOUT_S` if the server could not say."""
        answer = self._post({"find": question.to_data()}, "the question", FIND_TIMEOUT_S)
        text = answer.get("text")
        if not isinstance(text, str):
            raise OSError(f"the server answered {str(answer)[:80]!r}, not a page")
        return text

    def _post(self, data: dict[str, Any], what: str, timeout: float = TIMEOUT_S) -> dict:
        """Post ``data``; the server's JSON answer, or ``OSError`` saying why there is none."""
        body = json.dumps(data).encode()
        connection = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
        try:
            connection.request("POST", self.path, body, {
                "Content-Type": "application/json", KEY_HEADER: self.key,
            })  # fmt: skip
            response = connection.getresponse()
            answer = response.read(MAX_ANSWER).decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as error:
            raise OSError(f"the server did not take {what} ({error})") from None
        finally:
            connection.close()
        if response.status != 200:
            raise OSError(f"the server refused {what}: {answer.strip()[:200]}")
        try:
            found = json.loads(answer)
        except ValueError:
            found = None
        if not isinstance(found, dict):
            raise OSError(f"the server answered {answer[:80]!r}, not JSON")
        return found

    def close(self) -> None:
        """Nothing to close: a connection lasts one post."""


def server_store() -> ServerStore | None:
    """The server this kernel hands its rows to, or None (it opens the store itself)."""
    url = os.environ.get(POST_ENV, "").strip()
    return ServerStore(url, os.environ.get(KEY_ENV, "")) if url else None
