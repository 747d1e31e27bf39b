"""Triad's find-the-move practice: the exchange with each kind of hand, and bets where the pot
odds decide (`cardlab.apps.practice`; the positions are ``cardlab/lessons/practice/triad/``).

An exchange is graded exactly, by the measure the lesson's advisor teaches (the share of random
hands the final hand beats, over every possible draw); a bet by the pot odds against the hand's
showdown equity, the AI's own model (`cardlab.games.poker.review`).  Each wrong exchange is named
for what it did against the answer (stood pat, broke what already scores, threw a card worth
keeping, kept one worth throwing), each wrong bet for the odds it ignored.
"""

from __future__ import annotations

from collections import Counter
from typing import ClassVar

from cardlab.apps.draw_practice import bet_mistake, bet_task, thrown
from cardlab.apps.practice import Exercise, Position, PracticeModel
from cardlab.core.cards import Card, format_cards
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import stage_words
from cardlab.games.poker.review import DrawReviewer
from cardlab.games.triad import GAME, evaluate
from cardlab.pictures.triad import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing

MADE = msg(
    "A made hand: does any discard give a stronger final hand on average than keeping all five?"
)
PAIRS = msg("Keep the cards that already score together; every card you throw is a new chance.")
HIGH = msg("Nothing scores yet: which cards pair up into the strongest hands if they do?")
DRAWS = msg(
    "Four to Colors or a Run completes only a few times in 47: compare it with keeping the high "
    "cards and drawing more."
)
ODDS = msg("Compare what a call costs with the pot it wins: the pot odds against your equity.")

POSITIONS = (
    Position("01-made", 1, ("stand pat",), MADE),
    Position("02-made", 1, ("stand pat",), MADE),
    Position("03-two-pair", 1, ("discard Jb",), PAIRS),
    Position("04-two-pair", 1, ("discard 2b",), PAIRS),
    Position("05-pair", 1, ("discard 8g 5g 4b",), PAIRS),
    Position("06-pair", 1, ("discard Jr 5k 4k",), PAIRS),
    Position("07-pair", 1, ("discard 5r 3g",), PAIRS),
    Position("08-pair", 1, ("discard 9g 6g 4b",), PAIRS),
    Position("09-high-cards", 2, ("discard 5r 4r 3k",), HIGH),
    Position("10-high-cards", 2, ("discard Tr 4b 3r",), HIGH),
    Position("11-call", 2, ("call",), ODDS),
    Position("12-call", 2, ("call",), ODDS),
    Position("13-call", 2, ("call",), ODDS),
    Position("14-fold", 2, ("fold",), ODDS),
    Position("15-fold", 2, ("fold",), ODDS),
    Position("16-fold", 2, ("fold",), ODDS),
    Position("17-four-colors", 3, ("discard 8k 5g 2g",), DRAWS),
    Position("18-four-colors", 3, ("discard 9k 5b 4b",), DRAWS),
    Position("19-four-run", 3, ("discard Tg 9k 3r",), DRAWS),
    Position("20-four-run", 3, ("discard 8b 7r 5g",), DRAWS),
)


class TriadPractice(PracticeModel):
    """Find the move at the Triad table: 20 positions, easy to hard."""

    size = (WIDTH, HEIGHT)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> DrawReviewer:
        """The exchange's exact values and a bet's pot odds, against an AI that never bluffs
        (its reason is the answer's reasoning)."""
        return DrawReviewer(GAME, PokerBot(seed="hint/practice", bluff=0))

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        return table_picture(
            ex.view, you=0, banner=stage_words(ex.view), theme=theme, names={0: str(msg("You"))}
        )

    def task(self, ex: Exercise) -> Message:
        view = ex.view
        hand = _hand(ex)
        value = evaluate(hand)
        if view.phase == "draw":
            return msgn(
                "Your hand: {cards} ({hand}). It is your exchange: throw away up to {count} card "
                "or stand pat. Which choice gives the final hand that beats the most random "
                "hands on average?",
                "Your hand: {cards} ({hand}). It is your exchange: throw away up to {count} "
                "cards or stand pat. Which choice gives the final hand that beats the most random "
                "hands on average?",
                view.option("max_draw"),
                cards=format_cards(hand),
                hand=value.words,
            )
        return bet_task(view, format_cards(hand), value.words)

    def mistake(self, ex: Exercise, move: str) -> Message:
        if ex.view.phase == "draw":
            return _exchange_mistake(_hand(ex), thrown(move), thrown(ex.position.answers[0]))
        return bet_mistake(ex.view, move, self.reviewer().equity(ex.view).share)


CHASED = {
    "colors": msg(
        "You drew to Colors: one card of your suit comes only 9 times in 47, and the other 38 "
        "times the hand is nothing. Keeping the high cards and drawing three does better on "
        "average."
    ),
    "run": msg(
        "You drew to the Run: only the cards that fill it complete it (8 or 4 of 47), and "
        "otherwise the hand is nothing. Keeping the high cards and drawing three does better on "
        "average."
    ),
}
"""The feedback for a draw to four cards of Colors or of a Run that the answer gives up."""


def _draw_kept(hand: tuple[Card, ...], thrown: Counter[str]) -> str | None:
    """``colors`` or ``run`` when the cards kept after throwing ``thrown`` are exactly four to
    Colors or to a Run, else None."""
    kept = [c for c in hand if c.code not in thrown]
    if len(kept) != 4:
        return None
    if len({c.suit for c in kept}) == 1:
        return "colors"
    values = sorted({"23456789TJQKA".index(c.rank) for c in kept})
    return "run" if len(values) == 4 and values[3] - values[0] <= 4 else None


def _hand(ex: Exercise) -> tuple[Card, ...]:
    return tuple(c for c in ex.view.hands[0] if c is not None)


def _exchange_mistake(hand: tuple[Card, ...], mine: Counter[str], best: Counter[str]) -> Message:
    """The feedback for throwing ``mine`` where ``best`` is the answer, by what went wrong."""
    ranks = Counter(c.rank for c in hand)
    scoring = {c.code for c in hand if ranks[c.rank] >= 2}
    value = evaluate(hand)
    if not best:
        return msg(
            "Your hand is made already ({hand}): any discard breaks it, and on average the draw "
            "gives a weaker final hand.",
            hand=value.words,
        )
    if not mine:
        return msg(
            "Standing pat keeps {hand} as it is; here throwing cards away gives more chances of "
            "a stronger final hand than it costs.",
            hand=value.words,
        )
    chased = _draw_kept(hand, mine)
    if chased and not _draw_kept(hand, best):
        return CHASED[chased]
    broke = sorted(code for code in mine if code in scoring and code not in best)
    if broke:
        return msgn(
            "You threw away {cards}, part of what already scores ({hand}): keep the card that "
            "already counts and draw to it.",
            "You threw away {cards}, part of what already scores ({hand}): keep the cards that "
            "already count and draw to them.",
            len(broke),
            cards=" ".join(broke),
            hand=value.words,
        )
    kept = sorted((best - mine).elements())
    thrown = sorted((mine - best).elements())
    if thrown and kept:
        return msg(
            "You threw {thrown} and kept {kept}: the other way round the final hand is stronger "
            "on average (a higher card pairs into a higher hand, and a draw needs its cards).",
            thrown=" ".join(thrown),
            kept=" ".join(kept),
        )
    if kept:
        return msgn(
            "You kept {cards}: a card you keep that does not score is a card you cannot draw. "
            "Throwing it gives more chances of improving.",
            "You kept {cards}: cards you keep that do not score are cards you cannot draw. "
            "Throwing them gives more chances of improving.",
            len(kept),
            cards=" ".join(kept),
        )
    return msgn(
        "You threw away {cards} as well: that card was worth keeping (it scores with more of "
        "the cards you may draw).",
        "You threw away {cards} as well: those cards were worth keeping (they score with more "
        "of the cards you may draw).",
        len(thrown),
        cards=" ".join(thrown),
    )
