"""The review of a Triad or Pyramid hand (`cardlab.games.poker.review`): the exchange's exact
values recounted draw by draw, a bet's chips against a plain simulation of its own, and nothing
in it that the learner's seat had not seen."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.hand_review import shown_review
from cardlab.apps.model import LEARNER
from cardlab.apps.pyramid.table import PyramidTable
from cardlab.apps.triad.table import TriadTable
from cardlab.core.conformance import SeenSoFar
from cardlab.core.review import review, twins_agree
from cardlab.games.poker import tables
from cardlab.games.poker.draw import DrawPokerView
from cardlab.games.pyramid.game import net_improvement
from cardlab.games.pyramid.hands import evaluate as pyramid_value
from cardlab.games.pyramid.odds import best_exchanges

TABLES = {"triad": TriadTable, "pyramid": PyramidTable}


def poorly(table, stand_pat: bool = True):
    """``table`` played to the end of its hand by a learner who calls or checks everything and
    stands pat (or takes the Hint's discard): poor draws on purpose."""
    for _ in range(60):
        if table.hand_over is not None:
            return table
        tip = table.suggest()
        if tip.key in ("discard", "stand-pat"):
            table = table.act("stand-pat") if stand_pat else table.select(tip.selected).act(tip.key)
        else:
            passive = next(k for k in ("check", "call", tip.key) if table.control(k).enabled)
            table = table.act(passive)
    raise AssertionError("the hand did not end")


def decision_view(table, phase: str) -> tuple[DrawPokerView, tuple[str, ...], int]:
    """The learner's observation, legal moves and step at its first decision in ``phase``."""
    replay = table.replay
    for step in range(table.hand_start() + 1, len(replay) + 1):
        before = replay.state_at(step - 1)
        if replay.event_at(step).actor == LEARNER and before.phase == phase:
            return (
                table.game.observe(before, LEARNER),
                tuple(table.game.legal_actions(before)),
                step,
            )
    raise AssertionError(f"no decision in {phase}")


def test_a_triad_exchange_is_valued_draw_by_draw():
    """Every discard of up to two cards: the mean, over every draw from the unseen cards, of the
    final hand's strength, each hand scored on its own."""
    table = poorly(TriadTable.start(seed=5))
    view, legal, _ = decision_view(table, "draw")
    reviewer = table.reviewer()
    hand = tuple(view.hands[LEARNER])
    unseen = table.game.unseen(view)
    for k in (0, 1, 2):
        for discard in combinations(hand, k):
            kept = [c for c in hand if c not in discard]
            draws = [kept + list(new) for new in combinations(unseen, k)]
            codes = tables.evaluate_many(draws)
            expected = 100 * float(tables.strength(codes).mean())
            move = "discard " + " ".join(c.code for c in discard) if discard else "stand pat"
            (value,) = reviewer.values(view, legal, (move,))
            assert value.value == pytest.approx(expected, abs=1e-9)
            assert value.exact and value.stake == 100


def test_a_pyramid_exchange_is_valued_draw_by_draw():
    """The chance of a better pyramid less the chance of a worse hand, every draw of real cards
    counted (the game's own count works on kinds)."""
    table = poorly(PyramidTable.start(seed=3))
    view, legal, _ = decision_view(table, "draw")
    reviewer = table.reviewer()
    hand = tuple(view.hands[LEARNER])
    unseen = table.game.unseen(view)
    now = pyramid_value(hand)
    seen_discards = set()
    for k in (0, 1, 2):
        for discard in combinations(hand, k):
            codes = tuple(sorted(c.code for c in discard))
            if codes in seen_discards:
                continue
            seen_discards.add(codes)
            kept = list(hand)
            for c in discard:
                kept.remove(c)
            better = worse = total = 0
            for new in combinations(unseen, k):
                after = pyramid_value(kept + list(new))
                total += 1
                better += after.hand_class > now.hand_class
                worse += after < now
            move = "discard " + " ".join(c.code for c in discard) if discard else "stand pat"
            (value,) = reviewer.values(view, legal, (move,))
            assert value.value == pytest.approx(100 * (better - worse) / total, abs=1e-9)


def test_the_game_counts_its_exchange_as_the_advisor_does():
    """The review's measure is the advisor's own: its best discard has the top value."""
    for cls in TABLES.values():
        table = poorly(cls.start(seed=11))
        view, _, _ = decision_view(table, "draw")
        values = table.game.discard_values(view, tuple(view.hands[LEARNER]))
        advised, _ = table.game.advise(view, tuple(view.hands[LEARNER]))
        best = max(v for _, v, _ in values)
        mine = next(v for d, v, _ in values if Counter(d) == Counter(advised))
        assert mine == pytest.approx(best)
        if cls is PyramidTable:
            hand = tuple(view.hands[LEARNER])
            top = best_exchanges(hand, table.game.unseen(view), 4, net_improvement)[0]
            assert best == pytest.approx(100 * float(net_improvement(top)))


def _plain_equity(table, view, trials: int, seed: int) -> float:
    """The learner's share of the pot against random hands, one showdown at a time."""
    rng = random.Random(seed)
    evaluate = table.game.evaluator(view.options)
    mine = evaluate(tuple(view.hands[LEARNER]))[0]
    unseen = list(table.game.unseen(view))
    won = 0.0
    for _ in range(trials):
        others = rng.sample(unseen, 5 * len(view.opponents))
        keys = [evaluate(tuple(others[i : i + 5]))[0] for i in range(0, len(others), 5)]
        best = max(keys)
        if mine > best:
            won += 1
        elif mine == best:
            won += 1 / (keys.count(best) + 1)
    return won / trials


def test_a_bet_is_worth_its_share_of_the_matched_pot():
    """Each move at the learner's first bet: the share of the pot once everyone still in has
    matched it, less what it puts in, against a plain simulation (both within their margins)."""
    table = poorly(TriadTable.start(seed=5))
    view, legal, _ = decision_view(table, "bet1")
    reviewer = table.reviewer()
    values = reviewer.values(view, legal, legal)
    share = _plain_equity(table, view, 6000, seed=1)
    plain_margin = 1.96 * (share * (1 - share) / 6000) ** 0.5
    top = max(view.bets)
    for move, value in zip(legal, values, strict=True):
        if move == "fold":
            assert value.value == 0 and value.exact
            continue
        level = top if move in ("check", "call") else top + view.bet_size
        mine = level - view.bets[LEARNER]
        pot = view.pot + mine + sum(level - view.bets[s] for s in view.opponents)
        assert value.value == pytest.approx(
            share * pot - mine, abs=value.margin + plain_margin * pot
        )
        assert not value.exact and value.stake == pot


def test_a_poor_triad_hand_is_reviewed_costliest_first():
    table = poorly(TriadTable.start(seed=5)).act("review")
    found = shown_review(table)
    steps = [d.step for d in found.decisions]
    assert sorted(d.number for d in found.decisions) == list(range(1, len(steps) + 1))
    worse = [d for d in found.decisions if d.verdict == "worse"]
    assert worse and found.decisions[: len(worse)] == tuple(worse)
    weights = [d.weight for d in worse]
    assert weights == sorted(weights, reverse=True)
    draw = next(d for d in worse if d.played == "stand pat")
    assert draw.ai.startswith("discard") and draw.played_value.exact
    assert draw.cost == pytest.approx(draw.ai_value.value - draw.played_value.value)
    assert draw.weight == pytest.approx(draw.cost / 100)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), game=st.sampled_from(sorted(TABLES)), pat=st.booleans())
def test_a_review_uses_only_what_the_seat_saw(seed, game, pat):
    """The unseen cards dealt again give the very same review, and no word of it names a card
    the learner had not seen when the hand ended."""
    table = poorly(TABLES[game].start(seed=seed), stand_pat=pat)
    reviewer = table.reviewer()
    assert twins_agree(table.replay, LEARNER, reviewer, table.hand_start(), seed)
    shown = table.act("review")
    texts = [shown.review_html(), *(label for label, _ in shown.control("review-pick").options)]
    seen = SeenSoFar(table.replay)
    for text in texts:
        assert not seen.leaks(text, LEARNER, len(table.replay)), text
    found = review(table.replay, LEARNER, reviewer, table.hand_start())
    for judged in found.decisions:
        if judged.verdict == "same":
            assert judged.played == judged.ai or reviewer.same(None, judged.played, judged.ai)
        elif judged.verdict == "worse":
            assert (
                judged.cost > judged.margin == judged.ai_value.margin + judged.played_value.margin
            )
        elif judged.verdict == "better":
            assert -judged.cost > judged.margin
