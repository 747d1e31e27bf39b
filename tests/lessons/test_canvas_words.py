"""Every canvas of every lesson says what it shows, and no teaching content is only in pixels.

Each lesson's code cells run as the page runs them, in a fresh interpreter
(`lessons_run.run_fresh`); then every canvas's label (`CanvasLabel`, one beside each
canvas) must be more than the default name, and every ``described_by`` must name an element id
that an HTML widget of the page holds.  The worked examples' text versions are checked against
the texts their pictures draw (`Drawing.texts()`).
"""

from __future__ import annotations

import html
import re

import pytest
from lessons_run import LESSON_NAMES, run_fresh

from cardlab.apps.pyramid.lesson import HandLadder as PyramidLadder
from cardlab.apps.pyramid.lesson import PyramidShapes
from cardlab.apps.triad.lesson import HandLadder as TriadLadder
from cardlab.apps.triad.lesson import TriadComponents
from cardlab.pictures.pyramid import ladder_picture, shapes_picture
from cardlab.pictures.triad import frame_lines_picture, hand_ladder
from cardlab.render.ops import Drawing, Sprite
from cardlab.widgets.canvas import DEFAULT_LABEL
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.theme import ThemePicker

PAGE = """
import json
import ipywidgets
from cardlab.widgets.a11y import CanvasLabel
live = list(ipywidgets.widgets.widget._instances.values())
labels = [[w.label, w.described_by] for w in live if isinstance(w, CanvasLabel)]
pages = [w.value for w in live if isinstance(w, ipywidgets.HTML)]
print(json.dumps({"labels": labels, "html": pages}))
"""
"""What a lesson page built: each canvas's label and the text version it names, every HTML."""


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_every_canvas_of_a_lesson_is_named_and_its_words_are_on_the_page(lesson):
    page = run_fresh(lesson, PAGE)
    assert page["labels"], f"the {lesson} lesson draws no canvas"
    ids = set()
    for value in page["html"]:
        ids |= set(re.findall(r"""\bid=["']([^"']+)["']""", value))
    for label, described_by in page["labels"]:
        assert label.strip() and label != DEFAULT_LABEL, f"an unnamed canvas in {lesson}"
        if described_by:
            assert described_by in ids, f"{label!r} names {described_by}, not on the page"


def plain(section: str) -> str:
    """The words a screen reader reads in an HTML section."""
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def drawn_words(drawing: Drawing) -> list[str]:
    """The texts a picture writes itself: `Drawing.texts()` without the card faces' own marks
    (a face is a sprite; the text version names the card by its code instead)."""
    on_faces = [
        t for op in drawing.ops if isinstance(op, Sprite) for t in Drawing(1, 1, op.ops).texts()
    ]
    drawn = list(drawing.texts())
    for text in on_faces:
        drawn.remove(text)
    return drawn


def test_the_pyramid_worked_examples_are_all_in_words():
    """Issue 13: Pyramid's worked examples A-J and their descriptions were only pixels."""
    panel = FigureView(PyramidLadder(), ThemePicker())
    ladder = panel.shown[0]
    words = re.sub(r"\s+", " ", plain(ladder.words.value))
    drawn = drawn_words(ladder_picture())
    assert len(drawn) > 30
    for text in drawn:
        assert text in words, f"{text!r} is drawn but not in the text version"
    assert ladder.canvas.label.described_by == ladder.words.element_id
    for name in "ABCDEFGHIJ":  # every example, and how it compares
        assert f" {name} " in words


def test_the_pyramid_shapes_and_the_triad_pictures_are_in_words():
    pyramid = PyramidShapes().blocks("default")
    triad, ladder = TriadComponents().blocks("default"), TriadLadder().blocks("default")
    pairs = [
        (shapes_picture(), pyramid[1].words),
        (frame_lines_picture(), triad[0].words),
        (hand_ladder(None, "out"), ladder[0].words),
    ]
    for drawing, section in pairs:
        words = re.sub(r"\s+", " ", plain(section))
        for text in drawn_words(drawing):
            if not text.startswith("The Triad hands"):  # the picture's title is the label
                assert text in words, f"{text!r} is drawn but not in the text version"


def test_the_wild_ladder_changes_its_words_and_its_name():
    (ladder,) = TriadLadder().act("jokers", "wild").blocks("default")
    assert "Five Up" in ladder.words and "jokers wild" in str(ladder.label)
