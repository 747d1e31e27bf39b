"""The one registry of lessons: what the shared code needs of each game's lesson, found through
the ``cardlab.lessons`` entry points as the engines are through ``cardlab.games``.

A lesson is registered once, as a `LessonParts` (in cardlab, ``cardlab/lessons/parts/<game>.py``,
beside the lesson's document): its place in the course, its engine, its catalogs, the rules a
class may change, what its handout draws and the stored figures and curated deals its page reads.
The catalogs (`cardlab.core.i18n`), the rules panel (`cardlab.lessons.variants`), the handouts
(`cardlab.handouts`) and the tools that store figures and curate deals all read `lesson_parts`,
so a new game's lesson is one module and one entry point, not a line in each of them.

Entries are loaded on first use, never at import: the core never imports a game or a lesson.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any, Generic, TypeVar

if TYPE_CHECKING:
    from cardlab.core.i18n import Message

ENTRY_POINT_GROUP = "cardlab.lessons"
"""The entry-point group that lists installed lessons, each as ``name = "module:LESSON"``."""
BUILT_IN = "cardlab.lessons.parts"
"""The package of cardlab's own lessons' parts, read when the installed metadata has no
``cardlab.lessons`` entry (a source checkout installed before the group existed)."""

Figure = tuple[str, Mapping[str, Any]]
"""A stored call (`cardlab.core.stored`): the function as ``module:qualname`` and its arguments."""


@dataclass(frozen=True)
class Search:
    """How ``tools/curate_deals.py`` looks for a curated deal: the deal for a seed (a `Replay`)
    and the first seed tried."""

    name: str
    deal: Callable[[int], Any]
    first_seed: int


@dataclass(frozen=True, eq=False)
class LessonParts:
    """One lesson as the shared code finds it (one object per lesson: compared by identity)."""

    name: str
    """The lesson: its document ``cardlab/lessons/<name>.md`` and notebook ``<name>.ipynb``."""
    number: int
    """Its place in the course (the index numbers it so): every list of lessons is in this order."""
    game: str
    """The engine its deals and tables play (the name of a ``cardlab.games`` entry point)."""
    deal: str
    """The curated deal its stepper steps through and its handout draws."""
    picture: Callable[[Any, Any, str], Any]
    """The handout's table at a state of a replay, for the teacher's eyes, with a banner:
    ``picture(replay, state, banner)`` is a `cardlab.render.Drawing`."""
    domains: tuple[str, ...] = ()
    """Its catalogs, its own first, then those it shares (Triad's: ``triad``, ``poker``); none
    when all its words are the controls' (``ui``)."""
    translated: tuple[str, ...] = ()
    """The languages that translate its catalogs besides those translating every catalog
    (`cardlab.core.i18n.COMPLETE`): the language its rule text came in."""
    rules: tuple[tuple[str, Message], ...] = ()
    """The options a class may change on its page, each with its label on the rules panel."""
    standard: tuple[tuple[str, Any], ...] = ()
    """Where its panels play other values than the game's defaults (Triad's table seats 3)."""
    bots: str | None = None
    """Its stepper's bots as ``module:function`` (their reasons for `deal` are stored)."""
    players: int | None = None
    """The players ``bots`` is called with (None: called without)."""
    quiz: str | None = None
    """The module of its quiz's questions (``asked_for(seed)``), which its handout asks too."""
    quiz_seed: int = 1
    """The seed of the quiz's first question, as the page deals it."""
    figures: tuple[Figure, ...] = ()
    """The other stored figures its page reads at load."""
    searches: tuple[Search, ...] = ()
    """The curated deals of its game, as ``tools/curate_deals.py`` searched for them."""

    @property
    def deal_prefix(self) -> str:
        """What its game's curated deals' names start with (``triad`` of ``triad-pot-odds``)."""
        return self.deal.partition("-")[0]


def _installed() -> list[tuple[str, object]]:
    """Every installed lesson entry, loaded, by its entry point's name."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    if found:
        return [(entry.name, entry.load()) for entry in found]
    package = importlib.import_module(BUILT_IN)
    modules = (
        importlib.import_module(f"{BUILT_IN}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    )
    return [(lesson.name, lesson) for lesson in (module.LESSON for module in modules)]


@lru_cache(maxsize=1)  # one registry: the installed lessons do not change while a kernel runs
def lesson_parts() -> tuple[LessonParts, ...]:
    """Every installed lesson, in the course's order."""
    found: list[LessonParts] = []
    for name, lesson in _installed():
        if not isinstance(lesson, LessonParts) or lesson.name != name:
            raise TypeError(f"entry point {name!r} of {ENTRY_POINT_GROUP!r} is not its LessonParts")
        found.append(lesson)
    return tuple(sorted(found, key=lambda lesson: lesson.number))


def lesson_part(name: str) -> LessonParts | None:
    """The lesson called ``name``, or None."""
    return next((lesson for lesson in lesson_parts() if lesson.name == name), None)


K = TypeVar("K")
V = TypeVar("V")


class FromLessons(Mapping[K, V], Generic[K, V]):
    """A read-only mapping worked out from the registry whenever it is read, so a name imported
    once (``from cardlab.core.i18n import DOMAINS``) always shows the installed lessons."""

    def __init__(self, read: Callable[[], Mapping[K, V]]) -> None:
        self._read = read

    def __getitem__(self, key: K) -> V:
        return self._read()[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._read())

    def __len__(self) -> int:
        return len(self._read())

    def __repr__(self) -> str:
        return repr(dict(self._read()))
