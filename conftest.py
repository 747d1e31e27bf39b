"""The test run is shared between two processes (pytest-xdist, ``-n 2`` in pyproject.toml): a
browser test keeps about one core busy, so the other tests use the second.

Tests that must stay together in one process, in their order, form a group:
- a notebook's cells (nbval): each cell runs in the kernel its earlier cells filled;
- the browser tests on the session's `cardlab serve` (``tests/browser``): they share that
  server and its pool of kernels, and a second server would only compete for the cores;
- the browser tests that start a server of their own (``tests/browser/own_server``: JupyterHub,
  JupyterLab, the wheel...): one after another, beside the first group.

The group is read from the test's id alone, by `group_of`, and handed to pytest-xdist through its
public scheduler hook.  xdist's own ``xdist_group`` mark is not used: it works by rewriting a
private attribute of pytest's items, which pytest 9.2 no longer has, and a notebook's cells then
ran in two kernels.  Two checks make sure a group is never split again, whatever the versions:
each worker claims the groups it runs (`pytest_runtest_setup` fails a test whose group another
process already ran), and collection refuses a test on the shared server outside its folder.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path, PurePosixPath

import pytest

SHARED_SERVER = "browser on cardlab serve"
OWN_SERVER = "browser on its own server"
BROWSER_DIR = PurePosixPath("tests/browser")
OWN_SERVER_DIR = BROWSER_DIR / "own_server"
SERVER_FIXTURE = "served"
"""The session's `cardlab serve` (tests/browser/conftest.py)."""


def group_of(nodeid: str) -> str | None:
    """The group a test must run in, from its id, or None where any process may run it alone."""
    path = PurePosixPath(nodeid.split("::", 1)[0])
    if path.suffix == ".ipynb":
        return f"notebook {path}"
    if OWN_SERVER_DIR in path.parents:
        return OWN_SERVER
    if BROWSER_DIR in path.parents:
        return SHARED_SERVER
    return None


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Under ``--dist loadscope`` a scope is a group: whole groups, and single tests outside
    them, go to whichever process is free.  Other ``--dist`` modes keep xdist's scheduler."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return GroupScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test on the session's `cardlab serve` must live where `group_of` puts it in that
    server's group: each process would otherwise start a server of its own."""
    for item in items:
        uses_server = SERVER_FIXTURE in getattr(item, "fixturenames", ())
        if uses_server and group_of(item.nodeid) != SHARED_SERVER:
            raise pytest.UsageError(
                f"{item.nodeid} uses the session's `cardlab serve` ({SERVER_FIXTURE!r}): "
                f"its module belongs in {BROWSER_DIR}/, outside {OWN_SERVER_DIR}/"
            )


def claim(folder: Path, group: str, worker: str) -> str:
    """Record that ``worker`` runs ``group``; the worker that had claimed it first."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / re.sub(r"[^A-Za-z0-9._-]", "_", group)
    mine = folder / f"{path.name}.{worker}"
    mine.write_text(worker)
    try:
        os.link(mine, path)  # atomic: the name appears with its content, or not at all
    except FileExistsError:
        return path.read_text()
    return worker


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Fail a grouped test that runs in another process than its group's first test."""
    worker, run = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("PYTEST_XDIST_TESTRUNUID")
    group = group_of(item.nodeid)
    if group is None or worker is None or run is None:
        return
    folder = Path(tempfile.gettempdir()) / "cardlab-test-groups" / run
    first = claim(folder, group, worker)
    if first != worker:
        pytest.fail(
            f"the group {group!r} was split: {first} ran its first test, {worker} runs "
            f"{item.nodeid}; its tests share one process's state and must run in one",
            pytrace=False,
        )
