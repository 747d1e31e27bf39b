"""Students' kept pages in the class record (`KeptPage`, `Store.keep`/`kept`, the server's
``{"pages"}``/``{"find"}`` posts, the writer): the latest page of each class, student and lesson
is kept, replaced, forgotten; a page asked for comes back as kept; anything else posted is
refused with what is wrong.  A real store (SQLite; PostgreSQL too where one is named) and a
real tornado server with the handler."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_post import KEY, row, server  # noqa: F401  (the server fixture)

from cardlab.record import URL_ENV
from cardlab.record.post import ServerStore
from cardlab.record.rows import MAX_PAGE, KeptPage
from cardlab.record.store import Store
from cardlab.record.writer import Writer
from cardlab.serve.record_handler import read_post


def page(student: str = "Ann", text: str = "v1.{}", lesson: str = "triad") -> KeptPage:
    return KeptPage("P1", student, lesson, text)


def test_the_latest_page_of_each_student_and_lesson_is_kept_and_can_be_forgotten(url):
    with Store(url) as kept:
        assert kept.kept(page()) == ""
        kept.keep([page(text="first"), page("Bo", "bo's"), page(lesson="doudizhu", text="dd")])
        kept.keep([page(text="second"), page(text="third")])  # the last of a batch wins
        assert kept.kept(page()) == "third"
        assert kept.kept(page("Bo")) == "bo's"
        assert kept.kept(page(lesson="doudizhu")) == "dd"
        assert kept.kept(KeptPage("P2", "Ann", "triad", "")) == ""  # another class: none
        kept.keep([page(text="")])  # "Start this lesson again"
        assert kept.kept(page()) == ""
        assert kept.kept(page("Bo")) == "bo's"
        big = "x" * MAX_PAGE
        kept.keep([page(text=big + "\x00")])  # a NUL (PostgreSQL refuses one) is replaced
        assert kept.kept(page()) == (big + "\x00")[: MAX_PAGE - 1] + "\u2026"


def test_a_kernel_keeps_and_finds_its_page_through_the_server(url, server, monkeypatch):  # noqa: F811
    monkeypatch.setenv(URL_ENV, url)
    through = ServerStore(server, KEY)
    assert through.kept(page()) == ""
    through.keep([page(text="kept é ✓"), page("Bo", "bo")])
    assert through.kept(page()) == "kept é ✓"
    with Store(url) as kept:
        assert kept.kept(page("Bo")) == "bo"
    with pytest.raises(OSError, match="403"):
        ServerStore(server, "not the key").kept(page())


def test_the_writer_keeps_the_last_page_of_a_burst_with_the_rows(url):
    writer = Writer(url)
    for n in range(5):
        writer.keep(page(text=f"page {n}"))
    writer.put(row("Ann", 1))
    assert writer.flush(30)
    with Store(url) as kept:
        assert kept.kept(page()) == "page 4"
        assert [r.student for r in kept.rows("P1")] == ["Ann"]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"pages": "x"}, '{"pages": [...]}'),
        ({"pages": [page().to_data()] * 21}, "at most 20 pages"),
        ({"pages": [{**page().to_data(), "student": ""}]}, "page 1: student is text of 1"),
        ({"pages": [{**page().to_data(), "class_code": "C" * 33}]}, "page 1: class_code"),
        ({"pages": [{**page().to_data(), "text": 5}]}, "page 1: text is text"),
        ({"pages": [{**page().to_data(), "text": "x" * (MAX_PAGE + 1)}]}, "page 1: text"),
        ({"find": [1]}, "a kept page is a JSON object"),
        ({"find": {"class_code": "P1", "student": "Ann"}}, "lesson is text"),
    ],
)
def test_a_post_of_anything_but_pages_is_refused_with_what_is_wrong(data, says):
    with pytest.raises(ValueError) as refused:
        read_post(json.dumps(data).encode())
    assert says in str(refused.value)


names = st.text(min_size=1, max_size=32)


@settings(max_examples=200, deadline=None)
@given(st.builds(KeptPage, names, names, names, st.text(max_size=200)))
def test_a_page_comes_back_from_its_json_as_it_was(kept):
    assert read_post(json.dumps({"pages": [kept.to_data()]}).encode()).pages == [kept]
    question = read_post(json.dumps({"find": kept.to_data()}).encode()).find
    assert question == KeptPage(kept.class_code, kept.student, kept.lesson, "")
