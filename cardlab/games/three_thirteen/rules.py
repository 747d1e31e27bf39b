"""Three Thirteen (rummy): the rules as cardlab plays them.

Sources: the About.com / The Spruce Crafts rules, compared with pagat, rummyrulebook.com and
Wikipedia.  The rules in full, for a teacher: ``docs/rules/three_thirteen.md``.

* 2-6 players.  One 52-card deck for 2 players, two decks (104 cards) for 3-4, three for 5-6;
  no jokers.  With several decks identical cards (two 7h) are separate but equal cards.
* 11 rounds.  In round r (1..11) each player is dealt n = r + 2 cards and the **wild rank** is
  the rank worth n: 3, 4, ..., 10, J, Q, K.  The first dealer is chosen at random, then the deal
  moves one seat left each round.  The cards are dealt one at a time from the dealer's left; the
  rest is the face-down **stock**, and its top card is turned up to start the **discard pile**.
* A turn: take the top card of the stock or of the discard pile (n + 1 cards), then either
  **go out** -- lay all but one card in melds and discard the one left over -- or discard one
  card.  Play goes clockwise (to the left), starting left of the dealer.
* After someone goes out, every other player, starting on their left, has exactly one more turn
  (draw, discard).  Then everyone lays down the melds of their n cards and adds the penalty value
  of the unmelded cards (deadwood) to their total; the player who went out adds 0.
* Melds: a **set** is 3+ cards of one rank (any suits, duplicates allowed); a **run** is 3+
  consecutive ranks of one suit, A-2-3 ... J-Q-K, aces low, no wrap-around (Q-K-A is not a run).
  Wild cards (this round's wild rank, any suit) stand for any card of a set or a run; a meld may
  be all wild.  No card is in two melds and nobody adds to another player's melds.
* Penalty values: A = 1, 2-10 face value, J = Q = K = 10; an unmelded wild card counts its face
  value.  After the last round the **lowest** total wins.

Resolutions where the sources disagree or are silent (docs/rules/three_thirteen.md §5):

* **R1 Aces** are low (A = 1).  Option ``aces="high_or_low"``: an ace may also sit above the king
  (Q-K-A), never both ends at once (no K-A-2), and an unmelded ace costs 15.
* **R2** J, Q and K all cost 10.
* **R3** Any number of wild cards in a meld, all-wild melds allowed.  Option
  ``max_wilds_per_meld`` limits the wild cards per meld.
* **R4** An unmelded wild card counts its face value.
* **R5** Going out needs the discard: a player cannot go out by melding all n + 1 cards.
* **R6** When a player must draw and the stock is empty, the top discard stays and the rest of
  the discard pile is shuffled face down into a new stock (a recorded ``shuffle`` chance step).
  If that leaves nothing to draw, the round ends and everyone is scored as after a going out.
* **R7** Taking the top discard and throwing it straight back is allowed.  Option
  ``no_immediate_rediscard`` forbids discarding (or going out with) a card equal to the one just
  taken from the discard pile.
* **R8** Equal lowest totals share the win.
* **R9** Decks follow the seed's table (1 for 2 players, 2 for 3-4, 3 for 5-6) even though one
  deck would be enough for three players.
* **R10** Every hand is scored by its best arrangement (`min_deadwood`), whether or not the
  player would have found it: the seed's "each player arranges as many melds as possible".
* **R11 (cardlab) a guaranteed end.**  With R6 a round can go on for ever when nobody can or will
  go out (players who keep taking the discard never even empty the stock).  So a round lasts at
  most `TURN_LIMIT` (50) turns for each player: when the last of them ends with nobody out, the
  round ends and everyone is scored as after a going out, as when the stock cannot be remade
  (R6).  The narration says so.  Real rounds are far shorter: in 30 seeded two-player games
  of 11 rounds the reasoning bots never needed more than 18 turns each.

Option ``rounds`` (default 11) plays only the first ``rounds`` rounds (3 cards, 4 cards, ...),
which lessons and tests use for short games.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardlab.core.cards import STANDARD52, Card

DECK = STANDARD52
ROUNDS = 11
MIN_PLAYERS = 2
MAX_PLAYERS = 6
TURN_LIMIT = 50
"""The most turns each player has in one round (R11)."""
RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
"""Ranks in Three Thirteen order, ace low."""
RANK_VALUE: dict[str, int] = {rank: i + 1 for i, rank in enumerate(RANKS)}
"""A = 1 ... T = 10, J = 11, Q = 12, K = 13: the number a hand size names as wild."""
SUIT_ORDER: dict[str, int] = {"s": 0, "h": 1, "d": 2, "c": 3}


def hand_size(round_number: int) -> int:
    """Cards dealt in round ``round_number`` (1..11): 3 ... 13."""
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"a round is numbered 1-{ROUNDS}, got {round_number!r}")
    return round_number + 2


def wild_rank(round_number: int) -> str:
    """The wild rank of round ``round_number``: the rank worth the hand size (3 ... K)."""
    return RANKS[hand_size(round_number) - 1]


def decks_for(players: int) -> int:
    """How many 52-card decks ``players`` use (R9): 1 for 2, 2 for 3-4, 3 for 5-6."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(
            f"Three Thirteen is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players!r}"
        )
    return 1 if players == 2 else 2 if players <= 4 else 3


def full_deck(players: int) -> tuple[Card, ...]:
    """Every card in play for ``players``, sorted (identical cards appear once per deck)."""
    return tuple(sorted(DECK.cards() * decks_for(players), key=sort_key))


def sort_key(card: Card) -> tuple[int, int]:
    """Hand order: by suit (s h d c), then rank ace low."""
    return SUIT_ORDER[card.suit], RANK_VALUE[card.rank]


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=sort_key))


def card_text(card: Card) -> str:
    """A card as readers write it: ``7h``, ``10h`` (the notation token ``Th`` is also accepted)."""
    rank = "10" if card.rank == "T" else card.rank
    return rank + card.suit


def cards_text(cards: Iterable[Card]) -> str:
    return " ".join(card_text(c) for c in cards)
