"""Pyramid Poker AI: the expected-value bot against the random and the greedy bot.

    python benchmarks/pyramid_poker_ai.py [games]

Each seeded game is one advanced-scored game (``games=1``); the bot's seat alternates.  Writes
the "## Pyramid Poker AI" section of benchmarks/RESULTS.md.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.results import write_sections
from cardlab.core.bots import RandomBot
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import GAME
from cardlab.games.pyramid_poker.bots import GreedyBot, SmartBot


def match(opponent, games: int) -> dict:
    wins = draws = losses = 0
    points = 0
    for seed in range(games):
        me = seed % 2
        bots = {me: SmartBot(seed), 1 - me: opponent(seed)}
        state = Replay.start(GAME, seed, games=1).play_out(bots).state
        show = state.results[0].showdown
        wins += show.winner == me
        losses += show.winner == 1 - me
        draws += show.winner is None
        points += state.totals[me] - state.totals[1 - me]
    return {"wins": wins, "draws": draws, "losses": losses, "margin": points / games}


def main(games: int = 2000) -> str:
    start = time.time()
    rows = []
    for name, opp in (("random bot", RandomBot), ("greedy bot", GreedyBot)):
        r = match(opp, games)
        rows.append(
            f"| {name} | {r['wins']} | {r['draws']} | {r['losses']} | "
            f"{r['wins'] / games:.1%} | {r['margin']:+.2f} |"
        )
    secs = time.time() - start
    text = (
        "## Pyramid Poker AI\n\n"
        f"`python benchmarks/pyramid_poker_ai.py {games}`: {games} seeded games per opponent "
        "(one advanced-scored game each, seeds 0..N-1, the expected-value bot's seat "
        f"alternating); basic result (more comparisons won) and the mean advanced-points margin; "
        f"{secs:.0f} s.\n\n"
        "| EV bot against | wins | draws | losses | win rate | mean points margin |\n"
        "|---|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
    )
    write_sections(text)
    return text


if __name__ == "__main__":
    print(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000))
