"""Dou Dizhu's practice positions: the bids and plays the lesson teaches, each where the AI's
move is clearly the best of a few worth weighing (see `tools/curate_practice.py`).

Each seed's deal at the lesson's table is played by the Hint; at each of the learner's decisions
the AI's reason says which teaching point it is (`kind_of`: go out, pass a weak hand, lead the
weakest group, let the partner's trick stand, block an opponent about to go out, bomb to win,
...).  A decision of a kind still wanted is valued by the practice's reviewer
(`cardlab.apps.doudizhu.practice`) over a pool of plausible moves (`pool`: the AI's, passing, the
lowest and highest plays, a long chain, a bomb...); it is kept when the AI's move is the best of
the pool and at least two others are clearly worse (by more than both margins: the practice
test's own rule).  Those are the moves offered.  ``find`` prints each position's line for
``POSITIONS``: the moves offered, the answer and the level.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from cardlab.apps.doudizhu.practice import practice_reviewer
from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.core.i18n import using_language
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import GAME
from cardlab.games.doudizhu.combos import PASS, RANKS, Combo, counts_of, legal_plays
from cardlab.games.doudizhu.plan import plan

BOMBS = ("bomb", "rocket")
CHAINS = ("straight", "pair_run", "airplane", "airplane_solo", "airplane_pair")
WANTED = {
    "go-out": 2, "pass-weak": 2, "lead-low": 2, "bid-strong": 2,
    "partner-pass": 2, "block-high": 2, "block-lead": 2, "feed-partner": 2, "sure-trick": 1,
    "lead-chain": 2, "follow-plan": 2, "keep-plan": 2, "bomb": 2, "keep-lead": 1,
}  # fmt: skip
"""How many positions of each kind.  Keeping the bomb while an opponent is far from going out
(the AI's "only a bomb beats it, and it keeps the bomb") is never clearly best in 2,000 deals:
bombing doubles the stake of a deal the bomber often wins anyway, so the practice has none."""
ORDER = list(WANTED)
"""Easy to hard: going out, the auction and leading low first; the partner, the opponent about
to go out and the sure trick; then the plan's subtler choices and the bomb."""
LEVEL = {kind: 1 if i < 4 else 2 if i < 9 else 3 for i, kind in enumerate(ORDER)}
HINTS = {
    "go-out": "OUT", "pass-weak": "BID", "bid-strong": "BID", "lead-low": "LOW",
    "partner-pass": "PARTNER", "block-high": "SHORT", "block-lead": "SHORT", "keep-lead": "LEAD",
    "feed-partner": "FEED", "sure-trick": "SURE", "lead-chain": "CHAIN", "follow-plan": "PLAN",
    "keep-plan": "PLAN", "bomb": "BOMB",
}  # fmt: skip
"""Each kind's hint in `cardlab.apps.doudizhu.practice` (the printed lines name it)."""
SEEDS = range(1, 2000)
BUDGET = 540.0
"""Seconds of search at most (the brief: under ten minutes of CPU)."""
REASONS = (
    ("its last cards, to win the deal", "go-out"),
    ("too weak to be the landlord", "pass-weak"),
    ("is winning this trick", "partner-pass"),
    ("Bombs with", "bomb"),
    ("as high as it can:", "block-high"),
    ("not a single", "block-lead"),
    ("its highest, because", "block-lead"),
    ("can go out.", "feed-partner"),
    ("none of the unseen cards can beat it", "sure-trick"),
    ("a play its plan needs to make anyway", "follow-plan"),
    ("to keep the lead:", "keep-lead"),
    ("would break up its plan", "keep-plan"),
)


def kind_of(state, reason: str, action: str) -> str | None:
    """The teaching point of the AI's move ``action``, read from its ``reason`` (English)."""
    if state.phase == "bid":
        if action == "bid 3":
            return "bid-strong"
        return "pass-weak" if "too weak" in reason else None
    for said, kind in REASONS:
        if said in reason:
            return kind
    if "its weakest" in reason:
        return "lead-chain" if action.split(" as ")[-1] in CHAINS else "lead-low"
    return None


def pool(state, ai: str) -> list[str]:
    """The moves worth weighing at ``state``: the AI's first, then passing (when following), the
    lowest and highest plays of the kinds a learner reaches for, a long chain, the plan's other
    groups and the smallest bomb (each legal, each once)."""
    legal = GAME.legal_actions(state)
    if state.phase == "bid":
        return [ai, *(a for a in legal if a != ai)]
    hand = state.hands[0]
    combos = [c for c in legal_plays(hand, state.table, state.ruleset) if isinstance(c, Combo)]
    normal = [c for c in combos if c.kind not in BOMBS]
    bombs = sorted((c for c in combos if c.kind in BOMBS), key=lambda c: (c.kind, c.main))
    picks = [ai]
    if state.table is not None:
        picks.append(PASS)
        if normal:
            picks.append(min(normal, key=lambda c: c.main).action)
            picks.append(max(normal, key=lambda c: c.main).action)
    else:
        for kind in ("solo", "pair"):
            some = [c for c in normal if c.kind == kind]
            if some:
                picks.append(min(some, key=lambda c: c.main).action)
                picks.append(max(some, key=lambda c: c.main).action)
        chains = [c for c in normal if c.kind in CHAINS]
        if chains:
            picks.append(max(chains, key=lambda c: (c.size, -c.main)).action)
        picks.extend(g.action for g in plan(counts_of(hand)) if g.kind not in BOMBS)
    picks.extend(c.action for c in bombs[:1])
    found: list[str] = []
    for move in picks:
        if move in legal and move not in found:
            found.append(move)
    return found[:9]


def offered(table: DouDizhuTable, ai: str) -> tuple[tuple[str, ...], float] | None:
    """The moves to offer (the AI's and the clearly worse ones of the pool, in a neutral order)
    and the smallest clear gap, or None when the AI's move is not clearly the best."""
    reviewer = practice_reviewer()
    view = table.observation
    legal = GAME.legal_actions(table.state)
    moves = pool(table.state, ai)
    if len(moves) < 3:
        return None
    values = reviewer.values(view, legal, moves)
    best = values[0]
    if any(v.value > best.value for v in values[1:]):
        return None
    worse = [
        (m, best.value - v.value - v.margin - best.margin)
        for m, v in zip(moves[1:], values[1:], strict=True)
        if best.value - v.value > v.margin + best.margin
    ]
    if len(worse) < 2:
        return None
    if table.state.phase == "bid" and len(worse) != len(moves) - 1:
        return None  # a bid offers every bid
    chosen = [ai, *(m for m, _ in worse[:5])]
    gap = min(g for m, g in worse if m in chosen)
    decision = reviewer.ai(view, chosen)
    whole = reviewer.ai(view, legal)
    if decision.action != ai or decision.told.text(0) != whole.told.text(0):
        return None  # the AI over the moves offered must say what it says over all of them
    if table.state.phase == "bid":
        return (), gap
    return tuple(sorted(chosen, key=_neutral)), gap


def _neutral(move: str) -> tuple[int, int, int]:
    """Pass first, then the plays from the fewest cards, lowest first."""
    if move == PASS:
        return (0, 0, 0)
    cards = move.removeprefix("play ").split(" as ")[0].split()
    return (1, len(cards), max(RANKS.index(c) for c in cards))


def decisions(seed: int) -> Sequence[DouDizhuTable]:
    """The learner's decisions (more than one legal move) in the seed's deal, played by the
    Hint."""
    table = DouDizhuTable.start(seed=seed)
    found = []
    for _ in range(80):
        if table.over:
            break
        if table.my_turn and len(GAME.legal_actions(table.state)) > 1:
            found.append(table)
        tip = table.suggest()
        if tip.key == "new-deal":
            break
        table = table.select(tip.selected).act(tip.key, tip.value)
    return found


def find() -> list[tuple[str, Replay]]:
    start = time.process_time()
    found: list[tuple[str, Replay, tuple[str, ...], str, float]] = []
    count: Counter[str] = Counter()
    seen: set[tuple[int, str]] = set()  # a deal gives one position of a kind at most
    reviewer = practice_reviewer()
    for seed in SEEDS:
        if all(count[k] >= n for k, n in WANTED.items()):
            break
        if time.process_time() - start > BUDGET:
            break
        for table in decisions(seed):
            view = table.observation
            decision = reviewer.ai(view, GAME.legal_actions(table.state))
            action = str(decision.action)
            with using_language("en"):
                reason = decision.told.text(0)
            kind = kind_of(table.state, reason, action)
            if kind is None or count[kind] >= WANTED[kind] or (seed, kind) in seen:
                continue
            chosen = offered(table, action)
            if chosen is None:
                continue
            count[kind] += 1
            seen.add((seed, kind))
            found.append((kind, table.replay, chosen[0], action, chosen[1]))
            print(f"seed {seed}: {kind} gap {chosen[1]:.2f}", flush=True)
    ordered = sorted(found, key=lambda item: ORDER.index(item[0]))
    out = []
    for n, (kind, replay, moves, answer, gap) in enumerate(ordered, 1):
        name = f"{n:02d}-{kind}"
        out.append((name, replay))
        line = f"Position({name!r}, {LEVEL[kind]}, ({answer!r},), {HINTS[kind]}, {moves!r}),"
        print(f"    {line}  # gap {gap:.2f}")
    print(f"search: {time.process_time() - start:.0f} s of CPU; {dict(count)}")
    return out
