"""The review of a Three Thirteen round (`cardlab.core.review`): every value exact, in deadwood
points (fewer is better, so a move's value is minus its deadwood), counted by the game's own
solver (`melds.min_deadwood`, through `best_arrangement` and `odds.keep_value`) over the cards the
seat had not seen (`ThreeThirteenView.unseen`, each equally likely to be the stock card).

The values are the measure the table's AI chooses by (`ThreeThirteenBot`), counted exactly where
the bot estimates, so the review and the Hint agree on what they weigh:

* **The draw**: the least deadwood after the best discard, with the top discard, or averaged
  over every unseen card for the stock.
* **A discard** with a next turn to come: the least deadwood after the next stock card and the
  best discard, averaged over every unseen card (a hand kept fully melded counts 0: it goes out
  next turn whatever comes).  **Going out** scores 0.
* **A discard on a last turn** (someone went out): the deadwood of the cards kept, which is what
  the round scores.

A decision's stake is the deadwood the seat held as it decided (at least 1 point): what the
round would cost it if scored on that hand, the most a draw can save.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from cardlab.core.bots import Bot, Decision
from cardlab.core.cards import Card
from cardlab.core.engine import Action
from cardlab.core.i18n import Message, msg, msgn, num
from cardlab.core.review import Estimate
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.three_thirteen.game import ThreeThirteenView, best_arrangement
from cardlab.games.three_thirteen.odds import keep_value, stock_outlook
from cardlab.games.three_thirteen.rules import DECK

# Translators: the unit after a cost with one decimal: "It cost you 2.5 points of deadwood."
DEADWOOD = msg("points of deadwood")
_Words = Callable[[int], Message]
"""A value's words, given the digits after the point an average is shown with."""
_Found = list[tuple[float, _Words]]
"""Each move's deadwood (fewer is better) and its words."""
MOST_DIGITS = 3
"""An average deadwood is shown with 1 to this many digits after the point: the fewest that
tell two different values apart."""


def _card(action: str) -> Card:
    return DECK.parse_card(action.split()[-1])


def _digits(values: Sequence[float]) -> int:
    """The fewest digits (at least 1) that show different ``values`` as different numbers."""
    distinct = len(set(values))
    return next(
        (d for d in range(1, MOST_DIGITS) if len({round(v, d) for v in values}) == distinct),
        MOST_DIGITS,
    )


@dataclass(frozen=True)
class ThreeThirteenReviewer:
    """The review of a Three Thirteen seat: ``bot`` is the table's AI in the learner's place
    (the Hint's)."""

    bot: Bot = field(default_factory=ThreeThirteenBot)

    def ai(self, view: ThreeThirteenView, legal: Sequence[Action]) -> Decision:
        return self.bot.choose(view, legal)

    def where(self, view: ThreeThirteenView) -> Message:
        last = view.went_out is not None
        if view.phase == "draw":
            step = msg("the draw of your last turn") if last else msg("your draw")
        else:
            step = msg("the discard of your last turn") if last else msg("your discard")
        return msg(
            "round {round} of {rounds}, {step}", round=view.round, rounds=view.rounds, step=step
        )

    def same(self, view: ThreeThirteenView, first: Action, second: Action) -> bool:
        return first == second

    def values(
        self, view: ThreeThirteenView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        held = best_arrangement(view.hand, view.wild, view.aces, view.max_wilds).penalty
        stake = float(max(held, 1))
        texts = [str(move) for move in moves]
        if view.phase == "draw":
            found, method = self._draws(view, texts)
        elif view.went_out is not None:
            found, method = self._last_discards(view, texts)
        else:
            found, method = self._discards(view, texts)
        digits = _digits([deadwood for deadwood, _ in found])
        return tuple(
            Estimate(-deadwood, words(digits), DEADWOOD, method, stake=stake)
            for deadwood, words in found
        )

    # -- the draw: the top discard, or the stock card averaged over every unseen card ---------
    def _draws(self, view: ThreeThirteenView, moves: Sequence[str]) -> tuple[_Found, Message]:
        hand, top = view.hand, view.top
        assert top is not None  # "take discard" is legal: the pile is never empty at a draw
        opts = (view.aces, view.max_wilds)
        banned = top if view.no_rediscard else None
        with_top = keep_value((*hand, top), view.wild, *opts, banned)[0]
        outlook = stock_outlook(hand, view.wild, view.unseen(), *opts)
        found: _Found = []
        for move in moves:
            if move == "take discard":
                found.append((with_top, _points(with_top)))
            else:
                found.append((outlook.expected_deadwood, _average(outlook.expected_deadwood)))
        method = msgn(
            "exact: the least deadwood after the best discard, with the top discard, or with "
            "each of the {count} card you had not seen as the stock card (all equally likely)",
            "exact: the least deadwood after the best discard, with the top discard, or with "
            "each of the {count} cards you had not seen as the stock card (all equally likely)",
            outlook.unseen,
        )
        return found, method

    # -- a discard with a next turn to come: the next stock card, averaged -----------------------
    def _discards(self, view: ThreeThirteenView, moves: Sequence[str]) -> tuple[_Found, Message]:
        unseen = view.unseen()
        count = sum(unseen.values())
        found: _Found = []
        for move in moves:
            if move.startswith("go out "):
                found.append((0, lambda _: msg("you go out: deadwood 0")))
                continue
            kept = remove_one(view.hand, _card(move))
            now = best_arrangement(kept, view.wild, view.aces, view.max_wilds).penalty
            later = stock_outlook(kept, view.wild, unseen, view.aces, view.max_wilds)
            found.append((later.expected_deadwood, _now_and_later(now, later.expected_deadwood)))
        if any(move.startswith("go out ") for move in moves):
            method = msgn(
                "exact: going out scores 0; a discard is worth the least deadwood after your "
                "next draw from the stock and the best discard, averaged over the {count} card "
                "you had not seen (all equally likely)",
                "exact: going out scores 0; a discard is worth the least deadwood after your "
                "next draw from the stock and the best discard, averaged over the {count} cards "
                "you had not seen (all equally likely)",
                count,
            )
        else:
            method = msgn(
                "exact: the least deadwood after your next draw from the stock and the best "
                "discard, averaged over the {count} card you had not seen (all equally likely)",
                "exact: the least deadwood after your next draw from the stock and the best "
                "discard, averaged over the {count} cards you had not seen (all equally likely)",
                count,
            )
        return found, method

    # -- a discard on a last turn: the deadwood the round scores ------------------------------
    def _last_discards(
        self, view: ThreeThirteenView, moves: Sequence[str]
    ) -> tuple[_Found, Message]:
        found: _Found = []
        for move in moves:
            kept = remove_one(view.hand, _card(move))
            now = best_arrangement(kept, view.wild, view.aces, view.max_wilds).penalty
            found.append((now, _points(now)))
        method = msg(
            "exact: the deadwood of the cards you keep, which is what this round scores you "
            "(it was your last turn)"
        )
        return found, method


def _points(deadwood: int) -> _Words:
    return lambda _: msg("deadwood {points}", points=num(deadwood))


def _average(deadwood: float) -> _Words:
    return lambda digits: msg(
        "deadwood {points} on average", points=num(round(deadwood, digits), digits)
    )


def _now_and_later(now: int, later: float) -> _Words:
    return lambda digits: msg(
        "deadwood {now} now, {later} on average after your next draw",
        now=num(now),
        later=num(round(later, digits), digits),
    )
