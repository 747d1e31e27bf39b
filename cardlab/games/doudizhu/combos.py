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

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from operator import attrgetter
from typing import TYPE_CHECKING, cast

from cardlab.core.caches import LRUDict
from cardlab.core.cards import RANKS54, STANDARD54, Card
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.text import shown, with_article

if TYPE_CHECKING:
    from typing_extensions import TypeIs

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


class RefusedCards(ValueError):
    """Cards no Dou Dizhu play can be: ``reason`` says why in a learner's words (a `Message`)."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


KIND_NAMES: dict[str, Message] = {
    "solo": msg("Solo"),
    "pair": msg("Pair"),
    "trio": msg("Trio"),
    "trio_solo": msg("Trio + solo"),
    "trio_pair": msg("Trio + pair"),
    "straight": msg("Straight"),
    "pair_run": msg("Pair run"),
    "airplane": msg("Airplane"),
    "airplane_solo": msg("Airplane + single wings"),
    "airplane_pair": msg("Airplane + pair wings"),
    "four_two_solo": msg("Four + two singles"),
    "four_two_pair": msg("Four + two pairs"),
    "bomb": msg("Bomb"),
    "rocket": msg("Rocket"),
}
"""Every combination type, in the spec's order, with the name a learner reads (a `Message`)."""

CHAIN_WORDS: dict[str, Message] = {
    "straight": msg("straight"),
    "pair_run": msg("pair run"),
    "airplane": msg("airplane"),
    "airplane_solo": msg("airplane + single wings"),
    "airplane_pair": msg("airplane + pair wings"),
}
"""The kinds whose size varies, as a word inside a sentence ("an 8-card straight")."""


def a_kind(name: Message) -> Message:
    """``name`` after its English indefinite article ("a Pair", "an Airplane"); the other
    languages say the name alone (the article is chosen from the English words)."""
    if with_article(name.text(lang="en")).startswith("an "):
        # Translators: the English article before a combination's name; usually just {name}
        return msg("an {name}", name=name)
    # Translators: the English article before a combination's name; usually just {name}
    return msg("a {name}", name=name)


def sized(size: int, kind: str) -> Message:
    """ "a 6-card straight", "an 8-card airplane" (a kind of `CHAIN_WORDS`)."""
    word = CHAIN_WORDS[kind]
    if with_article(f"{size}-card").startswith("an "):
        return msgn("an {count}-card {kind}", "an {count}-card {kind}", size, kind=word)
    return msgn("a {count}-card {kind}", "a {count}-card {kind}", size, kind=word)


@lru_cache(maxsize=2048)
def _notation(counts: Counts) -> str:
    """``counts`` as rank notation, low to high (bounded: a legal-move list asks it of every
    play, and caching it on the plays themselves grew without end)."""
    if min(counts) < 0 or max(counts) > 4:  # no deck's counts (a Combo made by hand)
        return " ".join(RANKS[i] for i, n in enumerate(counts) for _ in range(n))
    return " ".join([_RUNS[i][n] for i, n in enumerate(counts) if n])


_RUNS = [[" ".join([rank] * n) for n in range(5)] for rank in RANKS]
"""``_RUNS[i][n]``: ``n`` cards of rank index ``i`` as notation (``"9 9 9"``)."""


@dataclass(frozen=True, order=True, slots=True)
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

    # text, action and name are never cached on the Combo: the tables of every legal play
    # (_CHAIN_TABLES, ...) live as long as the kernel, and strings cached on them as deals met
    # them grew a long class's memory by megabytes; the notation has a bounded cache instead
    @property
    def text(self) -> str:
        """The rank pattern as notation, e.g. ``3 3 3 4 4 4 9 9``."""
        return _notation(self.counts)

    @property
    def action(self) -> str:
        """The play as a legal action lists it and a replay stores it, e.g.
        ``play 3 3 3 4 4 4 9 9 as airplane_solo``."""
        return f"play {self.text} as {self.kind}"

    @property
    def name(self) -> Message:
        """In words, e.g. "Straight, length 5, high 7" or "Pair of 9s"."""
        return _name(self.kind, self.main, self.chain)

    def __str__(self) -> str:
        return str(self.name)


_SET_KIND, _SET_MAIN, _SET_SIZE, _SET_COUNTS, _SET_CHAIN = (
    getattr(Combo, name).__set__ for name in ("kind", "main", "size", "counts", "chain")
)
"""Each field's slot, set directly (`_plane` makes combinations without ``__init__``)."""


JOKER_WORDS: dict[str, Message] = {"BJ": msg("Black joker"), "RJ": msg("Red joker")}
"""The jokers by name, as a learner reads them (the other ranks are their notation)."""


def _rank_word(i: int) -> str | Message:
    rank = RANKS[i]
    return "10" if rank == "T" else JOKER_WORDS.get(rank, rank)


# A combination's name by its kind, main rank and chain: a few hundred messages of about 0.3 KB,
# every one a play can have.  Messages are frozen, and the narration names every play and the
# table it beats, so each name is made once rather than at every play.
@lru_cache(maxsize=1024)
def _name(kind: str, main: int, chain: int) -> Message:
    high = _rank_word(main)
    if kind == "rocket":
        return msg("Rocket (both jokers)")
    if kind == "straight":
        return msg("Straight, length {length}, high {high}", length=chain, high=high)
    if kind == "pair_run":
        return msg("Pair run, length {length}, high {high}", length=chain, high=high)
    if kind.startswith("airplane"):
        low = _rank_word(main - chain + 1)
        return msgn(
            "{kind}, {count} trio {low}-{high}",
            "{kind}, {count} trios {low}-{high}",
            chain,
            kind=KIND_NAMES[kind],
            low=low,
            high=high,
        )
    if kind == "solo":
        return msg("Solo {rank}", rank=high)
    if kind == "pair":
        return msg("Pair of {rank}s", rank=high)
    if kind == "trio":
        return msg("Trio of {rank}s", rank=high)
    if kind == "bomb":
        return msg("Bomb of {rank}s", rank=high)
    if kind == "trio_solo":
        return msg("Trio of {rank}s + solo", rank=high)
    if kind == "trio_pair":
        return msg("Trio of {rank}s + pair", rank=high)
    if kind == "four_two_solo":
        return msg("Four of {rank}s + two singles", rank=high)
    return msg("Four of {rank}s + two pairs", rank=high)


# -- cards <-> counts ---------------------------------------------------------------------------
def parse(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Cards from notation: rank patterns (``3 3 3 4 4 4 9 9``, ``BJ RJ``, ``10`` for ``T``) or
    suited cards (``3s 3h 4d``), not mixed; ``ValueError`` naming the bad token otherwise."""
    if isinstance(text, str):
        return _parse_text(text)
    return _parse(text)


# Notation read before (the bots and lessons come back to the same patterns): 1,024 strings of
# about 0.35 KB.  Over 60 deals between the bots, each play read once, 84% of reads hit (146
# different texts).  A pure function of the text, so threads sharing it read the same cards.
@lru_cache(maxsize=1024)
def _parse_text(text: str) -> tuple[Card, ...]:
    return _parse(text)


def _parse(text: str | Iterable[str]) -> tuple[Card, ...]:
    tokens = STANDARD54.tokens(text, decks=1)
    for deck in (RANKS54, STANDARD54):
        try:
            cards = tuple(deck.parse_card(token) for token in tokens)
        except ValueError:
            continue
        deck.check_copies(cards)  # one deck: five 3s or two 7c are no hand
        return cards
    bad = next((t for t in tokens if not _is_card(t)), None)
    if bad:
        reason = msg(
            "{card} is not a Dou Dizhu card; allowed: ranks 3-9 T J Q K A 2 (10 for T), all "
            "with a suit s h d c or all without, and BJ RJ",
            card=shown(bad),
        )
    else:
        reason = msg(
            "ranks and suited cards are mixed; allowed: ranks 3-9 T J Q K A 2 (10 for T), all "
            "with a suit s h d c or all without, and BJ RJ"
        )
    raise RefusedCards(reason)


# Plays read before, by their notation and ruleset: 1,024 of about 1 KB.  Random players and the
# bots play the same patterns again and again, and a play is read from the text of the legal
# action (the cards, their counts and every reading; empty when they are no combination).
@lru_cache(maxsize=1024)
def read_play(text: str, ruleset: str) -> tuple[tuple[Card, ...], Counts, tuple[Combo, ...]]:
    """The cards of notation ``text``, their rank counts and every reading of them as a
    combination under ``ruleset`` (none when they make none); ``ValueError`` for bad notation."""
    cards = _rank_pattern(text) or parse(text)
    counts = counts_of(cards)
    return cards, counts, tuple(classify(counts, ruleset))


def _rank_pattern(text: str) -> tuple[Card, ...]:
    """The cards of ``text`` when it is a rank pattern as the legal actions write it (rank
    tokens of `RANKS` split by single spaces, no more copies than one deck holds), else ``()``
    for `parse` to read or refuse.  The general way counted the whole deck for each new text,
    some 70 µs: a game's first plays waited for it."""
    tokens = text.split(" ")
    if len(tokens) > _DECK_SIZE:
        return ()
    counts = [0] * 15
    for token in tokens:
        i = INDEX.get(token)
        if i is None:
            return ()
        counts[i] += 1
    if max(counts[:13]) > 4 or counts[BLACK_JOKER] > 1 or counts[RED_JOKER] > 1:
        return ()
    return tuple(map(_RANK_CARDS.__getitem__, tokens))


_RANK_CARDS = {rank: RANKS54.parse_card(rank) for rank in RANKS}
"""Each rank token's card, as `parse` reads it (the suitless deck's card)."""


def _is_card(token: str) -> bool:
    for deck in (RANKS54, STANDARD54):
        try:
            deck.parse_card(token)
            return True
        except ValueError:
            continue
    return False


def counts_of(cards: Iterable[Card | str]) -> Counts:
    """The rank-count vector of cards (or rank tokens); ``ValueError`` for a non-card."""
    if not isinstance(cards, (tuple, list)):
        cards = list(cards)
    counts = [0] * 15
    try:  # a hand of cards, the usual case, without a Python call per card
        for i in map(INDEX.__getitem__, map(_RANK, cards)):
            counts[i] += 1
        return tuple(counts)
    except (AttributeError, KeyError):
        counts = [0] * 15
    for card in cards:
        index = INDEX.get(card.rank if isinstance(card, Card) else card)
        if index is None:
            raise RefusedCards(msg("{card} is not a Dou Dizhu card", card=shown(card)))
        counts[index] += 1
    return tuple(counts)


_RANK = attrgetter("rank")


_COPIES: Counts = (4,) * 13 + (1, 1)
"""How many cards of each rank index one deck holds."""
_DECK_SIZE = sum(_COPIES)


def check_counts(counts: Counts) -> None:
    """``ValueError`` unless ``counts`` could be cards of one deck (at most four of a rank and
    one of each joker)."""
    if min(counts) >= 0 and max(counts[:13]) <= 4 and counts[13] <= 1 and counts[14] <= 1:
        return  # the usual case, checked fast: plays are generated from counts all the time
    for i, (n, most) in enumerate(zip(counts, _COPIES, strict=True)):
        if not 0 <= n <= most:
            word = _rank_word(i)
            raise RefusedCards(
                msgn(
                    "{count} card of rank {rank}, but one deck holds {most}",
                    "{count} cards of rank {rank}, but one deck holds {most}",
                    n,
                    rank=word,
                    most=most,
                )
                if n > 0
                else msg(
                    "{count} cards of rank {rank}: a count is a whole number from 0",
                    count=n,
                    rank=word,
                )
            )


def check_combo(combo: Combo) -> None:
    """``ValueError`` unless ``combo`` could be a play: a known kind and the rank counts of one
    deck (a `Combo` built by hand rather than by `classify` may be neither)."""
    if not isinstance(combo.kind, str) or combo.kind not in KIND_NAMES:
        raise ValueError(
            f"{shown(combo.kind)} is not a combination type; types: {', '.join(KIND_NAMES)}"
        )
    counts = combo.counts
    if not (isinstance(counts, tuple) and _is_counts(counts)):
        raise ValueError(f"a combination's counts are 15 whole numbers, got {shown(counts)}")
    check_counts(counts)


def _is_counts(values: Sequence[object]) -> TypeIs[Sequence[int]]:
    """Whether ``values`` are 15 whole numbers (a rank-count vector, unchecked)."""
    return len(values) == 15 and set(map(type, values)) == {int}


def _counts(cards: Sequence[Card] | Counts | str) -> Counts:
    """The checked rank counts of cards, rank tokens, notation or a 15-count vector: more cards
    than a deck holds are refused before they are counted."""
    if type(cards) is tuple and len(cards) == 15 and _is_counts(cards):  # counts: checked only
        check_counts(cards)
        return cards
    if isinstance(cards, str):
        return counts_of(parse(cards))
    if type(cards) is not tuple and not isinstance(cards, Sequence):  # the usual case first
        raise TypeError(
            f"cards are a sequence of cards, notation such as '3 3 3' or 15 rank counts, "
            f"got {shown(cards)}"
        )
    if len(cards) > _DECK_SIZE:
        raise ValueError(f"one deck holds {_DECK_SIZE} cards, got {len(cards):,}")
    counts = tuple(cards) if _is_counts(cards) else counts_of(cards)
    check_counts(counts)
    return counts


# -- classification -----------------------------------------------------------------------------
def classify(cards: Sequence[Card] | Counts | str, ruleset: str = "cardavia") -> list[Combo]:
    """Every reading of ``cards`` (or their notation) as a legal combination (empty if there is
    none); ``ValueError`` for cards no single deck holds."""
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
    if ruleset not in RULESETS:
        _check_ruleset(ruleset)
    return plays_of(_counts(hand), table, ruleset)


def plays_of(h: Counts, table: Combo | None, ruleset: str) -> list[Combo | str]:
    """`legal_plays` of rank counts ``h`` that are already checked, under a known ruleset (the
    engine's own hands): the same list, without reading and checking the hand again."""
    if table is None:
        return cast("list[Combo | str]", all_combos(h, ruleset))  # already a list of its own
    return [PASS, *_beating(h, table, ruleset)]


def action_texts(plays: Iterable[Combo | str]) -> list[str]:
    """Each play's `Combo.action` (`PASS` as it is), as the legal actions list them: the
    import-time tables' plays by their written text (`_actions`), the others written here."""
    known, notation = _actions().get, _notation
    return [
        p if isinstance(p, str) else known(id(p)) or f"play {notation(p.counts)} as {p.kind}"
        for p in plays
    ]


# Every play of a hand, by (counts, ruleset): 1,024 hands of about 0.4 KB (a 20-card hand has
# about 85 plays).  An LRUDict, because `_beating` reads it without filling it.  Over 60 deals at
# the table 35.6% of hands hit at 1,024 entries, the same as with no bound.
_CACHE: LRUDict[tuple[Counts, str], tuple[Combo, ...]] = LRUDict(1024)


def clear_cache() -> None:
    """Forget the combinations remembered per hand, the winged airplanes made so far, the
    plays read, their notation and names (benchmarks time generation and games from scratch)."""
    _CACHE.clear()
    _plane.cache_clear()
    read_play.cache_clear()
    _parse_text.cache_clear()
    _notation.cache_clear()
    _name.cache_clear()


def all_combos(h: Counts, ruleset: str = "cardavia") -> list[Combo]:
    """Every combination that can be made from the rank counts ``h`` (deduplicated, sorted)."""
    key = (h, ruleset)
    found = _CACHE.get(key) if key in _CACHE else None  # a miss without a KeyError
    if found is None:
        combos = _every_play(_Hand(h, ruleset))
        _CACHE[key] = tuple(combos)
        return combos
    return list(found)


def _every_play(hand: _Hand) -> list[Combo]:
    """Every bucket's plays in `_KIND_ORDER` (airplane, airplane_pair, airplane_solo, bomb,
    four_two_pair, four_two_solo, pair, pair_run, rocket, solo, straight, trio, trio_pair,
    trio_solo), calling only the buckets the hand can fill: most hands have no airplane or
    four, and a fresh 20-card lead spent a fifth of its time in calls that found nothing."""
    out: list[Combo] = []
    trios = hand.trios
    if len(trios) > 1:
        planes = hand.airplanes
        if planes:
            out += planes
            out += _airplane_pairs(hand)
            out += _airplane_solos(hand)
    fours = hand.fours
    if fours:
        out += map(_BOMB.__getitem__, fours)
        out += _four_two_pairs(hand)
        out += _four_two_solos(hand)
    pairs = hand.pairs
    out += map(_PAIR.__getitem__, pairs)
    if len(pairs) > 2:
        out += hand.pair_runs
    h = hand.counts
    if h[BLACK_JOKER] and h[RED_JOKER]:
        out.append(_ROCKET)
    have = hand.have
    out += map(_SOLO.__getitem__, have)
    if len(have) > 4:
        out += hand.straights
    if trios:
        out += map(_TRIO.__getitem__, trios)
        out += _trio_pairs(hand)
        out += _trio_solos(hand)
    return out


def _beating(h: Counts, table: Combo, ruleset: str) -> list[Combo]:
    """The plays of ``h`` that beat ``table``, in `all_combos` order, making only the kinds that
    can beat it (the table's kind, bombs and the rocket)."""
    kind = table.kind
    if kind == "rocket":
        return []
    key = (h, ruleset)
    if key in _CACHE:  # a miss without a KeyError
        found = _CACHE.get(key)
        if found is not None:
            return [p for p in found if combo_beats(p, table)]
    main = table.main
    if kind in _ONE_RANK:  # the commonest tables, beaten without reading the whole hand
        plays, copies = _ONE_RANK[kind]
        higher = [plays[r] for r in range(main + 1, len(plays)) if h[r] >= copies]
        rocket = [_ROCKET] if h[BLACK_JOKER] and h[RED_JOKER] else []
        if kind == "bomb":
            return higher + rocket
        bombs = [_BOMB[r] for r in range(13) if h[r] == 4] if 4 in h else []
        # in `_KIND_ORDER`: bomb, pair, rocket, solo, trio
        return bombs + higher + rocket if kind == "pair" else bombs + rocket + higher
    hand = _Hand(h, ruleset)
    out: list[Combo] = []
    size = table.size
    for bucket in _FOLLOW[kind]:
        if bucket is None:  # the table's own kind: same size, higher main rank
            out += [p for p in _BUCKETS[kind](hand) if p.size == size and p.main > main]
        else:
            out += bucket(hand)
    return out


class _Hand:
    """A hand's rank counts read once for every bucket: the ranks held at least once (``have``,
    and high to low ``down``), twice, three times and four times, which ranks may be a doubled
    single wing; and its chains, looked up by the bitmask of the sequence ranks held (only when a
    bucket asks: following, most kinds are never made)."""

    __slots__ = ("counts", "doubles", "down", "fours", "have", "most", "pairs", "trios")

    def __init__(self, h: Counts, ruleset: str) -> None:
        self.counts = h
        self.most = 2 if ruleset == "cardavia" else 1  # copies of one rank among single wings
        have: list[int] = []
        pairs: list[int] = []
        trios: list[int] = []
        fours: list[int] = []
        for i, n in enumerate(h):  # one pass, nested by count: the fewest steps per rank
            if n:
                have.append(i)
                if n > 1:
                    pairs.append(i)
                    if n > 2:
                        trios.append(i)
                        if n > 3:
                            fours.append(i)
        self.have, self.pairs, self.trios, self.fours = have, pairs, trios, fours
        self.down = have[::-1]
        self.doubles = frozenset(pairs) if self.most == 2 else _NO_RANKS

    @property
    def straights(self) -> tuple[Combo, ...]:
        return _CHAIN_TABLES["straight"][sum(map(_SEQUENCE_BIT.__getitem__, self.have))]

    @property
    def pair_runs(self) -> tuple[Combo, ...]:
        return _CHAIN_TABLES["pair_run"][sum(map(_SEQUENCE_BIT.__getitem__, self.pairs))]

    @property
    def airplanes(self) -> tuple[Combo, ...]:
        return _CHAIN_TABLES["airplane"][sum(map(_SEQUENCE_BIT.__getitem__, self.trios))]


_JOKERS = (BLACK_JOKER, RED_JOKER)
_NO_RANKS: frozenset[int] = frozenset()
_SEQUENCE_BIT = [1 << i if i in SEQUENCE else 0 for i in range(15)]
"""Each rank's bit in the masks that index the chain tables (none for the 2 and the jokers)."""


# Every combination of one rank, two ranks or a chain exists once, built at import: generating
# plays then mostly looks them up, and only the larger airplanes are made per hand.
def _vector(*pairs: tuple[int, int]) -> Counts:
    v = [0] * 15
    for rank, n in pairs:
        v[rank] += n
    return tuple(v)


_SOLO = [Combo("solo", r, 1, _vector((r, 1))) for r in range(15)]
_PAIR = [Combo("pair", r, 2, _vector((r, 2))) for r in range(13)]
_TRIO = [Combo("trio", r, 3, _vector((r, 3))) for r in range(13)]
_BOMB = [Combo("bomb", r, 4, _vector((r, 4))) for r in range(13)]
_ROCKET = Combo("rocket", RED_JOKER, 2, _vector((BLACK_JOKER, 1), (RED_JOKER, 1)))
_TRIO_SOLO = [
    [Combo("trio_solo", r, 4, _vector((r, 3), (s, 1))) if s != r else None for s in range(15)]
    for r in range(13)
]
_TRIO_PAIR = [
    [Combo("trio_pair", r, 5, _vector((r, 3), (s, 2))) if s != r else None for s in range(13)]
    for r in range(13)
]


def _chain_table(kind: str, width: int, least: int) -> tuple[tuple[Combo, ...], ...]:
    """The chains of ``kind`` (``least`` ranks or more, 20 cards at most) for every bitmask of
    the sequence ranks held ``width`` times, by top and then by length.  Built from the mask
    without its top rank, plus the chains that end at that rank: 4,096 small steps."""
    longest = 20 // width

    def chain(top: int, n: int) -> Combo:
        return Combo(
            kind, top, width * n, _vector(*((i, width) for i in range(top - n + 1, top + 1))), n
        )

    chains = [
        {n: chain(top, n) for n in range(least, min(top + 1, longest) + 1)} for top in SEQUENCE
    ]
    ending = [  # ending[top][run]: the chains ending at top when ``run`` ranks in a row end there
        [
            tuple(chains[top][n] for n in range(least, min(run, longest) + 1))
            for run in range(top + 2)
        ]
        for top in SEQUENCE
    ]
    table: list[tuple[Combo, ...]] = [()]
    runs = [0]  # runs[mask]: how many ranks in a row end at the mask's top rank
    for mask in range(1, 1 << len(SEQUENCE)):
        top = mask.bit_length() - 1
        rest = mask ^ (1 << top)
        run = runs[rest] + 1 if top and rest >> (top - 1) & 1 else 1
        runs.append(run)
        table.append(table[rest] + ending[top][run])
    return tuple(table)


_CHAIN_TABLES = {
    kind: _chain_table(kind, width, least)
    for kind, width, least in (("straight", 1, 5), ("pair_run", 2, 3), ("airplane", 3, 2))
}


def _grid(make: Callable[[int, int], Combo | None]) -> list[list[Combo | None]]:
    """``grid[i][j]``: the combination with wings of ranks ``i`` and ``j`` (None if there is
    none); lists rather than a dict keyed by tuples, which are slower to look up."""
    return [[make(i, j) for j in range(15)] for i in range(15)]


def _single_wings(
    core: dict[int, int], main: int, kind: str, chain: int = 1
) -> list[list[Combo | None]]:
    """The grid of ``core`` plus two single wings ``i <= j`` (not a core rank, not both jokers)."""
    size = sum(core.values()) + 2

    def make(i: int, j: int) -> Combo | None:
        if j < i or i in core or j in core or (i, j) == (BLACK_JOKER, RED_JOKER):
            return None
        return Combo(kind, main, size, _vector(*core.items(), (i, 1), (j, 1)), chain)

    return _grid(make)


def _pair_wings(
    core: dict[int, int], main: int, kind: str, chain: int = 1
) -> list[list[Combo | None]]:
    """The grid of ``core`` plus two pair wings of ranks ``i < j`` (no core rank, no joker)."""
    size = sum(core.values()) + 4

    def make(i: int, j: int) -> Combo | None:
        if not i < j < 13 or i in core or j in core:
            return None
        return Combo(kind, main, size, _vector(*core.items(), (i, 2), (j, 2)), chain)

    return _grid(make)


_FOUR_SOLO = [_single_wings({r: 4}, r, "four_two_solo") for r in range(13)]
_FOUR_PAIR = [_pair_wings({r: 4}, r, "four_two_pair") for r in range(13)]
_PLANE2_SOLO = {t: _single_wings({t - 1: 3, t: 3}, t, "airplane_solo", 2) for t in range(1, 12)}
_PLANE2_PAIR = {t: _pair_wings({t - 1: 3, t: 3}, t, "airplane_pair", 2) for t in range(1, 12)}


def _table_plays() -> Iterator[Combo]:
    """Every play of the tables above (with repeats): the plays that live as long as the
    module, so their identities can key `_actions`."""
    yield _ROCKET
    rows: list[Sequence[Combo | None]] = [_SOLO, _PAIR, _TRIO, _BOMB, *_TRIO_SOLO, *_TRIO_PAIR]
    for row in rows:
        yield from filter(None, row)
    for chains in _CHAIN_TABLES.values():
        for found in chains:
            yield from found
    for grids in (_FOUR_SOLO, _FOUR_PAIR, _PLANE2_SOLO.values(), _PLANE2_PAIR.values()):
        for grid in grids:
            for row in grid:
                yield from filter(None, row)


@lru_cache(maxsize=1)
def _actions() -> dict[int, str]:
    """The legal-action text of each of the 4,331 plays built at import, by the play's identity
    (about 0.5 MB): a lead lists a few dozen plays, and writing each one's text was most of the
    time a game spent listing its legal leads.  Only these immortal plays are keyed by identity;
    the winged airplanes made per hand are written each time.  Written at the first listing
    (12 ms), not at import: a lesson page that loads the game need not list a play."""
    plays = {id(play): play for play in _table_plays()}  # the tables share plays: once each
    actions = {key: play.action for key, play in plays.items()}
    _notation.cache_clear()  # written once above: the bounded cache is for the other plays
    return actions


def _two_wings(
    grid: list[list[Combo | None]], ranks: list[int], doubles: frozenset[int]
) -> list[Combo]:
    """``grid[i][j]`` for every two wings from ``ranks`` (the same rank twice only for
    ``doubles``; not both jokers), in increasing order of the count vector: a higher lowest
    rank is a smaller vector."""
    out: list[Combo] = []
    down = ranks[::-1]
    n = len(ranks)
    for a in range(n - 1, -1, -1):
        i = ranks[a]
        row = cast("list[Combo]", grid[i])  # the callers name only wings with a combination
        if i != BLACK_JOKER:  # (BJ, RJ) is the only pair of ranks left out
            out += map(row.__getitem__, down[: n - 1 - a])
        if i in doubles:
            out.append(row[i])
    return out


# Each bucket lists one kind's plays in `Combo` order (main, size, counts, chain).
def _solos(hand: _Hand) -> list[Combo]:
    return [_SOLO[r] for r in hand.have]


def _pairs(hand: _Hand) -> list[Combo]:
    return [_PAIR[r] for r in hand.pairs]


def _trios(hand: _Hand) -> list[Combo]:
    return [_TRIO[r] for r in hand.trios]


def _bombs(hand: _Hand) -> list[Combo]:
    return [_BOMB[r] for r in hand.fours]


def _rockets(hand: _Hand) -> list[Combo]:
    h = hand.counts
    return [_ROCKET] if h[BLACK_JOKER] and h[RED_JOKER] else []


def _trio_solos(hand: _Hand) -> list[Combo]:
    down = hand.down  # a higher attachment rank is a smaller count vector
    out: list[Combo] = []
    for r in hand.trios:
        row = _TRIO_SOLO[r]
        out += filter(None, map(row.__getitem__, down))  # row[r] is None
    return out


def _trio_pairs(hand: _Hand) -> list[Combo]:
    down = hand.pairs[::-1]
    out: list[Combo] = []
    for r in hand.trios:
        row = _TRIO_PAIR[r]
        out += filter(None, map(row.__getitem__, down))  # row[r] is None
    return out


def _four_two_solos(hand: _Hand) -> list[Combo]:
    out: list[Combo] = []
    for r in hand.fours:
        ranks = [i for i in hand.have if i != r]
        out += _two_wings(_FOUR_SOLO[r], ranks, hand.doubles)
    return out


def _four_two_pairs(hand: _Hand) -> list[Combo]:
    out: list[Combo] = []
    for r in hand.fours:
        out += _two_wings(_FOUR_PAIR[r], [i for i in hand.pairs if i != r], frozenset())
    return out


# Winged airplanes of three trios or more made so far: 512 of about 0.6 KB.  Only 9% of
# requests repeat (over 60 deals, the same at 256 entries as with no bound): the cache saves
# little, so it stays small.
@lru_cache(maxsize=512)
def _plane(kind: str, top: int, k: int, wings: tuple[int, ...]) -> Combo:
    v = [*_CORE_COUNTS[k][top]]
    per = 1 if kind == "airplane_solo" else 2
    for i in wings:
        v[i] += per
    # made without the frozen dataclass's setattr per field: a hand with three trios in a row
    # has some 150 of these, and they were most of the time of generating its lead
    plane = object.__new__(Combo)
    _SET_KIND(plane, kind)
    _SET_MAIN(plane, top)
    _SET_SIZE(plane, (3 + per) * k)
    _SET_COUNTS(plane, tuple(v))
    _SET_CHAIN(plane, k)
    return plane


_CORE_COUNTS = [
    [_vector(*((i, 3) for i in range(top - k + 1, top + 1))) for top in SEQUENCE] for k in range(6)
]
"""``_CORE_COUNTS[k][top]``: the rank counts of the k trios in a row up to ``top``."""


def _airplane_solos(hand: _Hand) -> list[Combo]:
    out: list[Combo] = []
    for plane in hand.airplanes:
        top, k = plane.main, plane.chain
        low = top - k + 1
        if k == 2:
            ranks = [i for i in hand.have if not low <= i <= top]
            out += _two_wings(_PLANE2_SOLO[top], ranks, hand.doubles)
        elif 4 * k <= 20:
            h, most = hand.counts, hand.most
            pool = [i for i in hand.have if not low <= i <= top for _ in range(min(h[i], most))]
            # a sorted pool's combinations come in increasing rank order, so without repeats
            # and reversed they are in increasing order of the count vector
            wings = [*dict.fromkeys(combinations(pool, k))]
            if h[BLACK_JOKER] and h[RED_JOKER]:  # both jokers are no wings
                wings = [w for w in wings if w[-2:] != _JOKERS]
            wings.reverse()
            out += [_plane("airplane_solo", top, k, w) for w in wings]
    return out


def _airplane_pairs(hand: _Hand) -> list[Combo]:
    out: list[Combo] = []
    for plane in hand.airplanes:
        top, k = plane.main, plane.chain
        low = top - k + 1
        doubles = [i for i in hand.pairs if not low <= i <= top]
        if k == 2:
            out += _two_wings(_PLANE2_PAIR[top], doubles, frozenset())
        elif 5 * k <= 20:
            out += [
                _plane("airplane_pair", top, k, p) for p in reversed(list(combinations(doubles, k)))
            ]
    return out


_BUCKETS: dict[str, Callable[[_Hand], Sequence[Combo]]] = {
    "solo": _solos,
    "pair": _pairs,
    "trio": _trios,
    "trio_solo": _trio_solos,
    "trio_pair": _trio_pairs,
    "straight": attrgetter("straights"),
    "pair_run": attrgetter("pair_runs"),
    "airplane": attrgetter("airplanes"),
    "airplane_solo": _airplane_solos,
    "airplane_pair": _airplane_pairs,
    "four_two_solo": _four_two_solos,
    "four_two_pair": _four_two_pairs,
    "bomb": _bombs,
    "rocket": _rockets,
}
_KIND_ORDER = sorted(_BUCKETS)  # `Combo` orders by kind name first
_ONE_RANK: dict[str, tuple[list[Combo], int]] = {
    "solo": (_SOLO, 1),
    "pair": (_PAIR, 2),
    "trio": (_TRIO, 3),
    "bomb": (_BOMB, 4),
}
"""The kinds of one rank: the play of each rank and how many cards of it the play takes."""
_FOLLOW: dict[str, list[Callable[[_Hand], Sequence[Combo]] | None]] = {
    table: [
        None if kind == table else _BUCKETS[kind]
        for kind in _KIND_ORDER
        if kind in (table, "bomb", "rocket")
    ]
    for table in _KIND_ORDER
}
"""The buckets that can beat a table of each kind, in `_KIND_ORDER`: None stands for the table's
own kind, whose plays must also be the same size and higher."""
