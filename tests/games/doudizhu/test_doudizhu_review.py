"""The review of a Dou Dizhu deal (`cardlab.games.doudizhu.review`): a move's simulated value
against a plain loop of its own, re-deals the seat cannot tell from the real deal, nothing in it
that the learner had not seen, and the table's review, what-if branch and way back."""

from __future__ import annotations

import dataclasses
import random
import statistics

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.doudizhu.table import DouDizhuTable, ai_bot, pattern_indices
from cardlab.apps.hand_review import shown_review
from cardlab.apps.model import LEARNER
from cardlab.core.bots import rng_for
from cardlab.core.conformance import SeenSoFar
from cardlab.core.i18n import msg
from cardlab.core.review import decision_steps, mean_margin, review, twins_agree
from cardlab.games.doudizhu import GAME
from cardlab.games.doudizhu.game import CARDS, PlayCards, sort_key
from cardlab.games.doudizhu.review import DouDizhuReviewer, redeal, stake


def played(seed: int, off: float = 0.0, *, throw_in: bool = False) -> DouDizhuTable:
    """A deal of the table (``seed``) played to its end through the learner's presses: the
    Hint's move, or at a share ``off`` of the decisions another legal move, drawn at random
    (``throw_in``: the learner passes in the first deal's auction, which is thrown in when the
    AI pass too)."""
    table = DouDizhuTable.start(seed=seed)
    rng = random.Random(seed)
    while not table.over:
        state = table.state
        legal = GAME.legal_actions(state)
        ai = str(ai_bot(LEARNER).choose(table.observation, legal).action)
        others = [a for a in legal if a != ai]
        move = rng.choice(others) if others and rng.random() < off else ai
        if throw_in and state.deal_number == 1 and state.phase == "bid":
            move = "pass"
        if move.startswith("play "):
            table = table.select(pattern_indices(state.hands[LEARNER], move)).act("play")
        elif move.startswith("bid "):
            table = table.act(f"bid-{move.split()[1]}")
        else:
            table = table.act("bid-pass" if state.phase == "bid" else "pass")
    return table


def decisions(table: DouDizhuTable):
    """Each decision of the deal: its step, the learner's view and legal moves before it."""
    replay = table.replay
    for step in decision_steps(replay, LEARNER, table.hand_start()):
        before = replay.state_at(step - 1)
        yield step, before, GAME.observe(before, LEARNER), GAME.legal_actions(before)


def small(table: DouDizhuTable, deals: int) -> DouDizhuReviewer:
    """The table's reviewer with fewer re-deals (a test's time)."""
    return dataclasses.replace(table.reviewer(), deals=deals)


# -- a value against a plain loop -------------------------------------------------------------
def plain_value(state, seat: int, move: str, deals: int) -> tuple[float, float]:
    """``move``'s value in ``state`` counted from the real deal: its hidden cards (the other
    hands but the bottom cards the landlord showed, and a face-down bottom) in the deck's order,
    shuffled as the review shuffles them, dealt out seat by seat, then the deal played out by
    the table's AI one step at a time (a thrown-in deal scores 0)."""
    landlord = state.landlord
    shown = set(state.bottom) if landlord is not None else set()
    rng = rng_for(f"doudizhu-review/{deals}", GAME.observe(state, seat))
    scores = []
    for _ in range(deals):
        hidden = [c for s in range(3) if s != seat for c in state.hands[s] if c not in shown]
        if landlord is None:
            hidden += state.bottom
        hidden.sort(key=CARDS.index)
        rng.shuffle(hidden)
        hands = list(state.hands)
        for s in range(3):
            if s != seat:
                kept = [c for c in state.hands[s] if c in shown]
                n = len(state.hands[s]) - len(kept)
                hands[s], hidden = tuple(sorted(kept + hidden[:n], key=sort_key)), hidden[n:]
        bottom = state.bottom if landlord is not None else tuple(hidden)
        now = GAME.apply(dataclasses.replace(state, hands=tuple(hands), bottom=bottom), move).state
        while GAME.current_player(now) >= 0:  # a throw-in stops at the next deal's chance
            to_move = GAME.current_player(now)
            bot = ai_bot(to_move)
            action = bot.choose(GAME.observe(now, to_move), GAME.legal_actions(now)).action
            now = GAME.apply(now, action).state
        scores.append(GAME.returns(now)[seat])
    return statistics.fmean(scores), 1.96 * statistics.stdev(scores) / deals**0.5


@pytest.mark.parametrize("phase", ["bid", "play"])
def test_a_value_is_the_average_score_of_a_plain_loop(phase):
    """Both moves of the learner's first decision in ``phase`` that the AI would have made
    otherwise: the mean and 95% margin of the learner's score over the same re-deals."""
    table = played(16, off=1.0)
    reviewer = small(table, 12)
    step, before, view, legal = next(d for d in decisions(table) if d[1].phase == phase)
    moves = (str(table.replay.actions[step - 1]), str(reviewer.ai(view, legal).action))
    assert not reviewer.same(view, *moves)
    for move, value in zip(moves, reviewer.values(view, legal, moves), strict=True):
        mean, margin = plain_value(before, LEARNER, move, 12)
        assert value.value == pytest.approx(mean, abs=1e-9)
        assert value.margin == pytest.approx(margin, abs=1e-9)
        assert value.stake == stake(view) and value.unit == msg("points")
        assert "12" in str(value.method)


def test_a_pass_that_throws_the_deal_in_scores_nothing():
    """The third pass of an auction with no bid: the deal is dealt again and scores 0, on every
    re-deal; a bid there is played out as usual."""
    table = played(25, throw_in=True)
    step = table.hand_start()  # the learner's pass threw the first deal in
    before = table.replay.state_at(step - 1)
    assert table.replay.event_at(step).actor == LEARNER and before.bids == ((1, 0), (2, 0))
    view, legal = GAME.observe(before, LEARNER), GAME.legal_actions(before)
    thrown, bid = small(table, 8).values(view, legal, ("pass", "bid 1"))
    assert (thrown.value, thrown.margin) == (0.0, 0.0)
    assert (bid.value, bid.margin) == pytest.approx(plain_value(before, LEARNER, "bid 1", 8))


def test_the_stake_is_the_deal_unit_now():
    """The bid (at least 1) times 2 per bomb and rocket, twice for the landlord's seat and in the
    auction."""
    table = played(5, off=0.3)
    for _, before, view, _ in decisions(table):
        unit = max(before.bid, 1) * 2 ** (before.bombs + before.rockets)
        double = before.landlord in (None, LEARNER)
        assert stake(view) == (2 * unit if double else unit)


def test_plays_of_the_same_cards_are_one_move():
    """A play names its cards by rank or exactly (``play 6 6 as pair``, ``play 6d 6h as
    pair``): one move; two legal moves are never one."""
    table = played(3)
    _, before, view, legal = next(d for d in decisions(table) if d[1].phase == "play")
    reviewer = table.reviewer()
    for action in legal:
        if action.startswith("play "):
            move = GAME.read_move(before, action)
            assert isinstance(move, PlayCards)
            exact = "play " + " ".join(c.code for c in move.cards) + " as " + move.combo.kind
            assert reviewer.same(view, action, exact)
        assert not any(reviewer.same(view, action, other) for other in legal if other != action)


# -- only what the seat saw -------------------------------------------------------------------
@pytest.mark.parametrize("seed", [2, 5, 16])
def test_a_redeal_is_a_deal_the_seat_cannot_tell_apart(seed):
    """Every re-deal shows the seat its very view, and shares out the very cards it had not
    seen (the bottom cards the landlord showed still in its hand)."""
    table = played(seed, off=0.5)
    for _, before, view, _ in decisions(table):
        rng = random.Random(seed)
        for _ in range(3):
            again = redeal(view, rng)
            assert GAME.observe(again, LEARNER) == view
            assert GAME.cards(again) == GAME.cards(before)
            landlord = before.landlord
            if landlord is not None and landlord != LEARNER:
                held = [c for c in before.bottom if c in before.hands[landlord]]
                assert all(c in again.hands[landlord] for c in held)


@pytest.mark.parametrize("seed", [1, 2, 9, 18])
def test_twins_are_reviewed_alike_and_no_text_names_an_unseen_card(seed):
    table = played(seed, off=0.3, throw_in=seed == 2)
    assert twins_agree(table.replay, LEARNER, small(table, 3), table.hand_start(), seed)
    shown = table.act("review")
    texts = [
        shown.review_html(),
        *(str(label) for label, _ in shown.control("review-pick").options),
    ]
    seen = SeenSoFar(table.replay)
    for text in texts:
        assert not seen.leaks(text, LEARNER, len(table.replay)), text


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), off=st.sampled_from([0.2, 0.6, 1.0]))
def test_a_review_judges_each_decision_by_its_values(seed, off):
    """The review's decisions are exactly the learner's decisions in the deal on the table, and
    each verdict follows from its two values and their margins."""
    table = played(seed, off)
    reviewer = small(table, 3)
    found = review(table.replay, LEARNER, reviewer, table.hand_start())
    steps = decision_steps(table.replay, LEARNER, table.hand_start())
    assert sorted(d.step for d in found.decisions) == steps
    for judged in found.decisions:
        before = table.replay.state_at(judged.step - 1)
        view = GAME.observe(before, LEARNER)
        if judged.verdict == "same":
            assert reviewer.same(view, judged.played, judged.ai)
            continue
        assert judged.ai_value is not None and judged.played_value is not None
        diffs = [a - b for a, b in zip(judged.ai_value.samples, judged.played_value.samples,
                                       strict=True)]  # fmt: skip
        assert diffs, "both moves valued on the same deals"
        mean, margin = mean_margin(diffs)
        assert mean == pytest.approx(judged.cost) and margin == pytest.approx(judged.margin)
        assert {
            "worse": judged.cost > margin,
            "better": -judged.cost > margin,
            "as good": abs(judged.cost) <= max(margin, 1e-9),
        }[judged.verdict]


# -- the table ------------------------------------------------------------------------------------
def test_the_review_moves_are_the_hints():
    """A deal played by pressing the Hint every time: each decision is the AI's very move."""
    table = DouDizhuTable.start(seed=4)
    while not table.over:
        tip = table.suggest()
        table = table.select(tip.selected).act(tip.key)
    found = review(table.replay, LEARNER, table.reviewer(), table.hand_start())
    assert found.decisions and all(d.verdict == "same" for d in found.decisions)


def test_the_review_starts_after_a_thrown_in_deal():
    table = played(2, throw_in=True)
    start = table.hand_start()
    assert table.replay.state_at(start).deal_number == table.state.deal_number == 2
    assert table.replay.state_at(start - 1).deal_number == 1
    found = shown_review(table.act("review"))
    assert found is not None and min(d.step for d in found.decisions) > start


def test_a_deal_is_reviewed_branched_and_given_back():
    table = played(9, off=0.3)
    assert table.control("review").label == "Review this deal"
    reviewing = table.act("review")
    assert "Your decisions in this deal" in reviewing.review_html()
    found = shown_review(reviewing)
    assert found is not None
    worse = [d for d in found.decisions if d.verdict == "worse"]
    assert found.decisions[: len(worse)] == tuple(worse)
    assert [d.weight for d in worse] == sorted((d.weight for d in worse), reverse=True)
    pick = next(i for i, d in enumerate(found.decisions) if d.verdict != "same")
    judged = found.decisions[pick]
    branch = reviewing.act("review-pick", pick).act("review-branch")
    assert branch.replay.actions[: judged.step] == (
        *table.replay.actions[: judged.step - 1],
        judged.ai,
    )
    assert branch.played is not None
    while not branch.over:
        tip = branch.suggest()
        branch = branch.select(tip.selected).act(tip.key)
    assert branch.scores == table.scores  # a branch writes no score row
    with pytest.raises(ValueError):
        branch.act("new-deal")
    again, notes = DouDizhuTable.opened(branch.recipe, branch.presses)
    assert not notes and again.replay == branch.replay
    back = branch.act("review-back")
    assert (back.replay, back.scores, back.log) == (table.replay, table.scores, table.log)
    assert back.played is None and back.control("new-deal").enabled
