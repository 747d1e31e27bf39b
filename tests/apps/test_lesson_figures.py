"""Every canvas a lesson page shows when it opens (its figures, panels, stepped deal and table),
in every language the lesson is written in, draws no label over another or past its edge.

The lesson's code cells run here as the page's kernel runs them; the labels are measured in the
font the renderers draw with (`cardlab.render.text.collisions`).  The browser tests check the
same in Chromium's own fonts (``browsing.assert_labels_fit``).
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest
from lessons_run import run_cells

from cardlab.core.i18n import SCOPES, set_language
from cardlab.render.text import collisions
from cardlab.widgets.canvas import CanvasView

REPO = Path(__file__).resolve().parents[2]
WRITTEN = REPO / "cardlab" / "lessons"
PAGES = [("en", page.stem) for page in sorted(WRITTEN.glob("*.md")) if page.stem != "index"]
PAGES += sorted(
    (lang, page.stem) for lang in SCOPES for page in (WRITTEN / lang).glob("*.md")
    if page.stem != "index"
)  # fmt: skip


def canvases() -> set[int]:
    return {id(obj) for obj in gc.get_objects() if isinstance(obj, CanvasView)}


@pytest.mark.parametrize(("lang", "lesson"), PAGES, ids=[f"{a}-{b}" for a, b in PAGES])
def test_a_lesson_page_draws_every_label_whole(lang, lesson):
    before = canvases()
    try:
        run_cells(lesson, lang)
        views = [
            obj for obj in gc.get_objects()
            if isinstance(obj, CanvasView) and id(obj) not in before and obj.drawing is not None
        ]  # fmt: skip
        problems = {p: None for view in views for p in collisions(view.drawing)}
    finally:
        set_language("en")
    assert views, f"{lang}/{lesson}: no canvas"
    assert not problems, f"{lang}/{lesson}: " + "; ".join(list(problems)[:8])
