"""`cardlab.widgets.page`: what a lesson's link and its server's options ask for."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.widgets.page import HINTS, MAX_QUERY, hints_allowed, parse_query
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


def test_a_table_hides_its_hints_when_the_page_says_so(monkeypatch):
    monkeypatch.delenv(HINTS, raising=False)
    table = TableView(PyramidPokerTable.start(seed=1))
    table.view.label.location = "?hints=off"  # what the browser reports
    assert [table.controls[k].layout.display for k in ("hint", "play-hint")] == ["none", "none"]
    assert table.controls["new-game"].layout.display is None, "only the hints go"
    table.view.label.location = "?seed=3"
    assert table.controls["hint"].layout.display is None
