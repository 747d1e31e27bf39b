"""Pyramid Poker bots: random, greedy (highest visible block) and the expected-value bot.

Every bot sees only a `PyramidPokerView` and explains each choice in one sentence.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.bots import Decision, RandomBot, rng_for
from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg
from cardlab.core.narration import hidden, told
from cardlab.games.poker.ranking import RANK_VALUE
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.rules import (
    HAND_NAMES,
    HAND_SIZE,
    action_slot,
    is_joker,
    points_change,
    slot_action,
    slot_position,
)

__all__ = ["GreedyBot", "RandomBot", "SmartBot", "block_strength", "hand_potential"]


def _value(card: Card) -> int:
    return RANK_VALUE[card.rank]


def block_strength(card: Card) -> float:
    """How much a block is worth to a hand builder: high ranks, and jokers (best of three)."""
    if is_joker(card):
        return 12.0
    return float(_value(card))


def hand_potential(hand: Sequence[Card]) -> float:
    """A quick estimate of the advanced points a partial hand (0-5 blocks) will end with, plus a
    little for high ranks (they win comparisons)."""
    n = len(hand)
    if n == 0:
        return 0.0
    values = [_value(c) for c in hand]
    counts = sorted(Counter(values).values(), reverse=True)
    room = HAND_SIZE - n
    score = 0.0
    top = counts[0]
    pairs = sum(1 for c in counts if c >= 2)
    if top == 4:
        score = 3.0 + 1.5  # quads (plus comparison strength)
    elif top == 3 and pairs >= 2:
        score = 2.0 + 1.2
    elif top == 3:
        score = 0.9 + (0.5 if room >= 1 else 0)
    elif pairs == 2:
        score = 0.6 + (0.25 if room else 0)
    elif pairs == 1:
        score = 0.3 + 0.12 * room
    else:
        score = -1.0 if room == 0 else -1.0 + 0.25 * room
    if pairs == 0:
        suits = {c.suit for c in hand}
        if len(suits) == 1 and n >= 2:
            score += 1.6 * (n / 5) ** 2 + (0.4 if n == 5 else 0)
        distinct = sorted(set(values))
        lows = sorted(1 if v == 14 else v for v in distinct)
        span = min(distinct[-1] - distinct[0], lows[-1] - lows[0])
        if span <= 4 and n >= 2:
            score += 1.5 * (n / 5) ** 2 + (0.3 if n == 5 else 0)
    score += 0.02 * sum(values)
    return score


def best_gain(hands: Sequence[Sequence[Card]], card: Card) -> tuple[float, int]:
    """The best improvement ``card`` brings and the hand index it goes into."""
    best = (-1e9, 0)
    for h, hand in enumerate(hands):
        if len(hand) >= HAND_SIZE:
            continue
        gain = hand_potential((*hand, card)) - hand_potential(hand)
        if gain > best[0]:
            best = (gain, h)
    return best


def _unseen_pool(view: PyramidPokerView) -> list[Card]:
    return list(view.unseen().elements())


@dataclass(frozen=True)
class GreedyBot:
    """Places at random, takes the highest block it can see (else a random free one), keeps the
    highest revealed block, and puts it with a matching rank or suit."""

    seed: int | str = 0

    def choose(self, view: PyramidPokerView, legal: Sequence[str]) -> Decision:
        legal = list(legal)
        if view.phase == "place":
            action = rng_for(self.seed, view).choice(legal)
            return Decision(action, msg("the greedy bot places its block anywhere"))
        if view.phase == "take":
            faces = [(view.pyramid[action_slot(a)], a) for a in legal]
            seen = [(block_strength(card), a) for card, a in faces if card is not None]
            if seen:
                action = max(seen)[1]
                return Decision(action, msg("it takes the highest block whose face it can see"))
            return Decision(
                rng_for(self.seed, view).choice(legal),
                msg("it sees no face, so it takes one at random"),
            )
        if view.phase == "keep":
            action = max(legal, key=lambda a: _value(_card(view, a.split()[1])))
            return Decision(action, msg("it keeps the highest revealed block"))
        card = _pending(view)
        mine = view.hands[view.turn]
        open_hands = [a for a in legal]
        for same in (_same_rank, _same_suit):
            for a in open_hands:
                if any(same(c, card) for c in mine[HAND_NAMES.index(a.split()[1])]):
                    return Decision(
                        a, msg("the {card} matches a block already in that hand", card=str(card))
                    )
        return Decision(
            open_hands[0], msg("it puts the {card} into the first hand with room", card=str(card))
        )


def _same_rank(a: Card, b: Card) -> bool:
    return a.rank == b.rank


def _same_suit(a: Card, b: Card) -> bool:
    return a.suit == b.suit


def _pending(view: PyramidPokerView) -> Card:
    """The taken block to put into a hand: the assign phase always has one."""
    if view.pending is None:
        raise ValueError(f"a Pyramid Poker bot puts a block into a hand, not in {view.phase!r}")
    return view.pending


def _adds_most(h: int, card: str, gain: float) -> Message:
    """The reasoning bot's reason for putting ``card`` into hand ``h`` (a sentence per hand).
    When every hand loses by it, the chosen one is the hand it costs least: a negative change
    never "adds most"."""
    change = points_change(gain)
    if gain < 0:
        if h == 0:
            return msg("the {card} costs the left hand least ({gain})", card=card, gain=change)
        if h == 1:
            return msg("the {card} costs the centre hand least ({gain})", card=card, gain=change)
        return msg("the {card} costs the right hand least ({gain})", card=card, gain=change)
    if h == 0:
        return msg("the {card} adds most to the left hand ({gain})", card=card, gain=change)
    if h == 1:
        return msg("the {card} adds most to the centre hand ({gain})", card=card, gain=change)
    return msg("the {card} adds most to the right hand ({gain})", card=card, gain=change)


def _card(view: PyramidPokerView, code: str) -> Card:
    return next(c for c in view.revealed if c.code == code)


@dataclass(frozen=True)
class SmartBot:
    """Places strong blocks high (where it can reach them first) and buries weak ones; takes
    the block with the best expected gain for its hands, from what it knows and the odds of the
    unseen blocks; puts each block into the hand it helps most.  Ties between slots, and the
    joker's ``joker_samples`` sampled draws, are drawn from ``seed`` and the view."""

    seed: int | str = 0
    joker_samples: int = 8

    def choose(self, view: PyramidPokerView, legal: Sequence[str]) -> Decision:
        legal = list(legal)
        if view.phase == "place":
            return self._place(view, legal)
        if view.phase == "take":
            return self._take(view, legal)
        mine = view.hands[view.turn]
        if view.phase == "keep":
            options = [(best_gain(mine, _card(view, a.split()[1]))[0], a) for a in legal]
            gain, action = max(options)
            card, change = action.split()[1], points_change(gain)
            if gain < 0:
                return Decision(
                    action, msg("{card} costs its hands least ({gain})", card=card, gain=change)
                )
            return Decision(
                action, msg("{card} helps its hands most ({gain})", card=card, gain=change)
            )
        block = _pending(view)
        gain, h = best_gain(mine, block)
        action = f"hand {HAND_NAMES[h]}"
        if action not in legal:
            action = legal[0]
        return Decision(action, _adds_most(h, str(block), gain))

    def _place(self, view: PyramidPokerView, legal: list[str]) -> Decision:
        card = view.holding
        strength = block_strength(card) if card is not None else 8.0
        slots = [action_slot(a) for a in legal]
        rows = {k: slot_position(k, view.width)[0] for k in slots}
        rng = rng_for(self.seed, view)
        if strength >= 10:
            k = max(slots, key=lambda s: (rows[s], rng.random()))
            why = told(
                hidden(
                    msg("the {card} is strong, so it goes as high as possible", card=str(card)),
                    msg("it goes as high as possible"),
                )
            )
        else:
            k = min(slots, key=lambda s: (rows[s], rng.random()))
            why = told(
                hidden(
                    msg("the {card} is weak, so it is buried low in the pyramid", card=str(card)),
                    msg("it is buried low in the pyramid"),
                )
            )
        return Decision(slot_action("place", k), why)

    def _take(self, view: PyramidPokerView, legal: list[str]) -> Decision:
        mine = view.hands[view.turn]
        pool = _unseen_pool(view)
        plain = [c for c in pool if not is_joker(c)]
        counts = Counter(pool)
        joker = self._joker_ev(mine, plain, rng_for(self.seed, view))  # one estimate per view
        unknown_ev = None
        best: tuple[float, str, Message] | None = None
        for a in legal:
            k = action_slot(a)
            card = view.pyramid[k]
            if card is None:
                if unknown_ev is None:
                    total = sum(counts.values())
                    ev = 0.0
                    for c, n in counts.items():
                        g = joker if is_joker(c) else best_gain(mine, c)[0]
                        ev += n * g
                    unknown_ev = ev / total if total else 0.0
                ev = unknown_ev
                what = msg(
                    "it takes an unseen block (expected value over the unseen blocks): the best "
                    "expected gain for its hands ({gain})",
                    gain=points_change(ev),
                )
            elif is_joker(card):
                ev = joker
                what = msg(
                    "it takes the {card} (best of three revealed): the best expected gain for its "
                    "hands ({gain})",
                    card=str(card),
                    gain=points_change(ev),
                )
            else:
                ev = best_gain(mine, card)[0]
                what = msg(
                    "it takes the {card}: the best expected gain for its hands ({gain})",
                    card=str(card),
                    gain=points_change(ev),
                )
            if best is None or ev > best[0]:
                best = (ev, a, what)
        if best is None:
            raise ValueError("a Pyramid Poker bot takes a block only when one is free")
        ev, action, what = best
        return Decision(action, what)

    def _joker_ev(
        self, mine: Sequence[Sequence[Card]], plain: list[Card], rng: random.Random
    ) -> float:
        """A joker's expected gain: the best of three random plain blocks, averaged."""
        if len(plain) < 3:
            return 0.0
        total = 0.0
        for _ in range(self.joker_samples):
            total += max(best_gain(mine, c)[0] for c in rng.sample(plain, 3))
        return total / self.joker_samples
