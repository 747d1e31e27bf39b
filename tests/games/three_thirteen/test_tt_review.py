"""The review of a Three Thirteen round: every value recounted by brute force (every unseen card,
every discard, a plain deadwood search of its own), the AI is the Hint's, the seat's information
only (twins, no leaks), and the table's review, branch, back and position replay."""

import random
from collections import Counter
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_tt_game import table

from cardlab.apps.hand_review import IN_BRANCH
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.core.conformance import SeenSoFar
from cardlab.core.review import decision_steps, review, twins_agree
from cardlab.games.three_thirteen import legal_actions, observe
from cardlab.games.three_thirteen.review import ThreeThirteenReviewer
from cardlab.games.three_thirteen.rules import DECK

REVIEWER = ThreeThirteenReviewer()
NUMBER = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13} | {str(n): n for n in range(2, 10)}


# -- an independent recount: a plain deadwood search, every unseen card, every discard -------------
def penalty(card):
    return min(NUMBER[card.rank], 10)


def melds(cards, wild):
    """Whether ``cards`` are a set or a run (aces low, any number of wild cards)."""
    natural = [c for c in cards if c.rank != wild]
    if len(cards) < 3 or len({c.rank for c in natural}) <= 1:
        return len(cards) >= 3
    ranks = [NUMBER[c.rank] for c in natural]
    return (
        len(cards) <= 13
        and len({c.suit for c in natural}) == 1
        and len(set(ranks)) == len(ranks)
        and max(ranks) - min(ranks) < len(cards)
    )


@cache
def deadwood(cards, wild):
    """The least deadwood of sorted ``cards``: the first card is deadwood or in some meld."""
    if not cards:
        return 0
    first, rest = cards[0], cards[1:]
    best = penalty(first) + deadwood(rest, wild)
    for k in range(2, len(rest) + 1):
        for chosen in combinations(range(len(rest)), k):
            if melds((first, *(rest[i] for i in chosen)), wild):
                left = tuple(c for i, c in enumerate(rest) if i not in chosen)
                best = min(best, deadwood(left, wild))
    return best


def dw(cards, wild):
    return deadwood(tuple(sorted(cards, key=lambda c: (c.suit, NUMBER[c.rank]))), wild)


def without(cards, card):
    cards = list(cards)
    cards.remove(card)
    return cards


def kept_best(cards, wild, banned=None):
    """The least deadwood once one card (not ``banned``) of ``cards`` is thrown away."""
    return min(dw(without(cards, c), wild) for c in set(cards) if c != banned)


def unseen_of(state, seat):
    """What the seat cannot place, from the state: the stock and the others' cards not known to
    have come from the discard pile."""
    pool = Counter(state.stock)
    for s, hand in enumerate(state.hands):
        if s != seat:
            pool += Counter(hand) - Counter(state.taken[s])
    return pool


def average(unseen, value):
    total = sum(unseen.values())
    return sum(n * value(c) for c, n in unseen.items()) / total


def recount(state, seat, move):
    """``move``'s deadwood (fewer is better), counted without the game's solver or odds."""
    hand, wild = list(state.hands[seat]), state.wild
    unseen = unseen_of(state, seat)
    if move == "take discard":
        top = state.discard[-1]
        return kept_best([*hand, top], wild, top if state.no_rediscard else None)
    if move == "take stock":
        return average(unseen, lambda c: kept_best([*hand, c], wild))
    if move.startswith("go out "):
        return 0
    kept = without(hand, DECK.parse_card(move.split()[-1]))
    if state.went_out is not None:
        return dw(kept, wild)
    return average(unseen, lambda c: kept_best([*kept, c], wild))


def check_values(state, seat=0):
    """Every legal move's value and stake at ``state`` against the recount; the kinds valued."""
    legal = legal_actions(state)
    view = observe(state, seat)
    values = REVIEWER.values(view, legal, legal)
    for move, value in zip(legal, values, strict=True):
        assert value.value == -recount(state, seat, move), (move, state)
        assert value.exact and value.stake == max(dw(state.hands[seat], state.wild), 1)
    if state.phase == "draw":
        return {"draw"}
    kinds = {"go out"} if any(m.startswith("go out") for m in legal) else set()
    return kinds | {"last discard" if state.went_out is not None else "discard"}


# -- a learner who strays from the Hint now and then ------------------------------------------
def press(model, action):
    """The table after the learner's press for ``action`` (a legal move text)."""
    if action.startswith("take "):
        return model.act(action.replace(" ", "-"))
    card = DECK.parse_card(action.split()[-1])
    key = "go-out" if action.startswith("go out") else "discard"
    return model.select([model.hand().index(card)]).act(key)


def learner_turn(model, rng, stray):
    """One press: the Hint's move, or (with chance ``stray``) any legal move."""
    if rng.random() >= stray:
        tip = model.suggest()
        return model.select(tip.selected).act(tip.key, tip.value)
    return press(model, rng.choice(legal_actions(model.state)))


def play_round(model, rng, stray=0.4):
    while not model.round_over:
        model = learner_turn(model, rng, stray)
    return model


def rounds_of(seed, opponents=1, rounds=3, stray=0.4):
    """Each round's end of one seeded game."""
    model, rng, ends = ThreeThirteenTable.start(seed, opponents, rounds), random.Random(seed), []
    while True:
        model = play_round(model, rng, stray)
        ends.append(model)
        if model.stage == "over":
            return ends
        model = model.act("next-round")


# -- the values ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("seed", "opponents"), [(1, 1), (2, 2), (3, 1)])
def test_every_value_is_the_brute_force_recount(seed, opponents):
    kinds = set()
    for end in rounds_of(seed, opponents, rounds=3):
        replay = end.replay
        for step in decision_steps(replay, 0, end.hand_start()):
            kinds |= check_values(replay.state_at(step - 1))
    assert kinds >= {"draw", "discard", "last discard"}, kinds


def test_going_out_scores_0_and_a_kept_meld_is_as_good():
    state = table(rnd=1, hands=("5h 6h 7h Kc", "2c 9d Qs"), discard="4d")
    assert check_values(state) == {"go out", "discard"}
    legal = legal_actions(state)
    values = dict(zip(legal, REVIEWER.values(observe(state, 0), legal, legal), strict=True))
    out = values["go out Kc"]
    assert out.value == 0 and str(out.shown) == "you go out: deadwood 0"
    assert values["discard Kc"].value == 0, "four cards in one meld: going out next turn is sure"
    assert values["discard 5h"].value < 0


def test_the_last_turn_scores_what_is_kept_and_the_banned_discard_is_not_counted():
    state = table(rnd=2, hands=("5h 6h 8c Kc Qd", "2c 9d Qs Js"), discard="4d", went_out=1)
    assert check_values(state) == {"last discard"}
    rule = {"no_immediate_rediscard": True}
    draw = table(rnd=2, hands=("5h 6h 8c Kc", "2c 9d Qs Js"), discard="4d Qh", phase="draw",
                 options=rule)  # fmt: skip
    assert draw.no_rediscard
    assert check_values(draw) == {"draw"}


def test_an_average_is_shown_with_the_digits_that_tell_it_apart():
    state = table(rnd=3, hands=("5h 6h 8c Kc Qd", "2c 9d Qs Js 4h"), discard="4d", phase="draw")
    legal = legal_actions(state)
    values = REVIEWER.values(observe(state, 0), legal, legal)
    assert len({str(v.shown) for v in values}) == len({v.value for v in values})
    assert all(v.unit == values[0].unit and str(v.unit) == "points of deadwood" for v in values)


# -- the AI and the seat's information ----------------------------------------------------------
def test_the_ai_is_the_hint():
    model, rng = ThreeThirteenTable.start(4, 1, 2), random.Random(4)
    while not model.round_over:
        ai = str(REVIEWER.ai(model.observation, legal_actions(model.state)).action)
        tip = model.suggest()
        if ai.startswith("take "):
            assert tip.key == ai.replace(" ", "-")
        else:
            assert tip.key == ("go-out" if ai.startswith("go out") else "discard")
            assert model.hand()[tip.selected[0]] == DECK.parse_card(ai.split()[-1])
        model = learner_turn(model, rng, 0.5)


@pytest.mark.parametrize(("seed", "opponents"), [(5, 1), (6, 2), (7, 3), (8, 1)])
def test_the_review_is_the_same_with_the_unseen_cards_dealt_again(seed, opponents):
    for n, end in enumerate(rounds_of(seed, opponents, rounds=2)):
        start = end.hand_start()
        assert decision_steps(end.replay, 0, start), "the learner decided nothing: no test"
        assert twins_agree(end.replay, 0, end.reviewer(), start, seed * 10 + n)


@pytest.mark.parametrize("seed", [9, 10])
def test_no_review_text_names_a_card_the_learner_had_not_seen(seed):
    for end in rounds_of(seed, 2, rounds=2):
        shown = end.act("review")
        seen, step = SeenSoFar(shown.replay), len(shown.replay)
        texts = [
            shown.review_html(),
            *(str(words) for words, _ in shown.control("review-pick").options),
        ]
        assert "<ol>" in texts[0]
        for text in texts:
            assert not seen.leaks(text, 0, step), text


# -- the table: rounds, review, branch, back, position -----------------------------------------
def test_a_round_starts_after_the_step_that_scored_the_one_before():
    ends = rounds_of(11, 1, rounds=3)
    for number, end in enumerate(ends, 1):
        replay, start = end.replay, end.hand_start()
        assert len(replay.state_at(start).results) == number - 1
        assert start == 0 or len(replay.state_at(start - 1).results) == number - 2
        assert {replay.state_at(s - 1).round for s in decision_steps(replay, 0, start)} == {number}


def test_review_branch_back_and_the_position():
    end = rounds_of(12, 1, rounds=2)[0]
    assert end.control("review").label == "Review this round"
    shown = end.act("review")
    assert "Your decisions in this round" in shown.review_html()
    found = review(end.replay, 0, end.reviewer(), end.hand_start())
    weights = [d.weight for d in found.decisions if d.verdict == "worse"]
    assert weights and weights == sorted(weights, reverse=True), "the costliest first"
    pick = next(i for i, d in enumerate(found.decisions) if d.verdict != "same")
    judged = found.decisions[pick]
    branch = shown.act("review-pick", pick).act("review-branch")
    assert branch.played is not None and branch.replay.actions[judged.step - 1] == judged.ai
    assert branch.replay.actions[: judged.step - 1] == end.replay.actions[: judged.step - 1]
    again, _ = ThreeThirteenTable.opened(branch.recipe, branch.presses)
    assert again.replay == branch.replay and again.played is not None
    rng = random.Random(12)
    branch = play_round(branch, rng)
    assert branch.scores == end.scores, "a branch writes no score row"
    assert not branch.control("next-round").enabled
    assert branch.control("next-round").why_not == str(IN_BRANCH)
    with pytest.raises(ValueError, match="what-if"):
        branch.act("next-round")
    back = branch.act("review-back")
    assert back.replay == end.replay and back.scores == end.scores and back.played is None
    assert back.control("next-round").enabled
    opened, notes = ThreeThirteenTable.opened(back.recipe, back.presses)
    assert not notes and opened.replay == back.replay and opened.scores == back.scores


@settings(max_examples=8)
@given(seed=st.integers(0, 10_000))
def test_the_review_judges_each_decision_of_the_round_by_its_values(seed):
    end = rounds_of(seed, 1 + seed % 2, rounds=1, stray=0.5)[0]
    start = end.hand_start()
    found = review(end.replay, 0, end.reviewer(), start)
    assert sorted(d.step for d in found.decisions) == decision_steps(end.replay, 0, start)
    for judged in found.decisions:
        ai, played = judged.ai_value, judged.played_value
        if ai is None or played is None:
            assert judged.verdict == "same" and judged.played == judged.ai
            continue
        cost = ai.value - played.value
        expected = "as good" if cost == 0 else "worse" if cost > 0 else "better"
        assert judged.verdict == expected and ai.exact and played.exact
