"""The review of a draw-poker hand (Triad, Pyramid): the exchange valued exactly, a bet by a
seeded simulation of the showdown (`cardlab.core.review`).

* **The exchange** is valued by the game's own exact measure (`DrawRules.discard_values`: every
  possible draw counted), the one its advisor and AI choose by, so the learner's discard and the
  AI's compare on the figure the lesson teaches.
* **A bet** is valued in chips from now on, in the model the AI itself bets by and explains: the
  hand's showdown equity (its share of the pot against random hands for each opponent still in,
  `showdown_equity`, seeded by the observation, with its 95% margin) times the pot once every
  other player still in has matched the move, less what the move puts in.  A fold is worth 0:
  what is in the pot is gone either way.  It leaves out that a bet may make an opponent fold,
  which the method's words say (`_bet_method`).  What was at stake is that matched pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.bots import Bot, Decision, rng_for
from cardlab.core.cards import Card
from cardlab.core.engine import Action
from cardlab.core.i18n import Message, gain, msg, msgn, num
from cardlab.core.review import Estimate
from cardlab.games.poker.bots import Equity, showdown_equity
from cardlab.games.poker.draw import DrawPoker, DrawPokerView, Hand, stage_message

CHIPS = msg("chips")
POINTS = msg("percentage points")


def _bet_method(trials: int, opponents: int) -> Message:
    return msgn(
        "a seeded simulation of {trials} showdowns: your share of the pot if every player still "
        "in matched the move and the hands were shown now (it leaves out that a bet may make "
        "{count} opponent fold)",
        "a seeded simulation of {trials} showdowns: your share of the pot if every player still "
        "in matched the move and the hands were shown now (it leaves out that a bet may make "
        "{count} opponents fold)",
        opponents,
        trials=num(trials),
    )


@dataclass(frozen=True)
class DrawReviewer:
    """The review of a Triad or Pyramid seat: ``bot`` is the table's AI in the learner's place
    (the Hint's), ``trials`` the simulated showdowns a bet's equity rests on."""

    game: DrawPoker
    bot: Bot
    trials: int = 4000

    def ai(self, view: DrawPokerView, legal: Sequence[Action]) -> Decision:
        return self.bot.choose(view, legal)

    def where(self, view: DrawPokerView) -> Message:
        return stage_message(view)

    def same(self, view: DrawPokerView, first: Action, second: Action) -> bool:
        return _key(first) == _key(second)

    def values(
        self, view: DrawPokerView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        if view.phase == "draw":
            return self._exchanges(view, moves)
        return self._bets(view, moves)

    # -- the exchange: exact ------------------------------------------------------------------
    def _exchanges(self, view: DrawPokerView, moves: Sequence[Action]) -> tuple[Estimate, ...]:
        hand = _hand(view)
        found = {_cards_key(d): (v, words) for d, v, words in self.game.discard_values(view, hand)}
        method = msgn(
            "exact: every possible draw from the {count} card you had not seen, counted",
            "exact: every possible draw from the {count} cards you had not seen, counted",
            len(self.game.unseen(view)),
        )
        out = []
        for move in moves:
            value, shown = found[_key(move)]
            out.append(Estimate(value, shown, POINTS, method, stake=100.0))
        return tuple(out)

    # -- a bet: the showdown's equity, simulated --------------------------------------------
    def equity(self, view: DrawPokerView) -> Equity:
        """The seat's showdown equity now, seeded by its observation: a bet's value rests on it."""
        return showdown_equity(self.game, view, self.trials, rng_for(f"review/{self.trials}", view))

    def _bets(self, view: DrawPokerView, moves: Sequence[Action]) -> tuple[Estimate, ...]:
        equity = self.equity(view)
        share = equity.share
        spread = 1.96 * (share * (1 - share) / max(equity.trials, 1)) ** 0.5
        method = _bet_method(equity.trials, len(view.opponents))
        out = []
        for move in moves:
            if move == "fold":  # nothing more in, nothing back: exactly 0
                value, margin, pot = 0.0, 0.0, view.pot
            else:
                mine, pot = _after(view, move)
                value, margin = share * pot - mine, spread * pot
            shown = msg("{value} {unit}", value=gain(value), unit=CHIPS)
            out.append(Estimate(value, shown, CHIPS, method, margin=margin, stake=pot))
        return tuple(out)


def _after(view: DrawPokerView, move: Action) -> tuple[int, int]:
    """What ``move`` (not a fold) puts in the pot, and the pot once every other player still in
    has matched it (none of them beyond their stack)."""
    seat = view.seat
    assert seat is not None
    top = max(view.bets)
    level = top if move in ("check", "call") else top + view.bet_size
    mine = min(level - view.bets[seat], view.stacks[seat])
    theirs = sum(min(max(level - view.bets[s], 0), view.stacks[s]) for s in view.opponents)
    return mine, view.pot + mine + theirs


def _hand(view: DrawPokerView) -> Hand:
    assert view.seat is not None
    cards = view.hands[view.seat]
    return tuple(c for c in cards if c is not None)


def _key(action: Action) -> tuple[str, ...]:
    """An action as a set of words: "discard 7h 2c" and "discard 2c 7h" are one move."""
    words = str(action).split()
    if words and words[0] == "discard":
        return ("discard", *sorted(words[1:]))
    if words == ["stand", "pat"]:
        return ("discard",)
    return tuple(words)


def _cards_key(cards: Sequence[Card]) -> tuple[str, ...]:
    return ("discard", *sorted(c.code for c in cards))
