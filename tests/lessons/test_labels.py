"""No label of a lesson is cut off: ipywidgets gives a button a fixed width and every other
control's description 80 px, and truncates what does not fit with an ellipsis ("Select the
best di...").  Every lesson's cells are run and every widget they made is checked: a button
with a long label sizes itself, a control with a long description gives it its full width."""

from __future__ import annotations

import ipywidgets as widgets
import pytest
from ipywidgets.widgets.widget import _instances
from lessons_run import LESSON_NAMES, run_cells

BUTTON_FITS = 16
"""Characters that fit a button of ipywidgets' default width (148 px at 13 px)."""
DESCRIPTION_FITS = 10
"""Characters that fit a description of the default 80 px."""


def cut_off(widget: widgets.Widget) -> bool:
    text = getattr(widget, "description", "")
    if not isinstance(text, str) or isinstance(widget, (widgets.Checkbox, widgets.HTML)):
        return False
    if isinstance(widget, (widgets.Button, widgets.ToggleButton)):
        return len(text) > BUTTON_FITS and not widget.layout.width
    style = getattr(widget, "style", None)
    width = getattr(style, "description_width", "")
    return len(text) > DESCRIPTION_FITS and not width


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_no_label_of_a_lesson_is_cut_off(lesson):
    before = set(_instances)
    run_cells(lesson)
    made = [w for key, w in list(_instances.items()) if key not in before]
    assert made, "the lesson made no widgets"
    cut = sorted({w.description for w in made if cut_off(w)})
    assert cut == [], f"{lesson}: labels cut off: {cut}"
