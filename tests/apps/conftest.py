"""Fixtures of the lesson-level tests."""

from __future__ import annotations

import pytest

from cardlab.lessons.page_state import SERVER_CLASS
from cardlab.widgets.a11y import page_script


@pytest.fixture
def no_class(monkeypatch):
    """No server class code, and the page's query forgotten after each test: the page's script
    is one per kernel, so a link one test opened would otherwise reach the next test's page."""
    monkeypatch.delenv(SERVER_CLASS, raising=False)
    script = page_script()
    before = script.location
    yield
    script.location = before
