"""Pyramid: the exact best-hand table by card kinds, timed, and cross-checked by brute force.

    python benchmarks/pyramid_odds.py [--sample 200000] [--seed 1] [--full] [--jobs 2] [--write]

1. The exact table (`odds.exact_table`) from the 4,128 kind multisets, timed cold (every cache
   cleared) and warm (read from the stored figures, `cardlab.core.stored`).
2. Every one of the C(55, 6) = 28,989,675 deals enumerated with numpy, grouped by kind multiset,
   and `evaluate` called on one real deal of each group.
3. A seeded random sample of deals, each evaluated from scratch (no cache), against the table.
4. ``--full``: every deal, one at a time, evaluated from scratch (`hands._best_plan` uncached)
   in ``--jobs`` processes; a few minutes.
5. The exchange advisor (`odds.best_exchanges`) timed on a few hands.

``--write`` replaces the "## Pyramid" section of benchmarks/RESULTS.md (others are kept).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from itertools import combinations

import numpy as np

from cardlab.games.pyramid import hands, odds
from cardlab.games.pyramid.hands import CLASSES, HandClass

DECK_CARDS = hands.DECK.cards()
KIND_OF = np.array([hands.KIND_INDEX[c] for c in DECK_CARDS], dtype=np.int64)


def clear_caches() -> None:
    for fn in (hands._best_plan, hands.value_of_counts, odds._key_order):
        fn.cache_clear()
    odds._kind_multisets.cache_clear()


def time_table(repeat: int = 5) -> tuple[float, float]:
    """(cold seconds, best warm seconds) for the exact table."""
    cold = []
    for _ in range(repeat):
        clear_caches()
        start = time.perf_counter()
        odds.exact_table.compute()  # the enumeration (a call reads the stored table)
        cold.append(time.perf_counter() - start)
    warm = []
    for _ in range(repeat):
        start = time.perf_counter()
        odds.exact_table()
        warm.append(time.perf_counter() - start)
    return min(cold), min(warm)


def all_deal_codes() -> np.ndarray:
    """The kind multiset of every deal as a base-8 code (``sum 8**kind``), one per deal."""
    n = len(DECK_CARDS)
    rest = np.array(list(combinations(range(n - 1), 5)), dtype=np.int64)  # C(54, 5)
    weights = 8**KIND_OF
    parts = []
    for first in range(n - 5):
        tail = rest[rest[:, -1] < n - 1 - first] + first + 1  # 5 cards after ``first``
        parts.append(weights[first] + weights[tail].sum(axis=1))
    return np.concatenate(parts)


def counts_of_code(code: int) -> tuple[int, ...]:
    return tuple((code >> (3 * k)) & 7 for k in range(10))


def vectorised_check() -> tuple[Counter[HandClass], int, int, float]:
    """Every deal enumerated; (deals per class, deals, distinct multisets, seconds)."""
    start = time.perf_counter()
    codes = all_deal_codes()
    uniq, counts = np.unique(codes, return_counts=True)
    hands._best_plan.cache_clear()
    hands.value_of_counts.cache_clear()
    per_class: Counter[HandClass] = Counter()
    for code, weight in zip(uniq.tolist(), counts.tolist(), strict=True):
        cards = hands.cards_of_counts(counts_of_code(code))
        per_class[hands.evaluate(cards).hand_class] += weight
    return per_class, len(codes), len(uniq), time.perf_counter() - start


def _key_from_scratch(cards) -> tuple[int, ...]:
    return hands._best_plan.__wrapped__(hands.kind_counts(cards))[0]


def sample_check(n: int, seed: int) -> tuple[Counter[HandClass], float]:
    rng = random.Random(seed)
    start = time.perf_counter()
    per_class: Counter[HandClass] = Counter()
    for _ in range(n):
        per_class[HandClass(*_key_from_scratch(rng.sample(DECK_CARDS, 6))[:4])] += 1
    return per_class, time.perf_counter() - start


def _full_part(first: int) -> Counter[tuple[int, ...]]:
    out: Counter[tuple[int, ...]] = Counter()
    head = DECK_CARDS[first]
    for tail in combinations(DECK_CARDS[first + 1 :], 5):
        out[_key_from_scratch((head, *tail))[:4]] += 1
    return out


def full_check(jobs: int) -> tuple[Counter[HandClass], int, float]:
    start = time.perf_counter()
    per_class: Counter[HandClass] = Counter()
    with ProcessPoolExecutor(jobs) as pool:
        for part in pool.map(_full_part, range(len(DECK_CARDS) - 5)):
            for head, n in part.items():
                per_class[HandClass(*head)] += n
    return per_class, sum(per_class.values()), time.perf_counter() - start


EXCHANGE_HANDS = ("3P 3G 2O 1G 1O K", "3P 3G 2O 1G 1O 1P", "1P 1G 1O 2P 2G 2O", "3P 3P 2P 2G 1O 3O")


def time_exchanges(hand_texts) -> list[tuple[str, int, float, odds.ExchangeOutcome, object]]:
    """Per hand: (text, choices, cold seconds, best by P(better class), best by E[rank])."""
    rows = []
    for text in hand_texts:
        clear_caches()  # cold: even the hand evaluations are recomputed
        start = time.perf_counter()
        outcomes = odds.best_exchanges(text)
        seconds = time.perf_counter() - start
        by_rank = max(outcomes, key=lambda o: (o.expected_rank, -len(o.discard)))
        rows.append((text, len(outcomes), seconds, outcomes[0], by_rank))
    return rows


def _p(x: Fraction) -> str:
    return f"{100 * float(x):.4f}%"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sample", type=int, default=200_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--full", action="store_true", help="evaluate every deal from scratch")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()

    cold, warm = time_table()
    table = odds.exact_table()
    assert table.total == odds.N_DEALS, table.total
    print(f"exact table: {table.multisets} kind multisets, cold {cold * 1000:.1f} ms", flush=True)

    vec, n_vec, n_uniq, vec_seconds = vectorised_check()
    vec_ok = all(vec[c] == table.count(c) for c in CLASSES) and n_vec == odds.N_DEALS
    print(
        f"vectorised enumeration: {n_vec:,} deals, agree={vec_ok}, {vec_seconds:.1f} s", flush=True
    )

    sample, sample_seconds = sample_check(args.sample, args.seed)
    zs = {}
    for c in CLASSES:
        p = float(table.probability(c))
        zs[c] = (sample[c] - args.sample * p) / math.sqrt(args.sample * p * (1 - p))
    chi2 = sum(z * z for z in zs.values())
    print(f"sample: {args.sample:,} deals, max |z| {max(map(abs, zs.values())):.2f}", flush=True)

    full = None
    if args.full:
        full = full_check(args.jobs)
        full_ok = all(full[0][c] == table.count(c) for c in CLASSES) and full[1] == odds.N_DEALS
        print(f"full per-deal enumeration: {full[1]:,} deals, agree={full_ok}, {full[2]:.0f} s")

    exchange_hands = [
        "3P 3G 2O 1G 1O K",
        "3P 3G 2O 1G 1O 1P",
        "1P 1G 1O 2P 2G 2O",
        "3P 3P 2P 2G 1O 3O",
    ]
    exchanges = time_exchanges(exchange_hands)

    lines = [
        "## Pyramid",
        "",
        f"Written by `python benchmarks/pyramid_odds.py{' --full' if args.full else ''} "
        f"--write` on {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}.",
        "",
        f"**Exact table** (`odds.exact_table`): {table.multisets:,} kind multisets of 6 cards, "
        f"each weighted by a product of binomials, sum = {table.total:,} = C(55,6). "
        f"Cold (every cache cleared, best of 5): **{cold * 1000:.1f} ms**; warm: "
        f"{warm * 1e6:.1f} µs (cached).",
        "",
        "| class (weakest first) | deals | probability |",
        "|---|---|---|",
        *(f"| {r.name} | {r.count:,} | {_p(r.probability)} |" for r in table.rows),
        "",
        "| type | deals | probability |",
        "|---|---|---|",
        *(f"| {t} | {n:,} | {_p(Fraction(n, odds.N_DEALS))} |" for t, n in table.by_type().items()),
        "",
        f"P(no pyramid) = {table.p_no_pyramid} ≈ {_p(table.p_no_pyramid)}; top hand (perfect "
        f"Purple full pyramid, Keystone apex) {table.top_hands:,} deals = 1 in "
        f"{odds.N_DEALS / table.top_hands:,.0f}.",
        "",
        "Counting arguments (each equals the table's count):",
        "",
        *(
            f"- {a.what}: {a.formula} = {a.value:,} "
            f"({'matches' if a.value == sum(table.count(c) for c in a.classes) else 'DIFFERS'})"
            for a in odds.counting_arguments()
        ),
        "",
        "**Cross-checks against brute force:**",
        "",
        f"- Every deal enumerated with numpy ({n_vec:,} deals, {n_uniq:,} distinct kind "
        f"multisets), `evaluate` on one real deal per multiset: "
        f"{'all 19 class counts equal the table' if vec_ok else 'MISMATCH'} ({vec_seconds:.1f} s).",
        f"- {args.sample:,} seeded random deals (seed {args.seed}), each evaluated from scratch: "
        f"max |z| over the 19 classes {max(map(abs, zs.values())):.2f}, chi² {chi2:.1f} "
        f"(18 d.f.) ({sample_seconds:.1f} s).",
    ]
    if full is not None:
        lines.append(
            f"- Every deal evaluated one at a time from scratch (no cache), {args.jobs} processes: "
            f"{full[1]:,} deals, "
            f"{'all 19 class counts equal the table' if full_ok else 'MISMATCH'} "
            f"({full[2]:.0f} s)."
        )
    else:
        lines.append("- Per-deal full enumeration not run this time (`--full`).")
    lines += [
        "",
        "**Exchange advisor** (`odds.best_exchanges`, every distinct discard of 0-4 cards, exact "
        "over every draw from the 49 unseen cards, by kinds; objective P(better class)):",
        "",
        "| hand | now | choices | ms (cold) | best by P(better class) | P(better) "
        "| best by E[key rank] | E[rank] | E[percentile] |",
        "|---|---|---|---|---|---|---|---|---|",
        *(
            f"| {text} | {hands.evaluate(text).hand_class.name} | {n} | {s * 1000:.0f} | "
            f"{best.words} | {_p(best.p_better)} | {by_rank.words} | "
            f"{float(by_rank.expected_rank):.0f} / {len(odds.all_keys()) - 1} | "
            f"{_p(by_rank.expected_percentile)} |"
            for text, n, s, best, by_rank in exchanges
        ),
        "",
        "Cold = every cache cleared first, so the time includes evaluating the hands reached. "
        "Key rank = dense rank among the 2,190 keys a hand can have (0 weakest); percentile = "
        "share of all deals the resulting hand beats, ties half.",
    ]
    text = "\n".join(lines)
    print()
    print(text)
    if args.write:
        from results import write_sections

        write_sections(text)


if __name__ == "__main__":
    main()
