"""Choose the find-the-move practice positions once: search seeds for the decisions each
game's practice teaches.

Run ``python tools/curate_practice.py GAME [GAME ...]`` from the repository root: it runs the
game's finder (``tools/practice/<game>.py``, whose ``find()`` returns ``(name, replay)`` pairs,
each replay stopped where seat 0 must move) and writes each replay to
``cardlab/lessons/practice/<game>/<name>.txt``, replacing the folder's positions.  The lessons
only ever read those files; ``tests/apps/test_practice.py`` checks every position's answers
against the game's engine and AI, so positions are curated again only when that test fails.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PRACTICE = ROOT / "cardlab" / "lessons" / "practice"


def finder(game: str):
    path = ROOT / "tools" / "practice" / f"{game}.py"
    spec = importlib.util.spec_from_file_location(f"practice_{game}", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def main(games: list[str]) -> int:
    for game in games:
        folder = PRACTICE / game
        folder.mkdir(parents=True, exist_ok=True)
        found = finder(game).find()
        for old in folder.glob("*.txt"):
            old.unlink()
        for name, replay in found:
            if replay.current_player != 0:
                raise SystemExit(f"{game}/{name}: seat 0 is not to move")
            (folder / f"{name}.txt").write_text(replay.to_text(), encoding="utf-8")
        print(f"{game}: {len(found)} positions in {folder.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
