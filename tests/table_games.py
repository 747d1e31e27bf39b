"""Every game's table model, found by its place, and the pictures one game at a table shows:
shared by the table tests (`tests/apps`) and the browser's measure of their labels
(`tests/browser/test_text_bounds.py`).

The models are found by their place (``cardlab/apps/<game>/table.py``), so a new game's table is
covered as soon as it exists.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from pathlib import Path

from cardlab.apps.model import TableModel
from cardlab.core.i18n import SCOPES
from cardlab.render import Drawing

APPS = Path(__file__).resolve().parents[1] / "cardlab" / "apps"
THEMES = ("default", "high-contrast")


def _models() -> dict[str, type[TableModel]]:
    found = {}
    for path in sorted(APPS.glob("*/table.py")):
        module = importlib.import_module(f"cardlab.apps.{path.parent.name}.table")
        classes = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, TableModel) and c is not TableModel and c.__module__ == module.__name__
        ]
        assert len(classes) == 1, f"{path}: one table model per game, found {classes}"
        found[path.parent.name] = classes[0]
    return found


MODELS = _models()
CASES = [
    (game, lang)
    for game in MODELS
    for lang in ("en", *(lang for lang, domains in SCOPES.items() if game in domains))
]
"""Each game with each language it is written in."""


def pictures_of_a_game(game: str, portrait: bool = False) -> list[Drawing]:
    """Every picture one game at ``game``'s table shows: the learner's view in the default
    theme, the teacher's (every hand face up) in the high-contrast one; ``portrait``: as a
    phone held upright shows them."""
    model = MODELS[game].start()
    seen = []
    for _ in range(1_000):
        seen.append(model.picture(THEMES[0], (), portrait))
        seen.append(dataclasses.replace(model, teacher=True).picture(THEMES[1], (), portrait))
        tip = model.suggest()
        if tip.key in model.again:
            return seen
        model = model.select(tip.selected).act(tip.key, tip.value)
    raise AssertionError(f"{game}: no end after 1,000 presses")
