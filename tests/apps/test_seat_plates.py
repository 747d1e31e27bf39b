"""The "▶ You" plate that marks whose turn it is never covers a card, even a selected one that
`row` lifts towards it, at any table and in any theme (Triad's and Pyramid's plates sat on the
learner's lifted cards)."""

from __future__ import annotations

import pytest
from test_hidden_information import _tables

from cardlab.render.ops import Rect, Sprite, Text
from cardlab.render.theme import THEMES
from cardlab.widgets import autoplay
from cardlab.widgets.theme import ThemePicker


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covered_cards(drawing) -> list[str]:
    """The active seat plates (a ▶ text on its Rect) that overlap a card sprite."""
    ops = drawing.ops
    plates = [
        (ops[i - 1], op.text)
        for i, op in enumerate(ops)
        if isinstance(op, Text) and op.text.startswith("\u25b6") and isinstance(ops[i - 1], Rect)
    ]
    cards = [(s.x, s.y, s.x + s.w, s.y + s.h) for s in ops if isinstance(s, Sprite)]
    return [
        text
        for plate, text in plates
        for card in cards
        if _overlaps((plate.x, plate.y, plate.x + plate.w, plate.y + plate.h), card)
    ]


@pytest.mark.parametrize("game", list(_tables()))
def test_the_turn_plate_never_covers_a_card_even_a_lifted_one(game):
    table, plates = _tables()[game](ThemePicker()), 0
    for _ in range(40):
        model = table.model
        size = len(model.hand())
        selected = range(size) if model.multi_select else range(min(size, 1))
        for theme in THEMES:
            drawing = model.picture(theme, selected)
            assert covered_cards(drawing) == [], f"{game}, {theme}, step {len(model.replay)}"
            plates += any(
                isinstance(op, Text) and op.text.startswith("\u25b6") for op in drawing.ops
            )
        if autoplay.step(table):
            break
    if game != "pyramid_poker":  # its banner says whose turn it is, it has no seat plates
        assert plates, f"{game}: no turn plate was ever drawn"
