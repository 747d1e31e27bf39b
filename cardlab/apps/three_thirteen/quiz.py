"""The Three Thirteen quiz: "what is the deadwood of this hand?" on hands dealt at random (most
of them around a meld), with the solver's answer, its arrangement drawn and why it is best."""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.apps.three_thirteen.lesson import why_html
from cardlab.core.cards import Card
from cardlab.games.three_thirteen.melds import min_deadwood, penalty_value
from cardlab.games.three_thirteen.rules import DECK, RANKS, hand_size, wild_rank
from cardlab.pictures.three_thirteen import (
    arrangement_picture,
    hand_picture,
    hand_words,
    is_wild,
    rank_word,
    sorted_hand,
)
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


@dataclass(frozen=True)
class DeadwoodQuestion:
    round_no: int
    hand: tuple[Card, ...]
    answer: int
    arrangement: Any
    choices: tuple[int, ...]

    @property
    def wild(self) -> str:
        return wild_rank(self.round_no)


AROUND_A_MELD = 0.8
"""The share of questions whose hand is dealt around a meld, so the melds matter; the others are
dealt at random (and may meld or not)."""


def a_meld(rng: random.Random) -> list[Card]:
    """Three cards that meld without a wild card: a set of one rank or a run of one suit."""
    deck = DECK.cards()
    if rng.random() < 0.5:
        rank = rng.choice(RANKS)
        return rng.sample([c for c in deck if c.rank == rank], 3)
    suit = rng.choice("shdc")
    low = rng.randrange(len(RANKS) - 2)  # aces are low: A-2-3 up to J-Q-K
    return [c for c in deck if c.suit == suit and c.rank in RANKS[low : low + 3]]


def deadwood_question(seed: int) -> DeadwoodQuestion:
    """A random hand of rounds 2-6, dealt around a meld four times in five, and four answers:
    the right one and the usual mistakes (forgetting the wild, melding nothing...)."""
    rng = random.Random(f"three-thirteen-quiz:{seed}")
    round_no = rng.randint(2, 6)
    wild = wild_rank(round_no)
    n = hand_size(round_no)
    if rng.random() < AROUND_A_MELD:
        meld = a_meld(rng)
        rest = [c for c in DECK.cards() if c not in meld]
        hand = sorted_hand([*meld, *rng.sample(rest, n - len(meld))])
    else:
        hand = sorted_hand(rng.sample(DECK.cards(), n))
    answer, arr = min_deadwood(hand, wild)
    everything = sum(penalty_value(c) for c in hand)
    # forgetting that the wild card is wild: score with a wild rank nobody holds
    absent = [r for r in RANKS[2:] if all(c.rank != r for c in hand)]
    wrong = [everything]
    if absent and any(is_wild(c, wild) for c in hand):
        wrong.append(min_deadwood(hand, absent[0])[0])
    wrong += [answer + d for d in (rng.choice((1, 2, 3, 5)), -rng.choice((1, 2, 3)), 10)]
    choices = [answer]
    for w in wrong:
        if w >= 0 and w not in choices:
            choices.append(w)
        if len(choices) == 4:
            break
    rng.shuffle(choices)
    return DeadwoodQuestion(round_no, hand, answer, arr, tuple(choices))


class DeadwoodQuiz(Quiz):
    """ "What is the deadwood of this hand?" on hands dealt at random, with the solver's answer."""

    picture_label = "The hand of the question"

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        self.revealed = False
        super().__init__(picker, seed, size=(10, 10))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        q = self.q = deadwood_question(seed)
        self.revealed = False
        prompt = (
            f"<p>Round {q.round_no}: {len(q.hand)} cards, <b>{rank_word(q.wild, True)} are "
            f"wild</b>. The hand is {html.escape(hand_words(q.hand))}.</p>"
            "<p><b>What is the deadwood of this hand?</b> (the smallest total of the cards left "
            "over after the best melds; A = 1, J = Q = K = 10)</p>"
        )
        return prompt, [(str(c), str(c)) for c in q.choices]

    def picture(self) -> Drawing:
        q = self.q
        if self.revealed:
            title = f"Best deadwood {q.answer}"
            return arrangement_picture(
                q.arrangement, q.wild, title=title, theme=self.theme, target=None
            )
        title = f"Round {q.round_no} \u00b7 {rank_word(q.wild, True)} wild"
        return hand_picture(q.hand, q.wild, title=title, theme=self.theme)

    def mark(self, value: str) -> tuple[bool, str]:
        q = self.q
        right = int(value) == q.answer
        self.revealed = True
        self.redraw()
        self.view.describe("The hand in its best melds and deadwood (the answer below says why)")
        head = "<b>\u2714 Right!</b>" if right else f"<b>\u2718 Not quite:</b> it is {q.answer}."
        everything = sum(penalty_value(c) for c in q.hand)
        extra = ""
        if int(value) == everything and not right:
            extra = "<p>That is every card counted: look for melds first.</p>"
        return right, f"<div>{head}{extra}{why_html(q.hand, q.wild)}</div>"
