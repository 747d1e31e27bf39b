"""Poker evaluator: the all-hands category table against treys and phevaluator.

    pip install treys phevaluator   # benchmark-only installs
    python benchmarks/poker_eval.py [--repeat 5] [--no-write]

All 2,598,960 five-card hands are classified three ways: by `cardlab.games.poker.tables`
(whole-deck numpy enumeration, one vectorised call) and by treys and phevaluator, one call per
hand over ``itertools.combinations`` of the same 52 cards.  Every timing includes enumerating the
hands and counting the categories.  The counts must be identical; the script exits non-zero if
they are not.  The section "## Poker evaluator" of `benchmarks/RESULTS.md` is rewritten.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import subprocess
import sys
import time
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results import write_sections

from cardlab.core.cards import STANDARD52
from cardlab.games.poker.ranking import CATEGORIES, TRIAD_NAMES

# Cactus Kev ranks (1 = royal flush .. 7462 = 7-5-4-3-2): the last rank of each category,
# strongest first, as both libraries number them.
_KEV_LAST = [1, 10, 166, 322, 1599, 1609, 2467, 3325, 6185, 7462]
_KEV_CATEGORIES = CATEGORIES[:10][::-1]  # full_colors .. high_card
TREYS_SETUP = 0.0  # seconds treys spends building its tables in Evaluator()


def kev_counts(ranks: list[int]) -> dict[str, int]:
    cats = np.searchsorted(np.array(_KEV_LAST), np.array(ranks, dtype=np.int32))
    counts = np.bincount(cats, minlength=10)
    return {_KEV_CATEGORIES[i]: int(counts[i]) for i in range(10)}


def run_cardlab(repeat: int) -> tuple[float, list[float], dict[str, int], float]:
    """(first call in a fresh process, warm seconds per run, counts, wild-table seconds).

    The first call builds the lookup tables (as treys builds its tables in `Evaluator()` and
    phevaluator at import, which their timings leave out); importing is left out for all three.
    """
    code = (
        "import time\n"
        "from cardlab.games.poker.tables import category_table\n"
        "t = time.perf_counter()\n"
        "category_table('out')\n"
        "print(time.perf_counter() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    cold = float(out.stdout.strip().splitlines()[-1])

    from cardlab.games.poker.tables import category_table

    warm = []
    for _ in range(repeat):
        start = time.perf_counter()
        counts = category_table("out", STANDARD52)
        warm.append(time.perf_counter() - start)
    start = time.perf_counter()
    category_table("wild")
    wild = time.perf_counter() - start
    return cold, warm, counts, wild


def _ordered(lib_card) -> list:
    return [lib_card(c) for c in STANDARD52.cards()]


def run_treys() -> tuple[float, dict[str, int]]:
    from treys import Card, Evaluator

    start = time.perf_counter()
    evaluator = Evaluator()
    global TREYS_SETUP
    TREYS_SETUP = time.perf_counter() - start
    deck = _ordered(lambda c: Card.new(c.rank + c.suit))
    start = time.perf_counter()
    ranks = [evaluator.evaluate(list(hand), []) for hand in combinations(deck, 5)]
    counts = kev_counts(ranks)
    return time.perf_counter() - start, counts


def run_phevaluator() -> tuple[float, dict[str, int]]:
    from phevaluator import evaluate_cards

    deck = _ordered(lambda c: "23456789TJQKA".index(c.rank) * 4 + "cdhs".index(c.suit))
    start = time.perf_counter()
    ranks = [evaluate_cards(*hand) for hand in combinations(deck, 5)]
    counts = kev_counts(ranks)
    return time.perf_counter() - start, counts


def _version(name: str) -> str:
    from importlib.metadata import version

    return version(name)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args()

    cold, warm, ours, wild = run_cardlab(args.repeat)
    warm_median = statistics.median(warm)
    print(
        f"cardlab: first call {cold:.3f} s, warm median {warm_median:.3f} s, "
        f"wild table {wild:.3f} s"
    )
    t_treys, c_treys = run_treys()
    print(f"treys {_version('treys')}: {t_treys:.2f} s")
    t_ph, c_ph = run_phevaluator()
    print(f"phevaluator {_version('phevaluator')}: {t_ph:.2f} s")

    identical = ours == c_treys == c_ph
    fastest_name, fastest = min(("treys", t_treys), ("phevaluator", t_ph), key=lambda x: x[1])
    ratio_cold, ratio_warm = fastest / cold, fastest / warm_median
    print(f"counts identical: {identical}")
    print(
        f"fastest other: {fastest_name}; ratio {ratio_cold:.1f}x first call, {ratio_warm:.1f}x warm"
    )

    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    rows = "\n".join(
        f"| {TRIAD_NAMES[c]} | {ours[c]:,} | {c_treys[c]:,} | {c_ph[c]:,} |"
        for c in reversed(CATEGORIES[:10])
    )
    text = f"""## Poker evaluator

Written by `python benchmarks/poker_eval.py` on {now}.

All 2,598,960 five-card hands of 52 cards classified into categories.
cardlab: whole-deck numpy enumeration (`tables.category_table`, lookup tables by rank pattern).
treys {_version("treys")} and phevaluator {_version("phevaluator")}: one Python call per hand
over `itertools.combinations` of the same 52 cards.
Every time includes enumerating the hands and counting the categories; none includes imports.
"first call" is cardlab's first table in a fresh process, building its lookup tables on the way
(treys' `Evaluator()` setup, {TREYS_SETUP:.3f} s, and phevaluator's tables loaded at import are
left out of theirs); "warm" is the median of {args.repeat} further runs.

| evaluator | time (s) |
|---|---|
| cardlab, first call | {cold:.3f} |
| cardlab, warm | {warm_median:.3f} |
| treys, one call per hand | {t_treys:.2f} |
| phevaluator, one call per hand | {t_ph:.2f} |

- **cardlab is {ratio_cold:.1f}x faster than the fastest other ({fastest_name}) on the
  first call, {ratio_warm:.1f}x warm** (goal: at least 5x)
- counts identical across the three: **{"yes" if identical else "NO"}**
- the jokers-wild table (all 3,162,510 hands of 54 cards, best substitution): {wild:.3f} s

| category | cardlab | treys | phevaluator |
|---|---|---|---|
{rows}
"""
    if not args.no_write:
        write_sections(text)
        print("wrote the '## Poker evaluator' section of benchmarks/RESULTS.md")
    return 0 if identical else 1


if __name__ == "__main__":
    raise SystemExit(main())
