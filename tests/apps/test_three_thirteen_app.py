"""The Three Thirteen lesson app, driven without a browser: the solver's pictures and reasons
(spec §6), a round played by button clicks, refusals that change nothing, the bots' turns, the
score sheet, the stepper, the advisor and the quiz."""

import re
from fractions import Fraction
from importlib.resources import files

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.apps.model import LEARNER
from cardlab.apps.three_thirteen.lesson import (
    EXAMPLES,
    MeldExamples,
    MeldSolver,
    RoundsStrip,
    hand_of,
)
from cardlab.apps.three_thirteen.odds import OddsLesson, advisor_html
from cardlab.apps.three_thirteen.questions import deadwood_question, why_lines, wild_placements
from cardlab.apps.three_thirteen.quiz import DeadwoodQuiz
from cardlab.apps.three_thirteen.stepper import RoundStepper
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.core.bots import RandomBot, reason_for
from cardlab.core.engine import IllegalMove
from cardlab.games.three_thirteen import min_deadwood
from cardlab.games.three_thirteen.game import GAME, meld_options
from cardlab.games.three_thirteen.melds import penalty_value
from cardlab.games.three_thirteen.rules import card_text as notation
from cardlab.games.three_thirteen.rules import hand_size, wild_rank
from cardlab.lessons import deals
from cardlab.pictures.three_thirteen import (
    arrangement_picture,
    card_text,
    hand_words,
    meld_label,
    rounds_picture,
)
from cardlab.render import HIGH_CONTRAST, HitBox, Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def picker():
    return ThemePicker()


def face_codes(drawing):
    return [op.key.split(":")[2] for op in drawing.ops if isinstance(op, Sprite) and
            op.key.startswith("face:")]  # fmt: skip


SPEC = {  # spec §6: (round, hand) -> min deadwood
    (1, "Ah 2h 3s"): 0,
    (1, "Qd Kd Ad"): 21,
    (2, "7h 7d 9s 5c"): 28,
    (2, "4h 4d 4s 9c"): 0,
    (5, "5h 6h 8h Kd Ks 7c"): 19,
    (5, "5h 6h 8h Kd Ks Kc 7c"): 0,
    (5, "5h 6h 8h Kd Ks 7c 2c"): 21,
    (9, "Ah Ad As 9h Th Qh Jc"): 0,
    (5, "2h 3h 4d 4s 9c Kc 6d"): 38,
}


def test_the_worked_examples_are_the_spec_table():
    assert {(e.round_no, e.hand): min_deadwood(e.cards, e.wild)[0] for e in EXAMPLES} == SPEC


def test_the_lesson_document_tells_each_worked_example_in_order():
    """What each example teaches is prose in the lesson document: one numbered item per example,
    with the example's title, round and hand, in the dropdown's order."""
    document = files("cardlab.lessons").joinpath("three_thirteen.md").read_text(encoding="utf-8")
    told = re.findall(r"^(\d+)\. \*\*(.+?)\*\* \(round (\d+): ([^)]+)\)\. ", document, re.M)
    assert told == [
        (str(i), str(e.title), str(e.round_no), hand_words(e.cards))
        for i, e in enumerate(EXAMPLES, 1)
    ]
    words = " ".join(document.split())
    assert (hand_size(1), wild_rank(1)) == (3, "3")
    assert "Round 1 deals 3 cards with threes wild." in words


def test_the_wild_card_is_shown_doing_more_good_with_the_kings():
    hand = hand_of("5h 6h 8h Kd Ks 7c")
    (jobs,) = wild_placements(hand, "7")
    assert [(j.plays_as, j.penalty) for j in jobs[:2]] == [("a King", 19), ("the 7♥", 20)]
    why = " ".join(why_lines(hand, "7"))
    assert "5 + 6 + 8 = 19" in why and "the best deadwood is 20" in why
    _, arr = min_deadwood(hand, "7")
    drawing = arrangement_picture(arr, "7")
    texts = drawing.texts()
    assert "Set of Kings" in texts and "WILD" in texts and "as K" in texts
    assert "Deadwood 5 + 6 + 8 = 19" in texts
    assert sorted(face_codes(drawing)) == sorted(c.code for c in hand)


def test_a_run_label_shows_the_card_a_wild_fills():
    _, arr = min_deadwood(hand_of("Ah Ad As 9h Th Qh Jc"), "J")
    labels = [meld_label(m, "J") for m in arr.melds]
    assert "Run 9♥–Q♥" in labels and "Set of Aces" in labels
    assert "as J♥" in arrangement_picture(arr, "J").texts()


def test_rounds_picture_names_eleven_rounds_and_their_wild_cards(picker):
    texts = rounds_picture().texts()
    assert [f"Round {r}" for r in range(1, 12)] == [t for t in texts if t.startswith("Round ")]
    assert "13 cards" in texts and texts.count("WILD") == 11
    (strip,) = RoundsStrip().blocks("default")
    assert "Wild rank" in strip.words and "King" in strip.words
    assert strip.drawing == rounds_picture(current=5)


def test_examples_and_solver_widgets(picker):
    ex = MeldExamples(index=4)
    _, picture = ex.blocks("default")
    assert "Set of Kings" in picture.drawing.texts() and "19" in picture.words
    _, picture = ex.act("example", 1).blocks("default")
    assert "Deadwood 1 + 10 + 10 = 21" in picture.drawing.texts()
    examples = FigureView(ex, picker)
    examples.controls["example"].value = 1  # the dropdown, as a learner chooses
    assert examples.model.index == 1 and examples.shown[1].canvas.drawing == picture.drawing
    solver = FigureView(MeldSolver.start(hand="Ah Ad As 9h 10h Qh Jc", round_no=9), picker)
    assert "best deadwood 0" in " ".join(solver.shown[1].canvas.drawing.texts())
    before, model = solver.shown[1].canvas.drawing, solver.model
    solver.controls["hand"].value = "5h 6h zz"
    assert solver.status.level == "error" and "zz" in solver.status.message
    assert solver.shown[1].canvas.drawing is before and solver.model is model  # nothing changes
    assert solver.controls["hand"].value == "5h 6h zz"  # the typed line stays to be mended
    with pytest.raises(ValueError, match="zz"):
        model.act("hand", "5h 6h zz")
    solver.controls["deal-hand"].click()
    assert solver.status.level == "ok" and len(solver.model.cards) == 11
    assert solver.controls["hand"].value == solver.model.hand
    picker.widget.value = "high-contrast"
    assert any(":high-contrast" in op.key for op in solver.shown[1].canvas.drawing.ops
               if isinstance(op, Sprite))  # fmt: skip


def test_the_solver_refuses_more_copies_than_the_decks_hold_and_counts_the_cards(picker):
    """At most three decks are in play (5-6 players): nine 7\u2663 are no hand, three are."""
    solver = FigureView(MeldSolver.start(hand="5h 6h 8h Kd Ks 7c", round_no=5), picker)
    before = solver.shown[1].canvas.drawing
    solver.controls["hand"].value = "7\u2663 " * 9 + "5h 6h 8h Kd Ks"
    assert solver.status.level == "error"
    assert "7c appears 9 times" in solver.status.message and "only 3" in solver.status.message
    assert solver.shown[1].canvas.drawing is before and len(solver.model.cards) == 6
    solver.controls["hand"].value = "7c 7c 7c 5h"
    assert solver.status.level == "ok" and solver.status.message.startswith("Arranged 4 cards")
    with pytest.raises(ValueError, match="at most 14 cards, not 15"):
        MeldSolver(hand=" ".join(c.code for c in hand_of("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh "
                                                          "Qh Kh As Ks")))  # fmt: skip


@settings(max_examples=25, deadline=None)
@given(
    round_no=st.integers(1, 11),
    seed=st.integers(0, 10**6),
    aces=st.sampled_from(["low", "high_or_low"]),
    limit=st.sampled_from([None, 1, 2]),
    players=st.integers(2, 6),
)
def test_a_dealt_hand_is_arranged_under_the_pages_meld_rules(round_no, seed, aces, limit, players):
    rules = {**GAME.default_options, "aces": aces, "max_wilds_per_meld": limit, "players": players}
    solver = MeldSolver(round_no=round_no, seed=seed).with_rules(rules)
    assert solver == MeldSolver(round_no=round_no, seed=seed, aces=aces, max_wilds=limit)
    dealt = solver.act("deal-hand")
    assert len(dealt.cards) == hand_size(round_no) and dealt.seed == seed + 1
    assert dealt == solver.act("deal-hand")  # seeded: the same clicks deal the same hand
    penalty, _ = min_deadwood(dealt.cards, wild_rank(round_no), meld_options(aces, limit))
    _, picture = dealt.blocks("default")
    assert str(picture.label).endswith(f"best deadwood {penalty}")
    assert dealt.act("hand", dealt.hand) == dealt and dealt.said.level == "ok"


def table_of(picker, **options):
    return TableView(ThreeThirteenTable.start(**options), picker)


def test_a_round_is_played_by_clicks(picker):
    table = table_of(picker, seed=7, opponents=1)
    model = table.model
    assert model.stage == "draw" and table.scores.rows == []
    assert not table.controls["take-stock"].disabled and table.controls["discard"].disabled
    assert table.controls["go-out"].disabled
    hand = model.observation.hand
    assert sorted(c.code for c in table.hand.cards) == sorted(c.code for c in hand)
    # the card buttons (the keyboard's way to pick a card) read as the cards are printed
    labels = [b.description for b in table.hand.buttons.children if b.layout.display != "none"]
    assert labels == [card_text(c) for c in table.hand.cards] and any("\u2665" in x or
                      "\u2666" in x or "\u2663" in x or "\u2660" in x for x in labels)  # fmt: skip
    boxes = {op.target for op in table.view.drawing.ops if isinstance(op, HitBox)}
    assert {"stock", "discard", "card:0"} <= boxes
    # discarding before drawing: the engine's reason, nothing changes
    table.controls["discard"].click()  # what a click on the disabled button would do
    assert table.status.level == "error" and "draw first" in table.status.message
    assert table.model is model
    with pytest.raises(IllegalMove, match="draw first"):
        model.replay.append(f"discard {hand[0].code}")
    with pytest.raises(ValueError, match="draw first"):
        model.discard(hand[0])  # a typed card goes the same way
    top = model.observation.top
    table.view.click("discard")  # the canvas's discard pile is the Take discard button
    assert table.model.stage == "discard" and top in table.model.observation.hand
    # the status line writes cards in the notation, as the log does (docs/notation.md)
    assert table.status.message == f"You took the {notation(top)} from the discard pile."
    # nothing selected: Discard selected says what to do, and nothing changes
    before = table.model
    table.controls["discard"].click()
    assert table.status.level == "error" and "Select a card first" in table.status.message
    assert table.model is before
    table.hand.select(0)
    assert not table.controls["discard"].disabled and table.model.selected == (0,)
    table.hand.select(1)  # one card at a time: the last click wins
    assert table.model.selected == (1,)
    chosen = table.hand.selected_cards[0]
    table.controls["discard"].click()
    assert table.status.level == "ok", table.status.message
    assert table.model.replay.event_at(len(table.model.replay)).actor != 0 or (
        table.model.stage != "draw"
    )
    assert any(f"discard {chosen.code}" == a for a in table.model.replay.actions)
    # a click on the felt that is neither the stock nor the discard pile does nothing
    with pytest.raises(ValueError, match="Nothing to do there"):
        table.model.click("round:1")


def test_go_out_is_enabled_only_when_legal_and_a_whole_game_scores(picker):
    table = table_of(picker, seed=11, opponents=2)
    assert len(table.scores.players) == 3
    went_out = False
    for _ in range(600):
        model = table.model
        if model.stage == "over":
            break
        if model.stage == "draw":
            table.controls["take-stock"].click()
        elif model.stage == "discard":
            outs = model.go_out_cards()
            assert table.controls["go-out"].disabled == (not outs)
            if outs:
                assert table.controls["go-out"].description.startswith("Go out (discard ")
                table.controls["go-out"].click()
                went_out = True
            else:
                table.hand.select(len(table.hand.cards) - 1)
                table.controls["discard"].click()
        else:
            assert not table.controls["next-round"].disabled
            table.controls["next-round"].click()
        assert table.status.level != "error", table.status.message
    assert table.model.stage == "over" and went_out
    assert len(table.scores.rows) == 11
    assert table.scores.totals == tuple(table.model.state.totals)
    label, _, note = table.scores.rows[4]
    assert (label.startswith("Round 5") and "=" in note) or "0" in note
    assert any(t.startswith("Game over") for t in table.view.drawing.texts())
    table.controls["take-stock"].click()
    assert table.status.level == "error" and "New game" in table.status.message
    table.controls["new-game"].click()
    assert table.model.stage == "draw" and table.scores.rows == []
    assert table.model.seed == 12 and "against 2 bots" in table.status.message


def test_a_selected_card_that_does_not_go_out_is_refused():
    """Go out discards the selected card; one that leaves deadwood is refused with the
    engine's reason, and with nothing selected it throws away the costliest card that works."""
    model = ThreeThirteenTable.start(seed=8, opponents=2)
    for _ in range(100):
        if model.stage == "discard" and model.go_out_cards():
            break
        tip = model.suggest()
        model = model.select(tip.selected).act(tip.key)
    outs = model.go_out_cards()
    assert outs and model.control("go-out").enabled
    hand = model.hand()
    stays = [i for i, c in enumerate(hand) if c not in outs]
    assert stays
    with pytest.raises(IllegalMove, match="cannot go out"):
        model.select([stays[0]]).act("go-out")
    out = model.act("go-out")
    costliest = max(outs, key=penalty_value)
    assert out.said.text == "You went out!"
    assert out.replay.actions[len(model.replay)] == f"go out {costliest.code}"
    assert model.control("go-out").label == f"Go out (discard {card_text(costliest)})"


def test_bots_play_from_their_own_observations(picker):
    seen = []

    class Spy(RandomBot):
        def choose(self, observation, legal_actions):
            seen.append(observation)
            return super().choose(observation, legal_actions)

    table = table_of(picker, seed=5, bots={1: Spy(1)})
    table.controls["take-stock"].click()
    table.hand.select(0)
    table.controls["discard"].click()
    assert seen and all(v.seat == 1 and v.hands[0] is None for v in seen)
    assert any("Player 2" in line for line in table.model.log_lines())


def test_the_advisor_box_and_the_opponents_choice(picker):
    table = table_of(picker, seed=7)
    assert table.notes.value == ""
    table.controls["hint"].value = True  # "Show the advisor (a hint)"
    assert table.model.advisor and "Next stock card" in table.notes.value
    table.press("take-stock")
    assert "P(next stock card lets you go out)" in table.notes.value
    table.controls["opponents"].value = 3  # takes effect with New game
    assert len(table.model.bots) == 1 and "New game" in table.status.message
    table.press("new-game")
    assert len(table.model.bots) == 3 and table.scores.players == ("You (P1)", "P2", "P3", "P4")
    assert table.model.advisor and table.controls["hint"].value  # the box stays ticked
    with pytest.raises(ValueError, match="not one of"):
        table.press("opponents", 4)


def test_the_hint_is_the_table_bots_move():
    model = ThreeThirteenTable.start(seed=7)
    tip = model.suggest()
    assert tip.key in ("take-stock", "take-discard") and tip.why
    model = model.act(tip.key)
    tip = model.suggest()
    assert tip.key in ("discard", "go-out") and len(tip.selected) == 1
    hinted = model.hinted()
    assert hinted.said.text.startswith("Hint: ") and hinted.selected == tip.selected


def test_the_stepper_narrates_and_advises(picker):
    game = StepperView(RoundStepper.start(), picker)
    assert game.replay == deals.load("three_thirteen-two-rounds")
    assert game.stepper.state.phase == "draw"
    assert "Advisor" in game.odds.html.value and "unseen" in game.odds.html.value
    before = game.mirror.text
    game.stepper.next()
    assert game.mirror.text != before and game.why.value
    game.stepper.go(len(game.replay))
    assert len(game.scores.rows) == 2


def test_the_advisor_counts_the_go_out_cards():
    # Round 1, Player 1 to discard: the advice table lists every discard with P(go out)
    from cardlab.core.replay import Replay

    replay = Replay.start(GAME, 2, players=2, rounds=1).resolve_chance()
    state = replay.state
    seat = GAME.current_player(state)
    text = advisor_html(GAME.observe(state, seat))
    assert "Next stock card" in text and "unseen" in text
    replay = replay.append("take stock").resolve_chance()
    text = advisor_html(GAME.observe(replay.state, seat))
    assert "P(next stock card lets you go out)" in text and "\u2605" in text


def test_odds_lesson_shows_exact_round_one_fractions():
    lesson = OddsLesson(samples=40)
    fractions = [r.exact for r in lesson.rows]
    assert all(isinstance(f, Fraction) and 0 < f < 1 for f in fractions)
    _, _, table, chart, stats, plot = lesson.blocks("default")
    assert len(lesson.stats) == 11 and plot.html.count("<svg") == 2
    assert "Round 11 (13 cards)" in plot.html
    assert "Mean min deadwood" in stats.html
    assert "Round 1, counted exactly" in table.html and chart.html.startswith("<svg")


def test_odds_lesson_charts_follow_the_theme():
    picker = ThemePicker()
    lesson = FigureView(OddsLesson(samples=20), picker)
    picker.value = "high-contrast"
    assert HIGH_CONTRAST.background in lesson.blocks[5].html
    assert HIGH_CONTRAST.background in lesson.blocks[3].html
    assert lesson.shown[5].html.value == lesson.blocks[5].html  # the page shows it


def test_the_quiz_marks_the_solvers_answer(picker):
    quiz = QuizView(DeadwoodQuiz(seed=1), picker)
    q = quiz.model.question
    assert q.answer in q.choices and len(set(q.choices)) == len(q.choices) >= 3
    assert q.answer == min_deadwood(q.hand, q.wild)[0]
    wrong = next(c for c in q.choices if c != q.answer)
    quiz.choice.value = str(wrong)
    assert "Not quite" in quiz.feedback.value and quiz.right == 0 and quiz.asked == 1
    assert any(t.startswith("Best deadwood") for t in quiz.view.drawing.texts())
    quiz.new_button.click()
    quiz.choice.value = str(quiz.model.question.answer)
    assert quiz.right == 1 and quiz.asked == 2
    questions = [deadwood_question(seed) for seed in range(100)]
    for q in questions:
        assert q.answer == min_deadwood(q.hand, q.wild)[0] and len(q.hand) == q.round_no + 2
    # mostly hands where the melds matter, dealt around a meld rather than searched for
    assert sum(bool(q.arrangement.melds) for q in questions) >= 75
    assert any(not q.arrangement.melds for q in questions)
    assert deadwood_question(5) == deadwood_question(5)


def test_bot_reasons_stay_hidden_while_the_round_is_played(picker):
    """A bot's reason can name the cards it holds: the learner reads it only between rounds."""
    table = table_of(picker, seed=7)
    kept_back = False
    for _ in range(40):
        model = table.model
        if model.stage == "draw":
            table.controls["take-stock"].click()
        elif model.stage == "discard":
            table.hand.select(0)
            table.controls["discard"].click()
        else:
            break
        model = table.model
        if model.stage in ("draw", "discard"):
            assert not any(line.startswith("Why? ") for line in model.log_lines())
            assert "Why? " not in table.journal.value
            kept_back = kept_back or any(
                reason_for(e.reason, e.seat, LEARNER, shown=True) for e in model.log if e.reason
            )
    assert kept_back, "the bots gave reasons, kept back during the round"
    # once the round is over, every reason in the log follows its move
    model = table.model
    assert model.stage == "between"
    reasons = sum(1 for e in model.round_log if e.reason is not None)
    assert reasons and model.log_title == "This round"
    assert sum(line.startswith("Why? Player 2: ") for line in model.log_lines()) == reasons


SUITS = "\u2660\u2665\u2666\u2663"


def round_won_by_a_bot(seed: int = 1) -> tuple[ThreeThirteenTable, list[str]]:
    """Seed 1's first round, the learner following the hints but never going out: Player 2
    goes out, and the table waits for Next round."""
    model = ThreeThirteenTable.start(seed=seed, opponents=1)
    words = []
    while model.stage != "between":
        tip = model.suggest()
        key = "discard" if tip.key == "go-out" else tip.key
        model = model.select(tip.selected).act(key)
        words += [model.said.text, *model.log_lines(), *model.log_footer(), *model.mirror().hands]
    assert model.state.results[-1].went_out == 1
    return model, words


def test_the_end_of_a_round_shows_that_round_in_the_picture_and_in_words():
    model, _ = round_won_by_a_bot()
    result = model.state.results[-1]
    assert model.state.round == 2  # the engine has moved on; the table has not
    texts = model.picture("default").texts()
    assert result.stock_left > 0 and f"Stock ({result.stock_left})" in texts
    assert f"Discard ({len(result.discard)})" in texts
    assert "Round 1 of 11 is over" in texts
    table = model.mirror().table
    assert table[0] == "round 1 of 11, 3s wild"
    assert (
        table[1] == f"stock {result.stock_left} cards; top discard {notation(result.discard[-1])}"
    )
    assert "P2 went out: 0" in table[2]
    hands = model.mirror().hands
    assert hands[1].startswith("P2: " + " ".join(notation(c) for c in result.hands[1]))
    after = model.act("next-round")
    assert after.mirror().table[0] == "round 2 of 11, 4s wild"
    assert "Round 2 of 11 \u00b7 4 cards \u00b7 4s wild" in after.picture("default").texts()


def test_the_round_over_log_tells_who_went_out_and_every_bot_reason():
    model, _ = round_won_by_a_bot()
    lines = model.log_lines()
    assert model.log_title == "This round"
    assert any(line.startswith("Player 2 goes out: ") for line in lines)
    bot_moves = [e for e in model.round_log if e.seat == 1]
    assert bot_moves and sum(line.startswith("Why? Player 2: ") for line in lines) == len(
        [e for e in bot_moves if e.reason is not None]
    )
    # the next round's log starts afresh, its reasons held back again
    after = model.act("next-round")
    assert after.log_title == "This turn" and not any(
        line.startswith("Why? ") for line in after.log_lines()
    )


def test_the_log_status_and_text_version_write_cards_in_the_notation():
    """docs/notation.md: the narration and the text version print ``7d``, never ``7♦``."""
    _, words = round_won_by_a_bot()
    assert words and not [w for w in words if any(s in w for s in SUITS)]


def test_the_table_keeps_its_size_through_a_game_with_notes_under_the_hand_or_not():
    """The hand's groups carry notes (a wild card's stand-in) on some turns only: a picture
    that grew by their line and shrank again moved every control under the table up and down
    on those turns, and made the canvas repaint in full."""
    model = ThreeThirteenTable.start()
    sizes, notes = set(), set()
    for _ in range(1_000):
        picture = model.picture("default")
        sizes.add((picture.width, picture.height))
        seats = model.table().seats
        notes.add(bool(seats) and any(g.notes for g in seats[0].groups))
        tip = model.suggest()
        if tip.key in model.again:
            break
        model = model.select(tip.selected).act(tip.key, tip.value)
    assert notes == {True, False}, "the game never showed both: the test shows nothing"
    assert len(sizes) == 1, sizes
