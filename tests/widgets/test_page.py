"""`page_query`: the page's URL query with and without a preheated kernel."""

from __future__ import annotations

import json
import os
import threading
from unittest import mock
from urllib.parse import urlencode

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.widgets.page import HINTS, PREHEATED, QUERY, hints_allowed, page_query

KERNEL_ID = "0a809a62-a888-4080-af3f-662e8f5049cd"


def voila_env(**env: str):
    """The environment with only the given Voilà request variables set."""
    clean = {k: v for k, v in os.environ.items() if k not in ("QUERY_STRING", "VOILA_PREHEAT")}
    return mock.patch.dict(os.environ, {**clean, **env}, clear=True)


def test_outside_voila_there_is_no_query():
    with voila_env():
        assert page_query() == {}


def test_a_kernel_started_for_the_page_reads_its_query():
    with voila_env(VOILA_PREHEAT="False", QUERY_STRING="seed=42&ai=careful&empty="):
        assert page_query() == {"seed": "42", "ai": "careful", "empty": ""}


@given(st.dictionaries(st.text(min_size=1), st.text(), max_size=5))
def test_any_query_reads_back(params):
    with voila_env(VOILA_PREHEAT="False", QUERY_STRING=urlencode(params)):
        assert page_query() == params


def test_a_preheated_kernel_asks_voila_for_the_request():
    """Voilà's query socket (``voila/query/<kernel id>``) sends the request once it is known; a
    fake of it here, so that the real ``voila.utils.wait_for_request`` is what gets tested."""
    from websockets.sync.server import serve

    paths = []

    def handler(ws):
        paths.append(ws.request.path)
        ws.send(json.dumps({"QUERY_STRING": "seed=7", "SCRIPT_NAME": "/voila/render/x.ipynb"}))

    with serve(handler, "127.0.0.1", 0) as server:
        port = server.socket.getsockname()[1]
        threading.Thread(target=server.serve_forever, daemon=True).start()
        env = {"VOILA_PREHEAT": "True", "VOILA_APP_PORT": str(port), "VOILA_SERVER_URL": "/",
               "VOILA_KERNEL_ID": KERNEL_ID}  # fmt: skip
        with voila_env(**env):
            assert page_query() == {"seed": "7"}
            assert page_query() == {"seed": "7"}  # known now: no second question
        server.shutdown()
    assert paths == [f"/voila/query/{KERNEL_ID}"]


@pytest.mark.parametrize("env", [{}, {"VOILA_PREHEAT": "False"}])
def test_without_preheating_voila_is_never_asked(env):
    with voila_env(**env), mock.patch("voila.utils.wait_for_request") as ask:
        page_query()
    ask.assert_not_called()


@pytest.mark.parametrize(
    ("env", "query", "allowed"),
    [("", "", True), ("off", "", False), ("", "hints=off", False), ("", "hints=0&seed=2", False),
     ("", "hints=on", True), ("", "hints=%3Cscript%3E", True), ("OFF", "hints=on", False)],
)  # fmt: skip
def test_hints_follow_the_server_and_the_link(monkeypatch, env, query, allowed):
    monkeypatch.delenv(PREHEATED, raising=False)
    monkeypatch.setenv(HINTS, env)
    monkeypatch.setenv(QUERY, query)
    assert hints_allowed() is allowed


def test_a_table_hides_its_hints_when_the_page_says_so(monkeypatch):
    from cardlab.apps.pyramid_poker.table import PyramidPokerTable
    from cardlab.widgets.table import TableView

    monkeypatch.delenv(PREHEATED, raising=False)
    monkeypatch.delenv(HINTS, raising=False)
    table = TableView(PyramidPokerTable.start(seed=1))
    monkeypatch.setenv(QUERY, "hints=off")
    table._page_connected()
    assert [table.controls[k].layout.display for k in ("hint", "play-hint")] == ["none", "none"]
    assert table.controls["new-game"].layout.display is None, "only the hints go"
    monkeypatch.setenv(QUERY, "")
    table._page_connected()
    assert table.controls["hint"].layout.display is None
