"""No widget of cardlab shows an icon from ipywidgets' icon font: the font is fetched from a CDN,
which a classroom network often blocks, and then the button shows an empty square.  A button
says what it does in text (or a unicode symbol), and the stepper's Play is a text toggle."""

from __future__ import annotations

import ast
from pathlib import Path

import cardlab

SOURCE = Path(cardlab.__file__).parent


def _icon_uses() -> list[str]:
    found = []
    for path in sorted(SOURCE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "icon":
                found.append(f"{path.relative_to(SOURCE)}:{node.value.lineno}")
            if isinstance(node, ast.Attribute) and node.attr == "icon":
                found.append(f"{path.relative_to(SOURCE)}:{node.lineno}")
    return found


def test_no_widget_asks_for_an_icon():
    assert _icon_uses() == []
