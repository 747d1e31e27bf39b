"""Triangle's state machine: deal, claim, grab, state, resolve; turns of six rounds; the end check.

Actions are text, so a replay file reads like a game record:
``deal 4h`` (chance: the next card dealt), ``claim`` / ``no_claim``, ``grab 2`` / ``grab void``
(chance: who won a contested grab), ``state S3`` (the speaker's statement).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, TypeVar

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
    Transition,
    card_outcome,
    not_an_outcome,
    possible,
    register,
    seat_name,
)
from cardlab.core.i18n import Message, joined, msg, msgn
from cardlab.core.narration import hidden, secret, told
from cardlab.core.options import Option, choice, probability, whole
from cardlab.core.tuples import remove_one, replace_at
from cardlab.games.triangle.rules import (
    DECK,
    PENALTY,
    PLAYERS,
    ROUNDS_PER_TURN,
    STATEMENTS,
    Statement,
    parse_statement,
    round_limit,
)


@dataclass(frozen=True)
class RoundRecord:
    """A finished round: its cards (kept for the teacher and for card conservation) and result."""

    turn: int
    dealer: int
    cards: tuple[Card, Card, Card]
    rts: Card
    speaker: int | None
    statement: Statement | None = None
    correct: bool | None = None
    gains: tuple[int, int, int] = (0, 0, 0)
    void_reason: str = ""


@dataclass(frozen=True)
class TriangleState:
    tie_void: Fraction
    target: int
    on_tie: str
    scores: tuple[int, int, int] = (0, 0, 0)
    turn: int = 0
    dealer: int = 0
    stock: tuple[Card, ...] = DECK.cards()
    cards: tuple[Card | None, Card | None, Card | None] = (None, None, None)
    rts: Card | None = None
    claims: tuple[bool | None, bool | None, bool | None] = (None, None, None)
    speaker: int | None = None
    rounds: tuple[RoundRecord, ...] = ()
    finished: bool = False

    @property
    def dealt(self) -> int:
        """How many of this round's four cards have been dealt."""
        return sum(c is not None for c in self.cards) + (self.rts is not None)

    @property
    def claim_order(self) -> tuple[int, int, int]:
        """Seats from the dealer's left: the deal order and the order decisions are asked in."""
        return by_seat((self.dealer + 1 + k) % PLAYERS for k in range(PLAYERS))

    @property
    def phase(self) -> str:
        """``deal``, ``claim``, ``grab``, ``state`` or ``over``."""
        if self.finished:
            return "over"
        if self.dealt < 4:
            return "deal"
        if self.speaker is not None:
            return "state"
        if None in self.claims:
            return "claim"
        return "grab"

    def turn_rounds(self) -> tuple[RoundRecord, ...]:
        """The finished rounds of the current turn: what players may remember."""
        return tuple(r for r in self.rounds if r.turn == self.turn)


@dataclass(frozen=True)
class Grabbed(Move):
    """``grab <seat>`` or ``grab void`` (chance): who grabbed the Right to Speak first (None:
    too close to call)."""

    seat: int | None


@dataclass(frozen=True)
class Claim(Move):
    """``claim`` or ``no_claim``: whether the seat to decide grabs for the Right to Speak."""

    claims: bool


@dataclass(frozen=True)
class Speak(Move):
    """``state <statement>``: the speaker's statement."""

    statement: Statement


TriangleMove = CardOut | Grabbed | Claim | Speak
"""Every move of Triangle, as `Triangle.read_move` reads it."""


@dataclass(frozen=True)
class SeenRound:
    """A finished round as one seat saw it: hidden cards are None."""

    number: int
    dealer: int
    cards: tuple[Card | None, Card | None, Card | None]
    rts: Card | None
    speaker: int | None
    statement: Statement | None
    correct: bool | None
    gains: tuple[int, int, int]
    void_reason: str
    this_turn: bool


@dataclass(frozen=True)
class TriangleView:
    """What one seat may see (``seat=None``: the teacher, who sees everything).

    ``cards`` are this round's player cards with the viewer's own as None; ``rts`` is shown only
    to the speaker; ``known`` is every card the viewer has seen this turn, the memory a
    reasoning player uses for the odds.
    """

    seat: int | None
    phase: str
    scores: tuple[int, int, int]
    turn: int
    round_in_turn: int
    dealer: int
    cards: tuple[Card | None, Card | None, Card | None]
    rts: Card | None
    speaker: int | None
    my_claim: bool | None
    to_act: int
    history: tuple[SeenRound, ...]
    known: tuple[Card, ...]
    stock_size: int
    target: int


class Triangle(Game[TriangleState, TriangleMove]):
    name = "triangle"
    title = msg("Triangle")
    min_players = max_players = PLAYERS
    default_options: Mapping[str, Any] = {"tie_void": 0.25, "target": 25, "on_tie": "extra"}
    option_specs: Mapping[str, Option] = {
        "tie_void": probability(msg("the chance that a grab by two or three claimers is void")),
        # a game lasts at most `target` turns (T12), so the target also bounds its length
        "target": whole(1, 200, msg("the score that ends the game (T8)")),
        "on_tie": choice(
            ("extra", "shared"), msg("a tie at the top: play extra rounds, or share the win")
        ),
    }
    example_options = (
        {},
        {"tie_void": 0.0, "target": 12},
        {"tie_void": 1.0, "target": 9, "on_tie": "shared"},
    )
    action_words = frozenset(
        {"deal", "claim", "no_claim", "grab", "void", "state", "even", "odd"}
        | {s.kind for s in STATEMENTS}
    )
    action_examples = ("claim", "state S3")

    # -- setup -------------------------------------------------------------------------------
    def initial_state(self, **options: Any) -> TriangleState:
        opts = self.options(**options)
        tie_void = Fraction(opts["tie_void"]).limit_denominator(1000)
        return TriangleState(tie_void=tie_void, target=opts["target"], on_tie=opts["on_tie"])

    def num_players(self, state: TriangleState) -> int:
        return PLAYERS

    # -- whose turn, what is legal -----------------------------------------------------------
    def current_player(self, state: TriangleState) -> int:
        phase = state.phase
        if phase == "over":
            return TERMINAL
        if phase in ("deal", "grab"):
            return CHANCE
        if state.speaker is not None:  # the statement phase: the speaker states
            return state.speaker
        return next(s for s in state.claim_order if state.claims[s] is None)

    def legal_actions(self, state: TriangleState) -> list[str]:
        phase = state.phase
        if phase in ("deal", "grab"):
            return [action for action, _ in self.chance_outcomes(state)]
        if phase == "claim":
            return ["claim", "no_claim"]
        if phase == "state":
            return [f"state {s.code}" for s in STATEMENTS]
        return []

    def chance_outcomes(self, state: TriangleState) -> list[tuple[str, float]]:
        if state.phase == "deal":
            counts = Counter(state.stock)
            return [(f"deal {card}", n / len(state.stock)) for card, n in counts.items()]
        claimers = [s for s in range(PLAYERS) if state.claims[s]]
        first = (1 - state.tie_void) / len(claimers)
        outcomes = [(f"grab {s + 1}", float(first)) for s in claimers]
        return possible([*outcomes, ("grab void", float(state.tie_void))])

    def move_words(self, state: TriangleState, action: str) -> str:
        """``claim``/``no_claim``/``state S1 even`` as the table's buttons and the narration
        say them (in the current language)."""
        if action == "claim":
            return str(msg("claim the Right to Speak"))
        if action == "no_claim":
            return str(msg("don't claim"))
        if action.startswith("state "):
            statement = parse_statement(action[6:]).said
            return str(msg("say \u201c{statement}\u201d", statement=statement))
        return action

    def _parse(self, state: TriangleState, text: str) -> TriangleMove | Refusal:
        phase = state.phase
        if phase == "over":
            return Refusal(GAME_OVER)
        verb, _, rest = text.partition(" ")
        if phase == "deal":
            card = card_outcome(text, "deal", state.stock)
            if card is None:
                return not_an_outcome(text, msg("the next card dealt"))
            return CardOut(text, card)
        if phase == "grab":
            if text not in {action for action, _ in self.chance_outcomes(state)}:
                if verb == "grab" and state.tie_void == 1:
                    return Refusal(
                        msg(
                            "{action} cannot happen: with tie_void = 1 every contested grab is "
                            "too close to call, so the outcome is 'grab void'",
                            action=repr(text),
                        )
                    )
                return not_an_outcome(text, msg("who grabbed first"))
            return Grabbed(text, None if rest == "void" else int(rest) - 1)
        seat = self.current_player(state)
        if phase == "claim":
            if verb == "state":
                return Refusal(
                    msg(
                        "nobody holds the Right to Speak yet: first every player decides "
                        "whether to grab it ('claim' or 'no_claim'), and only the speaker makes "
                        "a statement"
                    )
                )
            if text not in ("claim", "no_claim"):
                return Refusal(
                    msg(
                        "{player} decides whether to grab the Right to Speak: 'claim' or "
                        "'no_claim'",
                        player=seat_name(seat),
                    )
                )
            return Claim(text, text == "claim")
        if verb != "state":
            return Refusal(
                msg(
                    "{player} holds the Right to Speak and must make one statement "
                    "(e.g. 'state S3'); it cannot be given back",
                    player=seat_name(seat),
                )
            )
        try:
            return Speak(text, parse_statement(rest))
        except ValueError as exc:
            return Refusal(exc.args[0])

    # -- applying ----------------------------------------------------------------------------
    def _apply(self, state: TriangleState, move: TriangleMove) -> Transition[TriangleState]:
        if isinstance(move, CardOut):
            return self._deal(state, move.card)
        if isinstance(move, Claim):
            return self._claim(state, move.claims)
        if isinstance(move, Grabbed):
            return self._grab(state, move.seat)
        return self._state(state, move.statement)

    def _deal(self, state: TriangleState, card: Card) -> Transition[TriangleState]:
        stock = remove_one(state.stock, card)
        k = state.dealt
        # face down: only the teacher knows the card until it is lifted
        if k < PLAYERS:
            seat = state.claim_order[k]
            new = replace(state, stock=stock, cards=replace_at(state.cards, seat, card))
            name = seat_name(seat)
            text = told(
                hidden(
                    msg(
                        "The dealer gives {player} a card face down ({card}).",
                        player=name,
                        card=str(card),
                    ),
                    msg("The dealer gives {player} a card face down.", player=name),
                )
            )
        else:
            new = replace(state, stock=stock, rts=card)
            text = told(
                _then(
                    hidden(
                        msg(
                            "The dealer puts the Right to Speak face down in the centre ({card}).",
                            card=str(card),
                        ),
                        msg("The dealer puts the Right to Speak face down in the centre."),
                    ),
                    msg(
                        "Everyone counts down \u201c3, 2, 1, 0\u201d and on \u201c0\u201d lifts "
                        "their card to their forehead, face out: each sees the other two, never "
                        "their own."
                    ),
                )
            )
        return Transition(new, Event(CHANCE, f"deal {card}", text))

    def _claim(self, state: TriangleState, claims: bool) -> Transition[TriangleState]:
        seat = self.current_player(state)
        new = replace(state, claims=replace_at(state.claims, seat, claims))
        name = seat_name(seat)
        text = (
            msg(
                "{player} grabs for the Right to Speak (decided without seeing the others).",
                player=name,
            )
            if claims
            else msg(
                "{player} leaves the Right to Speak (decided without seeing the others).",
                player=name,
            )
        )
        action = "claim" if claims else "no_claim"
        if None in new.claims:  # the choices are simultaneous: secret until the last one is in
            unseen = msg(
                "{player} decides in secret whether to grab the Right to Speak.", player=name
            )
            return Transition(new, Event(seat, action, told(secret(text, seat, unseen))))
        claimers = [s for s in range(PLAYERS) if new.claims[s]]
        if len(claimers) == 1:
            new = replace(new, speaker=claimers[0])
            text = _then(
                text,
                msg(
                    "{player} alone reached for it and becomes the speaker.",
                    player=seat_name(claimers[0]),
                ),
            )
        elif not claimers:
            new, _ = self._void(new, NOBODY_CLAIMED)
            text = _then(text, msg("Nobody reached for the Right to Speak: the round is void."))
            if new.finished:
                text = _then(text, _result(new))
        else:
            text = _then(
                text, msg("{players} reach for it at the same moment.", players=_names(claimers))
            )
        return Transition(new, Event(seat, action, text))

    def _grab(self, state: TriangleState, seat: int | None) -> Transition[TriangleState]:
        if seat is None:
            new, _ = self._void(state, TOO_CLOSE)
            text = msg("The grab is too close to call: the round is void and nobody scores.")
            if new.finished:
                text = _then(text, _result(new))
            return Transition(new, Event(CHANCE, "grab void", text))
        new = replace(state, speaker=seat)
        text = msg(
            "{player} grabbed the Right to Speak first and becomes the speaker.",
            player=seat_name(seat),
        )
        return Transition(new, Event(CHANCE, f"grab {seat + 1}", text))

    def _void(self, state: TriangleState, reason: str) -> tuple[TriangleState, RoundRecord]:
        cards, rts = _round_cards(state)
        record = RoundRecord(state.turn, state.dealer, cards, rts, None, void_reason=reason)
        return self._next_round(state, record), record

    def _state(self, state: TriangleState, statement: Statement) -> Transition[TriangleState]:
        speaker = state.speaker
        assert speaker is not None
        cards, rts = _round_cards(state)
        own = cards[speaker]
        first, second = (cards[s] for s in range(PLAYERS) if s != speaker)
        correct = statement.is_true(own, (first, second))
        if correct:
            gains = by_seat(statement.points if s == speaker else 0 for s in range(PLAYERS))
        else:
            gains = by_seat(0 if s == speaker else PENALTY for s in range(PLAYERS))
        record = RoundRecord(
            state.turn, state.dealer, cards, rts, speaker, statement, correct, gains
        )
        scores = by_seat(a + b for a, b in zip(state.scores, gains, strict=True))
        new = self._next_round(replace(state, scores=scores), record)
        shown = joined(
            msg("{player} {card}", player=seat_name(s), card=str(state.cards[s]))
            for s in range(PLAYERS)
        )
        said = {"player": seat_name(speaker), "statement": statement.said, "cards": shown}
        if statement.kind == "S1" and not correct:
            text = msg(
                '{player} says "{statement}", though they can see it is not so: certain to be '
                "wrong. The cards are shown ({cards}): the statement is false.",
                **said,
            )
        elif correct:
            text = msg(
                '{player} says "{statement}". The cards are shown ({cards}): the statement is '
                "true.",
                **said,
            )
        else:
            text = msg(
                '{player} says "{statement}". The cards are shown ({cards}): the statement is '
                "false.",
                **said,
            )
        arithmetic = _arithmetic(state.scores, speaker, statement, correct)
        if new.finished:
            text = _then(text, _result(new))
        return Transition(new, Event(speaker, f"state {statement.code}", text, arithmetic))

    def _next_round(self, state: TriangleState, record: RoundRecord) -> TriangleState:
        """Discard the round, check for the end (the target, or the round limit of T12), and start
        a new turn when the pack is used up."""
        new = replace(
            state,
            cards=(None, None, None),
            rts=None,
            claims=(None, None, None),
            speaker=None,
            rounds=(*state.rounds, record),
        )
        top = max(new.scores)
        leaders = [s for s in range(PLAYERS) if new.scores[s] == top]
        if top >= state.target and (len(leaders) == 1 or state.on_tie == "shared"):
            return replace(new, finished=True)
        if len(new.rounds) >= round_limit(state.target):
            return replace(new, finished=True)
        if len(new.turn_rounds()) == ROUNDS_PER_TURN:
            return replace(
                new, turn=state.turn + 1, dealer=(state.dealer + 1) % PLAYERS, stock=DECK.cards()
            )
        return new

    # -- views and results -------------------------------------------------------------------
    def observe(self, state: TriangleState, seat: int | None) -> TriangleView:
        self.check_seat(state, seat)
        history = tuple(
            _seen(record, i + 1, seat, record.turn == state.turn)
            for i, record in enumerate(state.rounds)
        )
        teacher = seat is None
        lifted = state.phase != "deal" or teacher
        cards = by_seat(
            c if lifted and (teacher or s != seat) else None for s, c in enumerate(state.cards)
        )
        rts = state.rts if teacher or (seat is not None and seat == state.speaker) else None
        known = [c for r in history if r.this_turn for c in (*r.cards, r.rts) if c is not None]
        known += [c for c in (*cards, rts) if c is not None]
        return TriangleView(
            seat=seat,
            phase=state.phase,
            scores=state.scores,
            turn=state.turn,
            round_in_turn=len(state.turn_rounds()),
            dealer=state.dealer,
            cards=cards,
            rts=rts,
            speaker=state.speaker,
            my_claim=None if seat is None else state.claims[seat],
            to_act=self.current_player(state),
            history=history,
            known=tuple(known),
            stock_size=len(state.stock),
            target=state.target,
        )

    def returns(self, state: TriangleState) -> tuple[float, ...]:
        """A win is worth 1 (shared equally on a shared win), minus the average: zero-sum."""
        if not state.finished:
            return (0.0,) * PLAYERS
        winners = winners_of(state)
        return tuple(
            (1 / len(winners) if s in winners else 0.0) - 1 / PLAYERS for s in range(PLAYERS)
        )

    def cards(self, state: TriangleState) -> Counter[Card]:
        current = [c for c in (*state.cards, state.rts) if c is not None]
        discards = [c for r in state.turn_rounds() for c in (*r.cards, r.rts)]
        if state.finished:
            return Counter([*state.stock, *discards])
        return Counter([*state.stock, *current, *discards])

    def resample_hidden(self, state: TriangleState, seat: int, rng: random.Random) -> TriangleState:
        """Shuffle every card ``seat`` has not seen among the places it could be; flip the
        others' undisclosed claim decisions."""
        slots: list[tuple[str, int, int]] = []  # (where, round index or -1, position)
        pool: list[Card] = list(state.stock)
        base = len(state.rounds) - len(state.turn_rounds())
        for i, record in enumerate(state.turn_rounds()):
            seen = _seen(record, 0, seat, True)
            for pos, card in enumerate((*record.cards, record.rts)):
                if (*seen.cards, seen.rts)[pos] is None:
                    slots.append(("round", base + i, pos))
                    pool.append(card)
        view = self.observe(state, seat)
        for pos, held in enumerate((*state.cards, state.rts)):
            if held is not None and (*view.cards, view.rts)[pos] is None:
                slots.append(("now", -1, pos))
                pool.append(held)
        rng.shuffle(pool)
        rounds, cards, rts = list(state.rounds), list(state.cards), state.rts
        for where, i, pos in slots:
            card = pool.pop()
            if where == "round":
                record = rounds[i]
                if pos == 3:
                    rounds[i] = replace(record, rts=card)
                else:
                    rounds[i] = replace(record, cards=replace_at(record.cards, pos, card))
            elif pos == 3:
                rts = card
            else:
                cards[pos] = card
        claims = by_seat(
            (rng.random() < 0.5) if s != seat and c is not None and state.phase == "claim" else c
            for s, c in enumerate(state.claims)
        )
        return replace(
            state,
            stock=tuple(sorted(pool)),
            rounds=tuple(rounds),
            cards=by_seat(cards),
            rts=rts,
            claims=claims,
        )


T = TypeVar("T")


def by_seat(values: Iterable[T]) -> tuple[T, T, T]:
    """``values``, one for each of the three seats, as the fixed-length tuple a state keeps
    (``ValueError`` for any other number of values)."""
    first, second, third = values
    return first, second, third


def _round_cards(state: TriangleState) -> tuple[tuple[Card, Card, Card], Card]:
    """The round's three player cards and the Right to Speak, once all four are dealt."""
    first, second, third = state.cards
    if first is None or second is None or third is None or state.rts is None:
        raise ValueError("the round's four cards are not all dealt yet")
    return (first, second, third), state.rts


def winners_of(state: TriangleState) -> list[int]:
    top = max(state.scores)
    return [s for s in range(PLAYERS) if state.scores[s] == top]


def _seen(record: RoundRecord, number: int, seat: int | None, this_turn: bool) -> SeenRound:
    """A round record with what ``seat`` did not see replaced by None."""
    scored = record.speaker is not None
    cards = by_seat(
        c if seat is None or scored or s != seat else None for s, c in enumerate(record.cards)
    )
    rts = record.rts if seat is None or record.speaker == seat else None
    return SeenRound(
        number,
        record.dealer,
        cards,
        rts,
        record.speaker,
        record.statement,
        record.correct,
        record.gains,
        record.void_reason,
        this_turn,
    )


def _arithmetic(
    before: tuple[int, ...], speaker: int, statement: Statement, correct: bool
) -> Message:
    """The score sheet line: who gained what, as a sum."""
    if correct:
        points = statement.points
        return msgn(
            "{player}: {before} + {count} = {total} (a true {kind} is worth {count})",
            "{player}: {before} + {count} = {total} (a true {kind} is worth {count})",
            points,
            player=seat_name(speaker),
            before=before[speaker],
            total=before[speaker] + points,
            kind=statement.kind,
        )
    first, second = (
        msg(
            "{player}: {before} + {penalty} = {total}",
            player=seat_name(s),
            before=before[s],
            penalty=PENALTY,
            total=before[s] + PENALTY,
        )
        for s in range(PLAYERS)
        if s != speaker
    )
    return msgn(
        "{first}; {second} (a false statement gives each opponent {count})",
        "{first}; {second} (a false statement gives each opponent {count})",
        PENALTY,
        first=first,
        second=second,
    )


def _result(state: TriangleState) -> Message:
    """How the game ended: who won, and the round limit (T12) when that is what ended it."""
    winners = winners_of(state)
    score = max(state.scores)
    if len(winners) == 1:
        result = msg(
            "{player} has {score} and wins the game.", player=seat_name(winners[0]), score=score
        )
    else:
        result = msgn(
            "{players} share the win with {count} point.",
            "{players} share the win with {count} points.",
            score,
            players=_names(winners),
        )
    if score < state.target or (len(winners) > 1 and state.on_tie == "extra"):
        return msgn(
            "That was round {number}, the last a game to {count} may have ({count} turn, T12), "
            "so the game ends here: {result}",
            "That was round {number}, the last a game to {count} may have ({count} turns, T12), "
            "so the game ends here: {result}",
            state.target,
            number=len(state.rounds),
            result=result,
        )
    return result


def _names(seats: list[int]) -> Message:
    """Two or three players named in a row: "Player 1 and Player 3"."""
    names = [seat_name(s) for s in seats]
    if len(names) == 2:
        return msg("{first} and {second}", first=names[0], second=names[1])
    return msg("{first}, {second} and {third}", first=names[0], second=names[1], third=names[2])


def _then(first: object, then: object) -> Message:
    """Two sentences in a row (a language without spaces between sentences drops the space)."""
    # Translators: two whole sentences one after the other (in Chinese without the space)
    return msg("{first} {then}", first=first, then=then)


NOBODY_CLAIMED = "nobody claimed the Right to Speak"
TOO_CLOSE = "the grab was too close to call"
VOID_REASONS: dict[str, Message] = {
    NOBODY_CLAIMED: msg("nobody claimed the Right to Speak"),
    TOO_CLOSE: msg("the grab was too close to call"),
}
"""Why a round was void: the record keeps the English reason (a replay's data, compared by
tests), a page reads it in its language through this table."""


def void_words(reason: str) -> Message | str:
    """A void round's reason in the page's language (unknown reasons as they are)."""
    return VOID_REASONS.get(reason, reason)


GAME = register(Triangle())
