"""High Card: cardlab's tiny built-in demo game, playable with any of the six decks.

It exists to show (and test) the engine protocol on something small before the real games arrive,
and it is the deal the decks lesson steps through card by card.

Rules (2-4 players, option ``deck`` picks the deck):
1. The dealer deals ``hand_size`` cards to each player, one at a time, starting with Player 1.
   Every card dealt is a chance action in the history, so a deal replays exactly.
2. Player 1 leads a card face up; the others follow in turn.  You must follow the suit that was
   led if you can; jokers and the Keystone have no suit and may be played at any time.
3. The highest card of the led suit wins the trick, unless a suitless card (joker, Keystone) was
   played: then the highest suitless card wins.  If a suitless card was led, the highest card
   played wins.  "Highest" is the deck's default strength (`Deck.strength`).  The winner leads next.
4. When the hands are empty, each trick is a point.  `returns` is each player's points minus the
   average, so results add up to zero.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardlab.core.cards import DECKS, Card, Deck, get_deck
from cardlab.core.engine import (
    CHANCE,
    GAME_OVER,
    TERMINAL,
    Event,
    Game,
    Move,
    Refusal,
    Transition,
    register,
    seat_name,
)
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.narration import secret, told
from cardlab.core.options import Option, choice, whole
from cardlab.core.text import with_article
from cardlab.core.tuples import remove_one, replace_at


@dataclass(frozen=True)
class HighCardState:
    deck: str
    players: int
    hand_size: int
    stock: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    trick: tuple[tuple[int, Card], ...] = ()
    won: tuple[tuple[Card, ...], ...] = ()
    leader: int = 0
    last_trick: tuple[tuple[int, Card], ...] = ()


@dataclass(frozen=True)
class HighCardMove(Move):
    """``deal <card>`` (chance) or ``play <card>``, read: the card dealt or played."""

    card: Card


@dataclass(frozen=True)
class HighCardView:
    """One seat's view: its own hand face up, the other hands as ``None`` (card backs)."""

    seat: int | None
    deck: str
    hands: tuple[tuple[Card | None, ...], ...]
    trick: tuple[tuple[int, Card], ...]
    last_trick: tuple[tuple[int, Card], ...]
    points: tuple[int, ...]
    stock_size: int
    to_act: int


# Translators: the card in an action's pattern, as in 'play <card>'
_CARD = msg("card")


def _article(suit: object) -> str:
    """The English article of a suit's English name ("a" Spades, "an" Orange)."""
    return with_article(suit.msgid if isinstance(suit, Message) else str(suit)).split(" ")[0]


class HighCard(Game[HighCardState, HighCardMove]):
    name = "highcard"
    title = msg("High Card (demo game)")
    min_players = 2
    max_players = 4
    default_options: Mapping[str, Any] = {"deck": "standard52", "players": 2, "hand_size": 5}
    option_specs: Mapping[str, Option] = {
        "deck": choice(DECKS, msg("which of cardlab's decks is dealt")),
        # the largest deck has 54 cards: 27 each is the most two players can be dealt
        "players": whole(min_players, max_players, msg("players at the table")),
        "hand_size": whole(1, 27, msg("cards dealt to each player (at most the deck shared out)")),
    }
    example_options = (
        {},
        {"deck": "triad", "players": 3, "hand_size": 4},
        {"deck": "pyramid", "players": 4, "hand_size": 6},
        {"deck": "triangle", "players": 3, "hand_size": 8},
        {"deck": "blocks", "players": 2, "hand_size": 27},
        {"deck": "standard54", "players": 3, "hand_size": 3},
        {"deck": "ranks54", "players": 2, "hand_size": 4},
    )
    action_words = frozenset({"deal", "play"})
    action_examples = ("play As", "deal As")

    # -- setup -------------------------------------------------------------------------------
    def initial_state(self, **options: Any) -> HighCardState:
        opts = self.options(**options)
        deck = get_deck(opts["deck"])
        players, hand_size = opts["players"], opts["hand_size"]
        return HighCardState(
            deck=deck.name,
            players=players,
            hand_size=hand_size,
            stock=deck.cards(),
            hands=((),) * players,
            won=((),) * players,
        )

    def options_problem(self, options: Mapping[str, Any]) -> Message | None:
        deck, players = get_deck(options["deck"]), options["players"]
        if players * options["hand_size"] > len(deck):
            return msg(
                "hand_size must be 1-{most} for {players} players with the {deck}, got {value}",
                most=len(deck) // players,
                players=players,
                deck=deck.title,
                value=repr(options["hand_size"]),
            )
        return None

    def num_players(self, state: HighCardState) -> int:
        return state.players

    # -- whose turn, what is legal -----------------------------------------------------------
    def _dealing(self, state: HighCardState) -> bool:
        return sum(map(len, state.hands)) + sum(map(len, state.won)) + len(state.trick) < (
            state.players * state.hand_size
        )

    def current_player(self, state: HighCardState) -> int:
        if self._dealing(state):
            return CHANCE
        if not any(state.hands):
            return TERMINAL
        return (state.leader + len(state.trick)) % state.players

    def legal_actions(self, state: HighCardState) -> list[str]:
        seat = self.current_player(state)
        if seat == CHANCE:
            return [f"deal {card}" for card in dict.fromkeys(state.stock)]
        if seat == TERMINAL:
            return []
        hand = state.hands[seat]
        return [f"play {card}" for card in dict.fromkeys(hand) if self._follows(state, hand, card)]

    def chance_outcomes(self, state: HighCardState) -> list[tuple[str, float]]:
        counts = Counter(state.stock)
        return [(f"deal {card}", n / len(state.stock)) for card, n in counts.items()]

    def _follows(self, state: HighCardState, hand: tuple[Card, ...], card: Card) -> bool:
        led = _led_suit(state.trick)
        if not led or card.is_extra or card.suit == led:
            return True
        return not any(c.suit == led for c in hand)

    def move_words(self, state: HighCardState, action: str) -> str:
        """``play 7h`` as "play the seven of hearts": the card as the narration names it, in
        the current language."""
        move = self.read_move(state, action)
        if isinstance(move, HighCardMove) and action.startswith("play "):
            return str(msg("play {card}", card=get_deck(state.deck).words(move.card)))
        return action

    def _parse(self, state: HighCardState, text: str) -> HighCardMove | Refusal:
        seat = self.current_player(state)
        if seat == TERMINAL:
            return Refusal(GAME_OVER)
        words = text.split()
        if len(words) != 2:
            return Refusal(
                msg(
                    "an action is a verb and a card like 'play As' or 'deal As', got {action}",
                    action=repr(text),
                )
            )
        verb, token = words
        try:
            card = get_deck(state.deck).parse_card(token)
        except ValueError as exc:
            return Refusal(exc.args[0] if exc.args else str(exc))
        if seat == CHANCE:
            if verb != "deal":
                return Refusal(
                    msg(
                        "the dealer is still dealing: the next action is 'deal <{card}>', not "
                        "{verb}",
                        card=_CARD,
                        verb=verb,
                    )
                )
            if card not in state.stock:
                return Refusal(
                    msg("{card} is not in the stock, so it cannot be dealt", card=card.code)
                )
            return HighCardMove(text, card)
        if verb != "play":
            return Refusal(
                msg(
                    "it is {player}'s turn to play a card ('play <{card}>'), not to {verb}",
                    player=seat_name(seat),
                    card=_CARD,
                    verb=verb,
                )
            )
        hand = state.hands[seat]
        if card not in hand:
            return Refusal(
                msg("{player} does not hold {card}", player=seat_name(seat), card=card.code)
            )
        if not self._follows(state, hand, card):
            led = _led_suit(state.trick)
            suit = get_deck(state.deck).suit_names.get(led, led)
            values = {"suit": suit, "player": seat_name(seat)}
            if _article(suit) == "an":
                said = msg(
                    "you must follow suit: {suit} was led and {player} holds an {suit} card",
                    **values,
                )
            else:
                said = msg(
                    "you must follow suit: {suit} was led and {player} holds a {suit} card",
                    **values,
                )
            return Refusal(said)
        return HighCardMove(text, card)

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, state: HighCardState, move: HighCardMove) -> Transition[HighCardState]:
        seat = self.current_player(state)
        card, action = move.card, move.text
        deck = get_deck(state.deck)
        if seat == CHANCE:
            to = sum(map(len, state.hands)) % state.players
            new = replace(
                state,
                stock=remove_one(state.stock, card),
                hands=replace_at(state.hands, to, (*state.hands[to], card)),
            )
            text = told(
                secret(
                    msg(
                        "The dealer gives {player} a card ({card}), face down.",
                        player=seat_name(to),
                        card=deck.words(card),
                    ),
                    to,
                    msg("The dealer gives {player} a card, face down.", player=seat_name(to)),
                )
            )
            return Transition(new, Event(CHANCE, action, text))
        hands = replace_at(state.hands, seat, remove_one(state.hands[seat], card))
        trick = (*state.trick, (seat, card))
        who, words = seat_name(seat), deck.words(card)
        if len(trick) < state.players:
            if len(trick) == 1:
                said = msg("{player} plays {card} (leads).", player=who, card=words)
            else:
                said = msg("{player} plays {card} (follows).", player=who, card=words)
            new = replace(state, hands=hands, trick=trick)
            return Transition(new, Event(seat, action, told(said)))
        winner = _trick_winner(deck, trick)
        won = replace_at(state.won, winner, state.won[winner] + tuple(c for _, c in trick))
        new = replace(state, hands=hands, trick=(), won=won, leader=winner, last_trick=trick)
        points = _points(new)
        best = dict(trick)[winner]
        said = msg(
            "{player} plays {card}; {winner} wins the trick with {best}.",
            player=who,
            card=words,
            winner=seat_name(winner),
            best=deck.words(best),
        )
        arithmetic = msgn(
            "{player}: {before} + 1 = {count} trick",
            "{player}: {before} + 1 = {count} tricks",
            points[winner],
            player=seat_name(winner),
            before=points[winner] - 1,
        )
        return Transition(new, Event(seat, action, told(said), arithmetic))

    # -- views and results -------------------------------------------------------------------
    def observe(self, state: HighCardState, seat: int | None) -> HighCardView:
        self.check_seat(state, seat)
        hands = tuple(
            hand if seat is None or i == seat else (None,) * len(hand)
            for i, hand in enumerate(state.hands)
        )
        return HighCardView(
            seat=seat,
            deck=state.deck,
            hands=hands,
            trick=state.trick,
            last_trick=state.last_trick,
            points=_points(state),
            stock_size=len(state.stock),
            to_act=self.current_player(state),
        )

    def returns(self, state: HighCardState) -> tuple[float, ...]:
        points = _points(state)
        mean = sum(points) / state.players
        return tuple(p - mean for p in points)

    def cards(self, state: HighCardState) -> Counter[Card]:
        held = [c for hand in (*state.hands, *state.won) for c in hand]
        return Counter([*state.stock, *held, *(c for _, c in state.trick)])

    def resample_hidden(self, state: HighCardState, seat: int, rng: random.Random) -> HighCardState:
        """A state ``seat`` cannot tell from ``state``: unseen cards shuffled among their places."""
        others = [i for i in range(state.players) if i != seat]
        pool = [*state.stock, *(c for i in others for c in state.hands[i])]
        rng.shuffle(pool)
        hands = list(state.hands)
        for i in others:
            hands[i], pool = tuple(pool[: len(hands[i])]), pool[len(hands[i]) :]
        return replace(state, stock=tuple(pool), hands=tuple(hands))


def _led_suit(trick: tuple[tuple[int, Card], ...]) -> str:
    return trick[0][1].suit if trick else ""


def _trick_winner(deck: Deck, trick: tuple[tuple[int, Card], ...]) -> int:
    led = _led_suit(trick)
    extras = [(s, c) for s, c in trick if c.is_extra]
    contenders = extras or [(s, c) for s, c in trick if not led or c.suit == led]
    return max(contenders, key=lambda sc: deck.strength(sc[1]))[0]


def _points(state: HighCardState) -> tuple[int, ...]:
    return tuple(len(w) // state.players for w in state.won)


GAME = register(HighCard())
