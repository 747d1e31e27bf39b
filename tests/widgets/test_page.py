"""`cardlab.widgets.page`: what a lesson's link and its server's options ask for."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.lessons.page_link import MAX_QUERY
from cardlab.widgets.a11y import page_script
from cardlab.widgets.page import HINTS, hints_allowed, parse_query, watch_query
from cardlab.widgets.table import TableView


def test_a_link_reads_back_without_its_question_mark():
    assert parse_query("?seed=42&ai=careful&empty=") == {"seed": "42", "ai": "careful", "empty": ""}
    assert parse_query("") == {} and parse_query("?") == {}


@given(st.dictionaries(st.text(min_size=1), st.text(), max_size=5))
def test_any_query_reads_back(params):
    search = "?" + urlencode(params)
    assert parse_query(search) == (params if len(search) <= MAX_QUERY else {})


@given(st.text(max_size=3 * MAX_QUERY))
def test_any_text_is_a_query_or_none(search):
    query = parse_query(search)
    assert isinstance(query, dict) and all(isinstance(v, str) for v in query.values())
    assert len(search) <= MAX_QUERY or query == {}


@pytest.mark.parametrize(
    ("env", "search", "allowed"),
    [("", "", True), ("off", "", False), ("", "?hints=off", False), ("", "?hints=0&seed=2", False),
     ("", "?hints=on", True), ("", "?hints=%3Cscript%3E", True), ("OFF", "?hints=on", False)],
)  # fmt: skip
def test_hints_follow_the_server_and_the_link(monkeypatch, env, search, allowed):
    monkeypatch.setenv(HINTS, env)
    assert hints_allowed(parse_query(search)) is allowed


@pytest.fixture
def browser_reports():
    """Set the page's query as the browser would report it; the page forgets it afterwards."""
    script = page_script()
    before = script.location

    def report(search: str) -> None:
        script.location = search

    yield report
    script.location = before


def test_a_table_hides_its_hints_when_the_page_says_so(monkeypatch, browser_reports):
    monkeypatch.delenv(HINTS, raising=False)
    table = TableView(PyramidPokerTable.start(seed=1))
    browser_reports("?hints=off")
    assert [table.controls[k].layout.display for k in ("hint", "play-hint")] == ["none", "none"]
    assert table.controls["new-game"].layout.display is None, "only the hints go"
    browser_reports("?seed=3")
    assert table.controls["hint"].layout.display is None


def test_a_table_made_after_the_page_reported_reads_the_query_at_once(monkeypatch, browser_reports):
    """A lesson section built on demand, or a cell run again in JupyterLab, comes after the
    browser has spoken: it must not wait for a report that already came."""
    monkeypatch.delenv(HINTS, raising=False)
    browser_reports("?hints=off")
    table = TableView(PyramidPokerTable.start(seed=1))
    assert table.controls["hint"].layout.display == "none"
    seen = []
    watch_query(seen.append)
    browser_reports("?seed=9&hints=on")
    assert seen == [{"hints": "off"}, {"seed": "9", "hints": "on"}]
