"""The class record's store on SQLite (and on PostgreSQL where `PG_ENV` names a server, as
`.ci/run` does): rows go in and come back as written, a retried write counts once, many
kernels writing at once lose nothing, and a bad URL is refused with a reason."""

from __future__ import annotations

import datetime as dt
import multiprocessing

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.results import Result
from cardlab.record import URL_ENV
from cardlab.record.rows import Record
from cardlab.record.store import MAX_TEXT, Store, default_url, kept


def record(student: str, score: float = 3, code: str = "MATH7B", deal: int = 1) -> Record:
    return Record.now(Result("table", "triad", code, deal, "Hand 1: call", score), student, "triad")


def test_rows_come_back_as_written_and_a_retried_write_counts_once(url):
    with Store(url) as store:
        check_rows_and_retries(store)


def check_rows_and_retries(store: Store) -> None:
    rows = [record("Ann", 5), record("Bo", -2), record("Cy", 1.5, code="OTHER")]
    quiz = Record.now(Result("quiz", "triad", "MATH7B", 2, question="Which wins?",
                             answer="=A", right=False), "Ann", "triad")  # fmt: skip
    assert store.add([*rows, quiz]) == 4
    assert store.add([rows[0], quiz]) == 0  # the same rows again: a write retried
    back = store.rows("MATH7B")
    assert [r.key for r in back] == [rows[0].key, rows[1].key, quiz.key]
    assert back[0] == rows[0] and back[2] == quiz
    assert back[0].at.tzinfo is not None
    assert store.classes() == ["MATH7B", "OTHER"]


TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"),
               max_size=40)  # fmt: skip


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(student=TEXT, moves=TEXT | st.text(min_size=MAX_TEXT, max_size=MAX_TEXT + 50),
       score=st.one_of(st.none(), st.integers(-10**6, 10**6)))  # fmt: skip
def test_any_text_is_kept_or_cut_to_its_bound(url, student, moves, score):
    row = Record.now(Result("table", "doudizhu", "X1", 3, moves, score), student, "doudizhu")
    with Store(url) as store:
        store.add([row])
        (back,) = [r for r in store.rows("X1") if r.key == row.key]
    assert back.result.score == score
    assert back.student == kept(student, 64) and back.result.moves == kept(moves)
    assert len(back.result.moves) <= MAX_TEXT and "\x00" not in back.result.moves
    assert back.result.moves == moves or "\x00" in moves or len(moves) > MAX_TEXT


def _write(url: str, who: str, count: int) -> None:
    with Store(url) as store:
        for k in range(count):
            store.add([record(who, k)])


def test_kernels_writing_at_once_lose_no_row(url):
    """Eight processes (a class's kernels) each write 40 rows, one transaction a row."""
    Store(url).close()  # the table made once, before the writers race to make it
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write, args=(url, f"s{n}", 40)) for n in range(8)]
    for w in writers:
        w.start()
    for w in writers:
        w.join(120)
    assert [w.exitcode for w in writers] == [0] * 8
    with Store(url) as store:
        rows = store.rows("MATH7B")
    assert len(rows) == 320 and len({r.key for r in rows}) == 320


@pytest.mark.parametrize(
    ("url", "says"),
    [("nonsense", "not a database URL"), ("mysql://u:secret@host/db", "not a database URL")],
)
def test_a_bad_url_is_refused_with_the_reason_and_no_password(url, says):
    with pytest.raises(ValueError, match=says) as caught:
        Store(url)
    assert "secret" not in str(caught.value)


def test_the_default_is_a_file_in_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(URL_ENV, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path / 'cardlab' / 'results.sqlite'}"
    monkeypatch.setenv(URL_ENV, "postgresql+psycopg://hub/results")
    assert default_url() == "postgresql+psycopg://hub/results"


def test_a_row_keeps_its_time_in_utc(url):
    row = record("Ann")
    with Store(url) as store:
        store.add([row])
        (back,) = store.rows("MATH7B")
    assert back.at == row.at and back.at.utcoffset() == dt.timedelta(0)
