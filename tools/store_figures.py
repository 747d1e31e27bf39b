"""Compute the figures the lessons show at load and store them in ``cardlab/data/figures.json``.

A lesson page shows nothing until its cells have run, so the exact counts and seeded simulations
that never change are computed here, once, and read back by `cardlab.core.stored`.  Run
``python tools/store_figures.py`` after changing any function listed in `CALLS` (each lesson's
stepper and ``figures`` in its parts, `cardlab.core.lesson_parts`) or what it calls;
``tests/core/test_stored.py`` recomputes every entry and fails when one is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardlab.core.lesson_parts import lesson_parts
from cardlab.core.stored import FIGURES_FILE, entry, lookup

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "cardlab" / FIGURES_FILE


def _calls() -> list[tuple[str, dict[str, Any]]]:
    """Each lesson's stored calls (`cardlab.core.lesson_parts`), once each: its stepper's bots'
    reasons for its curated deal, then the other figures its page reads."""
    found: list[tuple[str, dict[str, Any]]] = []
    for lesson in lesson_parts():
        players = {} if lesson.players is None else {"players": lesson.players}
        reasons = {"deal": lesson.deal, "bots": lesson.bots, **players}
        stepped = [("cardlab.apps.bot_stepper:deal_reasons", reasons)] if lesson.bots else []
        for call in [*stepped, *((name, dict(kwargs)) for name, kwargs in lesson.figures)]:
            if call not in found:
                found.append(call)
    return found


CALLS = _calls()
"""Every stored call: the function (``module:qualname``) and its arguments."""


def figures() -> dict[str, Any]:
    """Every entry of `CALLS`, computed now, by key."""
    return dict(entry(lookup(name), **kwargs) for name, kwargs in CALLS)


def main(target: Path = TARGET) -> None:
    lines = [
        f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(data, sort_keys=True)}"
        for key, data in sorted(figures().items())
    ]
    target.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")  # a line each
    print(f"wrote {len(CALLS)} figures to {target}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET)
