"""The test run is shared between two processes (pytest-xdist, ``-n 2 --dist loadgroup`` in
pyproject.toml): a browser test keeps about one core busy, so the other tests use the second.

Tests that must stay together in one process, in their order, carry a group:
- a notebook's cells (nbval): each cell runs in the kernel its earlier cells filled;
- the browser tests on the session's `cardlab serve` (tests/browser/conftest.py): they share
  that server and its pool of kernels, and a second server would only compete for the cores;
- the browser tests that start a server of their own (JupyterHub, JupyterLab, the wheel): one
  after another, beside the first group.
"""

from __future__ import annotations

from pathlib import Path

import pytest

BROWSER_TESTS = Path(__file__).parent / "tests" / "browser"


def group(item: pytest.Item) -> str | None:
    """The group an item must run in, or None where any process may run it alone."""
    if item.path.suffix == ".ipynb":
        return f"notebook {item.path.name}"
    if BROWSER_TESTS in item.path.parents:
        on_shared_server = "served" in getattr(item, "fixturenames", ())
        return "browser on cardlab serve" if on_shared_server else "browser on its own server"
    return None


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups into the test ids
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if name := group(item):
            item.add_marker(pytest.mark.xdist_group(name))
