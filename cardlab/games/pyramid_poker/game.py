"""Pyramid Poker's state machine: deal the supplies, build the pyramid, take blocks, showdown.

Actions are text:

* chance: ``first 2`` (the first player of game 1, numbered from 1), ``deal Ks`` (the next
  block dealt face down into a personal supply, alternately Player 1's and Player 2's; nobody
  sees it), ``draw Ks`` (the block the builder draws from their own supply), ``reveal Ks`` (one
  of the 3 general-supply blocks turned up after a joker);
* players: ``place 12`` (put the drawn block in slot 12, counted from 1 as the table and every
  text count them: `slot_action`; flat slot 11 of `cardlab.render.layout.pyramid_index`),
  ``take 12`` (take the free block in slot 12),
  ``keep Ks`` (keep one revealed block after a joker), ``hand left|centre|right`` (put the
  taken block into a hand).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardlab.core.cards import Card
from cardlab.core.engine import (
    CHANCE,
    TERMINAL,
    CardOut,
    Event,
    Game,
    Move,
    Refusal,
    SeatChosen,
    Transition,
    card_outcome,
    register,
    seat_name,
)
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.narration import Narration, secret, told
from cardlab.core.options import Option, choice, flag, whole
from cardlab.core.tuples import remove_one, replace_at
from cardlab.games.pyramid_poker.rules import (
    DECK,
    DEFAULT_WIDTH,
    HAND_NAMES,
    PLACEMENTS,
    REVEAL,
    SUPPLY_SIZE,
    action_slot,
    capacity,
    full_set,
    game_limit,
    hand_noun,
    is_joker,
    slot_action,
    slot_index,
    slot_name,
    slot_position,
)
from cardlab.games.pyramid_poker.scoring import Lines, ShowdownResult, score_hands

PHASES = ("first", "deal", "draw", "place", "take", "reveal", "keep", "assign", "over")
"""``first``/``deal``/``draw``/``reveal`` are chance; ``place``/``take``/``keep``/``assign``
are the player to move; ``over`` ends the match."""


def _sorted(cards: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards))


def _put_into(h: int, player: Message, card: str) -> Message:
    """The sentence of a block put into hand ``h`` (a whole sentence per hand: a language may
    decline the hand's name)."""
    if h == 0:
        return msg("{player} puts the {card} into their left hand.", player=player, card=card)
    if h == 1:
        return msg("{player} puts the {card} into their centre hand.", player=player, card=card)
    return msg("{player} puts the {card} into their right hand.", player=player, card=card)


def _not_an_outcome(phase: str, action: str) -> Message:
    """The refusal of a chance action that cannot happen here, naming what can."""
    if phase == "first":
        return msg(
            "{action} is not a possible chance outcome here: the next step is choosing "
            "the first player ('first 1')",
            action=action,
        )
    if phase == "deal":
        return msg(
            "{action} is not a possible chance outcome here: the next step is the next "
            "block dealt into a personal supply ('deal Ks')",
            action=action,
        )
    if phase == "draw":
        return msg(
            "{action} is not a possible chance outcome here: the next step is the block "
            "drawn from the builder's supply ('draw Ks')",
            action=action,
        )
    return msg("{action} is not a possible chance outcome here: the next step is a block turned "
               "up from the general supply ('reveal Ks')", action=action)  # fmt: skip


# -- pyramid geometry ---------------------------------------------------------------------------
def supports(k: int, width: int) -> tuple[int, ...]:
    """The two slots slot ``k`` rests on (none on the foundation)."""
    r, i = slot_position(k, width)
    if r == 0:
        return ()
    return (slot_index(r - 1, i, width), slot_index(r - 1, i + 1, width))


def covers(k: int, width: int) -> tuple[int, ...]:
    """The slots that rest on slot ``k`` (one or two, none at the top)."""
    r, i = slot_position(k, width)
    out = []
    if r + 1 < width:
        for j in (i - 1, i):
            if 0 <= j < width - r - 1:
                out.append(slot_index(r + 1, j, width))
    return tuple(out)


def open_slots(filled: Sequence[bool], width: int) -> tuple[int, ...]:
    """Empty slots where a block may be placed: the foundation, or on two adjacent blocks."""
    return tuple(
        k
        for k in range(capacity(width))
        if not filled[k] and all(filled[s] for s in supports(k, width))
    )


def free_slots(filled: Sequence[bool], width: int) -> tuple[int, ...]:
    """Blocks with nothing on top of them (the ones that may be taken)."""
    return tuple(
        k
        for k in range(capacity(width))
        if filled[k] and not any(filled[c] for c in covers(k, width))
    )


# -- state --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    """One finished game of the match."""

    number: int
    first: int
    showdown: ShowdownResult
    points: tuple[int, int]
    totals: tuple[int, int]


@dataclass(frozen=True)
class PyramidPokerState:
    width: int = DEFAULT_WIDTH
    scoring: str = "advanced"
    target: int = 7
    games: int | None = None
    no_pair_penalty: bool = False
    phase: str = "first"
    game_number: int = 1
    first: int | None = None
    turn: int = 0
    general: tuple[Card, ...] = ()
    """The undealt blocks; after the deal, the general supply (a sorted multiset)."""
    supplies: tuple[tuple[Card, ...], ...] = ((), ())
    pyramid: tuple[Card | None, ...] = ()
    placer: tuple[int | None, ...] = ()
    holding: Card | None = None
    pending: Card | None = None
    revealed: tuple[Card, ...] = ()
    hands: tuple[tuple[tuple[Card, ...], ...], ...] = (((), (), ()), ((), (), ()))
    discard: tuple[Card, ...] = ()
    placed: int = 0
    taken: int = 0
    totals: tuple[int, int] = (0, 0)
    results: tuple[GameResult, ...] = ()

    @property
    def starter(self) -> int:
        """`first` once chance has chosen it, as it has in every phase after ``first``."""
        if self.first is None:
            raise ValueError("chance has not chosen who starts yet")
        return self.first

    @property
    def filled(self) -> tuple[bool, ...]:
        return tuple(c is not None for c in self.pyramid)


@dataclass(frozen=True)
class Place(Move):
    """``place <slot>``: the drawn block goes into an open slot."""

    slot: int


@dataclass(frozen=True)
class TakeBlock(Move):
    """``take <slot>``: the free block in that slot is taken."""

    slot: int


@dataclass(frozen=True)
class Keep(Move):
    """``keep <block>``: the revealed block (never a pharaoh) kept after a joker."""

    card: Card


@dataclass(frozen=True)
class Assign(Move):
    """``hand left|centre|right``: the taken block goes into that hand (index into HAND_NAMES)."""

    hand: int


PyramidPokerMove = SeatChosen | CardOut | Place | TakeBlock | Keep | Assign
"""Every move of Pyramid Poker, as `PyramidPoker.read_move` reads it."""


@dataclass(frozen=True)
class PyramidPokerView:
    """What one seat sees (``seat`` None: the teacher sees everything).

    ``pyramid[k]`` is the face of slot k when the viewer may see it, else None; ``filled[k]``
    says whether a block is there and ``placer[k]`` who put it.  ``holding`` is the block the
    builder drew (only the builder sees it); ``pending`` the taken block waiting for a hand.
    """

    seat: int | None
    width: int
    phase: str
    to_act: int
    game_number: int
    first: int | None
    turn: int
    pyramid: tuple[Card | None, ...]
    filled: tuple[bool, ...]
    placer: tuple[int | None, ...]
    open_slots: tuple[int, ...]
    free_slots: tuple[int, ...]
    holding: Card | None
    pending: Card | None
    revealed: tuple[Card, ...]
    hands: tuple[tuple[tuple[Card, ...], ...], ...]
    discard: tuple[Card, ...]
    supply_sizes: tuple[int, int]
    general_size: int
    placed: int
    taken: int
    totals: tuple[int, int]
    results: tuple[GameResult, ...]
    scoring: str
    target: int
    games: int | None

    def rows(self, hidden: Any = None) -> tuple[tuple[Any, ...], ...]:
        """The pyramid as rows (foundation first) for `pyramid_of_blocks`: a face, ``hidden``
        (pass `cardlab.render.layout.HIDDEN`) for a face-down block, or None for empty."""
        out = []
        for r in range(self.width):
            row = []
            for i in range(self.width - r):
                k = slot_index(r, i, self.width)
                card = self.pyramid[k]
                row.append(card if card is not None else (hidden if self.filled[k] else None))
            out.append(tuple(row))
        return tuple(out)

    def unseen(self) -> Counter[Card]:
        """The blocks whose faces this seat has not seen (supplies, general supply, the
        opponent's face-down blocks and drawn block)."""
        seen = Counter(c for c in self.pyramid if c is not None)
        seen.update(c for side in self.hands for h in side for c in h)
        seen.update(self.discard)
        seen.update(self.revealed)
        for c in (self.holding, self.pending):
            if c is not None:
                seen[c] += 1
        return Counter(full_set()) - seen


class PyramidPoker(Game[PyramidPokerState, PyramidPokerMove]):
    name = "pyramid_poker"
    title = msg("Pyramid Poker")
    min_players = 2
    max_players = 2
    default_options: Mapping[str, Any] = {
        "foundation_width": DEFAULT_WIDTH,
        "scoring": "advanced",
        "target": 7,
        "games": None,
        "all_three_no_pair_penalty": False,
    }
    option_specs: Mapping[str, Option] = {
        # 30 blocks never need more than 30 foundation slots; every move scans every slot
        "foundation_width": whole(8, 30, msg("slots on the foundation row (Q1)")),
        "scoring": choice(
            ("advanced", "basic"), msg("points per hand and bonus, or comparisons only")
        ),
        # a match lasts at most 2 x target games (the guaranteed end), so this bounds its length
        "target": whole(1, 30, msg("match points that end an advanced match (7 short, 11 long)")),
        "games": whole(1, 30, msg("play exactly this many games"), none=msg("play to the target")),
        "all_three_no_pair_penalty": flag(msg("an extra -1 when all three hands are No Pair (Q7)")),
    }
    example_options = (
        {"games": 1},
        {"games": 1, "scoring": "basic", "foundation_width": 9},
    )
    action_words = frozenset(
        {"first", "deal", "draw", "reveal", "place", "take", "keep", "hand", *HAND_NAMES}
    )
    action_examples = ("place 3", "take 12", "hand left")

    def initial_state(self, **options: Any) -> PyramidPokerState:
        opts = self.options(**options)
        return self._fresh(
            PyramidPokerState(
                width=opts["foundation_width"],
                scoring=opts["scoring"],
                target=opts["target"],
                games=opts["games"],
                no_pair_penalty=opts["all_three_no_pair_penalty"],
            )
        )

    def _fresh(self, state: PyramidPokerState) -> PyramidPokerState:
        cap = capacity(state.width)
        return replace(
            state,
            general=full_set(),
            supplies=((), ()),
            pyramid=(None,) * cap,
            placer=(None,) * cap,
            holding=None,
            pending=None,
            revealed=(),
            hands=(((), (), ()), ((), (), ())),
            discard=(),
            placed=0,
            taken=0,
        )

    def num_players(self, state: PyramidPokerState) -> int:
        return 2

    # -- whose turn, what is legal ---------------------------------------------------------------
    def current_player(self, state: PyramidPokerState) -> int:
        if state.phase == "over":
            return TERMINAL
        if state.phase in ("place", "take", "keep", "assign"):
            return state.turn
        return CHANCE

    def chance_outcomes(self, state: PyramidPokerState) -> list[tuple[str, float]]:
        phase = state.phase
        if phase == "first":
            return [("first 1", 0.5), ("first 2", 0.5)]
        if phase == "deal":
            pool = state.general
        elif phase == "draw":
            pool = state.supplies[state.turn]
        elif phase == "reveal":
            pool = state.general
        else:
            return []
        verb = {"deal": "deal", "draw": "draw", "reveal": "reveal"}[phase]
        counts = Counter(pool)
        return [(f"{verb} {c.code}", n / len(pool)) for c, n in counts.items()]

    def legal_actions(self, state: PyramidPokerState) -> list[str]:
        phase = state.phase
        if phase == "over":
            return []
        if phase == "place":
            return [slot_action("place", k) for k in open_slots(state.filled, state.width)]
        if phase == "take":
            return [slot_action("take", k) for k in free_slots(state.filled, state.width)]
        if phase == "keep":
            return [f"keep {c.code}" for c in dict.fromkeys(state.revealed) if not is_joker(c)]
        if phase == "assign":
            hands = state.hands[state.turn]
            return [f"hand {n}" for n, h in zip(HAND_NAMES, hands, strict=True) if len(h) < 5]
        return [a for a, _ in self.chance_outcomes(state)]

    def move_words(self, state: PyramidPokerState, action: str) -> str:
        """``place 2`` as "place the block in slot 2 (row 1, position 2)": slots as every text
        names them (`slot_name`)."""
        verb, _, arg = action.partition(" ")
        if verb in ("place", "take") and arg.isdigit() and int(arg) >= 1:
            slot = slot_name(action_slot(action), state.width)
            if verb == "place":
                return str(msg("place the block in {slot}", slot=slot))
            return str(msg("take the block in {slot}", slot=slot))
        if verb == "keep":
            return str(msg("keep the {card}", card=arg))
        if verb == "hand" and arg in HAND_NAMES:
            return str(
                {
                    "left": msg("put the block into the left hand"),
                    "centre": msg("put the block into the centre hand"),
                    "right": msg("put the block into the right hand"),
                }[arg]
            )
        return action

    def _parse(self, state: PyramidPokerState, text: str) -> PyramidPokerMove | Refusal:
        phase = state.phase
        if phase == "over":
            return Refusal(msg("the match is over: no more moves"))
        if self.current_player(state) == CHANCE:
            move = self._chance(state, text)
            if move is not None:
                return move
            return Refusal(_not_an_outcome(phase, repr(text)))
        who = seat_name(state.turn)
        words = text.split()
        expected_verb = {"place": "place", "take": "take", "keep": "keep", "assign": "hand"}[phase]
        if words[0] != expected_verb:
            return Refusal(
                {
                    "place": msg("{player} is building: place the drawn block ('place 3')",
                                 player=who),
                    "take": msg("{player} takes a block with nothing on top ('take 12')",
                                player=who),
                    "keep": msg("{player} keeps one of the revealed blocks ('keep Ks')",
                                player=who),
                    "assign": msg("{player} puts the taken block into a hand ('hand left', "
                                  "'hand centre' or 'hand right')", player=who),
                }[phase]
            )  # fmt: skip
        if len(words) != 2:
            example = {
                "place": "'place 3'",
                "take": "'take 12'",
                "keep": "'keep Ks'",
                "assign": "'hand left'",
            }[phase]
            return Refusal(
                msg(
                    "{player}: write '{verb}' and one word, e.g. {example}",
                    player=who,
                    verb=expected_verb,
                    example=example,
                )
            )
        arg = words[1]
        if phase in ("place", "take"):
            return self._slot_move(state, text, arg)
        if phase == "keep":
            kept = next((c for c in state.revealed if c.code == arg and not is_joker(c)), None)
            if kept is not None:
                return Keep(text, kept)
            try:
                card = DECK.parse_card(arg)
            except ValueError as exc:
                return Refusal(str(exc))
            if card in state.revealed and is_joker(card):
                return Refusal(
                    msg("a pharaoh (joker) can never be kept: choose one of the other blocks")
                )
            return Refusal(
                msg(
                    "{card} is not among the revealed blocks ({cards})",
                    card=str(card),
                    cards=DECK.format(state.revealed),
                )
            )
        if arg not in HAND_NAMES:
            return Refusal(
                msg("{word} is not a hand: the hands are left, centre and right", word=repr(arg))
            )
        h = HAND_NAMES.index(arg)
        if len(state.hands[state.turn][h]) >= 5:
            return Refusal(
                msg("{player}'s {hand} already holds 5 blocks", player=who, hand=hand_noun(arg))
            )
        return Assign(text, h)

    def _slot_move(
        self, state: PyramidPokerState, text: str, arg: str
    ) -> PyramidPokerMove | Refusal:
        """``place <slot>`` or ``take <slot>``, checked against the pyramid."""
        if not arg.isdigit() or not 1 <= int(arg) <= capacity(state.width):
            return Refusal(
                msg(
                    "{word} is not a slot: slots are 1-{last}",
                    word=repr(arg),
                    last=capacity(state.width),
                )
            )
        k = action_slot(text)
        where = slot_name(k, state.width)
        if state.phase == "place":
            if state.pyramid[k] is not None:
                return Refusal(msg("{slot} already holds a block", slot=where))
            missing = [slot_name(s, state.width) for s in supports(k, state.width)
                       if state.pyramid[s] is None]  # fmt: skip
            if missing:
                empty: Message = missing[0]
                if len(missing) == 2:
                    empty = msg("{first} and {second}", first=missing[0], second=missing[1])
                return Refusal(
                    msg(
                        "{slot} needs both blocks below it first ({empty} empty): no overhangs",
                        slot=where,
                        empty=empty,
                    )
                )
            return Place(text, k)
        if state.pyramid[k] is None:
            return Refusal(msg("{slot} is empty", slot=where))
        if any(state.pyramid[c] is not None for c in covers(k, state.width)):
            return Refusal(
                msg(
                    "the block in {slot} has a block on top of it, so it cannot be taken yet",
                    slot=where,
                )
            )
        return TakeBlock(text, k)

    def _chance(self, state: PyramidPokerState, text: str) -> PyramidPokerMove | None:
        """The chance move ``text`` names, when it is a possible outcome here."""
        phase = state.phase
        if phase == "first":
            return SeatChosen(text, int(text[-1]) - 1) if text in ("first 1", "first 2") else None
        pool = state.supplies[state.turn] if phase == "draw" else state.general
        card = card_outcome(text, phase, pool)
        return None if card is None else CardOut(text, card)

    # -- applying --------------------------------------------------------------------------------
    def _apply(
        self, state: PyramidPokerState, move: PyramidPokerMove
    ) -> Transition[PyramidPokerState]:
        phase, action = state.phase, move.text
        if isinstance(move, SeatChosen):
            seat = move.seat
            new = replace(state, first=seat, turn=seat, phase="deal")
            text: Message | Narration = msg(
                "{player} is chosen at random to go first.", player=seat_name(seat)
            )
            return Transition(new, Event(CHANCE, action, text))
        if isinstance(move, Place):
            return self._place(state, move.slot, action)
        if isinstance(move, TakeBlock):
            return self._take(state, move.slot, action)
        if isinstance(move, Assign):
            return self._assign(state, move.hand, action)
        if isinstance(move, Keep):
            card = move.card
            rest = remove_one(state.revealed, card)
            new = replace(
                state,
                revealed=(),
                pending=card,
                discard=_sorted((*state.discard, *rest)),
                phase="assign",
            )
            text = msg(
                "{player} keeps the {card} and discards {cards}.",
                player=seat_name(state.turn),
                card=str(card),
                cards=DECK.format(rest),
            )
            return Transition(new, Event(state.turn, action, text))
        card = move.card
        if phase == "deal":
            dealt = len(state.supplies[0]) + len(state.supplies[1])
            seat = (state.starter + dealt) % 2
            supplies = replace_at(state.supplies, seat, _sorted((*state.supplies[seat], card)))
            done = dealt + 1 == 2 * SUPPLY_SIZE
            new = replace(
                state,
                general=remove_one(state.general, card),
                supplies=supplies,
                phase="draw" if done else "deal",
                turn=state.starter,
            )
            text = told(
                msg("A block goes face down into {player}'s personal supply.",
                    player=seat_name(seat))
            )  # fmt: skip
            if done:
                text += told(
                    " ", msg("The other 24 blocks form the general supply; building begins.")
                )
            return Transition(new, Event(CHANCE, action, text))
        if phase == "draw":
            seat = state.turn
            new = replace(
                state,
                supplies=replace_at(state.supplies, seat, remove_one(state.supplies[seat], card)),
                holding=card,
                phase="place",
            )
            text = told(
                secret(
                    msg(
                        "{player} draws a block from their supply and looks at it: {card}.",
                        player=seat_name(seat),
                        card=str(card),
                    ),
                    seat,
                    msg(
                        "{player} draws a block from their supply and looks at it.",
                        player=seat_name(seat),
                    ),
                )
            )
            return Transition(new, Event(CHANCE, action, text))
        revealed = (*state.revealed, card)
        new = replace(
            state,
            general=remove_one(state.general, card),
            revealed=revealed,
            phase="keep" if len(revealed) == REVEAL else "reveal",
        )
        text = msg("{card} is turned up from the general supply.", card=str(card))
        return Transition(new, Event(CHANCE, action, text))

    def _place(
        self, state: PyramidPokerState, k: int, action: str
    ) -> Transition[PyramidPokerState]:
        seat = state.turn
        card = state.holding
        placed = state.placed + 1
        new = replace(
            state,
            pyramid=replace_at(state.pyramid, k, card),
            placer=replace_at(state.placer, k, seat),
            holding=None,
            placed=placed,
            turn=1 - seat if placed < PLACEMENTS else state.starter,
            phase="draw" if placed < PLACEMENTS else "take",
        )
        text = told(
            msg(
                "{player} places a block face down in {slot}.",
                player=seat_name(seat),
                slot=slot_name(k, state.width),
            )
        )
        if placed == PLACEMENTS:
            text += told(" ", msg("The pyramid is built; the take phase begins."))
        return Transition(new, Event(seat, action, text))

    def _take(self, state: PyramidPokerState, k: int, action: str) -> Transition[PyramidPokerState]:
        seat = state.turn
        card = state.pyramid[k]
        if card is None:  # `_parse` takes only a free block
            raise ValueError(f"slot {k} holds no block to take")
        base = replace(
            state,
            pyramid=replace_at(state.pyramid, k, None),
            placer=replace_at(state.placer, k, None),
        )
        where = slot_name(k, state.width)
        if is_joker(card):
            new = replace(base, discard=_sorted((*state.discard, card)), phase="reveal")
            text = msg(
                "{player} takes the block in {slot}: a pharaoh ({card})! It is discarded and 3 "
                "blocks are turned up from the general supply.",
                player=seat_name(seat),
                slot=where,
                card=str(card),
            )
        else:
            new = replace(base, pending=card, phase="assign")
            text = msg(
                "{player} takes the block in {slot} and turns it up: {card}.",
                player=seat_name(seat),
                slot=where,
                card=str(card),
            )
        return Transition(new, Event(seat, action, text))

    def _assign(
        self, state: PyramidPokerState, h: int, action: str
    ) -> Transition[PyramidPokerState]:
        seat = state.turn
        card = state.pending
        side = replace_at(state.hands[seat], h, (*state.hands[seat][h], card))
        hands = replace_at(state.hands, seat, side)
        taken = state.taken + 1
        new = replace(state, hands=hands, pending=None, taken=taken)
        text = told(_put_into(h, seat_name(seat), str(card)))
        if taken < PLACEMENTS:
            new = replace(new, turn=1 - seat, phase="take")
            return Transition(new, Event(seat, action, text))
        return self._showdown(new, action, text)

    def _showdown(
        self, state: PyramidPokerState, action: str, text: Narration
    ) -> Transition[PyramidPokerState]:
        seat = state.turn
        advanced = state.scoring == "advanced"
        show = score_hands(state.hands[0], state.hands[1], advanced, state.no_pair_penalty)
        points = show.points
        totals = (state.totals[0] + points[0], state.totals[1] + points[1])
        result = GameResult(state.game_number, state.starter, show, points, totals)
        results = (*state.results, result)
        said: list[Message] = []
        if show.winner is None and advanced:
            said.append(
                msg(
                    "Showdown: game {number} is drawn on comparisons and scores {first} to "
                    "{second}.",
                    number=state.game_number,
                    first=points[0],
                    second=points[1],
                )
            )
        elif show.winner is None:
            said.append(
                msg("Showdown: game {number} is drawn on comparisons.", number=state.game_number)
            )
        elif advanced:
            said.append(
                msgn(
                    "Showdown: {player} wins {count} of the comparisons and scores {first} to "
                    "{second}.",
                    "Showdown: {player} wins {count} of the comparisons and scores {first} to "
                    "{second}.",
                    max(show.wins),
                    player=seat_name(show.winner),
                    first=points[0],
                    second=points[1],
                )
            )
        else:
            said.append(msgn(
                "Showdown: {player} wins {count} of the comparisons.",
                "Showdown: {player} wins {count} of the comparisons.",
                max(show.wins), player=seat_name(show.winner)))  # fmt: skip
        played = len(results)
        if state.games is not None:
            over = played >= state.games
        elif advanced:
            over = max(totals) >= state.target and totals[0] != totals[1]
            if not over and played == game_limit(state.target):
                over = True
                said.append(
                    msg(
                        "That was game {number}, the most a match to {target} may have, so the "
                        "match ends here.",
                        number=played,
                        target=state.target,
                    )
                )
        else:
            over = True
        arithmetic = show.arithmetic + Lines(
            (msg("match totals: {first} to {second}", first=totals[0], second=totals[1]),)
        )
        if over:
            new = replace(state, totals=totals, results=results, phase="over")
            if totals[0] == totals[1]:
                said.append(msg("The match is drawn."))
            else:
                w = 0 if totals[0] > totals[1] else 1
                said.append(
                    msg(
                        "{player} wins the match {high} to {low}.",
                        player=seat_name(w),
                        high=max(totals),
                        low=min(totals),
                    )
                )
        else:
            first = 1 - state.starter
            new = self._fresh(
                replace(
                    state,
                    totals=totals,
                    results=results,
                    game_number=state.game_number + 1,
                    first=first,
                    turn=first,
                    phase="deal",
                )
            )
            said.append(
                msg(
                    "Game {number} begins; {player} goes first.",
                    number=state.game_number + 1,
                    player=seat_name(first),
                )
            )
        for sentence in said:
            text += told(" ", sentence)
        return Transition(new, Event(seat, action, text, arithmetic))

    # -- views and results -----------------------------------------------------------------------
    def observe(self, state: PyramidPokerState, seat: int | None) -> PyramidPokerView:
        self.check_seat(state, seat)
        filled = state.filled
        pyramid = tuple(
            c if seat is None or state.placer[k] == seat else None
            for k, c in enumerate(state.pyramid)
        )
        holding = state.holding if seat is None or seat == state.turn else None
        return PyramidPokerView(
            seat=seat,
            width=state.width,
            phase=state.phase,
            to_act=self.current_player(state),
            game_number=state.game_number,
            first=state.first,
            turn=state.turn,
            pyramid=pyramid,
            filled=filled,
            placer=state.placer,
            open_slots=open_slots(filled, state.width),
            free_slots=free_slots(filled, state.width),
            holding=holding,
            pending=state.pending,
            revealed=state.revealed,
            hands=state.hands,
            discard=state.discard,
            supply_sizes=(len(state.supplies[0]), len(state.supplies[1])),
            general_size=len(state.general),
            placed=state.placed,
            taken=state.taken,
            totals=state.totals,
            results=state.results,
            scoring=state.scoring,
            target=state.target,
            games=state.games,
        )

    def returns(self, state: PyramidPokerState) -> tuple[float, ...]:
        """Match points difference (zero-sum, running)."""
        d = state.totals[0] - state.totals[1]
        return (float(d), float(-d))

    def cards(self, state: PyramidPokerState) -> Counter[Card]:
        out = Counter(state.general)
        for s in state.supplies:
            out.update(s)
        out.update(c for c in state.pyramid if c is not None)
        out.update(c for side in state.hands for h in side for c in h)
        out.update(state.discard)
        out.update(state.revealed)
        out.update(c for c in (state.holding, state.pending) if c is not None)
        return out

    def resample_hidden(
        self, state: PyramidPokerState, seat: int, rng: random.Random
    ) -> PyramidPokerState:
        """Shuffle every face ``seat`` has not seen (supplies, general supply, the opponent's
        face-down blocks and drawn block), keeping each position and count."""
        other = 1 - seat
        pool = [*state.general, *state.supplies[0], *state.supplies[1]]
        slots = [k for k, p in enumerate(state.placer) if p == other]
        pool += [card for k in slots if (card := state.pyramid[k]) is not None]
        hides_holding = state.holding is not None and state.turn == other
        if hides_holding and state.holding is not None:
            pool.append(state.holding)
        rng.shuffle(pool)
        it = iter(pool)
        general = _sorted(next(it) for _ in state.general)
        supplies = tuple(_sorted(next(it) for _ in s) for s in state.supplies)
        pyramid = list(state.pyramid)
        for k in slots:
            pyramid[k] = next(it)
        holding = next(it) if hides_holding else state.holding
        return replace(
            state, general=general, supplies=supplies, pyramid=tuple(pyramid), holding=holding
        )


GAME = register(PyramidPoker())
