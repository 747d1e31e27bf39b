"""Fixtures for the browser tests: a live `cardlab serve` and a headless Chromium page.

Chromium comes from the system (Debian's ``chromium`` package), never from Playwright's own
download, which cannot work offline.  Where none is found the tests skip with instructions, unless
``CARDLAB_REQUIRE_BROWSER=1`` (set by ``.ci/run``), where they fail instead.

Environment:
  CARDLAB_CHROMIUM         path of the Chromium binary (default: Debian's locations)
  CARDLAB_REQUIRE_BROWSER  "1": a missing browser or Playwright is a failure, not a skip
  CARDLAB_NOTEBOOKS        lessons directory served (default: the repository's notebooks/)
  CARDLAB_SCREENSHOTS      where page screenshots are saved (default: build/screenshots/)
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from browsing import (
    AXE_VERSION,
    CHROMIUM_ARGS,
    CHROMIUM_CANDIDATES,
    INSTALL_HINT,
    REPO,
    find_chromium,
    npm_package,
    open_page,
    serving,
    skip_or_fail,
)

from cardlab.serve.cli import free_port


def pytest_collection_modifyitems(config, items):
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        where = os.environ.get("CARDLAB_CHROMIUM") or " or ".join(CHROMIUM_CANDIDATES)
        skip_or_fail(f"no Chromium at {where}: {INSTALL_HINT}")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        skip_or_fail('Playwright is not installed: pip install -e ".[test]"')
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page_at(browser):
    """``page_at(width, height)``: a fresh page (own context) of that size; its
    ``console_log`` collects its console errors.  Closed after the test."""
    pages = []

    def make(width: int = 1200, height: int = 900):
        pages.append(open_page(browser, width, height))
        return pages[-1]

    yield make
    for pg in pages:
        pg.context.close()


@pytest.fixture
def page(page_at):
    """A fresh page (own context) at 1200x900; `page.console_log` collects its console errors."""
    return page_at()


@pytest.fixture(scope="session")
def notebooks_dir() -> Path:
    return Path(os.environ.get("CARDLAB_NOTEBOOKS") or REPO / "notebooks").resolve()


@dataclass(frozen=True)
class Served:
    """A running `cardlab serve`: its base URL ``http://127.0.0.1:PORT``, pid and log file."""

    url: str
    pid: int
    log: Path


@pytest.fixture(scope="session")
def served(chromium_path, notebooks_dir, tmp_path_factory):
    """`cardlab serve` (default options: a preheated pool) on a free loopback port."""
    port = free_port()
    log_path = tmp_path_factory.mktemp("voila") / "voila.log"
    cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser", "--ip", "127.0.0.1",
           "--port", str(port), "--notebooks", str(notebooks_dir)]  # fmt: skip
    with serving(cmd, port, log_path) as proc:
        try:
            yield Served(f"http://127.0.0.1:{port}", proc.pid, log_path)
        finally:
            if os.environ.get("CARDLAB_SHOW_VOILA_LOG") == "1":
                sys.stderr.write(log_path.read_text())


@pytest.fixture(scope="session")
def voila_server(served) -> str:
    """The base URL of the session's `cardlab serve`."""
    return served.url


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    d = Path(os.environ.get("CARDLAB_SCREENSHOTS") or REPO / "build" / "screenshots")
    d.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture(scope="session")
def axe_script() -> Path:
    """``axe.min.js`` of axe-core `AXE_VERSION`, installed with npm into ``build/npm`` once."""
    return npm_package("axe-core", AXE_VERSION, "axe.min.js", "the accessibility tests")
