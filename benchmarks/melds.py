"""Three Thirteen: speed of the exact minimum-deadwood search (`min_deadwood`), against an anchor.

    pip install --no-deps rlcard==1.2.0 termcolor   # the anchor; benchmark environment only
    python benchmarks/melds.py [--hands 400] [--passes 7] [--seed 1] [--no-write]

The machine is shared and noisy, so every figure is taken in passes interleaved with the anchor
(ours, anchor, ours, anchor, ...) and summarised as the median over the passes; speed is the
ratio of those medians.  Absolute times are printed only beside the anchor and a yardstick (a
fixed pure-Python loop, `benchmarks.memory.yardstick`) timed in the same run.

1. The anchor: 10-card hands from one deck without wild cards, against rlcard 1.2.0's gin rummy
   meld search (`get_best_meld_clusters` + `get_deadwood_count`, aces low, faces 10: the same
   values as ours).  Both must find the same deadwood on every hand (checked after timing).
   Each pass deals its own hands (so nothing one call leaves behind could help a later one)
   and times each of them once with each solver; its figure is the median time per call (a
   mean would follow the machine's stalls).
2. 14-card hands (13 dealt + the draw, two decks, kings wild) with k wild cards, the hardest
   case for the search: median time per call in each pass, p95 and max over all passes.
3. Seeded random hands of every round size (3..13 dealt, +1 for the draw) with that round's wild
   rank, dealt from one deck and from two decks: median, p95 and max over all passes.

Writes the "## Three Thirteen melds" section of benchmarks/RESULTS.md (`write_sections`).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.memory import yardstick
from benchmarks.results import publish
from cardlab.core.cards import STANDARD52, Card
from cardlab.games.three_thirteen.melds import min_deadwood

WILD = "3456789TJQK"  # round r deals r + 2 cards, wild rank of value r + 2
WILD_COUNTS = (0, 2, 4, 6, 8)


def per_call(fn: Callable, hands: Sequence, *args) -> list[float]:
    """One pass: the seconds of each call ``fn(hand, *args)``."""
    times = []
    clock = time.perf_counter
    for hand in hands:
        t0 = clock()
        fn(hand, *args)
        times.append(clock() - t0)
    return times


def interleaved(tasks: dict[str, Callable[[], list[float]]], passes: int) -> dict[str, list]:
    """Every task's per-call times, pass after pass, the tasks taking turns within a pass."""
    out: dict[str, list] = {name: [] for name in tasks}
    for _ in range(passes):
        for name, task in tasks.items():
            out[name].append(task())
    return out


def median_of(passes: list[list[float]]) -> float:
    """The median over passes of each pass's median time per call, in µs."""
    return statistics.median(statistics.median(times) for times in passes) * 1e6


def spread(passes: list[list[float]]) -> tuple[float, float]:
    """p95 and max per call over every pass, in µs."""
    times = sorted(t for one in passes for t in one)
    return times[min(len(times) - 1, int(0.95 * len(times)))] * 1e6, times[-1] * 1e6


# -- the anchor: rlcard's gin rummy meld search -------------------------------------------------
def rlcard_search() -> tuple[str, Callable, Callable] | None:
    """(version, hand converter, deadwood function) of rlcard, or None if it is not installed."""
    try:
        import rlcard
        from rlcard.games.base import Card as RLCard
        from rlcard.games.gin_rummy.utils import utils as rl_utils
        from rlcard.games.gin_rummy.utils.melding import get_best_meld_clusters
    except ImportError:
        return None

    def convert(hand: Sequence[Card]) -> list:
        return [RLCard(c.suit.upper(), c.rank) for c in hand]

    def deadwood(hand: list) -> int:
        clusters = get_best_meld_clusters(hand)
        if not clusters:
            return sum(rl_utils.get_deadwood_value(c) for c in hand)
        return rl_utils.get_deadwood_count(hand, clusters[0])

    return rlcard.__version__, convert, deadwood


def versus_rlcard(deals: list[list[list[Card]]], rl: tuple[str, Callable, Callable]) -> list[str]:
    """The 10-card comparison, a pass per deal of hands: median µs per hand of each, and their
    ratio."""
    version, convert, rl_deadwood = rl
    rl_deals = [[convert(h) for h in hands] for hands in deals]
    every = [h for hands in deals for h in hands]
    rl_every = [r for rl_hands in rl_deals for r in rl_hands]
    times: dict[str, list[list[float]]] = {"ours": [], "rlcard": []}
    for hands, rl_hands in zip(deals, rl_deals, strict=True):
        times["ours"].append(per_call(min_deadwood, hands, None))
        times["rlcard"].append(per_call(rl_deadwood, rl_hands))
    # checked after the timing, which then meets every hand for the first time
    agree = sum(
        min_deadwood(h, None)[0] == rl_deadwood(r) for h, r in zip(every, rl_every, strict=True)
    )
    melded = [[k for k, h in enumerate(hands) if min_deadwood(h, None)[1].melds] for hands in deals]
    melded_only = {
        n: [[one[k] for k in ks] for one, ks in zip(t, melded, strict=True)]
        for n, t in times.items()
    }
    with_meld = sum(map(len, melded))
    rows = []
    for label, data in (("all hands", times), (f"the {with_meld} with a meld", melded_only)):
        ours, theirs = median_of(data["ours"]), median_of(data["rlcard"])
        rows.append(f"| {label} | {ours:.1f} | {theirs:.1f} | **{theirs / ours:.2f}** |")
    lines = [
        f"10-card hands, one deck, no wild cards: {len(deals)} passes, each dealing "
        f"{len(deals[0])} fresh hands ({len(every)} hands, {with_meld} with a meld), cardlab "
        f"`min_deadwood(hand, None)` and rlcard {version} `get_best_meld_clusters` + "
        "`get_deadwood_count` taking turns on each pass's hands.  Same deadwood on "
        f"{agree} of {len(every)} hands.",
        "",
        "| hands | cardlab median µs | rlcard median µs | rlcard ÷ cardlab |",
        "|---|---|---|---|",
        *rows,
    ]
    return lines


def anchor_pass(rl: tuple[str, Callable, Callable] | None, hands: list[list[Card]]):
    """A pass of the anchor over ``hands`` (rlcard if installed, else the yardstick), to
    interleave with our passes so that both see the same load."""
    if rl is None:
        return lambda: [yardstick()]
    rl_hands = [rl[1](h) for h in hands]
    return lambda: per_call(rl[2], rl_hands)


def many_wilds(
    rng: random.Random, hands: int, passes: int, anchor: Callable[[], list[float]]
) -> tuple[list[str], list[float]]:
    """14-card hands with k wild cards (two decks, kings wild); also the anchor's pass medians."""
    deck = list(STANDARD52.cards()) * 2
    naturals = [c for c in deck if c.rank != "K"]
    kings = [c for c in deck if c.rank == "K"]
    tasks: dict[str, Callable[[], list[float]]] = {}
    for k in WILD_COUNTS:
        sample = [rng.sample(naturals, 14 - k) + rng.sample(kings, k) for _ in range(hands)]
        tasks[f"{k} wild cards"] = lambda s=sample: per_call(min_deadwood, s, "K")
    tasks["anchor"] = anchor
    times = interleaved(tasks, passes)
    lines = [
        "| 14 cards, two decks, kings wild | median µs | p95 µs | max µs |",
        "|---|---|---|---|",
    ]
    for name, data in times.items():
        if name != "anchor":
            p95, worst = spread(data)
            lines.append(f"| {name} | **{median_of(data):.0f}** | {p95:.0f} | {worst:.0f} |")
    return lines, [statistics.median(one) for one in times["anchor"]]


def by_round(rng: random.Random, hands: int, passes: int) -> list[str]:
    """Dealt hands of every round plus the draw, with the round's wild rank."""
    lines = [
        "| dealt + draw | wild | decks | mean wilds | median µs | p95 µs | max µs |",
        "|---|---|---|---|---|---|---|",
    ]
    for dealt in range(3, 14):
        wild = WILD[dealt - 3]
        for decks in (1, 2):
            deck = list(STANDARD52.cards()) * decks
            sample = [rng.sample(deck, dealt + 1) for _ in range(hands)]
            wilds = sum(c.rank == wild for hand in sample for c in hand) / hands
            data = [per_call(min_deadwood, sample, wild) for _ in range(passes)]
            p95, worst = spread(data)
            lines.append(
                f"| {dealt} + 1 | {wild} | {decks} | {wilds:.2f} | {median_of(data):.0f} "
                f"| {p95:.0f} | {worst:.0f} |"
            )
    return lines


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--passes", type=int, default=7, help="interleaved passes (at least 5)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    if args.passes < 5:
        ap.error("--passes must be at least 5 (the figures are medians over passes)")
    rng = random.Random(args.seed)
    ten = [rng.sample(STANDARD52.cards(), 10) for _ in range(args.hands)]
    fresh = random.Random(f"{args.seed} fresh")  # the later passes' hands; rng deals the rest
    deals = [ten] + [
        [fresh.sample(STANDARD52.cards(), 10) for _ in range(args.hands)]
        for _ in range(args.passes - 1)
    ]
    rl = rlcard_search()
    unit = yardstick()
    if rl is None:
        versus = ["rlcard is not installed (`pip install --no-deps rlcard==1.2.0 termcolor`)."]
        anchor_name = "yardstick ms"
    else:
        versus = versus_rlcard(deals, rl)
        anchor_name = "rlcard median µs per 10-card hand"
    wild_lines, anchor_means = many_wilds(rng, args.hands, args.passes, anchor_pass(rl, ten))
    anchor = statistics.median(anchor_means) * (1e6 if rl else 1e3)
    lines = [
        "## Three Thirteen melds",
        "",
        f"`python benchmarks/melds.py --hands {args.hands} --passes {args.passes} --seed "
        f"{args.seed}` (Python {platform.python_version()}, one core of a shared machine; "
        "times per `min_deadwood` call, exact search, no cache between calls).  Yardstick of "
        f"this run (`benchmarks.memory.yardstick`): {unit * 1e3:.1f} ms.",
        "",
        *versus,
        "",
        f"Many wild cards ({args.hands} hands a row), in passes taking turns with the anchor "
        f"({anchor_name} in those passes: {anchor:.1f}):",
        "",
        *wild_lines,
        "",
        "Dealt hands of every round plus the draw, with the round's wild rank:",
        "",
        *by_round(rng, args.hands, args.passes),
    ]
    text = "\n".join(lines) + "\n"
    publish(text, not args.no_write)


if __name__ == "__main__":
    main()
