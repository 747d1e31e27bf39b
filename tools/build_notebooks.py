"""Build ``notebooks/*.ipynb`` from the lesson documents ``cardlab/lessons/*.md``.

The lessons are written as MyST Markdown notebooks (jupytext's ``md:myst`` format): prose is
plain Markdown and each code cell a ``{code-cell}`` block, so a lesson reads, edits and diffs as
a document.  This step turns them into notebooks without outputs, with stable cell ids (Voila
and nbval run them fresh).  ``python tools/build_notebooks.py [OUT_DIR]``; a test rebuilds into
a temporary folder and fails when a committed notebook differs from its document.
"""

from __future__ import annotations

import sys
from pathlib import Path

import jupytext
import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "cardlab" / "lessons"
NOTEBOOKS = ROOT / "notebooks"
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def sources() -> list[Path]:
    """Every lesson document, in name order."""
    return sorted(SOURCES.glob("*.md"))


def build(source: Path) -> nbformat.NotebookNode:
    """The notebook of one lesson document: its cells, no outputs, ids ``<lesson>-NN``, and the
    ``title`` of its front matter (Voila's tab title; without it the tab shows the file name)."""
    read = jupytext.read(source, fmt="md:myst")
    title = read.metadata.get("title")
    if not isinstance(title, str) or not title.strip():
        raise ValueError(f"{source.name}: the front matter needs a title (the page's tab title)")
    metadata = {"kernelspec": KERNEL, "language_info": {"name": "python"}, "title": title}
    nb = new_notebook(metadata=metadata)
    for i, cell in enumerate(read.cells):
        text = cell.source.strip("\n")
        new = new_code_cell(text) if cell.cell_type == "code" else new_markdown_cell(text)
        new["id"] = f"{source.stem}-{i:02d}"
        nb.cells.append(new)
    return nb


def build_all(out: Path = NOTEBOOKS) -> list[Path]:
    """Write every lesson's notebook into ``out``; the paths written."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sources():
        path = out / f"{source.stem}.ipynb"
        nbformat.write(build(source), path)
        written.append(path)
    return written


if __name__ == "__main__":
    for written in build_all(Path(sys.argv[1]) if len(sys.argv) > 1 else NOTEBOOKS):
        print(written.relative_to(ROOT) if written.is_relative_to(ROOT) else written)
