"""Every game's lesson folder holds the same files, so one game's folder teaches where
everything of another game is (README: adding a game)."""

from __future__ import annotations

from pathlib import Path

APPS = Path(__file__).resolve().parents[2] / "cardlab" / "apps"
FILES = {
    "__init__.py", "lesson.py", "odds.py", "practice.py", "questions.py", "stepper.py", "quiz.py",
    "table.py",
}  # fmt: skip
GAMES = {"triad", "pyramid", "doudizhu", "triangle", "three_thirteen", "pyramid_poker"}


def test_every_game_has_a_lesson_folder_with_the_same_files():
    folders = {p.name: p for p in APPS.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert set(folders) == GAMES
    for name, folder in folders.items():
        files = {p.name for p in folder.glob("*.py")}
        assert files == FILES, f"cardlab/apps/{name}: {sorted(files ^ FILES)}"


def test_no_flat_game_modules_are_left_beside_the_folders():
    flat = [
        p.name
        for p in APPS.glob("*.py")
        if p.stem.split("_")[0] in {g.split("_")[0] for g in GAMES}
    ]
    assert not flat, f"old per-game modules in cardlab/apps: {flat}"
