"""Write ``docs/options.md`` from every installed game's option specs (`cardlab.core.options`).

Run ``python tools/options_doc.py`` after changing an option; ``tests/core/test_options.py``
fails while the file differs from what this writes.
"""

from __future__ import annotations

from pathlib import Path

from cardlab.core.engine import load_games
from cardlab.core.options import options_markdown

TARGET = Path(__file__).resolve().parents[1] / "docs" / "options.md"


def main() -> None:
    TARGET.write_text(options_markdown(load_games().values()), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
