"""Every canvas carries its words: a `CanvasLabel` beside it, linked to its text, and the page's
one script that puts them on the canvas."""

from __future__ import annotations

import re
import subprocess
import sys

from cardlab.apps.triad.table import TriadTable
from cardlab.widgets.a11y import (
    CSS,
    ESM,
    LESSON_CLASS,
    VOILA_PAGE,
    CanvasLabel,
    PageScript,
    element_id,
    page_script,
)
from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.canvas_batch import Surface
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


def test_a_view_is_its_canvas_its_label_and_the_page_script_in_one_box():
    view = CanvasView(100, 50, label="Three cards")
    canvas, label, script = view.widget.children
    assert isinstance(canvas, Surface) and isinstance(label, CanvasLabel)
    assert script is page_script()
    assert canvas is view.canvas
    assert label.label == "Three cards" and label.described_by == ""
    assert label.layout.display == "none", "the name is read from the canvas, not twice"
    assert "cardlab-canvas-box" in view.widget._dom_classes


def test_every_canvas_of_a_page_shares_one_page_script():
    """One front-end module per page, however many canvases (anywidget gives each model two
    seconds to load, which a busy classroom machine can exceed)."""
    first, second = CanvasView(10, 10), CanvasView(20, 20)
    assert isinstance(page_script(), PageScript)
    assert first.widget.children[2] is second.widget.children[2] is page_script()


def test_the_name_element_carries_the_words_escaped():
    label = CanvasLabel('Cards <b>&</b> "chips"', "words-7")
    assert label.value == (
        '<span data-described-by="words-7">Cards &lt;b&gt;&amp;&lt;/b&gt; &quot;chips&quot;</span>'
    )
    label.label, label.described_by = "New", ""
    assert label.value == '<span data-described-by="">New</span>'


def test_describe_changes_the_name_and_keeps_or_replaces_the_link():
    view = CanvasView(100, 50, label="old", described_by="words-1")
    view.describe("new")
    assert (view.label.label, view.label.described_by) == ("new", "words-1")
    view.describe("newer", "words-2")
    assert (view.label.label, view.label.described_by) == ("newer", "words-2")


def test_ids_are_fresh_and_tell_kernels_apart():
    first, second = element_id("x"), element_id("x")
    assert first != second and re.fullmatch(r"x-[0-9a-f]{6}-\d+", first)
    code = "from cardlab.widgets.a11y import element_id; print(element_id('x'))"
    other_kernel = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert other_kernel.rsplit("-", 1)[0] != first.rsplit("-", 1)[0]


def test_a_table_canvas_is_described_by_its_text_version():
    table = TableView(TriadTable.start(seed=1))
    assert table.view.label.described_by == table.mirror.element_id
    assert f'id="{table.mirror.element_id}"' in table.mirror.widget.value
    assert table.view.label.label == table.model.picture_label


def css_selectors(css: str) -> list[str]:
    """Every selector of a flat stylesheet whose only nesting is ``@media`` blocks."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for prelude in re.findall(r"([^{};]+)\{", css):
        if not prelude.strip().startswith("@"):
            found += [s.strip() for s in prelude.split(",")]
    return found


def test_every_rule_of_the_page_stylesheet_is_scoped():
    """In JupyterLab the stylesheet lands in the user's whole JupyterLab: a rule may shape a
    Voilà page (where the page is the lesson) or cardlab's own widgets, nothing else (an
    unscoped body rule once set JupyterLab's menus to 19 px on a wide screen)."""
    selectors = css_selectors(CSS.read_text())
    assert len(selectors) > 10
    loose = [s for s in selectors if not s.startswith((VOILA_PAGE, ".cardlab-"))]
    assert not loose, f"rules that would restyle JupyterLab itself: {loose}"
    assert any(f".{LESSON_CLASS} " in s for s in selectors)


def test_the_selector_reader_sees_rules_inside_media_blocks():
    css = "/* a, b { } */ body { x: 1 }\n@media (min-width: 9px) { .a .b, p:focus { y: 2 } }"
    assert css_selectors(css) == ["body", ".a .b", "p:focus"]


def test_every_lesson_widget_carries_the_lesson_class():
    table = TableView(TriadTable.start(seed=1))
    assert LESSON_CLASS in table._dom_classes
    assert LESSON_CLASS in ThemePicker()._dom_classes
    script = ESM.read_text()
    assert f'".{LESSON_CLASS} "' in script and '"voila" in document.body.dataset' in script
