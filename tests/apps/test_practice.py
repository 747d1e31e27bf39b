"""Every game's find-the-move practice (`cardlab.apps.practice`): at least 20 positions, easy to
hard; each has exactly the graded answers it claims, recounted here by the game's engine or AI;
every wrong answer gets the feedback written for its class; nothing names a card the seat had
not seen; the hint, the class sequence, the link and the view."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.practice import SEAT, PracticeModel
from cardlab.core.conformance import SeenSoFar
from cardlab.core.i18n import using_language
from cardlab.widgets.quiz import QuizView, plain

APPS = Path(__file__).resolve().parents[2] / "cardlab" / "apps"


def _practices() -> dict[str, type[PracticeModel]]:
    found = {}
    for path in sorted(APPS.glob("*/practice.py")):
        module = importlib.import_module(f"cardlab.apps.{path.parent.name}.practice")
        classes = [
            c
            for _, c in inspect.getmembers(module, inspect.isclass)
            if issubclass(c, PracticeModel) and c.__module__ == module.__name__
        ]
        assert len(classes) == 1, f"{path}: one practice per game, found {classes}"
        found[path.parent.name] = classes[0]
    return found


PRACTICES = _practices()
GAMES = sorted(PRACTICES)
CASES = [(game, n) for game in GAMES for n in range(len(PRACTICES[game].positions))]


def graded(model: PracticeModel) -> set[str]:
    """The moves the game grades best at ``model``'s position: the top value, exactly, where
    every move is counted exactly; where a move is simulated, the top one only when it beats
    every other by more than the simulation's margin of the difference (else nothing is clear)."""
    ex = model.exercise
    reviewer = model.reviewer()
    values = reviewer.values(ex.view, ex.legal, ex.legal)
    top = max(v.value for v in values)
    if all(v.exact for v in values):
        return {m for m, v in zip(ex.legal, values, strict=True) if v.value >= top - 1e-9}
    first = max(range(len(values)), key=lambda i: values[i].value)
    clear = all(
        top - v.value > v.margin + values[first].margin for i, v in enumerate(values) if i != first
    )
    return {ex.legal[first]} if clear else set()


def test_every_game_has_its_practice():
    assert "triad" in PRACTICES


@pytest.mark.parametrize("game", GAMES)
def test_twenty_positions_from_easy_to_hard(game):
    cls = PRACTICES[game]
    levels = [p.level for p in cls.positions]
    assert len(levels) >= 20
    assert levels == sorted(levels) and set(levels) == {1, 2, 3}
    assert len({p.name for p in cls.positions}) == len(levels)
    assert all(str(p.hint) for p in cls.positions)


@pytest.mark.parametrize(("game", "number"), CASES)
def test_the_moves_offered_are_legal_as_the_engine_writes_them(game, number):
    """A position that offers a few moves offers them as the engine writes them, each once (the
    page checks each one alone, so a text it reads but would write otherwise is caught here);
    a position that offers none offers every legal move."""
    model = PRACTICES[game]().at(number)
    ex = model.exercise
    legal = [str(a) for a in ex.replay.game.legal_actions(ex.replay.state)]
    if ex.position.offered:
        assert set(ex.position.offered) <= set(legal)
        assert len(set(ex.position.offered)) == len(ex.position.offered)
    else:
        assert list(ex.legal) == legal


@pytest.mark.parametrize(("game", "number"), CASES)
def test_a_position_has_exactly_the_answers_it_claims(game, number):
    model = PRACTICES[game]().at(number)
    ex = model.exercise
    assert ex.replay.current_player == SEAT
    claimed = set(ex.position.answers)
    assert claimed <= set(ex.legal), "every answer is a legal move"
    assert graded(model) == claimed
    ai = model.reviewer().ai(ex.view, ex.legal).action
    assert any(model.reviewer().same(ex.view, ai, a) for a in claimed), (
        "the AI's reason explains the answer: it plays it"
    )


@pytest.mark.parametrize(("game", "number"), CASES)
def test_every_answer_is_marked_and_every_wrong_one_says_why(game, number):
    """Right answers are marked right; each wrong one gets its class's feedback, its value
    against the answer's, and the reasoning; nothing names a card seat 0 had not seen."""
    model = PRACTICES[game]().at(number)
    ex = model.exercise
    seen = SeenSoFar(ex.replay)
    step = len(ex.replay)
    for label, move in model.choices():
        right, head, body = model.feedback(move)
        assert right == (move in ex.position.answers)
        text = plain(f"{model.prompt()} {label} {head} {body}")
        assert not seen.leaks(text, SEAT, step), (move, text)
        if not right:
            mistake = str(model.mistake(ex, move))
            assert mistake and mistake in plain(str(body))
        assert "Why" in plain(str(body))


@pytest.mark.parametrize("game", GAMES)
def test_the_position_is_drawn_from_the_seats_eyes(game):
    for number in (0, len(PRACTICES[game].positions) - 1):
        model = PRACTICES[game]().at(number)
        ex = model.exercise
        drawing = model.picture("high-contrast")
        texts = drawing.texts()
        assert texts and not SeenSoFar(ex.replay).leaks(" ".join(texts), SEAT, len(ex.replay))


@pytest.mark.parametrize("game", GAMES)
def test_the_hint_comes_on_request_and_goes_with_the_answer(game):
    model = PRACTICES[game]().at(0)
    assert model.hint_text() == "" and model.marked() == ""
    hinted = model.with_hint()
    assert hinted.hint_text().startswith("Hint: ") and "Hint: " in hinted.marked()
    answered = hinted.answer(hinted.exercise.position.answers[0])
    assert answered.hint_text() == "" and answered.right == 1 and answered.asked == 1
    assert not answered.next_question().hinted


@pytest.mark.parametrize("game", GAMES)
def test_positions_go_on_in_order_and_round_again(game):
    cls = PRACTICES[game]
    model = cls()
    names = []
    for _ in range(len(cls.positions) + 1):
        names.append(model.exercise.position.name)
        model = model.next_question()
    assert names == [p.name for p in cls.positions] + [cls.positions[0].name]
    code = cls().in_class("MATH7B")
    again = cls().in_class("MATH7B")
    assert code.exercise.position == again.exercise.position and code.number == 1


@pytest.mark.parametrize("game", GAMES)
def test_a_link_opens_a_position_and_refuses_a_bad_one(game):
    cls = PRACTICES[game]
    model = cls().at(4)
    assert model.position() == {"position": "5"}
    opened, notices = cls().at_link(model.position())
    assert opened.exercise == model.exercise and not notices
    _, notices = cls().at_link({"position": "2", "step": "3"})
    assert notices and "step" in notices[0]
    for bad in ("0", str(len(cls.positions) + 1), "x", "1e3", ""):
        with pytest.raises(ValueError, match="position"):
            cls().at_link({"position": bad})


@settings(max_examples=40, deadline=None)
@given(text=st.text(max_size=30))
def test_any_link_text_opens_a_position_or_says_why(text):
    cls = PRACTICES["triad"]
    try:
        model, _ = cls().at_link({"position": text})
    except ValueError as error:
        assert "position" in str(error)
    else:
        assert model.exercise.position in cls.positions


def test_the_view_offers_the_hint_until_the_answer_and_shares_the_position():
    cls = PRACTICES["triad"]
    view = QuizView(cls())
    assert view.share_key == "practice" and view.position() == {"position": "1"}
    assert view.hint_button.layout.display is None and not view.hint_button.disabled
    view.hint_button.click()
    assert "Hint:" in view.feedback.value and view.hint_button.disabled
    wrong = next(
        m for _, m in view.model.choices() if m not in view.model.exercise.position.answers
    )
    view.choice.value = wrong
    assert view.model.chosen is None and not view.check_button.disabled, "chosen, not answered"
    view.check_button.click()
    assert "Not the best move." in view.feedback.value and view.model.asked == 1
    view.choice.value = view.model.exercise.position.answers[0]
    view.check_button.click()
    assert "Right." in view.feedback.value and view.model.right == 0, "a second answer: no count"
    assert view.open_position({"position": "3"}) == [] and view.model.seed == 2
    assert view.hint_button.disabled is False


def test_a_first_answer_is_a_row_of_the_students_results_and_a_second_is_not():
    """Results go where a quiz's go: the student's file (and, on a class's page, the class
    record, as every quiz row does)."""
    cls = PRACTICES["triad"]
    view = QuizView(cls())
    ex = view.model.exercise
    wrong = next(m for _, m in view.model.choices() if m not in ex.position.answers)
    view.choice.value = wrong
    view.check_button.click()
    view.choice.value = ex.position.answers[0]
    view.check_button.click()
    (row,) = view.results.results
    assert row.kind == "quiz" and row.game == "triad" and row.right is False
    assert row.question.startswith("Find the move") and row.answer


def test_a_practice_reads_in_the_pages_language():
    model = PRACTICES["triad"]().at(2)
    with using_language("ru"):
        prompt = model.prompt()
        wrong = next(m for _, m in model.choices() if m not in model.exercise.position.answers)
        _, head, body = model.feedback(wrong)
    assert "Find the move" not in prompt and "Not the best move" not in head
    assert "Your move" not in body
