"""A long class at one Dou Dizhu table, at the model: its memory stops growing, and the score
sheet still adds up every deal.

The table keeps the score sheet across deals (New deal); it used to keep a row per deal for
ever.  Net growth is measured with tracemalloc between deal 100 and deal 300, every cardlab
cache emptied before each reading (caches are bounded and measured in tests/core/test_caches.py),
so what is left is what the table itself holds.  The AI seats play at random and the learner
plays the first legal move, so 300 deals take seconds; the rows kept do not depend on how well
anyone plays."""

from __future__ import annotations

import functools
import gc
import sys
import tracemalloc

from cardlab.apps.doudizhu.table import SHEET_KEPT, DouDizhuTable, pattern_indices
from cardlab.core.bots import RandomBot
from cardlab.core.caches import LRUDict
from cardlab.games.doudizhu import GAME

GROWTH_BOUND = 64 * 1024
"""Bytes the table may gain over 200 deals (a row per deal was about 150 KB)."""


def empty_caches() -> None:
    for name, module in list(sys.modules.items()):
        if module is None or not name.startswith("cardlab"):
            continue
        for value in list(vars(module).values()):
            if isinstance(value, functools._lru_cache_wrapper | LRUDict):
                value.cache_clear() if hasattr(value, "cache_clear") else value.clear()
    gc.collect()


def play_deal(model: DouDizhuTable) -> DouDizhuTable:
    """The learner passes where it may and leads the first legal play; then New deal."""
    for _ in range(200):
        if model.over:
            return model.act("new-deal")
        state = model.state
        if state.phase == "bid":
            model = model.act("bid-pass" if state.bid else "bid-1")
        elif state.table is not None:
            model = model.act("pass")
        else:
            action = next(a for a in GAME.legal_actions(state) if a != "pass")
            model = model.select(pattern_indices(state.hands[0], action)).act("play")
    raise AssertionError("the deal did not end")


def test_three_hundred_deals_keep_a_bounded_sheet_that_adds_up_every_deal():
    model = DouDizhuTable.start(bots={1: RandomBot("dd:1"), 2: RandomBot("dd:2")})
    totals = [0, 0, 0]
    tracemalloc.start()
    try:
        for deal in range(1, 301):
            model = play_deal(model)
            if deal == 100:
                empty_caches()
                start = tracemalloc.get_traced_memory()[0]
            assert len(model.scores) <= SHEET_KEPT, deal
        finished = model.scores
        empty_caches()
        grown = tracemalloc.get_traced_memory()[0] - start
    finally:
        tracemalloc.stop()
    assert grown < GROWTH_BOUND, f"the table grew by {grown / 1024:.0f} KiB over 200 deals"
    assert finished[0].label == "Deals 1-251, added up"
    assert finished[-1].label.startswith("Deal 300 (seed ")
    for row in finished:
        for i, score in enumerate(row.scores):
            totals[i] += score
    assert sum(totals) == 0  # zero-sum over all 300 deals, the folded ones included
