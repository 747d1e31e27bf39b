"""Three Thirteen: speed of the exact minimum-deadwood search (`min_deadwood`).

    python benchmarks/melds.py [--hands 400] [--seed 1] [--no-write]

1. Seeded random hands of every round size (3..13 dealt, +1 for the draw) with that round's wild
   rank, dealt from one deck and from two decks; median and p95 time per hand.
2. 10-card hands from one deck without wild cards, against rlcard 1.2.0's gin rummy meld search
   (`get_best_meld_clusters`, aces low, faces 10: the same values as ours).  Both must find the
   same deadwood on every hand; the ratio of medians is printed.

Writes the "## Three Thirteen melds" section of benchmarks/RESULTS.md (`write_sections`).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.results import write_sections
from cardlab.core.cards import STANDARD52
from cardlab.games.three_thirteen.melds import min_deadwood

WILD = "3456789TJQK"  # round r deals r + 2 cards, wild rank of value r + 2


def _time(fn, *args) -> float:
    t0 = time.perf_counter()
    fn(*args)
    return time.perf_counter() - t0


def _stats(times: list[float]) -> tuple[float, float, float]:
    times = sorted(times)
    return (
        statistics.median(times) * 1e6,
        times[min(len(times) - 1, int(0.95 * len(times)))] * 1e6,
        times[-1] * 1e6,
    )


def by_round(hands: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    lines = [
        "| dealt + draw | wild | decks | mean wilds | median µs | p95 µs | max µs |",
        "|---|---|---|---|---|---|---|",
    ]
    for dealt in range(3, 14):
        wild = WILD[dealt - 3]
        for decks in (1, 2):
            deck = list(STANDARD52.cards()) * decks
            times, wilds = [], 0
            for _ in range(hands):
                hand = rng.sample(deck, dealt + 1)
                wilds += sum(c.rank == wild for c in hand)
                times.append(_time(min_deadwood, hand, wild))
            med, p95, worst = _stats(times)
            lines.append(
                f"| {dealt} + 1 | {wild} | {decks} | {wilds / hands:.2f} | {med:.0f} | {p95:.0f} "
                f"| {worst:.0f} |"
            )
    return lines


def many_wilds(hands: int, seed: int) -> list[str]:
    """14-card hands with k wild cards forced in (two decks), the hardest case for the search."""
    rng = random.Random(seed)
    deck = list(STANDARD52.cards()) * 2
    lines = [
        "| 14 cards, two decks, wild K | median µs | p95 µs | max µs |",
        "|---|---|---|---|",
    ]
    for k in (0, 2, 4, 6, 8):
        naturals = [c for c in deck if c.rank != "K"]
        kings = [c for c in deck if c.rank == "K"]
        times = []
        for _ in range(hands):
            hand = rng.sample(naturals, 14 - k) + rng.sample(kings, k)
            times.append(_time(min_deadwood, hand, "K"))
        med, p95, worst = _stats(times)
        lines.append(f"| {k} wild cards | {med:.0f} | {p95:.0f} | {worst:.0f} |")
    return lines


def versus_rlcard(hands: int, seed: int) -> list[str]:
    try:
        import rlcard
        from rlcard.games.base import Card as RLCard
        from rlcard.games.gin_rummy.utils import utils as rl_utils
        from rlcard.games.gin_rummy.utils.melding import get_best_meld_clusters
    except ImportError:  # pragma: no cover - optional comparison
        return ["rlcard is not installed: `pip install rlcard==1.2.0` for the comparison."]

    def rl_deadwood(hand) -> int:
        clusters = get_best_meld_clusters(hand)
        if not clusters:
            return sum(rl_utils.get_deadwood_value(c) for c in hand)
        return rl_utils.get_deadwood_count(hand, clusters[0])

    rng = random.Random(seed)
    deck = STANDARD52.cards()
    ours_t, theirs_t, agree, melded = [], [], 0, 0
    for _ in range(hands):
        hand = rng.sample(deck, 10)
        rl_hand = [RLCard(c.suit.upper(), c.rank) for c in hand]
        t0 = time.perf_counter()
        ours = min_deadwood(hand, None)[0]
        t1 = time.perf_counter()
        theirs = rl_deadwood(rl_hand)
        t2 = time.perf_counter()
        ours_t.append(t1 - t0)
        theirs_t.append(t2 - t1)
        agree += ours == theirs
        melded += ours < sum(min(10, "A23456789TJQK".index(c.rank) + 1) for c in hand)
    o, r = _stats(ours_t), _stats(theirs_t)
    return [
        f"10-card hands, one deck, no wild cards ({hands} hands, {melded} with a meld); "
        f"rlcard {rlcard.__version__} `get_best_meld_clusters` + `get_deadwood_count`.",
        "",
        "| search | median µs | p95 µs | max µs |",
        "|---|---|---|---|",
        f"| cardlab `min_deadwood(hand, None)` | {o[0]:.0f} | {o[1]:.0f} | {o[2]:.0f} |",
        f"| rlcard gin rummy | {r[0]:.0f} | {r[1]:.0f} | {r[2]:.0f} |",
        "",
        f"- same deadwood on {agree} of {hands} hands",
        f"- rlcard median / cardlab median = {r[0] / o[0]:.2f}",
    ]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    lines = [
        "## Three Thirteen melds",
        "",
        f"`python benchmarks/melds.py --hands {args.hands} --seed {args.seed}` "
        f"(Python {platform.python_version()}, one core; times per `min_deadwood` call, exact "
        "search, no cache between calls).",
        "",
        "Dealt hands of every round plus the draw, with the round's wild rank:",
        "",
        *by_round(args.hands, args.seed),
        "",
        "Many wild cards:",
        "",
        *many_wilds(args.hands, args.seed),
        "",
        *versus_rlcard(args.hands, args.seed),
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if not args.no_write:
        write_sections(text)


if __name__ == "__main__":
    main()
