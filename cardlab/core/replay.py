"""`Replay`: a game as (game, options, seed, actions), with every state cached.

The action log is the record of a game.  Scrubbing a step-through controller is a list lookup,
undo is a shorter log (`truncate`), "what if" is a `branch`, and `to_text` / `from_text` make a deal
shareable.  Chance outcomes are in the log too, so the seed only decides *future* chance draws:
draw number ``i`` always uses ``Random(f"{seed}:{i}")``, which makes a replay extended by
`advance_chance` the same whatever was undone or branched before.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cardlab.core.engine import CHANCE, GAMES, TERMINAL, Action, Event, Game, get_game
from cardlab.core.narration import Narration

_HEADER = "cardlab-replay 1"


@dataclass(frozen=True)
class Replay:
    """An immutable game record.  Build one with `Replay.start`; every change returns a new one."""

    game_name: str
    seed: int
    options: tuple[tuple[str, Any], ...] = ()
    actions: tuple[Action, ...] = ()
    _states: list[Any] = field(default_factory=list, compare=False, repr=False)
    _events: list[Event] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def start(cls, game: str | Game, seed: int = 0, **options: Any) -> Replay:
        """A new game of ``game`` with ``options`` (unknown options raise ``ValueError``)."""
        game = get_game(game) if isinstance(game, str) else game
        full = game.options(**options)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, got {seed!r}")
        replay = cls(game.name, seed, tuple(sorted(full.items())))
        replay._states.append(game.initial_state(**full))
        return replay

    # -- reading -----------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        game = GAMES.get(self.game_name)  # the registry, without an import on every step
        return game if game is not None else get_game(self.game_name)

    def __len__(self) -> int:
        return len(self.actions)

    def state_at(self, step: int) -> Any:
        """The state after ``step`` actions (0 is the start; negative counts from the end)."""
        n = len(self.actions)
        if step < 0:
            step += n + 1
        if not 0 <= step <= n:
            raise ValueError(f"step {step} is out of range 0-{n}")
        self._fill(step)
        return self._states[step]

    @property
    def state(self) -> Any:
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
    def append(self, action: Action) -> Replay:
        """This replay plus ``action``; raises `IllegalMove` (and changes nothing) if illegal."""
        state, event = self.game.apply(self.state, action)
        return self._extended(action, state, event)

    def extend(self, actions: Iterable[Action]) -> Replay:
        """This replay plus every action in turn (stops at the first illegal one, raising)."""
        replay = self
        for action in actions:
            replay = replay.append(action)
        return replay

    def advance_chance(self) -> Replay:
        """Append the chance outcome drawn with this replay's seed for this step."""
        game, state = self.game, self.state
        if game.current_player(state) != CHANCE:
            raise ValueError("the next action is not a chance outcome")
        rng = random.Random(f"{self.seed}:{len(self.actions)}")
        return self.append(game.sample_chance(state, rng))

    def resolve_chance(self) -> Replay:
        """Draw chance outcomes until a player must act or the game is over."""
        replay = self
        while replay.current_player == CHANCE:
            replay = replay.advance_chance()
        return replay

    def play_out(
        self,
        bots: Mapping[int, Any],
        max_steps: int = 100_000,
        reasons: dict[int, tuple[int, Narration]] | None = None,
        until: Callable[[Any], bool] | None = None,
    ) -> Replay:
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

    def truncate(self, steps: int) -> Replay:
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

    def branch(self, steps: int, action: Action) -> Replay:
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
    def from_text(cls, text: str) -> Replay:
        """Read `to_text` output; ``ValueError`` naming the line that is wrong."""
        lines = text.strip("\n").split("\n")
        if len(lines) < 5 or lines[0].strip() != _HEADER or lines[4].strip() != "actions:":
            raise ValueError(f"not a cardlab replay: it must start with {_HEADER!r}")
        fields = {}
        for number, line in enumerate(lines[1:4], start=2):
            key, sep, value = line.partition(":")
            if not sep:
                raise ValueError(f"line {number}: expected 'key: value', got {line!r}")
            fields[key.strip()] = value.strip()
        try:
            seed = int(fields["seed"])
            options = json.loads(fields["options"])
            if not isinstance(options, dict):
                raise ValueError(f"replay options must be a JSON object, got {fields['options']!r}")
            replay = cls.start(fields["game"], seed, **options)
        except (KeyError, json.JSONDecodeError) as exc:
            raise ValueError(f"replay header is malformed: {exc}") from None
        game = replay.game
        for number, line in enumerate(lines[5:], start=6):
            try:
                replay = replay.append(game.action_from_text(line))
            except ValueError as exc:
                raise ValueError(f"line {number} ({line!r}): {exc}") from None
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

    def _extended(self, action: Action, state: Any, event: Event) -> Replay:
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
