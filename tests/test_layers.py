"""The pure layers never pull in the widget stack (docs/architecture.md: imports go one way)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

WIDGET_STACK = ("ipywidgets", "ipycanvas", "IPython", "ipykernel", "comm")
PURE = ("cardlab.core", "cardlab.games", "cardlab.render", "cardlab.pictures", "cardlab.lessons")
APPS = Path(__file__).resolve().parents[1] / "cardlab" / "apps"
GAMES = sorted(path.parent.name for path in APPS.glob("*/table.py"))
LESSON_MODELS = (
    "cardlab.apps.model",
    "cardlab.apps.quiz",
    "cardlab.apps.decks",
    *(f"cardlab.apps.{game}.{part}" for game in GAMES for part in ("table", "quiz", "questions")),
)
"""The lesson models are plain data: only the generic views (`cardlab.widgets.views`) draw
them."""


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


@pytest.mark.parametrize("module", LESSON_MODELS)
def test_lesson_models_do_not_import_widget_stack(module):
    leaked = imported_after((module,)) & set(WIDGET_STACK)
    assert not leaked, f"importing {module} imported {sorted(leaked)}"


def test_every_game_has_a_table_model_and_a_quiz_model():
    assert len(GAMES) == 6 and "cardlab.apps.triad.quiz" in LESSON_MODELS


def apps_module(path: Path) -> str:
    """The module name of a file under ``cardlab/apps``."""
    return ".".join(("cardlab", *path.relative_to(APPS.parent).with_suffix("").parts))


def test_no_lesson_module_builds_widgets_or_follows_the_rules_itself():
    """Every module of ``cardlab.apps`` (the decks lesson and what the lessons share) and of a
    game's lesson folder is a model: it imports no widget and overrides no view's
    ``rules_changed`` (a model says ``with_rules``, its view follows the page)."""
    paths = sorted([*APPS.glob("*.py"), *APPS.glob("*/*.py")])
    assert "cardlab.apps.decks" in map(apps_module, paths)
    for path in paths:
        module = apps_module(path)
        if path.stem == "__init__":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                    for alias in node.names}  # fmt: skip
        imported |= {
            node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
        }
        widgetry = {name for name in imported if name.split(".")[0] in WIDGET_STACK
                    or name.startswith("cardlab.widgets")}  # fmt: skip
        assert not widgetry, f"{module} imports {sorted(widgetry)}"
        follows = [n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)
                   and n.name == "rules_changed"]  # fmt: skip
        assert not follows, f"{module} defines rules_changed"


def test_cli_import_is_light():
    leaked = imported_after(("cardlab.serve.cli",)) & {*WIDGET_STACK, "voila", "PIL", "numpy"}
    assert not leaked, f"importing cardlab.serve.cli imported {sorted(leaked)}"


def test_check_sees_the_widget_stack():
    """Guard against a check that can never fail."""
    assert "ipywidgets" in imported_after(("ipywidgets",))
