"""Three Thirteen's practice positions: draws and discards of every kind the lesson teaches, in
rounds of every hand size (see `tools/curate_practice.py`).

Each seed's game at the lesson's table (one AI, all 11 rounds) is played by the Hint; at every
decision of the learner the table's review (`cardlab.games.three_thirteen.review`: exact
deadwood) values every legal move.  A decision is kept when the AI plays one of the best moves
(its reason is the reasoning shown) and it is of a wanted kind (`kind_of`), which also asks for a
gap between the best move and the next one fitting the kind's level.  The first ones of each
kind are taken, no two of a kind in the same band of rounds (3-6 cards, 7-10, 11-13) while
another band is still open, so each kind is met with small hands and big ones.

Going out by a discard makes no position: the review values keeping a fully melded hand (it goes
out next turn whatever comes) as it values going out, 0, so "discard" would be graded as right
as "go out".  Going out is practised at the draw: take the discard that lets you go out.
"""

from __future__ import annotations

import time
from collections import Counter

from cardlab.apps.three_thirteen.practice import completing, partial
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.core.replay import Replay
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.game import best_arrangement
from cardlab.games.three_thirteen.melds import penalty_value
from cardlab.games.three_thirteen.odds import keep_value
from cardlab.games.three_thirteen.rules import DECK

WANTED = {
    "go-out": 3, "take-meld": 2, "take-wild": 2, "take-stock": 2, "throw-high": 3,
    "keep-wild": 2, "keep-the-pair": 1, "keep-the-run": 1, "last-draw": 1, "last-turn": 3,
    "keep-the-draw": 3, "close-discard": 2, "close-stock": 1,
}  # fmt: skip
ORDER = list(WANTED)
"""Easy to hard: the draw that goes out or melds, the card that counts most; the wild card, the
partial melds and the last turn; then where the fewest points now are not the best, and draws
decided by less than a point."""
BIG = 3.0
"""A first-lesson position's best move beats every other by at least this many points."""
MEDIUM = 1.0
"""A medium position's best move beats every other by at least this many points."""
RIVAL = 0.3
"""Breaking a pair or two to a run, for the same points now: the worse one costs at least this
much on average."""
CLOSE = 1.0
"""A hard draw's two choices differ by less than this (and are not equal)."""
BANDS = ((1, 4), (5, 8), (9, 11))
"""Rounds 1-4 (3-6 cards), 5-8 (7-10 cards), 9-11 (11-13 cards)."""
SEEDS = 200
BUDGET = 540.0
"""Seconds of search at most (the brief: under ~10 minutes)."""


def _band(round_no: int) -> int:
    return next(i for i, (lo, hi) in enumerate(BANDS) if lo <= round_no <= hi)


def find() -> list[tuple[str, Replay]]:
    found: list[tuple[str, int, Replay]] = []
    count: Counter[str] = Counter()
    bands: dict[str, set[int]] = {kind: set() for kind in WANTED}
    start = time.process_time()
    searched = 0
    for seed in range(1, SEEDS):
        if all(count[k] >= n for k, n in WANTED.items()):
            break
        if time.process_time() - start > BUDGET:
            break
        searched = seed
        table = ThreeThirteenTable.start(seed=seed, opponents=1)
        while table.stage != "over":
            if table.stage == "between":
                table = table.act("next-round")
                continue
            kind = kind_of(table)
            band = _band(table.observation.round)
            if kind and count[kind] < WANTED[kind]:
                open_bands = {b for b in range(len(BANDS)) if b not in bands[kind]}
                if band in open_bands or not open_bands:
                    count[kind] += 1
                    bands[kind].add(band)
                    found.append((kind, table.observation.round, table.replay))
            tip = table.suggest()
            table = table.select(tip.selected).act(tip.key, tip.value)
    print(f"seeds 1-{searched}: {time.process_time() - start:.0f} s of CPU; found {dict(count)}")
    ordered = sorted(found, key=lambda item: (ORDER.index(item[0]), item[1]))
    return [(f"{n:02d}-{kind}", replay) for n, (kind, _, replay) in enumerate(ordered, 1)]


def _card(action: str):
    return DECK.parse_card(action.split()[-1])


def kind_of(table: ThreeThirteenTable) -> str | None:
    """The kind of decision the learner faces now, when it makes a clear exercise."""
    if not table.my_turn or table.stage not in ("draw", "discard"):
        return None
    view = table.observation
    legal = tuple(table.game.legal_actions(table.state))
    reviewer = table.reviewer()
    values = reviewer.values(view, legal, legal)
    deadwood = {m: -v.value for m, v in zip(legal, values, strict=True)}
    best = min(deadwood.values())
    answers = [m for m in legal if deadwood[m] <= best + 1e-9]
    others = [d for m, d in deadwood.items() if m not in answers]
    if not others or reviewer.ai(view, legal).action not in answers:
        return None
    gap = min(others) - best
    last = view.went_out is not None
    if view.phase == "draw":
        return _draw_kind(view, deadwood, answers[0], gap, last)
    if any(m.startswith("go out ") for m in legal):
        return None  # going out is graded no better than keeping the melded hand: no position
    if any(_card(a).rank == view.wild for a in answers):
        return None
    if last:
        return "last-turn" if gap >= MEDIUM else None
    hand, wild = view.hand, view.wild
    now = {
        m: best_arrangement(remove_one(hand, _card(m)), wild).penalty
        for m in legal
        if m.startswith("discard ")
    }
    if not any(now[a] == min(now.values()) for a in answers):
        return "keep-the-draw" if gap >= 0.1 else None
    thrown = _card(answers[0])
    if gap >= MEDIUM and any(
        c.rank == wild and penalty_value(c) >= penalty_value(thrown) for c in hand
    ):
        return "keep-wild"
    held = best_arrangement(hand, wild)
    if not held.deadwood:
        return None
    if gap >= BIG and penalty_value(thrown) == max(penalty_value(c) for c in held.deadwood):
        return "throw-high"
    # the same points now, one breaking up a pair and the other two to a run, and the one the
    # answer keeps completed by no fewer of the unseen cards than the one it breaks up
    mine = partial(view, held, thrown)
    for rival in (m for m in now if m not in answers and now[m] == now[answers[0]]):
        theirs = partial(view, held, _card(rival))
        if (
            mine is not None
            and theirs is not None
            and {mine[0], theirs[0]} == {"set", "run"}
            and {_partial(held.deadwood, c, wild) for c in (thrown, _card(rival))} == {"set", "run"}
            and deadwood[rival] - best >= RIVAL
            and completing(view, theirs[1]) >= completing(view, mine[1])
        ):
            return "keep-the-pair" if theirs[0] == "set" else "keep-the-run"
    return None


def _draw_kind(view, deadwood, answer: str, gap: float, last: bool) -> str | None:
    if gap <= 0:
        return None
    top, wild = view.top, view.wild
    if last:
        return "last-draw" if gap >= MEDIUM else None
    now = best_arrangement(view.hand, wild).penalty
    if answer == "take discard":
        if deadwood[answer] == 0:
            return "go-out"
        if gap >= BIG and _melds(view, top):
            return "take-wild" if top.rank == wild else "take-meld"
        return "close-discard" if gap < CLOSE else None
    if gap >= BIG and deadwood["take discard"] >= now:
        return "take-stock"
    if gap < CLOSE and deadwood["take discard"] < now:
        return "close-stock"
    return None


def _melds(view, top) -> bool:
    """The top discard, taken, goes into a meld of the hand kept after the best discard."""
    plus = (*view.hand, top)
    drop = keep_value(plus, view.wild)[1]
    kept = best_arrangement(remove_one(plus, drop), view.wild)
    return any(top in meld.cards for meld in kept.melds)


def _partial(dead, card, wild: str) -> str | None:
    """``set`` when ``card`` pairs with another unmelded card, ``run`` when it is two to a run
    with one (same suit, at most two ranks apart), else None (alone, or both)."""
    rank = "A23456789TJQK".index
    others = list(dead)
    if card in others:
        others.remove(card)
    pair = any(c.rank == card.rank for c in others if c.rank != wild)
    run = any(
        c.suit == card.suit and 0 < abs(rank(c.rank) - rank(card.rank)) <= 2
        for c in others
        if c.rank != wild
    )
    if pair == run:
        return None
    return "set" if pair else "run"
