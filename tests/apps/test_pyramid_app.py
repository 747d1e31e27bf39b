"""The Pyramid lesson app, driven without a browser: a hand played by button clicks, discards
chosen by clicking cards, the AI's hidden cards kept hidden, refusals, the ladder, odds, advisor,
stepper and quiz."""

import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.pyramid.lesson import (
    HandArranger,
    HandLadder,
    PyramidComponents,
    PyramidShapes,
    ladder_table_html,
)
from cardlab.apps.pyramid.odds import ExchangeAdvisor, OddsTable
from cardlab.apps.pyramid.questions import quiz_deal
from cardlab.apps.pyramid.quiz import ShowdownQuiz
from cardlab.apps.pyramid.stepper import HandStepper
from cardlab.apps.pyramid.table import PyramidTable
from cardlab.core.bots import RandomBot
from cardlab.core.i18n import using_language
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import stage_words
from cardlab.games.pyramid import GAME, best_arrangement, evaluate, observe, parse
from cardlab.games.pyramid.game import net_improvement
from cardlab.games.pyramid.odds import N_DEALS, best_exchanges, exchange_distribution
from cardlab.pictures.pyramid import (
    HEIGHT,
    LADDER,
    TABLE_SIZE,
    WIDTH,
    arrangement_picture,
    keystone_badge,
    ladder_picture,
    showdown_picture,
    table_picture,
)
from cardlab.render import HitBox, Rect, Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def picker():
    return ThemePicker()


def face_codes(drawing):
    """The cards drawn face up (sprite keys ``face:pyramid:<code>:...``)."""
    return Counter(
        op.key.split(":")[2]
        for op in drawing.ops
        if isinstance(op, Sprite) and op.key.startswith("face:pyramid:")
    )


def backs(drawing):
    return sum(isinstance(op, Sprite) and op.key.startswith("back:pyramid") for op in drawing.ops)


def play_until(table, stages, limit=60):
    """Click through the table (check or call, stand pat, next hand) until a stage in ``stages``."""
    for _ in range(limit):
        if table.model.stage in stages:
            return
        stage = table.model.stage
        if stage == "bet":
            button = table.controls["check"]
            (button if not button.disabled else table.controls["call"]).click()
        elif stage == "exchange":
            table.controls["stand-pat"].click()
        elif stage == "between":
            table.controls["next-hand"].click()
        assert table.status.level != "error", table.status.message
    raise AssertionError(f"never reached {stages}")


def test_a_hand_is_played_by_clicks_with_a_discard_chosen_on_the_canvas(picker):
    table = TableView(PyramidTable.start(seed=2, opponents=2), picker)
    assert all(isinstance(b, PokerBot) for b in table.model.bots.values())
    assert table.model.stage == "bet" and table.model.state.players == 3
    mine = table.model.state.hands[0]
    drawing = table.view.drawing
    # the learner sees their own six cards; the two AI hands are backs
    assert face_codes(drawing) == Counter(c.code for c in mine)
    assert backs(drawing) == 12
    assert not table.controls["check"].disabled and table.controls["call"].disabled
    assert table.controls["discard"].disabled and table.controls["stand-pat"].disabled
    play_until(table, {"exchange"})
    assert not table.controls["discard"].disabled
    # click two cards on the canvas (their hit boxes), then Discard
    boxes = {op.target: op for op in table.view.drawing.ops if isinstance(op, HitBox)}
    for target in ("card:0", "card:1"):
        box = boxes[target]
        scale = table.view.scale  # the canvas reports backing-store pixels
        table.view.handle_pointer([((box.x + box.w / 2) * scale, (box.y + box.h / 2) * scale)])
    assert table.hand.selected == (0, 1)
    before = table.model.state.hands[0]
    assert table.model.selected_cards == before[:2]  # the model follows the canvas
    thrown = Counter(before[:2])
    table.controls["discard"].click()
    assert table.status.level != "error", table.status.message
    assert "You discard 2 cards" in table.status.message
    assert len(table.model.state.hands[0]) == 6
    kept = Counter(before) - thrown
    assert not kept - Counter(table.model.state.hands[0])
    play_until(table, {"between", "over"})
    assert table.scores.rows and table.scores.rows[0][0] == "Hand 1"
    _, net, note = table.scores.rows[0]
    assert sum(net) == 0 and net == tuple(int(x) for x in table.model.state.results[0].net)
    assert "won" in note or "tied" in note
    assert sum(table.model.state.chips) == 300
    texts = " ".join(table.view.drawing.texts())
    assert table.view.size == TABLE_SIZE, "one size all game: nothing under it moves"
    if table.model.state.results[0].shown:  # the showdown drawn as pyramids, on the felt
        assert "wins" in texts and "last: " not in texts, "the panels stand where the seats were"
    else:
        assert table.model.state.results[0].summary[:20] in texts


def test_the_ai_exchange_is_logged_without_its_cards(picker):
    table = TableView(PyramidTable.start(seed=2, opponents=3), picker)
    play_until(table, {"exchange", "between"})
    play_until(table, {"between", "over"})
    state = table.model.state
    for line in table.model.log_lines():
        if " discards " in line and not line.startswith("Player 1 "):
            assert "(" not in line.split("Why:")[0], line  # no card codes in parentheses
            assert "Why:" not in line or "Discards" not in line.split("Why:")[1]
    assert state.players == 4 and len(table.scores.players) == 4


def test_refusals_explain_and_change_nothing(picker):
    table = TableView(PyramidTable.start(seed=2), picker)
    replay = table.model.replay
    table.controls["stand-pat"].click()  # disabled in a browser; a direct click is refused
    assert table.status.level == "error" and "betting round" in table.status.message
    with pytest.raises(ValueError, match="betting round"):
        table.model.act("stand-pat")
    with pytest.raises(ValueError, match="betting round"):
        table.model.act("next-hand")
    assert table.model.replay is replay
    # a bet the engine refuses says the engine's reason
    with pytest.raises(ValueError, match="nothing to call"):
        table.model.act("call")
    play_until(table, {"exchange"})
    with pytest.raises(ValueError, match="Select the cards"):
        table.model.act("discard")
    with pytest.raises(ValueError, match="exchange"):
        table.model.act("bet")
    table.hand.set_selected(range(5))  # five cards: more than the 4 allowed
    table.controls["discard"].click()
    assert table.status.level == "error" and "at most 4" in table.status.message
    assert table.model.replay.state.phase == "draw"


def test_bots_choose_from_their_own_observations(picker):
    seen = []

    class Spy(RandomBot):
        def choose(self, observation, legal_actions):
            seen.append(observation)
            return super().choose(observation, legal_actions)

    table = TableView(PyramidTable.start(seed=3, bots={1: Spy(1)}), picker)
    assert table.model.state.players == 2
    play_until(table, {"between", "over"})
    assert seen and all(v.seat == 1 for v in seen)
    for view in seen:
        assert view.hands[0] == (None,) * 6 or view.phase == "done"


def test_opponents_and_new_game_and_hint(picker):
    table = TableView(PyramidTable.start(seed=2, opponents=1), picker)
    table.controls["opponents"].value = 3
    assert table.model.state.players == 4
    assert table.scores.players == ("You (P1)", "P2", "P3", "P4")
    table.controls["new-game"].click()
    assert table.model.seed == 3 and table.model.stage in ("bet", "wait", "between")
    assert "A new game (seed 3) against 3 AI." in table.status.message
    assert table.notes.value == ""
    table.controls["hint"].value = True
    assert table.model.show_odds and "It beats" in table.notes.value
    play_until(table, {"exchange"})
    assert "P(better pyramid)" in table.notes.value and "★" in table.notes.value
    assert "Legal moves" in table.mirror.text or "stand pat" in table.mirror.text
    table.controls["new-game"].click()
    assert table.controls["hint"].value and table.model.show_odds  # the box stays ticked
    picker.value = "high-contrast"
    assert table.status.level != "error"


def test_the_hint_is_the_ais_choice(picker):
    """What the autoplayer presses is the AI's move: its bet, or the exact best exchange (the
    starred row of "Show my odds")."""
    model = PyramidTable.start(seed=2, opponents=2)
    tip = model.suggest()
    assert tip.key in GAME.legal_actions(model.state) and tip.why.startswith(tip.key)
    for _ in range(20):
        if model.stage == "exchange":
            break
        model = model.act(model.suggest().key)
    assert model.stage == "exchange"
    tip = model.suggest()
    hand = model.hand()
    best = best_exchanges(hand, GAME.unseen(model.observation), 4, net_improvement)[0]
    assert Counter(hand[i] for i in tip.selected) == Counter(best.discard)
    assert tip.key == ("discard" if best.discard else "stand-pat")
    assert model.select(tip.selected).act(tip.key).said.level == "ok"


def test_pictures_show_the_pyramid_rows_and_the_keystone_badge():
    value = evaluate("3P 3P 3P 2P 2P K")
    assert keystone_badge(value.arrangement) == "= 1P"
    drawing = arrangement_picture(value, "A")
    texts = drawing.texts()
    assert "= 1P" in texts and str(value.description) in texts
    # rows top to bottom: 1, 2, 3 hexagons, each row lower than the last
    tops = sorted({op.y for op in drawing.ops if isinstance(op, HitBox)})
    assert len(tops) == 3
    ladder = ladder_picture()
    assert ladder.texts().count(">") == 7 and ladder.texts().count("=") == 2
    assert [name for name, _, _ in LADDER] == list("ABCDGHEFJI")
    arrangement = best_arrangement(parse("3O 3O 2O 3P 3P 2P"))
    assert arrangement.type == "T2" and len(arrangement.kickers) == 1
    assert "perfect Purple, Keystone apex" in ladder_table_html()


def test_table_picture_hides_other_hands_and_shows_them_to_the_teacher(picker):
    state = PyramidTable.start(seed=5, opponents=2).state
    learner = table_picture(observe(state, 0), you=0)
    teacher = table_picture(observe(state, None))
    assert sum(face_codes(learner).values()) == 6 and backs(learner) == 12
    assert sum(face_codes(teacher).values()) == 18 and backs(teacher) == 0
    assert "No showdown yet." in showdown_picture(None).texts()
    # the table's one picture: the table with the showdown strip under it
    whole = table_picture(observe(state, 0), you=0, showdown=True)
    assert (whole.width, whole.height) == TABLE_SIZE and learner.height == HEIGHT
    assert "No showdown yet." in whole.texts() and face_codes(whole) == face_codes(learner)


def inside_felt(x: float, y: float) -> bool:
    """Whether (x, y) is on the table's felt: its rectangle with corners rounded by 80 px."""
    left, top, right, bottom, radius = 10.0, 10.0, WIDTH - 10.0, HEIGHT - 10.0, 80.0
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    return left <= x <= right and top <= y <= bottom and (x - cx) ** 2 + (y - cy) ** 2 <= radius**2


@pytest.mark.parametrize("opponents", [1, 2, 3])
def test_a_showdown_is_drawn_on_the_felt_and_the_table_keeps_its_size(opponents):
    """A showdown's pyramids take the seats' place on the felt, one panel a hand shown, each
    inside the felt's rounded edge; the picture keeps `TABLE_SIZE` at every press of a game
    (it grew by the panels at each showdown and shrank at the next hand, moving every control
    under it and repainting it in full)."""
    model = PyramidTable.start(seed=11, opponents=opponents)
    preference = ("check", "call", "stand-pat", "next-hand")
    showdowns = 0
    while not model.over:
        enabled = {c.key for c in model.offered() if c.enabled}
        model = model.act(next(key for key in preference if key in enabled))
        drawing = table_picture(model.observation, you=0, showdown=True)
        assert (drawing.width, drawing.height) == TABLE_SIZE
        view = model.observation
        if view.phase != "done" or not view.results[-1].shown:
            continue
        showdowns += 1
        shown = view.results[-1].shown
        panels = [op for op in drawing.ops if isinstance(op, Rect) and op.radius == 12
                  and op.y < HEIGHT]  # fmt: skip
        assert len(panels) == len(shown)
        for panel in panels:
            corners = [(panel.x + dx, panel.y + dy) for dx in (4, panel.w - 4)
                       for dy in (4, panel.h - 4)]  # fmt: skip
            assert all(inside_felt(x, y) for x, y in corners), panel
        texts = drawing.texts()
        assert not any(t.startswith("last: ") for t in texts), "no seat is drawn under them"
        assert str(stage_words(view)) in texts, "the strip says where the game stands"
        assert sum(face_codes(drawing).values()) == 6 * len(shown)
    assert showdowns >= 2


def test_a_showdown_without_betting_notes_each_hands_result_and_no_last_move():
    """Without chips a loser's panel has no note: the panel's note is the hand's result, never
    the seat's last move, which the seats' notes would give next."""
    view = observe(quiz_deal(3).state, 0)
    drawing = table_picture(view, you=0, showdown=True)
    texts = drawing.texts()
    assert (drawing.width, drawing.height) == TABLE_SIZE
    assert [t for t in texts if t.startswith("wins +")] == ["wins +1 point"]
    assert not any(t.startswith("last: ") for t in texts)


def test_lesson_pieces_build_and_follow_the_theme(picker):
    components = FigureView(PyramidComponents(), picker)
    deck = components.shown[0].canvas
    assert "Pyramid hexagonal deck (55 cards)" in " ".join(deck.drawing.texts())
    shapes = FigureView(PyramidShapes(), picker)
    assert shapes.shown[1].canvas.drawing is not None
    mine = FigureView(HandArranger(), picker)
    mine.controls["hand-text"].value = "3O 3O 2O 3P 3P 2P"
    assert "Middle pyramid (3-2), not perfect" in mine.status.message
    mine.controls["hand-text"].value = "3P 3P"
    assert mine.status.level == "error" and "6" in mine.status.message
    assert mine.model.hand == "3O 3O 2O 3P 3P 2P"  # a refused hand leaves the figure as it was
    classes, arguments, table, chart = OddsTable().blocks("default")
    assert f"{N_DEALS:,}" in classes.html and "✘" not in arguments.html
    assert arguments.html.count("✔ equals the table") == 5
    assert sum(Fraction(p) for p in re.findall(r"<td>(\d+/\d+)</td>", table.html)) == 1
    assert chart.html.startswith("<svg")
    mine.controls["hand-text"].value = "3P 3G 2O 1G 2P K"
    picker.value = "colorblind"
    assert components.status.level != "error" and mine.status.level != "error"
    assert mine.shown[1].canvas.drawing.background == deck.drawing.background


def test_the_ladder_figure_is_the_worked_examples_and_the_classes():
    picture, classes = HandLadder().blocks("default")
    assert picture.drawing == ladder_picture(LADDER) and "cardlab-worked-examples" in picture.words
    assert classes.html == ladder_table_html()


def test_exchange_advisor_on_the_learners_hand(picker):
    advisor = ExchangeAdvisor(hand="1P 1G 1O 2P 2G 2O")
    assert "stand pat" in advisor.blocks("default")[2].html
    best = advisor.act("best-discard")
    assert len(best.selected) == 4 and best.said == advisor.said
    _, hand, summary, table, chart, advice = best.blocks("default")
    assert "better pyramid" in summary.html and hand.selected == best.selected
    assert sum(Fraction(p) for p in re.findall(r"<td>(\d+/\d+)</td>", table.html)) == 1
    assert "★" in advice.html and chart.max_width == "560px"
    assert "discard 1P" in advisor.select((0,)).blocks("default")[2].html
    view = FigureView(advisor, picker)
    view.controls["deal-hand"].click()
    dealt = view.model
    assert dealt.hand != "1P 1G 1O 2P 2G 2O" and len(dealt.blocks("default")[1].cards) == 6
    assert dealt.seed == 2 and view.status.level == "info"
    view.shown[1].buttons.children[0].value = True  # a card button selects, as a click does
    assert view.model.selected == (0,)
    chosen = view.model
    view.controls["advisor-hand"].value = "3P 3P 3P 3P 3P 3P 3P 3P 3P 3P"
    assert view.status.level == "error" and view.model == chosen


def test_the_advisor_words_the_number_of_draws_by_its_plural_form():
    """Standing pat has one possible draw: "the 1 possible draws" read wrong."""
    advisor = ExchangeAdvisor(hand="1P 1G 1O 2P 2G 2O")
    assert "the 1 possible draw gives a" in advisor.blocks("default")[2].html
    assert "the 49 possible draws give a" in advisor.select((0,)).blocks("default")[2].html
    with using_language("ru"):
        assert "из 1 возможного добирания" in advisor.blocks("default")[2].html


@settings(max_examples=25, deadline=None)
@given(st.sets(st.integers(0, 5), max_size=6), st.integers(0, 4))
def test_the_advisor_counts_any_discard_the_rules_allow_and_refuses_the_rest(chosen, most):
    advisor = ExchangeAdvisor(hand="3P 3G 2O 1G 1O 2P").with_rules({"max_draw": most})
    selected = tuple(sorted(chosen))
    if len(selected) > most:
        with pytest.raises(ValueError, match=f"at most {most}"):
            advisor.select(selected)
        return
    chosen_advisor = advisor.select(selected)
    cards = parse(chosen_advisor.hand)
    out = exchange_distribution(cards, [cards[i] for i in selected])
    assert sum(out.distribution.values()) == 1
    assert f"the {out.draws:,} possible draw" in chosen_advisor.blocks("default")[2].html
    assert len(advisor.best) <= most


def test_hand_stepper_narrates_every_bet_and_exchange(picker):
    stepper = StepperView(HandStepper.start(), picker)
    replay = stepper.replay
    assert replay.is_terminal
    player_steps = [i for i in range(1, len(replay) + 1) if replay.event_at(i).actor >= 0]
    assert player_steps and all(i in stepper.reasons for i in player_steps)
    stepper.stepper.go(player_steps[0])
    assert stepper.why.value.count("Why?") == 1
    assert "No showdown yet." in stepper.view.drawing.texts()
    stepper.stepper.go(len(replay))
    texts = " ".join(stepper.view.drawing.texts())  # the showdown is in the table's picture
    result = replay.state.results[-1]
    assert ("wins" in texts) if result.shown else (result.summary[:20] in texts)


def test_quiz_asks_which_hand_wins_and_marks_by_the_engine(picker):
    quiz = QuizView(ShowdownQuiz(seed=1), picker)
    winners = quiz.model.question.state.results[-1].winners
    assert not quiz.model.revealed and sum(face_codes(quiz.view.drawing).values()) == 18
    right = "tie" if len(winners) > 1 else str(winners[0])
    wrong = next(v for _, v in quiz.choice.options if v != right)
    assert quiz.answer(wrong) is False and "Not this time" in quiz.feedback.value
    assert quiz.answer(right) is True and quiz.right == 0 and quiz.asked == 1
    assert (quiz.model.revealed and "wins" in " ".join(quiz.view.drawing.texts())) or len(
        winners
    ) > 1
    quiz.new_button.click()
    assert quiz.seed == 2 and not quiz.model.revealed
    close = 0
    for seed in range(1, 13):
        replay = quiz_deal(seed)
        keys = sorted((evaluate(h).key for h in replay.state.hands), reverse=True)
        assert replay.state.results[-1].winners and keys[0] >= keys[1]
        assert GAME.is_terminal(replay.state)
        close += keys[0][0] == keys[1][0]
    assert close >= 6  # most questions are close calls, built without a search


def test_the_ai_reasons_wait_until_the_hand_is_over(picker):
    """A bot's reason names its own hand, so the learner reads it only after the hand."""
    table = TableView(PyramidTable.start(seed=2, opponents=2), picker)
    play_until(table, {"exchange"})
    assert any(e.reason for e in table.model.log), "the AI acted with reasons"
    assert not any("Why:" in line for line in table.model.log_lines())
    assert "Why:" not in table.journal.value
    play_until(table, {"between", "over"})
    assert any("Why:" in line for line in table.model.log_lines())
    assert "Why:" in table.journal.value
