"""The Pyramid Poker lesson app, driven without a browser: a whole game played by handler calls
and clicks on hit boxes, hidden faces kept out of the drawing, refusals that change nothing,
the score sheet's arithmetic, the stepper, the quiz and the odds."""

from fractions import Fraction

import pytest

from cardlab.apps.pyramid_poker import (
    BlockQuiz,
    GameStepper,
    OddsLesson,
    PyramidPokerComponents,
    PyramidPokerPlay,
    ScoringExample,
    ThemePicker,
    bot_game,
    quiz_position,
)
from cardlab.apps.pyramid_poker_draw import TablePicture, table_picture
from cardlab.apps.pyramid_poker_play import LEARNER
from cardlab.games.pyramid_poker import observe
from cardlab.render import HIDDEN, Sprite


@pytest.fixture
def picker():
    return ThemePicker()


def face_codes(drawing):
    """The block faces drawn (sprite keys look like ``face:blocks:<code>:...``)."""
    return [
        op.key.split(":")[2]
        for op in drawing.ops
        if isinstance(op, Sprite) and op.key.startswith("face:blocks:")
    ]


def targets(drawing, prefix):
    return [box.target for box in drawing.hit_boxes() if box.target.startswith(prefix)]


def test_build_by_clicking_a_slot_shows_only_the_learners_own_faces(picker):
    table = PyramidPokerPlay(picker, seed=1)
    assert table.stage == "place" and table.replay.current_player == LEARNER
    drawn = table.observation.holding
    assert drawn is not None and drawn.code in face_codes(table.view.drawing)
    placed = table.state.placed
    slots = targets(table.view.drawing, "slot:")
    assert slots and all(int(t.split(":")[1]) in table.observation.open_slots for t in slots)
    table.view.click(slots[0])
    state = table.state
    k = int(slots[0].split(":")[1])
    assert state.pyramid[k] == drawn and state.placer[k] == LEARNER
    # the bot has placed too and it is the learner's turn again
    assert table.stage == "place" and state.placed == placed + 2
    faces = face_codes(table.view.drawing)
    assert drawn.code in faces
    bot_blocks = [state.pyramid[j] for j, p in enumerate(state.placer) if p == 1]
    assert bot_blocks and all(c.code not in faces for c in bot_blocks)  # 54 distinct blocks
    assert "you" in table.view.drawing.texts()


def test_illegal_moves_show_the_engines_reason_and_change_nothing(picker):
    table = PyramidPokerPlay(picker, seed=1)
    before = table.replay
    table.view.click("slot:20")  # needs two blocks below it
    assert table.replay is before
    assert "no overhangs" in table.status.widget.value
    table.hand_buttons["left"].click()  # not the assign phase
    assert table.replay is before and "place the drawn block" in table.status.widget.value
    table.keep_buttons[0].click()
    assert table.replay is before and "nothing to keep" in table.status.widget.value


def test_a_whole_game_by_hints_ends_with_the_arithmetic_on_the_score_sheet(picker):
    table = PyramidPokerPlay(picker, seed=3)
    assert table.scores.rows == []
    seen = set()
    for _ in range(200):
        if table.stage == "over":
            break
        seen.add(table.stage)
        if table.stage == "assign":
            # the learner's taken block is shown and the hand buttons are live
            assert (
                not table.hand_buttons["left"].disabled or not table.hand_buttons["right"].disabled
            )
        table.play_hint_button.click()
    assert table.stage == "over"
    assert {"place", "take", "assign"} <= seen
    result = table.state.results[-1]
    labels = [row[0] for row in table.scores.rows]
    assert labels[:4] == ["Left", "Centre", "Right", "Bonus"]
    assert table.scores.totals == result.points
    assert "Game over" in table.verdict.value and "=" in table.verdict.value
    assert table.play_hint_button.disabled
    table.hand_buttons["left"].click()
    assert "over" in table.status.widget.value
    table.new_button.click()
    assert table.stage == "place" and table.scores.rows == []


def test_take_phase_by_clicking_a_free_block_then_a_hand(picker):
    table = PyramidPokerPlay(picker, seed=4)
    while table.stage == "place":
        table.play_hint_button.click()
    assert table.stage == "take"
    free = targets(table.view.drawing, "card:")
    free_now = [t for t in free if int(t.split(":")[1]) in table.observation.free_slots]
    covered = [t for t in free if int(t.split(":")[1]) not in table.observation.free_slots]
    if covered:
        before = table.replay
        table.view.click(covered[0])
        assert table.replay is before and "on top of it" in table.status.widget.value
    table.view.click(free_now[0])
    assert table.stage in ("assign", "keep")
    if table.stage == "keep":
        table.view.click(targets(table.view.drawing, "pick:")[0])
        assert table.stage == "assign"
    block = table.state.pending
    table.view.click("hand:centre")
    assert block in table.state.hands[LEARNER][1]


def test_the_hint_names_a_legal_action_with_a_reason(picker):
    table = PyramidPokerPlay(picker, seed=1)
    table.hint_button.click()
    assert "Hint:" in table.hint_box.value
    decision = table.hint()
    assert decision.action in table.replay.game.legal_actions(table.state)
    assert decision.reason


def test_the_table_picture_draws_hidden_blocks_as_backs():
    from cardlab.core.cards import parse

    a, b = parse("As Kh", "blocks")
    rows = [[a, HIDDEN, None, None, None, None, None, None]]
    drawing = table_picture(TablePicture(rows, marks={0: "you"}, drawn=b))
    assert face_codes(drawing).count("As") == 1 and "Kh" in face_codes(drawing)
    assert "card:1" in targets(drawing, "card:") and "slot:2" in targets(drawing, "slot:")
    assert "you" in drawing.texts()


def test_components_and_stepper_with_eyes(picker):
    comp = PyramidPokerComponents(picker)
    assert comp.sheet.drawing is not None and "you" in comp.table.drawing.texts()
    stepper = GameStepper(picker, seed=2)
    assert stepper.replay.is_terminal
    step = stepper.stepper.step
    assert stepper.stepper.state.phase == "place"
    teacher = face_codes(stepper.view.drawing)
    stepper.eyes.value = 0
    mine = face_codes(stepper.view.drawing)
    assert len(mine) <= len(teacher)
    stepper.stepper.go(len(stepper.replay))
    assert "=" in stepper.arithmetic.value
    assert step >= 0
    _replay, reasons = bot_game(2)
    assert reasons and all(isinstance(r.text(), str) and r.text() for _, r in reasons.values())


def test_the_quiz_marks_the_bots_choice(picker):
    q = quiz_position(1)
    assert q.replay.state.phase == "assign" and q.answer in ("left", "centre", "right")
    assert observe(q.replay.state, q.seat).pending is not None
    quiz = BlockQuiz(picker, seed=1)
    wrong = next(v for _, v in quiz.choice.options if v != quiz.q.answer)
    assert quiz.answer(wrong) is False
    assert quiz.answer(quiz.q.answer) is True
    assert quiz.right == 0 and quiz.asked == 1
    quiz.new_button.click()
    assert quiz.seed == 2 and quiz.feedback.value == ""


def test_the_worked_example_scores_8_to_3():
    example = ScoringExample()
    assert example.sheet.totals == (8, 3)
    assert "Player 1 wins" in example.verdict.value
    example.a.value = "nonsense"
    example.button.click()
    assert example.sheet.totals == (8, 3)
    assert "not a card" in example.status.widget.value


def test_the_odds_lesson_uses_exact_fractions():
    odds = OddsLesson()
    assert odds.jokers.rows and all(isinstance(r.exact, Fraction) for r in odds.jokers.rows)
    assert sum(r.exact for r in odds.jokers.rows[:3]) == 1
    assert odds.hands.rows
