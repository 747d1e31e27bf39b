"""Build ``notebooks/`` from the lesson documents ``cardlab/lessons/``.

The lessons are written as MyST Markdown notebooks (jupytext's ``md:myst`` format): prose is
plain Markdown and each code cell a ``{code-cell}`` block, so a lesson reads, edits and diffs as
a document.  This step turns them into notebooks without outputs, with stable cell ids (Voila
and nbval run them fresh).  ``python tools/build_notebooks.py [OUT_DIR]``; a test rebuilds into
a temporary folder and fails when a committed notebook differs from its document.

Languages: the English documents (``cardlab/lessons/*.md``) build ``notebooks/*.ipynb``; a
translation (``cardlab/lessons/<lang>/<name>.md``) builds ``notebooks/<lang>/<name>.ipynb`` with its
own text and the **English document's code cells**, so the code is written once.  The one
difference is the language the page speaks: the first ``LessonPage("...")`` or
``LanguagePicker("...")`` call gets ``lang="<lang>"``.  A lesson not translated into a language is
built there from the English text, with a note in that language saying so.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import jupytext
import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "cardlab" / "lessons"
NOTEBOOKS = ROOT / "notebooks"
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}
sys.path.insert(0, str(ROOT))

from cardlab.core.i18n import LANGUAGES, SOURCE  # noqa: E402
from cardlab.lessons import fallback_note  # noqa: E402

_PAGE_CALL = re.compile(r'\b(LessonPage|LanguagePicker)\("(\w+)"\)')


def sources() -> list[Path]:
    """Every (English) lesson document, in name order."""
    return sorted(SOURCES.glob("*.md"))


def translation(source: Path, lang: str) -> Path | None:
    """The document of ``source`` written in ``lang``, if there is one."""
    path = SOURCES / lang / source.name
    return path if path.is_file() else None


def _read(source: Path) -> nbformat.NotebookNode:
    read = jupytext.read(source, fmt="md:myst")
    title = read.metadata.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"{source.name}: the front matter needs a title (the page's tab title)")
    return read


def _speaking(code: str, lang: str) -> str:
    """``code`` with its page call told to speak ``lang`` (English: unchanged)."""
    if lang == SOURCE:
        return code
    spoken, calls = _PAGE_CALL.subn(rf'\1("\2", lang="{lang}")', code, count=1)
    return spoken if calls else code


def _noted(text: str, note: str) -> str:
    """``text`` (a lesson's first cell) with ``note`` as its own paragraph after the title."""
    title, _, rest = text.partition("\n")
    return (
        f"{title}\n\n{note}\n\n{rest.lstrip()}" if title.startswith("# ") else f"{note}\n\n{text}"
    )


def build(source: Path, lang: str = SOURCE) -> nbformat.NotebookNode:
    """The notebook of one lesson document in ``lang``: its cells, no outputs, ids
    ``[<lang>-]<lesson>-NN``, and the ``title`` of its front matter (Voila's tab title; without
    it the tab shows the file name)."""
    english = _read(source)
    written = translation(source, lang) if lang != SOURCE else None
    read = _read(written) if written else english
    code = [cell.source for cell in english.cells if cell.cell_type == "code"]
    theirs = [cell for cell in read.cells if cell.cell_type == "code"]
    if len(theirs) != len(code):
        raise ValueError(
            f"{lang}/{source.name} has {len(theirs)} code cells, the English {len(code)}: "
            "a translation keeps every code cell of the lesson, in order"
        )
    metadata = {
        "kernelspec": KERNEL,
        "language_info": {"name": "python"},
        "title": read.metadata["title"],
    }
    if lang != SOURCE:
        metadata["cardlab"] = {"lang": lang, "translated": bool(written)}
    nb = new_notebook(metadata=metadata)
    prefix = "" if lang == SOURCE else f"{lang}-"
    spoken = 0
    codes = iter(code)
    for cell in read.cells:
        if cell.cell_type == "code":
            text = next(codes).strip("\n")
            said = _speaking(text, lang) if not spoken else text
            spoken += said != text
            nb.cells.append(new_code_cell(said))
        else:
            text = cell.source.strip("\n")
            if lang != SOURCE and not written and not nb.cells:
                text = _noted(text, fallback_note(lang))
            nb.cells.append(new_markdown_cell(text))
    if lang != SOURCE and not spoken:
        raise ValueError(
            f"{source.name}: no LessonPage(...) or LanguagePicker(...) to speak {lang}"
        )
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{prefix}{source.stem}-{i:02d}"
    return nb


def build_all(out: Path = NOTEBOOKS) -> list[Path]:
    """Write every lesson's notebook in every language into ``out``; the paths written."""
    written = []
    for lang in LANGUAGES:
        folder = out if lang == SOURCE else out / lang
        folder.mkdir(parents=True, exist_ok=True)
        for source in sources():
            path = folder / f"{source.stem}.ipynb"
            nbformat.write(build(source, lang), path)
            written.append(path)
    return written


if __name__ == "__main__":
    for written in build_all(Path(sys.argv[1]) if len(sys.argv) > 1 else NOTEBOOKS):
        print(written.relative_to(ROOT) if written.is_relative_to(ROOT) else written)
