"""The committed notebooks are exactly what their lesson documents build (tools/build_notebooks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools_loader import load_tool

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


TOOL = load_tool("build_notebooks")


def test_every_notebook_has_its_document_and_every_document_its_notebook():
    built = {p.stem for p in TOOL.sources()}
    committed = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert built == committed and "index" in built


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("notebooks")
    TOOL.build_all(out)
    return out


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_the_committed_notebook_is_built_from_its_document(rebuilt, name):
    committed = (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert (rebuilt / name).read_text(encoding="utf-8") == committed, (
        f"notebooks/{name} differs from cardlab/lessons/{Path(name).stem}.md: edit the document, "
        "then run python tools/build_notebooks.py"
    )


def test_the_built_notebooks_carry_no_outputs(rebuilt):
    import nbformat

    for path in rebuilt.glob("*.ipynb"):
        nb = nbformat.read(path, as_version=4)
        assert all(not c.get("outputs") for c in nb.cells if c.cell_type == "code"), path.name
        assert len({c["id"] for c in nb.cells}) == len(nb.cells)


def test_every_lesson_page_has_a_title_not_its_file_name(rebuilt):
    """Voila writes the notebook's ``title`` metadata into the browser tab; without it a tab
    says "triad" or "00_decks".  The title is the document's own, from its front matter."""
    import nbformat

    for path in sorted(rebuilt.glob("*.ipynb")):
        title = nbformat.read(path, as_version=4).metadata.get("title", "")
        assert title and path.stem not in title, f"{path.name}: tab title {title!r}"
        assert "cardlab" in title, f"{path.name}: the tab should say whose page it is"


def test_a_document_without_a_title_is_refused(tmp_path):
    source = tmp_path / "untitled.md"
    source.write_text("# A lesson, no front matter\n", encoding="utf-8")
    with pytest.raises(ValueError, match="needs a title"):
        TOOL.build(source)
