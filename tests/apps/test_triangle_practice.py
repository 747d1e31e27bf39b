"""Triangle's find-the-move practice (`cardlab.apps.triangle.practice`): what is special to it.
The generic checks (the answers recounted by the review, the hint, the order, the link) are in
``tests/apps/test_practice.py``.

Here: each position teaches what its name says; every class of wrong answer is reached by some
position and reads as that class; the counts the task and the feedback give are recounted from
the deal itself, card by card; the practice reads in Russian and Chinese.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from cardlab.apps.practice import SEAT, Exercise, PracticeModel
from cardlab.apps.triangle.practice import (
    CLAIM_MISTAKES,
    POSITIONS,
    STATEMENT_MISTAKES,
    TrianglePractice,
    claim_mistake,
    statement_mistake,
)
from cardlab.core.cards import Card
from cardlab.core.i18n import using_language
from cardlab.games.triangle.odds import best_statement, statement_odds
from cardlab.games.triangle.rules import VALUES, parse_statement

READS = {
    "false": "is false for certain",
    "forgot": "Counting only the cards in view now",
    "sure-point": "is a certain point, but a certain point is worth only",
    "other-pick": "pays as much as",
    "reached": "pays less but is true for",
    "settled": "is true more often",
    "same-odds": "is true just as often as",
    "worse": "is both less likely and worth less than",
    "passed-free": "a free point once you speak",
    "passed": "net already before you peek",
    "claimed": "less than the 0 of saying nothing",
}
"""Words only the feedback of each class of mistake says."""


def exercise(name: str) -> tuple[PracticeModel, Exercise]:
    number = next(i for i, p in enumerate(POSITIONS) if p.name == name)
    model = TrianglePractice().at(number)
    return model, model.exercise


def wrong_moves() -> list[tuple[str, str, str]]:
    """Every (position, wrong move, class of mistake) of the practice."""
    found = []
    for number, position in enumerate(POSITIONS):
        ex = TrianglePractice().at(number).exercise
        for move in ex.legal:
            if move in position.answers:
                continue
            if ex.view.phase == "claim":
                kind = claim_mistake(ex.view, move)
            else:
                kind = statement_mistake(ex.view, move, position.answers[0])
            found.append((position.name, move, kind))
    return found


def test_every_class_of_mistake_is_reached_and_reads_as_its_class():
    assert set(READS) == {*STATEMENT_MISTAKES, *CLAIM_MISTAKES}
    reached = Counter(kind for _, _, kind in wrong_moves())
    assert set(reached) == set(READS), f"classes never reached: {set(READS) - set(reached)}"
    for name, move, kind in wrong_moves():
        model, ex = exercise(name)
        words = str(model.mistake(ex, move))
        assert READS[kind] in words, (name, move, kind, words)
        others = [w for k, w in READS.items() if k != kind and w not in READS[kind]]
        assert not [w for w in others if w in words], (name, move, kind, words)


def test_each_position_teaches_what_its_name_says():
    for number, position in enumerate(POSITIONS):
        ex = TrianglePractice().at(number).exercise
        kind = position.name[3:]
        view = ex.view
        if kind.startswith(("claim", "pass")):
            assert view.phase == "claim"
            assert position.answers == ("no_claim" if kind.startswith("pass") else "claim",)
            a, b = (VALUES[c.rank] for s, c in enumerate(view.cards) if s != SEAT and c)
            assert (a % 2 == b % 2) == (kind == "claim-free"), position.name
            continue
        assert view.phase == "state" and len(position.answers) == 1
        said = parse_statement(position.answers[0].removeprefix("state "))
        odds = {o.statement: o for o in statement_odds(view)}
        if kind == "certain":
            assert said.kind == "S1" and odds[said].p_true == 1
        elif kind == "memory":  # the cards in view alone point elsewhere
            assert best_statement(view, remember=False).statement != said
            assert said.kind in ("S1", "S2", "S3")
        else:
            want = {"higher": "S3", "parity": "S2", "equal": "S4", "value": "S5"}[kind]
            assert said.kind == want, position.name


def seen_by_seat_0(ex: Exercise) -> list[Card]:
    """The cards seat 0 has seen this turn, from the deal itself (the teacher's state): every
    card of a scored round, the two others' cards of a void one, the Right to Speak of a round
    it spoke in, and now the two cards it sees and the Right to Speak if it holds it."""
    state = ex.state
    seen: list[Card] = []
    for record in state.rounds:
        if record.turn != state.turn:
            continue
        if record.speaker is None:
            seen += [c for s, c in enumerate(record.cards) if s != SEAT]
        else:
            seen += list(record.cards)
        if record.speaker == SEAT:
            seen.append(record.rts)
    seen += [c for s, c in enumerate(state.cards) if s != SEAT and c is not None]
    if state.speaker == SEAT:
        seen.append(state.rts)
    return seen


@pytest.mark.parametrize("name", ["01-certain", "13-equal", "15-value", "17-memory"])
def test_the_task_counts_the_unseen_cards_and_lists_the_earlier_ones(name):
    model, ex = exercise(name)
    seen = seen_by_seat_0(ex)
    task = str(model.task(ex))
    assert f"{24 - len(seen)} cards are left that you have not seen" in task
    assert f"peeked at it: {ex.state.rts}" in task
    earlier = seen[: len(seen) - 3]
    if earlier:
        assert f"Earlier this turn you saw {' '.join(str(c) for c in earlier)};" in task
    else:
        assert "Nothing was shown earlier this turn" in task


def test_the_feedback_counts_the_cards_that_make_a_statement_true():
    """15-value: "I am a 2" is the answer; "I am a 4" (the same 8 points) is true for fewer of
    the unseen cards: both counted here from the deal."""
    model, ex = exercise("15-value")
    assert ex.position.answers == ("state S5 2",)
    seen = Counter(VALUES[c.rank] for c in seen_by_seat_0(ex))
    unseen = 24 - sum(seen.values())
    twos, fours = 4 - seen[2], 4 - seen[4]
    assert fours < twos
    words = str(model.mistake(ex, "state S5 4"))
    assert (
        f"fewer of the {unseen} cards you have not seen make it true: {fours} against {twos}"
    ) in words


def test_a_forgotten_memory_is_counted_both_ways():
    """13-equal: "I am higher than my peers" is best on the cards in view; the earlier rounds
    make it a loser.  Both counts, and the net values, recounted from the deal."""
    model, ex = exercise("13-equal")
    view = ex.view
    peers = [VALUES[c.rank] for s, c in enumerate(view.cards) if s != SEAT and c]
    in_view = [*peers, VALUES[view.rts.rank]]
    seen = [VALUES[c.rank] for c in seen_by_seat_0(ex)]
    pack = [v for v in range(1, 7) for _ in range(4)]

    def left(gone):
        rest = Counter(pack)
        rest.subtract(gone)
        return [v for v, n in rest.items() for _ in range(n)]

    higher = [v for v in left(in_view) if v > max(peers)]
    higher_now = [v for v in left(seen) if v > max(peers)]
    equal_now = [v for v in left(seen) if v in peers]
    n_view, n_now = len(left(in_view)), len(left(seen))
    words = str(model.mistake(ex, "state S3"))
    assert f"looks best ({len(higher)} of {n_view}, net " in words
    assert f"only {len(higher_now)} of the {n_now} cards you have not seen make it true" in words
    net = (3 * len(higher_now) - 3 * (n_now - len(higher_now))) / n_now
    assert f"net {net:+.2f};" in words
    assert f"is true for {len(equal_now)} of them" in words


def test_a_claim_mistake_gives_the_best_statement_and_the_claim_value():
    model, ex = exercise("11-pass")
    words = str(model.mistake(ex, "claim"))
    best = best_statement(ex.view)
    assert f"\u201c{best.statement.words}\u201d, is worth only" in words
    value = model.reviewer().values(ex.view, ex.legal, ("claim",))[0].value
    assert value < 0 and f"claiming is worth {value:+.2f}" in words
    model, ex = exercise("03-claim-free")
    words = str(model.mistake(ex, "no_claim"))
    cards = [str(c) for s, c in enumerate(ex.view.cards) if s != SEAT and c]
    assert f"You can see {cards[0]} and {cards[1]}:" in words


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_the_practice_reads_in_russian_and_chinese(lang):
    english = re.compile(r"\b(?:the|you|is|and|of|statement|claim|worth)\b", re.IGNORECASE)
    for name, move, _ in wrong_moves():
        model, ex = exercise(name)
        with using_language(lang):
            words = f"{model.task(ex)} {model.mistake(ex, move)} {ex.position.hint}"
        assert not english.search(words), (name, move, words)
