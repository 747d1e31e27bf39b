"""Triangle: how often the ReasoningBot wins, and how fast whole games are played.

    python benchmarks/triangle_bots.py [--games 10000] [--jobs 2]

Each match plays ``--games`` seeded games (game ``g`` uses seed ``g``) with the default options
(target 25, tie_void 1/4, extra rounds on a tie).  The bot under test sits in seat ``g % 3`` so
that it spends a third of its games in each seat; a shared win counts as a fraction.  With three
equal players each wins a third, so anything far above 1/3 is skill.
"""

from __future__ import annotations

import argparse
import math
import os
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from cardlab.core.bots import RandomBot
from cardlab.games.triangle import new_game
from cardlab.games.triangle.bots import ReasoningBot

Opponent = Callable[[int, int], object]

MATCHES: dict[str, Opponent] = {
    "vs two RandomBots": lambda g, s: RandomBot(f"{g}/{s}"),
    "vs two ReasoningBot(threshold=1.5)": lambda g, s: ReasoningBot(1.5),
    "vs two ReasoningBot(remember=False)": lambda g, s: ReasoningBot(0.5, remember=False),
    "vs two ReasoningBot(threshold=0.0)": lambda g, s: ReasoningBot(0.0),
}


def play(match: str, games: range) -> tuple[float, float, int, int]:
    """Play ``games`` of ``match``: (hero wins, sum of squared win shares, rounds, actions)."""
    wins = squares = 0.0
    rounds = actions = 0
    for g in games:
        hero = g % 3
        bots = {s: ReasoningBot(0.5) if s == hero else MATCHES[match](g, s) for s in range(3)}
        replay = new_game(g).play_out(bots)
        scores = replay.state.scores
        winners = [s for s in range(3) if scores[s] == max(scores)]
        share = (hero in winners) / len(winners)
        wins += share
        squares += share * share
        rounds += len(replay.state.rounds)
        actions += len(replay)
    return wins, squares, rounds, actions


def run(match: str, games: int, jobs: int) -> dict[str, float]:
    """One match split over ``jobs`` processes (each with its own odds cache)."""
    chunks = [range(j, games, jobs) for j in range(jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(play, [match] * jobs, chunks))
    seconds = time.perf_counter() - start
    wins, squares, rounds, actions = (sum(p[i] for p in parts) for i in range(4))
    rate = wins / games
    variance = squares / games - rate * rate
    return {
        "win": rate,
        "stderr": math.sqrt(max(variance, 0.0) / games),
        "rounds": rounds / games,
        "actions": actions / games,
        "seconds": seconds,
        "games_per_s": games / seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()
    print(f"ReasoningBot(threshold=0.5), {args.games:,} seeded games per match, {args.jobs} jobs")
    print()
    print("| match | ReasoningBot win share | ± s.e. | rounds/game | games/s | seconds |")
    print("|---|---|---|---|---|---|")
    for match in MATCHES:
        r = run(match, args.games, args.jobs)
        print(
            f"| {match} | {r['win']:.3f} | {r['stderr']:.3f} | {r['rounds']:.1f} "
            f"| {r['games_per_s']:.0f} | {r['seconds']:.1f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
