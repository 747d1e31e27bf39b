"""The Pyramid Poker lesson app, driven without a browser: a whole game played by button presses
and clicks on hit boxes, hidden faces kept out of the drawing, refusals that change nothing,
the score sheet's arithmetic, the stepper, the quiz and the odds."""

import re
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.model import LEARNER
from cardlab.apps.pyramid_poker.lesson import BuiltPyramid, PyramidPokerComponents, ScoringExample
from cardlab.apps.pyramid_poker.odds import OddsLesson, take_position
from cardlab.apps.pyramid_poker.questions import quiz_position
from cardlab.apps.pyramid_poker.quiz import BlockQuiz
from cardlab.apps.pyramid_poker.stepper import GameStepper, default_bots
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.games.pyramid_poker import observe, score_hands
from cardlab.lessons import deals
from cardlab.pictures.pyramid_poker import TablePicture, table_picture
from cardlab.render import HIDDEN, Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.guard import guarded
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


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


def tap(table, target):
    """A pointer click in the middle of ``target``'s hit box, as the browser sends it."""
    box = next(b for b in table.view.drawing.hit_boxes() if b.target == target)
    x, y = box.x + box.w / 2, box.y + box.h / 2
    assert table.view.drawing.hit(x, y) == target  # nothing drawn over it
    table.view.handle_pointer([(x * table.view.scale, y * table.view.scale)])  # guarded, as a click


def table_at(seed, picker):
    return TableView(PyramidPokerTable.start(seed=seed), picker)


def test_build_by_clicking_a_slot_shows_only_the_learners_own_faces(picker):
    table = table_at(1, picker)
    model = table.model
    assert model.stage == "place" and model.replay.current_player == LEARNER
    drawn = model.observation.holding
    assert drawn is not None and drawn.code in face_codes(table.view.drawing)
    placed = model.state.placed
    slots = targets(table.view.drawing, "slot:")
    assert slots and all(int(t.split(":")[1]) in model.observation.open_slots for t in slots)
    tap(table, slots[0])
    state = table.model.state
    k = int(slots[0].split(":")[1])
    assert state.pyramid[k] == drawn and state.placer[k] == LEARNER
    # the bot has placed too and it is the learner's turn again
    assert table.model.stage == "place" and state.placed == placed + 2
    faces = face_codes(table.view.drawing)
    assert drawn.code in faces
    bot_blocks = [state.pyramid[j] for j, p in enumerate(state.placer) if p == 1]
    assert bot_blocks and all(c.code not in faces for c in bot_blocks)  # 54 distinct blocks
    assert "you" in table.view.drawing.texts()
    assert "Player 1 places a block" in table.journal.value


def test_a_slot_chosen_in_the_list_then_place(picker):
    table = table_at(1, picker)
    slot = table.controls["slot"]
    open_slots = table.model.observation.open_slots
    assert [v for _, v in slot.options] == list(open_slots) and slot.value == open_slots[0]
    slot.value = open_slots[-1]
    assert table.model.slot == open_slots[-1]
    table.controls["place"].click()
    assert table.status.level == "ok", table.status.message
    assert table.model.state.placer[open_slots[-1]] == LEARNER
    # the options follow the position: the slot just filled is no longer offered
    assert open_slots[-1] not in [v for _, v in slot.options]
    assert slot.value == table.model.observation.open_slots[0]
    assert table.controls["block"].disabled and table.controls["take"].disabled


def test_illegal_moves_show_the_engines_reason_and_change_nothing(picker):
    table = table_at(1, picker)
    before = table.model
    guarded(table.status, table.view.click)("slot:20")  # needs two blocks below it
    assert table.model is before
    assert "no overhangs" in table.status.message
    table.controls["hand-left"].click()  # not the assign phase
    assert table.model is before and "place the drawn block" in table.status.message
    table.controls["keep-1"].click()
    assert table.model is before and "nothing to keep" in table.status.message
    with pytest.raises(ValueError, match="not one of"):
        table.press("slot", 20)  # not an open slot (the list offers only open ones)
    assert table.model is before
    tap(table, "drawn:0")  # the drawn block itself is not a move
    assert table.model is before and table.status.level == "error"


def test_a_whole_game_by_hints_ends_with_the_arithmetic_on_the_score_sheet(picker):
    table = table_at(3, picker)
    assert table.scores.rows == []
    assert "fills in at the showdown" in table.notes.value
    seen = set()
    for _ in range(200):
        if table.model.stage == "over":
            break
        seen.add(table.model.stage)
        if table.model.stage == "assign":
            # the learner's taken block is shown and the hand buttons are live
            c = table.controls
            assert not c["hand-left"].disabled or not c["hand-right"].disabled
        table.controls["play-hint"].click()
        assert table.status.level == "ok" and "played the hint" in table.status.message
    assert table.model.stage == "over"
    assert {"place", "take", "assign"} <= seen
    result = table.model.state.results[-1]
    labels = [row[0] for row in table.scores.rows]
    assert labels[:4] == ["Left", "Centre", "Right", "Bonus"]
    assert table.scores.totals == result.points
    assert "Game over" in table.notes.value and "=" in table.notes.value
    assert "cardlab-verdict" in table.notes.value
    assert table.controls["play-hint"].disabled and table.controls["hint"].disabled
    table.controls["hand-left"].click()
    assert "over" in table.status.message
    table.controls["new-game"].click()
    assert table.model.stage == "place" and table.scores.rows == []
    assert table.model.seed == 4 and "A new game" in table.status.message


def test_take_phase_by_clicking_a_free_block_then_a_hand(picker):
    table = table_at(4, picker)
    while table.model.stage == "place":
        table.controls["play-hint"].click()
    assert table.model.stage == "take"
    assert table.controls["slot"].disabled and not table.controls["take"].disabled
    free = targets(table.view.drawing, "block:")
    free_slots = table.model.observation.free_slots
    assert [v for _, v in table.controls["block"].options] == list(free_slots)
    free_now = [t for t in free if int(t.split(":")[1]) in free_slots]
    covered = [t for t in free if int(t.split(":")[1]) not in free_slots]
    if covered:
        before = table.model
        tap(table, covered[0])
        assert table.model is before and "on top of it" in table.status.message
    tap(table, free_now[0])
    assert table.model.stage in ("assign", "keep")
    if table.model.stage == "keep":
        tap(table, targets(table.view.drawing, "pick:")[0])
        assert table.model.stage == "assign"
    block = table.model.state.pending
    tap(table, "hand:centre")
    assert block in table.model.state.hands[LEARNER][1]


def test_a_free_block_chosen_in_the_list_then_take_then_a_hand_button(picker):
    table = table_at(4, picker)
    while table.model.stage == "place":
        table.controls["play-hint"].click()
    options = [v for _, v in table.controls["block"].options]
    table.controls["block"].value = options[-1]
    table.controls["take"].click()
    assert table.status.level == "ok", table.status.message
    assert table.model.stage in ("assign", "keep")
    if table.model.stage == "keep":
        key = next(f"keep-{i}" for i in (1, 2, 3) if not table.controls[f"keep-{i}"].disabled)
        assert table.controls[key].description.startswith("Keep ")
        table.controls[key].click()
    block = table.model.state.pending
    table.controls["hand-right"].click()
    assert block in table.model.state.hands[LEARNER][2]


def test_the_hint_names_a_legal_action_with_a_reason_and_play_the_hint_plays_it(picker):
    table = table_at(1, picker)
    table.controls["hint"].click()
    assert table.status.message.startswith("Hint: ")
    decision = table.model.decision()
    assert decision.action in table.model.game.legal_actions(table.model.state)
    words = table.model.game.move_words(table.model.state, decision.action)
    assert decision.reason and words in table.status.message  # "place the block in slot 7 ..."
    assert table.model.decision() == decision  # the same table, the same hint
    before = table.model
    table.controls["play-hint"].click()
    assert table.model.replay.actions[len(before.replay)] == decision.action


def test_the_bots_placements_keep_their_reasons_until_the_game_is_over(picker):
    table = table_at(2, picker)
    for _ in range(3):
        table.controls["play-hint"].click()
    placing = [e for e in table.model.log if e.seat == 1 and e.reason is not None]
    assert placing and all(e.reason.text(None) not in table.journal.value for e in placing)
    assert "Last moves" in table.journal.value


def test_the_table_picture_draws_hidden_blocks_as_backs():
    from cardlab.core.cards import parse

    a, b = parse("As Kh", "blocks")
    rows = [[a, HIDDEN, None, None, None, None, None, None]]
    drawing = table_picture(TablePicture(rows, marks={0: "you"}, drawn=b))
    assert face_codes(drawing).count("As") == 1 and "Kh" in face_codes(drawing)
    assert "block:1" in targets(drawing, "block:") and "slot:2" in targets(drawing, "slot:")
    assert not targets(drawing, "card:")  # a pyramid block is never a card of a hand
    assert "you" in drawing.texts()


def test_components_and_stepper_with_eyes(picker):
    comp = FigureView(PyramidPokerComponents(), picker)
    pyramid = FigureView(BuiltPyramid(), picker)
    assert comp.shown[0].canvas.drawing is not None
    assert "you" in pyramid.shown[0].canvas.drawing.texts()
    stepper = StepperView(GameStepper.start(), picker)
    assert stepper.replay.is_terminal
    step = stepper.stepper.step
    assert stepper.stepper.state.phase == "place"
    teacher = face_codes(stepper.view.drawing)
    stepper.eyes.value = 0
    mine = face_codes(stepper.view.drawing)
    assert len(mine) <= len(teacher)
    stepper.stepper.go(len(stepper.replay))
    assert "=" in stepper.notes.value
    assert step >= 0
    reasons = deals.load("pyramid_poker-whole-game").reasons_of(default_bots())
    assert reasons and all(isinstance(r.text(), str) and r.text() for _, r in reasons.values())
    picker.value = "high-contrast"
    assert comp.status.level != "error" and stepper.status.level != "error"
    assert pyramid.status.level != "error"


def test_the_quiz_marks_the_bots_choice(picker):
    q = quiz_position(1)
    assert q.replay.state.phase == "assign" and q.answer in ("left", "centre", "right")
    assert observe(q.replay.state, q.seat).pending is not None
    quiz = QuizView(BlockQuiz(seed=1), picker)
    assert quiz.view.drawing is not None
    wrong = next(v for _, v in quiz.choice.options if v != quiz.model.question.answer)
    assert quiz.answer(wrong) is False
    assert quiz.answer(quiz.model.question.answer) is True
    assert quiz.right == 0 and quiz.asked == 1
    quiz.new_button.click()
    assert quiz.seed == 2 and quiz.feedback.value == ""


def test_a_game_with_no_quiz_moment_that_far_in_asks_in_a_second_game():
    """Seed 6's game has no clear choice after its ``wanted`` takes (five "New question" clicks
    from the lesson's seed 1): the quiz asks in a second game rather than failing."""
    q = quiz_position(6)
    assert q.replay.seed == 10_006 and q.replay.state.phase == "assign"
    assert q.answer in ("left", "centre", "right") and quiz_position(6) == q


def test_a_quiz_position_kept_is_the_one_played_again():
    """`quiz_position` keeps the questions of the rules shown last ("Standard rules" finds its
    question again): a seeded game, so playing it again deals the same question."""
    for rules in ((1,), (1, "basic"), (2, "advanced", True)):
        assert quiz_position(*rules) is quiz_position(*rules)
        assert quiz_position.__wrapped__(*rules) == quiz_position(*rules)


def sheet_totals(sheet: str) -> list[str]:
    """The totals row of a score sheet's markup."""
    return re.findall(r"<strong>([^<]*)</strong>", sheet.split("<tfoot>")[1])


def test_the_worked_example_scores_8_to_3(picker):
    example = ScoringExample()
    assert example.result.advanced_points == (8, 3)
    _, _, _, sheet, said = example.blocks("default")
    assert sheet_totals(sheet.html) == ["8", "3"] and "Player 1 wins" in said.html
    typed = example.act("a", "nonsense")
    with pytest.raises(ValueError, match="not a card"):
        typed.act("score")
    assert typed.a == example.a and typed.lines[0] == "nonsense"  # the sheet stays, the line too
    view = FigureView(example, picker)
    view.controls["a"].value = "nonsense"
    view.controls["score"].click()
    assert sheet_totals(view.blocks[3].html) == ["8", "3"]
    assert "not a card" in view.status.widget.value
    assert view.controls["a"].value == "nonsense"  # the typed line stays to be mended
    view.controls["a"].value = "2c 4d 6h 8s Tc | 3c 5d 7h 9s Jc | 2d 4h 6s 9c Qd"
    view.controls["score"].click()
    assert view.status.level == "ok" and view.model.typed is None
    assert sheet_totals(view.blocks[3].html) == [str(p) for p in view.model.result.advanced_points]


BLOCKS = [rank + suit for rank in "23456789TJQKA" for suit in "shdc"]


@settings(max_examples=30, deadline=None)
@given(
    st.permutations(BLOCKS),
    st.sampled_from(("advanced", "basic")),
    st.booleans(),
)
def test_the_scoring_sheet_adds_up_to_the_engines_score(blocks, scoring, penalty):
    """Any two players' hands under any scoring: the sheet's totals are the engine's (the
    points, or the comparisons won), and its rows say the penalty exactly where it applies."""
    a, b = (" | ".join(" ".join(blocks[i : i + 5]) for i in range(k, k + 15, 5)) for k in (0, 15))
    rules = (("scoring", scoring), ("all_three_no_pair_penalty", penalty))
    example = ScoringExample(rules=rules).act("a", a).act("b", b).act("score")
    result = score_hands(a, b, scoring == "advanced", all_three_no_pair_penalty=penalty)
    sheet = example.blocks("default")[3].html
    expected = result.advanced_points if scoring == "advanced" else result.wins
    assert sheet_totals(sheet) == [str(n) for n in expected]
    assert ("<th scope='row'>Penalty</th>" in sheet) == (
        scoring == "advanced" and any(result.penalty)
    )


def test_the_odds_lesson_uses_exact_fractions():
    odds = OddsLesson()
    pharaohs = odds.pharaoh_rows()
    assert pharaohs and all(isinstance(r.exact, Fraction) for r in pharaohs)
    assert sum(r.exact for r in pharaohs[:3]) == 1
    assert odds.hand_rows() and sum(r.exact for r in odds.hand_rows()) == 1
    state = take_position()  # a position of the lesson's game, the stepper's curated deal
    assert state.phase == "assign" and state.turn == 0 and state.taken >= 12
    take = odds.blocks("default")[-1].html
    assert f"The game of section 2, {state.taken} blocks taken" in take
    assert f"the <b>{state.pending}</b>" in take


def test_the_quiz_writes_every_change_in_points_one_way(picker):
    """The quiz's own figures and the bot's reason under them: signed, two decimals each (the
    quiz once showed +0.550 above the bot's +0.79), and the bot's figure is said to be its own
    quick estimate, so two numbers for one choice do not look like a contradiction."""
    quiz = QuizView(BlockQuiz(seed=1), picker)
    quiz.answer(quiz.model.question.answer)
    figures = re.findall(r"[+\-\u2212]\d+\.\d+", quiz.feedback.value)
    assert len(figures) == len(quiz.model.question.gains) + 1
    assert all(re.fullmatch(r"[+\-]\d\.\d\d", f) for f in figures), figures
    assert "quick estimate" in quiz.feedback.value
