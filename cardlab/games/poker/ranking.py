"""The 5-card poker ranking shared by Triad and Pyramid Poker: categories, tie-break keys, names.

`evaluate` classifies exactly five cards of any deck with the standard ranks 2..A (Triad, the
52/54-card decks, the Pyramid Poker blocks) under the Triad ranking (`cardlab.games.triad.rules`),
which Pyramid Poker shares: the category first, then the tie-break key; A-2-3-4-5 is the lowest
straight (5-high), there is no wrap-around, and suits never break ties.

Jokers wild (``jokers="wild"``): each joker stands for whatever card gives the best hand, and
**Five Up** (five of a kind) ranks above Full Colors; with ``five_of_a_kind=False`` five of a
kind counts as Four Up whose kicker is the same rank (so it still beats every other Four Up of
that rank).  A joker may copy a card already held (that is how Five Up exists at all), but the
five ranks of a flush are distinct as in every real flush: a joker completing Colors counts as
the highest rank the flush lacks.  Ties are broken by the ranks the jokers stand for.

This module is plain Python (no numpy) so importing the ranking stays light; the vectorised
engine for whole decks and draw odds lives in `cardlab.games.poker.tables` and agrees with
`evaluate` code for code (`HandValue.code`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement

from cardlab.core.cards import Card, Deck, get_deck
from cardlab.core.i18n import Message, msg, msgn

# Categories from lowest to highest; the index is the first element of every `HandValue`.
CATEGORIES: tuple[str, ...] = (
    "high_card",
    "one_pair",
    "two_pair",
    "three_up",
    "run",
    "colors",
    "full_up",
    "four_up",
    "half_colors",
    "full_colors",
    "five_up",
)
CATEGORY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}

TRIAD_WORDS: dict[str, Message] = {
    "high_card": msg("High Card"),
    "one_pair": msg("One Pair"),
    "two_pair": msg("Two Pair"),
    "three_up": msg("Three Up"),
    "run": msg("Run"),
    "colors": msg("Colors"),
    "full_up": msg("Full Up"),
    "four_up": msg("Four Up"),
    "half_colors": msg("Half Colors"),
    "full_colors": msg("Full Colors"),
    "five_up": msg("Five Up"),
}
"""The Triad name of each category, as a message (read in the page's language)."""
POKER_WORDS: dict[str, Message] = {
    "high_card": msg("High Card"),
    "one_pair": msg("One Pair"),
    "two_pair": msg("Two Pair"),
    "three_up": msg("Three of a Kind"),
    "run": msg("Straight"),
    "colors": msg("Flush"),
    "full_up": msg("Full House"),
    "four_up": msg("Four of a Kind"),
    "half_colors": msg("Straight Flush"),
    "full_colors": msg("Royal Flush"),
    "five_up": msg("Five of a Kind"),
}
"""The usual poker name of each category, as a message."""
TRIAD_NAMES: dict[str, str] = {c: m.msgid for c, m in TRIAD_WORDS.items()}
"""The Triad names in English (the notation of the rules text and the tests)."""
POKER_NAMES: dict[str, str] = {c: m.msgid for c, m in POKER_WORDS.items()}
"""The poker names in English."""

RANKS: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
RANK_VALUE: dict[str, int] = {r: i + 2 for i, r in enumerate(RANKS)}  # 2..14, ace 14
JOKERS: tuple[str, ...] = ("BJ", "RJ")
JOKER_MODES = ("out", "wild")

# Rank words by value (one, many); the Triad deck calls the jack the Prince (triad.md §1).
_POKER_WORDS: dict[int, tuple[Message, Message]] = {
    2: (msg("Two"), msg("Twos")),
    3: (msg("Three"), msg("Threes")),
    4: (msg("Four"), msg("Fours")),
    5: (msg("Five"), msg("Fives")),
    6: (msg("Six"), msg("Sixes")),
    7: (msg("Seven"), msg("Sevens")),
    8: (msg("Eight"), msg("Eights")),
    9: (msg("Nine"), msg("Nines")),
    10: (msg("Ten"), msg("Tens")),
    11: (msg("Jack"), msg("Jacks")),
    12: (msg("Queen"), msg("Queens")),
    13: (msg("King"), msg("Kings")),
    14: (msg("Ace"), msg("Aces")),
}
_TRIAD_WORDS = {**_POKER_WORDS, 11: (msg("Prince"), msg("Princes"))}
_SHORT = {v: ("10" if r == "T" else r) for r, v in RANK_VALUE.items()}

# Packing of a value into one integer, shared with the numpy engine: the category times 13**5
# plus the key's ranks (0 for a 2 .. 12 for an ace) as base-13 digits, most significant first.
KEY_BASE = 13
CATEGORY_BASE = KEY_BASE**5


@dataclass(frozen=True, order=True)
class HandValue:
    """The strength of one 5-card hand: ``(category index, tie-break key)``; higher is better.

    The key holds rank values 2..14 (ace 14; the 5-high straight has key ``(5,)``).  Two values
    are equal exactly when the hands tie.  ``cards`` (the five cards evaluated) is not compared.
    """

    index: int
    key: tuple[int, ...] = ()
    cards: tuple[Card, ...] = field(default=(), compare=False, repr=False)

    @property
    def category(self) -> str:
        return CATEGORIES[self.index]

    @property
    def code(self) -> int:
        """One integer with the same order as the value (what `tables.evaluate_many` returns)."""
        digits = [v - 2 for v in self.key] + [0] * (5 - len(self.key))
        code = self.index
        for d in digits:
            code = code * KEY_BASE + d
        return code

    @classmethod
    def from_code(cls, code: int) -> HandValue:
        """The value packed in ``code`` (inverse of `code`)."""
        index, rest = divmod(int(code), CATEGORY_BASE)
        digits = []
        for _ in range(5):
            rest, d = divmod(rest, KEY_BASE)
            digits.append(d + 2)
        digits.reverse()
        return cls(index, tuple(digits[: _KEY_LENGTH[CATEGORIES[index]]]))

    @property
    def words(self) -> Message:
        """The Triad declaration as a message, e.g. "Three Up, Kings", "King High",
        "Run, 5-high" (read in a language where it is shown)."""
        return _describe(self, TRIAD_WORDS, _TRIAD_WORDS)

    @property
    def poker_words(self) -> Message:
        """The poker name as a message, e.g. "Three of a Kind, Kings", "Straight, 5-high"."""
        return _describe(self, POKER_WORDS, _POKER_WORDS)

    @property
    def name(self) -> str:
        """The Triad declaration in the current language (`words` read)."""
        return str(self.words)

    @property
    def poker_name(self) -> str:
        """The poker name in the current language (`poker_words` read)."""
        return str(self.poker_words)

    def __str__(self) -> str:
        return self.name


_KEY_LENGTH = {
    "high_card": 5, "one_pair": 4, "two_pair": 3, "three_up": 3, "run": 1, "colors": 5,
    "full_up": 2, "four_up": 2, "half_colors": 1, "full_colors": 0, "five_up": 1,
}  # fmt: skip


def _describe(
    value: HandValue, names: dict[str, Message], words: dict[int, tuple[Message, Message]]
) -> Message:
    cat, key = value.category, value.key
    title = names[cat]
    if cat == "full_colors":
        return title
    if cat == "high_card":
        # Translators: a High Card hand named by its top card: "King High"
        return msg("{rank} High", rank=words[key[0]][0])
    if cat in ("run", "half_colors"):
        # Translators: a Run (straight) by its top card, written as on the card: "Run, 5-high"
        return msg("{hand}, {rank}-high", hand=title, rank=_SHORT[key[0]])
    if cat == "colors":
        # Translators: a Colors (flush) hand with its five ranks: "Colors, A-J-8-6-3"
        return msg("{hand}, {ranks}", hand=title, ranks="-".join(_SHORT[v] for v in key))
    many = {v: w[1] for v, w in words.items()}
    if cat == "full_up":
        # Translators: a Full Up (full house): three Kings and two Sevens
        return msg("{hand}, {three} over {pair}", hand=title, three=many[key[0]], pair=many[key[1]])
    if cat == "two_pair":
        return msg("{hand}, {high} and {low}", hand=title, high=many[key[0]], low=many[key[1]])
    # five_up, four_up, three_up, one_pair: "Three Up, Kings"
    return msg("{hand}, {rank}", hand=title, rank=many[key[0]])


# -- validation ----------------------------------------------------------------------------------
def _check_deck(card: object) -> Deck:
    if not isinstance(card, Card):
        raise ValueError(f"expected a Card, got {card!r}")
    deck = get_deck(card.deck)
    if deck.ranks != RANKS or not deck.suits:
        raise ValueError(
            f"{card} is a card of the {deck.title}; poker hands need the standard ranks 2..A "
            "in suits (Triad, standard52, standard54 or blocks)"
        )
    if deck.count(card) == 0:
        raise ValueError(f"{card!r} is not a card of the {deck.title}")
    return deck


def check_cards(
    cards: Iterable[Card], jokers: str = "out", count: int | None = 5
) -> tuple[Card, ...]:
    """The cards as a tuple, or ``ValueError``: wrong count, foreign or mixed decks, a card held
    more often than its deck has it, a joker when jokers are out, an unknown joker mode."""
    if jokers not in JOKER_MODES:
        raise ValueError(f"jokers must be 'out' or 'wild', got {jokers!r}")
    cards = tuple(cards)
    if count is not None and len(cards) != count:
        raise ValueError(
            msgn(
                "a poker hand is exactly {count} card, got {got}",
                "a poker hand is exactly {count} cards, got {got}",
                count,
                got=len(cards),
            )
        )
    decks = {_check_deck(card).name for card in cards}
    if len(decks) > 1:
        raise ValueError(f"cards from different decks: {', '.join(sorted(decks))}")
    for card, n in Counter(cards).items():
        if n > get_deck(card.deck).count(card):
            raise ValueError(
                msgn(
                    "{card} appears {count} time; the deck has only one",
                    "{card} appears {count} times; the deck has only one",
                    n,
                    card=card.code,
                )
            )
        if card.rank in JOKERS and jokers == "out":
            raise ValueError(
                msg("{card} is a joker and jokers are out (use jokers='wild')", card=card.code)
            )
    return cards


# -- evaluation ----------------------------------------------------------------------------------
def _straight_top(values: Sequence[int]) -> int | None:
    """The top of the straight these five distinct values form, or None (A-2-3-4-5 tops at 5)."""
    hi, lo = max(values), min(values)
    if hi - lo == 4:
        return hi
    if sorted(values) == [2, 3, 4, 5, 14]:
        return 5
    return None


def _value(values: Sequence[int], suits: Sequence[str], five_of_a_kind: bool) -> HandValue:
    """The value of five concrete (rank value, suit) pairs; ranks may repeat (jokers copying)."""
    counts = Counter(values)
    groups = sorted(counts.items(), key=lambda item: (item[1], item[0]), reverse=True)
    key = tuple(v for v, _ in groups)
    shape = tuple(n for _, n in groups)
    if shape == (5,):
        return _v("five_up", key) if five_of_a_kind else _v("four_up", key * 2)
    distinct = len(counts) == 5
    flush = distinct and len(set(suits)) == 1
    top = _straight_top(values) if distinct else None
    if flush and top is not None:
        return _v("full_colors", ()) if top == 14 else _v("half_colors", (top,))
    if shape == (4, 1):
        return _v("four_up", key)
    if shape == (3, 2):
        return _v("full_up", key)
    if flush:
        return _v("colors", key)
    if top is not None:
        return _v("run", (top,))
    if shape == (3, 1, 1):
        return _v("three_up", key)
    if shape == (2, 2, 1):
        return _v("two_pair", key)
    if shape == (2, 1, 1, 1):
        return _v("one_pair", key)
    return _v("high_card", key)


def _v(category: str, key: tuple[int, ...]) -> HandValue:
    return HandValue(CATEGORY_INDEX[category], key)


def evaluate(cards: Iterable[Card], jokers: str = "out", five_of_a_kind: bool = True) -> HandValue:
    """The `HandValue` of exactly five cards (see the module docstring for the joker rules).

    ``ValueError`` for a wrong count, a card of a deck without the standard ranks, a physical
    card held twice, cards of two decks, or a joker when ``jokers="out"``.
    """
    return value_of(check_cards(cards, jokers), five_of_a_kind)


def value_of(cards: tuple[Card, ...], five_of_a_kind: bool = True) -> HandValue:
    """`evaluate` without the checks, for five cards a game dealt itself: a bot weighs
    thousands of sampled hands per decision, and the checks were two thirds of its time."""
    real = [c for c in cards if c.rank not in JOKERS]
    values = [RANK_VALUE[c.rank] for c in real]
    suits = [c.suit for c in real]
    wild = 5 - len(real)
    if wild == 0:
        best = _value(values, suits, five_of_a_kind)
    else:
        # A joker's suit only matters for a flush: the real cards' one suit, or any other.
        flush_suit = suits[0] if len(set(suits)) == 1 else None
        options = [(v, flush_suit) for v in range(2, 15)] if flush_suit else []
        options += [(v, "?") for v in range(2, 15)]
        best = max(
            _value(values + [v for v, _ in sub], suits + [s for _, s in sub], five_of_a_kind)
            for sub in combinations_with_replacement(options, wild)
        )
    return HandValue(best.index, best.key, cards)


def best_of(cards: Iterable[Card], jokers: str = "out", five_of_a_kind: bool = True) -> HandValue:
    """The best `HandValue` among every 5 of 5 or more cards; ``.cards`` holds the five used."""
    cards = check_cards(cards, jokers, count=None)
    if len(cards) < 5:
        raise ValueError(f"best_of needs at least 5 cards, got {len(cards)}")
    return max(value_of(five, five_of_a_kind) for five in combinations(cards, 5))


def compare(
    a: HandValue | Iterable[Card],
    b: HandValue | Iterable[Card],
    jokers: str = "out",
    five_of_a_kind: bool = True,
) -> int:
    """+1 if ``a`` wins, -1 if ``b`` wins, 0 for a tie (hands of cards are evaluated first)."""
    va = a if isinstance(a, HandValue) else evaluate(a, jokers, five_of_a_kind)
    vb = b if isinstance(b, HandValue) else evaluate(b, jokers, five_of_a_kind)
    return (va > vb) - (va < vb)


def categories(jokers: str = "out", five_of_a_kind: bool = True) -> tuple[str, ...]:
    """The categories a hand can have under these options, lowest first."""
    if jokers not in JOKER_MODES:
        raise ValueError(f"jokers must be 'out' or 'wild', got {jokers!r}")
    return CATEGORIES if jokers == "wild" and five_of_a_kind else CATEGORIES[:-1]
