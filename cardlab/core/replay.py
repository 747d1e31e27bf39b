"""`Replay`: a game as (game, options, seed, actions), with every state cached.

The action log is the record of a game.  Scrubbing a step-through controller is a list lookup,
undo is a shorter log (`truncate`), "what if" is a `branch`, and `to_text` / `from_text` make a deal
shareable.  Chance outcomes are in the log too, so the seed only decides *future* chance draws:
draw number ``i`` always uses ``Random(f"{seed}:{i}")``, which makes a replay extended by
`advance_chance` the same whatever was undone or branched before.

Actions are stored in the game's canonical form (the text of the move `Game.read_move` reads, as
`Game.read_action` normalises it), so a replay built from loosely spaced text or from `Combo`
objects writes the same text as one built from legal actions, and
``Replay.from_text(r.to_text()) == r`` always holds.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, TypeVar, overload

from cardlab.core.engine import (
    CHANCE,
    GAMES,
    TERMINAL,
    Action,
    Event,
    Game,
    IllegalMove,
    Refusal,
    S,
    get_game,
)
from cardlab.core.i18n import Message, msg, num
from cardlab.core.narration import Narration
from cardlab.core.text import shown

if TYPE_CHECKING:
    from cardlab.core.bots import Bot

T = TypeVar("T")

_HEADER = "cardlab-replay 1"
_HEADER_LINES = 5  # the magic line, game, seed, options, "actions:"

MAX_STEPS = 100_000
"""The most actions a replay holds: `play_out` gives up there and `from_text` reads no more (a
whole game of Three Thirteen between random bots, the longest game, is about 30,000)."""
MAX_TEXT_CHARS = 10_000_000
"""The longest replay text read: 100 characters per action at `MAX_STEPS`, where a real replay
averages about 11."""
MAX_SEED_DIGITS = 20
"""A seed has at most 20 digits, so every 64-bit seed fits: it is written into the replay text
and into every chance draw's generator, and Python refuses to read a number of more than 4,300
digits from text at all."""
_SEED = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class Replay(Generic[S]):
    """An immutable game record.  Build one with `Replay.start`; every change returns a new one.

    A replay of a game whose states are ``S`` is a ``Replay[S]`` (one started from a game's
    name, or read from text, is a ``Replay[Any]``: the name says which game only at run time)."""

    game_name: str
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    actions: tuple[str, ...] = ()
    """Each action's canonical text (`Game.read_move`), as the replay's text stores it."""
    _states: list[S] = field(default_factory=list, compare=False, repr=False)
    _events: list[Event] = field(default_factory=list, compare=False, repr=False)

    @overload
    @classmethod
    def start(cls, game: str, seed: int = 0, **options: Any) -> Replay[Any]: ...
    @overload
    @classmethod
    def start(cls, game: Game[T, Any], seed: int = 0, **options: Any) -> Replay[T]: ...
    @classmethod
    def start(cls, game: str | Game[Any, Any], seed: int = 0, **options: Any) -> Replay[Any]:
        """A new game of ``game`` (a name or a `Game`) with ``options``: ``TypeError`` for a
        game that is neither, ``ValueError`` for an unknown game, a bad seed or option."""
        if isinstance(game, str):
            game = get_game(game)
        elif not isinstance(game, Game):
            raise TypeError(
                f"game must be a game name such as 'triad' or a Game, got {shown(game)}"
            )
        _check_seed(seed)
        full = game.options(**options)
        replay: Replay[Any] = cls(game.name, seed, tuple(sorted(full.items())))
        replay._states.append(game.initial_state(**full))
        return replay

    # -- reading -----------------------------------------------------------------------------
    @property
    def game(self) -> Game[S, Any]:
        game = GAMES.get(self.game_name)  # the registry, without an import on every step
        return game if game is not None else get_game(self.game_name)

    def __len__(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> S:
        """The state after ``step`` actions (0 is the start; negative counts from the end)."""
        n = len(self.actions)
        if step < 0:
            step += n + 1
        if not 0 <= step <= n:
            raise ValueError(f"step {step} is out of range 0-{n}")
        self._fill(step)
        return self._states[step]

    @property
    def state(self) -> S:
        """The current (last) state."""
        return self.state_at(len(self.actions))

    def event_at(self, step: int) -> Event:
        """The event of action number ``step`` (1-based: the event that led to `state_at(step)`)."""
        if not 1 <= step <= len(self.actions):
            raise ValueError(f"event {step} is out of range 1-{len(self.actions)}")
        self._fill(step)
        return self._events[step - 1]

    @property
    def events(self) -> tuple[Event, ...]:
        self._fill(len(self.actions))
        return tuple(self._events)

    @property
    def is_terminal(self) -> bool:
        return self.game.is_terminal(self.state)

    @property
    def current_player(self) -> int:
        return self.game.current_player(self.state)

    # -- extending ---------------------------------------------------------------------------
    def append(self, action: Action) -> Replay[S]:
        """This replay plus ``action``, kept in the game's canonical form (the text of the move
        `Game.read_move` reads); raises `IllegalMove` (and changes nothing) if illegal."""
        game, before = self.game, self.state
        move = game.read_move(before, action)
        if isinstance(move, Refusal):
            raise move.error(action)
        state, event = game.play(before, move)
        return self._extended(move.text, state, event)

    def extend(self, actions: Iterable[Action]) -> Replay[S]:
        """This replay plus every action in turn (stops at the first illegal one, raising)."""
        replay = self
        for action in actions:
            replay = replay.append(action)
        return replay

    def advance_chance(self) -> Replay[S]:
        """Append the chance outcome drawn with this replay's seed for this step."""
        game, state = self.game, self.state
        if game.current_player(state) != CHANCE:
            raise ValueError("the next action is not a chance outcome")
        rng = random.Random(f"{self.seed}:{len(self.actions)}")
        return self.append(game.sample_chance(state, rng))

    def resolve_chance(self) -> Replay[S]:
        """Draw chance outcomes until a player must act or the game is over."""
        replay = self
        while replay.current_player == CHANCE:
            replay = replay.advance_chance()
        return replay

    def play_out(
        self,
        bots: Mapping[int, Bot],
        max_steps: int = MAX_STEPS,
        reasons: dict[int, tuple[int, Narration]] | None = None,
        until: Callable[[S], bool] | None = None,
    ) -> Replay[S]:
        """Let chance and the given bots play until a seat without a bot must act, ``until``
        holds for the state, or the game ends.  Each bot's reason is kept in ``reasons`` as
        ``{step: (seat, reason)}`` when a dict is given (lessons show why a bot played); the
        reason is a `Narration`, to be read through `cardlab.core.bots.reason_for`.
        ``RuntimeError`` when that takes more than ``max_steps`` actions."""
        replay, game = self, self.game
        for taken in range(max_steps + 1):
            state = replay.state
            seat = game.current_player(state)
            if until is not None and until(state):
                return replay
            if seat == TERMINAL or (seat != CHANCE and seat not in bots):
                return replay
            if taken == max_steps:
                break
            if seat == CHANCE:
                replay = replay.advance_chance()
            else:
                legal = game.legal_actions(state)
                decision = bots[seat].choose(game.observe(state, seat), legal)
                replay = replay.append(decision.action)
                if reasons is not None:
                    reasons[len(replay)] = (seat, decision.told)
        raise RuntimeError(f"game did not end within {max_steps} steps")

    def reasons_of(self, bots: Mapping[int, Bot]) -> dict[int, tuple[int, Narration]]:
        """Each bot's reason for the moves this replay holds, asked again step by step, as
        `play_out` keeps them: how a stored deal (a curated lesson deal) tells why each move
        was made.  Bots are asked in the replay's order, so seeded bots answer as they did; a
        move a bot would not make (now) gets no reason."""
        reasons: dict[int, tuple[int, Narration]] = {}
        game = self.game
        for step in range(1, len(self) + 1):
            state = self.state_at(step - 1)
            seat = game.current_player(state)
            if seat in bots:
                decision = bots[seat].choose(game.observe(state, seat), game.legal_actions(state))
                if game.action_to_text(decision.action) == game.action_to_text(
                    self.actions[step - 1]
                ):
                    reasons[step] = (seat, decision.told)
        return reasons

    def truncate(self, steps: int) -> Replay[S]:
        """The first ``steps`` actions: undo is a shorter log."""
        if not 0 <= steps <= len(self.actions):
            raise ValueError(f"cannot truncate to {steps} steps: this replay has {len(self)}")
        self._fill(steps)
        return Replay(
            self.game_name,
            self.seed,
            self.options,
            self.actions[:steps],
            self._states[: steps + 1],
            self._events[:steps],
        )

    def branch(self, steps: int, action: Action) -> Replay[S]:
        """What if ``action`` had been played after ``steps`` actions?"""
        return self.truncate(steps).append(action)

    # -- text --------------------------------------------------------------------------------
    def to_text(self) -> str:
        """A plain-text record that `from_text` reads back to an equal replay."""
        game = self.game
        lines = [
            _HEADER,
            f"game: {self.game_name}",
            f"seed: {self.seed}",
            f"options: {json.dumps(dict(self.options), sort_keys=True)}",
            "actions:",
        ]
        lines.extend(game.action_to_text(a) for a in self.actions)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Replay[Any]:
        """Read `to_text` output as editors save it: CRLF line ends, a UTF-8 byte order mark,
        spaces at line ends, keywords in any case and blank lines are all fine.  ``TypeError``
        for anything but text; every ``ValueError`` names the line and what was expected."""
        if not isinstance(text, str):
            hint = " (decode it first: data.decode('utf-8'))" if isinstance(text, bytes) else ""
            raise TypeError(f"a replay is text (str), got {type(text).__name__}{hint}")
        if len(text) > MAX_TEXT_CHARS:
            raise ValueError(
                msg(
                    "a replay text is at most {most} characters; this one has {count}",
                    most=num(MAX_TEXT_CHARS),
                    count=num(len(text)),
                )
            )
        text = text.removeprefix("\ufeff").replace("\r\n", "\n")
        breaks = text.count("\n")
        if breaks > MAX_STEPS + _HEADER_LINES:
            raise ValueError(
                msg(
                    "a replay holds at most {most} actions; this text has {count} lines",
                    most=num(MAX_STEPS),
                    count=num(breaks + 1),
                )
            )
        lines = _Lines(text.split("\n"))
        if " ".join(lines.next().split()).casefold() != _HEADER:
            raise ValueError(
                msg(
                    "line {line}: not a cardlab replay: it must start with {header}, got {got}",
                    line=lines.number,
                    header=repr(_HEADER),
                    got=lines.shown(),
                )
            )
        name = lines.field("game", msg("a game's name"))
        try:
            game = get_game(name)
        except ValueError as exc:
            raise ValueError(_at_line(lines.number, exc)) from None
        seed_text = lines.field("seed", msg("a whole number"))
        if not _SEED.fullmatch(seed_text) or len(seed_text.lstrip("+-")) > MAX_SEED_DIGITS:
            raise ValueError(
                msg(
                    "line {line}: expected '{key}: <{expected}>', got {got}",
                    line=lines.number,
                    key="seed",
                    expected=msg(
                        "a whole number of at most {digits} digits 0-9", digits=MAX_SEED_DIGITS
                    ),
                    got=lines.shown(),
                )
            )
        options_text = lines.field("options", msg('a JSON object such as {{"players": 3}}'))
        try:
            replay = cls.start(game, int(seed_text), **_json_options(options_text))
        except (ValueError, TypeError) as exc:
            raise ValueError(_at_line(lines.number, exc)) from None
        if lines.next().strip().casefold() != "actions:":
            raise ValueError(
                msg(
                    "line {line}: expected 'actions:', got {got}",
                    line=lines.number,
                    got=lines.shown(),
                )
            )
        for line in lines:
            if not line.strip():
                continue
            try:
                replay = replay.append(game.action_from_text(line))
            except ValueError as exc:
                raise ValueError(
                    msg(
                        "line {line} ({text}): {reason}",
                        line=lines.number,
                        text=lines.shown(),
                        reason=_reason(exc),
                    )
                ) from None
        return replay

    # -- internals ---------------------------------------------------------------------------
    def _fill(self, step: int) -> None:
        """Compute and cache states up to ``step`` (a Replay built field by field has none yet)."""
        game = self.game
        if not self._states:
            self._states.append(game.initial_state(**dict(self.options)))
        while len(self._states) <= step:
            i = len(self._states) - 1
            state, event = game.apply(self._states[i], self.actions[i])
            self._states.append(state)
            self._events.append(event)

    def _extended(self, action: str, state: S, event: Event) -> Replay[S]:
        """A replay one action longer.  The caches are lists that only ever grow, so the newest
        replay of a line shares its parent's lists (O(1) per step); a parent extended a second
        time (a branch) copies its own prefix instead, leaving the first line intact."""
        n = len(self.actions)
        self._fill(n)
        if len(self._states) == n + 1:
            states, events = self._states, self._events
        else:
            states, events = self._states[: n + 1], self._events[:n]
        states.append(state)
        events.append(event)
        return Replay(
            self.game_name, self.seed, self.options, (*self.actions, action), states, events
        )


def _reason(exc: Exception) -> object:
    """What an error says: its message (a `Message` is read in the current language)."""
    if isinstance(exc, IllegalMove):
        return exc.reason
    return exc.args[0] if len(exc.args) == 1 else str(exc)


def _at_line(number: int, exc: Exception) -> Message:
    return msg("line {line}: {reason}", line=number, reason=_reason(exc))


def _check_seed(seed: object) -> None:
    """``ValueError`` for a seed that is not a whole number of at most `MAX_SEED_DIGITS` digits."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(msg("seed must be a whole number, got {seed}", seed=shown(seed)))
    if abs(seed) >= 10**MAX_SEED_DIGITS:
        digits = int(seed.bit_length() * 0.30103) + 1  # str() refuses numbers this long
        raise ValueError(
            msg(
                "seed must have at most {most} digits (every 64-bit seed fits), got about {count}",
                most=MAX_SEED_DIGITS,
                count=num(digits),
            )
        )


def _json_options(text: str) -> dict[str, Any]:
    """The options of a replay header: a JSON object; ``ValueError`` saying what is wrong."""
    try:
        options = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise ValueError(
            msg('options must be a JSON object such as {{"players": 3}}: {error}', error=str(exc))
        ) from None
    except RecursionError:
        raise ValueError(
            msg("options must be a JSON object: this one is nested too deeply")
        ) from None
    if not isinstance(options, dict):
        raise ValueError(
            msg(
                'options must be a JSON object of names and values such as {{"players": 3}}, '
                "got {options}",
                options=shown(options),
            )
        )
    return options


def _no_constant(name: str) -> Any:
    """NaN and infinities are not option values: NaN is not even equal to itself."""
    raise ValueError(msg("{name} is not a value an option can take", name=name))


class _Lines:
    """The lines of a replay text, read one by one with their numbers (for error messages)."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        while len(lines) > 1 and not lines[-1].strip():
            lines.pop()  # blank lines at the end
        self.number = 0  # the line last read, counting from 1
        while self.number < len(lines) - 1 and not lines[self.number].strip():
            self.number += 1  # blank lines at the start

    def next(self) -> str:
        """The next line ("" past the end, which no check accepts)."""
        self.number += 1
        return self.lines[self.number - 1] if self.number <= len(self.lines) else ""

    def __iter__(self) -> Iterator[str]:
        while self.number < len(self.lines):
            yield self.next()

    def shown(self) -> str:
        """The current line, quoted and cut short, or "the end of the text"."""
        if self.number > len(self.lines):
            return str(msg("the end of the text"))
        return shown(self.lines[self.number - 1].strip())

    def field(self, key: str, expected: Message) -> str:
        """The value of the next line, ``key: value``; ``ValueError`` naming what was expected."""
        found, sep, value = self.next().partition(":")
        if not sep or found.strip().casefold() != key:
            raise ValueError(
                msg(
                    "line {line}: expected '{key}: <{expected}>', got {got}",
                    line=self.number,
                    key=key,
                    expected=expected,
                    got=self.shown(),
                )
            )
        return value.strip()
