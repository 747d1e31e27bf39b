"""The committed notebooks are exactly what their lesson documents build (tools/build_notebooks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tools_loader import load_tool

from cardlab.core.i18n import LANGUAGES

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


TOOL = load_tool("build_notebooks")


BUILT = sorted(p.relative_to(NOTEBOOKS).as_posix() for p in NOTEBOOKS.rglob("*.ipynb"))


def test_every_notebook_has_its_document_and_every_document_its_notebook():
    built = {p.stem for p in TOOL.sources()}
    committed = {p.stem for p in NOTEBOOKS.glob("*.ipynb")}
    assert built == committed and "index" in built
    for lang in LANGUAGES:
        folder = NOTEBOOKS if lang == "en" else NOTEBOOKS / lang
        assert {p.stem for p in folder.glob("*.ipynb")} == built, f"notebooks/{lang}"


def test_a_translation_keeps_the_code_of_the_english_lesson_cell_for_cell():
    import jupytext

    for lang in LANGUAGES:
        for path in sorted((TOOL.SOURCES / lang).glob("*.md")):
            english = jupytext.read(TOOL.SOURCES / path.name, fmt="md:myst")
            theirs = jupytext.read(path, fmt="md:myst")
            code = [c.source for c in english.cells if c.cell_type == "code"]
            assert [c.source for c in theirs.cells if c.cell_type == "code"] == code, path


def test_a_lesson_page_speaks_its_folder_language_and_a_missing_one_says_it_is_english(rebuilt):
    import nbformat

    for lang in LANGUAGES:
        for source in TOOL.sources():
            nb = nbformat.read(
                rebuilt / ("" if lang == "en" else lang) / f"{source.stem}.ipynb", as_version=4
            )
            code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
            assert (f'lang="{lang}"' in code) == (lang != "en"), (lang, source.name)
            first = nb.cells[0].source
            note = TOOL.fallback_note(lang)
            translated = TOOL.translation(source, lang) is not None
            assert (note in first) == (lang != "en" and not translated), (lang, source.name)


def test_a_translation_with_a_code_cell_missing_is_refused(tmp_path, monkeypatch):
    (tmp_path / "ru").mkdir()
    (tmp_path / "lesson.md").write_text(
        '---\ntitle: "A · cardlab"\n---\n\n# A\n\n```{code-cell}\nLessonPage("lesson")\n```\n'
    )
    (tmp_path / "ru" / "lesson.md").write_text('---\ntitle: "А · cardlab"\n---\n\n# А\n')
    monkeypatch.setattr(TOOL, "SOURCES", tmp_path)
    with pytest.raises(ValueError, match="0 code cells, the English 1"):
        TOOL.build(tmp_path / "lesson.md", "ru")
    assert 'lang="lt"' in TOOL.build(tmp_path / "lesson.md", "lt").cells[1].source


@pytest.fixture(scope="module")
def rebuilt(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("notebooks")
    TOOL.build_all(out)
    return out


@pytest.mark.parametrize("name", BUILT)
def test_the_committed_notebook_is_built_from_its_document(rebuilt, name):
    committed = (NOTEBOOKS / name).read_text(encoding="utf-8")
    assert (rebuilt / name).read_text(encoding="utf-8") == committed, (
        f"notebooks/{name} differs from cardlab/lessons/{name.removesuffix('.ipynb')}.md: edit "
        "the document, then run python tools/build_notebooks.py"
    )


def test_the_built_notebooks_carry_no_outputs(rebuilt):
    import nbformat

    for path in rebuilt.rglob("*.ipynb"):
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


def control_labels() -> set[str]:
    """The English words of cardlab's controls: messages used only in `cardlab/widgets` and
    `cardlab/apps` (buttons, toggles, labels), as the catalogs list them."""
    from babel.messages.pofile import read_po

    labels = set()
    for po in (ROOT / "cardlab" / "locale" / "ru" / "LC_MESSAGES").glob("*.po"):
        with po.open("rb") as f:
            for message in read_po(f):
                where = {path.split("/")[1] for path, _ in message.locations}
                if isinstance(message.id, str) and where and where <= {"widgets", "apps"}:
                    labels.add(message.id)
    return labels


def test_a_translated_lesson_names_a_control_by_its_own_label_only():
    """The controls speak the page's language, so "**Вперёд ▶** (Forward ▶)" would send a
    reader looking for an English button that is not there."""
    import re

    labels = control_labels()
    assert {"Share this position", "New question", "What if…"} <= labels
    glossed = re.compile(r"\*\*[^*\n]+\*\*\s?[(（]([^()（）\n]+)[)）]")
    found = [
        f"{path.relative_to(ROOT)}: ({m[1]})"
        for lang in LANGUAGES
        if lang != "en"
        for folder in (TOOL.SOURCES / lang, TOOL.SOURCES / "notes" / lang)
        for path in sorted(folder.glob("*.md"))
        for m in glossed.finditer(path.read_text(encoding="utf-8"))
        if m[1].strip() in labels
    ]
    assert found == []
