"""Games played at the same time in two threads end exactly as each played alone.

An engine is pure: everything a move depends on is in the state it is given.  A game that kept
what it read last (a remembered reading, the last stock asked for) on its singleton or in a
module would let one table's step see another table's.  These tests run two tables in threads
that take turns at every call of the engine protocol (`TakeTurns`: a trace function hands the
turn to the other thread whenever a thread calls `read_move`, `_parse`, `_apply`, `play`,
`legal_actions`, `Replay.append` ... so one table's move is read, then the other's, then the
first is applied), and compare the replay texts with the same games played one at a time.  The
interleaving is the same on every run.  A shared "last reading" put back into Dou Dizhu (kept by
`_parse`, used by `_apply`) makes the two-deal test fail.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

import pytest

import cardlab
from cardlab.core.engine import Game
from cardlab.core.replay import Replay
from cardlab.games.doudizhu.bots import DouDizhuBot
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.triangle.bots import ReasoningBot

BOTS: dict[str, Callable[[], Any]] = {
    "doudizhu": DouDizhuBot,
    "triangle": ReasoningBot,
    "three_thirteen": ThreeThirteenBot,
}
Table = tuple[str, int, dict]

PACKAGE = Path(cardlab.__file__).parent
ENGINE_FILES = frozenset(
    str(path)
    for pattern in ("core/engine.py", "core/replay.py", "games/*/game.py", "games/poker/draw.py")
    for path in PACKAGE.glob(pattern)
)
PROTOCOL = frozenset(name for klass in (Game, Replay) for name in vars(klass))
"""The methods of the engine protocol and of a replay: the points where the turn changes."""


def protocol_call(code: CodeType) -> bool:
    return code.co_name in PROTOCOL and code.co_filename in ENGINE_FILES


def play(table: Table) -> str:
    """The replay text of one seeded game between the game's bots."""
    name, seed, options = table
    replay = Replay.start(name, seed, **options)
    seats = replay.game.num_players(replay.state)
    bots = {seat: BOTS[name]() for seat in range(seats)}
    return replay.play_out(bots).to_text()


class TakeTurns:
    """Threads that run one at a time and may hand the turn to the next at every call of a
    function ``where`` accepts: always, or (with ``seed``) at random, half of the time.  One
    thread runs at a time, so the interleaving of a seed is the same on every run."""

    def __init__(
        self, parties: int, where: Callable[[CodeType], bool], seed: int | None = None
    ) -> None:
        self.where = where
        self.rng = None if seed is None else random.Random(seed)
        self.turn = 0
        self.running = list(range(parties))
        self.changed = threading.Condition()
        self.handovers = 0

    def _wait_for_turn(self, me: int) -> None:
        while self.turn != me:
            if not self.changed.wait(timeout=120):
                raise TimeoutError(f"thread {me} never got its turn back")

    def start(self, me: int) -> None:
        """Wait for the first turn, then hand over at every call ``where`` accepts."""
        with self.changed:
            self._wait_for_turn(me)
        sys.settrace(self._tracer(me))

    def stop(self, me: int) -> None:
        """This thread is done: the others take turns without it."""
        sys.settrace(None)
        with self.changed:
            self.running.remove(me)
            self._pass_on(me)

    def _pass_on(self, me: int) -> None:
        if self.running:
            later = [t for t in self.running if t > me]
            self.turn = (later or self.running)[0]
            self.handovers += 1
            self.changed.notify_all()

    def _tracer(self, me: int) -> Callable[..., Any]:
        def on_call(frame: FrameType, event: str, arg: Any) -> None:
            if self.where(frame.f_code) and (self.rng is None or self.rng.random() < 0.5):
                with self.changed:
                    self._pass_on(me)
                    self._wait_for_turn(me)

        return on_call


def run_together(
    jobs: list[Callable[[], Any]], where: Callable[[CodeType], bool], seed: int | None = None
) -> list[Any]:
    """Each job in its own thread, the threads taking turns at calls ``where`` accepts (see
    `TakeTurns`); the jobs' results (the first exception of a job is raised)."""
    turns = TakeTurns(len(jobs), where, seed)
    results: list[Any] = [None] * len(jobs)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        try:
            turns.start(i)
            results[i] = jobs[i]()
        except BaseException as exc:  # raised again in the main thread
            errors.append(exc)
        finally:
            turns.stop(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    if errors:
        raise errors[0]
    assert not any(thread.is_alive() for thread in threads), "a thread did not finish"
    assert turns.handovers >= 100, "the threads hardly took turns"
    return results


PAIRS = {
    "two-doudizhu-deals": [("doudizhu", 11, {}), ("doudizhu", 12, {"ruleset": "pagat"})],
    "doudizhu-and-triangle": [("doudizhu", 3, {}), ("triangle", 5, {"target": 6})],
    "doudizhu-and-three_thirteen": [
        ("doudizhu", 21, {}),
        ("three_thirteen", 4, {"players": 3, "rounds": 1}),
    ],
}


@pytest.mark.parametrize("tables", PAIRS.values(), ids=PAIRS.keys())
def test_tables_played_together_end_as_each_played_alone(tables):
    alone = [play(table) for table in tables]
    jobs = [lambda table=table: play(table) for table in tables]
    for seed in (None, 0, 1, 2, 3, 4):  # strictly in turn, then five seeded interleavings
        assert run_together(jobs, protocol_call, seed) == alone, f"interleaving {seed}"


def test_the_threads_take_turns_between_two_calls():
    """Guard against a check that cannot fail: what one thread keeps between two calls, the
    other thread has changed in between (as a remembered reading would be)."""
    kept = {"last": -1}

    def remember(i: int) -> None:
        kept["last"] = i

    def read_back(i: int) -> bool:
        return kept["last"] == i

    def job(i: int) -> list[bool]:
        seen = []
        for _ in range(100):
            remember(i)
            seen.append(read_back(i))
        return seen

    calls = {remember.__code__, read_back.__code__}
    seen = run_together([lambda: job(0), lambda: job(1)], lambda code: code in calls)
    assert not all(seen[0] + seen[1])
