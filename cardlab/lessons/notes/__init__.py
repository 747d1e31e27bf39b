"""Teacher notes: one Markdown file per lesson (``<lesson>.md`` in this folder), with fixed
sections, read by the lesson pages' "For the teacher" box and printed with the handout.

A teacher edits the notes as text, like the lessons; this module only reads them.  The
sections, in this order: ``## In brief`` (the game's goal and rules in a few sentences, for the
students: it heads the handout), ``## Objectives``, ``## Time`` (minutes per part of the lesson,
``- part: N min`` lines and a ``Total: N min`` line), ``## Answers`` (one ``### `` heading per
"**Question:**" and "**Try it**" prompt of the lesson, in order, quoting the prompt's start)
and ``## Discussion``.  `prompts` reads those prompts from the lesson notebook (which ships in
every install, where the lesson documents do not).

Pure: no widgets; markdown-it-py renders the HTML, with raw HTML turned off.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from cardlab.lessons import INDEX, lesson_file, lessons, notebooks_dir

SECTIONS = ("In brief", "Objectives", "Time", "Answers", "Discussion")
"""The headings every notes file has, in this order."""
PROMPT_KINDS = ("Question:", "Try it")
"""How a lesson's prompts begin (in bold): a question to answer, or something to try."""
_MINUTES = re.compile(r"^- (?P<part>.+?): (?P<min>\d+) min$")
_TOTAL = re.compile(r"^Total: (?P<min>\d+) min$")
_PROMPT = re.compile(r"^\*\*(?P<kind>Question:|Try it)(?::)?\*\*:?\s*(?P<text>.*)$", re.S)


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
    discussion: str

    @property
    def minutes(self) -> tuple[tuple[str, int], ...]:
        """The Time section's parts and their minutes."""
        return tuple(
            (m["part"], int(m["min"]))
            for m in map(_MINUTES.match, self.time.splitlines())
            if m is not None
        )

    @property
    def total_minutes(self) -> int | None:
        """The total the Time section states (None if it states none)."""
        found = [int(m["min"]) for m in map(_TOTAL.match, self.time.splitlines()) if m]
        return found[0] if found else None


@dataclass(frozen=True)
class Prompt:
    """A "**Question:**" or "**Try it**" prompt of a lesson: its kind and its words (plain)."""

    kind: str
    text: str

    @property
    def words(self) -> str:
        """The prompt as a student reads it: ``Question: why ...``."""
        kind = self.kind if self.kind.endswith(":") else f"{self.kind}:"
        return f"{kind} {self.text}"


def names() -> list[str]:
    """Every lesson with notes (every lesson but the index), sorted."""
    return sorted(
        entry.name.removesuffix(".md")
        for entry in files(__name__).iterdir()
        if entry.name.endswith(".md")
    )


def lesson_name(name: str) -> str:
    """A lesson's name from what a teacher types (``triad``, ``triad.ipynb`` or ``triad.md``,
    read as `cardlab.lessons.lesson_file` reads it), or a ``ValueError`` listing the lessons with
    notes (every lesson but the index)."""

    stem = lesson_file(name).removesuffix(".ipynb")
    if stem not in names():
        raise ValueError(f"the {stem} page has no notes; the lessons are: {', '.join(names())}")
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
                raise ValueError(f"the section {heading!r} appears twice")
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


@lru_cache(maxsize=16)
def notes(lesson: str) -> TeacherNotes:
    """The teacher notes of ``lesson`` (``triad``, ``triad.ipynb`` or ``triad.md``); a
    ``ValueError`` names the lessons for an unknown one, or the section a file lacks."""
    name = lesson_name(lesson)
    text = files(__name__).joinpath(f"{name}.md").read_text(encoding="utf-8")
    title = next((ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), name)
    sections = _sections(text)
    missing = [s for s in SECTIONS if s not in sections]
    if missing or list(sections) != list(SECTIONS):
        raise ValueError(
            f"the notes of {name} need the sections {', '.join(SECTIONS)} in this order"
            + (f"; missing: {', '.join(missing)}" if missing else "")
        )
    intro, answers = _answers(sections["Answers"])
    return TeacherNotes(
        name,
        title,
        sections["In brief"],
        sections["Objectives"],
        sections["Time"],
        answers,
        intro,
        sections["Discussion"],
    )


@lru_cache(maxsize=1)
def _markdown():
    from markdown_it import MarkdownIt

    # commonmark with tables, and raw HTML off: a notes file can never inject markup
    return MarkdownIt("commonmark", {"html": False}).enable("table")


def markdown_html(text: str) -> str:
    """Markdown as HTML, raw HTML escaped rather than passed through."""
    return _markdown().render(text)


def notes_html(lesson: str) -> str:
    """The notes of ``lesson`` as HTML (for the lesson page's "For the teacher" box)."""
    name = lesson_name(lesson)
    text = files(__name__).joinpath(f"{name}.md").read_text(encoding="utf-8")
    return markdown_html(text)


def _plain(markdown: str) -> str:
    """A prompt's Markdown as plain words: emphasis and code marks removed, lines joined."""
    text = re.sub(r"`([^`]*)`", r"\1", " ".join(markdown.split()))
    return re.sub(r"(\*\*|\*|__)(.+?)\1", r"\2", text)


@lru_cache(maxsize=16)
def prompts(lesson: str) -> tuple[Prompt, ...]:
    """The lesson's "**Question:**" and "**Try it**" prompts, in order, from its notebook."""
    name = lesson_name(lesson)
    if f"{name}.ipynb" == INDEX:
        return ()
    notebook = json.loads((notebooks_dir() / f"{name}.ipynb").read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = "".join(cell["source"])
        for paragraph in re.split(r"\n\s*\n", source):
            m = _PROMPT.match(paragraph.strip())
            if m:
                found.append(Prompt(m["kind"], _plain(m["text"])))
    return tuple(found)


def lesson_title(lesson: str) -> str:
    """The lesson's title as its page shows it, without the site's name."""
    name = lesson_name(lesson)
    titles = {entry.name: entry.title for entry in lessons()}
    return titles.get(f"{name}.ipynb", name).split(" · ")[0]
