"""``cardlab handout --lang``: a worksheet in the lesson's language (its title, prompts and notes
in that language, the headings from the ``ui`` catalog), Chinese printed in Noto Sans CJK (real
glyphs, not the empty boxes of a font without them, and text pypdf reads back), a lesson not
written in a language printed in English with a line saying so; and the notes reader knows every
language's headings, time lines and prompts."""

from __future__ import annotations

import contextlib
import io
import re
from itertools import pairwise
from pathlib import Path

import pypdf
import pypdfium2 as pdfium
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import ImageChops, ImageStat

from cardlab import handouts
from cardlab.core.i18n import using_language
from cardlab.lessons.notes import HEADINGS, Prompt, _prompt_pattern, names, notes, prompts
from cardlab.render.fonts import cjk_font_path
from cardlab.serve.cli import main

NOTES = [(lang, name) for lang in HEADINGS if lang != "en" for name in names(lang)]
needs_font = pytest.mark.skipif(cjk_font_path() is None, reason="no Noto Sans CJK (fonts-noto-cjk)")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def squeezed(text: str) -> str:
    """Text without any whitespace (pypdf spaces out Chinese characters)."""
    return re.sub(r"\s+", "", text)


@pytest.mark.parametrize(("lang", "lesson"), NOTES)
def test_every_translated_notes_file_reads(lang, lesson):
    n = notes(lesson, lang)
    assert n.lang == lang and n.in_brief and n.objectives and n.discussion
    assert n.minutes and n.total_minutes == sum(m for _, m in n.minutes)
    assert len(n.answers) == len(prompts(lesson, lang)) == len(prompts(lesson))


def test_a_prompt_may_end_in_either_colon():
    pattern = _prompt_pattern("zh")
    for text in (
        "**问题：**为什么？",
        "**问题:** 为什么？",
        "**试一试**：数一数。",
        "**试一试：**数一数。",
    ):
        assert pattern.match(text), text
    assert not pattern.match("**这一课的问题：**什么？")
    assert Prompt("问题：", "为什么？", "zh").words == "问题：为什么？"
    assert Prompt("Вопрос:", "почему?", "ru").words == "Вопрос: почему?"
    assert Prompt("Try it", "count.").words == "Try it: count."


@pytest.fixture(scope="module")
def chinese(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("zh") / "triad.pdf"
    code, said, err = run("handout", "triad", "--lang", "zh", "--out", str(path))
    assert code == 0 and not err and "已写入" in said
    return path


@needs_font
def test_a_chinese_handout_reads_back_in_chinese(chinese):
    """pypdf reads the title and the headings; pdfium reads every word.  (pypdf 7 decodes a
    subset font's character codes past 255 as two one-byte codes, so the later characters of a
    long Chinese text come out wrong there; pdfium, like PDF viewers, reads them right.)"""
    reader = pypdf.PdfReader(chinese)
    first = squeezed(reader.pages[0].extract_text().replace("\x00", ""))
    assert first.startswith("第1课：三元牌姓名：") and "简介" in first
    document = pdfium.PdfDocument(chinese)
    text = squeezed(" ".join(page.get_textpage().get_text_range() for page in document))
    sheet = handouts.worksheet("triad", lang="zh")
    assert sheet.title == "第 1 课：三元牌" and not sheet.note
    for words in ("第1课：三元牌", "简介", "一副牌，一步一步看", "问题", "答案", "教师用", "目标"):
        assert words in text, words
    for prompt in prompts("triad", "zh"):
        assert squeezed(prompt.words)[:30] in text
    assert squeezed(notes("triad", "zh").in_brief)[:40] in text
    assert squeezed(notes("triad", "zh").discussion)[-20:] in text
    assert reader.metadata.title == "第 1 课：三元牌：练习单"


@needs_font
def test_chinese_prints_in_its_own_glyphs_not_empty_boxes(chinese, tmp_path):
    """The title line as printed, against the same line drawn in DejaVu alone (which has no
    Chinese: pdfium draws its missing glyphs as boxes)."""
    from fpdf import FPDF

    from cardlab.render.pdf import use_fonts

    title = handouts.worksheet("triad", lang="zh").title
    plain = FPDF(unit="mm", format=handouts.PAPERS["a4"])
    plain.set_margins(handouts.MARGIN, handouts.MARGIN, handouts.MARGIN)
    plain.add_page()
    plain.set_font(use_fonts(plain), "B", 20)
    with contextlib.redirect_stderr(io.StringIO()):
        plain.multi_cell(plain.w - 2 * handouts.MARGIN, 10, title)
    boxes = tmp_path / "boxes.pdf"
    boxes.write_bytes(bytes(plain.output()))

    def title_line(path: Path):
        page = pdfium.PdfDocument(path)[0].render(scale=2).to_pil().convert("L")
        mm = page.width / 210
        return page.crop((0, int(14 * mm), page.width, int(28 * mm)))

    printed, fallback = title_line(chinese), title_line(boxes)
    assert ImageStat.Stat(printed).mean[0] < 250  # ink on the line
    assert ImageStat.Stat(ImageChops.difference(printed, fallback)).mean[0] > 2


def test_a_russian_handout_has_the_russian_lesson_and_notes():
    sheet = handouts.worksheet("triad", lang="ru")
    assert sheet.title == "Урок 1: Триада" and sheet.notes.lang == "ru" and not sheet.note
    assert [p.kind for p in sheet.prompts] == ["Вопрос:", "Попробуйте:", "Попробуйте:"]
    data = handouts.to_pdf(sheet, with_notes=True)
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages)
    for words in ("Коротко", "Раздача шаг за шагом", "Шаг ", "Вопросы", "Ответы", "Для учителя"):
        assert words in text, words
    assert "Answer key" not in text and "In brief" not in text


def test_a_lesson_not_written_in_a_language_prints_in_english_and_says_so():
    sheet = handouts.worksheet("triad", lang="lt")
    assert sheet.title == "Lesson 1: Triad" and sheet.notes.lang == "en"
    assert sheet.prompts == prompts("triad")
    assert sheet.note.startswith("Ši pamoka dar neišversta")
    text = " ".join(
        p.extract_text() for p in pypdf.PdfReader(io.BytesIO(handouts.to_pdf(sheet))).pages
    )
    assert "Ši pamoka dar neišversta" in text and "Trumpai" in text and "Atsakymai" in text
    written = handouts.worksheet("three_thirteen", lang="lt")
    assert written.title == "5 pamoka: Trys trylika" and not written.note


def test_a_bad_language_is_refused_in_one_line(tmp_path):
    code, said, err = run("handout", "triad", "--lang", "fr", "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and not said and err.count("\n") == 1
    assert "the languages are: en, ru, zh, lt, ms" in err
    code, _, err = run("handout", "nope", "--lang", "ru", "--out", str(tmp_path / "x.pdf"))
    assert code == 2 and err.startswith("cardlab handout: ")


def test_a_render_in_another_language_writes_the_sheet(tmp_path):
    out = tmp_path / "deck.png"
    code, said, err = run("render", "standard", "--lang", "ru", "--out", str(out))
    assert code == 0 and out.is_file() and "записан файл" in said
    code, _, err = run("render", "standard", "--lang", "xx", "--out", str(out))
    assert code == 2 and err.startswith("cardlab render: ")


def test_the_english_worksheet_is_as_before():
    with using_language("ru"):  # a page's language elsewhere in the kernel changes nothing
        sheet = handouts.worksheet("triad")
    assert sheet.lang == "en" and sheet.title == "Lesson 1: Triad"
    assert sheet.steps[0].drawing == handouts.worksheet("triad").steps[0].drawing


# -- Chinese lines (issue 26, item 8) -------------------------------------------------------------
LESSONS = (
    "00_decks",
    "triad",
    "pyramid",
    "doudizhu",
    "triangle",
    "three_thirteen",
    "pyramid_poker",
)


@needs_font
def test_no_line_of_a_chinese_handout_starts_with_closing_punctuation(monkeypatch):
    """Every block of every Chinese handout, laid out as fpdf2 prints it (its dry run of the very
    call): no line starts with closing punctuation or ends with opening punctuation, and fpdf2
    breaks no line the handout's own line breaking made (they fit)."""
    from fpdf import FPDF

    multi_cell = FPDF.multi_cell
    blocks: list[tuple[str, list[str]]] = []

    def laid_out(pdf, w, h=None, text="", **kwargs):
        if not kwargs.get("dry_run") and not kwargs.get("output"):
            keep = {k: v for k, v in kwargs.items() if k not in ("new_x", "new_y")}
            lines = multi_cell(pdf, w, h, text, dry_run=True, output="LINES", **keep)
            blocks.append((text, lines))
        return multi_cell(pdf, w, h, text, **kwargs)

    monkeypatch.setattr(FPDF, "multi_cell", laid_out)
    for lesson in LESSONS:
        handouts.handout(lesson, lang="zh")
    assert len(blocks) > 200
    starts = [(prev[-6:], line[:6]) for _, lines in blocks for prev, line in pairwise(lines)]
    assert [(a, b) for a, b in starts if b[:1] in handouts.NO_LINE_START] == []
    assert [(a, b) for a, b in starts if a[-1:] in handouts.NO_LINE_END] == []
    assert [text for text, lines in blocks if len(lines) != text.count("\n") + 1] == []


PIECES = st.sampled_from(
    [
        *"一副牌先叫分出完",
        *"。，、；：？！）」”",
        *"（「“",
        *",(",
        "A",
        "10",
        "3P",
        "2.5",
        " ",
        "**",
        "__",
    ]
)


def visible(text: str) -> str:
    return text.replace("**", "").replace("__", "")


@given(st.lists(PIECES, max_size=40), st.integers(1, 12))
def test_chinese_lines_fit_and_keep_punctuation_with_its_character(pieces, room):
    text = "".join(pieces)
    lines = handouts.chinese_lines(text, room, lambda t: len(visible(t)))
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")
    for line in lines:
        assert line == line.strip()
        shown = [g for g in handouts._groups(line, markdown=True) if not handouts._bare(g)]
        assert len(visible(line)) <= room or len(shown) == 1
    for before, line in pairwise(lines):
        assert visible(line)[:1] not in handouts.NO_LINE_START, lines
        assert visible(before)[-1:] not in handouts.NO_LINE_END, lines


def test_a_latin_word_keeps_its_own_punctuation_and_a_number_is_never_split():
    lines = handouts.chinese_lines("一副牌有 2.5 个A.，对吗？", 4, len, markdown=False)
    assert all("2.5" in line or "2." not in line for line in lines), lines
    assert not any(line.startswith(("，", "？", ".")) for line in lines), lines
