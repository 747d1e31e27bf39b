"""A quiz kept in the browser (`QuizModel.kept` / `back`): every lesson's quiz, in class and
out, comes back as it was, at any point of its questions; anything else a kept page could hold
is refused with one message, the quiz unchanged."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_quiz_rules import QUIZZES

from cardlab.apps.quiz import QuizModel


def quiz_of(game: str, class_code: str = "") -> QuizModel:
    name, seed = QUIZZES[game]
    quiz_class = getattr(importlib.import_module(f"cardlab.apps.{game}.quiz"), name)
    quiz: QuizModel = quiz_class(seed=seed)
    return quiz.in_class(class_code)


@pytest.mark.parametrize("class_code", ["", "KEPT"])
@pytest.mark.parametrize("game", sorted(QUIZZES))
@settings(max_examples=10, deadline=None)
@given(answers=st.lists(st.tuples(st.booleans(), st.integers(0, 9)), max_size=6))
def test_a_kept_quiz_comes_back_as_it_was(game, class_code, answers):
    quiz = quiz_of(game, class_code)
    for answer, pick in answers:
        if answer:
            choices = quiz.choices()
            quiz = quiz.answer(choices[pick % len(choices)][1])
        else:
            quiz = quiz.next_question()
    fresh = quiz_of(game, class_code)
    back = fresh.back(quiz.kept())
    assert back == quiz
    assert back.prompt() == quiz.prompt() and back.tally() == quiz.tally()


KEPT = st.dictionaries(
    st.sampled_from(["seed", "number", "chosen", "right", "asked", "counted", "other"]),
    st.text(max_size=12) | st.integers(-(2**70), 2**70).map(str),
    max_size=7,
)


@pytest.mark.parametrize("class_code", ["", "KEPT"])
@settings(max_examples=150, deadline=None)
@given(kept=KEPT)
def test_any_kept_text_gives_a_quiz_that_fits_or_is_refused(class_code, kept):
    quiz = quiz_of("triad", class_code)
    try:
        back = quiz.back(kept)
    except ValueError as exc:
        assert "kept answers do not fit" in str(exc)
        return
    assert 0 <= back.right <= back.asked
    assert back.chosen is None or back.chosen in [v for _, v in back.choices()]
    assert back.class_code == class_code and back.rules == quiz.rules
