"""The shared quiz widget, driven by a toy question set."""

from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


class Parity(Quiz):
    """Is the seed even?  A question set small enough to check every answer."""

    def ask(self, seed):
        return f"<p>Is {seed} even?</p>", [("yes", "yes"), ("no", "no")]

    def mark(self, value):
        if value == "boom":
            raise ValueError("that is not an answer")
        right = (value == "yes") == (self.seed % 2 == 0)
        return right, "<b>Right!</b>" if right else "<b>Not quite.</b>"


def test_first_answers_count_and_new_question_resets():
    quiz = Parity(ThemePicker(), seed=2, size=(100, 50))
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
    quiz = Parity(ThemePicker(), seed=1, size=(100, 50))
    quiz.choice.options = [("yes", "yes"), ("boom", "boom")]
    quiz.choice.value = "boom"
    assert quiz.status.level == "error" and "not an answer" in quiz.status.message
    assert quiz.asked == 0
