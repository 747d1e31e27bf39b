"""The deployment tests drive Chromium as the browser tests do: their fixtures and page checks are
loaded from ``tests/browser`` (by path: both folders are test folders, not packages), so a browser
is found, launched, skipped or required exactly as there (``CARDLAB_REQUIRE_BROWSER=1``)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BROWSER_TESTS = Path(__file__).resolve().parents[1] / "browser"


def load_browser_module(name: str) -> ModuleType:
    """``tests/browser/<name>.py`` as the module ``browser_<name>``."""
    spec = importlib.util.spec_from_file_location(f"browser_{name}", BROWSER_TESTS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules[spec.name] = module  # type: ignore[union-attr]  # dataclasses look it up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


browser_conftest = load_browser_module("conftest")
voila = load_browser_module("test_voila")  # the page checks: drawn canvases, no errors
browser = browser_conftest.browser
chromium_path = browser_conftest.chromium_path
page_at = browser_conftest.page_at
screenshot_dir = browser_conftest.screenshot_dir
