"""The Three Thirteen quiz's questions: "what is the deadwood of this hand?" on hands dealt at
random (most of them around a meld), with the solver's answer and why it is best; and that why
(`why_lines`: where each wild card does the most good), which the meld solver shows too.  Pure:
the quiz widget, the lesson's panels and the printed worksheet all use it.

A question follows the meld rules `RULES` (what an ace left over costs, the most wild cards in a
meld): the same seed deals the same hand under any rules, so only the answer moves.  The table's
``players`` and ``no_immediate_rediscard`` do not enter a hand's deadwood."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.apps.asked import RIGHT, Asked, asked, rules_of
from cardlab.apps.rules_words import rules_note
from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.three_thirteen.game import listed, meld_options
from cardlab.games.three_thirteen.melds import min_deadwood, penalty_value
from cardlab.games.three_thirteen.rules import DECK, RANKS, hand_size, wild_rank
from cardlab.pictures.three_thirteen import (
    card_text,
    hand_words,
    is_wild,
    meld_label,
    rank_message,
    sorted_hand,
)

RULES = ("aces", "max_wilds_per_meld")
"""The options a hand's deadwood depends on."""


@dataclass(frozen=True)
class DeadwoodQuestion:
    """A hand of round ``round_no``, its smallest deadwood under the meld rules (``aces``,
    ``max_wilds``: None for no limit), one best arrangement and four choices."""

    round_no: int
    hand: tuple[Card, ...]
    answer: int
    arrangement: Any
    choices: tuple[int, ...]
    aces: str = "low"
    max_wilds: int | None = None

    @property
    def wild(self) -> str:
        return wild_rank(self.round_no)

    @property
    def options(self) -> dict[str, Any]:
        """The question's rules by the game's option names."""
        return {"aces": self.aces, "max_wilds_per_meld": self.max_wilds}

    @property
    def solver_options(self) -> dict[str, Any]:
        """The question's rules as the meld solver takes them (`min_deadwood`)."""
        return meld_options(self.aces, self.max_wilds)

    def value(self, card: Card) -> int:
        """What ``card`` costs left over under the question's rules."""
        return penalty_value(card, self.aces)


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


def deadwood_question(
    seed: int, aces: str = "low", max_wilds: int | None = None
) -> DeadwoodQuestion:
    """A random hand of rounds 2-6, dealt around a meld four times in five, and four answers
    under the meld rules ``aces`` and ``max_wilds``: the right one and the usual mistakes
    (forgetting the wild, melding nothing...).  The hand depends on the seed alone."""
    rules = meld_options(aces, max_wilds)
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
    answer, arr = min_deadwood(hand, wild, rules)
    everything = sum(penalty_value(c, aces) for c in hand)
    # forgetting that the wild card is wild: score with a wild rank nobody holds
    absent = [r for r in RANKS[2:] if all(c.rank != r for c in hand)]
    wrong = [everything]
    if absent and any(is_wild(c, wild) for c in hand):
        wrong.append(min_deadwood(hand, absent[0], rules)[0])
    wrong += [answer + d for d in (rng.choice((1, 2, 3, 5)), -rng.choice((1, 2, 3)), 10)]
    choices = [answer]
    for w in wrong:
        if w >= 0 and w not in choices:
            choices.append(w)
        if len(choices) == 4:
            break
    rng.shuffle(choices)
    return DeadwoodQuestion(round_no, hand, answer, arr, tuple(choices), aces, max_wilds)


# -- why the best arrangement is best ----------------------------------------------------------
@dataclass(frozen=True)
class Placement:
    """One job a wild card could do: play as ``plays_as`` in the meld ``meld``; the best total
    deadwood of the hand when it does."""

    wild: Card
    plays_as: str
    meld: str
    penalty: int
    arrangement: Any


def wild_jobs(hand: Sequence[Card], wild: str, w: Card) -> list[tuple[str, str, tuple[Card, ...]]]:
    """Every meld the wild card ``w`` could complete with natural cards of the hand, as
    (meld in words, what ``w`` plays as, the meld's cards): a set of a rank held at least twice,
    or a run of one suit where ``w`` fills the one missing rank (a gap or an end)."""
    naturals = [c for c in hand if not is_wild(c, wild)]
    jobs = []
    by_rank: dict[str, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for rank, same in by_rank.items():
        if len(same) >= 2:
            cards_shown = f"{' '.join(card_text(c) for c in same)} [{card_text(w)}]"
            meld = msg("Set of {ranks}: {cards}", ranks=rank_message(rank, True), cards=cards_shown)
            # Translators: what a wild card plays as in a set: "a King", "a 7"
            plays = msg("a {rank}", rank=rank_message(rank))
            jobs.append((str(meld), str(plays), (*same, w)))
    for suit in "shdc":
        held = {RANKS.index(c.rank): c for c in naturals if c.suit == suit}
        for lo in range(13):
            for hi in range(lo + 2, 13):
                window = range(lo, hi + 1)
                missing = [r for r in window if r not in held]
                if len(missing) != 1:
                    continue
                gap = Card(DECK.name, RANKS[missing[0]], suit)
                shown = " ".join(
                    f"[{card_text(w)}]" if r == missing[0] else card_text(held[r]) for r in window
                )
                label = msg(
                    "Run {first}\u2013{last}: {cards}",
                    first=card_text(Card(DECK.name, RANKS[lo], suit)),
                    last=card_text(Card(DECK.name, RANKS[hi], suit)),
                    cards=shown,
                )
                cards = (*(held[r] for r in window if r in held), w)
                # Translators: what a wild card plays as in a run: "the 7♥"
                plays = msg("the {card}", card=card_text(gap))
                jobs.append((str(label), str(plays), cards))
    return jobs


def wild_placements(
    hand: Sequence[Card], wild: str, limit: int = 3, options: Mapping[str, Any] | None = None
) -> list[list[Placement]]:
    """For each wild card in the hand: the jobs it could do, best first.

    How: for every meld the wild card could complete (`wild_jobs`), lay that meld down and ask
    the solver for the best arrangement of the other cards; that meld's deadwood is the rest's.
    The job with the smallest deadwood is where the wild card does the most good.  ``options``
    are the meld rules (`min_deadwood`'s: ``aces``, ``max_wilds_per_meld``).
    """
    hand = tuple(hand)
    out: list[list[Placement]] = []
    seen: set[Card] = set()
    for w in hand:
        if not is_wild(w, wild) or w in seen:
            continue
        seen.add(w)
        placements = []
        for label, plays, cards in wild_jobs(hand, wild, w):
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            penalty, arr = min_deadwood(rest, wild, options) if rest else (0, None)
            placements.append(Placement(w, plays, label, penalty, arr))
        placements.sort(key=lambda p: p.penalty)
        out.append(placements[:limit])
    return out


def why_lines(
    hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None
) -> list[str]:
    """The reasoning behind the solver's answer under the meld rules ``options``, in a few
    sentences."""
    hand = tuple(hand)
    _, arr = min_deadwood(hand, wild, options)
    aces = (options or {}).get("aces", "low")
    lines = []
    wilds = [c for c in hand if is_wild(c, wild)]
    if not arr.melds:
        if wilds:
            said = msg(
                "No three cards make a set or a run, so every card is deadwood: {sum}.",
                sum=_sum(arr.deadwood, aces),
            )
        else:
            said = msg(
                "No three cards make a set or a run and there is no wild card to help, "
                "so every card is deadwood: {sum}.",
                sum=_sum(arr.deadwood, aces),
            )
        lines.append(str(said))
        return lines
    for meld in arr.melds:
        # Translators: a meld's name and its cards: "Set of Kings: K♦ K♠ 7♣."
        lines.append(
            str(msg("{meld}: {cards}.", meld=meld_label(meld, wild), cards=hand_words(meld.cards)))
        )
    if arr.deadwood:
        lines.append(str(msg("Left over (deadwood): {sum}.", sum=_sum(arr.deadwood, aces))))
    else:
        lines.append(str(msg("Every card is in a meld: deadwood 0.")))
    if wilds and len(wilds) <= 2 and len(hand) <= 10:
        for jobs_of_w in wild_placements(hand, wild, options=options):
            if len(jobs_of_w) < 2:
                continue
            w = jobs_of_w[0].wild
            jobs = [
                msg(
                    "as {plays} in {meld}, the best deadwood is {points}",
                    plays=p.plays_as,
                    meld=p.meld,
                    points=p.penalty,
                )
                for p in jobs_of_w
            ]
            best = jobs_of_w[0]
            first = str(jobs[0])
            tried = str(listed([first[:1].upper() + first[1:], *jobs[1:]]))
            lines.append(
                str(
                    msg(
                        "Where does the wild {card} do more good? {jobs}. "
                        "So it plays as {plays}: that leaves the least deadwood.",
                        card=card_text(w),
                        jobs=tried,
                        plays=best.plays_as,
                    )
                )
            )
    elif not wilds:
        lines.append(
            str(
                msg(
                    "No wild card this time ({wild} are wild this round).",
                    wild=rank_message(wild, True),
                )
            )
        )
    return lines


def _sum(cards: Sequence[Card], aces: str = "low") -> str:
    vals = [penalty_value(c, aces) for c in sorted_hand(cards)]
    if len(vals) == 1:
        return f"{card_text(sorted_hand(cards)[0])} = {vals[0]}"
    return f"{' + '.join(str(v) for v in vals)} = {sum(vals)}"


def why_html(hand: Sequence[Card], wild: str, options: Mapping[str, Any] | None = None) -> str:
    lines = why_lines(hand, wild, options)
    items = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    title = msg("Why this is the best")
    return f"<div class='cardlab-why'><b>{title}</b><ul>{items}</ul></div>"


def question(seed: int, options: Mapping[str, Any] | None = None) -> DeadwoodQuestion:
    """The lesson's question for ``seed`` under the game's ``options`` (default: the standard
    rules); ``ValueError`` naming a bad option."""
    rules = rules_of("three_thirteen", options, RULES)
    return deadwood_question(seed, rules["aces"], rules["max_wilds_per_meld"])


def prompt_html(q: DeadwoodQuestion) -> str:
    """The question, the hand in words (and the rules when they are not the standard ones)."""
    ace = q.value(Card(DECK.name, "A", "s"))
    dealt = msgn(
        "Round {round}: {count} card, <b>{wild} are wild</b>. The hand is {hand}.",
        "Round {round}: {count} cards, <b>{wild} are wild</b>. The hand is {hand}.",
        len(q.hand),
        round=q.round_no,
        wild=rank_message(q.wild, True),
        hand=html.escape(hand_words(q.hand)),
    )
    asked = msg(
        "<b>What is the deadwood of this hand?</b> (the smallest total of the cards left "
        "over after the best melds; A = {ace}, J = Q = K = 10)",
        ace=ace,
    )
    return rules_note("three_thirteen", q.options, RULES) + f"<p>{dealt}</p><p>{asked}</p>"


def choices(q: DeadwoodQuestion) -> list[tuple[str, str]]:
    return [(str(c), str(c)) for c in q.choices]


def answer(q: DeadwoodQuestion) -> str:
    return str(q.answer)


def feedback(q: DeadwoodQuestion, value: str) -> tuple[bool, str | Message, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML): the solver's melds."""
    right = int(value) == q.answer
    head = (
        str(RIGHT)
        if right
        else str(msg("<b>\u2718 Not quite:</b> it is {answer}.", answer=q.answer))
    )
    everything = sum(q.value(c) for c in q.hand)
    extra = ""
    if int(value) == everything and not right:
        counted = msg("That is every card counted: look for melds first.")
        extra = f"<p>{counted}</p>"
    return right, head, f"{extra}{why_html(q.hand, q.wild, q.solver_options)}"


def asked_for(seed: int, options: Mapping[str, Any] | None = None) -> Asked:
    """The question dealt with ``seed`` under ``options`` (default: the standard rules), in
    words."""
    return asked(question(seed, options), prompt_html, choices, answer, feedback)
