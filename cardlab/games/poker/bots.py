"""Bots for every `DrawPoker` game (Triad, Pyramid): they bet from showdown equity and explain why.

`PokerBot` estimates its **equity** (its share of the pot if everyone still in showed down now)
by seeded Monte Carlo: the cards it has not seen are dealt at random into the opponents' hands
and every hand is scored with the game's own evaluator; a tie counts as a share.  Then:

* **bet or raise** when the equity is well above a fair share (``aggression / (opponents + 1)``);
* **check** when nothing is owed, **call** when the equity beats the pot odds
  (``owed / (pot + owed)``), **fold** otherwise;
* **bluff**: with probability ``bluff`` it bets or raises where it would have checked or folded.

In the exchange it tries every discard of up to ``max_draw`` cards on the same seeded sample of
replacement cards and keeps the one with the best average **strength** (the share of random
hands the final hand beats), or, with ``goal="improve"``, the best chance of ending with a better
hand than it holds.  When the game's `DrawRules` has an ``advisor`` (an exact exchange advisor),
the bot uses it instead.  Every `Decision` has a one-sentence reason with the numbers.

`CallBot` is the "call everything" baseline: it checks or calls, never folds and stands pat.
The sampled opponents ignore what the opponents did (their bets and draws): a simple, honest
model a learner can follow, not a strong player.
"""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any

from cardlab.core.bots import Decision, rng_for
from cardlab.core.engine import GAMES, Action, get_game
from cardlab.core.i18n import Message, msg, msgn, pct, pcts_apart
from cardlab.core.narration import hidden
from cardlab.games.poker.draw import DrawPoker, DrawPokerView, Evaluate, Hand

if TYPE_CHECKING:
    import numpy as np


@dataclass(frozen=True)
class Equity:
    """A Monte Carlo showdown equity: the share of the pot won on average over ``trials``."""

    share: float
    trials: int
    opponents: int
    description: str | Message


@dataclass(frozen=True)
class DiscardChoice:
    """The chosen discard with its average strength and chance to improve (over ``trials``)."""

    discard: Hand
    strength: float
    improve: float
    pat_strength: float
    trials: int
    description: str | Message


def _game(view: DrawPokerView, game: DrawPoker | None) -> DrawPoker:
    if game is not None:
        return game
    found = GAMES.get(view.game) or get_game(view.game)
    if not isinstance(found, DrawPoker):
        raise ValueError(f"{view.game!r} is not a draw-poker game")
    return found


def _own_hand(view: DrawPokerView) -> Hand:
    if view.seat is None:
        raise ValueError("a bot plays one seat: give it that seat's observation")
    hand = view.hands[view.seat]
    assert all(c is not None for c in hand)
    return tuple(hand)  # type: ignore[arg-type]


def showdown_equity(
    game: DrawPoker, view: DrawPokerView, trials: int, rng: random.Random
) -> Equity:
    """The viewer's share of the pot against random hands for each opponent still in."""
    evaluate = game.evaluator(view.options)
    hand = _own_hand(view)
    key, words = evaluate(hand)
    opponents = view.opponents
    if not opponents:
        return Equity(1.0, 0, 0, words)
    sizes = [len(view.hands[s]) for s in opponents]
    unseen = list(game.unseen(view))
    need = sum(sizes)
    if need > len(unseen):  # cannot happen with a real deck; be safe
        return Equity(1 / (len(opponents) + 1), 0, len(opponents), words)
    codes = game.codes(view.options)
    ids = game.rules.card_ids
    if codes is not None and ids is not None:
        won = _many_showdowns(codes, ids(hand), ids(unseen), sizes, need, trials, rng)
    else:
        won = _showdowns(evaluate, key, unseen, sizes, need, trials, rng)
    return Equity(won / trials, trials, len(opponents), words)


def _showdowns(
    evaluate: Evaluate,
    key: Any,
    unseen: list[Any],
    sizes: list[int],
    need: int,
    trials: int,
    rng: random.Random,
) -> float:
    """The pots (ties shared) ``key`` wins over ``trials`` draws of the opponents' hands from
    ``unseen``, one hand evaluated at a time."""
    won = 0.0
    for _ in range(trials):
        sample = rng.sample(unseen, need)
        best = None
        ties = 0
        i = 0
        for size in sizes:
            other = evaluate(tuple(sample[i : i + size]))[0]
            i += size
            if best is None or other > best:
                best, ties = other, 1
            elif other == best:
                ties += 1
        if key > best:
            won += 1
        elif key == best:
            won += 1 / (ties + 1)
    return won


def _many_showdowns(
    codes: Callable[[np.ndarray], np.ndarray],
    own: np.ndarray,
    unseen: np.ndarray,
    sizes: list[int],
    need: int,
    trials: int,
    rng: random.Random,
) -> float:
    """`_showdowns` with every drawn hand evaluated at once: the same draws (``rng.sample``
    picks by position, whatever it picks from), the same wins, added up in the same order."""
    import numpy as np  # imported when a bot first simulates, as the tables are

    picks = np.array([rng.sample(range(len(unseen)), need) for _ in range(trials)])
    drawn = unseen[picks]
    mine = int(codes(own[None, :])[0])
    columns, start = [], 0
    for size in sizes:
        columns.append(codes(drawn[:, start : start + size]))
        start += size
    others = np.stack(columns, axis=1)
    best = others.max(axis=1)
    ties = (others == best[:, None]).sum(axis=1)
    won = 0.0
    outcomes = zip((mine > best).tolist(), (mine == best).tolist(), ties.tolist(), strict=True)
    for beat, tied, n in outcomes:
        if beat:
            won += 1
        elif tied:
            won += 1 / (n + 1)
    return won


def _candidates(hand: Hand, max_draw: int) -> list[Hand]:
    """Every distinct discard of 0..max_draw cards (identical cards give one candidate)."""
    out: list[Hand] = []
    seen: set[Hand] = set()
    for k in range(max_draw + 1):
        for combo in combinations(range(len(hand)), k):
            cards = tuple(hand[i] for i in combo)
            if cards not in seen:
                seen.add(cards)
                out.append(cards)
    return out


def best_discard(
    game: DrawPoker,
    view: DrawPokerView,
    trials: int,
    rng: random.Random,
    goal: str = "strength",
    reference: int = 200,
) -> DiscardChoice:
    """Try every discard on the same ``trials`` samples of replacement cards; keep the best.

    Strength is the share of ``reference`` random hands (seeded) that the final hand beats, ties
    counting half; ``goal="improve"`` ranks by the chance of ending above the current hand.
    """
    evaluate = game.evaluator(view.options)
    hand = _own_hand(view)
    unseen = list(game.unseen(view))
    max_draw = min(view.option("max_draw"), len(unseen))
    size = len(hand)
    refs = sorted(evaluate(tuple(rng.sample(unseen, size)))[0] for _ in range(reference))

    def strength(key: Any) -> float:
        lo, hi = bisect_left(refs, key), bisect_right(refs, key)
        return (lo + (hi - lo) / 2) / len(refs)

    now, words = evaluate(hand)
    pat = strength(now)
    draws = [rng.sample(unseen, max_draw) for _ in range(trials)]
    best = DiscardChoice((), pat, 0.0, pat, trials, words)
    for discard in _candidates(hand, max_draw)[1:]:
        kept = list(hand)
        for card in discard:
            kept.remove(card)
        k = len(discard)
        total = better = 0.0
        for new in draws:
            key = evaluate((*kept, *new[:k]))[0]
            total += strength(key)
            better += key > now
        choice = DiscardChoice(discard, total / trials, better / trials, pat, trials, words)
        if _score(choice, goal) > _score(best, goal):
            best = choice
    return best


def _score(choice: DiscardChoice, goal: str) -> tuple[float, float]:
    if goal == "improve":
        return (choice.improve, choice.strength)
    return (choice.strength, choice.improve)


def _pct(x: float) -> object:
    return pct(x, 0)


@dataclass(frozen=True)
class PokerBot:
    """Bets from seeded Monte Carlo equity, draws for the best expected hand, bluffs a little.

    ``trials`` simulated showdowns per betting decision and ``draw_trials`` simulated draws per
    discard candidate; ``aggression`` scales the fair share needed to bet or raise; ``goal`` is
    ``"strength"`` (Triad: best expected strength) or ``"improve"`` (Pyramid: best chance of a
    better pyramid).  Every decision draws from ``seed`` and the observation (`rng_for`), so the
    same observation always gets the same answer.
    """

    seed: int | str = 0
    bluff: float = 0.05
    trials: int = 300
    draw_trials: int = 60
    aggression: float = 1.3
    goal: str = "strength"
    game: DrawPoker | None = None

    def __post_init__(self) -> None:
        if not 0 <= self.bluff <= 1:
            raise ValueError(f"bluff is a probability 0-1, got {self.bluff!r}")
        if self.goal not in ("strength", "improve"):
            raise ValueError(f"goal must be 'strength' or 'improve', got {self.goal!r}")

    def __repr__(self) -> str:
        return f"PokerBot(seed={self.seed!r}, bluff={self.bluff})"

    def choose(self, observation: DrawPokerView, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        game = _game(observation, self.game)
        rng = rng_for(self.seed, observation)
        if observation.phase == "draw":
            return self._exchange(game, observation, legal_actions, rng)
        return self._bet(game, observation, legal_actions, rng)

    # -- the exchange ------------------------------------------------------------------------
    def _exchange(
        self,
        game: DrawPoker,
        view: DrawPokerView,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Decision:
        if game.rules.advisor is not None:
            discard, reason = game.advise(view, _own_hand(view))
            # Translators: a bot's move, then its reason: "Discards 5b 2b: over all ..."
            said = msg("{move}: {reason}", move=_discarding(discard), reason=reason)
            return Decision(_discard_text(discard), said)
        choice = best_discard(game, view, self.draw_trials, rng, self.goal)
        action = _discard_text(choice.discard)
        mine = _mine(choice.description)
        if not choice.discard:
            return Decision(
                action,
                msgn(
                    "Stands pat: {hand} already beats {pat} of random hands, and no discard of up "
                    "to {count} card does better on average over {trials} simulated draws.",
                    "Stands pat: {hand} already beats {pat} of random hands, and no discard of up "
                    "to {count} cards does better on average over {trials} simulated draws.",
                    view.option("max_draw"),
                    hand=mine,
                    pat=_pct(choice.pat_strength),
                    trials=choice.trials,
                ),
            )
        k = len(choice.discard)
        return Decision(
            action,
            msgn(
                "{move}: over {trials} simulated draws the {count} new card beat {strength} of "
                "random hands on average (standing pat: {pat}) and improve {hand} {improve} of "
                "the time.",
                "{move}: over {trials} simulated draws the {count} new cards beat {strength} of "
                "random hands on average (standing pat: {pat}) and improve {hand} {improve} of "
                "the time.",
                k,
                move=_discarding(choice.discard),
                trials=choice.trials,
                strength=_pct(choice.strength),
                pat=_pct(choice.pat_strength),
                hand=mine,
                improve=_pct(choice.improve),
            ),
        )

    # -- betting -----------------------------------------------------------------------------
    def _bet(
        self,
        game: DrawPoker,
        view: DrawPokerView,
        legal: Sequence[Action],
        rng: random.Random,
    ) -> Decision:
        eq = showdown_equity(game, view, self.trials, rng)
        n = eq.opponents
        fair = 1 / (n + 1)
        strong = min(0.95, self.aggression * fair)
        owed, pot = view.owed, view.pot
        aggressive = next((a for a in ("raise", "bet") if a in legal), None)
        bluffing = aggressive is not None and rng.random() < self.bluff
        odds = owed / (pot + owed) if owed else 0.0
        # the share is shown against this decision's bar, to bet (strong) or to call (odds), with
        # the digits that keep their order: "needs 22.4% equity, but my hand wins 21.6%"
        betting = owed == 0 or (eq.share >= strong and aggressive is not None)
        share, bar = pcts_apart(eq.share, strong if betting else odds)
        wins = msgn(
            "{hand} wins {share} of {trials} simulated showdowns against {count} opponent",
            "{hand} wins {share} of {trials} simulated showdowns against {count} opponents",
            n,
            hand=_mine(eq.description),
            share=share,
            trials=eq.trials,
        )
        if eq.share >= strong and aggressive is not None:
            if aggressive == "raise":
                said = msg(
                    "Raises: {wins}, above the {strong} I want to build the pot.",
                    wins=wins,
                    strong=bar,
                )
            else:
                said = msg(
                    "Bets: {wins}, above the {strong} I want to build the pot.",
                    wins=wins,
                    strong=bar,
                )
            return Decision(aggressive, said)
        if owed == 0:
            if bluffing:
                if aggressive == "raise":
                    said = msg(
                        "Bluffs with a raise: {wins}, but a bet may make them fold.", wins=wins
                    )
                else:
                    said = msg(
                        "Bluffs with a bet: {wins}, but a bet may make them fold.", wins=wins
                    )
                return Decision(aggressive, said)
            action = "check" if "check" in legal else legal[0]
            if eq.share >= strong:
                return Decision(
                    action, msg("Checks: {wins}, but nobody is left to bet against.", wins=wins)
                )
            return Decision(
                action,
                msg(
                    "Checks: {wins}, below the {strong} I want before betting.",
                    wins=wins,
                    strong=bar,
                ),
            )
        need = msg(
            "calling {owed} into a pot of {pot} needs {odds} equity",
            owed=owed,
            pot=pot,
            odds=bar,
        )
        if eq.share >= odds and "call" in legal:
            return Decision("call", msg("Calls: {need}, and {wins}.", need=need, wins=wins))
        if bluffing:
            if aggressive == "raise":
                said = msg(
                    "Bluffs with a raise: {wins}, less than the {odds} a call needs, but a raise "
                    "may make them fold.",
                    wins=wins,
                    odds=bar,
                )
            else:
                said = msg(
                    "Bluffs with a bet: {wins}, less than the {odds} a call needs, but a raise "
                    "may make them fold.",
                    wins=wins,
                    odds=bar,
                )
            return Decision(aggressive, said)
        if "fold" in legal:
            return Decision("fold", msg("Folds: {need}, but {wins}.", need=need, wins=wins))
        return Decision(legal[0], _only(legal[0]))


@dataclass(frozen=True)
class CallBot:
    """The "call everything" baseline: checks or calls every bet, never folds, stands pat."""

    def choose(self, observation: DrawPokerView, legal_actions: Sequence[Action]) -> Decision:
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        for action, reason in (
            ("stand pat", msg("Stands pat: I never change my cards.")),
            ("check", msg("Checks: I never bet, and nothing is owed.")),
            ("call", msg("Calls {owed}: I call everything.", owed=observation.owed)),
        ):
            if action in legal_actions:
                return Decision(action, reason)
        return Decision(legal_actions[0], _only(legal_actions[0]))


def _only(action: Action) -> Message:
    # Translators: {action} is the move's notation, e.g. "fold"
    return msg("Plays {action}: it is the only choice.", action=str(action))


def _codes(cards: Sequence[Any]) -> str:
    return " ".join(c.code for c in cards)


def _mine(description: str | Message) -> object:
    """ "my pair of 9s": what the hand is stays the bot's secret ("my hand" for the others)."""
    return hidden(msg("my {hand}", hand=description), msg("my hand"))


def _discarding(discard: Hand) -> Message:
    """ "Discards 5b 6r" with the cards kept secret ("Discards 2 cards" for the others)."""
    if not discard:
        return msg("Stands pat")
    k = len(discard)
    cards = hidden(_codes(discard), msgn("{count} card", "{count} cards", k))
    return msg("Discards {cards}", cards=cards)


def _discard_text(discard: Hand) -> str:
    return f"discard {_codes(discard)}" if discard else "stand pat"
