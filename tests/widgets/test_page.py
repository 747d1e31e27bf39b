"""The page's state reaches its panels: the lesson page reads the link (`read_page`, the one
parser) and hands the state down; the server's settings reach a panel on its own."""

from __future__ import annotations

import pytest

from cardlab.apps.pyramid_poker.quiz import BlockQuiz
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.lessons.page_state import SERVER_HINTS
from cardlab.widgets import a11y
from cardlab.widgets.a11y import page_script
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.table import TableView


@pytest.fixture
def browser_reports():
    """Set the page's query as the browser would report it; the page forgets it afterwards."""
    script = page_script()
    before = script.location

    def report(search: str) -> None:
        script.location = search

    yield report
    script.location = before


def _hints_shown(table: TableView) -> list[str | None]:
    return [table.controls[k].layout.display for k in ("hint", "play-hint")]


def test_a_table_hides_its_hints_when_the_page_says_so(monkeypatch, browser_reports):
    monkeypatch.delenv(SERVER_HINTS, raising=False)
    page = LessonPage("pyramid_poker")
    table = TableView(PyramidPokerTable.start(seed=1), page)
    browser_reports("?hints=off")
    assert _hints_shown(table) == ["none", "none"] and not page.hints
    assert table.controls["new-game"].layout.display is None, "only the hints go"
    browser_reports("?palette=colorblind")
    assert _hints_shown(table) == [None, None] and page.hints


def test_a_page_made_after_the_browser_reported_reads_the_link_at_once(
    monkeypatch, browser_reports
):
    """A lesson section built on demand, or a cell run again in JupyterLab, comes after the
    browser has spoken: it must not wait for a report that already came."""
    monkeypatch.delenv(SERVER_HINTS, raising=False)
    browser_reports("?hints=off")
    page = LessonPage("pyramid_poker")
    table = TableView(PyramidPokerTable.start(seed=1), page)
    assert _hints_shown(table) == ["none", "none"]


def test_a_panel_on_its_own_follows_the_servers_settings(monkeypatch, browser_reports):
    """Without a page, a panel hears no link (nobody reads it for it), but a server started
    with ``--no-hints`` still has no hints on any table."""
    monkeypatch.setenv(SERVER_HINTS, "off")
    table = TableView(PyramidPokerTable.start(seed=1))
    assert _hints_shown(table) == ["none", "none"]
    monkeypatch.delenv(SERVER_HINTS)
    browser_reports("?hints=off")
    assert _hints_shown(TableView(PyramidPokerTable.start(seed=1))) == [None, None]


def test_only_the_page_listens_to_the_link(monkeypatch):
    """One listener per page, however many panels it has: the panels follow the page's state,
    they never read the query themselves."""
    monkeypatch.delenv(SERVER_HINTS, raising=False)
    script = page_script()

    def listeners() -> int:  # followers of the link (one observer of the trait tells them all)
        assert len(script._trait_notifiers.get("location", {}).get("change", [])) <= 1
        return len(a11y._FOLLOWERS.get("location", {}))

    before = listeners()
    page = LessonPage("pyramid_poker")
    TableView(PyramidPokerTable.start(seed=1), page)
    QuizView(BlockQuiz(), page)
    TableView(PyramidPokerTable.start(seed=2))
    assert listeners() == before + 1
