"""Every canvas carries its words: a role-giving `CanvasLabel` beside it, linked to its text."""

from __future__ import annotations

import re

import ipycanvas

from cardlab.apps.triad.table import TriadTable
from cardlab.widgets.a11y import CanvasLabel, element_id
from cardlab.widgets.canvas import CanvasView
from cardlab.widgets.table import TableView


def test_a_view_is_its_canvas_and_its_label_in_one_box():
    view = CanvasView(100, 50, label="Three cards")
    canvas, label = view.widget.children
    assert isinstance(canvas, ipycanvas.Canvas) and isinstance(label, CanvasLabel)
    assert canvas is view.canvas
    assert label.label == "Three cards" and label.described_by == ""
    assert "cardlab-canvas-box" in view.widget._dom_classes


def test_describe_changes_the_name_and_keeps_or_replaces_the_link():
    view = CanvasView(100, 50, label="old", described_by="words-1")
    view.describe("new")
    assert (view.label.label, view.label.described_by) == ("new", "words-1")
    view.describe("newer", "words-2")
    assert (view.label.label, view.label.described_by) == ("newer", "words-2")


def test_ids_are_fresh():
    first, second = element_id("x"), element_id("x")
    assert first != second and re.fullmatch(r"x-\d+", first)


def test_a_table_canvas_is_described_by_its_text_version():
    table = TableView(TriadTable.start(seed=1))
    assert table.view.label.described_by == table.mirror.element_id
    assert f'id="{table.mirror.element_id}"' in table.mirror.widget.value
    assert table.view.label.label == table.model.picture_label
