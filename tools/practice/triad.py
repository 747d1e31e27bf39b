"""Triad's practice positions: the learner's exchange with each kind of hand, and bets where
the pot odds decide (see `tools/curate_practice.py`).

Each seed's game at the lesson's table (two AI) is played by the Hint until the learner's
exchange, or a bet it faces after the exchange; a position is kept when its best move is clear
(its value above every other move's by ``CLEAR`` percentage points, or for a bet by more than
both moves' margins), and the first ones of each kind are taken.
"""

from __future__ import annotations

from collections import Counter

from cardlab.apps.triad.table import TriadTable
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.ranking import evaluate

CLEAR = 0.3
"""How far (percentage points) the best exchange must beat the next one.  Three Up never
makes it (every way to draw to it is within 0.2 points): the practice has none."""
WANTED = {
    "made": 2, "two-pair": 2, "pair": 4, "high-cards": 2, "four-colors": 2, "four-run": 2,
    "call": 3, "fold": 3,
}  # fmt: skip


def kind_of_hand(cards) -> str:
    value = evaluate(cards)
    if value.category in ("run", "colors", "full_up", "four_up", "half_colors", "full_colors"):
        return "made"
    if value.category == "two_pair":
        return "two-pair"
    if value.category == "three_up":
        return "three-up"
    if Counter(c.suit for c in cards).most_common(1)[0][1] == 4:
        return "four-colors"
    values = sorted({"23456789TJQKA".index(c.rank) for c in cards})
    if any(values[i + 3] - values[i] == 3 for i in range(len(values) - 3)):
        return "four-run"
    return "pair" if value.category == "one_pair" else "high-cards"


def find() -> list[tuple[str, Replay]]:
    found: list[tuple[str, Replay]] = []
    count: Counter[str] = Counter()
    for seed in range(1, 4000):
        if all(count[k] >= n for k, n in WANTED.items()):
            break
        table = TriadTable.start(seed=seed, opponents=2)
        for _ in range(40):
            if table.hand_over is not None:
                break
            kind = _decision(table)
            if kind and count[kind] < WANTED.get(kind, 0):
                count[kind] += 1
                found.append((kind, table.replay))
                break
            tip = table.suggest()
            table = table.select(tip.selected).act(tip.key, tip.value)
    ordered = sorted(found, key=lambda item: ORDER.index(item[0]))
    return [(f"{n:02d}-{kind}", replay) for n, (kind, replay) in enumerate(ordered, 1)]


ORDER = ["made", "two-pair", "pair", "high-cards", "call", "fold", "four-colors", "four-run"]
"""Easy to hard: a made hand and a pair first, the pot odds, then the draws."""


def _decision(table: TriadTable) -> str | None:
    """The kind of decision the learner faces now, when it makes a clear exercise."""
    if not table.my_turn:
        return None
    view = table.observation
    reviewer = table.reviewer()
    legal = tuple(table.game.legal_actions(table.state))
    if view.phase == "draw":
        values = sorted(
            (v for _, v, _ in table.game.discard_values(view, table.hand())), reverse=True
        )
        if values[0] - values[1] < CLEAR:
            return None
        return kind_of_hand(table.hand())
    if view.phase != "bet2" or "call" not in legal or "fold" not in legal:
        return None
    found = reviewer.values(view, legal, legal)
    by_value = sorted(zip(found, legal, strict=True), key=lambda p: -p[0].value)
    (best, move), (second, _) = by_value[0], by_value[1]
    if best.value - second.value <= best.margin + second.margin or move not in ("call", "fold"):
        return None
    return move if PRACTICE_AI.choose(view, legal).action == move else None


PRACTICE_AI = PokerBot(seed="hint/practice", bluff=0)
"""The practice's AI (`cardlab.apps.triad.practice`): its reason must explain the answer."""
