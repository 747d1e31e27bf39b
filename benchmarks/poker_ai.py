"""Poker AI: chips the `PokerBot` wins per hand against a random bot and a "call everything" bot.

    python benchmarks/poker_ai.py --game triad [--hands 5000] [--jobs 2] [--write]

Each match is ``--hands`` seeded heads-up hands (hand ``h`` is a one-hand game with seed ``h``,
stacks of 100, the game's default limits).  The bot under test sits in seat ``h % 2`` so it has
the button half the time.  The figure is the bot's chip result per hand (what it won or lost,
antes and bets included), with its standard error; both opponents share the same deals.
``--write`` replaces this game's section of ``benchmarks/RESULTS.md`` ("## Poker AI (<Title>)").

A game is a `Setup` in `SETUPS` (its registered name, title, table options and the bot under
test), so another draw-poker game is one more entry: ``--game`` picks it.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import write_sections

from cardlab.core.bots import RandomBot
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot, PokerBot


@dataclass(frozen=True)
class Setup:
    """One game's benchmark: the registered ``game``, its ``title``, the table ``options``
    (heads-up, one hand per game) and a factory for the bot under test (given the hand number)."""

    game: str
    title: str
    hero: Callable[[int], Any]
    hero_name: str
    options: dict[str, Any] = field(default_factory=dict)


def _triad_hero(h: int) -> PokerBot:
    return PokerBot(seed=f"bench/{h}", bluff=0.05)


def _pyramid_hero(h: int) -> PokerBot:
    return PokerBot(seed=f"bench/{h}", bluff=0.05, goal="improve")


SETUPS: dict[str, Setup] = {
    "triad": Setup(
        game="triad",
        title="Triad",
        hero=_triad_hero,
        hero_name="PokerBot(bluff=0.05) with the exact exchange advisor",
    ),
    "pyramid": Setup(
        game="pyramid",
        title="Pyramid",
        hero=_pyramid_hero,
        hero_name='PokerBot(goal="improve", bluff=0.05) with the exact exchange advisor',
    ),
}
"""Benchmarked games by ``--game`` name (add an entry for another draw-poker game)."""

OPPONENTS: dict[str, Callable[[int, int], Any]] = {
    "RandomBot (a random legal action)": lambda h, s: RandomBot(f"bench/{h}/{s}"),
    'CallBot ("call everything")': lambda h, s: CallBot(),
}


def play(game: str, opponent: str, hands: range) -> tuple[float, float, int, int]:
    """Play ``hands`` of one match: (chips, sum of squared chips, hands won, actions)."""
    setup = SETUPS[game]
    chips = squares = 0.0
    won = actions = 0
    for h in hands:
        hero = h % 2
        bots = {hero: setup.hero(h), 1 - hero: OPPONENTS[opponent](h, 1 - hero)}
        options = {"players": 2, "hands": 1, **setup.options}
        replay = Replay.start(setup.game, h, **options).play_out(bots)
        net = replay.game.returns(replay.state)[hero]
        chips += net
        squares += net * net
        won += net > 0
        actions += len(replay)
    return chips, squares, won, actions


def run(game: str, opponent: str, hands: int, jobs: int) -> dict[str, float]:
    chunks = [range(j, hands, jobs) for j in range(jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(play, [game] * jobs, [opponent] * jobs, chunks))
    seconds = time.perf_counter() - start
    chips, squares, won, actions = (sum(p[i] for p in parts) for i in range(4))
    mean = chips / hands
    variance = squares / hands - mean * mean
    return {
        "mean": mean,
        "stderr": math.sqrt(max(variance, 0.0) / hands),
        "total": chips,
        "won": won / hands,
        "actions": actions / hands,
        "seconds": seconds,
        "per_s": hands / seconds,
    }


def report(game: str, hands: int, jobs: int) -> str:
    setup = SETUPS[game]
    when = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        f"## Poker AI ({setup.title})",
        "",
        f"Written by `python benchmarks/poker_ai.py --game {game} --hands {hands} --write` on "
        f"{when} ({jobs} processes).",
        "",
        f"{setup.hero_name}, heads-up, {hands:,} seeded one-hand games per match (stacks of 100, "
        "ante 1, bets 2/4, 3 raises a round); the bot sits in each seat half the time. Chips are "
        "its result per hand; a hand it wins pays at least the opponent's ante.",
        "",
        "| opponent | chips per hand | ± s.e. | total chips | hands won | actions/hand | hands/s |",
        "|---|---|---|---|---|---|---|",
    ]
    for opponent in OPPONENTS:
        r = run(game, opponent, hands, jobs)
        row = (
            f"| {opponent} | {r['mean']:+.2f} | {r['stderr']:.2f} | {r['total']:+,.0f} "
            f"| {100 * r['won']:.1f}% | {r['actions']:.1f} | {r['per_s']:.0f} |"
        )
        print(row, flush=True)
        lines.append(row)
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(SETUPS), default="triad")
    parser.add_argument("--hands", type=int, default=5_000)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    text = report(args.game, args.hands, args.jobs)
    print()
    print(text)
    if args.write:
        write_sections(text)


if __name__ == "__main__":
    main()
