"""Every lesson's quiz follows the page's rules (issue #15): a change of rules deals the current
question again under them, the question says which rules it is asked under, "Standard rules"
brings the standard question back, and the right answer is the engine's under those rules."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.apps.rules_words import changed_rules, rules_note
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView

QUIZZES: dict[str, tuple[str, int]] = {
    "triad": ("WhichHandWins", 1),
    "doudizhu": ("CombinationQuiz", 1),
    "three_thirteen": ("DeadwoodQuiz", 1),
    "pyramid_poker": ("BlockQuiz", 1),
    "triangle": ("StatementQuiz", 3),
    "pyramid": ("ShowdownQuiz", 1),
}
"""Each lesson's quiz class and the seed its lesson page builds it with."""

CHANGES: list[tuple[str, dict[str, Any], range]] = [
    ("triad", {"jokers": "wild"}, range(1, 8)),
    ("triad", {"jokers": "wild", "five_of_a_kind": False}, range(1, 40)),
    ("doudizhu", {"ruleset": "pagat"}, range(1, 40)),
    ("three_thirteen", {"aces": "high_or_low"}, range(1, 10)),
    ("three_thirteen", {"max_wilds_per_meld": 1}, range(1, 20)),
    ("pyramid_poker", {"scoring": "basic"}, range(7, 12)),
    ("pyramid_poker", {"all_three_no_pair_penalty": True}, range(7, 12)),
]
"""Rules that change a lesson's questions, and seeds among which one question changes."""

SAME: list[tuple[str, dict[str, Any]]] = [
    ("triad", {"players": 6}),
    ("triad", {"five_of_a_kind": False}),  # no five of a kind without the jokers
    ("three_thirteen", {"players": 5, "no_immediate_rediscard": True}),
    ("pyramid_poker", {"target": 12}),
    ("triangle", {"on_tie": "shared"}),
    ("triangle", {"tie_void": 0.5, "target": 11}),
    ("pyramid", {"players": 4, "max_draw": 2}),
]
"""Rules the lessons expose that no question depends on."""


def questions(lesson: str) -> Any:
    return importlib.import_module(f"cardlab.apps.{lesson}.questions")


def build(lesson: str) -> tuple[LessonPage, QuizView]:
    """The page and its quiz, built as the lesson's code cells build them."""
    name, seed = QUIZZES[lesson]
    page = LessonPage(lesson)
    model = getattr(importlib.import_module(f"cardlab.apps.{lesson}.quiz"), name)(seed=seed)
    quiz = page.show(model)
    return page, quiz


def set_rules(page: LessonPage, rules: dict[str, Any]) -> None:
    for name, value in rules.items():
        page.rules.controls[name].value = value


def shows(quiz: QuizView, asked: Any) -> bool:
    """Whether the quiz shows the question ``asked`` and marks its answer right."""
    return (
        asked.prompt in quiz.question.value
        and tuple(quiz.choice.options) == asked.choices
        and quiz.model.feedback(asked.answer)[0]
    )


def differs(lesson: str, seed: int, options: dict[str, Any]) -> bool:
    """Whether the question for ``seed`` under ``options`` differs from the standard one in
    more than its note on the rules: its position or its answer."""
    module = questions(lesson)
    mine, standard = module.asked_for(seed, options), module.asked_for(seed)
    note = rules_note(lesson, options, module.RULES)
    return (mine.prompt.replace(note, ""), mine.answer) != (standard.prompt, standard.answer)


@pytest.mark.parametrize(("lesson", "rules", "seeds"), CHANGES, ids=str)
def test_a_rules_change_deals_the_question_again_under_the_rules(lesson, rules, seeds):
    page, quiz = build(lesson)
    module, seed = questions(lesson), quiz.seed
    standard = module.asked_for(seed)
    assert shows(quiz, standard) and "cardlab-rules-note" not in quiz.question.value
    set_rules(page, rules)
    options = page.options
    assert quiz.options == options and quiz.seed == seed
    asked = module.asked_for(seed, options)
    assert shows(quiz, asked)
    words = changed_rules(lesson, options, module.RULES)
    assert words and words in asked.prompt and "cardlab-rules-note" in quiz.question.value
    # the rules change a question's position or answer, not only its words
    assert any(differs(lesson, s, options) for s in seeds)
    page.rules.standard.click()
    assert quiz.options == page.options and shows(quiz, standard)
    assert "cardlab-rules-note" not in quiz.question.value


@pytest.mark.parametrize(("lesson", "rules"), SAME, ids=str)
def test_rules_no_question_depends_on_leave_the_question_and_its_answer(lesson, rules):
    page, quiz = build(lesson)
    shown = quiz.question.value
    right = questions(lesson).asked_for(quiz.seed).answer
    quiz.choice.value = right
    feedback, tally = quiz.feedback.value, quiz.tally.value
    set_rules(page, rules)
    assert page.rules.changed == rules
    assert quiz.question.value == shown and quiz.choice.value == right
    assert quiz.feedback.value == feedback and quiz.tally.value == tally == (
        "Right first time: 1 of 1"
    )


def test_the_tally_stays_and_a_question_answered_is_not_counted_twice():
    page, quiz = build("three_thirteen")
    quiz.choice.value = questions("three_thirteen").asked_for(quiz.seed).answer
    assert (quiz.right, quiz.asked) == (1, 1)
    seed = quiz.seed
    set_rules(page, {"aces": "high_or_low"})
    assert quiz.seed == seed and quiz.choice.value is None and quiz.feedback.value == ""
    again = questions("three_thirteen").asked_for(seed, page.options)
    quiz.choice.value = again.answer
    assert "Right" in quiz.feedback.value and (quiz.right, quiz.asked) == (1, 1)
    quiz.new_button.click()  # the next question is dealt under the page's rules, and counts
    following = questions("three_thirteen").asked_for(seed + 1, page.options)
    assert shows(quiz, following)
    quiz.choice.value = following.answer
    assert (quiz.right, quiz.asked) == (2, 2)


def test_a_quiz_built_after_the_rules_changed_asks_under_them():
    page = LessonPage("doudizhu")
    set_rules(page, {"ruleset": "pagat"})
    from cardlab.apps.doudizhu.quiz import CombinationQuiz

    quiz = QuizView(CombinationQuiz(seed=1), page)
    assert quiz.options["ruleset"] == "pagat"
    assert shows(quiz, questions("doudizhu").asked_for(1, {"ruleset": "pagat"}))


@pytest.mark.parametrize(
    ("lesson", "bad", "named"),
    [
        ("triad", {"jokers": "maybe"}, "jokers"),
        ("doudizhu", {"ruleset": "house"}, "ruleset"),
        ("three_thirteen", {"max_wilds_per_meld": -1}, "max_wilds_per_meld"),
        ("pyramid_poker", {"scoring": "fancy"}, "scoring"),
    ],
)
def test_bad_rules_are_refused_by_name_and_the_quiz_stays(lesson, bad, named):
    with pytest.raises(ValueError, match=named):
        questions(lesson).question(1, bad)
    _page, quiz = build(lesson)
    shown, options = quiz.question.value, quiz.options
    with pytest.raises(ValueError, match=named):
        quiz.rules_changed(bad)
    assert quiz.question.value == shown and quiz.options == options


def test_placement_refuses_an_unknown_scoring():
    from cardlab.games.pyramid_poker.placement import hand_gains

    q = questions("pyramid_poker").question(1)
    with pytest.raises(ValueError, match="scoring"):
        hand_gains(q.view, q.view.pending, scoring="points")


# -- the right answer is the engine's, for any seed and rules --------------------------------------
seeds = st.integers(min_value=1, max_value=10**6)
FEW = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FEW
@given(seed=seeds, jokers=st.sampled_from(["out", "wild"]), five=st.booleans())
def test_triad_the_winner_is_the_engines(seed, jokers, five):
    from cardlab.games.triad import evaluate

    q = questions("triad").question(seed, {"jokers": jokers, "five_of_a_kind": five})
    five = five or jokers == "out"
    values = [evaluate(h, jokers, five) for h in q.hands]
    best = max(values)
    winners = [i for i, v in enumerate(values) if v == best]
    assert q.answer == (str(winners[0]) if len(winners) == 1 else "tie")
    assert (jokers == "wild") == ("Jokers: wild" in questions("triad").prompt_html(q))


@settings(max_examples=30, deadline=None)
@given(
    seed=seeds,
    aces=st.sampled_from(["low", "high_or_low"]),
    limit=st.none() | st.integers(min_value=0, max_value=13),
)
def test_three_thirteen_the_deadwood_is_the_solvers(seed, aces, limit):
    from cardlab.games.three_thirteen.game import meld_options
    from cardlab.games.three_thirteen.melds import min_deadwood

    q = questions("three_thirteen").question(seed, {"aces": aces, "max_wilds_per_meld": limit})
    assert q.answer == min_deadwood(q.hand, q.wild, meld_options(aces, limit))[0]
    assert q.answer in q.choices and len(set(q.choices)) == len(q.choices)
    assert q.hand == questions("three_thirteen").question(seed).hand  # the rules move the answer


@FEW
@given(seed=seeds, ruleset=st.sampled_from(["cardavia", "pagat"]))
def test_doudizhu_the_verdict_is_the_engines_under_the_ruleset(seed, ruleset):
    from cardlab.games.doudizhu import classify
    from cardlab.games.doudizhu.combos import beats

    q = questions("doudizhu").question(seed, {"ruleset": ruleset})
    readings = classify(q.play.counts, ruleset)
    right = {value for _, value in q.options if questions("doudizhu").feedback(q, value)[0]}
    if q.kind == "type":
        assert right == ({r.kind for r in readings} or {"none"})
    else:
        assert classify(q.table.counts, ruleset), "the table's play is legal under the rules"
        assert right == {"yes" if readings and beats(q.play.counts, q.table, ruleset) else "no"}


def test_pyramid_poker_the_best_hand_is_the_engines():
    from cardlab.games.pyramid_poker.placement import hand_gains

    module = questions("pyramid_poker")
    for seed in (1, 2):
        q = module.question(seed)
        assert (q.answer, q.gains) == hand_gains(q.view, q.view.pending, seed=seed)
        for scoring, penalty in (("basic", False), ("advanced", True)):
            rules = {"scoring": scoring, "all_three_no_pair_penalty": penalty}
            q = module.question(seed, rules)
            expected = hand_gains(q.view, q.view.pending, None, seed, scoring, penalty)
            assert (q.answer, q.gains) == expected
            assert module.feedback(q, q.answer)[0]
