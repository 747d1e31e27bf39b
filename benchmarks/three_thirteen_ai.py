"""Three Thirteen: ThreeThirteenBot's total scores against the random bot and the greedy bot.

    python benchmarks/three_thirteen_ai.py [--games 500] [--jobs 2] [--no-write]

Each match plays ``--games`` seeded two-player games of all 11 rounds (game ``g`` uses seed
``g``), with the bot under test in seat ``g % 2`` so that it deals first as often as not.  Lower
totals are better; a shared lowest total counts as half a win.  The section "## Three Thirteen AI"
of ``benchmarks/RESULTS.md`` is rewritten (other sections are kept).
"""

from __future__ import annotations

import argparse
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor

from cardlab.games.three_thirteen import new_game
from cardlab.games.three_thirteen.bots import GreedyBot, ThreeThirteenBot, ThreeThirteenRandomBot
from cardlab.games.three_thirteen.odds import round_one_odds, simulate_rounds

MATCHES = {
    "vs ThreeThirteenRandomBot": lambda g: ThreeThirteenRandomBot(f"{g}/opponent"),
    "vs GreedyBot": lambda g: GreedyBot(),
}


def play(match: str, games: range) -> tuple[float, ...]:
    """(hero total, hero total squared, opponent total, wins, hero rounds out, actions)."""
    hero_sum = hero_sq = opp_sum = wins = outs = actions = 0.0
    for g in games:
        hero = g % 2
        bots = {hero: ThreeThirteenBot(), 1 - hero: MATCHES[match](g)}
        replay = new_game(g, players=2).play_out(bots)
        totals = replay.state.totals
        hero_sum += totals[hero]
        hero_sq += totals[hero] ** 2
        opp_sum += totals[1 - hero]
        wins += 1.0 if totals[hero] < totals[1 - hero] else 0.5 if totals[0] == totals[1] else 0
        outs += sum(r.went_out == hero for r in replay.state.results)
        actions += len(replay)
    return hero_sum, hero_sq, opp_sum, wins, outs, actions


def run(match: str, games: int, jobs: int) -> dict[str, float]:
    chunks = [range(j, games, jobs) for j in range(jobs)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(play, [match] * jobs, chunks))
    seconds = time.perf_counter() - start
    hero, sq, opp, wins, outs, actions = (sum(p[i] for p in parts) for i in range(6))
    mean = hero / games
    return {
        "hero": mean,
        "stderr": math.sqrt(max(sq / games - mean * mean, 0.0) / games),
        "opp": opp / games,
        "win": wins / games,
        "outs": outs / games,
        "actions": actions / games,
        "seconds": seconds,
    }


def odds_lines(samples: int) -> list[str]:
    """The exact round-1 odds and the seeded round-by-round simulation (spec section 7)."""
    lines = [
        "",
        "Round 1 (3 cards, threes wild), exact (`odds.round_one_odds`): a dealt hand already "
        "melds; the hand plus one stock card can go out; the first player can go out with the "
        "turned-up card or the stock card.",
        "",
        "| decks | dealt hand melds | out after one stock draw "
        "| first player out (up-card or stock) |",
        "|---|---|---|---|",
    ]
    for decks in (1, 2):
        o = round_one_odds(decks)
        lines.append(
            f"| {decks} | {o.dealt_meld} = {float(o.dealt_meld):.4f} "
            f"| {o.out_after_stock} = {float(o.out_after_stock):.4f} "
            f"| {o.out_first_player} = {float(o.out_first_player):.4f} |"
        )
    sims = {decks: simulate_rounds(decks, samples, seed=0) for decks in (1, 2)}
    lines += [
        "",
        f"Dealt hands by round, seeded simulation (`odds.simulate_rounds`, {samples} hands per "
        "round, seed 0): mean minimum deadwood (± s.e.) and the share already fully melded.",
        "",
        "| round | cards | wild | 1 deck: mean deadwood | 1 deck: melded | "
        "2 decks: mean deadwood | 2 decks: melded |",
        "|---|---|---|---|---|---|---|",
    ]
    for one, two in zip(sims[1], sims[2], strict=True):
        lines.append(
            f"| {one.round} | {one.hand_size} | {one.wild} | {one.mean_deadwood:.1f} ± "
            f"{one.stderr:.1f} | {one.p_melded:.3f} | {two.mean_deadwood:.1f} ± "
            f"{two.stderr:.1f} | {two.p_melded:.3f} |"
        )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--samples", type=int, default=2000, help="dealt hands per round")
    parser.add_argument("--no-write", action="store_true", help="print only, keep RESULTS.md")
    args = parser.parse_args()
    lines = [
        "## Three Thirteen AI",
        "",
        f"`python benchmarks/three_thirteen_ai.py --games {args.games}`: two players, all 11 "
        f"rounds, {args.games} seeded games per match (game g uses seed g, the bot in seat "
        "g % 2).  Totals are penalty points summed over the 11 rounds (lower is better).",
        "",
        "| match | ThreeThirteenBot total | ± s.e. | opponent total | bot win share "
        "| rounds the bot went out | actions/game | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    print("\n".join(lines), flush=True)
    for match in MATCHES:
        r = run(match, args.games, args.jobs)
        line = (
            f"| {match} | {r['hero']:.1f} | {r['stderr']:.1f} | {r['opp']:.1f} | {r['win']:.3f} "
            f"| {r['outs']:.1f} of 11 | {r['actions']:.0f} | {r['seconds']:.0f} |"
        )
        lines.append(line)
        print(line, flush=True)
    lines += odds_lines(args.samples)
    print("\n".join(lines[-(len(lines) - 7 - len(MATCHES)) :]), flush=True)
    if not args.no_write:
        from results import write_sections

        write_sections("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
