"""Dou Dizhu combinations: classify a set of cards, compare plays, and list every legal play.

Suits never matter, so everything works on a rank-count vector of 15 entries: indices 0-11 are
the sequence ranks 3 ... A, 12 is the 2, 13 the Black (small) joker, 14 the Red (big) joker.
A `Combo` is one *reading* of a set of cards (a type, its main rank and its rank pattern).  The
spec lets a player say which reading they mean when cards can be read two ways; with its wing
restrictions no rank pattern actually has two readings (a test checks every pattern of a full
deck), but `classify` still returns a list so a looser house rule would fit.

Wing rules differ between the two rulesets (spec §3, D3): under ``"cardavia"`` (the default)
single wings may repeat a rank twice and the singles on a four may be a pair; under ``"pagat"``
they must all be different ranks.  Neither allows both jokers as wings or a wing of a core rank.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from cardlab.core.cards import RANKS54, STANDARD54, Card

RANKS: tuple[str, ...] = (
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "T",
    "J",
    "Q",
    "K",
    "A",
    "2",
    "BJ",
    "RJ",
)
INDEX = {rank: i for i, rank in enumerate(RANKS)}
TWO, BLACK_JOKER, RED_JOKER = 12, 13, 14
SEQUENCE = range(12)  # 3 ... A: the only ranks allowed in straights, pair runs and airplane cores
RULESETS = ("cardavia", "pagat")
PASS = "pass"

Counts = tuple[int, ...]

KIND_NAMES = {
    "solo": "Solo",
    "pair": "Pair",
    "trio": "Trio",
    "trio_solo": "Trio + solo",
    "trio_pair": "Trio + pair",
    "straight": "Straight",
    "pair_run": "Pair run",
    "airplane": "Airplane",
    "airplane_solo": "Airplane + single wings",
    "airplane_pair": "Airplane + pair wings",
    "four_two_solo": "Four + two singles",
    "four_two_pair": "Four + two pairs",
    "bomb": "Bomb",
    "rocket": "Rocket",
}
"""Every combination type, in the spec's order, with the name a learner reads."""


@dataclass(frozen=True, order=True)
class Combo:
    """One reading of a play: its ``kind``, ``main`` rank index (for comparison), card count and
    rank ``counts``.  ``chain`` is how many ranks the core spans (1 for non-sequences)."""

    kind: str
    main: int
    size: int
    counts: Counts
    chain: int = 1

    @property
    def ranks(self) -> tuple[str, ...]:
        """The rank pattern, low to high: ``("3", "3", "3", "4", "4", "4", "9", "9")``."""
        return tuple(RANKS[i] for i, n in enumerate(self.counts) for _ in range(n))

    @property
    def text(self) -> str:
        """The rank pattern as notation, e.g. ``3 3 3 4 4 4 9 9``."""
        return " ".join(self.ranks)

    @property
    def name(self) -> str:
        """In words, e.g. "Straight, length 5, high 7" or "Pair of 9s"."""
        kind = KIND_NAMES[self.kind]
        high = _rank_word(self.main)
        if self.kind == "rocket":
            return "Rocket (both jokers)"
        if self.kind in ("straight", "pair_run"):
            return f"{kind}, length {self.chain}, high {high}"
        if self.kind.startswith("airplane"):
            low = _rank_word(self.main - self.chain + 1)
            return f"{kind}, {self.chain} trios {low}-{high}"
        if self.kind == "solo":
            return f"Solo {high}"
        if self.kind in ("pair", "trio", "bomb"):
            return f"{kind} of {high}s"
        group, _, extra = kind.partition(" + ")
        return f"{group} of {high}s + {extra}"

    def __str__(self) -> str:
        return self.name


def _rank_word(i: int) -> str:
    return {"T": "10", "BJ": "Black joker", "RJ": "Red joker"}.get(RANKS[i], RANKS[i])


# -- cards <-> counts ---------------------------------------------------------------------------
def parse(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from notation: rank patterns (``3 3 3 4 4 4 9 9``, ``BJ RJ``, ``10`` for ``T``) or
    suited cards (``3s 3h 4d``), not mixed; ``ValueError`` naming the bad token otherwise."""
    for deck in (RANKS54, STANDARD54):
        try:
            return deck.parse(text)
        except ValueError:
            continue
    tokens = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    bad = next((t for t in tokens if not _is_card(t)), None)
    what = f"{bad!r} is not a Dou Dizhu card" if bad else "rank patterns and suited cards are mixed"
    raise ValueError(
        f"{what}; allowed: ranks 3-9 T J Q K A 2 (10 for T), all with a suit s h d c "
        "or all without, and BJ RJ"
    )


def _is_card(token: str) -> bool:
    for deck in (RANKS54, STANDARD54):
        try:
            deck.parse_card(token)
            return True
        except ValueError:
            continue
    return not token


def counts_of(cards: Iterable[Card | str]) -> Counts:
    """The rank-count vector of cards (or rank tokens); ``ValueError`` for a non-card."""
    counts = [0] * 15
    for card in cards:
        rank = card.rank if isinstance(card, Card) else card
        if rank not in INDEX:
            raise ValueError(f"{card!r} is not a Dou Dizhu card")
        counts[INDEX[rank]] += 1
    return tuple(counts)


def _counts(cards: Sequence[Card] | Counts) -> Counts:
    if len(cards) == 15 and all(isinstance(n, int) for n in cards):
        return tuple(cards)  # type: ignore[arg-type]
    return counts_of(cards)  # type: ignore[arg-type]


# -- classification -----------------------------------------------------------------------------
def classify(cards: Sequence[Card] | Counts, ruleset: str = "cardavia") -> list[Combo]:
    """Every reading of ``cards`` as a legal combination (empty if there is none)."""
    _check_ruleset(ruleset)
    c = _counts(cards)
    n = sum(c)
    wanted = {combo for combo in _readings(c, n, ruleset)}
    return sorted(wanted, key=lambda combo: (combo.kind != "bomb", combo.kind, combo.main))


def _readings(c: Counts, n: int, ruleset: str) -> Iterator[Combo]:
    used = [i for i in range(15) if c[i]]
    if n == 0:
        return
    if n == 2 and c[BLACK_JOKER] == 1 and c[RED_JOKER] == 1:
        yield Combo("rocket", RED_JOKER, 2, c)
    if len(used) == 1:
        r, k = used[0], c[used[0]]
        kind = {1: "solo", 2: "pair", 3: "trio", 4: "bomb"}.get(k)
        if kind:
            yield Combo(kind, r, n, c)
    if n in (4, 5):
        for r in used:
            if c[r] == 3:
                rest = [i for i in used if i != r]
                if n == 4:
                    yield Combo("trio_solo", r, n, c)
                elif len(rest) == 1 and c[rest[0]] == 2:
                    yield Combo("trio_pair", r, n, c)
    for width, kind, least in ((1, "straight", 5), (2, "pair_run", 3), (3, "airplane", 2)):
        if len(used) >= least and all(c[i] == width for i in used) and _consecutive(used):
            yield Combo(kind, used[-1], n, c, len(used))
    yield from _airplanes_with_wings(c, n, ruleset)
    for r in used:
        if c[r] == 4 and n in (6, 8):
            wings = _without(c, {r: 4})
            if n == 6 and _single_wings_ok(wings, 2, ruleset):
                yield Combo("four_two_solo", r, n, c)
            if n == 8 and _pair_wings_ok(wings, 2):
                yield Combo("four_two_pair", r, n, c)


def _airplanes_with_wings(c: Counts, n: int, ruleset: str) -> Iterator[Combo]:
    for k, kind in ((n // 4, "airplane_solo"), (n // 5, "airplane_pair")):
        size = 4 if kind == "airplane_solo" else 5
        if k < 2 or k * size != n:
            continue
        for top in range(k - 1, 12):
            core = range(top - k + 1, top + 1)
            if any(c[i] != 3 for i in core):  # == 3: a wing may not use a core rank
                continue
            wings = _without(c, {i: 3 for i in core})
            ok = _single_wings_ok(wings, k, ruleset) if size == 4 else _pair_wings_ok(wings, k)
            if ok:
                yield Combo(kind, top, n, c, k)


def _single_wings_ok(wings: Counts, k: int, ruleset: str) -> bool:
    """k single wing cards: no triple or four, not both jokers, distinct ranks under pagat."""
    most = 1 if ruleset == "pagat" else 2
    return sum(wings) == k and max(wings) <= most and not (wings[BLACK_JOKER] and wings[RED_JOKER])


def _pair_wings_ok(wings: Counts, k: int) -> bool:
    """k pairs of different ranks (jokers cannot pair)."""
    return sum(wings) == 2 * k and all(n in (0, 2) for n in wings)


def _consecutive(ranks: list[int]) -> bool:
    return ranks[-1] <= 11 and ranks[-1] - ranks[0] == len(ranks) - 1


def _without(c: Counts, remove: dict[int, int]) -> Counts:
    return tuple(n - remove.get(i, 0) for i, n in enumerate(c))


def _check_ruleset(ruleset: str) -> None:
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")


# -- comparison ---------------------------------------------------------------------------------
def combo_beats(play: Combo, table: Combo) -> bool:
    """Does ``play`` beat ``table``?  Rocket > bombs (by rank) > everything else, which is beaten
    only by the same type with the same number of cards and a strictly higher main rank."""
    if table.kind == "rocket":
        return False
    if play.kind == "rocket":
        return True
    if play.kind == "bomb":
        return table.kind != "bomb" or play.main > table.main
    return play.kind == table.kind and play.size == table.size and play.main > table.main


def beats(
    play: Combo | Sequence[Card], table: Combo | Sequence[Card], ruleset: str = "cardavia"
) -> bool:
    """Does ``play`` beat ``table``?  Cards are read every possible way: any reading of the play
    that beats any reading of the table counts (the spec's rule for ambiguous sets)."""
    plays = [play] if isinstance(play, Combo) else classify(play, ruleset)
    tables = [table] if isinstance(table, Combo) else classify(table, ruleset)
    return any(combo_beats(p, t) for p in plays for t in tables)


# -- generation ---------------------------------------------------------------------------------
def legal_plays(
    hand: Sequence[Card] | Counts, table: Combo | None = None, ruleset: str = "cardavia"
) -> list[Combo | str]:
    """Every legal play from ``hand``: one `Combo` per distinct rank pattern and reading, and
    `PASS` when following (``table`` is the combination to beat; None means leading)."""
    _check_ruleset(ruleset)
    h = _counts(hand)
    plays = all_combos(h, ruleset)
    if table is None:
        return list(plays)
    return [PASS, *(p for p in plays if combo_beats(p, table))]


def all_combos(h: Counts, ruleset: str = "cardavia") -> list[Combo]:
    """Every combination that can be made from the rank counts ``h`` (deduplicated, sorted)."""
    out: set[Combo] = set()
    have = [i for i in range(15) if h[i]]
    add = out.add
    for r in have:
        add(Combo("solo", r, 1, _only({r: 1})))
        if h[r] >= 2:
            add(Combo("pair", r, 2, _only({r: 2})))
        if h[r] >= 3:
            add(Combo("trio", r, 3, _only({r: 3})))
            for s in have:
                if s != r:
                    add(Combo("trio_solo", r, 4, _only({r: 3, s: 1})))
                    if h[s] >= 2:
                        add(Combo("trio_pair", r, 5, _only({r: 3, s: 2})))
        if h[r] == 4:
            add(Combo("bomb", r, 4, _only({r: 4})))
            rest = _without(h, {r: 4})
            for wings in _wing_choices(rest, 2, 2 if ruleset == "cardavia" else 1):
                add(Combo("four_two_solo", r, 6, _plus(wings, r, 4)))
            for pairs in combinations([i for i in range(13) if rest[i] >= 2], 2):
                add(Combo("four_two_pair", r, 8, _plus(_only({p: 2 for p in pairs}), r, 4)))
    if h[BLACK_JOKER] and h[RED_JOKER]:
        add(Combo("rocket", RED_JOKER, 2, _only({BLACK_JOKER: 1, RED_JOKER: 1})))
    for width, kind, least in ((1, "straight", 5), (2, "pair_run", 3), (3, "airplane", 2)):
        for low, top in _runs(h, width, least, 20 // width):
            core = _only({i: width for i in range(low, top + 1)})
            length = top - low + 1
            add(Combo(kind, top, width * length, core, length))
            if kind == "airplane":
                _add_winged(out, h, low, top, ruleset)
    return sorted(out)


def _add_winged(out: set[Combo], h: Counts, low: int, top: int, ruleset: str) -> None:
    k = top - low + 1
    core = {i: 3 for i in range(low, top + 1)}
    rest = tuple(0 if low <= i <= top else n for i, n in enumerate(h))
    if 4 * k <= 20:
        for wings in _wing_choices(rest, k, 2 if ruleset == "cardavia" else 1):
            out.add(Combo("airplane_solo", top, 4 * k, _plus_many(wings, core), k))
    if 5 * k <= 20:
        for pairs in combinations([i for i in range(13) if rest[i] >= 2], k):
            wings = _only({p: 2 for p in pairs})
            out.add(Combo("airplane_pair", top, 5 * k, _plus_many(wings, core), k))


def _wing_choices(rest: Counts, k: int, most: int) -> Iterator[Counts]:
    """Every multiset of ``k`` wing cards from ``rest``, at most ``most`` of a rank, not both
    jokers."""
    limits = [min(n, most) for n in rest]

    def extend(i: int, left: int, chosen: list[int]) -> Iterator[Counts]:
        if left == 0:
            wings = tuple(chosen) + (0,) * (15 - len(chosen))
            if not (wings[BLACK_JOKER] and wings[RED_JOKER]):
                yield wings
            return
        if i == 15:
            return
        for take in range(min(limits[i], left), -1, -1):
            yield from extend(i + 1, left - take, [*chosen, take])

    yield from extend(0, k, [])


def _runs(h: Counts, width: int, least: int, longest: int) -> Iterator[tuple[int, int]]:
    """Every (low, top) window of consecutive sequence ranks with at least ``width`` each."""
    for low in SEQUENCE:
        top = low
        while top < 12 and h[top] >= width and top - low + 1 <= longest:
            if top - low + 1 >= least:
                yield low, top
            top += 1


def _only(counts: dict[int, int]) -> Counts:
    return tuple(counts.get(i, 0) for i in range(15))


def _plus(c: Counts, rank: int, n: int) -> Counts:
    return tuple(v + (n if i == rank else 0) for i, v in enumerate(c))


def _plus_many(c: Counts, more: dict[int, int]) -> Counts:
    return tuple(v + more.get(i, 0) for i, v in enumerate(c))
