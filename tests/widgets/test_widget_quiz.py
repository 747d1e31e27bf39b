"""The shared quiz widget, driven by a toy question set."""

from dataclasses import dataclass

import pytest

from cardlab.apps.quiz import QuizModel
from cardlab.render.ops import Drawing
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.theme import ThemePicker


@dataclass(frozen=True, kw_only=True)
class Parity(QuizModel):
    """Is the seed even?  A question set small enough to check every answer."""

    answers: tuple[tuple[str, str], ...] = (("yes", "yes"), ("no", "no"))

    def deal(self):
        return self.seed % 2 == 0

    def prompt(self):
        return f"<p>Is {self.seed} even?</p>"

    def choices(self):
        return self.answers

    def feedback(self, value):
        if value == "boom":
            raise ValueError("that is not an answer")
        right = (value == "yes") == self.question
        return right, "<b>Right!</b>" if right else "<b>Not quite.</b>", ""

    def picture(self, theme):
        return Drawing(100, 50, ())


def test_first_answers_count_and_new_question_resets():
    quiz = QuizView(Parity(seed=2), ThemePicker())
    assert "Is 2 even?" in quiz.question.value and quiz.tally.value == "Right first time: 0 of 0"
    quiz.choice.value = "no"
    assert "Not quite" in quiz.feedback.value
    quiz.choice.value = "yes"
    assert "Right" in quiz.feedback.value and (quiz.right, quiz.asked) == (0, 1)
    quiz.new_button.click()
    assert quiz.seed == 3 and quiz.feedback.value == "" and quiz.choice.value is None
    quiz.choice.value = "no"
    assert (quiz.right, quiz.asked) == (1, 2) and quiz.tally.value == "Right first time: 1 of 2"


def test_an_error_while_marking_becomes_a_status_message():
    quiz = QuizView(Parity(seed=1, answers=(("yes", "yes"), ("boom", "boom"))), ThemePicker())
    quiz.choice.value = "boom"
    assert quiz.status.level == "error" and "not an answer" in quiz.status.message
    assert quiz.asked == 0 and quiz.model.chosen is None


def test_an_answer_that_is_none_of_the_choices_is_refused_and_changes_nothing():
    quiz = Parity(seed=1)
    with pytest.raises(ValueError, match="'maybe' is not one of the answers: yes, no"):
        quiz.answer("maybe")
    assert quiz.answer("no").answer("yes").asked == 1, "a second answer is never counted"


def test_a_class_asks_its_questions_in_one_order_and_my_answers_download(monkeypatch):
    from urllib.parse import unquote

    from cardlab.core.classdeals import class_seed
    from cardlab.core.results import read_results
    from cardlab.lessons.page_state import SERVER_CLASS
    from cardlab.widgets.a11y import page_script

    monkeypatch.setenv(SERVER_CLASS, "MATH7B")
    script = page_script()
    before = script.location
    try:
        page = LessonPage("quiz")
        a, b = page.show(Parity(seed=2)), page.show(Parity(seed=9))
        first = class_seed("MATH7B", "quiz-quiz", 1)  # a quiz outside cardlab.apps: "quiz"
        assert a.seed == b.seed == first and "Class question 1 of code MATH7B" in a.tally.value
        a.choice.value = "yes"
        a.new_button.click()
        assert a.seed == class_seed("MATH7B", "quiz-quiz", 2)
        script.location = "?class=other"  # the link's class wins
        assert a.seed == class_seed("OTHER", "quiz-quiz", 1) and a.model.number == 1
        href = a.results.link.value.split('href="', 1)[1].split('"', 1)[0]
        (row,) = read_results(unquote(href.removeprefix("data:text/csv;charset=utf-8,")))
        assert (row.kind, row.class_code, row.deal) == ("quiz", "MATH7B", 1)  # class question 1
        assert row.question == f"Is {first} even?" and row.answer == "yes"
        assert row.right is (first % 2 == 0)
        assert 'download="cardlab-quiz-results.csv"' in a.results.link.value
    finally:
        script.location = before
