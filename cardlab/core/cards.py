"""Immutable cards, the six decks of cardlab, and their text notation.

One `Card` type serves every deck: a card is its `deck` name, a `rank` token and a `suit` token,
exactly the pieces of its notation (``docs/notation.md``).  Keeping the notation tokens
as the identity means `parse(format(cards)) == cards` holds by construction, and a card never needs
a lookup table to be printed.  Game-specific meaning (Dou Dizhu's 2 above the ace, Pyramid's level
order) lives in the games; a deck only knows its composition and one default strength order.

Several decks hold identical cards (Pyramid has nine ``3P``), so a hand is a multiset: tuples of
cards, never sets.
"""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from cardlab.core.i18n import Joined, Message, joined, msg, msgn, num, read
from cardlab.core.text import shown

MAX_DECKS = 3
"""The most copies of one deck a cardlab table uses (Three Thirteen for 5-6 players): a card list
with more cards, or more copies of one card, than that many decks hold comes from no game."""

_CHARS_PER_CARD = 8
"""Room per card when the length of card text is checked before it is read: the longest token
(``10♠`` and an emoji variation selector) is 4 characters, a separator a few more."""

_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
"""Dropped from a token: phones add them to suit glyphs (``♠️``), which are the same suit."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card: ``deck`` names its deck, ``rank`` and ``suit`` are its notation tokens.

    Extra cards (jokers, the Keystone) have the whole token as ``rank`` and an empty ``suit``.
    """

    deck: str
    rank: str
    suit: str = ""

    @property
    def code(self) -> str:
        """The canonical notation token, e.g. ``As``, ``3P``, ``BJ``."""
        return self.rank + self.suit

    @property
    def is_extra(self) -> bool:
        """True for jokers and the Keystone: cards outside the rank x suit grid."""
        return self.suit == "" and self.rank in DECKS[self.deck].extras

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True, eq=False)
class Deck:
    """The composition and notation of one physical deck.

    ``copies`` maps a (rank, suit) pair to how many identical cards the deck holds (default 1);
    ``rank_aliases`` and ``suit_aliases`` are the extra spellings `parse` accepts.
    """

    name: str
    title: str | Message
    ranks: tuple[str, ...]
    suits: tuple[str, ...]
    extras: tuple[str, ...] = ()
    copies: dict[tuple[str, str], int] = field(default_factory=dict)
    rank_names: dict[str, Message] = field(default_factory=dict)
    suit_names: dict[str, Message] = field(default_factory=dict)
    rank_aliases: dict[str, str] = field(default_factory=dict)
    suit_aliases: dict[str, str] = field(default_factory=dict)
    card_words: dict[str, Message] = field(default_factory=dict)
    """A card of each suit in words, with a ``{rank}`` to fill ("{rank} of Spades"): a message
    per suit, so a language can decline the suit (or put it first) as its card names do."""
    about: str | Message = ""

    # -- composition -------------------------------------------------------------------------
    def cards(self) -> tuple[Card, ...]:
        """Every card of the deck in canonical order: suit by suit, rank by rank, extras last."""
        out: list[Card] = []
        for suit in self.suits or ("",):
            for rank in self.ranks:
                out.extend([Card(self.name, rank, suit)] * self.copies.get((rank, suit), 1))
        out.extend(Card(self.name, extra) for extra in self.extras)
        return tuple(out)

    def kinds(self) -> tuple[Card, ...]:
        """The distinct cards of the deck, in canonical order."""
        return tuple(dict.fromkeys(self.cards()))

    def count(self, card: Card) -> int:
        """How many copies of ``card`` the deck holds (0 for a card of another deck)."""
        if not isinstance(card, Card) or card.deck != self.name:
            return 0
        if card.suit == "" and card.rank in self.extras:
            return 1
        if card.rank in self.ranks and card.suit in (self.suits or ("",)):
            return self.copies.get((card.rank, card.suit), 1)
        return 0

    def __len__(self) -> int:
        return len(self.cards())

    def strength(self, card: Card) -> int:
        """A default order for "highest card" comparisons: rank first, then suit order, extras top.

        Games with their own order (Dou Dizhu's 2, Triangle's ace low) define it themselves.
        """
        self._check_card(card)
        if card.is_extra:
            return 1000 + self.extras.index(card.rank)
        suit_bonus = len(self.suits) - self.suits.index(card.suit) if self.suits else 0
        return self.ranks.index(card.rank) * 10 + suit_bonus

    def words(self, card: Card) -> Message | str:
        """A card in words, as a message: "Ace of Blue", "level-1 Purple", "Black joker"."""
        self._check_card(card)
        rank = self.rank_names.get(card.rank, card.rank)
        if not card.suit:
            return rank
        words = self.card_words[card.suit]
        return Message(words.msgid, (("rank", rank),))

    def describe(self, card: Card) -> str:
        """A card in words in the current language, e.g. "Ace of Blue", "level-1 Purple",
        "Black joker" (`words` is the same as a message, for a sentence read later)."""
        return str(self.words(card))

    # -- notation ----------------------------------------------------------------------------
    def parse(self, text: str | Iterable[str], decks: int | None = None) -> tuple[Card, ...]:
        """Cards from notation: tokens separated by spaces or commas (or an iterable of tokens).

        ``decks`` is how many copies of this deck are in play (default `MAX_DECKS`): more cards,
        or more copies of one card, than they hold are refused, the length before any token is
        read.  ``ValueError`` names the first bad token and what this deck allows; ``TypeError``
        is for input that is neither text nor tokens.
        """
        decks = MAX_DECKS if decks is None else decks
        cards = tuple(self.parse_card(token) for token in self.tokens(text, decks))
        self.check_copies(cards, decks)
        return cards

    def tokens(self, text: str | Iterable[str], decks: int = MAX_DECKS) -> list[str]:
        """The tokens of card text (or of an iterable of tokens), empty ones dropped; refused at
        once, before any token is read, when there are more than ``decks`` decks hold."""
        most = len(self) * decks
        if isinstance(text, str):
            if len(text) > most * _CHARS_PER_CARD:
                raise ValueError(
                    msg(
                        "{holders} only {most} cards, so card text is at most {chars} "
                        "characters; this has {count}",
                        holders=self._copies(decks),
                        most=most,
                        chars=num(most * _CHARS_PER_CARD),
                        count=num(len(text)),
                    )
                )
            tokens = re.split(r"[\s,]+", text.strip())
        elif isinstance(text, bytes | bytearray) or not isinstance(text, Iterable):
            raise TypeError(
                f"cards are text such as 'As Kd' or a list of tokens, not {shown(text)}"
            )
        else:
            tokens = list(itertools.islice(text, most + 1))
        tokens = [token for token in tokens if token != ""]
        if len(tokens) > most:
            raise ValueError(
                msg(
                    "{holders} only {most} cards; this list has more",
                    holders=self._copies(decks),
                    most=most,
                )
            )
        return tokens

    def check_copies(self, cards: Iterable[Card], decks: int = 1) -> None:
        """``ValueError`` when a card appears more often than ``decks`` copies of this deck hold
        it (nine 7c where one deck is in play), or is no card of this deck at all."""
        for card, n in Counter(cards).items():
            have = self.count(card) * decks
            if have == 0:
                raise ValueError(
                    msg("{card} is not a card of the {deck}", card=shown(card), deck=self.title)
                )
            if n > have:
                raise ValueError(
                    msgn(
                        "{card} appears once, but {holders} only {most}",
                        "{card} appears {count} times, but {holders} only {most}",
                        n,
                        card=str(card),
                        holders=self._copies(decks),
                        most=have,
                    )
                )

    def _copies(self, decks: int) -> Message:
        """Who holds the cards, for messages: "the Triad colour deck holds" / "3 copies of ..."."""
        if decks > 1:
            return msgn(
                "one copy of the {deck} holds",
                "{count} copies of the {deck} hold",
                decks,
                deck=self.title,
            )
        return msg("the {deck} holds", deck=self.title)

    def parse_card(self, token: str) -> Card:
        """One card from one token; ``ValueError`` if the token is not a card of this deck,
        ``TypeError`` if it is not text."""
        if not isinstance(token, str):
            raise TypeError(f"a card token is text such as 'As', got {shown(token)}")
        tok = token.strip().translate(_VARIATION_SELECTORS)
        if tok in self.extras:
            return Card(self.name, tok)
        for rank in sorted(set(self.ranks) | set(self.rank_aliases), key=len, reverse=True):
            if tok.startswith(rank):
                rest = tok[len(rank) :]
                suit = self.suit_aliases.get(rest, rest)
                canonical = self.rank_aliases.get(rank, rank)
                if suit in self.suits or (not self.suits and rest == ""):
                    return Card(self.name, canonical, suit)
        raise ValueError(self._not_a_card(shown(token)))

    def _not_a_card(self, quoted: str) -> Message:
        return msg(
            "{card} is not a card of the {deck}; allowed: {allowed}",
            card=quoted,
            deck=self.title,
            allowed=self.allowed(),
        )

    def format(self, cards: Iterable[Card]) -> str:
        """The canonical text of ``cards``, space separated; rejects cards of another deck."""
        return " ".join(self._check_card(card).code for card in cards)

    def allowed(self) -> Joined:
        """A one-line description of the notation, used in every error message."""
        parts: list[Message] = []
        if self.ranks:
            ranks = " ".join(self.ranks)
            aliases = [
                msg("{alias} for {rank}", alias=a, rank=r) for a, r in self.rank_aliases.items()
            ]
            if aliases:
                parts.append(
                    msg("rank {ranks} ({aliases} accepted)", ranks=ranks, aliases=joined(aliases))
                )
            else:
                parts.append(msg("rank {ranks}", ranks=ranks))
        if self.suits:
            suits = [
                msg("{suit} ({name})", suit=s, name=self.suit_names.get(s, s)) for s in self.suits
            ]
            suit_aliases = " ".join(self.suit_aliases)
            if suit_aliases:
                parts.append(
                    msg(
                        "then suit {suits} ({aliases} accepted)",
                        suits=_spaced(suits),
                        aliases=suit_aliases,
                    )
                )
            else:
                parts.append(msg("then suit {suits}", suits=_spaced(suits)))
        if self.extras:
            parts.append(msg("or {extras}", extras=" ".join(self.extras)))
        return joined(parts)

    def _check_card(self, card: Card) -> Card:
        if not isinstance(card, Card) or self.count(card) == 0:
            raise ValueError(self._not_a_card(repr(card)))
        return card


@dataclass(frozen=True)
class _Spaced:
    """Several things read as one run of words, a space between them ("s (Spades) h (Hearts)")."""

    items: tuple[object, ...]

    def text(self, seat: object = None, lang: str | None = None) -> str:
        return " ".join(read(item, None, lang) for item in self.items)

    def __str__(self) -> str:
        return self.text()


def _spaced(items: Iterable[object]) -> _Spaced:
    return _Spaced(tuple(items))


_STANDARD_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
_RANK_NAMES = {
    "A": msg("Ace"), "K": msg("King"), "Q": msg("Queen"), "J": msg("Jack"), "T": msg("Ten"),
    "BJ": msg("Black joker"), "RJ": msg("Red joker"),
}  # fmt: skip
_SUIT_GLYPHS = {"♠": "s", "♥": "h", "♦": "d", "♣": "c"}
_STANDARD_SUITS = {"s": msg("Spades"), "h": msg("Hearts"), "d": msg("Diamonds"), "c": msg("Clubs")}
_STANDARD_CARDS = {
    # Translators: a card in words; {rank} is a rank's name ("Ace") or a number ("7")
    "s": msg("{rank} of Spades"),
    "h": msg("{rank} of Hearts"),
    "d": msg("{rank} of Diamonds"),
    "c": msg("{rank} of Clubs"),
}

STANDARD52 = Deck(
    name="standard52",
    title=msg("standard 52-card deck"),
    ranks=_STANDARD_RANKS,
    suits=("s", "h", "d", "c"),
    rank_names=_RANK_NAMES,
    suit_names=_STANDARD_SUITS,
    rank_aliases={"10": "T"},
    suit_aliases=_SUIT_GLYPHS,
    card_words=_STANDARD_CARDS,
    about=msg("13 ranks 2-A in four suits (Three Thirteen)."),
)
STANDARD54 = Deck(
    name="standard54",
    title=msg("standard 54-card deck"),
    ranks=_STANDARD_RANKS,
    suits=("s", "h", "d", "c"),
    extras=("BJ", "RJ"),
    rank_names=_RANK_NAMES,
    suit_names=_STANDARD_SUITS,
    rank_aliases={"10": "T"},
    suit_aliases=_SUIT_GLYPHS,
    card_words=_STANDARD_CARDS,
    about=msg("52 cards plus a Black (small) and a Red (big) joker (Dou Dizhu)."),
)
RANKS54 = Deck(
    name="ranks54",
    title=msg("Dou Dizhu rank pattern (suits omitted)"),
    ranks=("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2"),
    suits=(),
    extras=("BJ", "RJ"),
    copies={(r, ""): 4 for r in ("3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2")},
    rank_names=_RANK_NAMES,
    rank_aliases={"10": "T"},
    about=msg("Dou Dizhu rank patterns, where suits never matter: four of each rank, two jokers."),
)
TRIAD = Deck(
    name="triad",
    title=msg("Triad colour deck"),
    ranks=_STANDARD_RANKS,
    suits=("b", "g", "r", "k"),
    extras=("BJ", "RJ"),
    # Translators: the Triad deck's jack
    rank_names={**_RANK_NAMES, "J": msg("Prince")},
    suit_names={"b": msg("Blue"), "g": msg("Green"), "r": msg("Red"), "k": msg("Black")},
    rank_aliases={"10": "T"},
    card_words={
        # Translators: a Triad card in words: its rank ("Ace", "7") and colour suit
        "b": msg("{rank} of Blue"),
        "g": msg("{rank} of Green"),
        "r": msg("{rank} of Red"),
        "k": msg("{rank} of Black"),
    },
    about=msg("52 cards in four colour suits with 4/3/2/1 frame lines, plus 2 jokers (Triad)."),
)
PYRAMID = Deck(
    name="pyramid",
    title=msg("Pyramid hexagonal deck"),
    ranks=("3", "2", "1"),
    suits=("P", "G", "O"),
    extras=("K",),
    copies={(level, colour): n for level, n in (("3", 9), ("2", 6), ("1", 3)) for colour in "PGO"},
    rank_names={
        "3": msg("level-3"),
        "2": msg("level-2"),
        "1": msg("level-1"),
        "K": msg("Keystone"),
    },
    suit_names={"P": msg("Purple"), "G": msg("Green"), "O": msg("Orange")},
    card_words={
        # Translators: a Pyramid card in words: {rank} is its level ("level-3"), then its colour
        "P": msg("{rank} Purple"),
        "G": msg("{rank} Green"),
        "O": msg("{rank} Orange"),
    },
    about=msg("55 hexagonal cards: 3 colours x levels 3/2/1 (9/6/3 each) plus the wild Keystone."),
)
TRIANGLE = Deck(
    name="triangle",
    title=msg("Triangle 24-card deck"),
    ranks=("A", "2", "3", "4", "5", "6"),
    suits=("s", "h", "d", "c"),
    rank_names={"A": msg("Ace")},
    suit_names=_STANDARD_SUITS,
    suit_aliases=_SUIT_GLYPHS,
    card_words=_STANDARD_CARDS,
    about=msg("Ace to 6 in four suits; the ace is 1, the lowest (Triangle)."),
)
BLOCKS = Deck(
    name="blocks",
    title=msg("Pyramid Poker block set"),
    ranks=_STANDARD_RANKS,
    suits=("s", "h", "d", "c"),
    extras=("BJ", "RJ"),
    rank_names={**_RANK_NAMES, "BJ": msg("Pharaoh (black)"), "RJ": msg("Pharaoh (red)")},
    suit_names=_STANDARD_SUITS,
    rank_aliases={"10": "T"},
    suit_aliases=_SUIT_GLYPHS,
    card_words=_STANDARD_CARDS,
    about=msg("54 wooden blocks: a standard deck and two pharaoh jokers, which are not wild."),
)

DECKS: dict[str, Deck] = {
    d.name: d for d in (STANDARD52, STANDARD54, RANKS54, TRIAD, PYRAMID, TRIANGLE, BLOCKS)
}


def get_deck(name: object) -> Deck:
    """The deck called ``name``; ``ValueError`` listing the known decks otherwise (``name``
    may be anything: a card's ``deck`` read from input that was no card, say)."""
    deck = DECKS.get(name) if isinstance(name, str) else None
    if deck is None:
        raise ValueError(
            msg("unknown deck {deck}; known decks: {decks}", deck=shown(name), decks=joined(DECKS))
        )
    return deck


def parse(text: str, deck: str = "standard54", decks: int | None = None) -> tuple[Card, ...]:
    """Parse card notation for the deck called ``deck`` (see `Deck.parse`)."""
    return get_deck(deck).parse(text, decks)


def format_cards(cards: Iterable[Card]) -> str:
    """Canonical notation for cards of any deck (each card knows its own token)."""
    cards = tuple(cards)
    for card in cards:
        get_deck(getattr(card, "deck", None))._check_card(card)
    return " ".join(card.code for card in cards)


def multiset(cards: Iterable[Card]) -> Counter[Card]:
    """Cards as a multiset, the right equality for hands that may hold identical cards."""
    return Counter(cards)


def shuffled(cards: Sequence[Card], seed: int | str) -> tuple[Card, ...]:
    """A seeded shuffle: the same seed always gives the same order, on every platform."""
    order = list(cards)
    random.Random(seed).shuffle(order)
    return tuple(order)


def deal(
    cards: Sequence[Card], players: int, per_player: int, first: int = 0
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Deal one card at a time round the table, starting at seat ``first``.

    Returns (hands indexed by seat, the undealt rest); ``ValueError`` when the cards run out.
    """
    if players < 1 or per_player < 0:
        raise ValueError(f"cannot deal {per_player} cards to {players} players")
    if players * per_player > len(cards):
        raise ValueError(
            f"{players} players x {per_player} cards needs {players * per_player} cards, "
            f"only {len(cards)} left"
        )
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * per_player):
        hands[(first + i) % players].append(cards[i])
    return tuple(tuple(h) for h in hands), tuple(cards[players * per_player :])
