"""The kernel's writer: rows are stored off the press's path, a store that is down is retried
(fault injected: its folder missing, then made) with no row lost or doubled, and a class's
table names the student its link gave."""

from __future__ import annotations

import datetime as dt
from typing import Any

from cardlab.core.results import Result
from cardlab.record.rows import Record
from cardlab.record.store import Store, default_url
from cardlab.record.writer import RETRY_S, Writer, class_record


def row(student: str, k: int) -> Record:
    return Record.now(Result("table", "triad", "W1", 1, f"Hand {k}: call", k), student, "triad")


def test_rows_put_are_stored_in_order(url):
    writer = Writer(url)
    rows = [row("Ann", k) for k in range(5)]
    for r in rows:
        writer.put(r)
    assert writer.flush(60) and writer.waiting() == 0
    with Store(url) as store:
        assert [r.key for r in store.rows("W1")] == [r.key for r in rows]
    assert writer.stored == 5 and writer.last_error == ""


def test_a_store_that_is_down_is_retried_and_nothing_is_lost(tmp_path):
    folder = tmp_path / "not-yet"
    pauses: list[float] = []

    def sleep(seconds: float) -> None:
        pauses.append(seconds)
        if len(pauses) == 3:  # the store comes back after the third try
            folder.mkdir()

    writer = Writer(f"sqlite:///{folder / 'results.sqlite'}", sleep=sleep)
    rows = [row("Bo", k) for k in range(4)]
    for r in rows:
        writer.put(r)
    assert writer.flush(60)
    assert pauses == list(RETRY_S[:3]) and writer.failures == 3 and writer.last_error == ""
    with Store(f"sqlite:///{folder / 'results.sqlite'}") as store:
        back = store.rows("W1")
    assert [r.key for r in back] == [r.key for r in rows]  # each once, in order


def played_hand(query: str) -> tuple[Any, Any]:
    """A Triad lesson page opened at ``query`` with its table, played to the end of a hand,
    its rows written; then closed (it follows the link no more) and the link put back."""
    from cardlab.apps.triad.table import TriadTable
    from cardlab.widgets.a11y import page_script
    from cardlab.widgets.autoplay import step
    from cardlab.widgets.lesson_page import LessonPage
    from cardlab.widgets.table import TableView

    script = page_script()
    before = script.location
    script.location = query
    page = LessonPage("triad")
    try:
        table = TableView(TriadTable.start(), page)
        page.follow(script.location)
        while not table.model.scores:
            step(table)
        assert class_record().flush(60)
    finally:
        page.close()  # it follows the link no more
        script.location = before
    return page, table


def test_a_class_table_writes_its_finished_hand_with_the_students_name():
    _, table = played_hand("?class=REC1&name=Ann%20Lee")
    assert table.student == "Ann Lee"
    with Store(default_url()) as store:
        (stored,) = store.rows("REC1")
    (own,) = table.results.results
    assert (stored.student, stored.lesson, stored.result) == ("Ann Lee", "triad", own)


def test_a_hand_finished_before_the_name_is_given_is_stored_under_it_once_given():
    """A class page without a name (none in the link, no hub, the browser remembers none):
    the finished hand waits in the page, and goes to the record when the student types a name,
    with the time it was finished; the teacher never gets a row that names nobody."""
    page, table = played_hand("?class=REC2")
    assert table.student == ""
    with Store(default_url()) as store:
        assert store.rows("REC2") == []  # it waits for a name
    finished = dt.datetime.now(dt.timezone.utc)
    page._name_given("Bea")
    assert class_record().flush(60)
    with Store(default_url()) as store:
        (stored,) = store.rows("REC2")
    (own,) = table.results.results
    assert (stored.student, stored.result) == ("Bea", own)
    assert stored.at <= finished  # when it was finished, not when it was named
    page._name_given("Bo")  # a name changed later: nothing stored twice
    assert class_record().flush(60)
    with Store(default_url()) as store:
        assert len(store.rows("REC2")) == 1


def test_with_the_class_record_off_nothing_is_stored(tmp_path, monkeypatch):
    url = f"sqlite:///{tmp_path / 'results.sqlite'}"
    with Store(url):  # the store exists, so only the writer could skip it
        pass
    monkeypatch.setenv("CARDLAB_RESULTS", "off")
    writer = Writer()
    writer.put(row("Cy", 1))
    assert writer.waiting() == 0 and writer.flush(1)
    monkeypatch.setenv("CARDLAB_RESULTS", url)
    with Store(url) as store:
        assert store.rows("W1") == []
    assert writer.stored == 0 and writer._thread is None  # no thread, no database opened
