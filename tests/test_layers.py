"""The pure layers never pull in the widget stack (docs/architecture.md: imports go one way)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

WIDGET_STACK = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "comm")
PURE = ("cardlab.core", "cardlab.games", "cardlab.render", "cardlab.pictures", "cardlab.lessons")
APPS = Path(__file__).resolve().parents[1] / "cardlab" / "apps"
TABLE_MODELS = (
    "cardlab.apps.model",
    *sorted(f"cardlab.apps.{path.parent.name}.table" for path in APPS.glob("*/table.py")),
)
"""The tables' models are plain data: only the one table widget draws them."""


def imported_after(modules: tuple[str, ...]) -> set[str]:
    """Top-level names in sys.modules after importing ``modules`` (and all their submodules)."""
    code = f"""
import importlib, json, pkgutil, sys
for name in {list(modules)!r}:
    pkg = importlib.import_module(name)
    if not name.startswith("cardlab") or not hasattr(pkg, "__path__"):
        continue
    for info in pkgutil.walk_packages(pkg.__path__, name + "."):
        importlib.import_module(info.name)
print(json.dumps(sorted({{m.split(".")[0] for m in sys.modules}})))
"""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    ).stdout
    return set(json.loads(out.strip().splitlines()[-1]))


@pytest.mark.parametrize("package", PURE)
def test_pure_layer_does_not_import_widget_stack(package):
    leaked = imported_after((package,)) & set(WIDGET_STACK)
    assert not leaked, f"importing {package} (all submodules) imported {sorted(leaked)}"


@pytest.mark.parametrize("module", TABLE_MODELS)
def test_table_models_do_not_import_widget_stack(module):
    leaked = imported_after((module,)) & set(WIDGET_STACK)
    assert not leaked, f"importing {module} imported {sorted(leaked)}"


def test_every_game_has_a_table_model():
    assert len(TABLE_MODELS) >= 2 and "cardlab.apps.triad.table" in TABLE_MODELS


def test_cli_import_is_light():
    leaked = imported_after(("cardlab.serve.cli",)) & {*WIDGET_STACK, "voila", "PIL", "numpy"}
    assert not leaked, f"importing cardlab.serve.cli imported {sorted(leaked)}"


def test_check_sees_the_widget_stack():
    """Guard against a check that can never fail."""
    assert "ipywidgets" in imported_after(("ipywidgets",))
