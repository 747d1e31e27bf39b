"""What a player can work out about their own card, and what each statement is worth.

Your own card is equally likely to be any card you have not seen this turn (by symmetry: the
unseen cards are shuffled among your card, the Right to Speak and the stock).  So the posterior is
a count: for each rank, how many of its four cards you have not seen, over how many cards you
have not seen.  Every figure here is an exact `Fraction` from that count.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement

from cardlab.core.i18n import Message, Seat, msg, msgn, num
from cardlab.core.odds import Estimate
from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.rules import (
    PENALTY,
    RANKS,
    ROUNDS_PER_TURN,
    STATEMENTS,
    VALUES,
    Statement,
)


@dataclass(frozen=True)
class StatementOdds:
    """A statement's chances for the speaker: true with ``p_true``; ``gain`` is the speaker's
    expected points, ``given`` what each opponent expects to receive, ``net = gain - given``."""

    statement: Statement
    p_true: Fraction
    gain: Fraction
    given: Fraction
    net: Fraction
    favourable: int
    unseen: int

    @property
    def counting(self) -> Message:
        """The counting argument in words, e.g. "15 of the 21 cards you have not seen"."""
        p = self.p_true
        if f"{p}" == f"{self.favourable}/{self.unseen}":
            return msgn(
                "{favourable} of the {count} card you have not seen make it true: "
                "P = {favourable}/{count}",
                "{favourable} of the {count} cards you have not seen make it true: "
                "P = {favourable}/{count}",
                self.unseen,
                favourable=self.favourable,
            )
        return msgn(
            "{favourable} of the {count} card you have not seen make it true: "
            "P = {favourable}/{count} = {p}",
            "{favourable} of the {count} cards you have not seen make it true: "
            "P = {favourable}/{count} = {p}",
            self.unseen,
            favourable=self.favourable,
            p=str(p),
        )


@dataclass(frozen=True)
class Signed:
    """A net value with its sign and two decimals (``+0.14``, ``-1.50``), written with the
    language's decimal sign."""

    value: float

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        shown = f"{self.value:+.2f}"
        return shown[0] + num(float(shown[1:]), 2).text(seat, lang)

    def __str__(self) -> str:
        return self.text()


def signed(x: float | Fraction) -> Signed:
    """``x`` (a Fraction or a float) as a signed net value: ``+0.14`` (``+0,14`` in Russian)."""
    return Signed(float(x))


def unseen_ranks(view: TriangleView, remember: bool = True) -> Counter[str]:
    """How many cards of each rank the viewer has not seen this turn.

    ``remember=False`` counts only the cards in view now (the peers' cards, and the RtS for the
    speaker): a player who forgets the earlier rounds of the turn.
    """
    counts = Counter({rank: 4 for rank in RANKS})
    seen = view.known if remember else [c for c in (*view.cards, view.rts) if c is not None]
    counts.subtract(card.rank for card in seen)
    return +counts


def peers(view: TriangleView) -> tuple[int, int]:
    """The values of the two cards the viewer can see this round."""
    if view.seat is None:
        raise ValueError(msg("odds are for a player's view: the teacher sees every card"))
    shown = [c for s, c in enumerate(view.cards) if s != view.seat and c is not None]
    if len(shown) < 2:
        raise ValueError(
            msg("the cards are not lifted yet: odds need the two other players' cards")
        )
    return VALUES[shown[0].rank], VALUES[shown[1].rank]


def posterior(view: TriangleView, remember: bool = True) -> dict[str, Fraction]:
    """P(my card has each rank | everything I have seen this turn)."""
    counts = unseen_ranks(view, remember)
    total = sum(counts.values())
    return {rank: Fraction(counts[rank], total) for rank in RANKS}


def statement_odds(view: TriangleView, remember: bool = True) -> tuple[StatementOdds, ...]:
    """Every statement's probability, expected points for the speaker and for each opponent,
    and net value, for the player whose ``view`` this is (in `STATEMENTS` order).

    ``remember=False``: the odds of a player who ignores the earlier rounds of the turn.
    """
    return odds_for(*peers(view), _counts(view, remember))


def best_statement(view: TriangleView, remember: bool = True) -> StatementOdds:
    """The statement with the highest net value (ties: the one worth more points, then first)."""
    return best_for(*peers(view), _counts(view, remember))


def _counts(view: TriangleView, remember: bool) -> tuple[int, ...]:
    counts = unseen_ranks(view, remember)
    return tuple(counts[rank] for rank in RANKS)


def odds_for(a: int, b: int, unseen: tuple[int, ...]) -> tuple[StatementOdds, ...]:
    """`statement_odds` from the peers' values ``a``, ``b`` and the unseen count of each rank
    (A..6)."""
    favourable, total = _favourable(a, b, unseen)
    return tuple(_odds(s, f, total) for s, f in zip(STATEMENTS, favourable, strict=True))


# 4,096 entries of about 0.5 KB (the statement's Fractions): 2 MiB when full.  At the table every
# repeat is within a few rounds (4,096 hits as often as no bound, 20% over 100 games); over 1,200
# bot games the hit rate is 43% against 59% unbounded, and the misses are cheap (no timing
# difference showed).  8,192 entries grew a kernel 8.5 MiB over 500 games, with _favourable.
@lru_cache(maxsize=4096)
def best_for(a: int, b: int, unseen: tuple[int, ...]) -> StatementOdds:
    """`best_statement` from values and unseen counts (see `odds_for`).  Cached, like the
    counts below: bots and simulations meet the same situations again and again, and building
    every statement's Fractions was most of a bot's time."""
    favourable, total = _favourable(a, b, unseen)
    i = _best_index(favourable, total)
    return _odds(STATEMENTS[i], favourable[i], total)


# 4,096 entries of about 0.45 KB: under 2 MiB.  Only `odds_for` repeats these (the table's odds
# panel, within a round); `best_for` asks on its own misses only, so a bigger cache never hits.
@lru_cache(maxsize=4096)
def _favourable(a: int, b: int, unseen: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    """How many unseen cards make each statement true, and how many cards are unseen."""
    total = sum(unseen)
    favourable = tuple(
        sum(n for x, n in enumerate(unseen, start=1) if s.holds(x, a, b)) for s in STATEMENTS
    )
    return favourable, total


def _scaled_net(statement: Statement, favourable: int, total: int) -> int:
    """The net value times the number of unseen cards: a whole number, cheap to compare."""
    return statement.points * favourable - PENALTY * (total - favourable)


def _best_index(favourable: tuple[int, ...], total: int) -> int:
    """The best statement by net value (ties: more points, then the first)."""
    return max(
        range(len(STATEMENTS)),
        key=lambda i: (_scaled_net(STATEMENTS[i], favourable[i], total), STATEMENTS[i].points),
    )


def _odds(statement: Statement, favourable: int, total: int) -> StatementOdds:
    return StatementOdds(
        statement,
        Fraction(favourable, total),
        Fraction(statement.points * favourable, total),
        Fraction(PENALTY * (total - favourable), total),
        Fraction(_scaled_net(statement, favourable, total), total),
        favourable,
        total,
    )


# -- the lesson's figures: the first round exactly, the whole turn by simulation ---------------

_FULL = (4,) * len(RANKS)


def _without(unseen: tuple[int, ...], *values: int) -> tuple[int, ...]:
    """The unseen counts after seeing cards of these values."""
    out = list(unseen)
    for v in values:
        out[v - 1] -= 1
    return tuple(out)


@dataclass(frozen=True)
class FirstRoundRow:
    """One first-round situation: the peers show ``peers`` (ranks, low first), which happens with
    ``probability``.  ``best`` is the best statement at claim time (the RtS unseen, 22 cards
    unknown); ``after_rts`` is what the best statement is worth on average once the speaker has
    looked at the RtS (21 unknown), i.e. the value of grabbing in this situation."""

    peers: tuple[str, str]
    probability: Fraction
    best: StatementOdds
    s1_free: bool
    after_rts: Fraction


@dataclass(frozen=True)
class FirstRoundTable:
    """Every first-round situation and the averages over them (all exact).

    ``mean_best_net``: the best statement's net value at claim time, averaged over situations;
    ``mean_best_net_after_rts``: the same once the speaker has seen the RtS; ``p_worth_claiming``:
    how often the best statement is worth more than 0 at claim time; ``mean_claim_value``: the
    average of max(best net, 0) at claim time, what a player who grabs only when its best
    statement is worth more than 0 expects per round (judged before seeing the RtS)."""

    rows: tuple[FirstRoundRow, ...]
    p_s1_certain: Fraction
    p_worth_claiming: Fraction
    mean_best_net: Fraction
    mean_best_net_after_rts: Fraction
    mean_claim_value: Fraction


def first_round_table() -> FirstRoundTable:
    """Enumerate the first round of a turn: every pair of peer ranks, and every RtS after it.

    Why exact: in the first round nothing has been shown yet, so there are only 21 situations
    (6 pairs of equal ranks with C(4,2) = 6 hands each, 15 of different ranks with 4 x 4 = 16),
    out of C(24,2) = 276 hands.
    """
    hands = math.comb(24, 2)
    rows = []
    for a, b in combinations_with_replacement(range(1, 7), 2):
        ways = math.comb(4, 2) if a == b else 16
        unseen = _without(_FULL, a, b)
        total = sum(unseen)
        after = (
            sum(
                (n * best_for(a, b, _without(unseen, rts)).net for rts, n in enumerate(unseen, 1)),
                Fraction(0),
            )
            / total
        )
        rows.append(
            FirstRoundRow(
                (RANKS[a - 1], RANKS[b - 1]),
                Fraction(ways, hands),
                best_for(a, b, unseen),
                a % 2 == b % 2,
                after,
            )
        )

    def mean(f: Callable[[FirstRoundRow], Fraction | bool]) -> Fraction:
        return sum((r.probability * f(r) for r in rows), Fraction(0))

    return FirstRoundTable(
        rows=tuple(rows),
        p_s1_certain=mean(lambda r: r.s1_free),
        p_worth_claiming=mean(lambda r: r.best.net > 0),
        mean_best_net=mean(lambda r: r.best.net),
        mean_best_net_after_rts=mean(lambda r: r.after_rts),
        mean_claim_value=mean(lambda r: max(r.best.net, Fraction(0))),
    )


@dataclass(frozen=True)
class RoundValue:
    """Round ``number`` (1-6) of a turn, at claim time, for one kind of player.

    ``believed``: the net value the player itself computes for its best statement;
    ``actual``: that statement's true expected net value (the posterior of a player who remembers
    everything shown, exact for a fair shuffle); ``claim``: ``actual`` when the player believes the
    claim is worth more than 0 and grabs, else 0."""

    number: int
    believed: Estimate
    actual: Estimate
    claim: Estimate


def _estimate(xs: list[float], seed: int | str) -> Estimate:
    n = len(xs)
    mean = sum(xs) / n
    var = sum((x - mean) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return Estimate(mean, math.sqrt(var / n), n, seed)


def value_by_round(turns: int, seed: int, remember: bool) -> tuple[RoundValue, ...]:
    """Simulate ``turns`` seeded turns and measure the best claim in each of the 6 rounds.

    Simplified information (the lesson's model): every round is scored, so the player has seen
    all three player cards of earlier rounds, plus the two peers now; it never sees an RtS.
    The same seed deals the same turns whatever ``remember`` is, so the two players are compared
    on identical cards.
    """
    if turns < 2:
        raise ValueError("value_by_round needs at least 2 turns for a standard error")
    rng = random.Random(seed)
    deck = [v for v in range(1, 7) for _ in range(4)]
    believed: list[list[float]] = [[] for _ in range(ROUNDS_PER_TURN)]
    actual: list[list[float]] = [[] for _ in range(ROUNDS_PER_TURN)]
    claim: list[list[float]] = [[] for _ in range(ROUNDS_PER_TURN)]
    for _ in range(turns):
        rng.shuffle(deck)
        shown = _FULL
        for r in range(ROUNDS_PER_TURN):
            own, a, b = deck[4 * r : 4 * r + 3]
            truth, total = _favourable(a, b, _without(shown, a, b))
            mine, my_total = _favourable(a, b, _without(shown if remember else _FULL, a, b))
            pick = STATEMENTS[i := _best_index(mine, my_total)]
            value = _scaled_net(pick, truth[i], total) / total
            believed[r].append(_scaled_net(pick, mine[i], my_total) / my_total)
            actual[r].append(value)
            claim[r].append(value if believed[r][-1] > 0 else 0.0)
            shown = _without(shown, own, a, b)
    return tuple(
        RoundValue(
            r + 1,
            _estimate(believed[r], seed),
            _estimate(actual[r], seed),
            _estimate(claim[r], seed),
        )
        for r in range(ROUNDS_PER_TURN)
    )
