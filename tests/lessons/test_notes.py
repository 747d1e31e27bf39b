"""Teacher notes: every lesson has them, with every section, one answer per prompt of the
lesson (in order, quoting it), and a Time section that adds up; the HTML lets no raw HTML in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.lessons import notes as notes_module
from cardlab.lessons.notes import SECTIONS, markdown_html, names, notes, notes_html, prompts

LESSONS = Path(__file__).resolve().parents[2] / "cardlab" / "lessons"
LESSON_NAMES = sorted(p.stem for p in LESSONS.glob("*.md") if p.stem != "index")


def plain(text: str) -> str:
    text = re.sub(r"`([^`]*)`", r"\1", " ".join(text.split()))
    return re.sub(r"(\*\*|\*|__)(.+?)\1", r"\2", text)


def test_every_lesson_but_the_index_has_notes():
    assert names() == LESSON_NAMES and len(names()) == 7


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_every_section_is_there_and_filled(lesson):
    n = notes(lesson)
    for field in ("in_brief", "objectives", "time", "discussion"):
        assert len(getattr(n, field).split()) >= 5, (lesson, field)
    text = (LESSONS / "notes" / f"{lesson}.md").read_text(encoding="utf-8")
    assert [ln[3:] for ln in text.splitlines() if ln.startswith("## ")] == list(SECTIONS)


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_one_answer_per_prompt_in_order_quoting_it(lesson):
    document = (LESSONS / f"{lesson}.md").read_text(encoding="utf-8")
    count = len(re.findall(r"^\*\*(Question:|Try it)", document, flags=re.M))
    n, asked = notes(lesson), prompts(lesson)
    assert len(asked) == count == len(n.answers)
    for answer, prompt in zip(n.answers, asked, strict=True):
        quoted = plain(answer.prompt).rstrip(".…")
        assert plain(prompt.words).startswith(quoted), (quoted, prompt.words)
        assert len(answer.text.split()) >= 10
    if not count:
        assert n.answers_intro  # says there is nothing to answer


@pytest.mark.parametrize("lesson", LESSON_NAMES)
def test_time_adds_up(lesson):
    n = notes(lesson)
    assert n.total_minutes is not None and len(n.minutes) >= 3
    assert sum(m for _, m in n.minutes) == n.total_minutes


def test_names_are_read_like_cardlab_link():
    assert notes("triad") == notes("triad.ipynb") == notes("triad.md")


@given(st.text(max_size=300))
def test_any_other_name_is_refused_with_the_lessons(name):
    if name.removesuffix(".ipynb").removesuffix(".md") in names():
        return
    with pytest.raises(ValueError, match=r"the lessons are: .*00_decks, doudizhu"):
        notes(name)


def test_html_is_safe():
    html = notes_html("triad")
    assert "<h2>In brief</h2>" in html and "Answers" in html
    assert "<script" not in markdown_html("<script>alert(1)</script> **b**")
    assert "&lt;script&gt;" in markdown_html("<script>alert(1)</script>")


def test_the_module_is_pure():
    assert "ipywidgets" not in notes_module.__dict__
