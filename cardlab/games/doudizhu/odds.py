"""Dou Dizhu odds: bombs and the rocket in a hand, at the table, and card counting during play.

Everything exact is a `Fraction` with the counting argument a student can follow:

* `hand_odds(n)`: P(at least one bomb / the rocket / either) in an ``n``-card hand (17 for a
  farmer, 20 for the landlord) by inclusion-exclusion over the ranks.
* `table_odds()`: P(somebody at the table holds a bomb or the rocket) after the landlord takes
  the bottom cards, exact (inclusion-exclusion over which player holds which complete rank) and
  checked by a seeded simulation (`simulate_table`).
* `counting_odds(view, table)`: from one seat's view (its own hand, every card played, the bottom
  cards the landlord showed), how likely the *other two players* still hold a bomb or the rocket,
  and how likely they can beat a given play.  Every split of the unseen cards between them is
  equally likely; the bomb question is summed exactly rank by rank, the beat question exactly
  over the rank patterns of the split when there are few enough, else by seeded Monte Carlo
  (labelled an estimate).
* `play_counts(ruleset)`: how many distinct legal plays (rank patterns) a full deck allows, by
  type, and the generating-function count that explains the difference between the rulesets.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import product
from typing import TYPE_CHECKING

from cardlab.core.cards import STANDARD54
from cardlab.core.i18n import Message, joined, msg, num
from cardlab.core.odds import Estimate, monte_carlo
from cardlab.core.stored import stored
from cardlab.games.doudizhu.combos import (
    BLACK_JOKER,
    KIND_NAMES,
    RED_JOKER,
    RULESETS,
    Combo,
    all_combos,
    combo_beats,
    counts_of,
    legal_plays,
)

if TYPE_CHECKING:
    from cardlab.games.doudizhu.game import DouDizhuView

DECK_SIZE = 54
RANK_COUNT = 13  # ranks with four cards (3 ... 2); a bomb is all four of one of them
SEATS = 3


def _f(x: Fraction) -> Message:
    return msg(
        "{numerator}/{denominator}", numerator=num(x.numerator), denominator=num(x.denominator)
    )


# -- one hand ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class HandOdds:
    """Exact chances for an ``n``-card hand, the hand counts behind them, and the argument."""

    n: int
    hands: int  # C(54, n)
    bomb_hands: int
    rocket_hands: int
    both_hands: int
    argument: tuple[Message, ...]

    @property
    def bomb(self) -> Fraction:
        return Fraction(self.bomb_hands, self.hands)

    @property
    def rocket(self) -> Fraction:
        return Fraction(self.rocket_hands, self.hands)

    @property
    def both(self) -> Fraction:
        return Fraction(self.both_hands, self.hands)

    @property
    def either(self) -> Fraction:
        """P(bomb or rocket) = P(bomb) + P(rocket) - P(bomb and rocket)."""
        return self.bomb + self.rocket - self.both


def _bomb_hands(n: int, reserved: int = 0) -> tuple[int, list[str]]:
    """How many ``n``-card hands hold at least one four of a kind, among the hands that also
    contain ``reserved`` fixed cards (the two jokers, for "bomb and rocket"), and the terms."""
    total, terms = 0, []
    for k in range(1, RANK_COUNT + 1):
        rest = n - 4 * k - reserved
        if rest < 0:
            break
        term = math.comb(RANK_COUNT, k) * math.comb(DECK_SIZE - 4 * k - reserved, rest)
        total += term if k % 2 else -term
        sign = "+" if k % 2 else "\u2212"
        terms.append(f"{sign} C(13,{k})\u00b7C({DECK_SIZE - 4 * k - reserved},{rest})")
    return total, terms


@lru_cache(maxsize=8)
def hand_odds(n: int = 17) -> HandOdds:
    """P(at least one bomb, the rocket, either) in an ``n``-card hand, by inclusion-exclusion."""
    if not 2 <= n <= DECK_SIZE:
        raise ValueError(f"a hand has 2 to {DECK_SIZE} cards, got {n}")
    hands = math.comb(DECK_SIZE, n)
    bomb, terms = _bomb_hands(n)
    rocket = math.comb(DECK_SIZE - 2, n - 2)
    both, _ = _bomb_hands(n, reserved=2)
    first = " ".join(terms[:3]).lstrip("+ ")
    more_terms: str | Message = ""
    if len(terms) > 3:
        more_terms = msg(" \u2026 ({count} terms)", count=len(terms))
    either = Fraction(bomb + rocket - both, hands)
    argument = (
        msg("There are C(54,{n}) = {hands} equally likely {n}-card hands.", n=n, hands=num(hands)),
        msg(
            "Bomb: a hand holding all four cards of k chosen ranks is C(13,k)\u00b7C({deck}"
            "\u22124k,{n}\u22124k) ways; adding for one rank counts hands with two bombs twice, "
            "so inclusion-exclusion alternates the signs: {terms}{more} = {bomb} hands, "
            "P = {fraction} \u2248 {p}.",
            deck=DECK_SIZE,
            n=n,
            terms=first,
            more=more_terms,
            bomb=num(bomb),
            fraction=_f(Fraction(bomb, hands)),
            p=num(bomb / hands, 4),
        ),
        msg(
            "Rocket: both jokers plus any {rest} of the other 52 cards: C(52,{rest}) = "
            "{rocket} hands, P = {fraction} = {n}\u00b7{n1}/(54\u00b753) \u2248 {p}.",
            rest=n - 2,
            rocket=num(rocket),
            fraction=_f(Fraction(rocket, hands)),
            n=n,
            n1=n - 1,
            p=num(rocket / hands, 4),
        ),
        msg(
            "Both: fix the two jokers and repeat the bomb count on the other {rest} cards: "
            "{both} hands.",
            rest=n - 2,
            both=num(both),
        ),
        msg(
            "Either: P(bomb) + P(rocket) \u2212 P(both) = ({bomb} + {rocket} \u2212 {both})"
            "/{hands} = {fraction} \u2248 {p}.",
            bomb=num(bomb),
            rocket=num(rocket),
            both=num(both),
            hands=num(hands),
            fraction=_f(either),
            p=num(float(either), 4),
        ),
    )
    return HandOdds(n, hands, bomb, rocket, both, argument)


def count_hands_without_bomb(n: int) -> int:
    """Independent check of `hand_odds`: the hands with no four of a kind, by the generating
    function [x^n] ((1+x)^4 - x^4)^13 (1+x)^2 (each rank contributes 0-3 of its 4 cards)."""
    poly = [1]
    factors = [[math.comb(4, i) for i in range(4)]] * RANK_COUNT + [[1, 1]] * 2
    for factor in factors:
        out = [0] * (len(poly) + len(factor) - 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(factor):
                out[i + j] += a * b
        poly = out
    return poly[n] if n < len(poly) else 0


# -- the whole table -----------------------------------------------------------------------------
@dataclass(frozen=True)
class TableOdds:
    """P(some player holds a bomb or the rocket) for hands of ``sizes``, exact, and the argument."""

    sizes: tuple[int, ...]
    probability: Fraction
    argument: tuple[Message, ...]


def _multinomial(total: int, parts: Sequence[int]) -> int:
    out, left = 1, total
    for p in parts:
        if not 0 <= p <= left:
            return 0
        out *= math.comb(left, p)
        left -= p
    return out


@lru_cache(maxsize=8)
def table_odds(sizes: tuple[int, ...] = (20, 17, 17)) -> TableOdds:
    """Exact P(at least one player holds a bomb or the rocket), hands of ``sizes`` dealt at
    random from the 54 cards (any cards left over stay undealt).

    "Player p holds every card of group g" (a group is the four cards of a rank, or the two
    jokers) are the events; events for the same group and different players cannot happen
    together, so inclusion-exclusion runs over how many groups each player is given.
    """
    sizes = tuple(sizes)
    left_over = DECK_SIZE - sum(sizes)
    if left_over < 0:
        raise ValueError(f"hands of {sizes} need more than {DECK_SIZE} cards")
    deals = _multinomial(DECK_SIZE, [*sizes, left_over])
    none = 0
    players = len(sizes)
    for given in product(range(RANK_COUNT + 1), repeat=players):
        k = sum(given)
        if k > RANK_COUNT:
            continue
        ways = math.factorial(RANK_COUNT) // math.factorial(RANK_COUNT - k)
        for g in given:
            ways //= math.factorial(g)
        for rocket in (None, *range(players)):
            fixed = [4 * g + (2 if rocket == p else 0) for p, g in enumerate(given)]
            rest = DECK_SIZE - sum(fixed)
            count = _multinomial(rest, [s - f for s, f in zip(sizes, fixed, strict=True)])
            events = k + (rocket is not None)
            none += (-1) ** events * ways * count
    p = 1 - Fraction(none, deals)
    argument = (
        msg(
            "Deal hands of {sizes} from the 54 cards: {deals} equally likely deals.",
            sizes=joined(map(str, sizes)),
            deals=f"{deals:.3e}",
        ),
        msg(
            "Call a group the four cards of one rank (13 groups) or the two jokers. Count the "
            "deals where nobody holds a whole group by inclusion-exclusion: give a_p whole groups "
            "to player p, count the deals of the other cards, and add with sign "
            "(\u22121)^(number of groups given)."
        ),
        msg(
            "P(nobody holds a bomb or the rocket) = {none}, so P(somebody does) = {some}.",
            none=num(float(1 - p), 4),
            some=num(float(p), 4),
        ),
    )
    return TableOdds(sizes, p, argument)


def _has_bomb_or_rocket(counts: Sequence[int]) -> bool:
    return any(counts[r] == 4 for r in range(RANK_COUNT)) or (
        counts[BLACK_JOKER] == 1 and counts[RED_JOKER] == 1
    )


@stored
def simulate_table(
    trials: int = 2_000, seed: int | str = "doudizhu-table", sizes: tuple[int, ...] = (20, 17, 17)
) -> Estimate:
    """Seeded simulation: shuffle, deal hands of ``sizes``, does anyone hold a bomb or rocket?
    Stored for the lesson's call."""
    cards = [c.rank for c in STANDARD54.cards()]

    def trial(rng: random.Random) -> bool:
        deck = cards[:]
        rng.shuffle(deck)
        start = 0
        for size in sizes:
            if _has_bomb_or_rocket(counts_of(deck[start : start + size])):
                return True
            start += size
        return False

    return monte_carlo(trial, trials, seed)


# -- card counting during play -------------------------------------------------------------------
@dataclass(frozen=True)
class CountingOdds:
    """What one seat can work out about the other two players' hands from what it has seen."""

    seat: int
    others: tuple[int, int]
    sizes: tuple[int, int]  # the two players' hand sizes
    unseen: Counts15  # rank counts of the cards this seat has not seen
    known: tuple[Counts15, Counts15]  # cards known to be in each hand (the shown bottom cards)
    bomb: tuple[Fraction, Fraction, Fraction]  # P(bomb or rocket): other 1, other 2, either
    beat: tuple[float, float, float] | None  # P(can beat the table): other 1, other 2, either
    beat_exact: tuple[Fraction, Fraction, Fraction] | None
    beat_trials: int  # 0 when exact
    splits: int  # equally likely ways to split the unseen cards
    table: Combo | None

    @property
    def exact(self) -> bool:
        return self.beat_trials == 0

    def lines(self, names: Sequence[str | Message] | None = None) -> list[Message]:
        """The result in sentences, with the counting argument."""
        a, b = names or (msg("Player {number}", number=s + 1) for s in self.others)
        n_unseen = sum(self.unseen)
        values = {
            "count": n_unseen,
            "a": a,
            "size_a": self.sizes[0],
            "b": b,
            "size_b": self.sizes[1],
            "splits": num(self.splits),
        }
        if any(map(sum, self.known)):
            first = msg(
                "Unseen cards: {count} ({a} holds {size_a}, {b} holds {size_b}, some of them the "
                "bottom cards everyone saw). Every one of the {splits} ways to split them is "
                "equally likely.",
                **values,
            )
        else:
            first = msg(
                "Unseen cards: {count} ({a} holds {size_a}, {b} holds {size_b}). Every one of "
                "the {splits} ways to split them is equally likely.",
                **values,
            )
        lines = [
            first,
            msg(
                "P(a bomb or the rocket is still out there) = {fraction} \u2248 {p} ({a}: "
                "{p_a}, {b}: {p_b}).",
                fraction=_f(self.bomb[2]),
                p=num(float(self.bomb[2]), 3),
                a=a,
                p_a=num(float(self.bomb[0]), 3),
                b=b,
                p_b=num(float(self.bomb[1]), 3),
            ),
        ]
        if self.table is not None and self.beat is not None:
            how = (
                msg("exact, over every rank pattern of the split")
                if self.exact
                else msg(
                    "estimate from {trials} seeded random splits", trials=num(self.beat_trials)
                )
            )
            lines.append(
                msg(
                    "P(they can beat {table}) \u2248 {p} ({a}: {p_a}, {b}: {p_b}; {how}).",
                    table=self.table.name,
                    p=num(self.beat[2], 3),
                    a=a,
                    p_a=num(self.beat[0], 3),
                    b=b,
                    p_b=num(self.beat[1], 3),
                    how=how,
                )
            )
        return lines


Counts15 = tuple[int, ...]


def unseen_counts(
    view: DouDizhuView,
) -> tuple[Counts15, tuple[Counts15, Counts15], tuple[int, int]]:
    """From a `DouDizhuView`: rank counts of the unseen cards, the cards known to sit in each
    other hand (bottom cards the landlord showed and has not played), and the two hand sizes."""
    seat = view.seat
    if seat is None:
        raise ValueError("card counting needs one seat's view, not the teacher's")
    others = ((seat + 1) % SEATS, (seat + 2) % SEATS)
    seen = Counter(c.rank for c in view.hands[seat] if c is not None)
    for play in view.plays:
        seen.update(c.rank for c in play.cards)
    known: list[Counter[str]] = [Counter(), Counter()]
    if view.landlord is not None and view.landlord != seat:
        # the bottom cards were shown; those the landlord has not played are still in the hand
        still = Counter(c.rank for c in view.bottom if c is not None)
        for play in view.plays:
            if play.seat == view.landlord:
                for card in play.cards:
                    if still[card.rank] > 0:
                        still[card.rank] -= 1
        known[others.index(view.landlord)] = +still
    for k in known:
        seen.update(k)
    deck = Counter(c.rank for c in STANDARD54.cards())
    unseen = counts_of([r for r, n in (deck - seen).items() for _ in range(n)])
    known_counts = (counts_of(list(known[0].elements())), counts_of(list(known[1].elements())))
    sizes = (len(view.hands[others[0]]), len(view.hands[others[1]]))
    return unseen, known_counts, sizes


def _bomb_split_odds(
    unseen: Counts15, known: tuple[Counts15, Counts15], n_a: int
) -> tuple[Fraction, Fraction, Fraction, int]:
    """Exact P(bomb or rocket) for hand A, hand B and either, over every way to give ``n_a``
    of the unseen cards to A (suits distinct, so rank r contributes C(u_r, x) ways)."""
    # state: (cards given to A so far, A has one, B has one, A holds a joker, B holds a joker)
    states: dict[tuple[int, bool, bool, int, int], int] = {(0, False, False, 0, 0): 1}
    for r in range(15):
        u = unseen[r]
        ka, kb = known[0][r], known[1][r]
        nxt: dict[tuple[int, bool, bool, int, int], int] = {}
        for (given, has_a, has_b, ja, jb), ways in states.items():
            for x in range(u + 1):
                if given + x > n_a:
                    break
                ca, cb = x + ka, u - x + kb
                a, b, ja2, jb2 = has_a, has_b, ja, jb
                if r < RANK_COUNT:
                    a = a or ca == 4
                    b = b or cb == 4
                else:
                    ja2, jb2 = ja + ca, jb + cb
                key = (given + x, a, b, ja2, jb2)
                nxt[key] = nxt.get(key, 0) + ways * math.comb(u, x)
        states = nxt
    total = hit_a = hit_b = hit_any = 0
    for (given, has_a, has_b, ja, jb), ways in states.items():
        if given != n_a:
            continue
        a, b = has_a or ja == 2, has_b or jb == 2
        total += ways
        hit_a += ways * a
        hit_b += ways * b
        hit_any += ways * (a or b)
    if total == 0:
        raise ValueError("the unseen cards cannot be split into hands of these sizes")
    return Fraction(hit_a, total), Fraction(hit_b, total), Fraction(hit_any, total), total


def can_beat(hand: Counts15, table: Combo, ruleset: str = "cardavia") -> bool:
    """Does a hand with rank counts ``hand`` hold any play that beats ``table``?  (A fast
    equivalent of ``len(legal_plays(hand, table)) > 1``, checked against it in the tests.)"""
    if table.kind == "rocket":
        return False
    if hand[BLACK_JOKER] and hand[RED_JOKER]:
        return True
    if any(hand[r] == 4 and (table.kind != "bomb" or r > table.main) for r in range(RANK_COUNT)):
        return True
    kind, main = table.kind, table.main
    if kind == "bomb":
        return False
    if kind in ("solo", "pair", "trio"):
        need = {"solo": 1, "pair": 2, "trio": 3}[kind]
        return any(hand[r] >= need for r in range(main + 1, 15))
    if kind in ("trio_solo", "trio_pair"):
        for r in range(main + 1, RANK_COUNT):
            if hand[r] >= 3:
                rest = [hand[s] for s in range(15) if s != r]
                if kind == "trio_solo" and sum(rest) >= 1:
                    return True
                if kind == "trio_pair" and max(rest) >= 2:
                    return True
        return False
    if kind in ("straight", "pair_run", "airplane"):
        width = {"straight": 1, "pair_run": 2, "airplane": 3}[kind]
        k = table.chain
        for top in range(main + 1, 12):
            if top - k + 1 >= 0 and all(hand[i] >= width for i in range(top - k + 1, top + 1)):
                return True
        return False
    return any(combo_beats(p, table) for p in all_combos(tuple(hand), ruleset))


def _beat_split_exact(
    unseen: Counts15,
    known: tuple[Counts15, Counts15],
    n_a: int,
    table: Combo,
    ruleset: str,
) -> tuple[Fraction, Fraction, Fraction]:
    hits = [0, 0, 0]
    total = 0
    ranks = [r for r in range(15) if unseen[r]]

    def walk(i: int, given: int, xs: list[int], ways: int) -> None:
        nonlocal total
        if i == len(ranks):
            if given != n_a:
                return
            a = list(known[0])
            b = list(known[1])
            for r, x in zip(ranks, xs, strict=True):
                a[r] += x
                b[r] += unseen[r] - x
            wa, wb = can_beat(tuple(a), table, ruleset), can_beat(tuple(b), table, ruleset)
            total += ways
            hits[0] += ways * wa
            hits[1] += ways * wb
            hits[2] += ways * (wa or wb)
            return
        r = ranks[i]
        left = sum(unseen[s] for s in ranks[i:])
        for x in range(unseen[r] + 1):
            if given + x > n_a or given + x + left - unseen[r] < n_a:
                continue
            walk(i + 1, given + x, [*xs, x], ways * math.comb(unseen[r], x))

    walk(0, 0, [], 1)
    return Fraction(hits[0], total), Fraction(hits[1], total), Fraction(hits[2], total)


def rank_patterns(unseen: Counts15, n_a: int) -> int:
    """How many different rank patterns hand A can get (what exact enumeration must visit)."""
    poly = [1]
    for u in unseen:
        if not u:
            continue
        out = [0] * (len(poly) + u)
        for i, a in enumerate(poly):
            for x in range(u + 1):
                out[i + x] += a
        poly = out
    return poly[n_a] if n_a < len(poly) else 0


EXACT_LIMIT = 6_000
"""Enumerate the split exactly when hand A has at most this many rank patterns."""


def counting_odds(
    view: DouDizhuView,
    table: Combo | None = None,
    *,
    trials: int = 400,
    seed: int | str = 0,
    exact_limit: int = EXACT_LIMIT,
) -> CountingOdds:
    """Card counting for ``view.seat``: P(the other two hold a bomb or the rocket) (exact), and
    P(they can beat ``table``) (default: the combination on the table; exact when the split has
    at most ``exact_limit`` rank patterns, else a seeded estimate from ``trials`` splits)."""
    unseen, known, sizes = unseen_counts(view)
    seat = view.seat
    assert seat is not None  # unseen_counts refuses the teacher's view
    others = ((seat + 1) % SEATS, (seat + 2) % SEATS)
    n_a = sizes[0] - sum(known[0])
    n_b = sizes[1] - sum(known[1])
    bomb_a, bomb_b, bomb_any, splits = _bomb_split_odds_with_spare(unseen, known, sizes)
    table = table if table is not None else view.table
    beat: tuple[float, float, float] | None = None
    beat_exact = None
    used_trials = 0
    ruleset = view.ruleset
    if table is not None:
        # before bidding ends three unseen cards are the face-down bottom: then sample
        if sum(unseen) == n_a + n_b and rank_patterns(unseen, n_a) <= exact_limit:
            beat_exact = _beat_split_exact(unseen, known, n_a, table, ruleset)
            a_beats, b_beats, either_beats = beat_exact
            beat = (float(a_beats), float(b_beats), float(either_beats))
        else:
            beat = _beat_split_sampled(unseen, known, sizes, table, ruleset, trials, seed)
            used_trials = trials
    return CountingOdds(
        seat,
        others,
        sizes,
        unseen,
        known,
        (bomb_a, bomb_b, bomb_any),
        beat,
        beat_exact,
        used_trials,
        splits,
        table,
    )


def _bomb_split_odds_with_spare(
    unseen: Counts15, known: tuple[Counts15, Counts15], sizes: tuple[int, int]
) -> tuple[Fraction, Fraction, Fraction, int]:
    """As `_bomb_split_odds`, also before bidding ends, when three unseen cards are the
    face-down bottom (they belong to neither hand): B's share is then not all the rest."""
    n_a = sizes[0] - sum(known[0])
    n_b = sizes[1] - sum(known[1])
    spare = sum(unseen) - n_a - n_b
    if spare == 0:
        return _bomb_split_odds(unseen, known, n_a)
    # three-way split: enumerate the spare cards' ranks (at most C(..,3) patterns), weight them
    hits = [Fraction(0)] * 3
    total = 0
    ranks = [r for r in range(15) if unseen[r]]

    def spares(
        i: int, left: int, chosen: dict[int, int], ways: int
    ) -> Iterator[tuple[dict[int, int], int]]:
        if left == 0:
            yield chosen, ways
            return
        if i == len(ranks):
            return
        r = ranks[i]
        for x in range(min(unseen[r], left), -1, -1):
            yield from spares(
                i + 1, left - x, {**chosen, r: x} if x else chosen, ways * math.comb(unseen[r], x)
            )

    for chosen, ways in spares(0, spare, {}, 1):
        rest = tuple(u - chosen.get(r, 0) for r, u in enumerate(unseen))
        a, b, both, n = _bomb_split_odds(rest, known, n_a)
        for i, p in enumerate((a, b, both)):
            hits[i] += p * ways * n
        total += ways * n
    return hits[0] / total, hits[1] / total, hits[2] / total, total


def _beat_split_sampled(
    unseen: Counts15,
    known: tuple[Counts15, Counts15],
    sizes: tuple[int, int],
    table: Combo,
    ruleset: str,
    trials: int,
    seed: int | str,
) -> tuple[float, float, float]:
    pool = [r for r, n in enumerate(unseen) for _ in range(n)]
    n_a = sizes[0] - sum(known[0])
    n_b = sizes[1] - sum(known[1])
    rng = random.Random(f"doudizhu-beat:{seed}")
    hits = [0, 0, 0]
    for _ in range(trials):
        rng.shuffle(pool)
        a, b = list(known[0]), list(known[1])
        for r in pool[:n_a]:
            a[r] += 1
        for r in pool[n_a : n_a + n_b]:
            b[r] += 1
        wa, wb = can_beat(tuple(a), table, ruleset), can_beat(tuple(b), table, ruleset)
        hits[0] += wa
        hits[1] += wb
        hits[2] += wa or wb
    return hits[0] / trials, hits[1] / trials, hits[2] / trials


# -- how many plays a full deck allows -----------------------------------------------------------
@dataclass(frozen=True)
class PlayCounts:
    """Distinct legal plays (rank patterns and readings) of a full deck, by type."""

    ruleset: str
    by_kind: dict[str, int]

    @property
    def total(self) -> int:
        return sum(self.by_kind.values())


@stored
def play_counts(ruleset: str = "cardavia") -> PlayCounts:
    """Count `legal_plays` over the whole 54-card deck (leading, so no pass), by type.  Stored
    for both rulesets (`cardlab.core.stored`): 0.4 s each."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; rulesets: {', '.join(RULESETS)}")
    leads = legal_plays(STANDARD54.cards(), None, ruleset)  # no pass: nothing to beat
    kinds = Counter(c.kind for c in leads if isinstance(c, Combo))
    return PlayCounts(ruleset, {k: kinds.get(k, 0) for k in KIND_NAMES})


def _coefficient(factors: Sequence[Sequence[int]], k: int) -> int:
    poly = [1]
    for factor in factors:
        out = [0] * (len(poly) + len(factor) - 1)
        for i, a in enumerate(poly):
            for j, b in enumerate(factor):
                out[i + j] += a * b
        poly = out
    return poly[k] if k < len(poly) else 0


def single_wings(k: int, ruleset: str = "cardavia") -> int:
    """Ways to choose the k single wings of a k-trio airplane: [x^k] of (1+x+x^2)^(13-k)
    (cardavia: up to two of each of the 13-k other ranks, 2 included) or (1+x)^(13-k) (pagat),
    times (1+2x) for the jokers (at most one of them)."""
    most = 2 if ruleset == "cardavia" else 1
    return _coefficient([[1] * (most + 1)] * (RANK_COUNT - k) + [[1, 2]], k)


def wing_rows() -> list[tuple[int, int, int, int, int, int]]:
    """Airplane + single wings by length k: (k, cores, wings cardavia, wings pagat, plays
    cardavia, plays pagat).  A core of k consecutive trios from 3..A can start in 13-k places."""
    rows = []
    for k in range(2, 6):  # 4k cards <= 20
        cores = 12 - k + 1
        wc, wp = single_wings(k, "cardavia"), single_wings(k, "pagat")
        rows.append((k, cores, wc, wp, cores * wc, cores * wp))
    return rows


def four_two_singles(ruleset: str = "cardavia") -> int:
    """Four + two singles: 13 fours x the wing pairs (C(14,2) - 1 for both jokers, + 12 pairs
    of one rank under cardavia)."""
    pairs = math.comb(14, 2) - 1 + (RANK_COUNT - 1 if ruleset == "cardavia" else 0)
    return RANK_COUNT * pairs


__all__ = [
    "EXACT_LIMIT",
    "CountingOdds",
    "HandOdds",
    "PlayCounts",
    "TableOdds",
    "can_beat",
    "count_hands_without_bomb",
    "counting_odds",
    "four_two_singles",
    "hand_odds",
    "play_counts",
    "rank_patterns",
    "simulate_table",
    "single_wings",
    "table_odds",
    "unseen_counts",
    "wing_rows",
]
