"""``cardlab handout``: every lesson's worksheet is a PDF whose words read back (title, in
brief, every question, the answer key on a page of its own with every quiz answer, the teacher
notes) and whose first page draws the deal; bad input exits 2 with one line naming it."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab import handouts
from cardlab.lessons.notes import names, notes, prompts
from cardlab.render import get_theme
from cardlab.serve.cli import main

LESSONS = names()


def words(text: str) -> str:
    """Text as a reader compares it: Markdown marks gone, whitespace single."""
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(\*\*|\*|__)(.+?)\1", r"\2", text)
    return " ".join(text.split())


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def sheets(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("handouts")
    out = {}
    for lesson in LESSONS:
        path = folder / f"{lesson}.pdf"
        code, said, err = run("handout", lesson, "--out", str(path))
        assert code == 0 and not err and str(path) in said
        out[lesson] = path
    return out


def page_texts(path: Path) -> list[str]:
    return [words(page.extract_text()) for page in pypdf.PdfReader(path).pages]


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_worksheet_reads_back(sheets, lesson):
    pages = page_texts(sheets[lesson])
    text = " ".join(pages)
    n = notes(lesson)
    sheet = handouts.worksheet(lesson)
    assert pages[0].startswith(sheet.title) and "Lesson" in sheet.title
    assert words(n.in_brief) in text
    key = next(i for i, page in enumerate(pages) if page.startswith("Answer key"))
    asked = " ".join(pages[:key])
    for prompt in prompts(lesson):
        assert words(prompt.words) in asked
    for step in sheet.steps:
        assert f"Step {step.number}." in asked
    answers = " ".join(pages[key:])
    assert "Answer key" not in asked
    for question in sheet.quiz:
        assert f"Answer: {question.answer_label}" in answers
        assert words(question.choices[0][0]) in asked
    for answer in n.answers:
        assert words(answer.text)[:60] in answers
    assert "For the teacher" in pages[-1] or "For the teacher" in answers
    assert words(n.discussion.splitlines()[0].removeprefix("- "))[:40] in answers


def test_lessons_with_a_quiz_print_its_questions():
    for lesson in LESSONS:
        quiz = handouts.worksheet(lesson).quiz
        assert len(quiz) == (0 if lesson == "00_decks" else handouts.QUIZ_QUESTIONS)


@pytest.mark.parametrize("lesson", LESSONS)
def test_page_one_draws_the_table(sheets, lesson):
    page = pdfium.PdfDocument(sheets[lesson])[0].render(scale=1).to_pil().convert("RGB")
    colours = page.getcolors(page.width * page.height)
    assert len(colours) > 50  # text and a drawing, not a blank page
    felt = tuple(int(get_theme("default").felt[i : i + 2], 16) for i in (1, 3, 5))
    near = sum(n for n, c in colours if all(abs(a - b) < 12 for a, b in zip(c, felt, strict=True)))
    assert near > 0.05 * page.width * page.height, lesson


def test_no_notes_leaves_the_teacher_page_out(tmp_path):
    path = tmp_path / "triad.pdf"
    assert run("handout", "triad.md", "--no-notes", "--paper", "letter", "--out", str(path))[0] == 0
    pages = page_texts(path)
    assert not any("For the teacher" in page for page in pages)
    assert pages[-1].startswith("Answer key") or "Answer key" in " ".join(pages[-2:])
    width, height = pypdf.PdfReader(path).pages[0].mediabox.upper_right
    assert round(float(width)) == 612 and round(float(height)) == 792  # Letter in points


def test_another_deal_of_the_same_game(tmp_path):
    path = tmp_path / "triangle.pdf"
    code, _, _ = run("handout", "triangle", "--deal", "triangle-scored-round", "--out", str(path))
    assert code == 0 and "triangle-scored-round" in " ".join(page_texts(path))


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["index"], "no notes"),
        (["nope"], "no lesson 'nope'"),
        (["triad", "--deal", "pyramid-exchange-showdown"], "the deals are: triad-pot-odds"),
        (["triad", "--lang", "fr"], "the languages are: en"),
        (["triad", "--paper", "a3"], "the papers are: a4, letter"),
    ],
)
def test_bad_input_exits_2_with_one_line(tmp_path, argv, named):
    out = tmp_path / "x.pdf"
    code, said, err = run("handout", *argv, "--out", str(out))
    assert code == 2 and not said and not out.exists()
    assert err.count("\n") == 1 and named in err and err.startswith("cardlab handout: ")


def test_an_unwritable_path_exits_2(tmp_path):
    out = tmp_path / "missing" / "x.pdf"
    code, _, err = run("handout", "00_decks", "--out", str(out))
    assert code == 2 and err.count("\n") == 1 and "cannot write" in err and str(out) in err


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_lesson_text_is_refused_in_one_line(text):
    if text.removesuffix(".ipynb").removesuffix(".md") in names():
        return
    code, said, err = run("handout", "--out", "/nonexistent/x.pdf", "--", text)
    assert code == 2 and not said and err.count("\n") == 1 and "the lessons are" in err


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=200))
def test_any_deal_text_is_refused_in_one_line(text):
    if text in handouts.lesson_deals("pyramid"):
        return
    code, said, err = run("handout", "pyramid", f"--deal={text}", "--out", "/nonexistent/x.pdf")
    assert code == 2 and not said and err.count("\n") == 1
    assert "the deals are: pyramid-exchange-showdown" in err


def test_the_handout_module_is_pure():
    code = "import sys, cardlab.handouts; print(sorted(m for m in sys.modules if m in "
    code += "('ipywidgets', 'ipycanvas', 'IPython', 'ipykernel', 'comm')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
