"""`cardlab.lessons` and `cardlab lessons`: which notebooks are served, and a teacher's copy."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlab.lessons import INDEX, copy_lessons, lessons, notebooks_dir
from cardlab.serve import cli

REPO = Path(__file__).resolve().parents[1]
TITLES = {"index.ipynb", "00_decks.ipynb", "triad.ipynb", "pyramid.ipynb", "doudizhu.ipynb",
          "triangle.ipynb", "three_thirteen.ipynb", "pyramid_poker.ipynb"}  # fmt: skip


def test_a_checkout_serves_its_own_notebooks():
    """An editable install has no copy inside the package: the checkout's notebooks/ it is (the
    wheel's copy is checked by tests/browser/own_server/test_wheel.py)."""
    assert not (REPO / "cardlab" / "notebooks").exists()
    assert notebooks_dir() == REPO / "notebooks"


def test_the_lessons_are_listed_index_first_with_the_titles_their_pages_show():
    found = lessons()
    assert found[0].name == INDEX
    assert {lesson.name for lesson in found} == TITLES
    for lesson in found:
        meta = json.loads((notebooks_dir() / lesson.name).read_text())["metadata"]
        assert lesson.title == meta["title"] and lesson.title.strip()


def test_a_copy_holds_every_lesson_unchanged(tmp_path):
    written = copy_lessons(tmp_path / "mine")
    assert {p.name for p in written} == TITLES
    assert {p.parent.name for p in written} == {"mine", "ru", "zh", "lt", "ms"}
    for path in written:
        relative = path.relative_to(tmp_path / "mine")
        assert path.read_bytes() == (notebooks_dir() / relative).read_bytes()


def test_a_copy_never_overwrites_a_teachers_edits_unless_forced(tmp_path):
    edited = tmp_path / "triad.ipynb"
    edited.write_text("my edits")
    with pytest.raises(FileExistsError, match=r"triad\.ipynb.*--force"):
        copy_lessons(tmp_path)
    assert edited.read_text() == "my edits" and sorted(tmp_path.iterdir()) == [edited]
    copy_lessons(tmp_path, overwrite=True)
    assert edited.read_bytes() == (notebooks_dir() / "triad.ipynb").read_bytes()


def test_a_copy_into_a_file_is_refused(tmp_path):
    target = tmp_path / "a-file"
    target.write_text("x")
    with pytest.raises(NotADirectoryError, match="a-file"):
        copy_lessons(target)


def test_cardlab_lessons_lists_and_copies(tmp_path, capsys):
    assert cli.main(["lessons"]) == 0
    out = capsys.readouterr().out
    assert str(notebooks_dir()) in out and "triad.ipynb" in out and "Triad" in out
    assert cli.main(["lessons", "--copy", str(tmp_path / "class")]) == 0
    out = capsys.readouterr().out
    assert f"cardlab serve --notebooks {tmp_path / 'class'}" in out
    assert (tmp_path / "class" / INDEX).is_file()
    assert cli.main(["lessons", "--copy", str(tmp_path / "class")]) == 2
    assert "--force" in capsys.readouterr().err
    assert cli.main(["lessons", "--copy", str(tmp_path / "class"), "--force"]) == 0
