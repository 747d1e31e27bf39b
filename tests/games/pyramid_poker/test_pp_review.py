"""The review of a Pyramid Poker game (`cardlab.games.pyramid_poker.review`): each value recounted
filling by filling with the game's own scoring of a hand, the lesson's measure agreed with where
it is exact, a basic game's simulation against the exact chances, nothing in the review the
learner had not seen, and the table's review, what-if branch and way back."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb, prod

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.hand_review import shown_review
from cardlab.apps.model import LEARNER
from cardlab.apps.pyramid_poker.table import PyramidPokerTable, reasoning_bot
from cardlab.core.bots import RandomBot
from cardlab.core.cards import Card
from cardlab.core.conformance import SeenSoFar
from cardlab.core.replay import Replay
from cardlab.core.review import decision_steps, review, twins_agree
from cardlab.games.poker.ranking import evaluate
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.odds import hand_odds
from cardlab.games.pyramid_poker.placement import EXACT_LIMIT, hand_gains
from cardlab.games.pyramid_poker.review import PyramidPokerReviewer
from cardlab.games.pyramid_poker.rules import HAND_NAMES, HAND_SIZE, action_slot, is_joker
from cardlab.games.pyramid_poker.scoring import hand_points

Position = tuple[PyramidPokerView, tuple[str, ...], int]


def game(seed: int, **options: object) -> Replay:
    """A whole game: a learner moving at random (seat 0) against the table's bot."""
    start = Replay.start("pyramid_poker", seed, games=1, **options)
    return start.play_out({LEARNER: RandomBot(seed), 1: reasoning_bot()})


def positions(replay: Replay, phase: str) -> list[Position]:
    """The learner's observation, legal moves and step at each of its decisions in ``phase``."""
    found = []
    for step in decision_steps(replay, LEARNER):
        before = replay.state_at(step - 1)
        if before.phase == phase:
            view = replay.game.observe(before, LEARNER)
            found.append((view, tuple(str(a) for a in replay.game.legal_actions(before)), step))
    return found


def reviewer(**fields: object) -> PyramidPokerReviewer:
    return PyramidPokerReviewer(reasoning_bot("hint/0"), **fields)  # type: ignore[arg-type]


# -- the brute force: every filling scored by the game's own scoring ---------------------------
def plain(view: PyramidPokerView, without: Card | None = None) -> list[Card]:
    """The blocks a hand is filled from: the unseen ones, no pharaoh (nor ``without``)."""
    return [c for c in view.unseen().elements() if not is_joker(c) and c != without]


def filled(cards: Sequence[Card], pool: Sequence[Card]) -> tuple[float, float]:
    """``cards``' mean points and No Pair chance over every filling from ``pool``, one by one."""
    points = no_pair = count = 0
    for fill in combinations(pool, HAND_SIZE - len(cards)):
        value = evaluate((*cards, *fill))
        points += hand_points(value)
        no_pair += value.category == "high_card"
        count += 1
    return points / count, no_pair / count


def rises(view: PyramidPokerView, card: Card, penalty: bool = False) -> dict[int, float]:
    """What ``card`` adds to each open hand, against a random unseen block in its place (with
    ``penalty``, the three No Pair penalty as the lesson counts it)."""
    pool = plain(view, card)
    hands = view.hands[LEARNER]
    before = [filled(hand, pool) for hand in hands]
    found = {}
    for h, hand in enumerate(hands):
        if len(hand) < HAND_SIZE:
            after = filled((*hand, card), pool)
            others = prod(b[1] for g, b in enumerate(before) if g != h)
            found[h] = after[0] - before[h][0] - penalty * (after[1] - before[h][1]) * others
    return found


def worth(view: PyramidPokerView, card: Card, penalty: bool = False) -> float:
    """A block's worth: what it adds to the hand it suits best."""
    return max(rises(view, card, penalty).values())


def best_of_three(view: PyramidPokerView, blocks: Sequence[Card], penalty: bool = False) -> float:
    """A pharaoh's worth: the best of three of ``blocks`` turned up, every three counted."""
    worths = {c: worth(view, c, penalty) for c in blocks if not is_joker(c)}
    threes = list(combinations(blocks, 3))
    return sum(max(worths[c] for c in t if not is_joker(c)) for t in threes) / len(threes)


# -- the values ------------------------------------------------------------------------------
def test_a_block_into_a_hand_is_what_it_adds_counted_filling_by_filling():
    """Late in the game (the lesson counts these exactly too): each hand's value is the rise the
    brute force finds and `hand_gains` finds, with and without the three No Pair penalty."""
    view, legal, _ = next(p for p in positions(game(3), "assign") if p[0].taken >= 22)
    assert view.pending is not None and len(legal) >= 2
    for penalty in (False, True):
        values = reviewer(no_pair_penalty=penalty).values(view, legal, legal)
        _, lesson = hand_gains(view, view.pending, no_pair_penalty=penalty)
        counted = rises(view, view.pending, penalty)
        for move, value in zip(legal, values, strict=True):
            h = HAND_NAMES.index(move.split()[1])
            assert value.value == pytest.approx(counted[h], abs=1e-12)
            assert value.value == pytest.approx(lesson[move.split()[1]], abs=1e-12)
            assert value.exact and value.stake == 1 and str(value.unit) == "expected points"


def test_an_early_block_is_counted_exactly_where_the_lesson_simulates():
    """The first block put into a hand: more fillings than the lesson counts exactly, every one
    counted by the lesson's own odds (`hand_odds`, its limit lifted)."""
    view, legal, _ = positions(game(4), "assign")[0]
    card = view.pending
    assert card is not None
    pool = plain(view)
    hands = view.hands[LEARNER]
    values = reviewer().values(view, legal, legal)
    for move, value in zip(legal, values, strict=True):
        hand = hands[HAND_NAMES.index(move.split()[1])]
        assert comb(len(pool), HAND_SIZE - len(hand)) > EXACT_LIMIT
        after = hand_odds((*hand, card), pool, exact_limit=10**7)
        before = hand_odds(hand, pool, exact_limit=10**7)
        assert after.method == before.method == "exact"
        assert value.value == pytest.approx(after.expected_points - before.expected_points)
        assert value.exact


@pytest.mark.parametrize("penalty", [False, True])
def test_a_take_is_the_blocks_worth_a_face_down_one_averaged_a_pharaoh_the_best_of_three(penalty):
    """A face-up block is worth what it adds to the hand it suits best; a face-down one that
    worth averaged over every unseen block, a pharaoh among them worth the best of any three of
    the others (with the three No Pair penalty too: each unseen block's rise is counted in one
    pass over each hand's fillings)."""
    view, legal, _ = next(p for p in positions(game(8), "take") if p[2] == 136)
    unseen = list(view.unseen().elements())
    assert any(is_joker(c) for c in unseen)
    faces = {move: view.pyramid[action_slot(move)] for move in legal}
    down = next(move for move, card in faces.items() if card is None)
    up = [move for move, card in faces.items() if card is not None]
    assert up
    found = reviewer(no_pair_penalty=penalty).values(view, legal, legal)
    values = dict(zip(legal, found, strict=True))
    for move in up:
        card = faces[move]
        assert card is not None
        assert values[move].value == pytest.approx(worth(view, card, penalty), abs=1e-12)
    each = [
        best_of_three(view, [b for b in unseen if b != c], penalty)
        if is_joker(c)
        else worth(view, c, penalty)
        for c in unseen
    ]
    assert values[down].value == pytest.approx(sum(each) / len(each), abs=1e-12)
    assert all(v.exact for v in values.values())


def test_taking_your_own_pharaoh_is_worth_the_best_of_three_unseen_blocks():
    view, legal, _ = next(p for p in positions(game(5), "take") if p[2] == 152)
    move = next(m for m in legal if (c := view.pyramid[action_slot(m)]) and is_joker(c))
    (value,) = reviewer().values(view, legal, (move,))
    assert value.value == pytest.approx(best_of_three(view, list(view.unseen().elements())))


def test_a_kept_block_is_worth_what_it_adds_to_the_hand_it_suits_best():
    view, legal, _ = positions(game(27), "keep")[0]
    assert len(legal) >= 2
    values = reviewer().values(view, legal, legal)
    for move, value in zip(legal, values, strict=True):
        card = next(c for c in view.revealed if c.code == move.split()[1])
        assert value.value == pytest.approx(worth(view, card), abs=1e-12)


def test_every_slot_of_the_build_is_worth_the_same_nothing():
    view, legal, _ = positions(game(2), "place")[3]
    values = reviewer().values(view, legal, legal)
    assert {v.value for v in values} == {0.0} and all(v.exact for v in values)
    assert "not counted" in str(values[0].method)


def _exact_share(view: PyramidPokerView, h: int, card: Card | None) -> float:
    """Hand ``h``'s chance of beating the other's in its place (a tie half), ``card`` in it or
    not, both filled from the unseen blocks less ``card``: every filling counted."""
    pool = plain(view, card)
    mine = (*view.hands[LEARNER][h], *([card] if card else []))
    theirs = view.hands[1 - LEARNER][h]
    won = count = 0.0
    for fill in combinations(pool, HAND_SIZE - len(mine)):
        me = evaluate((*mine, *fill))
        rest = [c for c in pool if c not in fill]
        for other in combinations(rest, HAND_SIZE - len(theirs)):
            them = evaluate((*theirs, *other))
            won += 1.0 if me > them else 0.5 if me == them else 0.0
            count += 1
    return won / count


def test_a_basic_game_simulates_the_chance_of_beating_the_other_hand_within_its_margin():
    """Basic scoring: each hand's rise in the chance of winning its comparison, in percentage
    points, within the simulation's 95% margin of the exact chances; every move valued on the
    same fillings, whichever moves are asked."""
    view, legal, _ = next(p for p in positions(game(0, scoring="basic"), "assign") if p[2] == 147)
    card = view.pending
    assert card is not None and len(legal) == 3
    judge = reviewer()
    values = judge.values(view, legal, legal)
    for move, value in zip(legal, values, strict=True):
        h = HAND_NAMES.index(move.split()[1])
        exact = 100 * (_exact_share(view, h, card) - _exact_share(view, h, None))
        assert str(value.unit) == "percentage points"
        assert abs(value.value - exact) <= value.margin + 1e-9, (move, value.value, exact)
    assert sum(not v.exact for v in values) >= 2
    assert judge.values(view, legal, legal[::-1]) == values[::-1]
    assert judge.values(view, legal, legal[1:2]) == values[1:2]


# -- what the seat saw, and the AI -----------------------------------------------------------
def poorly(seed: int, hints: float = 0.4) -> PyramidPokerTable:
    """A game at the table to its end: the Hint played now and then, else a random click."""
    rng = random.Random(seed)
    table = PyramidPokerTable.start(seed=seed)
    while not table.over:
        state = table.state
        if rng.random() < hints:
            table = table.act("play-hint")
            continue
        verb, arg = rng.choice(table.game.legal_actions(state)).split()
        if verb == "keep":
            target = f"pick:{[c.code for c in state.revealed].index(arg)}"
        elif verb == "hand":
            target = f"hand:{arg}"
        else:
            target = f"{'slot' if verb == 'place' else 'block'}:{int(arg) - 1}"
        table = table.click(target)
    return table


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_a_review_uses_only_what_the_seat_saw(seed):
    """The unseen blocks dealt again give the very same review, and no word of it names a block
    the learner had not seen: when the game ended, nor when each decision was made."""
    table = poorly(seed)
    judge = table.reviewer()
    assert twins_agree(table.replay, LEARNER, judge, table.hand_start(), seed)
    shown = table.act("review")
    labels = [str(label) for label, _ in shown.control("review-pick").options]
    seen = SeenSoFar(table.replay)
    for text in (shown.review_html(), *labels):
        assert not seen.leaks(text, LEARNER, len(table.replay)), text
    found = shown_review(shown)
    assert found is not None
    for judged in found.decisions:
        view = table.game.observe(table.replay.state_at(judged.step - 1), LEARNER)
        words = [judge.where(view), judged.reason.text(LEARNER)]
        for value in (judged.played_value, judged.ai_value):
            if value is not None:
                words += [value.words(), value.method]
        for said in words:
            assert not seen.leaks(str(said), LEARNER, judged.step - 1), said


def test_a_basic_games_simulation_draws_only_from_what_the_seat_saw():
    replay = game(9, scoring="basic")
    assert twins_agree(replay, LEARNER, reviewer(), 0, 9)


def test_the_reviews_ai_is_the_hint():
    table = PyramidPokerTable.start(seed=5)
    for _ in range(40):
        legal = table.game.legal_actions(table.state)
        ai = table.reviewer().ai(table.observation, legal)
        assert ai.action == table.decision().action
        table = table.act("play-hint")


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10_000), scoring=st.sampled_from(["advanced", "basic"]))
def test_the_review_judges_every_decision_by_its_values(seed, scoring):
    """The decisions are exactly the learner's moves that had a choice, the costliest first, and
    each verdict follows from the two values and their margins."""
    replay = game(seed, scoring=scoring)
    judge = reviewer()
    found = review(replay, LEARNER, judge)
    steps = decision_steps(replay, LEARNER)
    assert sorted(d.step for d in found.decisions) == steps
    assert sorted(d.number for d in found.decisions) == list(range(1, len(steps) + 1))
    worse = [d for d in found.decisions if d.verdict == "worse"]
    assert found.decisions[: len(worse)] == tuple(worse)
    assert [d.weight for d in worse] == sorted((d.weight for d in worse), reverse=True)
    for judged in found.decisions:
        assert judged.played == replay.actions[judged.step - 1]
        if judged.verdict == "same":
            assert judged.played == judged.ai and judged.ai_value is None
            continue
        assert judged.ai_value is not None and judged.played_value is not None
        margin = judged.margin  # exact: 0; simulated: the paired differences' margin
        if judged.ai_value.exact and judged.played_value.exact:
            assert margin == 0
        else:
            assert 0 <= margin <= judged.ai_value.margin + judged.played_value.margin + 1e-9
        if judged.verdict == "worse":
            assert judged.cost > margin
        elif judged.verdict == "better":
            assert -judged.cost > margin
        else:
            assert abs(judged.cost) <= max(margin, 1e-9)


# -- the table ---------------------------------------------------------------------------------
def test_the_table_reviews_the_game_and_plays_a_decision_again_as_a_what_if():
    table = poorly(3)
    review_button = table.control("review")
    assert review_button.enabled and review_button.label == "Review this game"
    shown = table.act("review")
    assert "Your decisions in this game" in shown.review_html()
    found = shown_review(shown)
    assert found is not None
    assert sorted(d.step for d in found.decisions) == decision_steps(table.replay, LEARNER)
    worse = [d for d in found.decisions if d.verdict == "worse"]
    assert worse and found.decisions[: len(worse)] == tuple(worse)
    pick = 1 if len(worse) > 1 else 0
    judged = found.decisions[pick]
    branch = shown.act("review-pick", pick).act("review-branch")
    step = judged.step
    assert branch.replay.actions[: step - 1] == table.replay.actions[: step - 1]
    assert branch.replay.actions[step - 1] == judged.ai != judged.played
    assert not branch.control("new-game").enabled
    with pytest.raises(ValueError, match="Back to my game"):
        branch.act("new-game")
    ended = branch
    while not ended.over:
        ended = ended.act("play-hint")
    assert ended.scores == table.scores  # a branch writes no score row
    back = ended.act("review-back")
    assert back.replay.actions == table.replay.actions and back.scores == table.scores
    assert back.log == table.log and back.reviewing
    assert back.played is None and back.control("new-game").enabled
    # the presses replay the game, the review, the what-if played to its end and the way back
    again, notes = PyramidPokerTable.opened(back.recipe, back.presses)
    assert not notes and again.replay.actions == table.replay.actions
    assert again.played is None and again.reviewing
