"""`DrawPoker`: one engine for every draw-poker game, configured by a small frozen `DrawRules`.

Triad (5-card draw, Triad §2) and Pyramid (6 hexagonal cards and an exchange, Pyramid §2) are
instances: they differ in the deck, the hand size, how many cards may be exchanged, how many
exchange rounds there are, and the hand evaluator.  Everything else is shared:

1. **Deal** (chance, one card at a time, ``deal <card>``), starting left of the button, to every
   player in the hand.  In betting mode the ante is posted first; a player with no chips left
   sits out.
2. **First betting round** (fixed limit, small bet; `cardlab.games.poker.betting`).
3. **Exchange** (``exchange_rounds`` times): from the button's left, each player still in says
   ``discard <cards>`` (1..``max_draw`` cards) or ``stand pat``; the replacements are chance
   draws ``draw <card>``.  When the stock is empty, the chance action ``shuffle discards`` makes
   the discarded cards a new stock (the current player's own discards of this turn are kept out
   unless nothing else is left).
4. **Second betting round** (big bet).
5. **Showdown**: the players still in show in turn order (the button last); the best key wins,
   equal keys split each pot (`betting.award`).  If everyone else folded, the last player wins
   without showing.
6. The hand's cards stay on the table until the chance action ``next hand`` collects them, moves
   the button one seat to the left and starts the next hand.  A game is ``hands`` hands; chips
   carry over, and the game also ends when only one player has chips.

``betting=False`` is the "showdown only" lesson mode: no antes and no betting; each hand's winner
scores 1 point (ties share it) and `returns` are points minus the average.  With betting,
`returns` are chips won or lost.  Both add up to zero.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, Any, NoReturn

from cardlab.core.cards import Card, get_deck
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
    Transition,
    card_outcome,
    not_an_outcome,
    seat_name,
)
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.narration import Narration, secret
from cardlab.core.options import Option, flag, whole
from cardlab.core.tuples import remove_one, replace_at
from cardlab.games.poker import betting as bet
from cardlab.games.poker.betting import Betting, Pot, semicolons

if TYPE_CHECKING:
    import numpy as np

Hand = tuple[Card, ...]
Evaluate = Callable[[Hand], tuple[Any, "str | Message"]]
Options = Mapping[str, Any] | tuple[tuple[str, Any], ...]
"""A table's options: by name, or as the (name, value) pairs a state keeps."""

_NOW_EXCHANGE = {
    1: msg("Now the first exchange."),
    2: msg("Now the second exchange."),
    3: msg("Now the third exchange."),
    4: msg("Now the fourth exchange."),
}


@dataclass(frozen=True)
class DrawRules:
    """What makes one draw-poker game: Triad and Pyramid are each one of these.

    * ``deck(options)`` returns every physical card of the deck for these options (so a game
      option such as Triad's wild jokers can change the deck).
    * ``evaluate(hand)`` returns ``(key, description)``: ``key`` is any value ordered with ``<``
      against every other hand's key (higher is better; equal keys tie and split the pot), and
      ``description`` names the hand for the narration, e.g. "Full Up, Kings over Sevens".
      ``evaluator(options)``, when given, returns the evaluate function for those options
      (variants such as wild jokers); otherwise ``evaluate`` is used for every option set.
    * ``max_discard`` is the default of the ``max_draw`` option, which may range over
      0..``draw_limit`` (None: the whole hand); ``exchange_rounds`` the default of the option of
      that name, which may range over 1..``max_exchange_rounds``.
    * ``extra_options`` are game-specific options with their defaults and ``extra_specs`` what
      each may be (`cardlab.core.options`; a spec there may also refine a shared option's);
      ``check_options(options) -> reason | None`` checks what depends on several options.
    * ``advisor(hand, unseen, max_draw, **options) -> (discard, reason)``, when given, is used
      by `cardlab.games.poker.bots.PokerBot` instead of its sampled discard search (through
      `DrawPoker.advise`); ``advice_options`` names the table options it takes as keywords
      (Triad's ``five_of_a_kind``).
    * ``discard_values(hand, unseen, max_draw, **options) -> [(discard, value, words), ...]``,
      when given, is every discard's exact value by the advisor's own measure (higher better,
      in percent) and that value in words: what a review of the learner's exchange compares
      (`cardlab.games.poker.review`).
    * ``sort_key(card)`` orders a hand for display (default: the deck's strength, high first).
    * ``codes(options)``, when given with ``card_ids(cards)``, returns a function that
      evaluates many hands at once (an (n, hand_size) array of ``card_ids``) to integers
      ordered as the keys of ``evaluate`` (equal integers tie): the bots' simulated showdowns
      use it, a hundred times faster than a hand at a time.
    """

    name: str
    title: str | Message
    deck: Callable[[Mapping[str, Any]], Sequence[Card]]
    evaluate: Evaluate
    hand_size: int = 5
    max_discard: int = 3
    draw_limit: int | None = None
    exchange_rounds: int = 1
    max_exchange_rounds: int = 1
    min_players: int = 2
    max_players: int = 7
    default_players: int = 2
    example_options: tuple[Mapping[str, Any], ...] = ({},)
    extra_options: Mapping[str, Any] = field(default_factory=dict)
    extra_specs: Mapping[str, Option] = field(default_factory=dict)
    evaluator: Callable[[Mapping[str, Any]], Evaluate] | None = None
    check_options: Callable[[Mapping[str, Any]], str | Message | None] | None = None
    advisor: Callable[..., tuple[Hand, Message | Narration]] | None = None
    advice_options: tuple[str, ...] = ()
    discard_values: Callable[..., list[tuple[Hand, float, Message]]] | None = None
    sort_key: Callable[[Card], Any] | None = None
    codes: Callable[[Mapping[str, Any]], Callable[[np.ndarray], np.ndarray]] | None = None
    card_ids: Callable[[Sequence[Card]], np.ndarray] | None = None


@lru_cache(maxsize=64)
def _advice(
    advisor: Callable[..., tuple[Hand, Message | Narration]],
    hand: Hand,
    unseen: Hand,
    max_draw: int,
    options: tuple[tuple[str, Any], ...],
) -> tuple[Hand, Message | Narration]:
    """An advisor's answer, kept: it depends on nothing else, and it is costly (every draw
    counted), so a table may ask for it before its bot does (`TableModel.ahead`)."""
    return advisor(hand, unseen, max_draw, **dict(options))


@lru_cache(maxsize=64)
def _discard_values(
    values: Callable[..., list[tuple[Hand, float, Message]]],
    hand: Hand,
    unseen: Hand,
    max_draw: int,
    options: tuple[tuple[str, Any], ...],
) -> list[tuple[Hand, float, Message]]:
    """A game's exact discard values, kept: a review asks for the same exchange twice (the
    learner's move and the AI's), and a table's review again after a branch."""
    return values(hand, unseen, max_draw, **dict(options))


SHARED_OPTIONS: dict[str, Any] = {
    "ante": 1,
    "small_bet": 2,
    "big_bet": 4,
    "raise_cap": 3,
    "stack": 100,
    "betting": True,
    "hands": 5,
}
"""The options every draw-poker game has (plus ``players``, ``max_draw``, ``exchange_rounds``)."""

# Chips and hands are capped where no lesson goes: amounts stay readable in the narration, a
# betting round is at most ``raise_cap + 2`` actions a player, and a game of 100 hands is already
# a few thousand steps.
SHARED_SPECS: dict[str, Option] = {
    "ante": whole(0, 100, msg("chips each player puts in before the deal")),
    "small_bet": whole(1, 100, msg("the bet and raise size before the draw")),
    "big_bet": whole(1, 100, msg("the bet and raise size after the draw")),
    "raise_cap": whole(0, 10, msg("the most raises in one betting round")),
    "stack": whole(1, 10_000, msg("chips each player starts with")),
    "betting": flag(
        msg("chips and betting; False is the showdown-only lesson mode (1 point a hand)")
    ),
    "hands": whole(1, 100, msg("hands in a game (it ends early when one player has every chip)")),
}


@dataclass(frozen=True)
class HandResult:
    """How one hand ended: what was shown, who won which pot, and what each seat gained.

    ``shown`` lists (seat, cards, description) in reveal order (empty when everyone else
    folded); ``net`` is each seat's gain: chips (payout minus what they put in) with betting,
    points without.
    """

    hand_no: int
    button: int
    shown: tuple[tuple[int, Hand, str | Message], ...]
    pots: tuple[Pot, ...]
    contributions: tuple[int, ...]
    payouts: tuple[int, ...]
    net: tuple[Fraction, ...]
    winners: tuple[int, ...]
    said: Message
    """How the hand ended, as a message (`summary` reads it in the current language)."""
    sums: str | Message
    """The payout arithmetic, as a message (`arithmetic` reads it)."""

    @property
    def summary(self) -> str:
        return str(self.said)

    @property
    def arithmetic(self) -> str:
        return str(self.sums)


@dataclass(frozen=True)
class DrawPokerState:
    """The whole table.  ``phase`` is ``deal``, ``bet1``, ``draw``, ``bet2`` or ``done``.

    ``muck`` holds the discards as (seat that discarded, card); ``pending`` the cards the current
    ``exchanger`` has just discarded and is being replaced (``to_draw`` more to come).
    ``betting`` is None without betting and between hands; ``chips`` are the stacks at the
    start of the hand (the running stacks are in ``betting``).  ``log`` is the public record of
    this hand's player actions as (seat, text), e.g. (1, "raise 4"), (2, "discard 3").
    """

    opts: tuple[tuple[str, Any], ...]
    players: int
    hand_no: int
    button: int
    in_hand: tuple[bool, ...]
    stock: Hand
    hands: tuple[Hand, ...]
    chips: tuple[int, ...]
    points: tuple[Fraction, ...]
    betting: Betting | None = None
    phase: str = "deal"
    muck: tuple[tuple[int, Card], ...] = ()
    pending: Hand = ()
    to_draw: int = 0
    exchanger: int | None = None
    exchange_round: int = 0
    exchanged: tuple[bool, ...] = ()
    log: tuple[tuple[int, str], ...] = ()
    shown: tuple[int, ...] = ()
    results: tuple[HandResult, ...] = ()

    def option(self, key: str) -> Any:
        return dict(self.opts)[key]

    @property
    def live(self) -> tuple[int, ...]:
        """Seats still in this hand (dealt in and not folded)."""
        if self.betting is not None:
            return tuple(self.betting.live())
        return tuple(s for s in range(self.players) if self.in_hand[s])

    @property
    def order(self) -> tuple[int, ...]:
        """Seats dealt in, from the button's left round to the button."""
        n = self.players
        seats = ((self.button + 1 + k) % n for k in range(n))
        return tuple(s for s in seats if self.in_hand[s])


@dataclass(frozen=True)
class NextHand(Move):
    """``next hand`` (chance): the cards are collected and the button moves on."""


@dataclass(frozen=True)
class Exchange(Move):
    """``discard <cards>`` or ``stand pat`` (no ``discards``): the exchange of the seat to act."""

    discards: Hand


@dataclass(frozen=True)
class BetAction(Move):
    """``fold``, ``check``, ``call``, ``bet`` or ``raise``, allowed by `betting.why_illegal`."""


PokerMove = CardOut | Reshuffle | NextHand | Exchange | BetAction
"""Every move of a draw-poker game, as `DrawPoker.read_move` reads it."""


_BET_WORDS: dict[str, Message] = {
    # Translators: a betting move in a list of the moves a player may make
    "fold": msg("fold"),
    # Translators: a betting move in a list of the moves a player may make
    "check": msg("check"),
    # Translators: a betting move in a list of the moves a player may make
    "call": msg("call"),
    # Translators: a betting move in a list of the moves a player may make
    "bet": msg("bet"),
    # Translators: a betting move in a list of the moves a player may make
    "raise": msg("raise"),
}
"""The betting moves in words (`DrawPoker.move_words`)."""


@dataclass(frozen=True)
class DrawPokerView:
    """What one seat may see (``seat=None``: the teacher, who sees every card).

    ``hands`` shows the viewer's own cards, and at the end of a hand the hands shown down; other
    cards are None (backs, so the counts are visible).  ``my_discards`` are the viewer's own
    cards in the discard pile (the teacher sees the whole pile).  ``stacks`` are the chips behind
    each player, ``contributions`` what each has put in the pot this hand, ``bets`` this round.
    """

    seat: int | None
    game: str
    options: tuple[tuple[str, Any], ...]
    hand_no: int
    hands_total: int
    button: int
    phase: str
    to_act: int
    hands: tuple[tuple[Card | None, ...], ...]
    in_hand: tuple[bool, ...]
    folded: tuple[bool, ...]
    all_in: tuple[bool, ...]
    stacks: tuple[int, ...]
    contributions: tuple[int, ...]
    bets: tuple[int, ...]
    pot: int
    owed: int
    bet_size: int
    raises: int
    raise_cap: int
    exchange_round: int
    exchanger: int | None
    to_draw: int
    stock_size: int
    muck_size: int
    my_discards: Hand
    log: tuple[tuple[int, str], ...]
    points: tuple[Fraction, ...]
    results: tuple[HandResult, ...]

    @property
    def betting(self) -> bool:
        return bool(self.option("betting"))

    def option(self, key: str) -> Any:
        return dict(self.options)[key]

    @property
    def opponents(self) -> tuple[int, ...]:
        """The other players still in the hand."""
        return tuple(
            s
            for s in range(len(self.hands))
            if s != self.seat and self.in_hand[s] and not self.folded[s]
        )


class DrawPoker(Game[DrawPokerState, PokerMove]):
    """A draw-poker game built from `DrawRules` (register an instance with `engine.register`)."""

    action_words = frozenset(
        {"deal", "draw", "shuffle", "discards", "next", "hand", "discard", "stand", "pat"}
        | set(bet.ACTIONS)
    )
    action_examples = ("call", "raise", "discard 7h 2c", "stand pat")

    def __init__(self, rules: DrawRules) -> None:
        self.rules = rules
        self.name = rules.name
        self.title = rules.title
        self.min_players = rules.min_players
        self.max_players = rules.max_players
        self.default_options = {
            "players": rules.default_players,
            **SHARED_OPTIONS,
            "max_draw": rules.max_discard,
            "exchange_rounds": rules.exchange_rounds,
            **rules.extra_options,
        }
        self.option_specs = {
            "players": whole(rules.min_players, rules.max_players, msg("players at the table")),
            **SHARED_SPECS,
            "max_draw": whole(
                0,
                rules.hand_size if rules.draw_limit is None else rules.draw_limit,
                msg("the most cards a player may exchange"),
            ),
            "exchange_rounds": whole(
                1, rules.max_exchange_rounds, msg("exchange rounds in a hand")
            ),
            **rules.extra_specs,
        }
        self.example_options = tuple(rules.example_options)

    def __repr__(self) -> str:
        return f"DrawPoker({self.rules.name!r})"

    # -- configuration -----------------------------------------------------------------------
    def full_deck(self, opts: Options) -> Hand:
        """Every card of the deck for these options."""
        return tuple(self.rules.deck(dict(opts)))

    def evaluator(self, opts: Options) -> Evaluate:
        """The evaluate function for these options."""
        rules = self.rules
        return rules.evaluator(dict(opts)) if rules.evaluator else rules.evaluate

    def codes(self, opts: Options) -> Callable[[np.ndarray], np.ndarray] | None:
        """The many-hands evaluator for these options (None: the game has none)."""
        rules = self.rules
        return rules.codes(dict(opts)) if rules.codes else None

    def advise(self, view: DrawPokerView, hand: Hand) -> tuple[Hand, Message | Narration]:
        """The game's exact exchange advice for ``hand`` in ``view`` (a seat's observation),
        under the table's options; ``ValueError`` for a game without an advisor."""
        advisor = self.rules.advisor
        if advisor is None:
            raise ValueError(f"{self.title} has no exact exchange advisor")
        options = tuple((name, view.option(name)) for name in self.rules.advice_options)
        return _advice(advisor, tuple(hand), self.unseen(view), view.option("max_draw"), options)

    def discard_values(self, view: DrawPokerView, hand: Hand) -> list[tuple[Hand, float, Message]]:
        """Every discard of ``hand`` in ``view`` with its exact value by the advisor's measure
        (`DrawRules.discard_values`); ``ValueError`` for a game without one."""
        values = self.rules.discard_values
        if values is None:
            raise ValueError(f"{self.title} has no exact measure of a discard")
        options = tuple((name, view.option(name)) for name in self.rules.advice_options)
        max_draw = view.option("max_draw")
        return _discard_values(values, tuple(hand), self.unseen(view), max_draw, options)

    def evaluate(
        self, where: DrawPokerState | DrawPokerView, hand: Hand
    ) -> tuple[Any, str | Message]:
        """``(key, description)`` of ``hand`` under the options of a state or a view."""
        opts = where.opts if isinstance(where, DrawPokerState) else where.options
        return self.evaluator(opts)(hand)

    def _sorted(self, hand: Sequence[Card]) -> Hand:
        if self.rules.sort_key is not None:
            return tuple(sorted(hand, key=self.rules.sort_key))
        if not hand:
            return ()
        deck = get_deck(hand[0].deck)
        return tuple(sorted(hand, key=lambda c: (-deck.strength(c), c.code)))

    def options_problem(self, options: Mapping[str, Any]) -> str | Message | None:
        """The game's own limits on several options at once, then whether the deal fits the deck."""
        r = self.rules
        if r.check_options is not None:
            problem = r.check_options(options)
            if problem:
                return problem
        deck = self.full_deck(options)
        if options["players"] * r.hand_size > len(deck):
            return msg(
                "{players} players x {size} cards needs more than the {cards} cards of the deck",
                players=options["players"],
                size=r.hand_size,
                cards=len(deck),
            )
        return None

    # -- setup -------------------------------------------------------------------------------
    def initial_state(self, **options: Any) -> DrawPokerState:
        opts = self.options(**options)
        n = opts["players"]
        empty = DrawPokerState(
            opts=tuple(sorted(opts.items())),
            players=n,
            hand_no=0,
            button=n - 1,
            in_hand=(True,) * n,
            stock=(),
            hands=((),) * n,
            chips=(opts["stack"],) * n,
            points=(Fraction(0),) * n,
        )
        return self._new_hand(empty, button=n - 1)

    def _new_hand(self, state: DrawPokerState, button: int) -> DrawPokerState:
        n = state.players
        betting_on = state.option("betting")
        in_hand = tuple(c > 0 for c in state.chips) if betting_on else (True,) * n
        b = None
        if betting_on:
            b = bet.new_hand(state.chips, button, in_hand, cap=state.option("raise_cap"))
            b = bet.post_antes(b, state.option("ante")).betting
        return replace(
            state,
            hand_no=state.hand_no + 1,
            button=button,
            in_hand=in_hand,
            stock=self.full_deck(state.opts),
            hands=((),) * n,
            betting=b,
            phase="deal",
            muck=(),
            pending=(),
            to_draw=0,
            exchanger=None,
            exchange_round=0,
            exchanged=(),
            log=(),
            shown=(),
        )

    def num_players(self, state: DrawPokerState) -> int:
        return state.players

    # -- whose turn, what is legal -----------------------------------------------------------
    def _finished(self, state: DrawPokerState) -> bool:
        if state.phase != "done":
            return False
        if state.hand_no >= state.option("hands"):
            return True
        return state.option("betting") and sum(c > 0 for c in state.chips) < 2

    def current_player(self, state: DrawPokerState) -> int:
        phase = state.phase
        if phase == "deal":
            return CHANCE
        if phase == "done":
            return TERMINAL if self._finished(state) else CHANCE
        if phase == "draw":
            if state.to_draw > 0:
                return CHANCE
            assert state.exchanger is not None
            return state.exchanger
        assert state.betting is not None and state.betting.to_act is not None
        return state.betting.to_act

    def chance_outcomes(self, state: DrawPokerState) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == "done":
            return [] if self._finished(state) else [("next hand", 1.0)]
        if phase == "deal" or (phase == "draw" and state.to_draw > 0):
            if not state.stock:
                return [("shuffle discards", 1.0)]
            verb = "deal" if phase == "deal" else "draw"
            counts = Counter(state.stock)
            total = len(state.stock)
            return [(f"{verb} {card}", k / total) for card, k in counts.items()]
        return []

    def legal_actions(self, state: DrawPokerState) -> list[str]:
        seat = self.current_player(state)
        if seat == TERMINAL:
            return []
        if seat == CHANCE:
            return [a for a, _ in self.chance_outcomes(state)]
        if state.phase == "draw":
            hand = state.hands[seat]
            out = ["stand pat"]
            for k in range(1, state.option("max_draw") + 1):
                seen = set()
                for combo in combinations(range(len(hand)), k):
                    cards = tuple(hand[i] for i in combo)
                    if cards not in seen:
                        seen.add(cards)
                        out.append("discard " + " ".join(c.code for c in cards))
            return out
        assert state.betting is not None
        return bet.legal_actions(state.betting)

    def move_words(self, state: DrawPokerState, action: str) -> str:
        """A bet or an exchange as the table's buttons say it, in the current language (the
        cards to discard in notation, as the narration shows them)."""
        if action in _BET_WORDS:
            return str(_BET_WORDS[action])
        if action == "stand pat":
            return str(msg("stand pat"))
        verb, _, cards = action.partition(" ")
        if verb == "discard" and cards:
            return str(msg("discard {cards}", cards=cards))
        return action

    def _parse(self, state: DrawPokerState, text: str) -> PokerMove | Refusal:
        seat = self.current_player(state)
        if seat == TERMINAL:
            return Refusal(GAME_OVER)
        if seat == CHANCE:
            move = self._chance(state, text)
            if move is None:
                expected = {
                    "deal": msg("the next card dealt ('deal <card>')"),
                    "draw": msg("a replacement card ('draw <card>') or 'shuffle discards'"),
                    "done": msg("'next hand'"),
                }[state.phase]
                return not_an_outcome(text, expected)
            return move
        who = seat_name(seat)
        verb = text.partition(" ")[0]
        if state.phase == "draw":
            if text == "stand pat":
                return Exchange(text, ())
            if verb != "discard":
                return Refusal(
                    msg(
                        "it is the exchange: {player} says 'discard <cards>' (up to {limit}) or "
                        "'stand pat'",
                        player=who,
                        limit=state.option("max_draw"),
                    )
                )
            try:
                return Exchange(text, self._discards(state, seat, text))
            except ValueError as exc:
                return Refusal(exc.args[0] if exc.args else str(exc))
        assert state.betting is not None
        if verb in ("discard", "stand"):
            legal = _or(bet.legal_actions(state.betting))
            return Refusal(
                msg(
                    "it is a betting round, not the exchange: {player} may {legal}",
                    player=who,
                    legal=legal,
                )
            )
        reason = bet.why_illegal(state.betting, text)
        return Refusal(reason) if reason is not None else BetAction(text)

    def _chance(self, state: DrawPokerState, text: str) -> PokerMove | None:
        """The chance move ``text`` names, when it is a possible outcome here."""
        phase = state.phase
        if phase == "done":
            return NextHand(text) if text == "next hand" and not self._finished(state) else None
        if not state.stock:
            return Reshuffle(text) if text == "shuffle discards" else None
        card = card_outcome(text, "deal" if phase == "deal" else "draw", state.stock)
        return None if card is None else CardOut(text, card)

    def _discards(self, state: DrawPokerState, seat: int, action: str) -> Hand:
        hand = state.hands[seat]
        deck = get_deck(hand[0].deck)
        cards = deck.parse(action.partition(" ")[2], decks=1)
        if not cards:
            return _raise(
                msg("name the cards to discard, e.g. 'discard 7h 2c' (or say 'stand pat')")
            )
        limit = state.option("max_draw")
        if len(cards) > limit:
            return _raise(
                msgn(
                    "you may discard at most {count} card, not {got}",
                    "you may discard at most {count} cards, not {got}",
                    limit,
                    got=len(cards),
                )
            )
        missing = Counter(cards) - Counter(hand)
        if missing:
            card = next(iter(missing))
            return _raise(
                msg("you do not hold {card} ({name})", card=card.code, name=deck.describe(card))
            )
        return cards

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, state: DrawPokerState, move: PokerMove) -> Transition[DrawPokerState]:
        if isinstance(move, NextHand):
            return self._next_hand(state)
        if isinstance(move, Reshuffle):
            return self._reshuffle(state)
        if isinstance(move, CardOut):
            if state.phase == "deal":
                return self._deal(state, move.card, move.text)
            return self._draw(state, move.card, move.text)
        seat = self.current_player(state)
        if isinstance(move, Exchange):
            return self._exchange(state, seat, move)
        return self._bet(state, seat, move.text)

    def _deal(self, state: DrawPokerState, card: Card, action: str) -> Transition[DrawPokerState]:
        order = state.order
        dealt = sum(len(state.hands[s]) for s in order)
        to = order[dealt % len(order)]
        hands = replace_at(state.hands, to, self._sorted((*state.hands[to], card)))
        new = replace(state, stock=remove_one(state.stock, card), hands=hands)
        text: Message = msg(
            "The dealer gives {player} a card face down{card}.",
            player=seat_name(to),
            card=secret(f" ({card.code})", to),
        )
        if dealt == 0:
            text = then(self._hand_intro(state), text)
        if dealt + 1 == len(order) * self.rules.hand_size:
            new, more = self._after_deal(new)
            text = then(text, more)
        return self._event(state, new, CHANCE, action, text)

    def _hand_intro(self, state: DrawPokerState) -> Message:
        text = msg(
            "Hand {number} of {total}: {dealer} has the button, so {first} is dealt to first.",
            number=state.hand_no,
            total=state.option("hands"),
            dealer=seat_name(state.button),
            first=seat_name(state.order[0]),
        )
        b = state.betting
        if b is not None and state.option("ante") > 0:
            text = then(text, msg("The antes are in: pot {pot}.", pot=b.pot))
        out = [s for s in range(state.players) if not state.in_hand[s]]
        if out:
            sits = msgn(
                "{players} has no chips and sits out.",
                "{players} have no chips and sit out.",
                len(out),
                players=_names(out),
            )
            text = then(text, sits)
        return text

    def _after_deal(self, state: DrawPokerState) -> tuple[DrawPokerState, Message]:
        if state.betting is not None:
            return self._start_bet(state, 1)
        return self._start_draw(state, 1)

    def _start_bet(self, state: DrawPokerState, k: int) -> tuple[DrawPokerState, Message]:
        assert state.betting is not None
        size = state.option("small_bet" if k == 1 else "big_bet")
        b = bet.start_round(state.betting, size)
        new = replace(state, phase=f"bet{k}", betting=b)
        if b.to_act is None:
            new, more = self._end_bet(new)
            nobody = msg("Nobody can bet in round {round} (players are all-in).", round=k)
            return new, then(nobody, more)
        return new, msg(
            "Betting round {round} (bets of {size}): {player} acts first, pot {pot}.",
            round=k,
            size=size,
            player=seat_name(b.to_act),
            pot=b.pot,
        )

    def _end_bet(self, state: DrawPokerState) -> tuple[DrawPokerState, Message]:
        assert state.betting is not None
        if state.betting.hand_over:
            return self._win_by_folds(state)
        if state.phase == "bet1":
            return self._start_draw(state, 1)
        return self._showdown(state)

    def _start_draw(self, state: DrawPokerState, r: int) -> tuple[DrawPokerState, Message]:
        rounds = state.option("exchange_rounds")
        new = replace(
            state,
            phase="draw",
            exchange_round=r,
            exchanged=(False,) * state.players,
            exchanger=None,
            to_draw=0,
            pending=(),
        )
        if rounds == 1:
            now = msg("Now the exchange.")
        else:
            now = _NOW_EXCHANGE.get(r) or msg("Now exchange {number}.", number=r)
        new, more = self._next_exchanger(new)
        return new, then(now, more)

    def _next_exchanger(self, state: DrawPokerState) -> tuple[DrawPokerState, Message]:
        live = set(state.live)
        for s in state.order:
            if s in live and not state.exchanged[s]:
                limit = state.option("max_draw")
                return replace(state, exchanger=s), msg(
                    "{player} may discard up to {limit} or stand pat.",
                    player=seat_name(s),
                    limit=limit,
                )
        if state.exchange_round < state.option("exchange_rounds"):
            return self._start_draw(state, state.exchange_round + 1)
        new = replace(state, exchanger=None)
        if new.betting is not None:
            return self._start_bet(new, 2)
        return self._showdown(new)

    def _bet(self, state: DrawPokerState, seat: int, action: str) -> Transition[DrawPokerState]:
        assert state.betting is not None
        step = bet.act(state.betting, action)
        b = step.betting
        amount = b.contributions[seat] - state.betting.contributions[seat]
        logged = action if action in ("fold", "check") else f"{action} {amount}"
        new = replace(state, betting=b, log=(*state.log, (seat, logged)))
        text = step.narration
        if b.complete:
            new, more = self._end_bet(new)
            text = then(text, more)
        return self._event(state, new, seat, action, text, step.arithmetic)

    def _exchange(
        self, state: DrawPokerState, seat: int, move: Exchange
    ) -> Transition[DrawPokerState]:
        who = seat_name(seat)
        exchanged = replace_at(state.exchanged, seat, True)
        action, cards = move.text, move.discards
        if not cards:
            new = replace(state, exchanged=exchanged, log=(*state.log, (seat, "stand pat")))
            new, more = self._next_exchanger(new)
            pat = msgn(
                "{player} stands pat (keeps all {count} card).",
                "{player} stands pat (keeps all {count} cards).",
                len(state.hands[seat]),
                player=who,
            )
            return self._event(state, new, seat, action, then(pat, more))
        hand = state.hands[seat]
        for card in cards:
            hand = remove_one(hand, card)
        k = len(cards)
        new = replace(
            state,
            hands=replace_at(state.hands, seat, hand),
            pending=cards,
            to_draw=k,
            exchanged=exchanged,
            log=(*state.log, (seat, f"discard {k}")),
        )
        shown = " ".join(c.code for c in cards)
        text = msgn(
            "{player} discards {count} card{cards} and draws {count}.",
            "{player} discards {count} cards{cards} and draws {count}.",
            k,
            player=who,
            cards=secret(f" ({shown})", seat),
        )
        return Transition(new, Event(seat, action, text))

    def _draw(self, state: DrawPokerState, card: Card, action: str) -> Transition[DrawPokerState]:
        seat = state.exchanger
        assert seat is not None
        hands = replace_at(state.hands, seat, self._sorted((*state.hands[seat], card)))
        left = state.to_draw - 1
        new = replace(state, stock=remove_one(state.stock, card), hands=hands, to_draw=left)
        text = msg(
            "{player} draws a card face down{card}.",
            player=seat_name(seat),
            card=secret(f" ({card.code})", seat),
        )
        if left == 0:
            muck = (*new.muck, *((seat, c) for c in new.pending))
            new, more = self._next_exchanger(replace(new, muck=muck, pending=()))
            text = then(text, more)
        return self._event(state, new, CHANCE, action, text)

    def _reshuffle(self, state: DrawPokerState) -> Transition[DrawPokerState]:
        if state.muck:
            stock, muck, pending = tuple(c for _, c in state.muck), (), state.pending
            text = msgn(
                "The stock is empty: the {count} discarded card is shuffled into a new stock.",
                "The stock is empty: the {count} discarded cards are shuffled into a new stock.",
                len(stock),
            )
        else:  # nothing else is left: the player's own discards go back in
            stock, muck, pending = state.pending, (), ()
            text = msg(
                "The stock is empty and only {player}'s own discards are left: they are "
                "shuffled into a new stock.",
                player=seat_name(state.exchanger or 0),
            )
        new = replace(state, stock=stock, muck=muck, pending=pending)
        return Transition(new, Event(CHANCE, "shuffle discards", text))

    def _event(
        self,
        before: DrawPokerState,
        after: DrawPokerState,
        actor: int,
        action: str,
        text: Message | Narration,
        arithmetic: Message | str = "",
    ) -> Transition[DrawPokerState]:
        """The transition, with the hand's payout arithmetic when this action ended the hand."""
        if after.phase == "done" and before.phase != "done":
            end = after.results[-1].sums
            arithmetic = semicolons([arithmetic, end]) if arithmetic else end
        return Transition(after, Event(actor, action, text, arithmetic))

    # -- the end of a hand -------------------------------------------------------------------
    def _win_by_folds(self, state: DrawPokerState) -> tuple[DrawPokerState, Message]:
        b = state.betting
        assert b is not None
        winner = b.live()[0]
        pots = bet.split_pots(b.contributions, b.folded, [None] * state.players, b.button)
        payouts = _payouts(pots, state.players)
        text = msg(
            "{player} wins the pot of {pot} without a showdown.",
            player=seat_name(winner),
            pot=b.pot,
        )
        return self._finish(state, (), pots, payouts, (winner,), text)

    def _showdown(self, state: DrawPokerState) -> tuple[DrawPokerState, Message]:
        evaluate = self.evaluator(state.opts)
        live = set(state.live)
        order = [s for s in state.order if s in live]
        keys: list[Any] = [None] * state.players
        shown = []
        for s in order:
            key, words = evaluate(state.hands[s])
            keys[s] = key
            shown.append((s, state.hands[s], words))
        reveal = semicolons(
            [
                msg(
                    "{player} shows {cards} ({hand})",
                    player=seat_name(s),
                    cards=" ".join(c.code for c in cards),
                    hand=words,
                )
                for s, cards, words in shown
            ]
        )
        b = state.betting
        if b is None:
            best = max(keys[s] for s in order)
            winners = tuple(s for s in order if keys[s] == best)
            if len(winners) == 1:
                text = msg(
                    "Showdown: {shown}. {player} wins the hand (1 point).",
                    shown=reveal,
                    player=seat_name(winners[0]),
                )
            else:
                text = msg(
                    "Showdown: {shown}. {players} tie and share the point.",
                    shown=reveal,
                    players=_names(winners),
                )
            return self._finish(state, tuple(shown), (), (0,) * state.players, winners, text)
        pots = bet.split_pots(b.contributions, b.folded, keys, b.button)
        payouts = _payouts(pots, state.players)
        parts = []
        for i, pot in enumerate(pots):
            if len(pots) == 1:
                name = msg("the pot")
            else:
                name = msg("the main pot") if i == 0 else msg("a side pot")
            if len(pot.winners) == 1:
                parts.append(
                    msg(
                        "{player} wins {pot} of {amount}",
                        player=seat_name(pot.winners[0]),
                        pot=name,
                        amount=pot.amount,
                    )
                )
                continue
            shares = joined(
                msg("{player} {amount}", player=seat_name(s), amount=a) for s, a in pot.shares
            )
            if pot.amount % len(pot.winners):
                parts.append(
                    msg(
                        "{players} tie and split {pot} of {amount} ({shares}; the odd chip goes "
                        "to {first}, first left of the button)",
                        players=_names(pot.winners),
                        pot=name,
                        amount=pot.amount,
                        shares=shares,
                        first=seat_name(pot.winners[0]),
                    )
                )
            else:
                parts.append(
                    msg(
                        "{players} tie and split {pot} of {amount} ({shares})",
                        players=_names(pot.winners),
                        pot=name,
                        amount=pot.amount,
                        shares=shares,
                    )
                )
        winners = tuple(dict.fromkeys(s for pot in pots for s in pot.winners))
        text = msg("Showdown: {shown}. {outcome}.", shown=reveal, outcome=semicolons(parts))
        return self._finish(state, tuple(shown), tuple(pots), payouts, winners, text)

    def _finish(
        self,
        state: DrawPokerState,
        shown: tuple[tuple[int, Hand, str | Message], ...],
        pots: Sequence[Pot],
        payouts: tuple[int, ...],
        winners: tuple[int, ...],
        text: Message,
    ) -> tuple[DrawPokerState, Message]:
        b = state.betting
        n = state.players
        if b is None:
            share = Fraction(1, len(winners))
            net = tuple(share if s in winners else Fraction(0) for s in range(n))
            points = tuple(p + g for p, g in zip(state.points, net, strict=True))
            chips = state.chips
            contributions = (0,) * n
            scores = [
                msg(
                    "{player} {before} + {gain} = {after}",
                    player=seat_name(s),
                    before=_num(state.points[s]),
                    gain=_num(net[s]),
                    after=_num(points[s]),
                )
                for s in range(n)
            ]
            arithmetic: str | Message = msg("points: {scores}", scores=joined(scores))
        else:
            contributions = b.contributions
            chips = tuple(b.stacks[s] + payouts[s] for s in range(n))
            net = tuple(Fraction(payouts[s] - contributions[s]) for s in range(n))
            points = state.points
            arithmetic = semicolons(
                [
                    msgn(
                        "{player} {payout} - {put} put in = {net} ({count} chip)",
                        "{player} {payout} - {put} put in = {net} ({count} chips)",
                        chips[s],
                        player=seat_name(s),
                        payout=payouts[s],
                        put=contributions[s],
                        net=_signed(net[s]),
                    )
                    for s in range(n)
                    if state.in_hand[s]
                ]
            )
            assert sum(chips) == sum(state.chips)
        result = HandResult(
            hand_no=state.hand_no,
            button=state.button,
            shown=shown,
            pots=tuple(pots),
            contributions=contributions,
            payouts=payouts,
            net=net,
            winners=winners,
            said=text,
            sums=arithmetic,
        )
        new = replace(
            state,
            phase="done",
            chips=chips,
            points=points,
            betting=None,
            exchanger=None,
            shown=tuple(s for s, _, _ in shown),
            results=(*state.results, result),
        )
        if self._finished(new):
            text = then(text, self._final_words(new))
        return new, text

    def _final_words(self, state: DrawPokerState) -> Message:
        r = self.returns(state)
        best = max(r)
        leaders = [s for s in range(state.players) if r[s] == best]
        names, score = _names(leaders), _signed(best)
        if state.option("betting"):
            return msgn(
                "The game is over: {players} finishes best ({score} chips).",
                "The game is over: {players} finish best ({score} chips).",
                len(leaders),
                players=names,
                score=score,
            )
        return msgn(
            "The game is over: {players} finishes best ({score} points).",
            "The game is over: {players} finish best ({score} points).",
            len(leaders),
            players=names,
            score=score,
        )

    def _next_hand(self, state: DrawPokerState) -> Transition[DrawPokerState]:
        n = state.players
        button = (state.button + 1) % n
        if state.option("betting"):
            while state.chips[button] == 0:
                button = (button + 1) % n
        new = self._new_hand(state, button)
        text = msg(
            "The cards are collected and shuffled; the button moves to {player} for hand {number}.",
            player=seat_name(button),
            number=new.hand_no,
        )
        return Transition(new, Event(CHANCE, "next hand", text))

    # -- views and results -------------------------------------------------------------------
    def observe(self, state: DrawPokerState, seat: int | None) -> DrawPokerView:
        self.check_seat(state, seat)
        n = state.players
        hands = tuple(
            hand if seat is None or s == seat or s in state.shown else (None,) * len(hand)
            for s, hand in enumerate(state.hands)
        )
        b = state.betting
        if seat is None:
            mine = (*(c for _, c in state.muck), *state.pending)
        else:
            mine = tuple(c for s, c in state.muck if s == seat)
            if state.exchanger == seat:
                mine += state.pending
        to_act = self.current_player(state)
        return DrawPokerView(
            seat=seat,
            game=self.name,
            options=state.opts,
            hand_no=state.hand_no,
            hands_total=state.option("hands"),
            button=state.button,
            phase=state.phase,
            to_act=to_act,
            hands=hands,
            in_hand=state.in_hand,
            folded=b.folded if b else tuple(not i for i in state.in_hand),
            all_in=tuple(b.all_in(s) for s in range(n)) if b else (False,) * n,
            stacks=b.stacks if b else state.chips,
            contributions=b.contributions if b else (0,) * n,
            bets=b.bets if b else (0,) * n,
            pot=b.pot if b else 0,
            owed=b.owed(to_act) if b and to_act >= 0 else 0,
            bet_size=b.bet_size if b else 0,
            raises=b.raises if b else 0,
            raise_cap=state.option("raise_cap"),
            exchange_round=state.exchange_round,
            exchanger=state.exchanger,
            to_draw=state.to_draw,
            stock_size=len(state.stock),
            muck_size=len(state.muck) + len(state.pending),
            my_discards=mine,
            log=state.log,
            points=state.points,
            results=state.results,
        )

    def unseen(self, view: DrawPokerView) -> Hand:
        """The cards ``view.seat`` has not seen this hand: the deck minus its hand, its own
        discards still in the pile and any hand shown down (what a bot samples from)."""
        seen = Counter(c for c in view.my_discards)
        for hand in view.hands:
            seen.update(c for c in hand if c is not None)
        return tuple((Counter(self.full_deck(view.options)) - seen).elements())

    def returns(self, state: DrawPokerState) -> tuple[float, ...]:
        n = state.players
        if not state.option("betting"):
            mean = sum(state.points) / n
            return tuple(float(p - mean) for p in state.points)
        start = state.option("stack")
        b = state.betting
        held = tuple(b.stacks[s] + b.contributions[s] for s in range(n)) if b else state.chips
        return tuple(float(h - start) for h in held)

    def chip_total(self, state: DrawPokerState) -> int:
        """Every chip at the table (behind and in the pot): constant for a whole game."""
        b = state.betting
        return sum(b.stacks) + b.pot if b else sum(state.chips)

    def cards(self, state: DrawPokerState) -> Counter[Card]:
        return Counter(
            [
                *state.stock,
                *(c for h in state.hands for c in h),
                *(c for _, c in state.muck),
                *state.pending,
            ]
        )

    def resample_hidden(
        self, state: DrawPokerState, seat: int, rng: random.Random
    ) -> DrawPokerState:
        """Shuffle what ``seat`` cannot see (the stock, others' unshown hands, others' discards)
        among those places, keeping every count."""
        others = [s for s in range(state.players) if s != seat and s not in state.shown]
        pool = [*state.stock, *(c for s in others for c in state.hands[s])]
        pool += [c for s, c in state.muck if s != seat]
        own_pending = state.exchanger == seat
        if not own_pending:
            pool += state.pending
        rng.shuffle(pool)

        def take(k: int) -> list[Card]:
            nonlocal pool
            out, pool = pool[:k], pool[k:]
            return out

        hands = list(state.hands)
        for s in others:
            hands[s] = self._sorted(take(len(hands[s])))
        muck = tuple((s, c if s == seat else take(1)[0]) for s, c in state.muck)
        pending = state.pending if own_pending else tuple(take(len(state.pending)))
        stock = tuple(take(len(state.stock)))
        return replace(state, hands=tuple(hands), muck=muck, pending=pending, stock=stock)


# -- helpers ---------------------------------------------------------------------------------
def stage_words(view: DrawPokerView) -> str:
    """Where the hand is, as a player says it ("Hand 2 of 5: betting round 1"), in the current
    language: the table's banner, its text version and the stepper's, for Triad and Pyramid
    alike (`stage_message` is the message)."""
    return str(stage_message(view))


def stage_message(view: DrawPokerView) -> Message:
    """`stage_words` as a message."""
    number, total = view.hand_no, view.hands_total
    phase = view.phase
    if phase == "deal":
        return msg("Hand {number} of {total}: the deal", number=number, total=total)
    if phase in ("bet1", "bet2"):
        return msg(
            "Hand {number} of {total}: betting round {round}",
            number=number,
            total=total,
            round=phase[-1],
        )
    if phase == "draw":
        rounds = view.option("exchange_rounds")
        most = view.option("max_draw")
        if rounds > 1:
            return msg(
                "Hand {number} of {total}: the exchange {round} of {rounds} (0-{most} cards)",
                number=number,
                total=total,
                round=view.exchange_round,
                rounds=rounds,
                most=most,
            )
        return msg(
            "Hand {number} of {total}: the exchange (0-{most} cards)",
            number=number,
            total=total,
            most=most,
        )
    return msg("Hand {number} of {total}: over", number=number, total=total)


def _payouts(pots: Sequence[Pot], n: int) -> tuple[int, ...]:
    out = [0] * n
    for pot in pots:
        for s, a in pot.shares:
            out[s] += a
    return tuple(out)


def _raise(message: str | Message) -> NoReturn:
    raise ValueError(message)


def then(first: object, second: object) -> Message:
    """Two sentences one after the other ("A. B."; Chinese writes no space between them)."""
    # Translators: two whole sentences one after the other
    return msg("{first} {second}", first=first, second=second)


def names(seats: Sequence[int]) -> object:
    """Players named in a list: "Player 1", "Player 1 and Player 3", "Player 1, Player 2 and
    Player 4"."""
    said = [seat_name(s) for s in seats]
    if len(said) == 1:
        return said[0]
    return msg("{players} and {last}", players=joined(said[:-1]), last=said[-1])


_names = names


def _or(actions: Sequence[str]) -> object:
    if len(actions) == 1:
        return actions[0]
    return msg("{actions} or {last}", actions=", ".join(actions[:-1]), last=actions[-1])


def _num(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"


def _signed(x: Fraction | float) -> str:
    if isinstance(x, Fraction):
        return ("+" if x >= 0 else "-") + _num(abs(x))
    return f"{x:+g}"
