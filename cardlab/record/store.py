"""The class record: every student's finished hands, deals and games and answered questions,
stored as they happen, in a database the teacher's class view and `cardlab class` read.

One table of rows (`ROWS`), through SQLAlchemy so the same code runs on the two databases a
school has: by default SQLite, one file in the user's data folder that every kernel of a
`cardlab serve` writes (write-ahead log, and a writer waits its turn rather than failing); past
one machine (a JupyterHub, each student's server apart) PostgreSQL, given by URL
(``--results URL``, `URL_ENV` in a student's server).  A row carries its own id (`Record.key`),
made where it happened, so a write retried after a lost connection never counts twice.
"""

from __future__ import annotations

import datetime as dt
import os
import threading
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from cardlab.core.results import Kind, Result
from cardlab.record import OFF, URL_ENV
from cardlab.record.rows import MAX_PAGE, KeptPage, Record

FILE_NAME = "results.sqlite"
MAX_TEXT = 4_000
"""The longest text a row keeps in a field (a whole game's moves are a few hundred letters)."""
MAX_NAME = 64

METADATA = sa.MetaData()
ROWS = sa.Table(
    "cardlab_results",
    METADATA,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("key", sa.String(36), nullable=False, unique=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("class_code", sa.String(32), nullable=False, index=True),
    sa.Column("student", sa.String(MAX_NAME), nullable=False),
    sa.Column("lesson", sa.String(64), nullable=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("deal", sa.Integer, nullable=False),
    sa.Column("moves", sa.Text, nullable=False),
    sa.Column("score", sa.Float, nullable=True),
    sa.Column("question", sa.Text, nullable=False),
    sa.Column("answer", sa.Text, nullable=False),
    sa.Column("right", sa.Boolean, nullable=True),
)
"""One row per finished hand, deal, round or game and per answered question."""
PAGES = sa.Table(
    "cardlab_kept_pages",
    METADATA,
    sa.Column("class_code", sa.String(32), primary_key=True),
    sa.Column("student", sa.String(MAX_NAME), primary_key=True),
    sa.Column("lesson", sa.String(64), primary_key=True),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
)
"""Each student's latest kept page of each lesson of a class (`KeptPage`): it comes back on
another device, or after the browser forgot it."""


def default_url() -> str:
    """The URL a kernel or `cardlab serve` uses: `URL_ENV`, else SQLite in the user's data
    folder (made if need be)."""
    url = os.environ.get(URL_ENV, "").strip()
    if url:
        return url
    import platformdirs

    folder = Path(platformdirs.user_data_dir("cardlab"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / FILE_NAME}"


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Every SQLite connection: the write-ahead log (readers never wait on a writer) and a
    writer that waits up to 10 s for another kernel's write instead of failing."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Store:
    """The class record at ``url`` (made on first use): rows in, rows of a class out."""

    def __init__(self, url: str) -> None:
        if url == OFF:
            raise ValueError(f"results: the class record is off (${URL_ENV} or --results is "
                             f"{OFF!r}): nothing is stored")  # fmt: skip
        try:
            self.engine: Engine = sa.create_engine(url, pool_pre_ping=True)
        except (sa.exc.ArgumentError, ImportError, ValueError) as error:
            raise ValueError(f"results: {shown_url(url)!r} is not a database URL "
                             f"SQLAlchemy can open ({error})") from None  # fmt: skip
        if self.engine.dialect.name == "sqlite":
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
        METADATA.create_all(self.engine)

    @property
    def where(self) -> str:
        """The database, as a teacher may be told it (no password)."""
        return shown_url(self.engine.url.render_as_string(hide_password=True))

    def add(self, records: Iterable[Record]) -> int:
        """Store ``records`` in one transaction; a row already stored (its key: a retried
        write) is kept once.  The number of rows new to the store."""
        values = [_values(r) for r in records]
        if not values:
            return 0
        insert = _insert_ignoring_duplicates(self.engine.dialect.name)
        with self.engine.begin() as connection:  # the keys inserted: a driver's rowcount is not
            return len(connection.execute(insert.returning(ROWS.c.key), values).all())

    def rows(self, class_code: str) -> list[Record]:
        """Every row of ``class_code``, oldest first."""
        query = sa.select(ROWS).where(ROWS.c.class_code == class_code).order_by(ROWS.c.id)
        with self.engine.connect() as connection:
            return [_record(row) for row in connection.execute(query).mappings()]

    def keep(self, pages: Iterable[KeptPage]) -> None:
        """Keep each of ``pages`` in place of the one before it (of the same class, student
        and lesson), in one transaction; a page with no text forgets it."""
        now = dt.datetime.now(dt.timezone.utc)
        with self.engine.begin() as connection:
            for page in pages:
                connection.execute(sa.delete(PAGES).where(*_page_is(page)))
                if page.text:
                    values = {**_page_names(page), "at": now, "text": kept(page.text, MAX_PAGE)}
                    connection.execute(sa.insert(PAGES), values)

    def kept(self, question: KeptPage) -> str:
        """The text kept for the class, student and lesson of ``question`` ("" for none)."""
        query = sa.select(PAGES.c.text).where(*_page_is(question))
        with self.engine.connect() as connection:
            return connection.execute(query).scalar() or ""

    def classes(self) -> list[str]:
        """The class codes with rows, in order."""
        query = sa.select(ROWS.c.class_code).distinct().order_by(ROWS.c.class_code)
        with self.engine.connect() as connection:
            return [code for (code,) in connection.execute(query)]

    def close(self) -> None:
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


_SHARED: list[Store] = []
_OPENING = threading.Lock()


def shared_store() -> Store:
    """The process's one store at `default_url` (a server's: its class view reads it, and it
    stores its kernels' rows), opened on first use; one that could not be opened is tried
    again on the next call."""
    with _OPENING:
        if not _SHARED:
            _SHARED.append(Store(default_url()))
        return _SHARED[0]


def shown_url(url: str) -> str:
    """``url`` as a message may show it: its password hidden."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return url[:80]


def _insert_ignoring_duplicates(dialect: str) -> Any:
    if dialect == "postgresql":
        return postgresql.insert(ROWS).on_conflict_do_nothing(index_elements=["key"])
    if dialect == "sqlite":
        return sqlite.insert(ROWS).on_conflict_do_nothing(index_elements=["key"])
    raise ValueError(f"results: {dialect} databases are not supported (SQLite, PostgreSQL)")


def kept(text: str, limit: int = MAX_TEXT) -> str:
    """``text`` as a row keeps it: at most ``limit`` characters (cut with "…"), and a NUL
    (which PostgreSQL refuses in text, and a link's name could carry) as U+FFFD."""
    text = text.replace("\x00", "\ufffd")
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def _values(record: Record) -> dict[str, Any]:
    r = record.result
    return {
        "key": record.key,
        "at": record.at,
        "class_code": r.class_code[:32],
        "student": kept(record.student, MAX_NAME),
        "lesson": kept(record.lesson, 64),
        "kind": r.kind,
        "game": kept(r.game, 32),
        "deal": r.deal,
        "moves": kept(r.moves),
        "score": None if r.score is None else float(r.score),
        "question": kept(r.question),
        "answer": kept(r.answer),
        "right": r.right,
    }


def _page_names(page: KeptPage) -> dict[str, str]:
    return {"class_code": page.class_code[:32], "student": kept(page.student, MAX_NAME),
            "lesson": kept(page.lesson, 64)}  # fmt: skip


def _page_is(page: KeptPage) -> list[Any]:
    names = _page_names(page)
    return [PAGES.c[name] == value for name, value in names.items()]


def _kind(text: str) -> Kind:
    if text == "quiz":
        return "quiz"
    return "table"


def _record(row: Any) -> Record:
    score = row["score"]
    result = Result(
        _kind(row["kind"]),
        row["game"],
        row["class_code"],
        row["deal"],
        row["moves"],
        None if score is None else (int(score) if float(score).is_integer() else score),
        row["question"],
        row["answer"],
        row["right"],
    )
    at = row["at"]
    if at.tzinfo is None:  # SQLite keeps no zone: the store writes UTC
        at = at.replace(tzinfo=dt.timezone.utc)
    return Record(result, row["student"], row["lesson"], at, row["key"])
