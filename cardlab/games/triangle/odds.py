"""What a player can work out about their own card, and what each statement is worth.

Your own card is equally likely to be any card you have not seen this turn (by symmetry: the
unseen cards are shuffled among your card, the Right to Speak and the stock).  So the posterior is
a count: for each rank, how many of its four cards you have not seen, over how many cards you
have not seen.  Every figure here is an exact `Fraction` from that count.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.rules import PENALTY, RANKS, STATEMENTS, VALUES, Statement


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
    def counting(self) -> str:
        """The counting argument in words, e.g. "15 of the 21 cards you have not seen"."""
        p = self.p_true
        return (
            f"{self.favourable} of the {self.unseen} cards you have not seen make it true: "
            f"P = {self.favourable}/{self.unseen}"
            + (f" = {p}" if f"{p}" != f"{self.favourable}/{self.unseen}" else "")
        )


def unseen_ranks(view: TriangleView) -> Counter[str]:
    """How many cards of each rank the viewer has not seen this turn."""
    counts = Counter({rank: 4 for rank in RANKS})
    counts.subtract(card.rank for card in view.known)
    return +counts


def peers(view: TriangleView) -> tuple[int, int]:
    """The values of the two cards the viewer can see this round."""
    if view.seat is None:
        raise ValueError("odds are for a player's view: the teacher sees every card")
    shown = [c for s, c in enumerate(view.cards) if s != view.seat]
    if any(c is None for c in shown):
        raise ValueError("the cards are not lifted yet: odds need the two other players' cards")
    return VALUES[shown[0].rank], VALUES[shown[1].rank]  # type: ignore[union-attr]


def posterior(view: TriangleView) -> dict[str, Fraction]:
    """P(my card has each rank | everything I have seen this turn)."""
    counts = unseen_ranks(view)
    total = sum(counts.values())
    return {rank: Fraction(counts[rank], total) for rank in RANKS}


def statement_odds(view: TriangleView) -> tuple[StatementOdds, ...]:
    """Every statement's probability, expected points for the speaker and for each opponent,
    and net value, for the player whose ``view`` this is (in `STATEMENTS` order)."""
    a, b = peers(view)
    counts = unseen_ranks(view)
    total = sum(counts.values())
    out = []
    for statement in STATEMENTS:
        favourable = sum(n for rank, n in counts.items() if statement.holds(VALUES[rank], a, b))
        p = Fraction(favourable, total)
        gain = statement.points * p
        given = PENALTY * (1 - p)
        out.append(StatementOdds(statement, p, gain, given, gain - given, favourable, total))
    return tuple(out)


def best_statement(view: TriangleView) -> StatementOdds:
    """The statement with the highest net value (ties: the one worth more points, then first)."""
    return max(statement_odds(view), key=lambda o: (o.net, o.statement.points))
