"""Pyramid Poker's practice (`cardlab.apps.pyramid_poker.practice`), what is its own: every class
of wrong answer is met by some position and reads as that class; how a block fits a hand, the
blocks seat 0 has not seen and the live blocks of a rank, each against a count of its own; the
task says the whole position in words.  The generic checks (answers, leaks, hint, link) are
`tests/apps/test_practice.py`'s."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.apps.practice import SEAT
from cardlab.apps.pyramid_poker.practice import (
    ASSIGN_MISTAKES,
    TAKE_MISTAKES,
    PyramidPokerPractice,
    assign_mistake,
    fit,
    flush_draw,
    live,
    made,
    straight_draw,
    take_mistake,
    unseen,
)
from cardlab.core.i18n import using_language
from cardlab.games.pyramid_poker.rules import DECK, slot_name

POSITIONS = PyramidPokerPractice.positions
MARKS = {
    "broke-flush": ("ends the chance of a Flush",),
    "broke-straight": ("ends the chance of a Straight",),
    "no-pair": ("finishes the hand as No Pair",),
    "closed": ("ends the chance of a Full House or Four of a Kind",),
    "missed-pair": ("belongs in your", "it matches no rank."),
    "missed-flush": ("belongs in your", "carries on the flush draw", "it does less."),
    "missed-straight": ("belongs in your", "carries on the straight draw", "it does less."),
    "costlier": ("so it goes where it costs least",),
    "weaker-fit": ("helps too",),
    "gamble": ("A face-down block is any of", "is sure:"),
    "gamble-pharaoh": ("lets you choose the best of three of them",),
    "wasted-pharaoh": ("The pharaoh lets you choose",),
    "missed-pharaoh": ("is worth more: it lets you choose",),
    "known-weak": ("is worth more to your hands on average",),
    "weaker-known": ("in slot", "does more:"),
    "keep": ("You kept the", "does more:"),
}
"""The phrases each class's feedback says, not all of any other class's."""


def cards(text: str):
    return DECK.parse(text)


def _mistake_class(model: PyramidPokerPractice, move: str) -> str:
    ex = model.exercise
    best = ex.position.answers[0]
    if ex.view.phase == "assign":
        return assign_mistake(ex.view, move, best)
    if ex.view.phase == "take":
        return take_mistake(ex.view, move, best)
    return "keep"


def _wrong_moves():
    for number, position in enumerate(POSITIONS):
        model = PyramidPokerPractice().at(number)
        for move in model.exercise.legal:
            if move not in position.answers:
                yield model, move


def test_every_class_of_mistake_is_met_and_reads_as_its_class():
    met: Counter[str] = Counter()
    for model, move in _wrong_moves():
        kind = _mistake_class(model, move)
        met[kind] += 1
        text = str(model.mistake(model.exercise, move))
        reads = {k for k, marks in MARKS.items() if all(m in text for m in marks)}
        assert reads == {kind}, (model.exercise.position.name, move, kind, text)
    assert set(met) == {*ASSIGN_MISTAKES, *TAKE_MISTAKES, "keep"}, met


def test_a_wrong_hand_names_the_block_and_the_hand_it_went_into():
    for model, move in _wrong_moves():
        view = model.exercise.view
        text = str(model.mistake(model.exercise, move))
        if view.phase == "assign":
            assert str(view.pending) in text and f"{move.split()[1]} hand" in text
        elif view.phase == "keep":
            assert move.split()[1] in text


@pytest.mark.parametrize(
    ("hand", "block", "kind"),
    [
        ("Ks Ts", "Th", "rank"),
        ("4d 5d", "3d", "suit"),
        ("4h 5s", "3d", "run"),
        ("Ah 2s", "5d", "run"),  # the ace low
        ("Qh Ks", "Ad", "run"),  # the ace high
        ("Qh Ks", "8d", "none"),  # too far for a Straight
        ("9c", "9d", "rank"),
        ("9c", "8c", "none"),  # one block is no draw yet
        ("2s 2h", "3d", "none"),  # a pair is no straight draw
        ("", "Ks", "none"),
    ],
)
def test_how_a_block_fits_a_hand(hand, block, kind):
    assert fit(cards(hand), DECK.parse_card(block)) == kind


def test_draws_and_what_a_rank_makes():
    assert (
        flush_draw(cards("2c 7c Jc"))
        and not flush_draw(cards("2c"))
        and not flush_draw(cards("2c 7d"))
    )
    assert straight_draw(cards("6c 4c 3h 7s")) and not straight_draw(cards("6c 4c 3h 9s"))
    k = DECK.parse_card("Kd")
    assert made(cards("Ks 4c"), k) == "one_pair"
    assert made(cards("Ks 4c 4d"), k) == "two_pair"
    assert made(cards("Ks Kh 4c"), k) == "three_up"
    assert made(cards("Ks Kh 4c 4d"), k) == "full_up"
    assert made(cards("Ks Kh Kc"), k) == "four_up"


def _hidden_from_seat_0(state) -> list:
    """The blocks seat 0 has not seen, from the state itself: both personal supplies, the
    general supply and the bot's blocks in the pyramid (in the take phase nobody holds one)."""
    out = [*state.general, *state.supplies[0], *state.supplies[1]]
    out += [c for c, p in zip(state.pyramid, state.placer, strict=True) if p == 1]
    return out


@pytest.mark.parametrize("number", range(len(POSITIONS)))
def test_unseen_and_live_blocks_match_a_count_of_the_state(number):
    model = PyramidPokerPractice().at(number)
    ex = model.exercise
    hidden = _hidden_from_seat_0(ex.state)
    assert unseen(ex.view) == len(hidden)
    for rank in "23456789TJQKA":
        probe = DECK.parse_card(f"{rank}s")
        assert live(ex.view, probe) == sum(1 for c in hidden if c.rank == rank)


def test_the_task_says_the_whole_position():
    for number, position in enumerate(POSITIONS):
        model = PyramidPokerPractice().at(number)
        view = model.exercise.view
        task = str(model.task(model.exercise))
        for hands in view.hands:
            for hand in hands:
                assert all(str(c) in task for c in hand)
        if view.phase == "assign":
            assert f"you took the {view.pending}" in task
        elif view.phase == "keep":
            assert all(str(c) in task for c in view.revealed)
        else:
            assert f"any of the {len(_hidden_from_seat_0(model.exercise.state))} blocks" in task
            free = task.split("free blocks: ")[1]
            for k in view.free_slots:
                face = view.pyramid[k]
                said = f"{slot_name(k, view.width)}: {'face down' if face is None else face}"
                assert said in free, (position.name, said)
            assert free.count("face down") == sum(view.pyramid[k] is None for k in view.free_slots)


def test_the_practice_reads_in_russian():
    for number in (0, len(POSITIONS) - 1):
        model = PyramidPokerPractice().at(number)
        ex = model.exercise
        wrong = next(m for m in ex.legal if m not in ex.position.answers)
        with using_language("ru"):
            task = str(model.task(ex))
            mistake = str(model.mistake(ex, wrong))
            hint = str(ex.position.hint)
        assert "Take, turn" not in task and "your" not in mistake and "your" not in hint


def test_seat_0_is_to_move_in_the_take_phase_of_an_advanced_game():
    for number in range(len(POSITIONS)):
        ex = PyramidPokerPractice().at(number).exercise
        assert ex.replay.current_player == SEAT and ex.view.phase in ("take", "assign", "keep")
        assert ex.state.scoring == "advanced" and not ex.state.no_pair_penalty
