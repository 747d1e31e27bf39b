"""A lesson page as the browser keeps it, so the page comes back where the learner was: after a
reload, a kernel that died or was culled, a server restarted, a page closed and opened again.

What is kept is what the learner did, in the forms the page already has for it: the page's
query (theme, rules, class: `cardlab.lessons.page_state.write_query`), each panel's position
(the deal and the presses, as its share link holds them) and the rows of the student's results
(`cardlab.record.rows.Record`, each with its key).  The page replays the presses on return, so
the picture, the log and the bots' next moves are the ones the learner left.

The browser's storage is the learner's to change, so a kept page is signed (HMAC-SHA256) with a
key of the serving account (`page_key`: a file in its data folder, so a restarted server still
reads what it signed), and bounded (`MAX_TEXT`, `MAX_ROWS`).  A kept page that was changed, or
made by another version (`FORMAT`), or by another server, is refused with the reason
(`ValueError`), and the page starts fresh: never a traceback.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import json
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardlab.core.i18n import msg
from cardlab.record.rows import Record

FORMAT = 1
"""The kept page's form: a page kept in another is refused (and the page starts fresh)."""
MAX_TEXT = 400_000
"""The most characters a kept page takes in the browser (100 games' rows take some 40,000)."""
MAX_ROWS = 1_000
"""The most result rows a kept page holds per panel: older rows stay in the student's
downloaded files and the class record, and the page says so when it comes back."""
MAX_PANELS = 40
KEY_FILE = "page-key"


@dataclass(frozen=True)
class SavedPage:
    """One lesson page: its ``query``, each panel's position (by its share key) and each
    panel's result rows (by its place on the page, "0", "1", ...)."""

    lesson: str
    query: str = ""
    positions: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    rows: Mapping[str, tuple[Record, ...]] = field(default_factory=dict)
    dropped: int = 0
    """Rows left out to keep within `MAX_ROWS` (said when the page comes back)."""


def encode(page: SavedPage, key: bytes) -> str:
    """``page`` as the text the browser keeps, signed with ``key``; at most `MAX_TEXT`
    characters (the oldest rows are left out first, and counted in ``dropped``)."""
    rows = {k: list(v) for k, v in page.rows.items()}
    dropped = page.dropped
    for panel_rows in rows.values():
        extra = max(0, len(panel_rows) - MAX_ROWS)
        del panel_rows[:extra]
        dropped += extra
    while True:
        body = {
            "format": FORMAT, "lesson": page.lesson, "query": page.query,
            "positions": {k: dict(v) for k, v in page.positions.items()},
            "rows": {k: [r.to_data() for r in v] for k, v in rows.items()}, "dropped": dropped,
        }  # fmt: skip
        data = json.dumps(body, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
        text = f"{_sign(data, key)}.{data}"
        longest = max(rows.values(), key=len, default=[])
        if len(text) <= MAX_TEXT or not longest:
            return text
        cut = max(1, len(longest) // 10)
        del longest[:cut]
        dropped += cut


def decode(text: object, key: bytes, lesson: str) -> SavedPage:
    """The page `encode` kept for ``lesson``; ``ValueError`` saying why it cannot be used."""
    if not isinstance(text, str) or "." not in text:
        raise ValueError(_not_kept())
    if len(text) > MAX_TEXT:
        raise ValueError(str(msg("it is longer than {count} characters", count=MAX_TEXT)))
    signature, data = text.split(".", 1)
    if not hmac.compare_digest(signature.encode("utf-8", "replace"), _sign(data, key).encode()):
        raise ValueError(str(msg("it was changed outside the lesson, or kept by another server")))
    try:
        body = json.loads(data)
    except ValueError:
        raise ValueError(_not_kept()) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise ValueError(str(msg("it was kept by another version of cardlab")))
    if body.get("lesson") != lesson:
        raise ValueError(str(msg("it is another lesson's")))
    return SavedPage(
        lesson,
        _text(body.get("query")),
        _positions(body.get("positions")),
        _rows(body.get("rows")),
        body["dropped"] if type(body.get("dropped")) is int else 0,
    )


def _not_kept() -> str:
    """The reason for anything else than a kept page (read in the page's language)."""
    return str(msg("it is not a kept lesson page"))


def _sign(data: str, key: bytes) -> str:
    digest = hmac.new(key, data.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise ValueError(_not_kept())
    return value


def _panels(value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or len(value) > MAX_PANELS:
        raise ValueError(_not_kept())
    return value


def _positions(value: object) -> dict[str, dict[str, str]]:
    found = {}
    for name, params in _panels(value).items():
        if not isinstance(params, dict) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in params.items()
        ):
            raise ValueError(_not_kept())
        found[str(name)] = params
    return found


def _rows(value: object) -> dict[str, tuple[Record, ...]]:
    found = {}
    for name, rows in _panels(value).items():
        if not isinstance(rows, list) or len(rows) > MAX_ROWS:
            raise ValueError(_not_kept())
        try:
            found[str(name)] = tuple(Record.from_data(row) for row in rows)
        except ValueError as error:
            raise ValueError(_not_kept()) from error
    return found


def page_key(folder: Path | None = None) -> bytes:
    """The key this account signs kept pages with, made on first use in its data folder
    (``folder``: default, cardlab's user data folder), readable by the account only.  Every
    kernel of one account (one `cardlab serve`, restarted or not; one student's server behind
    a hub) signs alike; if the folder cannot be written, a key for this process only."""
    if folder is None:
        import platformdirs

        folder = Path(platformdirs.user_data_dir("cardlab"))
    path = folder / KEY_FILE
    try:
        return bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        pass
    made = secrets.token_bytes(32)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}")
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="ascii") as file:
            file.write(made.hex())
        try:
            os.link(partial, path)  # the first kernel's key wins; the others read it
        except FileExistsError:
            return bytes.fromhex(path.read_text(encoding="ascii").strip())
        finally:
            partial.unlink(missing_ok=True)
    except (OSError, ValueError):
        pass
    return made


@functools.lru_cache(maxsize=1)
def account_key() -> bytes:
    """`page_key` of this account's data folder, read once per process: a page is kept after
    every press, and the key file never changes under a running kernel."""
    return page_key()
