"""Keep `benchmarks/RESULTS.md` as sections that each benchmark script rewrites on its own.

A script owns the ``## `` sections it writes; `write_sections` replaces those and keeps every
other section as it was, so running one benchmark never erases another's figures.
"""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
TITLE = "# Benchmarks\n\nEach section names the command that wrote it.\n"


def split_sections(text: str) -> dict[str, str]:
    """``{"## heading": "## heading\\n...body"}`` in file order (text before them is dropped)."""
    sections: dict[str, str] = {}
    current = None
    for line in text.splitlines(keepends=True):
        if line.startswith("## "):
            current = line.strip()
            sections[current] = ""
        if current is not None:
            sections[current] += line
    return sections


def write_sections(new_text: str, path: Path = RESULTS) -> None:
    """Replace the sections of ``new_text`` in ``path`` (or append them), keep the others."""
    old = split_sections(path.read_text()) if path.exists() else {}
    new = split_sections(new_text)
    merged = {**old, **new}
    body = "".join(text.rstrip("\n") + "\n\n" for text in merged.values())
    path.write_text(TITLE + "\n" + body.rstrip("\n") + "\n")


def publish(text: str, write: bool) -> None:
    """Print a benchmark's sections, and write them into ``RESULTS.md`` when asked."""
    print(text)
    if write:
        write_sections(text)
