"""Bounded caches, and a census of them: a kernel that plays a whole class's deals stays small.

Every cache in cardlab has a size limit chosen from a measurement (bytes per entry times the
bound, against the hit rate a real game gets), written next to it.  The budget they serve: a
lesson's kernel within 90 MiB after its cells, and at most 10 MiB of growth over 500 games
through one table (``benchmarks/memory.py`` measures both).  Function caches are
``functools.lru_cache(maxsize=...)``; the few caches that are also read without computing use
`LRUDict`.  `census` lists both kinds, so the benchmark can report them and the tests can check
that none is unbounded.

Constant tables, computed once and bounded by what they enumerate, are counted here too: the
poker lookup tables (3 MiB with the jokers out, 4 MiB for each wild variant, built only when odds
or advice are asked for), the Dou Dizhu chain, four-with-wings and airplane tables (1.3 MiB at
import) and the Pyramid exact table with its key order (0.5 MiB).  The stored figures
(`cardlab.core.stored`) are decoded once each, bounded by the entries of their file.  A canvas
keeps one hidden sprite canvas per face it has shown (`cardlab.widgets.canvas`): bounded by its
deck, sizes and themes, a few hundred widgets at most.
"""

from __future__ import annotations

import functools
import sys
import threading
from collections import OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRUDict(Generic[K, V]):
    """A mapping that forgets its least recently used entry once it holds ``maxsize`` entries.

    For caches that are consulted without computing on a miss (an ``lru_cache`` cannot be
    peeked into); ``maxsize`` may be lowered at run time (the tests use tiny bounds).  Keys are
    values, never identities, and a lock keeps the order consistent when two threads use one
    cache (one reading an entry while the other evicts it), like ``lru_cache``'s own.
    """

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError(f"an LRUDict needs room for at least one entry, got {maxsize}")
        self.maxsize = maxsize
        self._data: OrderedDict[K, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K, default: V | None = None) -> V | None:
        """The value for ``key`` (now the most recently used), or ``default``."""
        with self._lock:
            try:
                value = self._data[key]
            except KeyError:
                return default
            self._data.move_to_end(key)
            return value

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.maxsize:
                self._data.popitem(last=False)

    def __contains__(self, key: object) -> bool:
        return key in self._data

    def __len__(self) -> int:
        return len(self._data)

    def values(self) -> list[V]:
        """The values, least recently used first (without touching their order)."""
        with self._lock:
            return list(self._data.values())

    def clear(self) -> None:
        with self._lock:
            self._data.clear()


@dataclass(frozen=True)
class CacheSize:
    """One cache in the census: where it lives, how many entries it holds, and its bound
    (None would be an unbounded cache, which the tests forbid)."""

    name: str
    size: int
    bound: int | None


def census(prefix: str = "cardlab") -> list[CacheSize]:
    """Every module-level cache of the imported ``prefix`` modules, by qualified name: the
    ``lru_cache`` functions defined there and the `LRUDict` objects they hold."""
    found: dict[str, CacheSize] = {}
    seen: set[int] = set()  # an LRUDict imported by name into a second module is one cache
    for module_name, module in list(sys.modules.items()):
        if module is None or not (module_name == prefix or module_name.startswith(prefix + ".")):
            continue
        for attr, value in list(vars(module).items()):
            if isinstance(value, functools._lru_cache_wrapper):
                if getattr(value, "__module__", None) != module_name:
                    continue  # imported from elsewhere: counted where it is defined
                info = value.cache_info()
                name = f"{module_name}.{value.__qualname__}"
                found[name] = CacheSize(name, info.currsize, info.maxsize)
            elif isinstance(value, LRUDict) and id(value) not in seen:
                seen.add(id(value))
                name = f"{module_name}.{attr}"
                found[name] = CacheSize(name, len(value), value.maxsize)
    return sorted(found.values(), key=lambda c: c.name)
