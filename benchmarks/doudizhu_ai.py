"""Dou Dizhu: how often the planning AI wins as the landlord and as the farmers.

    python benchmarks/doudizhu_ai.py [--deals 2000] [--jobs 2] [--write]

Each seeded deal ``d`` (``d`` = 0 ... deals-1) is played several ways against each baseline
(`RandomBot`: uniformly random legal actions; `GreedyBot`: always its smallest combination):

* **roles fixed**: seat ``d % 3`` is made the landlord (it bids 3, the others pass), so the seats
  rotate and every deal is played with the same landlord hand twice: the AI as the landlord
  against two baseline farmers, and two AI farmers against a baseline landlord.  The same deal
  with the baseline in all three seats (and the AI in all three) shows what the seat is worth on
  its own: the AI's skill is the gap to those mirror rates.
* **full game**: the AI sits in seat ``d % 3`` against two baselines, everyone bids with their
  own policy (a deal nobody bids on is thrown in and dealt again), and the AI's points per deal
  are the settlement (bid x 2^(bombs + rocket) x spring) it gets.

A standard error is shown with each win rate (binomial, over the deals).
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from cardlab.core.bots import Decision, RandomBot
from cardlab.games.doudizhu import new_game
from cardlab.games.doudizhu.bots import DouDizhuBot, GreedyBot
from cardlab.games.doudizhu.combos import PASS, Combo, counts_of, legal_plays

SECTION = "## Dou Dizhu"


class Landlord:
    """Bids 3 in seat ``landlord`` and passes elsewhere, then lets ``bot`` play."""

    def __init__(self, bot: object, landlord: int) -> None:
        self.bot, self.landlord = bot, landlord

    def choose(self, view, legal):
        if view.phase == "bid":
            if view.seat == self.landlord:
                return Decision("bid 3", "Bids 3: this seat is the landlord in this benchmark.")
            return Decision("pass", "Passes: another seat is the landlord in this benchmark.")
        return self.bot.choose(view, legal)  # type: ignore[attr-defined]


RLCARD_RANKS = "3456789TJQKA2BR"
"""Our rank indices as rlcard's one-letter card ranks (B, R: the black and red jokers)."""


def rl_string(counts) -> str:
    """Rank counts as rlcard writes cards: one letter per card, low to high."""
    return "".join(RLCARD_RANKS[i] * n for i, n in enumerate(counts))


class RuleAgent:
    """rlcard's rule agent (`DouDizhuRuleAgentV1`) playing inside our engine.

    It is given the observation it reads (its hand as an rlcard card string, the trace of plays
    and passes, the legal plays as rlcard strings, the landlord's and its own seat) and its
    answer is mapped back to our legal `Combo`.  Only our plays that rlcard's action space knows
    are offered (the rulebooks agree on every shape we checked, so this drops nothing in
    practice); a lead it makes up from its own hand split that is not one of our legal plays
    is replaced by the nearest one (same kind and size, else the most cards in common), and
    ``mapped`` counts those moves out of ``moves``."""

    def __init__(self) -> None:
        from rlcard.games.doudizhu.utils import CARD_TYPE
        from rlcard.models.doudizhu_rule_models import DouDizhuRuleAgentV1

        self.agent = DouDizhuRuleAgentV1()
        self.known = CARD_TYPE[2]
        self.moves = self.mapped = self.dropped = 0

    def choose(self, view, legal):
        hand = counts_of(view.hands[view.seat])
        plays = {
            rl_string(c.counts): c
            for c in legal_plays(hand, view.table, view.ruleset)
            if isinstance(c, Combo) and c.action in legal
        }
        offered = [s for s in plays if s in self.known]
        self.dropped += len(plays) - len(offered)
        actions = offered + ([PASS] if PASS in legal else [])
        trace = [(p.seat, rl_string(p.combo.counts) if p.combo else PASS) for p in view.plays]
        obs = {
            "current_hand": rl_string(hand),
            "trace": trace,
            "actions": actions,
            "landlord": view.landlord,
            "self": view.seat,
        }
        said = self.agent.step({"raw_obs": obs})
        self.moves += 1
        if said == PASS:
            return Decision(PASS, "rlcard rule agent: pass")
        chosen = plays.get(said)
        if chosen is None:
            self.mapped += 1
            wanted = _rl_cards(said)
            chosen = max(
                plays.values(),
                key=lambda c: (
                    sum(min(a, b) for a, b in zip(c.counts, wanted, strict=True)),
                    c.size == sum(wanted),
                    -c.main,
                ),
            )
        return Decision(chosen.action, "rlcard rule agent")


def _rl_cards(text: str) -> tuple[int, ...]:
    counts = [0] * 15
    for ch in text:
        counts[RLCARD_RANKS.index(ch)] += 1
    return tuple(counts)


def baseline(kind: str, deal: int, seat: int):
    if kind == "rule":
        return RuleAgent()
    return RandomBot(f"{deal}/{seat}") if kind == "random" else GreedyBot()


FULL_GC = [0]
"""How many full (generation 2) garbage collections the interpreter has started: a move timed
across one pays for the whole heap's sweep, not for the AI's thinking."""


def _count_full_gc(phase: str, info: dict) -> None:
    if phase == "start" and info.get("generation") == 2:
        FULL_GC[0] += 1


gc.callbacks.append(_count_full_gc)


class Timed:
    """Our AI, with the time of every play-phase decision written down: (wall ms, the thread's
    CPU ms, whether a full garbage collection ran during it).  The CPU time leaves out the
    moments the machine gave the core to another process; a full collection's pause is set by
    the whole process's heap, not by the move."""

    def __init__(self, times: list[tuple[float, float, bool]]) -> None:
        self.bot, self.times = DouDizhuBot(), times

    def choose(self, view, legal):
        collections = FULL_GC[0]
        cpu, start = time.thread_time(), time.perf_counter()
        decision = self.bot.choose(view, legal)
        wall, cpu = time.perf_counter() - start, time.thread_time() - cpu
        self.times.append((1000 * wall, 1000 * cpu, FULL_GC[0] != collections))
        return decision


def settle() -> None:
    """Collect once and leave everything alive now out of later collections (``gc.freeze``),
    as a lesson's kernel does once its page has connected (`cardlab.widgets.later`): the AI
    then runs on the heap it would have at a table, and a full collection walks only what the
    games made since, not this process's imports (rlcard, numpy)."""
    gc.collect()
    gc.freeze()


def fixed(
    deal: int,
    ai_seats: set[int],
    kind: str,
    times: list[tuple[float, float, bool]] | None = None,
    tally=None,
) -> bool:
    """Play deal ``deal`` with seat ``deal % 3`` as the landlord; did the landlord win?
    ``times`` collects our AI's move times; ``tally`` [moves, mapped, dropped] the rule
    agent's moves and those mapped to our nearest legal play (see `RuleAgent`)."""
    landlord = deal % 3
    if kind == "rule":
        import numpy

        numpy.random.seed(deal)  # the rule agent plays at random when it cannot follow suit
    bots = {
        s: Landlord(
            (Timed(times) if times is not None else DouDizhuBot())
            if s in ai_seats
            else baseline(kind, deal, s),
            landlord,
        )
        for s in range(3)
    }
    state = new_game(deal).play_out(bots).state
    if tally is not None:
        for b in bots.values():
            if isinstance(b.bot, RuleAgent):
                tally[0] += b.bot.moves
                tally[1] += b.bot.mapped
                tally[2] += b.bot.dropped
    return state.winner == landlord


def play(kind: str, deals: range) -> dict[str, float]:
    """Sums over ``deals`` against the ``kind`` baseline."""
    out = dict.fromkeys(
        (
            "ai_landlord",
            "ai_farmers",
            "base_landlord",
            "self_landlord",
            "points",
            "points_sq",
            "full_win",
            "full_landlord",
            "full_landlord_win",
            "seconds_ai",
            "games_ai",
            "rule_moves",
            "rule_mapped",
            "rule_dropped",
        ),
        0.0,
    )
    times: list[tuple[float, float, bool]] = []
    tally = [0, 0, 0]
    if kind == "rule":
        RuleAgent()  # its imports (rlcard, numpy) are made before the heap is settled
    settle()
    for d in deals:
        landlord = d % 3
        farmers = {s for s in range(3) if s != landlord}
        start = time.perf_counter()
        out["ai_landlord"] += fixed(d, {landlord}, kind, times, tally)
        out["ai_farmers"] += not fixed(d, farmers, kind, times, tally)
        out["seconds_ai"] += time.perf_counter() - start
        out["games_ai"] += 2
        out["base_landlord"] += fixed(d, set(), kind, None, tally)
        out["self_landlord"] += fixed(d, {0, 1, 2}, kind)
        if kind == "rule":  # the rule agent cannot bid: roles fixed only
            continue
        seat = d % 3
        bots = {s: DouDizhuBot() if s == seat else baseline(kind, d, s) for s in range(3)}
        state = new_game(d).play_out(bots).state
        points = (
            state.result.landlord if state.landlord == seat else state.result.farmer  # type: ignore[union-attr]
        )
        out["points"] += points
        out["points_sq"] += points * points
        won = (state.winner == state.landlord) == (seat == state.landlord)
        out["full_win"] += won
        out["full_landlord"] += seat == state.landlord
        out["full_landlord_win"] += won and seat == state.landlord
    out["rule_moves"], out["rule_mapped"], out["rule_dropped"] = tally
    out["times"] = times  # type: ignore[assignment]
    return out


def run(kind: str, deals: int, jobs: int) -> dict[str, float]:
    chunks = [range(j, deals, jobs) for j in range(jobs)]
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(pool.map(play, [kind] * jobs, chunks))
    out = {key: sum(p[key] for p in parts) for key in parts[0] if key != "times"}
    moves = [t for p in parts for t in p["times"]]
    out["times"] = sorted(wall for wall, _, _ in moves)  # type: ignore[assignment]
    out["cpu_max"] = max(cpu for _, cpu, _ in moves)
    out["gc_moves"] = sum(collected for _, _, collected in moves)
    out["clean_max"] = max(wall for wall, _, collected in moves if not collected)
    return out


def percentile(sorted_times: list[float], q: float) -> float:
    return sorted_times[min(len(sorted_times) - 1, int(q * len(sorted_times)))]


def rate(wins: float, n: float) -> str:
    p = wins / n if n else 0.0
    return f"{100 * p:.1f}% ± {100 * math.sqrt(p * (1 - p) / n):.1f}" if n else "-"


def update_section(heading: str, body: str, path: Path | None = None) -> None:
    """Replace the ``### heading`` part of the "## Dou Dizhu" section of RESULTS.md (keeping its
    other parts and every other section), via `results.write_sections`."""
    from results import RESULTS, split_sections, write_sections

    path = path or RESULTS
    old = split_sections(path.read_text()).get(SECTION, SECTION + "\n") if path.exists() else ""
    parts: dict[str, str] = {}
    current = ""
    for line in (old or SECTION + "\n").splitlines(keepends=True)[1:]:
        if line.startswith("### "):
            current = line.strip()
        parts[current] = parts.get(current, "") + line
    parts[f"### {heading}"] = f"### {heading}\n\n{body.strip()}\n\n"
    text = SECTION + "\n\n" + "".join(p.strip("\n") + "\n\n" for p in parts.values() if p.strip())
    write_sections(text, path)


BASELINES = {"random": "RandomBot", "greedy": "GreedyBot", "rule": "rlcard 1.2.0 rule agent"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument(
        "--baselines", default=",".join(BASELINES), help="comma-separated: random,greedy,rule"
    )
    parser.add_argument("--write", action="store_true", help="update benchmarks/RESULTS.md")
    args = parser.parse_args()
    n = args.deals
    kinds = args.baselines.split(",")
    print(f"DouDizhuBot, {n:,} seeded deals per baseline, {args.jobs} jobs", flush=True)
    fixed_rows, full_rows, notes = [], [], []
    for kind in kinds:
        label = BASELINES[kind]
        start = time.perf_counter()
        r = run(kind, n, args.jobs)
        seconds = time.perf_counter() - start
        times = r["times"]
        fixed_rows.append(
            f"| {label} | **{rate(r['ai_landlord'], n)}** | {rate(r['base_landlord'], n)} "
            f"| **{rate(r['ai_farmers'], n)}** | {rate(n - r['base_landlord'], n)} "
            f"| {rate(r['self_landlord'], n)} | {1000 * r['seconds_ai'] / r['games_ai']:.1f} "
            f"| {percentile(times, 0.5):.2f} / {percentile(times, 0.95):.2f} / {times[-1]:.1f} "
            f"| {r['cpu_max']:.1f} | {r['clean_max']:.1f} ({int(r['gc_moves'])} of "
            f"{len(times):,} moves) |"
        )
        print(fixed_rows[-1], flush=True)
        if kind == "rule":
            notes.append(
                f"The rule agent made {int(r['rule_moves']):,} moves; "
                f"{int(r['rule_mapped']):,} of them were not one of our legal plays and were "
                f"mapped to the nearest one, and {int(r['rule_dropped']):,} of our legal plays "
                "(summed over its turns) were not in rlcard's action space and not offered."
            )
            print(notes[-1], flush=True)
            continue
        mean = r["points"] / n
        sd = math.sqrt(max(r["points_sq"] / n - mean * mean, 0.0) / n)
        lands = r["full_landlord"]
        full_rows.append(
            f"| {label} | **{mean:+.2f}** ± {sd:.2f} | {rate(r['full_win'], n)} "
            f"| {100 * lands / n:.0f}% | {rate(r['full_landlord_win'], lands)} "
            f"| {rate(r['full_win'] - r['full_landlord_win'], n - lands)} | {seconds:.0f} |"
        )
        print(full_rows[-1], flush=True)

    body = "\n".join(
        [
            f"Written by `python benchmarks/doudizhu_ai.py --deals {n} --write` on "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}; {n:,} seeded deals per "
            f"baseline, {args.jobs} processes.",
            "",
            "**Roles fixed** (seat `d % 3` is the landlord at bid 3, so seats rotate; each deal is "
            "played with the AI as landlord vs two baseline farmers, and with two AI farmers vs "
            "the baseline landlord). Mirror columns: the same deals with one policy in all "
            "three seats, i.e. what the role is worth without the AI. The rlcard rule agent "
            "(`DouDizhuRuleAgentV1`) plays inside our engine through an adapter (its "
            "observation as rlcard strings, its answer mapped back to our legal play); its "
            "random moves are seeded by the deal. ms/move: the AI's time per play decision "
            "(wall clock), median / 95th percentile / max, over both its roles; then the "
            "most CPU time one move took (the thread's own: the time the machine gave the core "
            "to another process left out), and the wall-clock max leaving out the moves during "
            "which the interpreter ran a full (generation 2) garbage collection. Each process "
            "freezes its heap before its first deal, as a lesson's kernel does once its page "
            "has connected.",
            "",
            "| baseline | AI landlord wins | baseline-mirror landlord wins | AI farmers win "
            "| baseline-mirror farmers win | AI-mirror landlord wins | AI ms/game "
            "| AI ms/move (median / p95 / max) | max CPU ms/move "
            "| max ms/move without a full GC (GC moves) |",
            "|---|---|---|---|---|---|---|---|---|---|",
            *fixed_rows,
            *(["", *notes] if notes else []),
            "",
            "**Full game** (the AI in seat `d % 3` vs two baselines, everyone bids; points are "
            "the AI's settlement per deal; the rlcard rule agent cannot bid, so it has no row):",
            "",
            "| baseline | AI points/deal | AI wins | AI is landlord | AI wins as landlord "
            "| AI wins as farmer | seconds |",
            "|---|---|---|---|---|---|---|",
            *full_rows,
        ]
    )
    print()
    print(body)
    if args.write:
        update_section("AI win rates (`benchmarks/doudizhu_ai.py`)", body)


if __name__ == "__main__":
    main()
