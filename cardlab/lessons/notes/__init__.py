"""Teacher notes: one Markdown file per lesson (``<lesson>.md`` in this folder), with fixed
sections, read by the lesson pages' "For the teacher" box and printed with the handout.

A teacher edits the notes as text, like the lessons; this module only reads them.  The
sections, in this order: ``## In brief`` (the game's goal and rules in a few sentences, for the
students: it heads the handout), ``## Objectives``, ``## Time`` (minutes per part of the lesson,
``- part: N min`` lines and a ``Total: N min`` line), ``## Answers`` (one ``### `` heading per
"**Question:**" and "**Try it**" prompt of the lesson, in order, quoting the prompt's start),
``## Review and practice`` (how to use the table's review of each hand and the find-the-move
practice in class) and ``## Discussion``.  `prompts` reads those prompts from the lesson
notebook (which ships in every install, where the lesson documents do not).

The notes in another language sit in ``<lang>/<lesson>.md`` here, with the same sections under
that language's headings (`HEADINGS`), its time lines (``- часть: N мин``, ``Всего: N мин``,
`TIME_WORDS`) and its prompts (``**Вопрос:**``, ``**试一试：**``, `PROMPT_WORDS`; ``:`` or ``：``
after the bold word); their prompts come from the lesson's language version (the built
notebook ``notebooks/<lang>/<lesson>.ipynb``, else the document ``lessons/<lang>/<lesson>.md``).

Pure: no widgets; markdown-it-py renders the HTML, with raw HTML turned off.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from cardlab.core.i18n import msg
from cardlab.lessons import INDEX, lesson_file, lessons, notebooks_dir

SECTIONS = ("In brief", "Objectives", "Time", "Answers", "Review and practice", "Discussion")
"""The headings every notes file has, in this order."""
HEADINGS: dict[str, tuple[str, ...]] = {
    "en": SECTIONS,
    "ru": ("Коротко", "Цели", "Время", "Ответы", "Разбор и тренировка", "Обсуждение"),
    "zh": ("简介", "目标", "时间", "答案", "复盘与练习", "讨论"),
    "lt": ("Trumpai", "Tikslai", "Laikas", "Atsakymai", "Apžvalga ir treniruotė", "Diskusija"),
    "ms": ("Ringkasan", "Objektif", "Masa", "Jawapan", "Ulasan dan latihan", "Perbincangan"),
}
"""`SECTIONS` as each language's notes head them, in the same order."""
PROMPT_KINDS = ("Question:", "Try it")
"""How a lesson's prompts begin (in bold): a question to answer, or something to try."""
PROMPT_WORDS: dict[str, tuple[str, str]] = {
    "en": ("Question", "Try it"),
    "ru": ("Вопрос", "Попробуйте"),
    "zh": ("问题", "试一试"),
    "lt": ("Klausimas", "Pabandykite"),
    "ms": ("Soalan", "Cuba"),
}
"""The bold words of `PROMPT_KINDS` in each language's lessons."""
TIME_WORDS: dict[str, tuple[str, str]] = {
    "en": ("Total", "min"),
    "ru": ("Всего", "мин"),
    "zh": ("合计", "分钟"),
    "lt": ("Iš viso", "min"),
    "ms": ("Jumlah", "min"),
}
"""The Time section's total line and unit in each language (``Total: N min``)."""
_COLON = "[:\uff1a]"  # ":" or the full-width "："


def _time_patterns(lang: str) -> tuple[re.Pattern[str], re.Pattern[str]]:
    total, unit = TIME_WORDS[lang]
    minutes = re.compile(rf"^- (?P<part>.+?){_COLON} ?(?P<min>\d+) {re.escape(unit)}$")
    return minutes, re.compile(rf"^{re.escape(total)}{_COLON} ?(?P<min>\d+) {re.escape(unit)}$")


def _prompt_pattern(lang: str) -> re.Pattern[str]:
    words = "|".join(re.escape(word) for word in PROMPT_WORDS[lang])
    return re.compile(rf"^\*\*(?P<kind>(?:{words}){_COLON}?)\*\*{_COLON}?\s*(?P<text>.*)$", re.S)


@dataclass(frozen=True)
class Answer:
    """The answer to one prompt: the prompt as its heading quotes it, and the answer (Markdown)."""

    prompt: str
    text: str


@dataclass(frozen=True)
class TeacherNotes:
    """One lesson's notes, section by section (Markdown text, headings removed)."""

    lesson: str
    title: str
    in_brief: str
    objectives: str
    time: str
    answers: tuple[Answer, ...]
    answers_intro: str
    review_practice: str
    discussion: str
    lang: str = "en"
    """The language the notes are written in."""

    @property
    def minutes(self) -> tuple[tuple[str, int], ...]:
        """The Time section's parts and their minutes."""
        pattern = _time_patterns(self.lang)[0]
        return tuple(
            (m["part"], int(m["min"]))
            for m in map(pattern.match, self.time.splitlines())
            if m is not None
        )

    @property
    def total_minutes(self) -> int | None:
        """The total the Time section states (None if it states none)."""
        pattern = _time_patterns(self.lang)[1]
        found = [int(m["min"]) for m in map(pattern.match, self.time.splitlines()) if m]
        return found[0] if found else None


@dataclass(frozen=True)
class Prompt:
    """A "**Question:**" or "**Try it**" prompt of a lesson: its kind (the bold word, as the
    lesson writes it), its words (plain) and the language it is in."""

    kind: str
    text: str
    lang: str = "en"

    @property
    def words(self) -> str:
        """The prompt as a student reads it: ``Question: why ...``, ``问题：为什么……``."""
        word = self.kind.rstrip(":\uff1a")
        if self.lang == "zh":
            return f"{word}\uff1a{self.text}"
        return f"{word}: {self.text}"


def names(lang: str = "en") -> list[str]:
    """Every lesson with notes (every lesson but the index) in ``lang``, sorted."""
    folder = files(__name__) if lang == "en" else files(__name__).joinpath(lang)
    if not folder.is_dir():
        return []
    return sorted(
        entry.name.removesuffix(".md") for entry in folder.iterdir() if entry.name.endswith(".md")
    )


def has_notes(lesson: str, lang: str) -> bool:
    """Whether ``lesson`` (a name `lesson_name` accepts) has notes written in ``lang``."""
    return lang in HEADINGS and lesson_name(lesson) in names(lang)


def _notes_text(name: str, lang: str) -> str:
    folder = files(__name__) if lang == "en" else files(__name__).joinpath(lang)
    return folder.joinpath(f"{name}.md").read_text(encoding="utf-8")


def lesson_name(name: str) -> str:
    """A lesson's name from what a teacher types (``triad``, ``triad.ipynb`` or ``triad.md``,
    read as `cardlab.lessons.lesson_file` reads it), or a ``ValueError`` listing the lessons with
    notes (every lesson but the index)."""

    stem = lesson_file(name).removesuffix(".ipynb")
    if stem not in names():
        raise ValueError(
            msg(
                "the {page} page has no notes; the lessons are: {lessons}",
                page=stem,
                lessons=", ".join(names()),
            )
        )
    return stem


def _sections(text: str) -> dict[str, str]:
    """``## `` heading -> the text under it (stripped); a heading twice is an error."""
    out: dict[str, str] = {}
    heading = None
    lines: list[str] = []
    for line in text.splitlines():
        if line.startswith("## "):
            if heading is not None:
                out[heading] = "\n".join(lines).strip()
            heading, lines = line[3:].strip(), []
            if heading in out:
                raise ValueError(msg("the section {heading} appears twice", heading=repr(heading)))
        elif heading is not None:
            lines.append(line)
    if heading is not None:
        out[heading] = "\n".join(lines).strip()
    return out


def _answers(text: str) -> tuple[str, tuple[Answer, ...]]:
    """The Answers section: the text before the first ``### `` and one `Answer` per heading."""
    parts = re.split(r"^### (.+)$", text, flags=re.M)
    intro, rest = parts[0].strip(), parts[1:]
    return intro, tuple(
        Answer(rest[i].strip(), rest[i + 1].strip()) for i in range(0, len(rest), 2)
    )


@lru_cache(maxsize=64)
def notes(lesson: str, lang: str = "en") -> TeacherNotes:
    """The teacher notes of ``lesson`` (``triad``, ``triad.ipynb`` or ``triad.md``) in ``lang``
    (`has_notes` says whether there are); a ``ValueError`` names the lessons for an unknown one,
    or the section a file lacks."""
    name = lesson_name(lesson)
    if not has_notes(name, lang):
        raise ValueError(
            msg(
                "the {lesson} lesson has no notes in {lang}", lesson=name, lang=repr(str(lang)[:40])
            )
        )
    text = _notes_text(name, lang)
    title = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), name)
    headings = HEADINGS[lang]
    sections = _sections(text)
    missing = [s for s in headings if s not in sections]
    if missing or list(sections) != list(headings):
        sections_in_order = msg(
            "the notes of {lesson} need the sections {sections} in this order",
            lesson=name,
            sections=", ".join(headings),
        )
        raise ValueError(
            msg(
                "{problem}; missing: {missing}",
                problem=sections_in_order,
                missing=", ".join(missing),
            )
            if missing
            else sections_in_order
        )
    part = dict(zip(SECTIONS, (sections[h] for h in headings), strict=True))
    intro, answers = _answers(part["Answers"])
    return TeacherNotes(
        name,
        title,
        part["In brief"],
        part["Objectives"],
        part["Time"],
        answers,
        intro,
        part["Review and practice"],
        part["Discussion"],
        lang,
    )


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt

    # commonmark with tables, and raw HTML off: a notes file can never inject markup
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def markdown_html(text: str) -> str:
    """Markdown as HTML, raw HTML escaped rather than passed through."""
    return _markdown().render(text)


def notes_html(lesson: str, lang: str = "en") -> str:
    """The notes of ``lesson`` as HTML (for the lesson page's "For the teacher" box), in
    ``lang`` where they are written in it, else in English."""
    name = lesson_name(lesson)
    return markdown_html(_notes_text(name, lang if has_notes(name, lang) else "en"))


def _plain(markdown: str) -> str:
    """A prompt's Markdown as plain words: emphasis and code marks removed, lines joined."""
    text = re.sub(r"`([^`]*)`", r"\1", " ".join(markdown.split()))
    return re.sub(r"(\*\*|\*|__)(.+?)\1", r"\2", text)


_CODE_CELL = re.compile(r"^```\{code-cell\}.*?^```\s*$", re.S | re.M)
_FRONT_MATTER = re.compile(r"\A---\n(?P<yaml>.*?)\n---\n", re.S)


def _document(name: str, lang: str) -> Path | None:
    """The lesson document of ``name`` in ``lang`` (a source checkout has them), or None."""
    path = Path(__file__).resolve().parents[1] / lang / f"{name}.md"
    return path if path.is_file() else None


def _language_notebook(name: str, lang: str) -> Path | None:
    """The built notebook of ``name`` in ``lang`` when it is a translation (a lesson not yet
    written in ``lang`` is built there from the English text: that one does not count)."""
    path = notebooks_dir() / lang / f"{name}.ipynb"
    if not path.is_file():
        return None
    metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
    return path if metadata.get("cardlab", {}).get("translated", True) else None


def has_lesson(lesson: str, lang: str) -> bool:
    """Whether ``lesson`` is written in ``lang``: its built notebook, or its document."""
    name = lesson_name(lesson)
    if lang == "en":
        return True
    return lang in HEADINGS and bool(_language_notebook(name, lang) or _document(name, lang))


def _markdown_sources(name: str, lang: str) -> list[str]:
    """The Markdown of the lesson in ``lang``: its notebook's cells, else its document's text
    outside the code cells (empty when it is not written in ``lang``)."""
    notebook = notebooks_dir() / f"{name}.ipynb" if lang == "en" else _language_notebook(name, lang)
    if notebook is not None:
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        return ["".join(c["source"]) for c in cells if c["cell_type"] == "markdown"]
    document = _document(name, lang)
    if document is None:
        return []
    text = _FRONT_MATTER.sub("", document.read_text(encoding="utf-8"))
    return [_CODE_CELL.sub("", text)]


@lru_cache(maxsize=64)
def prompts(lesson: str, lang: str = "en") -> tuple[Prompt, ...]:
    """The lesson's "**Question:**" and "**Try it**" prompts, in order, from its notebook (in
    ``lang``: from its language version, see the module docstring; none if it has none)."""
    name = lesson_name(lesson)
    if f"{name}.ipynb" == INDEX or lang not in PROMPT_WORDS:
        return ()
    pattern = _prompt_pattern(lang)
    found = []
    for source in _markdown_sources(name, lang):
        for paragraph in re.split(r"\n\s*\n", source):
            m = pattern.match(paragraph.strip())
            if m:
                found.append(Prompt(m["kind"], _plain(m["text"]), lang))
    return tuple(found)


def lesson_title(lesson: str, lang: str = "en") -> str:
    """The lesson's title as its page shows it, without the site's name (in ``lang`` when the
    lesson is written in it, else in English)."""
    name = lesson_name(lesson)
    title = ""
    if lang != "en":
        notebook = _language_notebook(name, lang)
        document = _document(name, lang)
        if notebook is not None:
            metadata = json.loads(notebook.read_text(encoding="utf-8")).get("metadata", {})
            title = str(metadata.get("title") or "")
        elif document is not None:
            front = _FRONT_MATTER.match(document.read_text(encoding="utf-8"))
            line = re.search(r"^title:\s*(.+)$", front["yaml"], re.M) if front else None
            title = line[1].strip().strip("\"'") if line else ""
    if not title:
        titles = {entry.name: entry.title for entry in lessons()}
        title = titles.get(f"{name}.ipynb", name)
    return title.split(" · ")[0]
