"""Curated deals: the exact games a lesson's prose tells about, stored as replay texts.

A lesson that says "the AI bombs here" must show a deal where it does, whatever becomes of
seeds and bots later; so each such deal is a committed `Replay.to_text` file named
``<game>-<story>.txt`` in this folder, loaded by name, and a test per deal asserts the property
the prose states.  ``tools/curate_deals.py`` found them once; nothing searches at run time.
"""

from __future__ import annotations

from functools import lru_cache
from importlib.resources import files

from cardlab.core.i18n import joined, msg
from cardlab.core.replay import Replay

SUFFIX = ".txt"


def names() -> list[str]:
    """Every curated deal's name, sorted."""
    return sorted(
        entry.name.removesuffix(SUFFIX)
        for entry in files(__name__).iterdir()
        if entry.name.endswith(SUFFIX)
    )


def _text(name: str) -> str:
    return files(__name__).joinpath(name + SUFFIX).read_text(encoding="utf-8")


@lru_cache(maxsize=16)  # a replay is immutable: a page's stepper, table and figures share it
def load(name: str) -> Replay:
    """The curated deal ``name`` (e.g. ``"triad-pot-odds"``); ``ValueError`` naming the known
    deals for any other name.  Read once per kernel: a Pyramid Poker page read its whole game
    three times (a tenth of a second of replaying)."""
    if name not in names():
        raise ValueError(
            msg(
                "no curated deal {name}: the deals are {deals}",
                name=repr(name),
                deals=joined(names()),
            )
        )
    return Replay.from_text(_text(name))
