"""Dou Dizhu's state machine: the deal, bidding with throw-ins, play, and the settlement.

Actions are text, so a replay reads like a game record: ``deal 7h`` (chance: the next card),
``first 2`` (chance: who bids first), ``bid 2`` / ``pass``, and ``play 3 3 3 4 4 4 9 9`` (rank
pattern; the engine takes those ranks from the hand) or ``play 3s 3h 3d ...`` (exact cards),
with ``as <kind>`` when the cards can be read two ways.  `apply` also accepts a `Combo` from
`legal_plays`.

A guaranteed end (cardlab's rule; the spec throws a hand in and deals again whenever all three
players pass the bidding, which could go on for ever): a game is at most `MAX_DEALS` (10) deals.
If the tenth deal in a row is thrown in too, the game ends **void**: nobody is the landlord and
nobody scores.  With the bots a deal is thrown in about one time in four, so ten in a row happens
a few times in a million games; the narration says so when it does.
"""

from __future__ import annotations

import random
from bisect import insort
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any

from cardlab.core.cards import STANDARD54, Card
from cardlab.core.engine import (
    CHANCE,
    TERMINAL,
    Action,
    CardOut,
    Event,
    Game,
    IllegalMove,
    Move,
    Refusal,
    SeatChosen,
    Transition,
    register,
    seat_name,
)
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.narration import Narration, hidden, secret, told
from cardlab.core.options import Option, choice
from cardlab.core.tuples import replace_at
from cardlab.games.doudizhu.combos import (
    INDEX,
    KIND_NAMES,
    PASS,
    RULESETS,
    Combo,
    Counts,
    RefusedCards,
    a_kind,
    action_texts,
    check_combo,
    combo_beats,
    counts_of,
    plays_of,
    read_play,
)
from cardlab.games.doudizhu.explain import why_not_beating, why_not_combo
from cardlab.games.doudizhu.scoring import Settlement, settle

PLAYERS = 3
HAND = 17
MAX_DEALS = 10
"""A tenth deal in a row thrown in ends the game void (the module docstring's guaranteed end)."""
DECK = STANDARD54
CARDS = DECK.cards()
"""The deck's 54 cards: every state holds these very objects (see `_position`)."""
_DECK_SIZE = len(CARDS)


def sort_key(card: Card) -> tuple[int, str]:
    """Dou Dizhu order: 3 lowest ... A, 2, Black joker, Red joker (suit only to keep it stable)."""
    return INDEX[card.rank], card.suit


def role(state: DouDizhuState, seat: int) -> Message:
    """``Player 2``, with the role once the landlord is known: ``Player 2 (landlord)``."""
    if state.landlord is None:
        return seat_name(seat)
    return with_role(seat, state.landlord)


def with_role(seat: int, landlord: int | None) -> Message:
    """``Player 2 (landlord)`` / ``Player 3 (farmer)``."""
    if landlord is not None and 0 <= landlord < PLAYERS and 0 <= seat < PLAYERS:
        return _ROLES[landlord][seat]
    return _with_role(seat, landlord)


def _with_role(seat: int, landlord: int | None) -> Message:
    if seat == landlord:
        return msg("{player} (landlord)", player=seat_name(seat))
    return msg("{player} (farmer)", player=seat_name(seat))


_ROLES = tuple(
    tuple(_with_role(seat, landlord) for seat in range(PLAYERS)) for landlord in range(PLAYERS)
)
"""``_ROLES[landlord][seat]``: each seat with its role (messages are frozen: made once)."""


@dataclass(frozen=True)
class Play:
    """One turn of the play phase: ``combo`` None is a pass."""

    seat: int
    combo: Combo | None
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class DouDizhuState:
    ruleset: str
    stock: tuple[Card, ...] = CARDS
    hands: tuple[tuple[Card, ...], ...] = ((), (), ())
    bottom: tuple[Card, ...] = ()
    deal_number: int = 1
    first_bidder: int | None = None
    bids: tuple[tuple[int, int], ...] = ()  # (seat, bid), bid 0 = pass
    landlord: int | None = None
    to_move: int = 0
    table: Combo | None = None
    table_cards: tuple[Card, ...] = ()
    last_player: int | None = None
    passes: int = 0
    plays: tuple[Play, ...] = ()
    bombs: int = 0
    rockets: int = 0
    result: Settlement | None = None
    winner: int | None = None
    void: bool = False
    """True when the game ended because `MAX_DEALS` deals in a row were thrown in."""

    @property
    def phase(self) -> str:
        """``deal``, ``first`` (chance: first bidder), ``bid``, ``play`` or ``over``."""
        if self.result is not None or self.void:
            return "over"
        if self.stock:
            return "deal"
        if self.first_bidder is None:
            return "first"
        return "bid" if self.landlord is None else "play"

    @property
    def bid(self) -> int:
        """The highest bid so far (the base stake once bidding is over)."""
        return max((b for _, b in self.bids), default=0)

    def plays_by(self, seat: int) -> int:
        return sum(1 for p in self.plays if p.seat == seat and p.combo is not None)


@dataclass(frozen=True)
class Bid(Move):
    """``bid 1|2|3`` or, in the bidding, ``pass`` (``amount`` 0)."""

    amount: int


@dataclass(frozen=True)
class Pass(Move):
    """``pass`` in the play: the seat to move does not beat the table."""


@dataclass(frozen=True)
class PlayCards(Move):
    """``play <cards> [as <kind>]``: the reading ``combo`` and the physical ``cards`` it takes
    from the hand (the reading that beats the table, when following)."""

    combo: Combo
    cards: tuple[Card, ...]


DouDizhuMove = CardOut | SeatChosen | Bid | Pass | PlayCards
"""Every move of Dou Dizhu, as `DouDizhu.read_move` reads it."""


@dataclass(frozen=True)
class DouDizhuView:
    """One seat's view: its own hand, the others' hand sizes (cards as None), public history."""

    seat: int | None
    ruleset: str
    phase: str
    hands: tuple[tuple[Card | None, ...], ...]
    bottom: tuple[Card | None, ...]
    landlord: int | None
    bids: tuple[tuple[int, int], ...]
    bid: int
    to_act: int
    table: Combo | None
    table_cards: tuple[Card, ...]
    last_player: int | None
    plays: tuple[Play, ...]
    bombs: int
    rockets: int
    deal_number: int
    result: Settlement | None
    winner: int | None


class DouDizhu(Game[DouDizhuState, DouDizhuMove]):
    name = "doudizhu"
    title = msg("Dou Dizhu (Fight the Landlord)")
    min_players = max_players = PLAYERS
    default_options: Mapping[str, Any] = {"ruleset": "cardavia"}
    option_specs: Mapping[str, Option] = {
        "ruleset": choice(
            RULESETS, msg("whose wing and attachment rules: Cardavia's or pagat's (D3)")
        )
    }
    example_options = ({}, {"ruleset": "pagat"})
    # "as" (in "play 3 3 3 as trio") is left out: "As" is the ace of spades
    action_words = frozenset({"deal", "first", "bid", PASS, "play", *KIND_NAMES})
    action_examples = ("pass", "bid 2", "play 3 4 5 6 7")

    def initial_state(self, **options: Any) -> DouDizhuState:
        opts = self.options(**options)
        return DouDizhuState(ruleset=opts["ruleset"])

    def num_players(self, state: DouDizhuState) -> int:
        return PLAYERS

    # -- whose turn, what is legal -----------------------------------------------------------
    def current_player(self, state: DouDizhuState) -> int:
        # `DouDizhuState.phase`'s tests, read directly: a game loop asks twice per action
        if state.result is not None or state.void:
            return TERMINAL
        if state.stock or state.first_bidder is None:  # dealing, or choosing the first bidder
            return CHANCE
        return state.to_move

    def is_terminal(self, state: DouDizhuState) -> bool:
        return state.result is not None or state.void

    def chance_outcomes(self, state: DouDizhuState) -> list[tuple[str, float]]:
        if state.phase == "deal":
            return _deal_outcomes(state.stock)
        return [(f"first {s + 1}", 1 / PLAYERS) for s in range(PLAYERS)]

    def sample_chance(self, state: DouDizhuState, rng: random.Random) -> Action:
        """The card `Game.sample_chance` draws (the same call of ``rng.choices`` on the same
        weights, so seeded deals stay the same), without writing out every outcome first."""
        stock = state.stock
        if not stock or state.result is not None or state.void:  # not the deal
            return super().sample_chance(state, rng)
        card = rng.choices(stock, cum_weights=_CUMULATIVE[len(stock)])[0]
        return _DEAL_TEXT[card.code]

    def legal_actions(self, state: DouDizhuState) -> list[str]:
        if _playing(state):
            # the state's own hand: its counts need no checking (`legal_plays` checks any hand)
            hand = counts_of(state.hands[state.to_move])
            return action_texts(plays_of(hand, state.table, state.ruleset))
        phase = state.phase
        if phase in ("deal", "first"):
            return [action for action, _ in self.chance_outcomes(state)]
        if phase == "bid":
            return [PASS, *(f"bid {b}" for b in (1, 2, 3) if b > state.bid)]
        return []  # over

    def action_to_text(self, action: Any) -> str:
        """A `Combo` as ``play <pattern> as <kind>``; text actions as they are."""
        if isinstance(action, Combo):
            return action.action
        return str(action)

    def apply(self, state: DouDizhuState, action: Action) -> Transition[DouDizhuState]:
        """`Game.apply`, with the commonest legal actions applied at once, as `_parse` would
        read them: a ``deal <card>`` of a card in the stock (54 of a game's 120 actions), and
        in the play a pass after a play or a ``play ...`` that `_read` accepts.  Everything
        else, and every refusal, goes the general way (`read_move`, then `_apply`)."""
        if type(action) is str and state.result is None and not state.void:
            if state.stock:
                card = _DEALT.get(action)
                if card is not None:
                    i = _position(state.stock, card)
                    if i >= 0:
                        return self._deal(state, card, i)
            elif _playing(state):
                if action == PASS:
                    if state.table is not None:
                        return self._pass(state)
                elif action.startswith("play "):
                    try:
                        text = _read_play_action(action)
                        combo, cards = self._read(state, text)
                    except ValueError:
                        pass  # refused: the general way raises the refusal
                    else:
                        return self._play(state, combo, cards, text)
        return super().apply(state, action)

    def read_action(self, action: Any) -> str:
        """Text as every game reads it; a `Combo` (from `legal_plays`) as its text, which is
        what a replay stores."""
        if type(action) is str:
            if action in _CANONICAL:  # already as every game reads it
                return action
            if action.startswith("play "):  # the same few hundred patterns, read once each
                return _read_play_action(action)
        if isinstance(action, Combo):
            try:
                check_combo(action)
            except ValueError as exc:
                raise IllegalMove(str(exc), action) from None
            action = self.action_to_text(action)
        return super().read_action(action)

    def move_words(self, state: DouDizhuState, action: str) -> str:
        """A move as the table's buttons say it, in the current language: ``pass`` (in the
        auction "pass (no bid)"), ``bid 2`` as "bid 2 points", ``play 3 3 4 4 5 5 as pair_run``
        as "play 3 3 4 4 5 5 (Pair run)" (the combination by the name the narration gives it;
        the cards are notation)."""
        if action == PASS:
            return str(msg("pass (no bid)") if state.phase == "bid" else msg("pass"))
        verb, _, rest = action.partition(" ")
        if verb == "bid" and rest.isdigit():
            bid = int(rest)
            return str(msgn("bid {count} point", "bid {count} points", bid, count=bid))
        if verb == "play":
            cards, sep, kind = rest.partition(" as ")
            if sep and kind in KIND_NAMES:
                return str(msg("play {cards} ({kind})", cards=cards, kind=KIND_NAMES[kind]))
            return str(msg("play {cards}", cards=cards))
        return action

    def _parse(self, state: DouDizhuState, text: str) -> DouDizhuMove | Refusal:
        phase = state.phase
        if phase == "over":
            return Refusal(msg("the deal is over: no more moves"))
        if phase == "deal":
            card = _DEALT.get(text)
            i = -1 if card is None else _position(state.stock, card)
            if i < 0:
                return Refusal(
                    msg("{action} is not a possible chance outcome here", action=repr(text))
                )
            return CardOut(text, state.stock[i])
        if phase == "first":
            seat = next((s for s in range(PLAYERS) if text == f"first {s + 1}"), None)
            if seat is None:
                return Refusal(
                    msg("{action} is not a possible chance outcome here", action=repr(text))
                )
            return SeatChosen(text, seat)
        seat = state.to_move
        if phase == "bid":
            if text == PASS:
                return Bid(text, 0)
            verb, _, amount = text.partition(" ")
            if verb == "bid" and amount in ("1", "2", "3") and int(amount) > state.bid:
                return Bid(text, int(amount))
            if text.startswith("bid"):
                return Refusal(
                    msg(
                        "a bid must be 1, 2 or 3 and higher than the highest bid so far ({bid})",
                        bid=state.bid,
                    )
                )
            return Refusal(
                msg(
                    "{player} is bidding: 'pass' or 'bid 1', 'bid 2', 'bid 3'",
                    player=seat_name(seat),
                )
            )
        if text == PASS:
            if state.table is None:
                return Refusal(
                    msg("you are leading: you must play a combination (passing is not allowed)")
                )
            return Pass(text)
        try:
            combo, cards = self._read(state, text)
        except ValueError as exc:
            return Refusal(getattr(exc, "reason", None) or str(exc))
        return PlayCards(text, combo, cards)

    def _read(self, state: DouDizhuState, action: str) -> tuple[Combo, tuple[Card, ...]]:
        """The combination ``play ...`` makes and the physical cards it takes from the hand, or
        `RefusedCards` (a ``ValueError``) with the reason in a learner's words."""
        verb, _, rest = action.partition(" ")
        if verb != "play" or not rest.strip():
            raise RefusedCards(
                msg("{action}: play cards with 'play <cards>', or 'pass'", action=repr(action))
            )
        cards_text, _, kind = rest.partition(" as ")
        kind = kind.strip()
        if kind and kind not in KIND_NAMES:
            raise RefusedCards(
                msg(
                    "{kind} is not a combination type; types: {types}",
                    kind=repr(kind),
                    types=", ".join(KIND_NAMES),
                )
            )
        wanted, counts, readings = read_play(cards_text, state.ruleset)
        cards = _take(state.hands[state.to_move], wanted, counts)
        if not readings:
            raise RefusedCards(why_not_combo(counts, state.ruleset))
        if kind and not (len(readings) == 1 and readings[0].kind == kind):  # the usual case
            readings = tuple(r for r in readings if r.kind == kind)
            if not readings:
                raise RefusedCards(msg("these cards are not {kind}", kind=a_kind(KIND_NAMES[kind])))
        if state.table is None:
            if len(readings) > 1:
                names = [msg("{name} ('as {kind}')", name=r.name, kind=r.kind) for r in readings]
                raise RefusedCards(
                    msg(
                        "these cards can be read as {names}: say which you mean",
                        names=_either(names),
                    )
                )
            return readings[0], cards
        table = state.table
        beating = [r for r in readings if combo_beats(r, table)]
        if not beating:
            raise RefusedCards(why_not_beating(readings[0], table))
        if len(beating) == 1:
            return beating[0], cards
        return max(beating, key=lambda r: (r.kind == table.kind, r.main)), cards

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, state: DouDizhuState, move: DouDizhuMove) -> Transition[DouDizhuState]:
        if isinstance(move, CardOut):
            return self._deal(state, move.card, _position(state.stock, move.card))
        if isinstance(move, SeatChosen):
            seat = move.seat
            text = msg("{player} is chosen at random to bid first.", player=seat_name(seat))
            return Transition(
                _evolve(state, first_bidder=seat, to_move=seat), Event(CHANCE, move.text, text)
            )
        if isinstance(move, Bid):
            return self._bid(state, move)
        if isinstance(move, Pass):
            return self._pass(state)
        return self._play(state, move.combo, move.cards, move.text)

    def _deal(self, state: DouDizhuState, card: Card, i: int) -> Transition[DouDizhuState]:
        """Deal ``card``, at position ``i`` of the stock."""
        stock = state.stock[:i] + state.stock[i + 1 :]
        dealt = _DECK_SIZE - len(state.stock)
        if dealt < PLAYERS * HAND:
            seat = dealt % PLAYERS
            hand = list(state.hands[seat])
            insort(hand, card, key=sort_key)
            new = _evolve(state, stock=stock, hands=replace_at(state.hands, seat, tuple(hand)))
            return Transition(new, _DEAL_EVENTS[seat][card.code])
        new = _evolve(state, stock=stock, bottom=(*state.bottom, card))
        return Transition(new, _BOTTOM_EVENTS[card.code])

    def _bid(self, state: DouDizhuState, move: Bid) -> Transition[DouDizhuState]:
        seat = state.to_move
        bid, action = move.amount, move.text
        bids = (*state.bids, (seat, bid))
        new = _evolve(state, bids=bids, to_move=(seat + 1) % PLAYERS)
        if bid == 0:
            said = msg("{player} passes", player=seat_name(seat))
        else:
            said = msg("{player} bids {bid}", player=seat_name(seat), bid=bid)
        high = max(b for _, b in bids)
        passes_since = _passes_since_bid(bids)
        if high == 0 and len(bids) == PLAYERS:
            if state.deal_number == MAX_DEALS:
                text = msg(
                    "{said}. Nobody bid on the {number}th deal in a row either: the game ends "
                    "void and nobody scores.",
                    said=said,
                    number=MAX_DEALS,
                )
                return Transition(_evolve(new, void=True), Event(seat, action, text))
            fresh = DouDizhuState(ruleset=state.ruleset, deal_number=state.deal_number + 1)
            text = msg("{said}. Nobody bid: the hand is thrown in and dealt again.", said=said)
            return Transition(fresh, Event(seat, action, text))
        if bid == 3 or (high > 0 and passes_since == 2):
            landlord = next(s for s, b in reversed(bids) if b == high)
            hand = tuple(sorted((*state.hands[landlord], *state.bottom), key=sort_key))
            new = _evolve(
                new,
                hands=replace_at(state.hands, landlord, hand),
                landlord=landlord,
                to_move=landlord,
            )
            bottom = " ".join(str(c) for c in state.bottom)
            text = msg(
                "{said}. {player} is the landlord for a bid of {bid}, shows the bottom cards "
                "({cards}), takes them (20 cards) and leads.",
                said=said,
                player=seat_name(landlord),
                bid=high,
                cards=bottom,
            )
            return Transition(new, Event(seat, action, text))
        return Transition(new, Event(seat, action, msg("{said}.", said=said)))

    def _pass(self, state: DouDizhuState) -> Transition[DouDizhuState]:
        seat, landlord = state.to_move, state.landlord
        assert landlord is not None  # passing is part of the play
        plays = (*state.plays, _PASSED[seat])
        if state.passes:
            leader = state.last_player
            assert leader is not None  # two passes follow a play
            new = _evolve(state, passes=0, plays=plays, table=None, table_cards=(), to_move=leader)
            return Transition(new, _CLEARED_EVENTS[landlord][seat][leader])
        new = _evolve(state, passes=1, plays=plays, to_move=(seat + 1) % PLAYERS)
        return Transition(new, _PASS_EVENTS[landlord][seat])

    def _play(
        self, state: DouDizhuState, combo: Combo, cards: tuple[Card, ...], action: str
    ) -> Transition[DouDizhuState]:
        seat = state.to_move
        played = {id(card) for card in cards}  # `_take` took these very cards from the hand
        hand = [card for card in state.hands[seat] if id(card) not in played]
        kind = combo.kind
        bombs, rockets = state.bombs, state.rockets
        if kind == "bomb":
            bombs += 1
        elif kind == "rocket":
            rockets += 1
        play = object.__new__(Play)  # a frozen Play without a setattr per field (see _evolve)
        play.__dict__.update(seat=seat, combo=combo, cards=cards)
        new = _evolve(
            state,
            hands=replace_at(state.hands, seat, tuple(hand)),
            table=combo,
            table_cards=cards,
            last_player=seat,
            passes=0,
            plays=(*state.plays, play),
            bombs=bombs,
            rockets=rockets,
            to_move=(seat + 1) % PLAYERS,
        )
        shown = " ".join([c.code for c in cards])
        who = role(state, seat)
        if state.table is None:
            said = msg("{player} leads {play}: {cards}.", player=who, play=combo.name, cards=shown)
        else:
            said = msg(
                "{player} beats {table} with {play}: {cards}.",
                player=who,
                table=state.table.name,
                play=combo.name,
                cards=shown,
            )
        if hand and kind != "bomb" and kind != "rocket":  # the usual play: one sentence
            return Transition(new, Event(seat, action, Narration((said,))))
        parts: list[Message] = [said]
        if kind == "bomb" or kind == "rocket":
            times = 2 ** (bombs + rockets)
            if kind == "bomb":
                parts.append(msg(" The bomb doubles the stake (x {times} so far).", times=times))
            else:
                parts.append(msg(" The rocket doubles the stake (x {times} so far).", times=times))
        arithmetic = ""
        if not hand:
            new, outcome, arithmetic = self._settle(new, seat)
            parts.append(outcome)
        return Transition(new, Event(seat, action, told(*parts), arithmetic))

    def _settle(self, state: DouDizhuState, seat: int) -> tuple[DouDizhuState, Message, str]:
        landlord = state.landlord
        assert landlord is not None
        landlord_won = seat == landlord
        farmers = [s for s in range(PLAYERS) if s != landlord]
        spring = landlord_won and all(state.plays_by(f) == 0 for f in farmers)
        anti_spring = not landlord_won and state.plays_by(landlord) == 1
        result = settle(state.bid, state.bombs, state.rockets, spring, anti_spring, landlord_won)
        who = role(state, seat)
        if landlord_won and spring:
            outcome = msg(" {player} is out of cards: the landlord wins. Spring!", player=who)
        elif landlord_won:
            outcome = msg(" {player} is out of cards: the landlord wins.", player=who)
        elif anti_spring:
            outcome = msg(" {player} is out of cards: the farmers win. Anti-spring!", player=who)
        else:
            outcome = msg(" {player} is out of cards: the farmers win.", player=who)
        return _evolve(state, result=result, winner=seat), outcome, result.arithmetic

    # -- views and results -------------------------------------------------------------------
    def observe(self, state: DouDizhuState, seat: int | None) -> DouDizhuView:
        self.check_seat(state, seat)
        hands = tuple(
            hand if seat is None or s == seat else (None,) * len(hand)
            for s, hand in enumerate(state.hands)
        )
        revealed = seat is None or state.landlord is not None
        return DouDizhuView(
            seat=seat,
            ruleset=state.ruleset,
            phase=state.phase,
            hands=hands,
            bottom=state.bottom if revealed else (None,) * len(state.bottom),
            landlord=state.landlord,
            bids=state.bids,
            bid=state.bid,
            to_act=self.current_player(state),
            table=state.table,
            table_cards=state.table_cards,
            last_player=state.last_player,
            plays=state.plays,
            bombs=state.bombs,
            rockets=state.rockets,
            deal_number=state.deal_number,
            result=state.result,
            winner=state.winner,
        )

    def returns(self, state: DouDizhuState) -> tuple[float, ...]:
        if state.result is None:
            return (0.0,) * PLAYERS
        r = state.result
        return tuple(float(r.landlord if s == state.landlord else r.farmer) for s in range(PLAYERS))

    def cards(self, state: DouDizhuState) -> Counter[Card]:
        played = [c for p in state.plays for c in p.cards]
        held = [c for hand in state.hands for c in hand]
        bottom = state.bottom if state.landlord is None else ()
        return Counter([*state.stock, *held, *bottom, *played])

    def resample_hidden(self, state: DouDizhuState, seat: int, rng: random.Random) -> DouDizhuState:
        """Shuffle the cards ``seat`` cannot see (others' hands, the face-down bottom, the stock)
        among their places; bottom cards the landlord showed and still holds stay with them."""
        known = Counter(state.bottom) if state.landlord is not None else Counter()
        hands = [list(h) for h in state.hands]
        kept: list[list[Card]] = [[] for _ in range(PLAYERS)]
        pool: list[Card] = list(state.stock)
        for s in range(PLAYERS):
            if s == seat:
                continue
            for card in hands[s]:
                if s == state.landlord and known[card] > 0:
                    known[card] -= 1
                    kept[s].append(card)
                else:
                    pool.append(card)
        hidden_bottom = state.landlord is None
        if hidden_bottom:
            pool.extend(state.bottom)
        rng.shuffle(pool)
        new_hands = list(state.hands)
        for s in range(PLAYERS):
            if s == seat:
                continue
            n = len(hands[s]) - len(kept[s])
            new_hands[s] = tuple(sorted([*kept[s], *pool[:n]], key=sort_key))
            pool = pool[n:]
        bottom = state.bottom
        if hidden_bottom:
            bottom, pool = tuple(pool[: len(bottom)]), pool[len(bottom) :]
        return _evolve(state, hands=tuple(new_hands), bottom=bottom, stock=tuple(sorted(pool)))


def _either(names: list[Message]) -> Message:
    """Two or more readings as "A or B" (a play has at most a few)."""
    said = names[0]
    for name in names[1:]:
        said = msg("{first} or {second}", first=said, second=name)
    return said


def _playing(state: DouDizhuState) -> bool:
    """``state.phase == "play"``, its tests read directly (the phase asks them in turn)."""
    return (
        state.landlord is not None
        and state.result is None
        and not state.void
        and not state.stock
        and state.first_bidder is not None
    )


def _passes_since_bid(bids: tuple[tuple[int, int], ...]) -> int:
    n = 0
    for _, bid in reversed(bids):
        if bid:
            break
        n += 1
    return n


def _take(hand: tuple[Card, ...], wanted: tuple[Card, ...], counts: Counts) -> tuple[Card, ...]:
    """The physical cards of ``hand`` that ``wanted`` names: exact cards, or for rank tokens the
    first cards of those ranks.  ``ValueError`` naming what the hand lacks.  ``counts`` are the
    rank counts of ``wanted``: rank tokens (the legal actions' own notation, so nearly every
    play) take the first cards of each rank in one pass over the hand."""
    if wanted and wanted[0].deck != DECK.name:  # rank tokens: parse never mixes in suits
        need = [*counts]
        taken = []
        for held in hand:
            i = INDEX[held.rank]
            if need[i]:
                need[i] -= 1
                taken.append(held)
        if not any(need):  # else the card by card way says which rank is short
            return tuple(sorted(taken, key=sort_key))
    return _take_each(hand, wanted)


def _take_each(hand: tuple[Card, ...], wanted: tuple[Card, ...]) -> tuple[Card, ...]:
    """`_take` card by card: each wanted card is the first card of the hand left that matches
    it (its rank, and its suit when it has one)."""
    left = list(hand)
    taken: list[Card] = []
    for card in wanted:
        rank, suit = card.rank, card.suit if card.deck == DECK.name else None
        for i, held in enumerate(left):
            if held.rank == rank and (suit is None or held.suit == suit):
                taken.append(left.pop(i))
                break
        else:
            have = sum(1 for c in hand if c.rank == rank)
            raise RefusedCards(
                msgn(
                    "you do not hold {card}: your hand has {count} card of that rank",
                    "you do not hold {card}: your hand has {count} cards of that rank",
                    have,
                    card=str(card),
                )
            )
    return tuple(sorted(taken, key=sort_key))


def _evolve(state: DouDizhuState, **changes: Any) -> DouDizhuState:
    """``dataclasses.replace`` without its per-call field checks: a new frozen state with
    ``changes``, filled in the way `dataclass` fills one (a state has no ``__post_init__``).
    A whole random game makes some 200 states, so `replace` was an eighth of its time."""
    new = object.__new__(DouDizhuState)
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def _position(cards: tuple[Card, ...], card: Card) -> int:
    """Where ``card`` is in ``cards`` (-1: not there).  Every state's cards are the deck's own
    card objects, so looking for that very object first skips the dataclass comparisons."""
    for i, c in enumerate(cards):
        if c is card:
            return i
    return cards.index(card) if card in cards else -1


def _deal_outcomes(stock: tuple[Card, ...]) -> list[tuple[str, float]]:
    """Each card still in ``stock`` as ``deal <card>`` with its probability: one deck, so every
    card in the stock is a different card, equally likely."""
    p = 1 / len(stock)
    return [(_DEAL_TEXT[card.code], p) for card in stock]


# Constant tables of the deal (54 cards, a few KB): the action that deals each card, the card it
# names, what each seat is told, and the cumulative weights `Game.sample_chance` builds for a
# stock of n cards.
_DEAL_TEXT = {card.code: f"deal {card.code}" for card in CARDS}
_DEALT = {text: card for card, text in zip(CARDS, _DEAL_TEXT.values(), strict=True)}


def _in_brackets(code: str) -> Message:
    """`` (7h)``: a card named after a sentence's words."""
    return msg(" ({card})", card=code)


_DEAL_TOLD: tuple[dict[str, Narration], ...] = tuple(
    {
        code: told(
            msg(
                "The dealer gives {player} a card{card}.",
                player=seat_name(seat),
                card=secret(_in_brackets(code), seat),
            )
        )
        for code in _DEAL_TEXT
    }
    for seat in range(PLAYERS)
)
_BOTTOM_TOLD = {
    code: told(msg("A bottom card is put aside face down{card}.", card=hidden(_in_brackets(code))))
    for code in _DEAL_TEXT
}
# Events are frozen, so each deal of a card to a seat (or to the bottom) is one Event for ever
_DEAL_EVENTS = tuple(
    {code: Event(CHANCE, _DEAL_TEXT[code], said[code]) for code in _DEAL_TEXT}
    for said in _DEAL_TOLD
)
_BOTTOM_EVENTS = {code: Event(CHANCE, _DEAL_TEXT[code], _BOTTOM_TOLD[code]) for code in _DEAL_TEXT}
_CUMULATIVE: list[list[float]] = [[]] + [
    list(accumulate([1 / n] * n)) for n in range(1, _DECK_SIZE + 1)
]
_CANONICAL = frozenset(
    [*_DEALT, *(f"first {s + 1}" for s in range(PLAYERS)), PASS, "bid 1", "bid 2", "bid 3"]
)
"""Actions already in the canonical form `read_action` makes: the deal, the first bidder, bids."""


# What a pass says depends only on who passes, who is the landlord and, at the second pass in a
# row, who leads again: every such Event (and the pass in the history) is made once, at import.
_PASSED = tuple(Play(seat, None) for seat in range(PLAYERS))
_PASS_EVENTS = tuple(
    tuple(
        Event(seat, PASS, msg("{player} passes.", player=with_role(seat, landlord)))
        for seat in range(PLAYERS)
    )
    for landlord in range(PLAYERS)
)
_CLEARED_EVENTS = tuple(
    tuple(
        tuple(
            Event(
                seat,
                PASS,
                msg(
                    "{player} passes. Two passes: the table is cleared and {leader} leads again.",
                    player=with_role(seat, landlord),
                    leader=with_role(leader, landlord),
                ),
            )
            for leader in range(PLAYERS)
        )
        for seat in range(PLAYERS)
    )
    for landlord in range(PLAYERS)
)


# Play actions read before (1,024 texts of about 0.1 KB): random players and the bots play the
# same patterns again and again, and each read normalised the spelling of the same text again.
@lru_cache(maxsize=1024)
def _read_play_action(text: str) -> str:
    return Game.read_action(GAME, text)


GAME = register(DouDizhu())
