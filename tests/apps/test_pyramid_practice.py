"""Pyramid's find-the-move practice (`cardlab.apps.pyramid.practice`), beyond what every game's
practice is checked for (`tests/apps/test_practice.py`): the moves an exchange offers, an answer
best of every legal discard, each class of wrong answer reached and written for, and the numbers
the feedback counts, counted again here another way."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from cardlab.apps.pyramid.practice import POSITIONS, PyramidPractice, codes, thrown
from cardlab.core.cards import PYRAMID
from cardlab.core.i18n import using_language
from cardlab.games.pyramid import GAME, HandClass, evaluate

CLASSES = {
    "broke": "breaks your pyramid",
    "kicker": "keeps your pyramid (",
    "stood-pat": "Standing pat keeps your hand",
    "keystone": "You threw the Keystone",
    "broke-pyramid": ", breaking your pyramid",
    "kept-pyramid": "but here breaking it pays",
    "colour": "the same levels as the answer",
    "kept-extra": "which the answer throws as well",
    "threw-extra": "as well, which the answer keeps",
    "swapped": "; the answer keeps",
    "folded": "You folded, but the pot pays",
    "called": "You called without the odds",
    "raised": "A raise puts",
    "checked": "You checked a strong hand",
    "folded-free": "You folded when checking was free",
}
"""Each class of wrong answer and the words its feedback reads with (and no other's)."""


def _number(number: int) -> PyramidPractice:
    model = PyramidPractice().at(number)
    assert isinstance(model, PyramidPractice)
    return model


def _at(name: str) -> PyramidPractice:
    return _number(next(i for i, p in enumerate(POSITIONS) if p.name == name))


def _wrong() -> list[tuple[PyramidPractice, str]]:
    out = []
    for number, position in enumerate(POSITIONS):
        model = _number(number)
        out += [(model, m) for _, m in model.choices() if m not in position.answers]
    return out


def test_an_exchange_offers_the_answer_and_the_few_moves_worth_weighing():
    for number, position in enumerate(POSITIONS):
        ex = _number(number).exercise
        if ex.view.phase != "draw":
            assert not position.offered and position.answers[0] in ex.legal
            continue
        legal = GAME.legal_actions(ex.state)
        assert len(legal) >= 16 > len(position.offered), "a few of many discards"
        assert 4 <= len(position.offered) <= 6 and "stand pat" in position.offered
        assert [m for m in legal if m in position.offered] == list(position.offered)


def test_an_exchanges_answer_is_the_best_of_every_legal_discard():
    """Not only of the moves offered: a choice never hides a better discard."""
    for number, position in enumerate(POSITIONS):
        ex = _number(number).exercise
        if ex.view.phase != "draw":
            continue
        hand = tuple(c for c in ex.view.hands[0] if c is not None)
        values = {
            codes(Counter(c.code for c in d)): v for d, v, _ in GAME.discard_values(ex.view, hand)
        }
        (answer,) = position.answers
        best = values.pop(codes(thrown(answer)))
        assert best > max(values.values()), position.name


def test_every_class_of_wrong_answer_is_reached_and_reads_as_its_class():
    reached: Counter[str] = Counter()
    for model, move in _wrong():
        kind = model.mistake_class(model.exercise, move)
        reached[kind] += 1
        text = str(model.mistake(model.exercise, move))
        reads = {name for name, words in CLASSES.items() if words in text}
        assert reads == {kind}, (model.exercise.position.name, move, text)
    assert set(reached) == set(CLASSES)


def test_the_classes_of_one_position():
    model = _at("03-small")  # 1P 1O 2G 2G 3G 3G: a perfect small Green pyramid
    ex = model.exercise
    assert codes(c for c in ex.view.hands[0] if c is not None) == "1P 1O 2G 2G 3G 3G"
    assert {m: model.mistake_class(ex, m) for m in ex.legal if m not in ex.position.answers} == {
        "stand pat": "stood-pat",
        "discard 1O": "kept-extra",
        "discard 1P 1O 2G": "threw-extra",
        "discard 1P 1O 3G": "broke-pyramid",
        "discard 1P 1O 2G 3G": "broke-pyramid",
    }


def _unseen(model: PyramidPractice) -> Counter[str]:
    """The cards seat 0 has not seen, counted from the deck and its own hand."""
    ex = model.exercise
    deck = Counter(c.code for c in PYRAMID.cards())
    return deck - Counter(c.code for c in ex.view.hands[0] if c is not None)


def test_a_kicker_thrown_counts_the_cards_that_make_a_better_pyramid():
    """2P 2P 2O 3G 3O 3O, a middle pyramid with a level-2 Purple kicker: throwing the kicker,
    only a level-1 card or the Keystone makes the pyramid better (full), since its level-2 cards
    are of two colours: no perfect middle pyramid."""
    model = _at("08-middle-pat")
    unseen = _unseen(model)
    outs = sum(n for code, n in unseen.items() if code[0] in "1K")
    assert (outs, sum(unseen.values())) == (10, 49)
    text = str(model.mistake(model.exercise, "discard 2P"))
    assert "only 10 of the 49 cards you have not seen" in text


def test_a_level_one_card_kept_counts_the_levels_held():
    model = _at("22-colour")  # 1O 2G 3P 3O 3O 3O
    text = str(model.mistake(model.exercise, "discard 3P 3O"))
    assert "You kept 1O," in text and "you hold 4 level-3 and 1 level-2" in text


def test_a_pyramid_kept_whole_names_the_draw_that_breaking_it_gives():
    """2P 2P 2O 3P 3P 3G: throwing 2O 3G, a perfect Purple middle pyramid comes from every draw
    of a level-3 and a level-2 Purple card, or of the Keystone with either: counted here over
    the 1,176 draws of two cards one at a time."""
    model = _at("23-break")
    kept = ["2P", "2P", "3P", "3P"]
    pool = list(_unseen(model).elements())
    draws = list(combinations(pool, 2))
    perfect = HandClass(2, 1, 0, 3)
    hits = sum(1 for draw in draws if evaluate(" ".join([*kept, *draw])).hand_class == perfect)
    assert len(draws) == 1176 and round(100 * hits / len(draws)) == 22
    text = str(model.mistake(model.exercise, "discard 2O"))
    assert "Middle pyramid (3-2), perfect Purple, 22% of the draws" in text


def test_a_colour_mistake_says_which_cards_of_one_colour_the_answer_keeps():
    model = _at("22-colour")  # 1O 2G 3P 3O 3O 3O: the answer keeps 2G 3O 3O
    text = str(model.mistake(model.exercise, "discard 1O 3O 3O"))
    assert "the answer keeps 3O 3O, 2 cards of one colour" in text
    model = _at("21-colour")  # 2P 2G 2O 2O 3P 3O: the answer keeps 2G, not 2O
    text = str(model.mistake(model.exercise, "discard 2G 2O"))
    assert "keeps the stronger cards" in text


@pytest.mark.parametrize(
    ("name", "need", "fair"), [("15-fold", "27%", "50%"), ("14-fold", "23%", "33%")]
)
def test_a_bet_counts_the_pot_odds_and_the_fair_share(name, need, fair):
    model = _at(name)
    view = model.exercise.view
    live = [s for s in range(3) if s != 0 and not view.folded[s]]
    assert len(view.opponents) == len(live)
    assert f"{round(100 * view.owed / (view.pot + view.owed))}%" == need
    assert f"{round(100 / (len(live) + 1))}%" == fair
    called = str(model.mistake(model.exercise, "call"))
    assert f"calling {view.owed} to win {view.pot} needs {need}" in called
    raised = str(model.mistake(model.exercise, "raise"))
    assert f"{fair} against {len(live)} opponent" in raised
    task = str(model.task(model.exercise))
    assert f"Calling costs {view.owed} into a pot of {view.pot}" in task


def test_the_task_says_the_hand_as_seat_0_holds_it():
    for number, position in enumerate(POSITIONS):
        model = _number(number)
        hand = [c.code for c in model.exercise.view.hands[0] if c is not None]
        task = str(model.task(model.exercise))
        shown = task.split("Your hand", 1)[1].split(": ", 1)[1].split(" (", 1)[0]
        assert Counter(shown.split()) == Counter(hand), position.name


def test_the_practice_reads_in_russian():
    model = _at("23-break")
    with using_language("ru"):
        task = str(model.task(model.exercise))
        texts = [str(model.mistake(model.exercise, m)) for m in model.exercise.legal[:3]]
        hint = str(model.exercise.position.hint)
    assert "Your hand" not in task and not any("You " in t for t in texts)
    assert "Sometimes" not in hint
