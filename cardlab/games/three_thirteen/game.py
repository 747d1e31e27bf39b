"""Three Thirteen's state machine: 11 rounds of deal, draw, discard, going out and final turns.

Actions are text, so a replay file reads like a game record:

* chance: ``dealer 2`` (the first dealer, numbered from 1), ``deal 7h`` (the next card dealt),
  ``flip 7h`` (the card that starts the discard pile), ``draw 7h`` (the card taken from the
  stock), ``shuffle`` (the discard pile, bar its top card, becomes the new stock: R6);
* players: ``take stock`` / ``take discard``, then ``discard 7h`` or ``go out 7h`` (lay every
  other card in melds and discard the 7h).

Cards are written in the deck's notation (``Th`` is the ten of hearts; ``10h`` is accepted too).
The stock is kept as a sorted multiset: which card comes next is a chance outcome, never decided
in advance, so a reshuffle is a single recorded step.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardlab.core.cards import Card
from cardlab.core.engine import (
    CHANCE,
    GAME_OVER,
    TERMINAL,
    CardOut,
    Event,
    Game,
    Move,
    Refusal,
    Reshuffle,
    SeatChosen,
    Transition,
    card_outcome,
    not_an_outcome,
    register,
    seat_name,
)
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.narration import Piece, secret, told
from cardlab.core.options import Option, choice, flag, whole
from cardlab.core.tuples import remove_one, replace_at
from cardlab.games.three_thirteen.melds import (
    MAX_HAND,
    RANK_PLURALS,
    Arrangement,
    Meld,
    check_hand,
    min_deadwood,
    penalty_value,
)
from cardlab.games.three_thirteen.rules import (
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROUNDS,
    TURN_LIMIT,
    card_text,
    cards_text,
    decks_for,
    full_deck,
    hand_size,
    sort_cards,
    wild_rank,
)

PHASES = ("dealer", "deal", "flip", "draw", "stock", "discard", "shuffle", "over")
"""``dealer`` (chance: the first dealer), ``deal`` and ``flip`` (chance), ``draw`` (a player
chooses stock or discard), ``stock`` (chance: the stock card), ``discard`` (a player discards or
goes out), ``shuffle`` (chance: R6), ``over``."""


# -- the solver, cached (hands are sorted tuples, so equal hands share one entry) -------------
# 4,096 arrangements, about 0.9 KB each: 3.5 MiB when full.  Measured at the table with the
# advisor on, a whole 11-round game hits 56.7% at this size, the same as an unbounded cache
# (the repeats are the hands of one turn); 200,000 entries grew a kernel by about 170 MiB.
@lru_cache(maxsize=4096)
def _best(hand: tuple[Card, ...], wild: str, aces: str, max_wilds: int | None) -> Arrangement:
    return min_deadwood(hand, wild, meld_options(aces, max_wilds))[1]


def meld_options(aces: str, max_wilds: int | None) -> dict[str, Any]:
    """The solver's options dict for these rule options."""
    options: dict[str, Any] = {"aces": aces}
    if max_wilds is not None:
        options["max_wilds_per_meld"] = max_wilds
    return options


def _hand_key(hand: Iterable[Card] | str) -> tuple[Card, ...]:
    """``hand`` sorted, the solver cache's key.  The solver checks a hand on a cache miss, so a
    small list of cards is only sorted here; anything else is read or refused by `check_hand`."""
    if isinstance(hand, tuple | list) and len(hand) <= MAX_HAND:
        try:
            return sort_cards(hand)
        except (AttributeError, KeyError, TypeError):
            pass  # not cards: check_hand says why
    return sort_cards(check_hand(hand))


def best_arrangement(
    hand: Iterable[Card] | str, wild: str, aces: str = "low", max_wilds: int | None = None
) -> Arrangement:
    """The minimum-deadwood arrangement of ``hand`` (cached)."""
    return _best(_hand_key(hand), wild, aces, max_wilds)


def go_out_discards(
    hand: Iterable[Card] | str, wild: str, aces: str = "low", max_wilds: int | None = None
) -> tuple[Card, ...]:
    """The distinct cards whose discard leaves ``hand`` fully melded (R5: one must be discarded)."""
    hand = _hand_key(hand)
    return tuple(
        card
        for card in dict.fromkeys(hand)
        if _best(remove_one(hand, card), wild, aces, max_wilds).penalty == 0
    )


# -- text -------------------------------------------------------------------------------------
def meld_text(meld: Meld) -> Message:
    """A meld as it is laid down, wild cards with what they stand for: ``5h 6h [7c=7] 8h (run)``
    (a message: the kind of meld is a word of the reader's language)."""
    parts = []
    for card, stands in zip(meld.cards, meld.stands_for, strict=True):
        word = "10" if stands == "T" else stands
        parts.append(card_text(card) if stands is None else f"[{card_text(card)}={word}]")
    if meld.kind == "run":
        # Translators: a meld in card notation, then its kind: "5h 6h [7c=7] 8h (run)"
        return msg("{cards} (run)", cards=" ".join(parts))
    # Translators: a meld in card notation, then its kind: "Kh Ks [7c=K] (set)"
    return msg("{cards} (set)", cards=" ".join(parts))


def listed(items: Iterable[object]) -> object:
    """Several phrases as one list separated by semicolons, read in the reader's language
    (``""`` for none)."""
    items = list(items)
    if not items:
        return ""
    out = items[-1]
    for item in reversed(items[:-1]):
        # Translators: two parts of a list separated by a semicolon (keep both placeholders)
        out = msg("{first}; {rest}", first=item, rest=out)
    return out


def melds_text(arrangement: Arrangement) -> object:
    """Every meld of ``arrangement``, separated by semicolons."""
    return listed(meld_text(m) for m in arrangement.melds)


def arrangement_text(arrangement: Arrangement) -> Message:
    """Every meld, then the deadwood with its sum."""
    melds = melds_text(arrangement)
    if not arrangement.deadwood:
        return msg("{melds}: no deadwood", melds=melds) if melds else msg("no cards")
    dead = cards_text(arrangement.deadwood)
    if melds:
        return msg(
            "{melds}; deadwood {cards} = {points}",
            melds=melds,
            cards=dead,
            points=arrangement.penalty,
        )
    return msg("no meld; deadwood {cards} = {points}", cards=dead, points=arrangement.penalty)


def _names(seats: list[int]) -> Message:
    names = [seat_name(s) for s in seats]
    return msg("{first} and {last}", first=joined(names[:-1]), last=names[-1])


# -- state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RoundResult:
    """A finished round, laid face up: every hand, its best arrangement and the score."""

    number: int
    wild: str
    dealer: int
    went_out: int | None
    hands: tuple[tuple[Card, ...], ...]
    arrangements: tuple[Arrangement, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    stock_ran_out: bool = False
    discard: tuple[Card, ...] = ()
    """The face-up discard pile as the round ended (its last card is the final discard)."""
    stock_left: int = 0
    """The cards left in the stock as the round ended."""


@dataclass(frozen=True)
class ThreeThirteenState:
    players: int
    rounds: int = ROUNDS
    aces: str = "low"
    max_wilds: int | None = None
    no_rediscard: bool = False
    round: int = 1
    first_dealer: int | None = None
    phase: str = "dealer"
    stock: tuple[Card, ...] = ()
    hands: tuple[tuple[Card, ...], ...] = ()
    discard: tuple[Card, ...] = ()
    turn: int = 0
    just_took: Card | None = None
    taken: tuple[tuple[Card, ...], ...] = ()
    went_out: int | None = None
    out_arrangement: Arrangement | None = None
    finals_left: int = 0
    turns: int = 0
    """Turns finished this round (R11 ends a round after `TURN_LIMIT` turns each)."""
    shuffles: int = 0
    totals: tuple[int, ...] = ()
    results: tuple[RoundResult, ...] = ()

    @property
    def hand_size(self) -> int:
        return hand_size(self.round)

    @property
    def wild(self) -> str:
        return wild_rank(self.round)

    @property
    def dealer(self) -> int:
        return (
            0 if self.first_dealer is None else (self.first_dealer + self.round - 1) % self.players
        )

    @property
    def decks(self) -> int:
        return decks_for(self.players)

    @property
    def meld_options(self) -> dict[str, Any]:
        return meld_options(self.aces, self.max_wilds)

    def best(self, hand: Iterable[Card] | str) -> Arrangement:
        return best_arrangement(hand, self.wild, self.aces, self.max_wilds)


@dataclass(frozen=True)
class Take(Move):
    """``take stock`` or ``take discard``: where the player to move draws from."""

    stock: bool


@dataclass(frozen=True)
class Discard(Move):
    """``discard <card>`` or, with ``go_out``, ``go out <card>`` (already checked to leave every
    other card melded)."""

    card: Card
    go_out: bool


ThreeThirteenMove = SeatChosen | CardOut | Reshuffle | Take | Discard
"""Every move of Three Thirteen, as `ThreeThirteen.read_move` reads it."""


@dataclass(frozen=True)
class ThreeThirteenView:
    """What one seat may see (``seat=None``: the teacher, who sees every hand).

    ``hands`` shows the viewer's own hand (every hand for the teacher) and None for the others;
    ``taken`` is, per seat, the cards it took from the discard pile and must still hold (public
    knowledge); ``discard`` is the whole discard pile, bottom first.
    """

    seat: int | None
    players: int
    decks: int
    phase: str
    round: int
    rounds: int
    hand_size: int
    wild: str
    dealer: int
    to_act: int
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[Card, ...]
    stock_size: int
    taken: tuple[tuple[Card, ...], ...]
    just_took: Card | None
    went_out: int | None
    out_arrangement: Arrangement | None
    finals_left: int
    totals: tuple[int, ...]
    results: tuple[RoundResult, ...]
    aces: str
    max_wilds: int | None
    no_rediscard: bool

    @property
    def hand(self) -> tuple[Card, ...]:
        """The viewer's own hand (empty for the teacher)."""
        return () if self.seat is None else self.hands[self.seat] or ()

    @property
    def top(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    @property
    def meld_options(self) -> dict[str, Any]:
        return meld_options(self.aces, self.max_wilds)

    def unseen(self) -> Counter[Card]:
        """Cards the viewer cannot place: the full deck minus its hand, the discard pile and the
        cards others are known to hold.  The next stock card is one of these, equally likely."""
        known = Counter(self.hand) + Counter(self.discard)
        for s, cards in enumerate(self.taken):
            if s != self.seat:
                known += Counter(cards)
        return Counter(full_deck(self.players)) - known


# -- the game ---------------------------------------------------------------------------------
class ThreeThirteen(Game[ThreeThirteenState, ThreeThirteenMove]):
    name = "three_thirteen"
    title = msg("Three Thirteen")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    default_options: Mapping[str, Any] = {
        "players": 2,
        "rounds": ROUNDS,
        "aces": "low",
        "max_wilds_per_meld": None,
        "no_immediate_rediscard": False,
    }
    option_specs: Mapping[str, Option] = {
        "players": whole(
            MIN_PLAYERS, MAX_PLAYERS, msg("players (1 deck for 2, 2 for 3-4, 3 for 5-6)")
        ),
        "rounds": whole(
            1, ROUNDS, msg("how many of the 11 rounds to play (3 cards, 4 cards, ...)")
        ),
        "aces": choice(
            ("low", "high_or_low"), msg("aces low only, or also above the king (15 points) (R1)")
        ),
        # a meld is laid from at most 13 cards, so a higher limit would be no limit at all
        "max_wilds_per_meld": whole(
            0, 13, msg("the most wild cards in one meld (R3)"), none=msg("no limit")
        ),
        "no_immediate_rediscard": flag(
            msg("forbid throwing back the card just taken from the discard pile (R7)")
        ),
    }
    example_options = (
        {"players": 2, "rounds": 2},
        {"players": 3, "rounds": 2, "aces": "high_or_low"},
        {"players": 2, "rounds": 1, "no_immediate_rediscard": True, "max_wilds_per_meld": 1},
    )
    action_words = frozenset(
        {"dealer", "deal", "flip", "draw", "shuffle", "take", "stock", "discard", "go", "out"}
    )
    action_examples = ("take stock", "discard 7h")

    # -- setup -------------------------------------------------------------------------------
    def initial_state(self, **options: Any) -> ThreeThirteenState:
        opts = self.options(**options)
        players = opts["players"]
        return ThreeThirteenState(
            players=players,
            rounds=opts["rounds"],
            aces=opts["aces"],
            max_wilds=opts["max_wilds_per_meld"],
            no_rediscard=opts["no_immediate_rediscard"],
            stock=full_deck(players),
            hands=((),) * players,
            taken=((),) * players,
            totals=(0,) * players,
        )

    def num_players(self, state: ThreeThirteenState) -> int:
        return state.players

    # -- whose turn, what is legal -----------------------------------------------------------
    def current_player(self, state: ThreeThirteenState) -> int:
        if state.phase == "over":
            return TERMINAL
        if state.phase in ("draw", "discard"):
            return state.turn
        return CHANCE

    def chance_outcomes(self, state: ThreeThirteenState) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == "dealer":
            return [(f"dealer {s + 1}", 1 / state.players) for s in range(state.players)]
        if phase == "shuffle":
            return [("shuffle", 1.0)]
        if phase in ("deal", "flip", "stock"):
            verb = {"deal": "deal", "flip": "flip", "stock": "draw"}[phase]
            counts = Counter(state.stock)
            size = len(state.stock)
            return [(f"{verb} {card.code}", n / size) for card, n in counts.items()]
        return []

    def legal_actions(self, state: ThreeThirteenState) -> list[str]:
        phase = state.phase
        if phase == "over":
            return []
        if phase == "draw":
            return ["take stock", "take discard"]
        if phase == "discard":
            hand = state.hands[state.turn]
            banned = state.just_took if state.no_rediscard else None
            cards = [c for c in dict.fromkeys(hand) if c != banned]
            actions = [f"discard {c.code}" for c in cards]
            if state.went_out is None:
                outs = go_out_discards(hand, state.wild, state.aces, state.max_wilds)
                actions += [f"go out {c.code}" for c in outs if c != banned]
            return actions
        return [action for action, _ in self.chance_outcomes(state)]

    def move_words(self, state: ThreeThirteenState, action: str) -> str:
        """``take stock``, ``take discard``, ``discard 7h``, ``go out 7h`` as the narration says
        them, in the current language (the card in the notation every text uses)."""
        move = self.read_move(state, action)
        if isinstance(move, Take):
            if move.stock:
                return str(msg("take the top card of the stock"))
            return str(
                msg("take the {card} from the discard pile", card=card_text(state.discard[-1]))
            )
        if isinstance(move, Discard):
            if move.go_out:
                return str(msg("go out, discarding the {card}", card=card_text(move.card)))
            return str(msg("discard the {card}", card=card_text(move.card)))
        return action

    def _parse(self, state: ThreeThirteenState, text: str) -> ThreeThirteenMove | Refusal:
        phase = state.phase
        if phase == "over":
            return Refusal(GAME_OVER)
        if self.current_player(state) == CHANCE:
            move = self._chance(state, text)
            if move is not None:
                return move
            expected = {
                "dealer": msg("the choice of the first dealer ('dealer 1')"),
                "deal": msg("the next card dealt ('deal 7h')"),
                "flip": msg("the card turned up to start the discard pile ('flip 7h')"),
                "stock": msg("the card taken from the stock ('draw 7h')"),
                "shuffle": msg("reshuffling the discard pile into a new stock ('shuffle')"),
            }[phase]
            return not_an_outcome(text, str(expected))
        seat = state.turn
        who = seat_name(seat)
        words = text.split()
        if phase == "draw":
            if text in ("take stock", "take discard"):
                return Take(text, words[1] == "stock")
            if words[0] in ("discard", "go"):
                return Refusal(
                    msg(
                        "{player} must draw first: take the top card of the stock "
                        "('take stock') or of the discard pile ('take discard')",
                        player=who,
                    )
                )
            return Refusal(msg("{player} draws: 'take stock' or 'take discard'", player=who))
        # discard phase
        if words[0] == "take":
            return Refusal(
                msg(
                    "{player} has already drawn this turn; now discard a card (or go out)",
                    player=who,
                )
            )
        if words[0] == "discard" and len(words) == 2:
            go_out, token = False, words[1]
        elif words[:2] == ["go", "out"] and len(words) == 3:
            go_out, token = True, words[2]
        else:
            return Refusal(
                msg(
                    "{player} discards one card ('discard 7h') or goes out ('go out 7h')",
                    player=who,
                )
            )
        try:
            card = DECK.parse_card(token)
        except ValueError as exc:
            return Refusal(str(exc))
        hand = state.hands[seat]
        if card not in hand:
            return Refusal(
                msg(
                    "{player} has no {card} (the hand is {hand})",
                    player=who,
                    card=card_text(card),
                    hand=cards_text(hand),
                )
            )
        if state.no_rediscard and card == state.just_took:
            return Refusal(
                msg(
                    "{player} just took the {card} from the discard pile and may not throw "
                    "it straight back (option no_immediate_rediscard)",
                    player=who,
                    card=card_text(card),
                )
            )
        if go_out:
            if state.went_out is not None:
                return Refusal(
                    msg(
                        "{out} has already gone out: this is {player}'s last turn, "
                        "a plain discard ('discard 7h'); their melds are counted after it",
                        out=seat_name(state.went_out),
                        player=who,
                    )
                )
            rest = state.best(remove_one(hand, card))
            if rest.penalty:
                return Refusal(
                    msgn(
                        "{player} cannot go out discarding the {card}: the other cards' "
                        "best arrangement still leaves deadwood {cards} ({count} point)",
                        "{player} cannot go out discarding the {card}: the other cards' "
                        "best arrangement still leaves deadwood {cards} ({count} points)",
                        rest.penalty,
                        player=who,
                        card=card_text(card),
                        cards=cards_text(rest.deadwood),
                    )
                )
        return Discard(text, card, go_out)

    def _chance(self, state: ThreeThirteenState, text: str) -> ThreeThirteenMove | None:
        """The chance move ``text`` names, when it is a possible outcome here."""
        phase = state.phase
        if phase == "dealer":
            seat = next((s for s in range(state.players) if text == f"dealer {s + 1}"), None)
            return None if seat is None else SeatChosen(text, seat)
        if phase == "shuffle":
            return Reshuffle(text) if text == "shuffle" else None
        card = card_outcome(text, "draw" if phase == "stock" else phase, state.stock)
        return None if card is None else CardOut(text, card)

    # -- applying ----------------------------------------------------------------------------
    def _apply(
        self, state: ThreeThirteenState, move: ThreeThirteenMove
    ) -> Transition[ThreeThirteenState]:
        phase = state.phase
        if isinstance(move, SeatChosen):
            new = replace(state, first_dealer=move.seat, phase="deal")
            text = msg(
                "{player} is chosen at random to deal the first round.",
                player=seat_name(move.seat),
            )
            return Transition(new, Event(CHANCE, move.text, text))
        if isinstance(move, Reshuffle):
            return self._shuffle(state)
        if isinstance(move, CardOut):
            deal = {"deal": self._deal, "flip": self._flip, "stock": self._draw}[phase]
            return deal(state, move.card)
        if isinstance(move, Take):
            return self._take(state, "stock" if move.stock else "discard")
        if move.go_out:
            return self._go_out(state, move.card)
        return self._discard(state, move.card)

    def _deal(self, state: ThreeThirteenState, card: Card) -> Transition[ThreeThirteenState]:
        dealt = sum(len(h) for h in state.hands)
        seat = (state.dealer + 1 + dealt) % state.players
        hands = replace_at(state.hands, seat, sort_cards((*state.hands[seat], card)))
        done = dealt + 1 == state.hand_size * state.players
        new = replace(
            state,
            stock=remove_one(state.stock, card),
            hands=hands,
            phase="flip" if done else "deal",
        )
        # Translators: {card} is the card in brackets, " (7h)", for its receiver only, else empty
        text: Piece = msg(
            "The dealer deals {player} a card face down{card}.",
            player=seat_name(seat),
            card=secret(f" ({card_text(card)})", seat),
        )
        if dealt == 0:
            text = msgn(
                "Round {round} of {rounds}: {count} card each, {wild} wild; {dealer} deals. {deal}",
                "Round {round} of {rounds}: {count} cards each, {wild} wild; {dealer} deals. "
                "{deal}",
                state.hand_size,
                round=state.round,
                rounds=state.rounds,
                wild=RANK_PLURALS[state.wild],
                dealer=seat_name(state.dealer),
                deal=text,
            )
        return Transition(new, Event(CHANCE, f"deal {card.code}", text))

    def _flip(self, state: ThreeThirteenState, card: Card) -> Transition[ThreeThirteenState]:
        first = (state.dealer + 1) % state.players
        new = replace(
            state,
            stock=remove_one(state.stock, card),
            discard=(card,),
            phase="draw",
            turn=first,
        )
        text = msg(
            "The top card of the stock, the {card}, is turned face up to start the "
            "discard pile; {player} plays first.",
            card=card_text(card),
            player=seat_name(first),
        )
        return Transition(new, Event(CHANCE, f"flip {card.code}", text))

    def _take(self, state: ThreeThirteenState, source: str) -> Transition[ThreeThirteenState]:
        seat = state.turn
        final = state.went_out is not None
        if source == "stock":
            new = replace(state, phase="stock")
            if final:
                text = msg(
                    "{player} takes the top card of the stock (a final turn).",
                    player=seat_name(seat),
                )
            else:
                text = msg("{player} takes the top card of the stock.", player=seat_name(seat))
            return Transition(new, Event(seat, "take stock", text))
        top = state.discard[-1]
        new = replace(
            state,
            discard=state.discard[:-1],
            hands=replace_at(state.hands, seat, sort_cards((*state.hands[seat], top))),
            taken=replace_at(state.taken, seat, sort_cards((*state.taken[seat], top))),
            just_took=top,
            phase="discard",
        )
        if final:
            text = msg(
                "{player} takes the {card} from the discard pile (a final turn).",
                player=seat_name(seat),
                card=card_text(top),
            )
        else:
            text = msg(
                "{player} takes the {card} from the discard pile.",
                player=seat_name(seat),
                card=card_text(top),
            )
        return Transition(new, Event(seat, "take discard", text))

    def _draw(self, state: ThreeThirteenState, card: Card) -> Transition[ThreeThirteenState]:
        seat = state.turn
        new = replace(
            state,
            stock=remove_one(state.stock, card),
            hands=replace_at(state.hands, seat, sort_cards((*state.hands[seat], card))),
            phase="discard",
        )
        # (each message on its own: Babel misses a message nested in a call inside another)
        drawn = msg("the {card}", card=card_text(card))
        unseen = msg("a card")
        text = msg(
            "{player} draws {card} from the stock (seen only by them).",
            player=seat_name(seat),
            card=secret(drawn, seat, unseen),
        )
        return Transition(new, Event(CHANCE, f"draw {card.code}", text))

    def _shuffle(self, state: ThreeThirteenState) -> Transition[ThreeThirteenState]:
        top = state.discard[-1]
        moved = len(state.discard) - 1
        new = replace(
            state,
            stock=sort_cards(state.discard[:-1]),
            discard=(top,),
            phase="draw",
            shuffles=state.shuffles + 1,
        )
        text = msgn(
            "The stock is empty: the {card} stays face up and the other {count} "
            "discard is shuffled face down into a new stock (R6).",
            "The stock is empty: the {card} stays face up and the other {count} "
            "discards are shuffled face down into a new stock (R6).",
            moved,
            card=card_text(top),
        )
        return Transition(new, Event(CHANCE, "shuffle", text))

    def _remove(self, state: ThreeThirteenState, card: Card) -> ThreeThirteenState:
        seat = state.turn
        taken = state.taken[seat]
        if card in taken:
            taken = remove_one(taken, card)
        return replace(
            state,
            hands=replace_at(state.hands, seat, remove_one(state.hands[seat], card)),
            taken=replace_at(state.taken, seat, taken),
            discard=(*state.discard, card),
            just_took=None,
        )

    def _go_out(self, state: ThreeThirteenState, card: Card) -> Transition[ThreeThirteenState]:
        seat = state.turn
        new = self._remove(state, card)
        arrangement = new.best(new.hands[seat])
        new = replace(
            new, went_out=seat, out_arrangement=arrangement, finals_left=state.players - 1
        )
        text = msg(
            "{player} goes out: lays down {melds} and discards the {card}; "
            "every other player has one more turn.",
            player=seat_name(seat),
            melds=melds_text(arrangement),
            card=card_text(card),
        )
        new, extra, arithmetic = self._next_turn(new)
        told_ = told(text, *extra)
        return Transition(new, Event(seat, f"go out {card.code}", told_, arithmetic))

    def _discard(self, state: ThreeThirteenState, card: Card) -> Transition[ThreeThirteenState]:
        seat = state.turn
        new = self._remove(state, card)
        text = msg("{player} discards the {card}.", player=seat_name(seat), card=card_text(card))
        said: tuple[Piece, ...] = (text,)
        if state.went_out is not None:  # a final turn: the hand is laid down when all are done
            new = replace(new, finals_left=new.finals_left - 1)
            said += (" ", msg("That was their last turn."))
        new, extra, arithmetic = self._next_turn(new)
        told_ = told(*said, *extra)
        return Transition(new, Event(seat, f"discard {card.code}", told_, arithmetic))

    def _next_turn(
        self, state: ThreeThirteenState
    ) -> tuple[ThreeThirteenState, tuple[Piece, ...], str]:
        """Pass play to the left, or end the round; returns the extra narration (its pieces,
        each after a space) and the arithmetic."""
        if state.went_out is not None and state.finals_left == 0:
            return self._score(state, ran_out=False)
        state = replace(state, turns=state.turns + 1)
        if state.went_out is None and state.turns == TURN_LIMIT * state.players:
            new, text, arithmetic = self._score(state, ran_out=False)
            limit = msg(
                "Everyone has had {count} turns and nobody has gone out, so the round "
                "ends here (R11).",
                count=TURN_LIMIT,
            )
            return new, (" ", limit, *text), arithmetic
        nxt = replace(state, turn=(state.turn + 1) % state.players, just_took=None)
        if nxt.stock:
            return replace(nxt, phase="draw"), (), ""
        if len(nxt.discard) >= 2:
            return replace(nxt, phase="shuffle"), (), ""
        new, text, arithmetic = self._score(nxt, ran_out=True)
        ended = msg("Nothing is left to draw, so the round ends here (R6).")
        return new, (" ", ended, *text), arithmetic

    def _score(
        self, state: ThreeThirteenState, ran_out: bool
    ) -> tuple[ThreeThirteenState, tuple[Piece, ...], str]:
        arrangements = tuple(
            state.out_arrangement
            if seat == state.went_out and state.out_arrangement is not None
            else state.best(state.hands[seat])
            for seat in range(state.players)
        )
        scores = tuple(0 if s == state.went_out else a.penalty for s, a in enumerate(arrangements))
        totals = tuple(t + s for t, s in zip(state.totals, scores, strict=True))
        result = RoundResult(
            number=state.round,
            wild=state.wild,
            dealer=state.dealer,
            went_out=state.went_out,
            hands=state.hands,
            arrangements=arrangements,
            scores=scores,
            totals=totals,
            stock_ran_out=ran_out,
            discard=state.discard,
            stock_left=len(state.stock),
        )
        parts = []
        for s in range(state.players):
            if s == state.went_out:
                why = msg("went out")
            elif scores[s] == 0:
                why = msg("all melded")
            else:
                why = msg("deadwood {sum}", sum=_sum_text(arrangements[s].deadwood, state.aces))
            parts.append(
                msg(
                    "{player}: {why}; total {before} + {score} = {total}",
                    player=seat_name(s),
                    why=why,
                    before=state.totals[s],
                    score=scores[s],
                    total=totals[s],
                )
            )
        # Event.arithmetic is a string (the steppers escape it as one): written in the language
        # current when the round is scored
        arithmetic = str(
            msg(
                "Round {round} ({wild} wild): {parts}",
                round=state.round,
                wild=RANK_PLURALS[state.wild],
                parts=listed(parts),
            )
        )
        laid = listed(
            # Translators: a player and the hand they lay down, in melds and deadwood
            msg("{player}: {hand}", player=seat_name(s), hand=arrangement_text(a))
            for s, a in enumerate(arrangements)
            if s != state.went_out
        )
        scored_words = joined(
            # Translators: a player and their penalty points this round ("Player 2 14")
            msg("{player} {points}", player=seat_name(s), points=scores[s])
            for s in range(state.players)
        )
        text: tuple[Piece, ...] = (
            " ",
            msg(
                "Every hand is laid down: {hands}. Round scores: {scores}.",
                hands=laid,
                scores=scored_words,
            ),
        )
        scored = replace(
            state,
            totals=totals,
            results=(*state.results, result),
            just_took=None,
            finals_left=0,
        )
        if state.round == state.rounds:
            return replace(scored, phase="over"), (*text, " ", _result(scored)), arithmetic
        nxt = replace(
            scored,
            round=state.round + 1,
            phase="deal",
            stock=full_deck(state.players),
            hands=((),) * state.players,
            discard=(),
            taken=((),) * state.players,
            went_out=None,
            out_arrangement=None,
            turn=0,
            turns=0,
        )
        return nxt, text, arithmetic

    # -- views and results -------------------------------------------------------------------
    def observe(self, state: ThreeThirteenState, seat: int | None) -> ThreeThirteenView:
        self.check_seat(state, seat)
        hands = tuple(h if seat is None or s == seat else None for s, h in enumerate(state.hands))
        return ThreeThirteenView(
            seat=seat,
            players=state.players,
            decks=state.decks,
            phase=state.phase,
            round=state.round,
            rounds=state.rounds,
            hand_size=state.hand_size,
            wild=state.wild,
            dealer=state.dealer,
            to_act=self.current_player(state),
            hands=hands,
            hand_sizes=tuple(len(h) for h in state.hands),
            discard=state.discard,
            stock_size=len(state.stock),
            taken=state.taken,
            just_took=state.just_took,
            went_out=state.went_out,
            out_arrangement=state.out_arrangement,
            finals_left=state.finals_left,
            totals=state.totals,
            results=state.results,
            aces=state.aces,
            max_wilds=state.max_wilds,
            no_rediscard=state.no_rediscard,
        )

    def returns(self, state: ThreeThirteenState) -> tuple[float, ...]:
        """The mean total minus one's own (lower totals are better): zero-sum, running."""
        mean = sum(state.totals) / state.players
        return tuple(mean - t for t in state.totals)

    def cards(self, state: ThreeThirteenState) -> Counter[Card]:
        return Counter([*state.stock, *state.discard, *(c for h in state.hands for c in h)])

    def resample_hidden(
        self, state: ThreeThirteenState, seat: int, rng: random.Random
    ) -> ThreeThirteenState:
        """Shuffle the stock and the others' unknown cards together; cards a player is known to
        hold (taken from the discard pile) stay where they are."""
        pool = list(state.stock)
        keep: dict[int, tuple[Card, ...]] = {}
        for s, hand in enumerate(state.hands):
            if s == seat:
                continue
            rest = Counter(hand) - Counter(state.taken[s])
            keep[s] = tuple((Counter(hand) - rest).elements())
            pool.extend(rest.elements())
        rng.shuffle(pool)
        hands = list(state.hands)
        for s, known in keep.items():
            need = len(state.hands[s]) - len(known)
            hands[s] = sort_cards((*known, *pool[:need]))
            pool = pool[need:]
        return replace(state, hands=tuple(hands), stock=sort_cards(pool))


def _sum_text(cards: tuple[Card, ...], aces: str) -> str:
    values = [penalty_value(c, aces) for c in cards]
    if len(values) == 1:
        return f"{card_text(cards[0])} = {values[0]}"
    return f"{cards_text(cards)} = {' + '.join(map(str, values))} = {sum(values)}"


def winners_of(state: ThreeThirteenState) -> list[int]:
    """The seats with the lowest total (R8: equal lowest totals share the win)."""
    low = min(state.totals)
    return [s for s in range(state.players) if state.totals[s] == low]


def _result(state: ThreeThirteenState) -> Message:
    winners = winners_of(state)
    low = min(state.totals)
    if len(winners) == 1:
        return msgn(
            "After {count} round {player} has the lowest total, {low}, and wins.",
            "After {count} rounds {player} has the lowest total, {low}, and wins.",
            state.rounds,
            player=seat_name(winners[0]),
            low=low,
        )
    return msgn(
        "After {count} round {players} share the win with {low} points each.",
        "After {count} rounds {players} share the win with {low} points each.",
        state.rounds,
        players=_names(winners),
        low=low,
    )


GAME = register(ThreeThirteen())
