"""Every cache in cardlab is bounded, stays within its bound, and is small when full.

The budget the bounds serve: a lesson's kernel within 90 MiB and at most 10 MiB of growth over
500 games at one table (``benchmarks/memory.py``).  So no cache, full, may take the whole growth
budget: its bound times the bytes of one entry, measured here with tracemalloc on inputs of the
size a real game gives it.
"""

from __future__ import annotations

import gc
import importlib
import itertools
import pkgutil
import random
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

import cardlab
from cardlab.core.caches import LRUDict, census
from cardlab.core.cards import get_deck
from cardlab.games.doudizhu import combos, plan
from cardlab.games.poker import tables
from cardlab.games.pyramid import hands
from cardlab.games.pyramid import odds as pyramid_odds
from cardlab.games.three_thirteen import game as tt_game
from cardlab.games.three_thirteen import odds as tt_odds
from cardlab.games.three_thirteen.rules import DECK as TT_DECK
from cardlab.games.triangle import odds as triangle_odds
from cardlab.render import faces, pil

FULL_CACHE_MIB = 10


# -- LRUDict and the census ------------------------------------------------------------------------
def test_lru_dict_forgets_the_least_recently_used():
    cache: LRUDict[str, int] = LRUDict(2)
    cache["a"], cache["b"] = 1, 2
    assert cache.get("a") == 1  # "a" is now the most recent
    cache["c"] = 3
    assert "b" not in cache and cache.get("a") == 1 and cache.get("c") == 3
    assert len(cache) == 2 and cache.get("b", -1) == -1
    cache.maxsize = 1
    cache["d"] = 4
    assert len(cache) == 1 and "d" in cache
    with pytest.raises(ValueError, match="at least one"):
        LRUDict(0)


def test_every_cache_of_every_module_has_a_bound():
    for info in pkgutil.walk_packages(cardlab.__path__, "cardlab."):
        importlib.import_module(info.name)
    found = {c.name: c for c in census()}
    assert "cardlab.games.three_thirteen.game._best" in found  # the census sees lru_caches
    assert "cardlab.games.doudizhu.combos._CACHE" in found  # ... and LRUDicts
    unbounded = [name for name, c in found.items() if c.bound is None]
    assert not unbounded, f"unbounded caches: {unbounded}"


# -- each cache against its bound ------------------------------------------------------------------
def distinct(make: Callable[[random.Random], Any], seed: int = 0) -> Iterator[Any]:
    """Values of ``make(rng)``, each one only once."""
    rng, seen = random.Random(seed), set()
    while True:
        value = make(rng)
        if value not in seen:
            seen.add(value)
            yield value


def tt_hands(size: int) -> Iterator[tuple[Any, ...]]:
    cards = TT_DECK.cards()
    return distinct(lambda rng: tuple(sorted(rng.sample(cards, size), key=str)))


def ddz_counts(size: int) -> Iterator[tuple[int, ...]]:
    def make(rng: random.Random) -> tuple[int, ...]:
        counts = [0] * 15
        for i in rng.sample(range(54), size):  # 0-51: four of each rank; 52, 53: the jokers
            counts[i // 4 if i < 52 else i - 39] += 1
        return tuple(counts)

    return distinct(make)


def ddz_texts() -> Iterator[str]:
    ranks = ["3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2"] * 4  # one deck
    return distinct(lambda rng: " ".join(sorted(rng.sample(ranks, k=rng.randint(4, 12)))))


def triangle_inputs() -> Iterator[tuple[int, int, tuple[int, ...]]]:
    return distinct(
        lambda rng: (
            rng.randint(1, 6),
            rng.randint(1, 6),
            tuple(rng.randint(0, 4) for _ in "123456"),
        )
    )


def pyramid_counts() -> Iterator[tuple[int, ...]]:
    """All 4,128 six-card hands by kind counts, then five-card ones: more than the domain."""
    six = (c for c, _ in pyramid_odds.kind_multisets(hands.HAND_SIZE, hands.KIND_COPIES))
    five = (c for c, _ in pyramid_odds.kind_multisets(5, hands.KIND_COPIES))
    return itertools.chain(six, five)


def plane_args() -> Iterator[tuple[Any, ...]]:
    wings = itertools.combinations(range(15), 3)
    return (("airplane_solo", top, 3, w) for w in wings for top in (5, 9, 11))


def face_args() -> Iterator[tuple[Any, ...]]:
    cards = get_deck("standard52").cards()
    return ((card, 60 + w / 4, 84 + w / 4) for w in itertools.count() for card in cards)


@dataclass(frozen=True)
class Case:
    """A cache, how to put one new entry into it, and how to measure an entry's bytes."""

    cache: Any
    put: Callable[[Any], Any]
    inputs: Callable[[], Iterator[Any]]
    bytes_of: Callable[[Any], float] | None = None  # for memory tracemalloc cannot see

    @property
    def bound(self) -> int:
        return (
            self.cache.maxsize
            if isinstance(self.cache, LRUDict)
            else self.cache.cache_info().maxsize
        )

    def size(self) -> int:
        return (
            len(self.cache) if isinstance(self.cache, LRUDict) else self.cache.cache_info().currsize
        )

    def clear(self) -> None:
        if isinstance(self.cache, LRUDict):
            self.cache.clear()
        else:
            self.cache.cache_clear()


def sprite_bytes(cache: LRUDict) -> float:
    """The RGBA bitmaps' pixels (Pillow allocates them outside tracemalloc's sight)."""
    images = cache.values()
    return sum(4 * img.width * img.height for img in images) / len(images)


CASES = {
    "three_thirteen._best": Case(
        tt_game._best, lambda h: tt_game.best_arrangement(h, "9"), lambda: tt_hands(9)
    ),
    "three_thirteen._keep": Case(
        tt_odds._keep, lambda h: tt_odds.keep_value(h, "7"), lambda: tt_hands(8)
    ),
    "triangle.best_for": Case(
        triangle_odds.best_for, lambda x: triangle_odds.best_for(*x), triangle_inputs
    ),
    "triangle._favourable": Case(
        triangle_odds._favourable, lambda x: triangle_odds._favourable(*x), triangle_inputs
    ),
    "doudizhu._plan": Case(plan._plan, plan.cost, lambda: ddz_counts(14)),
    "doudizhu.combos._CACHE": Case(combos._CACHE, combos.all_combos, lambda: ddz_counts(17)),
    "doudizhu._parse_text": Case(combos._parse_text, combos.parse, ddz_texts),
    "doudizhu._plane": Case(combos._plane, lambda x: combos._plane(*x), plane_args),
    "pyramid._best_plan": Case(hands._best_plan, hands.key_of_counts, pyramid_counts),
    "pyramid.value_of_counts": Case(hands.value_of_counts, hands.value_of_counts, pyramid_counts),
    "pyramid._kind_multisets": Case(
        pyramid_odds._kind_multisets,
        lambda x: pyramid_odds.kind_multisets(*x),
        lambda: distinct(lambda rng: (4, tuple(rng.randint(0, c) for c in hands.KIND_COPIES))),
    ),
    "faces._face": Case(faces._face, lambda x: faces.face(*x), face_args),
    "faces._back": Case(
        faces._back,
        lambda x: faces.back("standard52", *x),
        lambda: ((60 + w / 4, 84 + w / 4) for w in itertools.count()),
    ),
    "pil._font": Case(pil._font, lambda px: pil._font(px, False), lambda: itertools.count(6)),
    "pil._SPRITES": Case(
        pil._SPRITES,
        lambda x: pil.sprite_image(faces.face(*x)),
        face_args,
        bytes_of=sprite_bytes,
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_a_cache_stays_within_its_bound_and_is_small_when_full(case: Case):
    inputs = list(itertools.islice(case.inputs(), case.bound + 50))
    sample = inputs[: min(200, case.bound)]
    for x in sample:  # fills the caches this one leans on, so only its own entries are traced
        case.put(x)
    case.clear()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for x in sample:
            case.put(x)
        gc.collect()
        traced = (tracemalloc.get_traced_memory()[0] - before) / case.size()
    finally:
        tracemalloc.stop()
    entry = case.bytes_of(case.cache) if case.bytes_of else traced
    for x in inputs[len(sample) :]:
        case.put(x)
    assert case.size() == case.bound  # full (the inputs were distinct) and no fuller
    full_mib = case.bound * entry / 2**20
    assert full_mib <= FULL_CACHE_MIB, f"{case.bound} entries of {entry:.0f} bytes"
    case.clear()


def test_the_strength_percentiles_are_a_small_table():
    """The percentile of a poker hand needs the distinct codes and counts, not every hand."""
    codes, below = tables._code_ranks("wild", True)
    assert codes.nbytes + below.nbytes < 2**20
    assert below[-1] == 3_162_510  # C(54, 5): every hand is counted
