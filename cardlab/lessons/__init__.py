"""The lessons: their documents (``*.md``, the source), the curated deals their stories rest on
(``deals/``), and the notebooks built from the documents, which a server serves.

The notebooks ship inside the package (``cardlab/notebooks/`` in a wheel), so ``pip install
cardlab`` has lessons to serve; in a source checkout (an editable install) they are the
checkout's own ``notebooks/``, the same files, built by ``tools/build_notebooks.py``.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass
from pathlib import Path

from cardlab.core.i18n import LANGUAGES, joined, msg

INDEX = "index.ipynb"
"""The lesson a server opens first: it links to every other."""


def fallback_note(lang: str) -> str:
    """The paragraph a lesson not yet written in ``lang`` opens with: its text is English (the
    controls still speak ``lang`` as far as their catalogs go), never a mix within a paragraph."""
    words = msg("This lesson is not yet written in this language, so its text is in English.")
    return f"*{words.text(None, lang)}*"


def notebooks_dir() -> Path:
    """The folder of lesson notebooks to serve: the installed copy inside the package (a wheel),
    else the source checkout's ``notebooks/`` beside the package (an editable install)."""
    package = Path(__file__).resolve().parents[1]
    installed = package / "notebooks"
    return installed if (installed / INDEX).is_file() else package.parent / "notebooks"


@dataclass(frozen=True)
class Lesson:
    """One lesson notebook: its file name and the title its page shows."""

    name: str
    title: str


def lessons(folder: Path | None = None) -> list[Lesson]:
    """Every lesson notebook in ``folder`` (default: `notebooks_dir`), the index first."""
    folder = notebooks_dir() if folder is None else folder
    found = []
    for path in sorted(folder.glob("*.ipynb"), key=lambda p: (p.name != INDEX, p.name)):
        metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
        found.append(Lesson(path.name, str(metadata.get("title") or path.stem)))
    return found


def lesson_file(name: str) -> str:
    """A lesson's notebook file name from what a teacher types (``triad``, ``triad.ipynb`` or
    the lesson document's ``triad.md``), or a ``ValueError`` listing the lessons there are."""
    known = [lesson.name for lesson in lessons()]
    wanted = name if name.endswith(".ipynb") else f"{name.removesuffix('.md')}.ipynb"
    if wanted not in known:
        raise ValueError(
            msg(
                "no lesson {name}; the lessons are: {lessons}",
                name=repr(name[:80]),
                lessons=joined(k.removesuffix(".ipynb") for k in known),
            )
        )
    return wanted


def copy_lessons(dest: Path, overwrite: bool = False) -> list[Path]:
    """Copy every lesson notebook into ``dest`` (made if missing), each language's in its folder
    (``ru/triad.ipynb``), for a teacher to edit and serve with ``cardlab serve --notebooks DEST``;
    the paths written.

    A notebook already in ``dest`` may hold a teacher's edits: unless ``overwrite``, nothing is
    written and a ``FileExistsError`` names the files in the way."""
    source = notebooks_dir()
    names = [lesson.name for lesson in lessons()]
    folders = [""] + [lang for lang in LANGUAGES if (source / lang / INDEX).is_file()]
    wanted = [Path(folder) / name for folder in folders for name in names]
    if dest.exists() and not dest.is_dir():
        raise NotADirectoryError(msg("{path} is a file, not a folder", path=str(dest)))
    in_the_way = [path for path in wanted if (dest / path).exists()]
    if in_the_way and not overwrite:
        listed = ", ".join(path.as_posix() for path in in_the_way)
        raise FileExistsError(
            msg(
                "{path} already holds {names} (--force overwrites them)",
                path=str(dest),
                names=listed,
            )
        )
    for folder in folders:
        (dest / folder).mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copyfile(source / path, dest / path)) for path in wanted]
