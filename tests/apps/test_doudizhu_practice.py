"""Dou Dizhu's practice (`cardlab.apps.doudizhu.practice`): what is special to it.  The generic
checks (each position's graded answers, the feedback, the hint, the link...) are in
`tests/apps/test_practice.py`; here every class of mistake is reached by some wrong answer and
reads as that class, and what the task and the feedback count is recounted from the replay."""

from __future__ import annotations

import html
from collections import Counter

import pytest

from cardlab.apps.doudizhu.practice import (
    BID_DEALS,
    CLASSES,
    PLAY_DEALS,
    POSITIONS,
    DouDizhuPractice,
    beatable,
    classified,
    practice_reviewer,
)
from cardlab.apps.doudizhu.table import ai_bot, default_bots
from cardlab.apps.practice import Exercise
from cardlab.games.doudizhu import GAME
from cardlab.games.doudizhu.combos import RANKS, Combo, legal_plays
from cardlab.games.doudizhu.review import DouDizhuReviewer

SAYS = {
    "overbid": "too little to play alone",
    "passed-strong": "You passed a hand with",
    "bid-low": "You bid only",
    "missed-out": "You could have gone out",
    "beat-partner": "Beating your own side's trick",
    "bomb-spent": "doubles the stake for both sides",
    "held-bomb": "this is the moment for",
    "two-plays": "You have two plays left",
    "feed-partner": "so that they can beat it and go out",
    "let-through": "passing lets their side keep this trick",
    "passed-plan": "costs your hand nothing",
    "single-to-short": "lets them beat it and go out",
    "beat-low": "beat as high as you can",
    "spent-high": "among your strongest cards",
    "more-plays": "every extra play is one more trick to win",
    "led-strong": "while a weaker group",
}
"""Each class of mistake, and words only its feedback says."""


def _wrong_answers():
    """Every (position number, wrong move) of the practice, and its class and feedback."""
    for number, position in enumerate(POSITIONS):
        model = DouDizhuPractice().at(number)
        ex = model.exercise
        for move in ex.legal:
            if move not in position.answers:
                kind, said = classified(ex, move)
                yield number, move, kind, str(said)


WRONG = list(_wrong_answers())


def test_every_class_of_mistake_is_reached_and_reads_as_its_class():
    """Every class of `CLASSES` is some wrong answer's, none falls to ``other``, and each
    reads as its own class only."""
    assert set(SAYS) == set(CLASSES)
    reached = Counter(kind for _, _, kind, _ in WRONG)
    assert set(reached) == set(CLASSES), f"classes reached: {dict(reached)}"
    for number, move, kind, said in WRONG:
        assert SAYS[kind] in said, (POSITIONS[number].name, move, kind, said)
        others = [k for k in SAYS if k != kind and SAYS[k] in said]
        assert not others, (POSITIONS[number].name, move, kind, others)


def test_the_kinds_of_position_go_from_easy_to_hard():
    """Numbered in order; the positions of a kind share their level and their hint, and there
    are at least ten kinds, of every level."""
    assert [int(p.name[:2]) for p in POSITIONS] == list(range(1, len(POSITIONS) + 1))
    kinds: dict[str, set[tuple[int, str]]] = {}
    for p in POSITIONS:
        kinds.setdefault(p.name[3:], set()).add((p.level, p.hint.msgid))
    assert len(kinds) >= 10 and all(len(said) == 1 for said in kinds.values())
    assert {level for said in kinds.values() for level, _ in said} == {1, 2, 3}


def test_the_task_counts_the_position_as_the_replay_does():
    """The task's numbers recounted from the replay's actions, not from the view."""
    for number, position in enumerate(POSITIONS):
        model = DouDizhuPractice().at(number)
        ex = model.exercise
        text = str(model.task(ex))
        state = ex.replay.state
        held = [len(h) for h in state.hands]
        if state.phase == "bid":
            assert "What do you bid?" in text
            continue
        assert f"Your hand ({held[0]} cards)" in text or f"Your hand ({held[0]} card)" in text
        for seat in (1, 2):
            role = "landlord" if seat == state.landlord else "farmer"
            assert f"Player {seat + 1} ({role}) holds {held[seat]} card" in text
        played: Counter[str] = Counter()
        for action in ex.replay.actions:
            if action.startswith("play "):
                for token in action.removeprefix("play ").split(" as ")[0].split():
                    # a rank ("7"), or a card the learner's Play names ("7h"; jokers "BJ", "RJ")
                    played[token if token in ("BJ", "RJ") else token[0]] += 1
        if played:
            ranks = " ".join(r for r in RANKS for _ in range(played[r]))
            assert f"Played so far: {ranks}." in text, (position.name, text)
        else:
            assert "No card has been played yet." in text


def test_a_bid_mistake_counts_the_hand_and_the_stake():
    """The high cards, bombs and points a bid's feedback gives, counted from the hand's codes."""
    found = 0
    for number, move, kind, said in WRONG:
        if kind not in ("overbid", "passed-strong", "bid-low"):
            continue
        found += 1
        ex = DouDizhuPractice().at(number).exercise
        codes = [c.code for c in ex.replay.state.hands[0]]
        high = sum(1 for c in codes if c[0] in "A2" or c in ("BJ", "RJ"))
        noun = "high card" if high == 1 else "high cards"
        assert f"{high} {noun} (aces, twos, jokers)" in said
        if kind == "overbid":
            bid = int(move.split()[1])
            assert f"loses {2 * bid} points" in said
        else:
            assert f"worth {2 * int(POSITIONS[number].answers[0].split()[1])} points" in said
    assert found


def test_going_out_counts_the_cards_left():
    for number, move, kind, said in WRONG:
        if kind == "missed-out":
            state = DouDizhuPractice().at(number).exercise.replay.state
            taken = len(move.removeprefix("play ").split(" as ")[0].split())
            left = len(state.hands[0]) - taken
            assert f"leaves you {left} card" in said


def _position(name: str):
    number = next(i for i, p in enumerate(POSITIONS) if p.name == name)
    return number, DouDizhuPractice().at(number).exercise


def test_the_plays_a_hand_splits_into_are_counted_as_by_hand():
    """19: 5 5 5 6 6 6 7 8 9 9 10 J K K A.  After the airplane 555-666 with 9 and A: the
    straight 7-J and K K, 2 plays; after the single 5: 666 with 55, 7-J, 9, K K and A, 5.
    20: 4 6 6 7 8 9 10 J Q K A 2 BJ: the straight 6-A, 4, 6, 2 and BJ, 5 plays; 4 after the 2."""
    _, ex = _position("19-lead-chain")
    _, said = classified(ex, "play 5 as solo")
    assert "splits into 5 plays; after the airplane 5-6 with 9 and A, into 2" in str(said)
    _, ex = _position("20-follow-plan")
    kind, said = classified(ex, "pass")
    assert kind == "passed-plan" and "into 4 plays instead of 5" in str(said)


def test_a_sure_trick_is_one_no_unseen_cards_can_beat():
    """17: the pair of Js: no higher pair, bomb or rocket is left among the cards seat 0 has
    not seen, while its single 7 can be beaten.  18: the straight 5-10 can be beaten (6-J and
    higher are all possible), so it is no sure trick."""
    _, ex = _position("17-sure-trick")
    plays = _leads(ex)
    assert not beatable(ex.view, plays["play J J as pair"])
    assert beatable(ex.view, plays["play 7 as solo"])
    number, ex = _position("18-lead-chain")
    plays = _leads(ex)
    assert beatable(ex.view, plays["play 5 6 7 8 9 T as straight"])
    assert all(kind != "two-plays" for n, _, kind, _ in WRONG if n == number)


def _leads(ex: Exercise) -> dict[str, Combo]:
    """The plays seat 0 may lead, by action."""
    hand = [c for c in ex.view.hands[0] if c is not None]
    return {c.action: c for c in legal_plays(hand, None, ex.view.ruleset) if isinstance(c, Combo)}


def test_the_practice_reviewer_is_the_tables_review_with_more_re_deals():
    """Its values are those of the table's review at `PLAY_DEALS` re-deals, simulated once."""
    number = next(i for i, p in enumerate(POSITIONS) if "go-out" in p.name)
    ex = DouDizhuPractice().at(number).exercise
    moves = ex.legal[:2]
    table = DouDizhuReviewer(ai_bot(0), default_bots(), PLAY_DEALS)
    legal = GAME.legal_actions(ex.state)
    mine = practice_reviewer().values(ex.view, legal, moves)
    assert [v.value for v in mine] == [v.value for v in table.values(ex.view, legal, moves)]
    assert all(len(v.samples) == PLAY_DEALS for v in mine)
    assert practice_reviewer().values(ex.view, legal, moves) == mine
    assert BID_DEALS > PLAY_DEALS


@pytest.mark.parametrize("number", [0, len(POSITIONS) - 1])
def test_the_reasoning_is_the_ais_and_names_the_answer(number):
    model = DouDizhuPractice().at(number)
    ex = model.exercise
    wrong = next(m for m in ex.legal if m not in ex.position.answers)
    _, _, body = model.feedback(wrong)
    reason = model.reviewer().ai(ex.view, ex.legal).told.text(0)
    assert reason in html.unescape(str(body))
