"""Printable worksheets (``cardlab handout``): a lesson's game in brief, its curated deal drawn
at a few steps with their narration, the lesson's questions and a few of its quiz's with space
to answer, then the answer key on a page of its own and the teacher notes on another.

Two steps: `worksheet` gathers the content as plain data (texts and `Drawing`s), `to_pdf` lays
it out on A4 or Letter with fpdf2, the drawings as vector paths through `cardlab.render.pdf`, so
every word stays text a reader can select, search and have read aloud.  What differs between
lessons is what each lesson's parts say (`PLANS`: the registry, `cardlab.core.lesson_parts`).
Pure: no widgets.

A handout is written in one language (`cardlab.core.i18n.LANGUAGES`): the lesson's language
version (its prompts and title) and notes in that language, the quiz, the narration and every
heading read in it.  A lesson not yet written in the language is printed in English, with a line
in the language saying so.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from html.parser import HTMLParser

from cardlab.apps.asked import Asked
from cardlab.core.engine import CHANCE
from cardlab.core.i18n import LANGUAGES as SPOKEN
from cardlab.core.i18n import msg, using_language
from cardlab.core.lesson_parts import FromLessons, LessonParts, lesson_parts
from cardlab.core.replay import Replay
from cardlab.lessons import deals
from cardlab.lessons.notes import (
    Prompt,
    TeacherNotes,
    has_lesson,
    has_notes,
    lesson_name,
    lesson_title,
    notes,
    prompts,
)
from cardlab.render import Drawing
from cardlab.render.text import NO_LINE_END, NO_LINE_START

LANGUAGES = tuple(SPOKEN)
"""The languages a handout is written in (every language cardlab speaks)."""
PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
"""Paper sizes in millimetres."""
STEPS = 4
"""How many steps of the deal a worksheet draws."""
QUIZ_QUESTIONS = 3


PLANS: Mapping[str, LessonParts] = FromLessons(lambda: {p.name: p for p in lesson_parts()})
"""What each lesson's worksheet draws on, as the registry of lessons gives it: its curated deal
(`LessonParts.deal`, others of its game by `LessonParts.deal_prefix`), its quiz's questions and
first seed (as the lesson page deals them) and its table picture."""


@dataclass(frozen=True)
class Step:
    """One drawn step of the deal: its number, what happened (teacher's words) and the table."""

    number: int
    narration: str
    drawing: Drawing


@dataclass(frozen=True)
class Worksheet:
    """Everything a handout prints, as data."""

    lesson: str
    title: str
    deal: str
    notes: TeacherNotes
    steps: tuple[Step, ...]
    prompts: tuple[Prompt, ...]
    quiz: tuple[Asked, ...]
    lang: str = "en"
    """The language of the handout's headings, quiz and narration."""
    note: str = ""
    """A line saying the lesson is printed in English, not yet being written in ``lang``."""


def lesson_deals(lesson: str) -> list[str]:
    """The curated deals a lesson's worksheet may draw (those of its game)."""
    prefix = PLANS[lesson_name(lesson)].deal_prefix + "-"
    return [name for name in deals.names() if name.startswith(prefix)]


def check_language(lang: str) -> str:
    """``lang`` if a handout can be written in it, else a ``ValueError`` listing the languages."""
    if lang not in LANGUAGES:
        raise ValueError(
            msg(
                "no handouts in {lang}; the languages are: {languages}",
                lang=repr(str(lang)[:40]),
                languages=", ".join(LANGUAGES),
            )
        )
    return lang


def check_paper(paper: str) -> str:
    """``paper`` if known, else a ``ValueError`` listing the paper sizes."""
    if paper not in PAPERS:
        raise ValueError(
            msg(
                "no paper {paper}; the papers are: {papers}",
                paper=repr(str(paper)[:40]),
                papers=", ".join(PAPERS),
            )
        )
    return paper


def telling_steps(replay: Replay, count: int = STEPS) -> list[int]:
    """``count`` steps spread over the players' moves (chance deals every card, which tells
    little), the last step always among them."""
    moves = [
        i
        for i in range(1, len(replay) + 1)
        if replay.game.current_player(replay.state_at(i - 1)) != CHANCE
    ] or list(range(1, len(replay) + 1))
    if len(moves) <= count:
        return moves
    picked = {moves[round(k * (len(moves) - 1) / (count - 1))] for k in range(count)}
    return sorted(picked)


def quiz_questions(lesson: str, count: int = QUIZ_QUESTIONS) -> tuple[Asked, ...]:
    """The lesson quiz's first ``count`` questions, dealt with the seeds the page deals."""
    plan = PLANS[lesson_name(lesson)]
    if plan.quiz is None:
        return ()
    module = importlib.import_module(plan.quiz)
    return tuple(module.asked_for(plan.quiz_seed + k) for k in range(count))


def worksheet(lesson: str, deal: str | None = None, lang: str = "en") -> Worksheet:
    """The worksheet of ``lesson`` (``triad``, ``triad.ipynb`` or ``triad.md``) on its curated
    deal, or on ``deal``, another of the same game's (a ``ValueError`` lists them), in ``lang``
    (the lesson's own words in English where it is not written in ``lang`` yet)."""
    name = lesson_name(lesson)
    plan = PLANS[name]
    check_language(lang)
    with using_language(lang):
        if deal is None:
            deal = plan.deal
        elif deal not in lesson_deals(name):
            raise ValueError(
                msg(
                    "no {game} deal {deal}; the deals are: {deals}",
                    game=plan.deal_prefix,
                    deal=repr(str(deal)[:80]),
                    deals=", ".join(lesson_deals(name)),
                )
            )
        written = has_lesson(name, lang) and has_notes(name, lang)
        words = lang if written else "en"
        note = (
            ""
            if written
            else str(
                msg("This lesson is not yet written in this language, so its text is in English.")
            )
        )
        replay = deals.load(deal)
        steps = []
        for number in telling_steps(replay):
            state = replay.state_at(number)
            narration = str(replay.event_at(number).narration_for(None))
            banner = str(msg("Step {number}", number=number))
            steps.append(Step(number, narration, plan.picture(replay, state, banner)))
        return Worksheet(
            name,
            lesson_title(name, words),
            deal,
            notes(name, words),
            tuple(steps),
            prompts(name, words),
            quiz_questions(name),
            lang,
            note,
        )


# -- words: the lessons' HTML and the notes' Markdown as text fpdf2 writes ----------------------
class _Text(HTMLParser):
    """HTML as lines of text: list items bulleted, table cells joined with " | ", bold kept as
    fpdf2's ``**`` marks."""

    BREAKS = frozenset({"p", "div", "br", "ul", "ol", "tr", "table", "caption", "li"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.cells = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag in self.BREAKS:
            self.parts.append("\n")
        if tag == "li":
            self.parts.append("\u2022 ")
        elif tag == "tr":
            self.cells = 0
        elif tag in ("td", "th"):
            self.parts.append(" | " if self.cells else "")
            self.cells += 1
        elif tag in ("b", "strong"):
            self.parts.append("**")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("b", "strong"):
            self.parts.append("**")
        elif tag in self.BREAKS:
            self.parts.append("\n")

    def handle_data(self, data: str) -> None:
        self.parts.append(data)


def html_lines(html: str) -> list[str]:
    """The lines of text an HTML fragment shows (blank lines dropped)."""
    parser = _Text()
    parser.feed(html)
    parser.close()
    lines = (" ".join(line.split()) for line in "".join(parser.parts).split("\n"))
    return [line for line in lines if line.strip("* ")]


def markdown_lines(text: str) -> list[str]:
    """Markdown paragraphs and list items as lines for fpdf2 (``**bold**``, ``__italic__``)."""
    text = re.sub(r"`([^`]*)`", r"\1", text)
    text = re.sub(r"(?<![*\w])\*(?!\*)(.+?)(?<!\*)\*(?![*\w])", r"__\1__", text)
    out: list[str] = []
    for block in re.split(r"\n\s*\n", text.strip()):
        items = re.split(r"\n(?=- )", block)
        for item in items:
            line = " ".join(item.split())
            out.append("\u2022 " + line[2:] if line.startswith("- ") else line)
    return [line for line in out if line]


# -- the page ------------------------------------------------------------------------------------
MARGIN = 16.0  # mm
BODY = 10.5  # pt
LINE = 5.0  # mm per line of body text
INK = "#1a1a1a"
RULE = "#9a9a9a"


PDF_LANGUAGE = {"zh": "zh-Hans"}
"""The PDF's language tag where it is not cardlab's language code."""


# -- Chinese lines: a break may fall between any two characters, but not before a closing mark --
_MARKERS = ("**", "__", "~~", "--")
"""fpdf2's Markdown style marks (bold, italics, strikethrough, underline)."""
_SPACE_CHARS = frozenset(" \t\u3000")


def _wide(ch: str) -> bool:
    """A character a Chinese line may break before or after (ideographs, kana, CJK and
    full-width punctuation), unlike the letters and digits of a Latin word."""
    return "\u2e80" <= ch <= "\u9fff" or "\uf900" <= ch <= "\ufaff" or "\ufe30" <= ch <= "\uffef"


def _atoms(text: str, markdown: bool) -> list[str]:
    """``text`` cut where a Chinese line may break: a style mark and an escaped character (with
    ``markdown``), a space, a Latin word (with its number or notation), or one wide character."""
    atoms: list[str] = []
    i = 0
    while i < len(text):
        two = text[i : i + 2]
        if markdown and (two in _MARKERS or (text[i] == "\\" and len(two) == 2)):
            atoms.append(two)
            i += 2
            continue
        end = i + 1
        if not _breaks_around(text[i]):
            while end < len(text) and not _breaks_around(text[end]):
                if markdown and (text[end : end + 2] in _MARKERS or text[end] == "\\"):
                    break
                end += 1
        atoms.append(text[i:end])
        i = end
    return atoms


def _breaks_around(ch: str) -> bool:
    """Whether a line may break before or after ``ch`` (a Latin word keeps its own punctuation:
    "2.5", "A.")."""
    return _wide(ch) or ch in _SPACE_CHARS or ch == "\n"


def _bare(group: str) -> bool:
    """Whether ``group`` shows nothing: spaces and style marks only."""
    for mark in _MARKERS:
        group = group.replace(mark, "")
    return not group.strip()


def _groups(text: str, markdown: bool) -> list[str]:
    """``text``'s atoms bound into the pieces a line is filled with: closing punctuation and a
    style mark that ends a span go with the piece before, opening punctuation and a mark that
    starts a span with the piece after."""
    groups: list[str] = []
    glue_next = False
    spans: set[str] = set()
    for atom in _atoms(text, markdown):
        mark = markdown and atom in _MARKERS
        ends_span = mark and atom in spans
        if mark:
            spans ^= {atom}
        stays_back = ends_span or (not mark and atom[0] in NO_LINE_START)
        while stays_back and len(groups) > 1 and _bare(groups[-1]) and groups[-2] != "\n":
            bare = groups.pop()  # "A 。", "A**。": the mark stays with "A", space and all
            groups[-1] += bare
        if groups and groups[-1] != "\n" and atom != "\n" and (glue_next or stays_back):
            groups[-1] += atom
        else:
            groups.append(atom)
        opens = (mark and not ends_span) or (not mark and atom[-1] in NO_LINE_END)
        glue_next = opens or (glue_next and _bare(atom))  # "（ A", "（****A": still with "A"
    return groups


def chinese_lines(
    text: str, room: float, width: Callable[[str], float], markdown: bool = True
) -> list[str]:
    """``text`` in lines of at most ``room`` wide (``width`` measures a piece of text, of
    fpdf2's Markdown with ``markdown``; a piece wider than a line stands alone), broken between
    any two characters but never before closing punctuation or after opening punctuation;
    spaces at a break are dropped."""
    lines: list[str] = []
    line: list[str] = []
    used = 0.0
    marks = ""  # the style marks open where a piece starts, so it is measured in its style

    def flush() -> None:
        lines.append("".join(line).strip(" \t\u3000"))
        line.clear()

    for group in _groups(text, markdown):
        if group == "\n":
            flush()
            used = 0.0
            continue
        size = width(marks + group)
        for mark in _MARKERS if markdown else ():
            if group.count(mark) % 2:
                marks = marks.replace(mark, "") if mark in marks else marks + mark
        if line and used + size > room:
            flush()
            used = 0.0
        if not line and group.strip() == "":
            continue
        line.append(group)
        used += size
    flush()
    return lines


def sheet_texts(sheet: Worksheet) -> list[str]:
    """Every text of the worksheet that the page prints (to choose the fonts it needs)."""
    n = sheet.notes
    texts = [sheet.title, sheet.note, n.title, n.in_brief, n.objectives, n.time,
             n.review_practice, n.discussion]  # fmt: skip
    texts += [a.text for a in n.answers] + [p.words for p in sheet.prompts]
    texts += [step.narration for step in sheet.steps]
    for asked in sheet.quiz:
        texts += [str(asked.prompt), str(asked.explanation)]
        texts += [str(label) for label, _ in asked.choices]
    return texts


def to_pdf(sheet: Worksheet, paper: str = "a4", with_notes: bool = True) -> bytes:
    """The worksheet as PDF bytes: questions, then the answer key (and the teacher notes) each
    starting a page of their own; its headings in the worksheet's language."""
    with using_language(sheet.lang):
        return _to_pdf(sheet, paper, with_notes)


def _to_pdf(sheet: Worksheet, paper: str, with_notes: bool) -> bytes:
    from fpdf import FPDF
    from fpdf.enums import WrapMode

    from cardlab.render.pdf import draw, needs_cjk, use_fonts

    pdf = FPDF(unit="mm", format=PAPERS[check_paper(paper)])
    pdf.set_margins(MARGIN, MARGIN, MARGIN)
    pdf.set_auto_page_break(True, MARGIN)
    family = use_fonts(pdf, cjk=sheet.lang == "zh" or needs_cjk(*sheet_texts(sheet)))
    pdf.set_title(str(msg("{title}: worksheet", title=sheet.title)))
    pdf.set_lang(PDF_LANGUAGE.get(sheet.lang, sheet.lang))
    pdf.set_creator("cardlab")
    width = pdf.w - 2 * MARGIN

    def cell(w: float, h: float, text: str, markdown: bool = False) -> None:
        """``text`` in lines of ``w``: Chinese, which has no spaces between words, broken by
        `chinese_lines` (between any two characters, but not before closing punctuation)."""
        wrap = WrapMode.WORD
        if sheet.lang == "zh":
            room = w - 2 * pdf.c_margin
            lines = chinese_lines(
                text, room, lambda t: pdf.get_string_width(t, markdown=markdown), markdown
            )
            text, wrap = "\n".join(lines), WrapMode.CHAR
        pdf.multi_cell(w, h, text, markdown=markdown, new_x="LMARGIN", new_y="NEXT", wrapmode=wrap)

    def heading(text: str, size: float = 14) -> None:
        pdf.set_font(family, "B", size)
        pdf.set_text_color(INK)
        pdf.ln(2)
        cell(width, size * 0.5, text)
        pdf.ln(1.5)

    def para(text: str, size: float = BODY, indent: float = 0.0) -> None:
        pdf.set_font(family, "", size)
        pdf.set_text_color(INK)
        pdf.set_x(MARGIN + indent)
        cell(width - indent, LINE * size / BODY, text, markdown=True)

    def lines_for_answer(count: int) -> None:
        pdf.set_draw_color(RULE)
        pdf.set_line_width(0.2)
        for _ in range(count):
            pdf.ln(7)
            if pdf.y > pdf.h - MARGIN - 2:
                pdf.add_page()
            pdf.line(MARGIN, pdf.y, MARGIN + width, pdf.y)
        pdf.ln(3)

    pdf.add_page()
    pdf.set_font(family, "B", 20)
    pdf.set_text_color(INK)
    cell(width, 10, sheet.title)
    para(str(msg("Name: ______________________    Class: __________    Date: ____________")), 9.5)
    if sheet.note:
        para(f"__{sheet.note}__", 9.5)
    heading(str(msg("In brief")))
    for line in markdown_lines(sheet.notes.in_brief):
        para(line)

    heading(str(msg("A deal, step by step")))
    para(str(msg("The lesson's deal ({deal}), seen with every card face up.", deal=sheet.deal)), 9)
    for step in sheet.steps:
        scale = min(width, 140.0) / step.drawing.width
        height = step.drawing.height * scale
        if pdf.y + height + 14 > pdf.h - MARGIN:
            pdf.add_page()
        step_words = msg("Step {number}.", number=step.number)
        para(f"**{step_words}** {step.narration}", 9.5)
        pdf.ln(1)
        draw(pdf, step.drawing, MARGIN + (width - step.drawing.width * scale) / 2, pdf.y, scale)
        pdf.set_y(pdf.y + height + 4)

    heading(str(msg("Questions")))
    number = 0
    for prompt in sheet.prompts:
        number += 1
        para(f"**{number}.** {prompt.words}")
        lines_for_answer(3)
    for asked in sheet.quiz:
        number += 1
        text = html_lines(str(asked.prompt))
        para(f"**{number}.** {text[0]}")
        for line in text[1:]:
            para(line, indent=5)
        for label, _value in asked.choices:
            para(f"\u2610 {label}", indent=5)
        lines_for_answer(1)

    pdf.add_page()
    heading(str(msg("Answer key")), 18)
    number = 0
    for prompt, answer in zip(sheet.prompts, sheet.notes.answers, strict=False):
        number += 1
        para(f"**{number}.** __{prompt.words}__", 9.5)
        for line in markdown_lines(answer.text):
            para(line, indent=5)
        pdf.ln(2)
    for asked in sheet.quiz:
        number += 1
        answer_line = msg("{number}. Answer: {answer}", number=number, answer=asked.answer_label)
        para(f"**{answer_line}**")
        for line in html_lines(str(asked.explanation)):
            para(line, 9.5, indent=5)
        pdf.ln(2)

    if with_notes:
        pdf.add_page()
        heading(str(msg("For the teacher")), 18)
        para(f"__{sheet.notes.title}__", 9.5)
        for title, body in (
            (msg("Objectives"), sheet.notes.objectives),
            (msg("Time"), sheet.notes.time),
            (msg("Review and practice"), sheet.notes.review_practice),
            (msg("Discussion"), sheet.notes.discussion),
        ):
            heading(str(title), 12)
            for line in markdown_lines(body):
                para(line)
    return bytes(pdf.output())


def handout(
    lesson: str,
    deal: str | None = None,
    lang: str = "en",
    paper: str = "a4",
    with_notes: bool = True,
) -> bytes:
    """The printable worksheet of ``lesson`` in ``lang`` as PDF bytes; a ``ValueError`` names a
    bad lesson, deal, language or paper before any work is done."""
    check_language(lang)
    check_paper(paper)
    return to_pdf(worksheet(lesson, deal, lang), paper, with_notes)
