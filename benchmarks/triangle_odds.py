"""Triangle: the exact first-round table and the by-round value of a claim (the lesson's figures).

    python benchmarks/triangle_odds.py [--turns 100000] [--seed 1]

The first table enumerates every first-round situation exactly (`first_round_table`); the second
simulates seeded turns (`value_by_round`) for a player who remembers the cards shown earlier in
the turn and one who does not, dealt the very same cards.
"""

from __future__ import annotations

import argparse
import time
from fractions import Fraction

from cardlab.games.triangle.odds import first_round_table, value_by_round


def _f(x: Fraction) -> str:
    return f"{x} ≈ {float(x):.3f}" if x.denominator != 1 else f"{x}"


def print_first_round() -> None:
    table = first_round_table()
    print("## First round of a turn, exact (claim time: 22 cards unseen)")
    print()
    print("| peers | P(peers) | best statement | P(true) | net | S1 free | net after seeing RtS |")
    print("|---|---|---|---|---|---|---|")
    for r in table.rows:
        b = r.best
        print(
            f"| {r.peers[0]} {r.peers[1]} | {r.probability} | {b.statement.words} | {b.p_true} "
            f"| {float(b.net):+.3f} | {'yes' if r.s1_free else ''} | {float(r.after_rts):+.3f} |"
        )
    print()
    print(f"- P(S1 is certain) = {_f(table.p_s1_certain)}")
    print(f"- P(best statement worth > 0 at claim time) = {_f(table.p_worth_claiming)}")
    print(f"- E[best net, before seeing the RtS] = {_f(table.mean_best_net)}")
    print(f"- E[best net, after seeing the RtS] = {_f(table.mean_best_net_after_rts)}")
    print(f"- E[max(best net, 0)] (claim only when worth it) = {_f(table.mean_claim_value)}")


def print_by_round(turns: int, seed: int) -> None:
    start = time.perf_counter()
    remembers = value_by_round(turns, seed, remember=True)
    forgets = value_by_round(turns, seed, remember=False)
    seconds = time.perf_counter() - start
    print()
    print(f"## Net value of the best claim by round ({turns:,} seeded turns, seed {seed})")
    print()
    print("Means ± standard error.  'true net' is the statement's expected net value given")
    print("everything shown; 'thinks' is the forgetful player's own figure; 'claim value' counts")
    print("0 when the player passes (its best statement worth <= 0 by its own figure).")
    print()
    print(
        "| round | remembers: net | remembers: claim value | forgets: thinks | forgets: true net "
        "| forgets: claim value |"
    )
    print("|---|---|---|---|---|---|")
    for m, f in zip(remembers, forgets, strict=True):
        print(
            f"| {m.number} | {m.actual.mean:+.3f} ± {m.actual.stderr:.3f} "
            f"| {m.claim.mean:+.3f} ± {m.claim.stderr:.3f} "
            f"| {f.believed.mean:+.3f} ± {f.believed.stderr:.3f} "
            f"| {f.actual.mean:+.3f} ± {f.actual.stderr:.3f} "
            f"| {f.claim.mean:+.3f} ± {f.claim.stderr:.3f} |"
        )
    print()
    print(f"({seconds:.1f} s for both simulations)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print_first_round()
    print_by_round(args.turns, args.seed)


if __name__ == "__main__":
    main()
