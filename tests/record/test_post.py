"""Rows handed to the server (`cardlab.record.post`, `cardlab.serve.record_handler`): under
``cardlab serve`` a kernel posts its rows and the server stores them in its one store.  A real
tornado server with the handler, a real store (SQLite; PostgreSQL too where one is named); the
store made to fail (fault injected: its folder missing, then made) loses and doubles no row;
a post without the key, or with anything but rows, stores nothing and says why."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tornado import web
from tornado.httpserver import HTTPServer
from tornado.testing import bind_unused_port

from cardlab.core.results import Result
from cardlab.record import URL_ENV, store
from cardlab.record.post import KEY_ENV, POST_ENV, ServerStore
from cardlab.record.rows import MAX_FIELD, Record
from cardlab.record.store import Store
from cardlab.record.trouble import FOLDER_ENV, read_notes
from cardlab.record.writer import RETRY_S, Writer
from cardlab.serve.record_handler import MAX_BODY, RecordHandler, read_post
from cardlab.serve.room import RECORD_PATH

KEY = "the-kernels-key"


def row(student: str, k: int, code: str = "P1") -> Record:
    return Record.now(Result("table", "triad", code, 1, f"Hand {k}: call", k), student, "triad")


@pytest.fixture
def server(monkeypatch) -> Iterator[str]:
    """The handler on a server of its own (a thread with its own event loop), storing in the
    store `URL_ENV` names; its address to post to."""
    monkeypatch.setenv(KEY_ENV, KEY)
    store._SHARED.clear()
    sock, port = bind_unused_port()
    ready, stop = threading.Event(), threading.Event()

    async def serve() -> None:
        http = HTTPServer(web.Application([(RECORD_PATH, RecordHandler)]))
        http.add_sockets([sock])
        ready.set()
        while not stop.is_set():
            await asyncio.sleep(0.02)
        http.stop()

    thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    yield f"http://127.0.0.1:{port}{RECORD_PATH}"
    stop.set()
    thread.join(10)
    for opened in store._SHARED:
        opened.close()
    store._SHARED.clear()


def test_rows_a_kernel_posts_are_stored_once_each_in_order(url, server, monkeypatch):
    monkeypatch.setenv(URL_ENV, url)
    monkeypatch.setenv(POST_ENV, server)
    writer = Writer()  # no URL of its own: the server's, as under cardlab serve
    rows = [row("Ann", k) for k in range(5)]
    for r in rows:
        writer.put(r)
    assert writer.flush(60) and writer.stored == 5 and writer.last_error == ""
    assert ServerStore(server, KEY).add(rows[:2]) == 0  # a post retried: nothing new
    with Store(url) as kept:
        back = kept.rows("P1")
    assert [r.key for r in back] == [r.key for r in rows]
    assert [(r.student, r.result) for r in back] == [(r.student, r.result) for r in rows]


def test_a_kernel_that_posts_never_loads_the_database_library(url, server, monkeypatch):
    """The reason for posting: a kernel's rows cost it no SQLAlchemy (0.15 s of CPU each)."""
    monkeypatch.setenv(URL_ENV, url)  # the server's
    script = (
        "import sys\n"
        "from cardlab.core.results import Result\n"
        "from cardlab.record.rows import Record\n"
        "from cardlab.record.writer import Writer\n"
        "w = Writer()\n"
        "w.put(Record.now(Result('quiz', 'triad', 'P1', 2, '', None, 'Q', 'A', True), 'Bo', 'x'))\n"
        "assert w.flush(60), w.last_error\n"
        "print(w.stored, 'sqlalchemy' in sys.modules)\n"
    )
    env = {**os.environ, URL_ENV: url, POST_ENV: server, KEY_ENV: KEY}
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, timeout=120)  # fmt: skip
    assert done.stdout.split() == ["1", "False"], done.stderr
    with Store(url) as kept:
        (stored,) = kept.rows("P1")
    assert (stored.student, stored.result.answer) == ("Bo", "A")


def test_a_store_that_is_down_behind_the_server_is_retried_and_nothing_is_lost(
    server, tmp_path, monkeypatch
):
    folder = tmp_path / "not-yet"
    url = f"sqlite:///{folder / 'results.sqlite'}"
    monkeypatch.setenv(URL_ENV, url)
    monkeypatch.setenv(POST_ENV, server)
    monkeypatch.setenv(FOLDER_ENV, str(tmp_path / "notes"))
    pauses: list[float] = []
    said: list[str] = []

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        said.append(read_notes().error)  # what the teacher's view says meanwhile
        if len(pauses) == 2:  # the store comes back after the second try
            folder.mkdir()

    writer = Writer(sleep=sleep)
    rows = [row("Cy", k) for k in range(3)]
    for r in rows:
        writer.put(r)
    assert writer.flush(60)
    assert pauses == list(RETRY_S[:2]) and writer.failures == 2
    assert all("503" in s and "OperationalError" in s for s in said), said
    assert read_notes().kernels == 0  # stored: the note is gone
    with Store(url) as kept:
        assert [r.key for r in kept.rows("P1")] == [r.key for r in rows]


def test_a_server_that_does_not_answer_is_said_and_the_rows_wait(monkeypatch):
    sock, port = bind_unused_port()
    sock.close()  # nothing listens there
    monkeypatch.setenv(POST_ENV, f"http://127.0.0.1:{port}{RECORD_PATH}")
    monkeypatch.setenv(URL_ENV, "sqlite:///unused.sqlite")
    pauses: list[float] = []
    writer = Writer(sleep=pauses.append)
    writer.put(row("Di", 1))
    assert not writer.flush(0.5)  # still trying: the row waits, none is dropped
    assert writer.waiting() == 1 and pauses
    assert writer.last_error.startswith("OSError: the server did not take the rows")


@pytest.mark.parametrize(
    ("key", "says"),
    [("", "only from this server's kernels"), ("guessed", "only from this server's kernels")],
)
def test_rows_without_the_servers_key_are_refused_and_not_stored(url, server, monkeypatch, key,
                                                                  says):  # fmt: skip
    monkeypatch.setenv(URL_ENV, url)
    with pytest.raises(OSError, match="403: rows are taken " + says):
        ServerStore(server, key).add([row("Eve", 1)])
    with Store(url) as kept:
        assert kept.rows("P1") == []


@pytest.mark.parametrize(
    ("body", "says"),
    [
        (b"{", "not JSON"),
        (b"[1, 2]", '{"rows": [...]}'),
        (json.dumps({"rows": [{"kind": "table"}]}).encode(), "row 1: "),
        (
            json.dumps({"rows": [{**row("A", 1).to_data(), "key": "k" * 37}]}).encode(),
            "row 1: key is 1 to 36",
        ),
        (json.dumps({"rows": [{**row("A", 1).to_data(), "deal": -1}]}).encode(), "row 1: deal"),
        (
            json.dumps({"rows": [{**row("A", 1).to_data(), "at": "2026-01-01T10:00"}]}).encode(),
            "row 1: at has no time zone",
        ),
        (json.dumps({"rows": [row("A", 1).to_data()] * 201}).encode(), "at most 200 rows"),
        (b" " * (MAX_BODY + 1), "at most"),
        (b"[" * 100_000 + b"]" * 100_000, "not JSON"),
    ],
)
def test_a_post_of_anything_but_rows_is_refused_with_what_is_wrong(body, says):
    with pytest.raises(ValueError) as refused:
        read_post(body)
    assert says in str(refused.value)


def test_a_refused_post_is_answered_with_why_and_stores_none_of_its_rows(url, server,
                                                                         monkeypatch):  # fmt: skip
    monkeypatch.setenv(URL_ENV, url)
    good, bad = row("A", 1), dataclasses.replace(row("A", 2), key="k" * 37)
    with pytest.raises(OSError, match="400: row 2: key is 1 to 36 characters"):
        ServerStore(server, KEY).add([good, bad])
    with Store(url) as kept:
        assert kept.rows("P1") == []


texts = st.text(max_size=60)
records = st.builds(
    Record,
    st.builds(
        Result,
        st.sampled_from(["table", "quiz"]),
        texts,
        texts,
        st.integers(0, 2**31 - 1),
        texts,
        st.one_of(
            st.none(), st.integers(-(10**12), 10**12), st.floats(-1e12, 1e12, allow_nan=False)
        ),
        texts,
        texts,
        st.one_of(st.none(), st.booleans()),
    ),
    texts,
    texts,
    st.datetimes(timezones=st.just(dt.timezone.utc)),
    st.text(min_size=1, max_size=36),
)


@settings(max_examples=200, deadline=None)
@given(records)
def test_a_row_comes_back_from_its_json_as_it_was(record):
    assert Record.from_data(json.loads(json.dumps(record.to_data()))) == record


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=10), inner, max_size=14),
                    max_leaves=40))  # fmt: skip
def test_any_json_is_rows_or_a_reason(data):
    body = json.dumps({"rows": [data]}).encode()
    try:
        (record,) = read_post(body).rows
    except ValueError as error:
        assert str(error).startswith(("row 1: ", "the post")), error
    else:
        assert isinstance(record, Record) and len(record.key) <= 36


def test_a_field_longer_than_its_bound_is_refused():
    data = {**row("A", 1).to_data(), "moves": "x" * (MAX_FIELD + 1)}
    with pytest.raises(ValueError, match="moves is longer than 10,000 characters"):
        Record.from_data(data)
