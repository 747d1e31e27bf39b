"""Choose the curated deals once: search seeds for a deal that tells each lesson's story.

Run ``python tools/curate_deals.py [NAME ...]`` from the repository root; it writes
``cardlab/lessons/deals/NAME.txt`` for each story in ``tests/lessons/test_deals.py::STORIES``
that has a search below (all of them by default).  The lessons only ever load these files,
and the test checks each file still tells its story, so a deal is re-curated only when an engine
or bot change makes that test fail.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

from cardlab.core.lesson_parts import lesson_parts
from cardlab.core.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
DEALS = ROOT / "cardlab" / "lessons" / "deals"
MAX_SEEDS = 500


def _stories() -> dict:
    path = ROOT / "tests" / "lessons" / "test_deals.py"
    spec = importlib.util.spec_from_file_location("test_deals", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["test_deals"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.STORIES


SEARCHES: dict[str, tuple[Callable[[int], Replay], int]] = {
    search.name: (search.deal, search.first_seed)
    for lesson in lesson_parts()
    for search in lesson.searches
}
"""name: (the deal for a seed, the first seed tried), as each lesson's parts say
(`cardlab.core.lesson_parts.LessonParts.searches`)."""


def curate(name: str) -> Path:
    """Search seeds for ``name``'s story and write the first deal that tells it."""
    story = _stories()[name]
    deal, first = SEARCHES[name]
    for seed in range(first, first + MAX_SEEDS):
        replay = deal(seed)
        if story.holds(replay, replay.reasons_of(story.bots())):
            path = DEALS / f"{name}.txt"
            path.write_text(replay.to_text(), encoding="utf-8")
            return path
    raise SystemExit(f"{name}: no deal in {MAX_SEEDS} seeds tells: {story.says}")


if __name__ == "__main__":
    for wanted in sys.argv[1:] or sorted(SEARCHES):
        print(curate(wanted))
