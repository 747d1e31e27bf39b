"""The review of a Triangle round (`cardlab.core.review`): the claim and the statement, both
valued exactly in points of score difference, by the lesson's own count (`odds`).

* **A statement** is worth its net value as the lesson counts it (`statement_odds`): its points
  times the chance it is true, less the 3 points each opponent gets when it is false; the chance
  is the share of the cards the speaker has not seen this turn that make it true.
* **The claim** is worth the chance to speak times the best statement's net value once the
  speaker has peeked at the Right to Speak, counted together over every way the cards the seat
  has not seen may lie: its own card (which the others see, so it shapes their claims), the Right
  to Speak, and the cards the others remember that the seat never saw (its own card in a void
  round, a Right to Speak a bot peeked at).  Every unseen card is equally likely anywhere the
  seat has not looked, as the lesson says.  A reasoning opponent claims when its best statement,
  by the same count from its own seat, is worth more than its threshold (any other bot, one time
  in two); a grab by two or three is void with probability ``tie_void``, else each claimer speaks
  alike.  Not claiming is worth 0: the seat says nothing.  What the others' statements would do
  to the seat's score is left out, as the lesson leaves it out.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from cardlab.core.bots import Bot, Decision
from cardlab.core.engine import Action, seat_name
from cardlab.core.i18n import Message, gain, joined, msg, msgn, num, pct
from cardlab.core.odds import format_fraction
from cardlab.core.review import Estimate
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.odds import best_for, peers, statement_odds, unseen_ranks
from cardlab.games.triangle.rules import PENALTY, PLAYERS, POINTS, RANKS, VALUES

POINTS_UNIT = msg("points")
SWING = float(max(POINTS.values()) + PENALTY)
"""What one round's statement may move the score difference by, at most: a true "I am a ..."
(8) against a false statement's 3 to each opponent: the stake of every decision of a round."""

Counts = tuple[int, ...]
"""Cards by rank (A..6): how many of each."""

FULL: Counts = (4,) * len(RANKS)


@dataclass(frozen=True)
class Rival:
    """How the review expects another seat to claim: a reasoning player's ``threshold`` and
    memory, or (``threshold`` None) a player who claims one time in two."""

    seat: int
    threshold: float | None = None
    remember: bool = True

    @classmethod
    def of(cls, seat: int, bot: Bot) -> Rival:
        """The table's bot in ``seat`` as the review models it."""
        if isinstance(bot, ReasoningBot):
            return cls(seat, bot.threshold, bot.remember)
        return cls(seat)

    @property
    def rule(self) -> Message:
        """The rival's claims in words, for the method."""
        player = seat_name(self.seat)
        if self.threshold is None:
            return msg("{player} claims one time in two", player=player)
        threshold = num(self.threshold, 2)
        if self.remember:
            return msg(
                "{player} claims when their best statement is worth more than {threshold} net",
                player=player,
                threshold=threshold,
            )
        return msg(
            "{player} claims when their best statement, counted on the cards in view only, is "
            "worth more than {threshold} net",
            player=player,
            threshold=threshold,
        )


def rivals(bots: Mapping[int, Bot]) -> tuple[Rival, ...]:
    """The table's bots as the review models their claims."""
    return tuple(Rival.of(seat, bot) for seat, bot in sorted(bots.items()))


@dataclass(frozen=True)
class ClaimValue:
    """What grabbing the Right to Speak is worth: ``value`` points of score difference, the
    seat speaking with probability ``speak``, over ``unseen`` cards it had not seen."""

    value: float
    speak: float
    unseen: int


@dataclass(frozen=True)
class TriangleReviewer:
    """The review of a Triangle seat: ``bot`` is the table's AI in the learner's place (the
    Hint's), ``rivals`` the other seats' claims as modelled, ``tie_void`` the rules' chance that
    a contested grab is void."""

    bot: Bot
    rivals: tuple[Rival, ...]
    tie_void: Fraction

    def ai(self, view: TriangleView, legal: Sequence[Action]) -> Decision:
        return self.bot.choose(view, legal)

    def where(self, view: TriangleView) -> Message:
        where = {"turn": view.turn + 1, "round": view.round_in_turn + 1}
        if view.phase == "claim":
            return msg("turn {turn}, round {round} of 6: whether to claim", **where)
        return msg("turn {turn}, round {round} of 6: your statement", **where)

    def same(self, view: TriangleView, first: Action, second: Action) -> bool:
        return first == second

    def values(
        self, view: TriangleView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        if view.phase == "claim":
            return self._claims(view, moves)
        return self._statements(view, moves)

    # -- the statement: its net value --------------------------------------------------------
    def _statements(self, view: TriangleView, moves: Sequence[Action]) -> tuple[Estimate, ...]:
        odds = {f"state {o.statement.code}": o for o in statement_odds(view)}
        out = []
        for move in moves:
            found = odds[str(move)]
            method = msgn(
                "exact: its points times the chance it is true, less {penalty} to each opponent "
                "times the chance it is false; the chance counted over the {count} card you had "
                "not seen this turn ({favourable} make it true)",
                "exact: its points times the chance it is true, less {penalty} to each opponent "
                "times the chance it is false; the chance counted over the {count} cards you had "
                "not seen this turn ({favourable} make it true)",
                found.unseen,
                penalty=PENALTY,
                favourable=found.favourable,
            )
            shown = msg("{value} points", value=gain(found.net, 2))
            out.append(Estimate(float(found.net), shown, POINTS_UNIT, method, stake=SWING))
        return tuple(out)

    # -- the claim: the chance to speak times what speaking is worth -------------------------
    def _claims(self, view: TriangleView, moves: Sequence[Action]) -> tuple[Estimate, ...]:
        found = claim_value(view, self.rivals, self.tie_void)
        method = msgn(
            "exact, over every way the {count} card you had not seen may lie (your own card, "
            "which the others see; the Right to Speak; the cards they remember that you never "
            "saw): the chance you speak times the best statement's net value once you peek at "
            "the Right to Speak. {rules}; a grab by two or three is void with probability "
            "{void}, else each claimer speaks alike. Not claiming is worth 0 (what the others "
            "would say is left out)",
            "exact, over every way the {count} cards you had not seen may lie (your own card, "
            "which the others see; the Right to Speak; the cards they remember that you never "
            "saw): the chance you speak times the best statement's net value once you peek at "
            "the Right to Speak. {rules}; a grab by two or three is void with probability "
            "{void}, else each claimer speaks alike. Not claiming is worth 0 (what the others "
            "would say is left out)",
            found.unseen,
            rules=joined(r.rule for r in self.rivals),
            void=format_fraction(self.tie_void),
        )
        out = []
        for move in moves:
            if move == "claim":
                value = found.value
                shown = msg(
                    "{value} points: you would speak {speak} of the time",
                    value=gain(value, 2),
                    speak=pct(found.speak),
                )
            else:
                value = 0.0
                shown = msg("{value} points: you say nothing", value=gain(value, 2))
            out.append(Estimate(value, shown, POINTS_UNIT, method, stake=SWING))
        return tuple(out)


def claim_value(view: TriangleView, rivals: Sequence[Rival], tie_void: Fraction) -> ClaimValue:
    """What claiming is worth to the seat of ``view`` (in the claim phase), counted exactly.

    The cards the seat has not seen are drawn, as multisets of ranks with their hypergeometric
    chances, into the places whose ranks matter: its own card, its cards of this turn's void
    rounds (both others saw them) and each rival's Rights to Speak of this turn; each rival's
    claim follows from what it then remembers.  The Right to Speak is any card left, each alike,
    so the best statement's net once the seat peeks at it is, on average, a sum over what is
    left: no loop over it.
    """
    seat = view.seat
    if seat is None or len(rivals) != PLAYERS - 1:
        raise ValueError("a claim is valued for a player's view against two rivals")
    a, b = peers(view)
    left = unseen_ranks(view)
    pool = tuple(left[rank] for rank in RANKS)
    total = sum(pool)
    # the best statement's net once the Right to Speak, of each value, is seen
    worth = tuple(
        float(best_for(a, b, _less(pool, _one(v))).net) if pool[v - 1] else 0.0
        for v in range(1, len(RANKS) + 1)
    )
    whole = _dot(pool, worth)
    voids, spoke = _hidden(view)
    first, second = (_Claims.of(r, view) for r in rivals)
    contested = 1 - float(tie_void)  # the chance a grab by two or three is not void
    value = speak = 0.0
    for own, p_own in _draws(pool, 1):
        after_own = _less(pool, own)
        for void, p_void in _draws(after_own, voids):
            after_void = _less(after_own, void)
            known = _plus(own, void)
            for peeked, p_first in _draws(after_void, spoke[first.rival.seat]):
                after_first = _less(after_void, peeked)
                claims_first = first.chance(own, _plus(known, peeked))
                for other, p_second in _draws(after_first, spoke[second.rival.seat]):
                    claims_second = second.chance(own, _plus(known, other))
                    both = claims_first * claims_second
                    one = claims_first + claims_second - 2 * both
                    # alone the seat speaks; else, the grab not void, one claimer in 2 or 3
                    chance = 1 - one - both + contested * (one / 2 + both / 3)
                    gone = _plus(_plus(known, peeked), other)
                    left_worth = (whole - _dot(gone, worth)) / (total - sum(gone))
                    weight = p_own * p_void * p_first * p_second * chance
                    value += weight * left_worth
                    speak += weight
    return ClaimValue(value, speak, total)


@dataclass(frozen=True)
class _Claims:
    """A rival's claim as the seat's cards decide it: ``seen`` the cards of this turn it saw
    that the seat saw too (the seat's own card and the hidden ones come per case), ``peer`` the
    value of the card it sees besides the seat's, ``before`` whether that card's seat comes
    first."""

    rival: Rival
    seen: Counts
    peer: int
    before: bool

    @classmethod
    def of(cls, rival: Rival, view: TriangleView) -> _Claims:
        me, them = view.seat, rival.seat
        third = next(s for s in range(PLAYERS) if s not in (me, them))
        card = view.cards[third]
        assert card is not None and me is not None
        seen = [card]
        for record in view.history if rival.remember else ():
            if record.this_turn:  # a scored round showed all three; a void one, the others'
                scored = record.speaker is not None
                seen += [c for c in (record.cards if scored else (record.cards[third],)) if c]
        counts = tuple(sum(1 for c in seen if c.rank == rank) for rank in RANKS)
        return cls(rival, counts, VALUES[card.rank], third < me)

    def chance(self, own: Counts, hidden: Counts) -> float:
        """The chance this rival claims when the seat's own card is ``own`` and the cards it
        remembers unseen by the seat are ``hidden`` (``own`` among them)."""
        threshold = self.rival.threshold
        if threshold is None:
            return 0.5
        mine = _value(own)
        a, b = (self.peer, mine) if self.before else (mine, self.peer)
        unseen = _less(_less(FULL, self.seen), hidden if self.rival.remember else own)
        return 1.0 if best_for(a, b, unseen).net > threshold else 0.0


def _hidden(view: TriangleView) -> tuple[int, dict[int, int]]:
    """The seat's cards of this turn's void rounds (it never saw them, both others did), and
    how many Rights to Speak each other seat peeked at this turn (only that seat saw them)."""
    voids = 0
    spoke = dict.fromkeys(range(PLAYERS), 0)
    for record in view.history:
        if not record.this_turn:
            continue
        if record.speaker is None:
            voids += 1
        elif record.speaker != view.seat:
            spoke[record.speaker] += 1
    return voids, spoke


def _draws(pool: Counts, size: int) -> Iterator[tuple[Counts, float]]:
    """Every multiset of ``size`` cards dealt from ``pool`` (by rank), with its chance."""
    ways = math.comb(sum(pool), size)
    for drawn in _multisets(pool, size):
        yield drawn, math.prod(math.comb(p, d) for p, d in zip(pool, drawn, strict=True)) / ways


def _multisets(pool: Counts, size: int) -> Iterator[Counts]:
    if len(pool) == 1:
        if size <= pool[0]:
            yield (size,)
        return
    for first in range(min(size, pool[0]) + 1):
        for rest in _multisets(pool[1:], size - first):
            yield (first, *rest)


def _one(value: int) -> Counts:
    return tuple(int(v == value) for v in range(1, len(RANKS) + 1))


def _value(one: Counts) -> int:
    """The value of the single card counted in ``one``."""
    return one.index(1) + 1


def _less(pool: Counts, gone: Counts) -> Counts:
    return tuple(p - g for p, g in zip(pool, gone, strict=True))


def _plus(first: Counts, second: Counts) -> Counts:
    return tuple(p + g for p, g in zip(first, second, strict=True))


def _dot(counts: Counts, worth: Sequence[float]) -> float:
    return sum(n * w for n, w in zip(counts, worth, strict=True))
