"""Three Thirteen odds: the draw/discard advisor, exact round-1 probabilities, a round-by-round
simulation (spec section 7).

* `advise` -- for a hand just after the draw (n + 1 cards): the deadwood each discard leaves now,
  and for each the exact chance that the next stock card lets the player go out, counting only
  the cards not known to be gone (the hand, the discard pile, cards others are known to hold).
* `round_one_odds` -- exact fractions for round 1 (3 cards, threes wild): a dealt hand already
  melds; a player can go out after drawing one stock card; the first player can go out with the
  better of the turned-up card and the stock card.  One deck (2 players) or two (3-4 players).
* `simulate_rounds` -- a seeded simulation of dealt hands, round by round: the mean minimum
  deadwood and the chance the dealt hand is already fully melded.

Every deadwood is the solver's exact minimum (`melds.min_deadwood`).  "After the draw" values are
``keep_value``: the least deadwood of the n cards kept from n + 1.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn, pct
from cardlab.core.stored import stored
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.game import (
    _best,
    best_arrangement,
    go_out_discards,
    meld_options,
)
from cardlab.games.three_thirteen.melds import Arrangement, check_hand, is_meld, penalty_value
from cardlab.games.three_thirteen.rules import (
    DECK,
    RANK_VALUE,
    ROUNDS,
    card_text,
    hand_size,
    sort_cards,
    sort_key,
    wild_rank,
)

_KINDS = tuple(sorted(DECK.cards(), key=sort_key))


def deck_cards(decks: int) -> Counter[Card]:
    """``decks`` standard decks as a multiset."""
    return Counter({card: decks for card in _KINDS})


# -- keeping n of n + 1 cards -----------------------------------------------------------------
# 1,024 entries of about 0.4 KB: under half a MiB.  The advisor and the bots hit as often at this
# size as with no bound (18% and 26% over a whole game: the repeats are within one turn).
@lru_cache(maxsize=1024)
def _keep(
    hand: tuple[Card, ...], wild: str, aces: str, max_wilds: int | None, banned: Card | None
) -> tuple[int, Card]:
    best: tuple[int, int, Card] | None = None
    for card in dict.fromkeys(hand):
        if card == banned:
            continue
        value = _best(remove_one(hand, card), wild, aces, max_wilds).penalty
        key = (value, -penalty_value(card, aces), card)
        if best is None or key[:2] < best[:2]:
            best = key
    assert best is not None
    return best[0], best[2]


def keep_value(
    hand: Iterable[Card],
    wild: str,
    aces: str = "low",
    max_wilds: int | None = None,
    banned: Card | None = None,
) -> tuple[int, Card]:
    """(least deadwood of the cards kept, the card to discard) for an n + 1-card ``hand``;
    ``banned`` may not be discarded (option no_immediate_rediscard).  Exact: tries every discard;
    on a tie the higher-value card goes."""
    return _keep(sort_cards(hand), wild, aces, max_wilds, banned)


def estimate_keep_value(
    hand: Iterable[Card], wild: str, aces: str = "low", max_wilds: int | None = None
) -> int:
    """A fast upper bound on `keep_value` (one solver call): the best arrangement's deadwood less
    its most expensive deadwood card.  Exact whenever that arrangement is the best one to drop a
    card from, which is nearly always; used by the bot, never by the advisor."""
    hand = sort_cards(hand)
    arrangement = _best(hand, wild, aces, max_wilds)
    if arrangement.deadwood:
        return arrangement.penalty - max(penalty_value(c, aces) for c in arrangement.deadwood)
    return _keep(hand, wild, aces, max_wilds, None)[0]


def isolated(card: Card, hand: Iterable[Card], wild: str, aces: str = "low") -> bool:
    """True when ``card`` can be in no meld with any cards of ``hand``: it is not wild, ``hand``
    has at most one wild card, and no natural card of ``hand`` shares its rank or sits within two
    ranks of it in its suit.  Then adding ``card`` only ever adds its penalty (a shortcut)."""
    if card.rank == wild:
        return False
    hand = tuple(hand)
    if sum(c.rank == wild for c in hand) > 1:
        return False
    mine = _positions(card, aces)
    for other in hand:
        if other.rank == wild:
            continue
        if other.rank == card.rank:
            return False
        if other.suit == card.suit and any(
            abs(a - b) <= 2 for a in mine for b in _positions(other, aces)
        ):
            return False
    return True


def _positions(card: Card, aces: str) -> tuple[int, ...]:
    n = RANK_VALUE[card.rank]
    return (1, 14) if n == 1 and aces == "high_or_low" else (n,)


# -- the next stock card ----------------------------------------------------------------------
@dataclass(frozen=True)
class Outlook:
    """What the next stock card does for an n-card hand: ``unseen`` cards it may be,
    ``go_out_cards`` the ones (with their counts) that let the player go out."""

    unseen: int
    go_out_cards: tuple[tuple[Card, int], ...]
    expected_deadwood: float

    @property
    def go_out_count(self) -> int:
        return sum(n for _, n in self.go_out_cards)

    @property
    def p_go_out(self) -> Fraction:
        return Fraction(self.go_out_count, self.unseen) if self.unseen else Fraction(0)


def stock_outlook(
    hand: Iterable[Card],
    wild: str,
    unseen: Counter[Card],
    aces: str = "low",
    max_wilds: int | None = None,
    exact: bool = True,
) -> Outlook:
    """For each card the stock may give (``unseen``, with counts): can the n-card ``hand`` go out
    with it, and how much deadwood is left after the best discard (its mean over ``unseen``).
    ``exact=False`` uses `estimate_keep_value` and skips the go-out test (the bot's fast path)."""
    hand = sort_cards(hand)
    now = _best(hand, wild, aces, max_wilds).penalty
    spare: int | None = None  # least deadwood of hand minus one card, for isolated draws
    total = weighted = 0
    outs = []
    for card, count in unseen.items():
        if count <= 0:
            continue
        total += count
        if isolated(card, hand, wild, aces):
            if spare is None:
                spare = (
                    _keep(hand, wild, aces, max_wilds, None)[0]
                    if exact
                    else estimate_keep_value(hand, wild, aces, max_wilds)
                )
            value = min(now, penalty_value(card, aces) + spare)
            out = now == 0
        else:
            plus = sort_cards((*hand, card))
            if exact:
                value = _keep(plus, wild, aces, max_wilds, None)[0]
                out = value == 0
            else:
                value = estimate_keep_value(plus, wild, aces, max_wilds)
                out = value == 0
        weighted += value * count
        if out:
            outs.append((card, count))
    return Outlook(total, tuple(outs), weighted / total if total else float(now))


# -- the advisor ------------------------------------------------------------------------------
@dataclass(frozen=True)
class DiscardChoice:
    card: Card
    deadwood: int
    arrangement: Arrangement
    outlook: Outlook


@dataclass(frozen=True)
class Advice:
    """`advise`'s answer: ``choices`` best first (least deadwood now, then the best chance to go
    out next turn, then the higher card discarded); ``go_out_now`` the discards that go out."""

    hand: tuple[Card, ...]
    wild: str
    unseen: int
    choices: tuple[DiscardChoice, ...]
    go_out_now: tuple[Card, ...]

    @property
    def best(self) -> DiscardChoice:
        return self.choices[0]

    def summary(self) -> Message:
        """One sentence for a learner (a message, read in the page's language)."""
        from cardlab.games.three_thirteen.game import arrangement_text

        if self.go_out_now:
            card = max(self.go_out_now, key=lambda c: penalty_value(c, "high_or_low"))
            rest = best_arrangement(remove_one(self.hand, card), self.wild)
            return msg(
                "Go out discarding the {card}: {arrangement}.",
                card=card_text(card),
                arrangement=arrangement_text(rest),
            )
        best = self.best
        p = best.outlook.p_go_out
        return msgn(
            "Discard the {card}: {arrangement}; {count} of the {unseen} unseen cards "
            "({chance}) would let you go out next turn.",
            "Discard the {card}: {arrangement}; {count} of the {unseen} unseen cards "
            "({chance}) would let you go out next turn.",
            best.outlook.go_out_count,
            card=card_text(best.card),
            arrangement=arrangement_text(best.arrangement),
            unseen=self.unseen,
            chance=pct(float(p), 0),
        )


def advise(
    hand: Iterable[Card] | str,
    wild: str,
    gone: Iterable[Card] | str = (),
    decks: int = 1,
    aces: str = "low",
    max_wilds: int | None = None,
) -> Advice:
    """Advice for an n + 1-card ``hand`` (just after the draw) in a round with ``wild`` wild:
    each discard's deadwood now and the exact chance the next stock card lets the player go out.

    ``gone`` are cards known to be out of the stock (the discard pile, cards others took); the
    stock card is then equally likely to be any of the other unseen cards of ``decks`` decks.
    """
    hand = sort_cards(check_hand(hand))
    gone = DECK.parse(gone, decks) if isinstance(gone, str) else tuple(gone)
    DECK.check_copies((*hand, *gone), decks)  # nine 7c where one deck is in play
    wild = "T" if wild == "10" else wild
    unseen = deck_cards(decks) - Counter(hand) - Counter(gone)
    choices = []
    for card in dict.fromkeys(hand):
        rest = remove_one(hand, card)
        arrangement = _best(rest, wild, aces, max_wilds)
        outlook = stock_outlook(rest, wild, unseen, aces, max_wilds)
        choices.append(DiscardChoice(card, arrangement.penalty, arrangement, outlook))
    choices.sort(key=lambda c: (c.deadwood, -c.outlook.p_go_out, -penalty_value(c.card, aces)))
    outs = go_out_discards(hand, wild, aces, max_wilds)
    return Advice(hand, wild, sum(unseen.values()), tuple(choices), outs)


# -- exact round-1 odds -----------------------------------------------------------------------
@dataclass(frozen=True)
class RoundOneOdds:
    """Round 1 (3 cards, threes wild) with ``decks`` decks, exactly.

    ``dealt_meld``: the 3 dealt cards are a meld.  ``out_after_stock``: the hand plus one stock
    card can go out (3 of the 4 cards meld).  ``out_first_player``: the first player, who sees the
    turned-up card, can go out with it or with the stock card (whichever works)."""

    decks: int
    aces: str
    hands: int
    dealt_meld: Fraction
    out_after_stock: Fraction
    out_first_player: Fraction
    max_wilds: int | None = None
    """The most wild cards in one meld (None: no limit)."""


_PERMS = tuple(itertools.permutations(range(4)))


ROUND_ONE_MELD = 3
"""The cards of any meld in round 1 (the 3 dealt, or 3 of them and the card drawn)."""


@stored
def round_one_odds(decks: int = 1, aces: str = "low", max_wilds: int | None = None) -> RoundOneOdds:
    """Exact round-1 probabilities by enumerating every 3-card hand (suit symmetry folds the
    hands into classes; identical cards of several decks are weighted by how many ways there are
    to pick them).  Stored for the lessons' calls (`cardlab.core.stored`), the rules row's too:
    1-2.5 s each."""
    return _round_one(decks, aces, max_wilds)


def round_one_under(decks: int, aces: str, max_wilds: int | None) -> RoundOneOdds:
    """`round_one_odds` under a limit of wild cards in a meld (``max_wilds``; None: no limit).
    A limit of `ROUND_ONE_MELD` or more never binds in round 1, so it reads the figures of no
    limit (stored) instead of counting the same numbers again."""
    if max_wilds is None or max_wilds >= ROUND_ONE_MELD:
        return replace(round_one_odds(decks, aces), max_wilds=max_wilds)
    return round_one_odds(decks, aces, max_wilds)


@lru_cache(maxsize=16)  # a lesson's variants: a few deck counts x aces x limits, a few bytes each
def _round_one(decks: int, aces: str, max_wilds: int | None) -> RoundOneOdds:
    kinds = [(RANK_VALUE[c.rank], "shdc".index(c.suit)) for c in _KINDS]
    index = {k: i for i, k in enumerate(kinds)}
    card_of = dict(enumerate(_KINDS))
    wild = wild_rank(1)
    options = meld_options(aces, max_wilds)

    @cache
    def melds(triple: tuple[int, ...]) -> bool:
        return is_meld([card_of[i] for i in triple], wild, options) is not None

    def canon(hand: tuple[int, ...]) -> tuple[int, ...]:
        return min(
            tuple(sorted(index[(kinds[i][0], p[kinds[i][1]])] for i in hand)) for p in _PERMS
        )

    classes: Counter[tuple[int, ...]] = Counter()
    for combination in itertools.combinations_with_replacement(range(52), 3):
        counts = Counter(combination)
        if max(counts.values()) > decks:
            continue
        ways = math.prod(math.comb(decks, n) for n in counts.values())
        classes[canon(combination)] += ways
    total = math.comb(52 * decks, 3)
    rest = 52 * decks - 3
    dealt = stock = first = Fraction(0)
    for hand, ways in classes.items():
        counts = Counter(hand)
        if melds(hand):
            good = rest
        else:
            good = 0
            for c in range(52):
                left = decks - counts[c]
                if left and any(
                    melds(tuple(sorted((*hand[:x], *hand[x + 1 :], c)))) for x in range(3)
                ):
                    good += left
        weight = Fraction(ways, total)
        dealt += weight if melds(hand) else 0
        stock += weight * Fraction(good, rest)
        first += weight * (1 - Fraction(math.comb(rest - good, 2), math.comb(rest, 2)))
    return RoundOneOdds(decks, aces, total, dealt, stock, first, max_wilds)


# -- round-by-round simulation ----------------------------------------------------------------
@dataclass(frozen=True)
class RoundStats:
    round: int
    hand_size: int
    wild: str
    samples: int
    mean_deadwood: float
    stderr: float
    p_melded: float


@stored
def simulate_rounds(
    decks: int = 1,
    samples: int = 2000,
    seed: int = 0,
    aces: str = "low",
    max_wilds: int | None = None,
    rounds: Iterable[int] = tuple(range(1, ROUNDS + 1)),
) -> list[RoundStats]:
    """Deal ``samples`` random hands per round (round r uses ``Random(f"{seed}:{r}")``) and
    measure the minimum deadwood and how often it is 0 (a fully melded dealt hand).  Stored for
    the lesson's call (about 1 s)."""
    pack = list(itertools.chain.from_iterable([c] * decks for c in _KINDS))
    out = []
    for r in rounds:
        rng = random.Random(f"{seed}:{r}")
        n, wild = hand_size(r), wild_rank(r)
        values = [
            best_arrangement(rng.sample(pack, n), wild, aces, max_wilds).penalty
            for _ in range(samples)
        ]
        mean = sum(values) / samples
        var = sum((v - mean) ** 2 for v in values) / max(samples - 1, 1)
        out.append(
            RoundStats(
                r,
                n,
                wild,
                samples,
                mean,
                math.sqrt(var / samples),
                sum(v == 0 for v in values) / samples,
            )
        )
    return out
