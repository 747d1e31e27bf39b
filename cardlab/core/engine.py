"""The engine protocol every game follows: pure state machines with chance as a player.

Learned from OpenSpiel (a game is a state with `current_player`, `legal_actions`, `apply`,
`is_terminal`, `returns`; the deal is a chance player's action in the history) and from pokerkit
(every refusal has a human reason).  States are immutable, and a game keeps nothing between calls;
`Game.apply` reads the action into a move (`read_move`), raises `IllegalMove` with the reason when
it is refused, and otherwise returns a *new* state and the `Event` that narrates it.  Chance
outcomes (each card dealt, each shuffle) are actions too, so a game is exactly reproducible from
its action log (see `cardlab.core.replay`).

Actions are any hashable value; a game turns them into text and back with `action_to_text` and
`action_from_text` (the default treats actions as strings), which is how replays are shared.

An action is read once, in one step, into a typed move (in the spirit of pokerkit's
``verify_x`` / ``can_x`` / ``x``): `Game.read_move` normalises the text (`Game.read_action`,
`cardlab.core.text.normalize_action`: spacing, keyword case, digits, size) and hands it to the
game's `_parse`, which checks it against the state and returns a frozen `Move` (a subclass in the
game's own module, holding what the rules need: a card, a seat, a combination) or a `Refusal`
with the reason in a learner's words.  `why_illegal` and `apply` both call `read_move` once, and
`_apply` consumes the typed move, so nothing is parsed twice and no engine needs to remember
what it read last.  Text stays the record: a move keeps its canonical text (``move.text``),
which is what a replay stores and what `legal_actions` lists.

Games are found by name with `get_game`: a game registers itself (`register`) when its module is
imported, and installed games are listed under the entry-point group ``cardlab.games`` (cardlab's
own in its ``pyproject.toml``), so the core never imports the games package.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from typing import Any, ClassVar, Generic, TypeVar

if sys.version_info >= (3, 11):
    from typing import NamedTuple
else:  # a generic NamedTuple (Transition) needs 3.11's typing or typing_extensions
    from typing_extensions import NamedTuple

from cardlab.core.cards import Card
from cardlab.core.i18n import Message, joined, msg
from cardlab.core.narration import Narration, Piece
from cardlab.core.options import Option, check_options
from cardlab.core.text import normalize_action, shown, word_map

CHANCE = -1
"""`Game.current_player` at a chance node: the next action is a random outcome."""
TERMINAL = -2
"""`Game.current_player` once the game is over."""

Action = Hashable

A = TypeVar("A", bound=Action)
"""An action type, kept by helpers such as `possible` (every cardlab game's is ``str``)."""
S = TypeVar("S")
"""A game's state type: each game declares its own (`Game`), an immutable value."""
M = TypeVar("M", bound="Move")
"""A game's move type (`Game`): the `Move` subclasses its `_parse` returns and `_apply` takes."""


class IllegalMove(ValueError):
    """An action the rules do not allow here; ``reason`` says why in a learner's words (a
    `Message`, read in the page's language where it is shown)."""

    def __init__(self, reason: str | Message, action: Action | None = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.action = action


@dataclass(frozen=True, init=False)
class Event:
    """What one applied action did, for the narration caption and the score sheet.

    ``actor`` is the seat that acted (`CHANCE` for a chance outcome); ``told`` is one sentence as
    a `Narration` (a plain string is public), whose secret parts only some seats may read: a card
    dealt face down, the cards of an exchange.  ``arithmetic`` shows how a score was reached,
    where one was, and is always public.  Views read ``narration_for(seat)``; ``narration`` is
    the teacher's full sentence.
    """

    actor: int
    action: Action
    told: Narration
    arithmetic: str | Message = ""
    """How a score was reached (a message: ``str()`` reads it in the current language)."""

    def __init__(
        self, actor: int, action: Action, told: Narration | Piece, arithmetic: str | Message = ""
    ) -> None:
        """``told`` may be any piece of a narration (a message, text, a secret): it is kept as a
        `Narration`, which is what every reader reads."""
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "action", action)
        object.__setattr__(
            self, "told", told if isinstance(told, Narration) else Narration.of(told)
        )
        object.__setattr__(self, "arithmetic", arithmetic)

    @property
    def narration(self) -> str:
        """The whole sentence, as the teacher reads it."""
        return self.told.text(None)

    def narration_for(self, seat: int | None) -> str:
        """The sentence as ``seat`` may read it (None: the teacher)."""
        return self.told.text(seat)

    @property
    def public(self) -> bool:
        """True when every seat reads the same sentence."""
        return self.told.public


@dataclass(frozen=True)
class Move:
    """An action read against one state by `Game.read_move`: legal there, typed and frozen.

    ``text`` is the action's canonical text, the form a replay stores.  Each game subclasses
    `Move` in its own module with what its `_apply` needs, so `_apply` never reads text again.
    A move belongs to the state it was read against: apply it to that state only.
    """

    text: str


@dataclass(frozen=True)
class CardOut(Move):
    """A chance move that brings one card out (dealt, drawn, flipped or revealed): every game
    deals, and its `_apply` needs only which card."""

    card: Card


@dataclass(frozen=True)
class SeatChosen(Move):
    """A chance move that picks a seat: who deals, bids or plays first."""

    seat: int


@dataclass(frozen=True)
class Reshuffle(Move):
    """The chance move that turns the discards into a new stock."""


@dataclass(frozen=True)
class Refusal:
    """Why an action is not a legal move in a state, in a learner's words (`Game.read_move`)."""

    reason: str | Message

    def error(self, action: Action | None = None) -> IllegalMove:
        """The `IllegalMove` to raise for this refusal of ``action``."""
        return IllegalMove(self.reason, action)


GAME_OVER = msg("the game is over: no more moves")
"""The refusal of every action once a game has ended."""


def not_an_outcome(text: str, expected: str | Message) -> Refusal:
    """The refusal of a chance action that cannot happen here; ``expected`` says what can."""
    return Refusal(
        msg(
            "{action} is not a possible chance outcome here: the next step is {expected}",
            action=repr(text),
            expected=expected,
        )
    )


def card_outcome(text: str, verb: str, pool: Iterable[Card]) -> Card | None:
    """The card of chance action ``<verb> <card>`` when it names a card still in ``pool``, written
    as the card's code (so only the spelling `legal_actions` lists is accepted); else None."""
    head, _, code = text.partition(" ")
    if head != verb:
        return None
    for card in pool:
        if card.code == code:
            return card
    return None


class Transition(NamedTuple, Generic[S]):
    """The result of `Game.apply`: unpack as ``state, event = game.apply(state, action)``."""

    state: S
    event: Event


class Game(Generic[S, M]):
    """Base class of every cardlab game.  Subclasses implement the hooks marked below.

    Methods take the state explicitly and never mutate it, so any state can be kept, compared,
    branched from, or shown in a step-through controller.  A game names its state type ``S``
    and its move type ``M`` (``class HighCard(Game[HighCardState, HighCardMove])``), so the
    type checker follows a state from `initial_state` through `apply` to `observe`.
    """

    # what a game is: set on the class, or (`cardlab.games.poker.draw.DrawPoker`) by __init__
    name: str
    title: str | Message
    min_players: int = 1
    max_players: int = 1
    default_options: Mapping[str, Any] = {}
    option_specs: Mapping[str, Option] = {}
    """What each of ``default_options`` may be (`cardlab.core.options`): `options` checks them."""
    example_options: tuple[Mapping[str, Any], ...] = ({},)
    """Option sets the conformance suite plays (each game lists its interesting variants)."""
    action_words: ClassVar[frozenset[str]] = frozenset()
    """The keywords of the game's actions, spelled as legal actions spell them: typed in any case,
    they read as this spelling.  A keyword that is a card token in another case (Dou Dizhu's
    ``as`` and the ace of spades ``As``) must be left out: card tokens keep their case."""
    action_examples: ClassVar[tuple[str, ...]] = ()
    """A few typical actions, quoted when the input is not an action at all."""

    # -- hooks for subclasses ----------------------------------------------------------------
    def initial_state(self, **options: Any) -> S:
        """The state before any action (usually a chance node that will deal)."""
        raise NotImplementedError

    def current_player(self, state: S) -> int:
        """The seat to act, `CHANCE`, or `TERMINAL`."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> Sequence[Action]:
        """Every legal action; at a chance node, every possible outcome."""
        raise NotImplementedError

    def chance_outcomes(self, state: S) -> Sequence[tuple[Action, float]]:
        """At a chance node: each outcome with its probability (they sum to 1).

        Only outcomes that can happen: one of probability 0 is not an outcome, so it is neither
        listed (see `possible`) nor accepted by `why_illegal`.
        """
        raise NotImplementedError

    def _parse(self, state: S, text: str) -> M | Refusal:
        """The move ``text`` (already normalised by `read_action`) makes in ``state``, or the
        `Refusal` saying why it is not legal there.  Called once per `why_illegal` or `apply`."""
        raise NotImplementedError(
            f"{type(self).__name__} must implement _parse (read_move normalises the text first)"
        )

    def _apply(self, state: S, move: M) -> Transition[S]:
        """Apply ``move``, which `_parse` returned for this very ``state``."""
        raise NotImplementedError

    def observe(self, state: S, seat: int | None) -> Any:
        """What ``seat`` may see; ``None`` is the teacher's view of everything."""
        raise NotImplementedError

    def returns(self, state: S) -> tuple[float, ...]:
        """Each seat's result (at a terminal state the final one, before that the running one)."""
        raise NotImplementedError

    def cards(self, state: S) -> Counter[Card]:
        """Every physical card wherever it is (stock, hands, table, discards): conservation."""
        raise NotImplementedError

    def num_players(self, state: S) -> int:
        raise NotImplementedError

    def resample_hidden(self, state: S, seat: int, rng: random.Random) -> S:
        """A state ``seat`` cannot tell apart from ``state`` (its unseen cards moved around).

        The conformance suite checks `observe` gives ``seat`` the same view of both: that is
        what "an observation leaks no hidden card" means, tested without trusting `observe`.
        """
        raise NotImplementedError

    def options_problem(self, options: Mapping[str, Any]) -> str | Message | None:
        """What is wrong with this combination of options, each already within its own spec
        (e.g. too many players for the deck), or None; games with such limits override it."""
        return None

    # -- shared behaviour --------------------------------------------------------------------
    def options(self, **options: Any) -> dict[str, Any]:
        """Defaults merged with ``options``, each checked against `option_specs` and together by
        `options_problem`: an unknown or bad option is a ``ValueError`` naming it."""
        return check_options(self, options)

    def is_terminal(self, state: S) -> bool:
        return self.current_player(state) == TERMINAL

    def read_action(self, action: Action) -> str:
        """The canonical form of ``action``: text normalised once for every game (see
        `cardlab.core.text`), the form a replay stores; `IllegalMove` for input that cannot be
        an action at all (not text, empty, too long, a control character, a Unicode digit ...).
        A game whose actions are other objects too (Dou Dizhu's `Combo`) converts them here."""
        if not isinstance(action, str):
            raise IllegalMove(self._not_text(action), action)
        try:
            text = normalize_action(action, word_map(self.action_words))
        except ValueError as exc:
            raise IllegalMove(exc.args[0] if exc.args else str(exc), action) from None
        if not text:
            raise IllegalMove(self._not_text(action), action)
        return text

    def _not_text(self, action: object) -> Message:
        """The refusal of input that is not an action's text, quoting the game's examples."""
        examples = [repr(e) for e in self.action_examples]
        got = shown(action)
        if not examples:
            return msg("an action is text, got {got}", got=got)
        if len(examples) == 1:
            return msg(
                "an action is text such as {example}, got {got}", example=examples[0], got=got
            )
        return msg(
            "an action is text such as {examples} or {last}, got {got}",
            examples=joined(examples[:-1]),
            last=examples[-1],
            got=got,
        )

    def read_move(self, state: S, action: Action) -> M | Refusal:
        """The one step from an action to a move: ``action`` read (`read_action`) and checked
        against ``state`` (the game's `_parse`), as a typed `Move` or a `Refusal` with the
        reason.  Never raises for bad input: every refusal is a `Refusal`."""
        try:
            text = self.read_action(action)
        except IllegalMove as exc:
            return Refusal(exc.reason)
        return self._parse(state, text)

    def why_illegal(self, state: S, action: Action) -> str | Message | None:
        """None when ``action`` is legal, else the reason in a learner's words: a message, read
        in the page's language where it is shown (``str()`` reads it in the current one)."""
        move = self.read_move(state, action)
        return move.reason if isinstance(move, Refusal) else None

    def apply(self, state: S, action: Action) -> Transition[S]:
        """Check ``action`` and apply it; raises `IllegalMove` and leaves ``state`` as it was."""
        move = self.read_move(state, action)
        if isinstance(move, Refusal):
            raise move.error(action)
        return self._apply(state, move)

    def play(self, state: S, move: M) -> Transition[S]:
        """Apply ``move``, which `read_move` returned for this very ``state`` (it is not checked
        again): for a caller that keeps the move, as `cardlab.core.replay.Replay` keeps its
        text.  Any other action goes through `apply`."""
        if not isinstance(move, Move):
            raise TypeError(f"play takes a Move from read_move, got {shown(move)}; use apply")
        return self._apply(state, move)

    def sample_chance(self, state: S, rng: random.Random) -> Action:
        """Draw one chance outcome with its probability."""
        outcomes = self.chance_outcomes(state)
        actions = [a for a, _ in outcomes]
        weights = [p for _, p in outcomes]
        return rng.choices(actions, weights=weights, k=1)[0]

    def check_seat(self, state: S, seat: int | None) -> None:
        """``ValueError`` for a seat that is not at this table (``None``, the teacher, is fine)."""
        n = self.num_players(state)
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < n):
            raise ValueError(f"seat {seat!r} is out of range: this table has seats 0-{n - 1}")

    def action_to_text(self, action: Action) -> str:
        """Text for a replay file; the default is for games whose actions are strings."""
        return str(action)

    def move_words(self, state: S, action: str) -> str:
        """Legal ``action`` as a player says it, in the current language, wherever a learner
        chooses a move (a What if… list, a text mirror's legal moves): the action text by
        default, so a game whose action text holds words (``pass``, ``take stock``, a slot
        counted from 0) says it as translated messages, as its controls and narrations do."""
        return action

    def action_from_text(self, text: str) -> str:
        """The action ``text`` names (read by `read_action`); `IllegalMove` (a ``ValueError``)
        for text that is no action, ``TypeError`` for something that is not text."""
        if not isinstance(text, str):
            raise TypeError(f"action text must be a str, got {type(text).__name__}")
        return self.read_action(text)


def possible(outcomes: Iterable[tuple[A, float]]) -> list[tuple[A, float]]:
    """The outcomes that can happen: a chance outcome of probability 0 is not an outcome (a game
    whose probabilities come from an option, such as Triangle's ``tie_void``, filters with this)."""
    return [(action, p) for action, p in outcomes if p > 0]


def seat_name(seat: int) -> Message:
    """Players are numbered from 1 in everything a learner reads (seats count from 0 in code)."""
    return msg("Player {number}", number=seat + 1)


GAMES: dict[str, Game[Any, Any]] = {}
"""Every registered game by name: the conformance suite runs over all of them."""

G = TypeVar("G", bound=Game[Any, Any])

ENTRY_POINT_GROUP = "cardlab.games"
"""The entry-point group that lists installed games, each as ``name = "module:GAME"``."""


def register(game: G) -> G:
    """Add ``game`` to `GAMES` (a game module calls this once at import)."""
    GAMES[game.name] = game
    return game


def _installed(name: str | None = None) -> tuple[EntryPoint, ...]:
    """The installed games' entry points (only the one called ``name``, when given)."""
    found = entry_points(group=ENTRY_POINT_GROUP)
    return tuple(found if name is None else found.select(name=name))


def _load(entry: EntryPoint) -> None:
    """Import an installed game (its module registers it) and register what the entry names."""
    game = entry.load()
    if not isinstance(game, Game):
        raise TypeError(f"entry point {entry.name!r} of {ENTRY_POINT_GROUP!r} is not a Game")
    if GAMES.get(game.name) is not game:
        register(game)


def load_games() -> dict[str, Game[Any, Any]]:
    """`GAMES` with every installed game loaded (the ``cardlab.games`` entry points)."""
    for entry in _installed():
        if entry.name not in GAMES:
            _load(entry)
    return GAMES


def get_game(name: str) -> Game[Any, Any]:
    """The game called ``name``: a registered one, or an installed one (loaded on first use)."""
    game = GAMES.get(name) if isinstance(name, str) else None
    if game is None and isinstance(name, str):
        for entry in _installed(name):
            _load(entry)
        game = GAMES.get(name)
    if game is None:
        known = sorted({*GAMES, *(entry.name for entry in _installed())})
        raise ValueError(
            f"unknown game {shown(name)}; known games: {', '.join(known) or 'none'} (installed "
            f"games are the {ENTRY_POINT_GROUP!r} entry points: pip install -e . lists cardlab's)"
        )
    return game


def legal_action_texts(game: Game[S, Any], state: S) -> Sequence[str]:
    """The legal actions as text, in the game's order (what a replay stores)."""
    return [game.action_to_text(a) for a in game.legal_actions(state)]


def legal_moves_in_words(game: Game[S, Any], state: S) -> list[str]:
    """The legal actions as a player says them (`Game.move_words`), for text mirrors."""
    return [game.move_words(state, text) for text in legal_action_texts(game, state)]
