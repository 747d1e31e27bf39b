"""Three Thirteen bots that say why, in one sentence.

* `ThreeThirteenBot` goes out whenever it can.  Otherwise it takes the top discard when that
  leaves no more deadwood than the stock card is expected to (the mean over every unseen card:
  the full deck less its hand, the discard pile and the cards others are known to hold), and it
  discards the card whose loss gives the least expected deadwood after its *next* draw (among the
  ``candidates`` discards with the least deadwood now).  On a last turn after someone went out
  there is no next draw, so it discards for the least deadwood now.
* `ThreeThirteenRandomBot` draws and discards at random but goes out whenever it can (a purely
  random player almost never ends a round).
* `GreedyBot` looks no further than now: it takes the discard if that lowers its deadwood and
  discards for the least deadwood now; a middle baseline for the benchmark.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from cardlab.core.bots import Decision, rng_for
from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn, num
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.game import (
    ThreeThirteenView,
    best_arrangement,
    meld_text,
    melds_text,
)
from cardlab.games.three_thirteen.melds import Arrangement, penalty_value
from cardlab.games.three_thirteen.odds import keep_value, stock_outlook
from cardlab.games.three_thirteen.rules import DECK, card_text, sort_cards


def _card(action: str) -> Card:
    return DECK.parse_card(action.split()[-1])


def _meld_with(arrangement: Arrangement, card: Card) -> Message | None:
    """The meld of ``arrangement`` that holds ``card``, as text (None if it is deadwood)."""
    for meld in arrangement.melds:
        if card in meld.cards:
            return meld_text(meld)
    return None


def _go_out(view: ThreeThirteenView, legal: Sequence[str]) -> Decision | None:
    """Go out if possible, discarding the most expensive card that allows it."""
    outs = [a for a in legal if a.startswith("go out ")]
    if not outs:
        return None
    action = max(outs, key=lambda a: (penalty_value(_card(a), view.aces), a))
    card = _card(action)
    rest = best_arrangement(remove_one(view.hand, card), view.wild, view.aces, view.max_wilds)
    return Decision(
        action,
        msg(
            "Goes out discarding the {card}: {melds} meld every other card.",
            card=card_text(card),
            melds=melds_text(rest),
        ),
    )


@dataclass(frozen=True)
class ThreeThirteenBot:
    """Chooses the draw and the discard by the expected minimum deadwood after its next draw."""

    candidates: int = 3
    name: str = "three_thirteen"

    def __repr__(self) -> str:
        return f"ThreeThirteenBot(candidates={self.candidates})"

    def choose(self, view: ThreeThirteenView, legal_actions: Sequence[str]) -> Decision:
        if view.phase == "draw":
            return self._draw(view)
        if view.phase == "discard":
            return _go_out(view, legal_actions) or self._discard(view, legal_actions)
        raise ValueError(f"a Three Thirteen bot draws or discards, not {view.phase!r}")

    def _draw(self, view: ThreeThirteenView) -> Decision:
        hand, top = view.hand, view.top
        assert top is not None
        wild, aces, limit = view.wild, view.aces, view.max_wilds
        now = best_arrangement(hand, wild, aces, limit).penalty
        banned = top if view.no_rediscard else None
        with_top, drop = keep_value((*hand, top), wild, aces, limit, banned)
        if with_top == 0 and view.went_out is None:
            return Decision(
                "take discard",
                msg(
                    "Takes the {card} from the discard pile: with it I can go out "
                    "(deadwood {now} -> 0).",
                    card=card_text(top),
                    now=now,
                ),
            )
        unseen = view.unseen()
        outlook = stock_outlook(hand, wild, unseen, aces, limit, exact=False)
        expected = outlook.expected_deadwood
        if with_top <= expected:
            kept = best_arrangement(remove_one(sort_cards((*hand, top)), drop), wild, aces, limit)
            meld = _meld_with(kept, top)
            why = (
                msg("it goes into {meld}", meld=meld)
                if meld
                else msg("it lets me drop the {card}", card=card_text(drop))
            )
            return Decision(
                "take discard",
                msg(
                    "Takes the {card} from the discard pile: {why}, deadwood {now} -> "
                    "{after} (a stock card would leave {expected} on average).",
                    card=card_text(top),
                    why=why,
                    now=now,
                    after=with_top,
                    expected=num(round(expected, 1), 1),
                ),
            )
        return Decision(
            "take stock",
            msg(
                "Takes the top stock card: the {card} would leave deadwood {after}, "
                "a stock card {expected} on average over the {unseen} cards I have "
                "not seen.",
                card=card_text(top),
                after=with_top,
                expected=num(round(expected, 1), 1),
                unseen=outlook.unseen,
            ),
        )

    def _discard(self, view: ThreeThirteenView, legal: Sequence[str]) -> Decision:
        hand, wild, aces, limit = view.hand, view.wild, view.aces, view.max_wilds
        options = []
        for action in legal:
            if not action.startswith("discard "):
                continue
            card = _card(action)
            rest = best_arrangement(remove_one(hand, card), wild, aces, limit)
            options.append((rest.penalty, -penalty_value(card, aces), action, card, rest))
        options.sort(key=lambda o: o[:3])
        if view.went_out is not None:
            value, _, action, card, rest = options[0]
            return Decision(
                action,
                msg(
                    "Discards the {card} on my last turn: it leaves the least deadwood, {value}.",
                    card=card_text(card),
                    value=value,
                ),
            )
        unseen = view.unseen()
        best = None
        for value, minus, action, card, _ in options[: self.candidates]:
            expected = stock_outlook(
                remove_one(hand, card), wild, unseen, aces, limit, exact=False
            ).expected_deadwood
            key = (expected, value, minus, action)
            if best is None or key < best[0]:
                best = (key, card)
        assert best is not None
        (expected, value, _, action), card = best
        checked = min(self.candidates, len(options))
        return Decision(
            action,
            msgn(
                "Discards the {card}: it leaves deadwood {value} now and {expected} "
                "expected after my next draw (the only discard I checked).",
                "Discards the {card}: it leaves deadwood {value} now and {expected} "
                "expected after my next draw (the best of the {count} discards I checked).",
                checked,
                card=card_text(card),
                value=value,
                expected=num(round(expected, 1), 1),
            ),
        )


@dataclass(frozen=True)
class GreedyBot:
    """Takes the discard if that lowers its deadwood; discards for the least deadwood now."""

    name: ClassVar[str] = "greedy"

    def choose(self, view: ThreeThirteenView, legal_actions: Sequence[str]) -> Decision:
        hand, wild, aces, limit = view.hand, view.wild, view.aces, view.max_wilds
        if view.phase == "draw":
            top = view.top
            assert top is not None  # "take discard" is legal: the pile is never empty at a draw
            now = best_arrangement(hand, wild, aces, limit).penalty
            banned = top if view.no_rediscard else None
            with_top, _ = keep_value((*hand, top), wild, aces, limit, banned)
            if with_top < now:
                return Decision(
                    "take discard",
                    msg(
                        "Takes the {card}: deadwood {now} -> {after}.",
                        card=card_text(top),
                        now=now,
                        after=with_top,
                    ),
                )
            return Decision(
                "take stock",
                msg("Takes the stock: the {card} does not help.", card=card_text(top)),
            )
        decision = _go_out(view, legal_actions)
        if decision:
            return decision
        options = [
            (
                best_arrangement(remove_one(hand, _card(a)), wild, aces, limit).penalty,
                -penalty_value(_card(a), aces),
                a,
            )
            for a in legal_actions
            if a.startswith("discard ")
        ]
        value, _, action = min(options)
        return Decision(
            action,
            msg(
                "Discards the {card}: deadwood {value} now.",
                card=card_text(_card(action)),
                value=value,
            ),
        )


@dataclass(frozen=True)
class ThreeThirteenRandomBot:
    """Random draws and discards, drawn from its seed and the view; goes out whenever it can."""

    seed: int | str = 0
    name: ClassVar[str] = "random"

    def choose(self, view: ThreeThirteenView, legal_actions: Sequence[str]) -> Decision:
        if view.phase == "discard":
            decision = _go_out(view, legal_actions)
            if decision:
                return decision
            choices = [a for a in legal_actions if a.startswith("discard ")]
        else:
            choices = list(legal_actions)
        action = rng_for(self.seed, view).choice(choices)
        return Decision(
            action,
            msgn(
                "Picks {action}, the only choice.",
                "Picks {action} at random from {count} choices.",
                len(choices),
                action=repr(action),
            ),
        )
