"""Three Thirteen's find-the-move practice (`cardlab.apps.three_thirteen.practice`): what the
generic practice tests (``tests/apps/test_practice.py``) do not check.  Every class of wrong draw
and wrong discard is reached by some position and reads as its class; the counts the feedback
gives (unseen cards, the stock cards that would do better, go out, or complete a pair or a run
draw) agree with a count of their own, straight from the state and the meld solver; the task says
the position in words, this round's moves only."""

from __future__ import annotations

from collections import Counter

import pytest

from cardlab.apps.practice import PracticeModel
from cardlab.apps.three_thirteen.practice import (
    POSITIONS,
    ThreeThirteenPractice,
    beating,
    completing,
    discard_class,
    draw_class,
    partial,
    unseen_count,
)
from cardlab.core.cards import Card
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.game import best_arrangement
from cardlab.games.three_thirteen.melds import min_deadwood
from cardlab.games.three_thirteen.rules import DECK, card_text

READS = {
    "no-help": "does not help",
    "small-help": "lowers your deadwood only",
    "missed-out": "you go out this turn",
    "missed-wild": "is wild this round: it stands in",
    "missed-meld": "goes into",
    "missed-drop": "lets you throw away",
    "wild": "is wild this round: it can stand for any card",
    "last-turn": "This is your last turn",
    "melded": "is part of",
    "cheaper": "You threw the",
    "greedy": "leaves the least deadwood now",
    "chances": "leave the same deadwood now",
}
"""Each class of wrong answer, and words only its feedback says."""


def _at(name: str) -> PracticeModel:
    number = next(i for i, p in enumerate(POSITIONS) if p.name == name)
    return ThreeThirteenPractice().at(number)


def _wrong_moves():
    for number, position in enumerate(POSITIONS):
        model = ThreeThirteenPractice().at(number)
        ex = model.exercise
        for move in ex.legal:
            if move not in position.answers:
                yield model, ex, move


def _class(ex, move: str) -> str:
    if ex.view.phase == "draw":
        return draw_class(ex.view, move)
    return discard_class(ex.view, move, ex.position.answers[0])


def test_every_class_of_mistake_is_reached_and_reads_as_its_class():
    reached: Counter[str] = Counter()
    for model, ex, move in _wrong_moves():
        kind = _class(ex, move)
        reached[kind] += 1
        text = str(model.mistake(ex, move))
        assert READS[kind] in text, (ex.position.name, move, kind, text)
        assert not any(READS[other] in text for other in READS if other != kind), (
            ex.position.name,
            move,
            text,
        )
    assert set(reached) == set(READS), f"classes never reached: {set(READS) - set(reached)}"


def test_each_kind_of_position_has_its_level_and_rounds_of_every_size():
    levels: dict[str, set[int]] = {}
    for position in POSITIONS:
        levels.setdefault(position.name[3:], set()).add(position.level)
    assert all(len(found) == 1 for found in levels.values())
    first = {"go-out", "take-meld", "take-wild", "take-stock", "throw-high"}
    assert {kind for kind, found in levels.items() if found == {1}} == first
    assert levels["keep-the-draw"] == levels["close-discard"] == levels["close-stock"] == {3}
    rounds = {ThreeThirteenPractice().at(n).exercise.view.round for n in range(len(POSITIONS))}
    assert min(rounds) == 1 and max(rounds) >= 10 and len(rounds) >= 7


# -- the counts, again, from the state and the solver ------------------------------------------
def _unseen(ex) -> Counter[Card]:
    """The cards seat 0 has not seen, from the state: the stock and the opponent's cards less
    the ones it took from the discard pile in sight of all."""
    state = ex.state
    hidden: Counter[Card] = Counter(state.stock)
    for seat in range(1, state.players):
        hidden += Counter(state.hands[seat]) - Counter(state.taken[seat])
    return hidden


def _least(cards, wild: str) -> int:
    """The least deadwood of ``cards`` after the best discard, by the solver on every discard."""
    return min(min_deadwood(remove_one(cards, c), wild)[0] for c in set(cards))


def test_the_unseen_cards_are_the_stock_and_the_opponents_hidden_cards():
    for number in range(len(POSITIONS)):
        ex = ThreeThirteenPractice().at(number).exercise
        assert unseen_count(ex.view) == sum(_unseen(ex).values())


@pytest.mark.parametrize("name", ["01-go-out", "03-go-out"])
def test_the_stock_cards_that_go_out_are_counted(name):
    model = _at(name)
    ex = model.exercise
    hand, wild = ex.view.hand, ex.view.wild
    unseen = _unseen(ex)
    outs = sum(n for card, n in unseen.items() if _least((*hand, card), wild) == 0)
    text = str(model.mistake(ex, "take stock"))
    assert f"only {outs} of the {sum(unseen.values())} cards" in text
    assert 0 < outs < sum(unseen.values())


def test_the_stock_cards_that_beat_the_discard_are_counted():
    model = _at("24-close-discard")  # the 3c: deadwood 9 -> 5 for sure
    ex = model.exercise
    hand, wild, top = ex.view.hand, ex.view.wild, ex.view.top
    unseen = _unseen(ex)
    sure = _least((*hand, top), wild)
    better = sum(n for card, n in unseen.items() if _least((*hand, card), wild) < sure)
    assert (sure, better) == (5, beating(ex.view, hand, sure))
    text = str(model.mistake(ex, "take stock"))
    assert f"from 9 to 5 for sure. From the stock, {better} of the {sum(unseen.values())}" in text
    # and averaged over the same cards, the stock leaves more than the sure 5
    mean = sum(n * _least((*hand, c), wild) for c, n in unseen.items()) / sum(unseen.values())
    assert mean > sure


def test_a_greedy_discard_is_told_how_many_cards_each_discard_leaves_to_help():
    model = _at("21-keep-the-draw")  # the 8h is the answer, the 9s leaves less now
    ex = model.exercise
    hand, wild = ex.view.hand, ex.view.wild
    unseen = _unseen(ex)

    def helping(card: str) -> int:
        kept = remove_one(hand, DECK.parse_card(card))
        now = min_deadwood(kept, wild)[0]
        return sum(n for c, n in unseen.items() if _least((*kept, c), wild) < now)

    text = str(model.mistake(ex, "discard 9s"))
    assert discard_class(ex.view, "discard 9s", "discard 8h") == "greedy"
    mine, theirs = helping("9s"), helping("8h")
    assert theirs > mine
    assert f"after the 8h, {theirs} of the {sum(unseen.values())} cards" in text
    assert f"after the 9s, only {mine}." in text


def test_a_pair_and_a_run_draw_are_counted_with_the_wild_cards():
    model = _at("15-keep-the-pair")  # queens wild: the pair 10h 10d against 10d Jd
    ex = model.exercise
    view = ex.view
    unseen = _unseen(ex)
    held = best_arrangement(view.hand, view.wild)
    pair = partial(view, held, DECK.parse_card("Th"))
    run = partial(view, held, DECK.parse_card("Jd"))
    assert pair is not None and pair[0] == "set" and run is not None and run[0] == "run"
    wild = sum(n for c, n in unseen.items() if c.rank == view.wild)
    tens = sum(n for c, n in unseen.items() if c.rank == "T")
    # 10d Jd: the 9d below or the Qd above (wild anyway); the Kd leaves a gap
    ends = sum(n for c, n in unseen.items() if c.suit == "d" and c.rank in ("9", "Q"))
    ends -= sum(n for c, n in unseen.items() if c.suit == "d" and c.rank == view.wild)
    assert completing(view, pair[1]) == tens + wild
    assert completing(view, run[1]) == ends + wild
    text = str(model.mistake(ex, "discard Th"))
    assert f"the pair 10h 10d, which {tens + wild} of the cards" in text
    assert f"two to a run, 10d Jd, which {ends + wild} of the cards" in text


# -- the position in words ------------------------------------------------------------------------
@pytest.mark.parametrize("number", range(len(POSITIONS)))
def test_the_task_says_the_round_the_hand_and_the_table(number):
    model = ThreeThirteenPractice().at(number)
    ex = model.exercise
    view = ex.view
    text = str(model.task(ex))
    assert f"Round {view.round} of 11: {view.hand_size} cards each" in text
    assert f"The top discard is the {card_text(view.top)}" in text
    for card in best_arrangement(view.hand, view.wild).deadwood:
        assert card_text(card) in text
    assert ("this is your last turn" in text) == (view.went_out is not None)
    if view.phase == "discard":
        assert "You drew the" in text or "You took the" in text
    assert "Totals so far: You (P1) " in text


def test_the_opponents_last_move_is_this_rounds():
    """At the start of a round the opponent has not moved yet: its last move, the round
    before, is not told (nor the laying down of the hands)."""
    model = _at("06-take-wild")
    ex = model.exercise
    assert ex.view.round == 3 and ex.view.discard == (ex.view.top,)
    text = str(model.task(ex))
    assert "Last move" not in text and "laid down" not in text
    later = _at("09-take-stock")
    assert "Last move: Player 2 discards the Kc." in str(later.task(later.exercise))


def test_a_broken_meld_is_told_with_the_solvers_deadwood():
    """The deadwood figures a discard's feedback gives are the solver's, for the cards kept."""
    model = _at("11-throw-high")
    ex = model.exercise
    hand, wild = ex.view.hand, ex.view.wild
    after = min_deadwood(remove_one(hand, DECK.parse_card("Ts")), wild)[0]
    best = min_deadwood(remove_one(hand, DECK.parse_card("Kd")), wild)[0]
    assert (after, best) == (17, 1)
    text = str(model.mistake(ex, "discard Ts"))
    assert "10s 10h 10c (set)" in text
    assert f"deadwood {after} now, against {best} after discarding the Kd" in text
