"""The Triad quiz's questions: "which hand wins?" on showdowns dealt by the engine, with the
reason (pure: the quiz widget and the printed worksheet both ask them).

They follow the rules `RULES` (wild jokers are dealt into the hands and value them; five of a
kind is Five Up or a Four Up).  The table's ``players`` does not enter: a showdown question deals
two or three hands of its own, whatever the table seats."""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cardlab.apps.asked import RIGHT, Asked, asked, rules_of
from cardlab.apps.rules_words import rules_note
from cardlab.core.cards import Card, format_cards
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.stored import stored
from cardlab.games.poker.ranking import TRIAD_WORDS
from cardlab.games.triad import DECK, HandValue, evaluate
from cardlab.games.triad.game import deck as triad_deck

if TYPE_CHECKING:  # numpy and the tables: imported when a question is dealt, not read stored
    import numpy as np

# Translators: the places of a hand's tie-break, "the first difference is the {place}"
_HIGHEST, _SECOND, _THIRD = msg("highest card"), msg("second card"), msg("third card")
_FOURTH, _LAST, _TOP = msg("fourth card"), msg("last card"), msg("top card")
_KICKER, _THREE, _PAIR = msg("kicker"), msg("three"), msg("pair")
KEY_WORDS: dict[str, tuple[Message, ...]] = {
    "high_card": (_HIGHEST, _SECOND, _THIRD, _FOURTH, _LAST),
    "one_pair": (_PAIR, msg("highest kicker"), msg("second kicker"), msg("last kicker")),
    "two_pair": (msg("higher pair"), msg("lower pair"), _KICKER),
    "three_up": (_THREE, msg("higher kicker"), msg("lower kicker")),
    "run": (_TOP,),
    "colors": (_HIGHEST, _SECOND, _THIRD, _FOURTH, _LAST),
    "full_up": (_THREE, _PAIR),
    "four_up": (msg("four"), _KICKER),
    "half_colors": (_TOP,),
    "full_colors": (),
    "five_up": (msg("rank"),),
}
RANK_WORD: dict[int, str | Message] = {
    **{v: str(v) for v in range(2, 11)},
    11: msg("Prince"),
    12: msg("Queen"),
    13: msg("King"),
    14: msg("Ace"),
}


def why_wins(values: Sequence[HandValue]) -> Message:
    """Why the best of ``values`` (the hands shown, by seat) wins or ties, in one sentence: the
    best hand against the next best.  Hands of the same category are named by their players, so
    the sentence is right whether two or three hands are shown."""
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=True)
    a, b = values[order[0]], values[order[1]]
    if a.index != b.index:
        return msg(
            "{higher} ranks above {lower}: the category decides before any card is compared.",
            higher=TRIAD_WORDS[a.category],
            lower=TRIAD_WORDS[b.category],
        )
    cat = TRIAD_WORDS[a.category]
    same = joined(seat_name(i) for i, v in enumerate(values) if v.index == a.index)
    for word, x, y in zip(KEY_WORDS[a.category], a.key, b.key, strict=False):
        if x != y:
            return msg(
                # Translators: {players} is a list of players, e.g. "Player 1, Player 3"
                "{players} each have {hand}, so the tie-break compares in order; the first "
                "difference is the {place}: {one} against {other}.",
                players=same,
                hand=cat,
                place=word,
                one=RANK_WORD[x],
                other=RANK_WORD[y],
            )
    return msg(
        # Translators: {players} is a list of players, e.g. "Player 1, Player 3"
        "{players} each have {hand} with the same ranks in every place: suits never count, so it "
        "is a tie.",
        players=joined(seat_name(i) for i, v in enumerate(values) if v == a),
        hand=cat,
    )


RULES = ("jokers", "five_of_a_kind")
"""The options a showdown question depends on."""


@dataclass(frozen=True)
class Showdown:
    """A quiz question: ``hands`` dealt from one shuffled deck and their values under the rules
    ``jokers`` and ``five_of_a_kind``."""

    hands: tuple[tuple[Card, ...], ...]
    values: tuple[HandValue, ...]
    jokers: str = "out"
    five_of_a_kind: bool = True

    @property
    def options(self) -> dict[str, Any]:
        return {"jokers": self.jokers, "five_of_a_kind": self.five_of_a_kind}

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.values)
        return tuple(i for i, v in enumerate(self.values) if v == best)

    @property
    def answer(self) -> str:
        """``"0"``, ``"1"``... for a single winner, ``"tie"`` when the best hands are equal."""
        w = self.winners
        return str(w[0]) if len(w) == 1 else "tie"


def dealt_given(
    rng: random.Random,
    pool: Sequence[Card],
    fits: Callable[[np.ndarray], np.ndarray],
    jokers: str = "out",
    five_of_a_kind: bool = True,
) -> tuple[Card, ...]:
    """Five cards dealt from ``pool`` given that their category ``fits`` (a test on an array of
    category indices): every such hand is equally likely.  All C(len(pool), 5) hands are
    counted at once and one of those that fit is drawn, so nothing is dealt again and again."""
    import numpy as np

    from cardlab.games.poker.tables import card_ids, category_of, combinations_array, evaluate_many

    ids = card_ids(pool)
    combos = combinations_array(len(pool), 5)
    codes = evaluate_many(ids[combos], jokers, five_of_a_kind)
    fitting = np.flatnonzero(fits(category_of(codes)))
    return tuple(pool[i] for i in combos[fitting[rng.randrange(len(fitting))]])


@stored
def showdown_question(
    seed: int, players: int | None = None, jokers: str = "out", five_of_a_kind: bool = True
) -> Showdown:
    """Deal 2 or 3 hands from a shuffled deck (52 cards, 54 with the jokers wild); most
    questions are close calls (the two best hands in the same category), and some are ties,
    since those teach the tie-break.  With the jokers wild they are in the deck and the hands
    are valued with them, five of a kind as Five Up or (``five_of_a_kind=False``) a Four Up.

    A close call is built, not searched for: the first hand is dealt, the second is dealt from
    the rest of the deck given that it is in the same category, and a third given that it is in
    no higher one; then the seats are shuffled."""
    rng = random.Random(f"triad-quiz:{seed}")
    n = players or rng.choice((2, 2, 3))
    close = rng.random() < 0.7
    cards = list(triad_deck({"jokers": jokers}))
    rng.shuffle(cards)

    def value(hand: Sequence[Card]) -> HandValue:
        return evaluate(hand, jokers, five_of_a_kind)

    if close:
        first = tuple(cards[:5])
        category = value(first).index
        rest = cards[5:]
        dealt = [first, dealt_given(rng, rest, lambda c: c == category, jokers, five_of_a_kind)]
        if n == 3:
            rest = [c for c in rest if c not in dealt[1]]
            dealt.append(dealt_given(rng, rest, lambda c: c <= category, jokers, five_of_a_kind))
        rng.shuffle(dealt)
    else:
        dealt = [tuple(cards[5 * i : 5 * i + 5]) for i in range(n)]
    hands = tuple(tuple(sorted(h, key=lambda c: (-DECK.strength(c), c.code))) for h in dealt)
    return Showdown(hands, tuple(value(h) for h in hands), jokers, five_of_a_kind)


def question(seed: int, options: Mapping[str, Any] | None = None) -> Showdown:
    """The lesson's question for ``seed`` under the game's ``options`` (default: the standard
    rules); ``ValueError`` naming a bad option."""
    rules = rules_of("triad", options, RULES)
    if rules["jokers"] == "out":  # no five of a kind without them: the standard question
        rules["five_of_a_kind"] = True
    return showdown_question(seed, **rules)


def prompt_html(q: Showdown) -> str:
    """The question, the hands in words (and the rules when they are not the standard ones)."""
    asked = msgn(
        "<p>{count} player shows their hand. <b>Which hand wins the pot?</b> (Suits never break "
        "ties: if the best hands are equal, they split the pot.)</p>",
        "<p>{count} players show their hands. <b>Which hand wins the pot?</b> (Suits never "
        "break ties: if the best hands are equal, they split the pot.)</p>",
        len(q.hands),
    )
    return (
        str(rules_note("triad", q.options, RULES))
        + str(asked)
        + "<ul>"
        + "".join(_hand_item(i, h) for i, h in enumerate(q.hands))
        + "</ul>"
    )


def _hand_item(seat: int, hand: Sequence[Card], value: HandValue | None = None) -> str:
    if value is None:
        said = msg("{player}: {cards}", player=seat_name(seat), cards=format_cards(hand))
    else:
        said = msg(
            "{player}: {cards} = <b>{hand}</b>",
            player=seat_name(seat),
            cards=format_cards(hand),
            hand=html.escape(value.name),
        )
    return f"<li>{said}</li>"


def choices(q: Showdown) -> list[tuple[str, str]]:
    return [*((str(seat_name(i)), str(i)) for i in range(len(q.hands))),
            (str(msg("A tie: they split the pot")), "tie")]  # fmt: skip


def answer(q: Showdown) -> str:
    return q.answer


def feedback(q: Showdown, value: str) -> tuple[bool, str | Message, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML)."""
    right = value == q.answer
    a = max(q.values)
    if q.answer == "tie":
        verdict = msg("It is a tie: the best hands are equal and split the pot.")
    else:
        verdict = msg("{player} wins with {hand}.", player=seat_name(int(q.answer)), hand=a.words)
    items = "".join(
        _hand_item(i, h, v) for i, (h, v) in enumerate(zip(q.hands, q.values, strict=True))
    )
    head = str(RIGHT) if right else str(msg("<b>\u2718 Not quite.</b>"))
    return (
        right,
        head,
        f"{html.escape(str(verdict))}<ul>{items}</ul><p>{html.escape(str(why_wins(q.values)))}</p>",
    )


def asked_for(seed: int, options: Mapping[str, Any] | None = None) -> Asked:
    """The question dealt with ``seed`` under ``options`` (default: the standard rules), in
    words."""
    return asked(question(seed, options), prompt_html, choices, answer, feedback)
