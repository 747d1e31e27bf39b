"""Triangle's practice positions: the statement worth most and whether to claim the Right to
Speak, for each point the lesson teaches (see `tools/curate_practice.py`).

Each seed's game at the lesson's table (two reasoning bots) is played by the Hint until seat 0
faces a decision of a wanted kind whose best move, by the review's exact values
(`cardlab.apps.triangle.practice`), is unique, is the AI's, and beats the next move by the
kind's gap; the first ones of each kind are taken, one a game.

The kinds, easy to hard: the certain point of "My peers are even/odd", a claim that gets it,
"I am higher than my peers" (level 1); the parity, a claim and a pass by a clear margin, "I am
equal to one of my peers" (level 2); "I am a ...", a parity or "higher" that the cards shown
earlier this turn decide, a claim and a pass worth little either way (level 3).
"""

from __future__ import annotations

from collections import Counter

from cardlab.apps.triangle.practice import TrianglePractice, _earlier
from cardlab.apps.triangle.table import TriangleTable
from cardlab.core.replay import Replay
from cardlab.games.triangle import GAME
from cardlab.games.triangle.odds import best_statement, peers

WANTED = {
    "certain": 2, "claim-free": 2, "higher": 2,
    "parity": 2, "claim": 2, "pass": 2, "equal": 2,
    "value": 2, "memory": 3, "claim-close": 1, "pass-close": 1,
}  # fmt: skip
ORDER = list(WANTED)
"""Easy to hard, as the practice lists them."""
EASY = 0.5
"""Level 1: the answer beats every other move by at least this (points of score difference)."""
CLEAR = 0.25
"""Level 2: a statement beats every other by at least this."""
CLAIM_CLEAR = 0.2
"""Level 2: a claim is worth at least this; a close one (level 3) less than a quarter of it."""
PASS_CLEAR = 0.1
"""Level 2: a claim is worth at most minus this; a close pass (level 3) more than minus a
quarter of it.  Peeking at the Right to Speak lifts every claim: none is worth less than about
-0.15 against the table's bots."""
SEEDS = 600
VARIED = ("certain", "claim-free", "parity", "value")
"""The kinds whose two positions differ in `_variety`: one even and one odd, two values."""


def find() -> list[tuple[str, Replay]]:
    found: list[tuple[str, Replay]] = []
    count: Counter[str] = Counter()
    taken: set[tuple[str, str] | None] = set()  # None (a kind not varied) is never taken
    for seed in range(1, SEEDS):
        if all(count[k] >= n for k, n in WANTED.items()):
            break
        table = TriangleTable.start(seed=seed)
        for _ in range(400):
            if table.over:
                break
            kind = _decision(table) if table.my_turn else None
            varied = (kind, _variety(table)) if kind in VARIED else None
            if kind and count[kind] < WANTED[kind] and varied not in taken:
                count[kind] += 1
                if varied:
                    taken.add(varied)
                found.append((kind, table.replay))
                break
            tip = table.suggest()
            table = table.select(tip.selected).act(tip.key, tip.value)
    missing = {k: n - count[k] for k, n in WANTED.items() if count[k] < n}
    if missing:
        raise SystemExit(f"triangle: not enough positions found: {missing}")
    ordered = sorted(found, key=lambda item: ORDER.index(item[0]))
    return [(f"{n:02d}-{kind}", replay) for n, (kind, replay) in enumerate(ordered, 1)]


def _variety(table: TriangleTable) -> str:
    """What two positions of a `VARIED` kind differ in: the peers' parities at a claim (one
    free point even, one odd), the answer of a statement (the two parities, two values)."""
    view = table.observation
    if view.phase == "claim":
        return " ".join(str(v % 2) for v in peers(view))
    return best_statement(view).statement.code


def _decision(table: TriangleTable) -> str | None:
    """The kind of decision seat 0 faces now, when it makes a clear exercise."""
    view = table.observation
    reviewer = PRACTICE.reviewer()
    legal = tuple(GAME.legal_actions(table.state))
    values = reviewer.values(view, legal, legal)
    ranked = sorted(zip(values, legal, strict=True), key=lambda p: -p[0].value)
    (best, move), (second, _) = ranked[0], ranked[1]
    gap = best.value - second.value
    if gap <= 1e-6 or reviewer.ai(view, legal).action != move:
        return None
    if view.phase == "claim":
        a, b = peers(view)
        if move == "claim" and a % 2 == b % 2:
            return "claim-free" if gap >= EASY else None
        kind, clear = ("claim", CLAIM_CLEAR) if move == "claim" else ("pass", PASS_CLEAR)
        if gap >= clear:
            return kind
        return f"{kind}-close" if gap < clear / 4 else None
    said = best_statement(view).statement
    if said.kind in ("S4", "S5"):  # never best on the cards in view alone: memory decides them
        return "equal" if said.kind == "S4" else "value"
    if _earlier(view) and best_statement(view, remember=False).statement != said:
        return "memory"
    kind = {"S1": "certain", "S2": "parity", "S3": "higher"}[said.kind]
    need = EASY if kind in ("certain", "higher") else CLEAR
    return kind if gap >= need else None


PRACTICE = TrianglePractice()
"""The practice whose reviewer grades the positions (`cardlab.apps.triangle.practice`)."""
