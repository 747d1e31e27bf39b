"""The Triad lesson app, driven without a browser: a hand played by button clicks (bets, the
draw by selecting cards, next hand), refusals, the hint, the advisor, the stepper, the quiz,
the odds tables and the pictures."""

import html
import re
from pathlib import Path

import pytest

from cardlab.apps.model import LEARNER
from cardlab.apps.triad.lesson import HandLadder, TriadComponents
from cardlab.apps.triad.odds import (
    COUNTING,
    ExchangeAdvisor,
    OddsTables,
    discards_under,
    tables_html,
)
from cardlab.apps.triad.questions import Showdown, feedback, showdown_question, why_wins
from cardlab.apps.triad.quiz import WhichHandWins
from cardlab.apps.triad.stepper import HandStepper, default_bots
from cardlab.apps.triad.table import TriadTable
from cardlab.core.bots import RandomBot
from cardlab.games import triad
from cardlab.games.poker import tables
from cardlab.lessons import deals
from cardlab.pictures.triad import frame_lines_picture, hand_ladder, table_picture
from cardlab.render import COLORBLIND, Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

LESSON = Path(__file__).resolve().parents[2] / "cardlab" / "lessons" / "triad.md"


@pytest.fixture
def picker():
    return ThemePicker()


def face_keys(drawing, deck="triad"):
    return [op.key for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("face:")]


def back_count(drawing):
    return sum(1 for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("back:"))


def play_a_hand(table):
    """Click through one hand: call or check every bet, take the hint in the draw."""
    for _ in range(40):
        if table.model.stage in ("between", "over"):
            return
        if table.model.stage == "draw":
            table.controls["hint"].click()
            if table.hand.selected:
                table.controls["discard"].click()
            else:
                table.controls["stand-pat"].click()
        else:
            button = next(
                table.controls[a] for a in ("check", "call") if not table.controls[a].disabled
            )
            button.click()
        assert table.status.level != "error", table.status.message
    raise AssertionError("the hand did not end")


def test_a_hand_is_played_by_clicks_and_scored(picker):
    table = TableView(TriadTable.start(seed=2, opponents=2), picker)
    assert table.model.stage == "bet" and table.model.my_turn
    assert len(table.model.state.hands) == 3 and table.scores.players == ("You (P1)", "P2", "P3")
    # the learner sees their five cards; the others are backs
    mine = table.model.state.hands[0]
    keys = face_keys(table.view.drawing)
    assert len(keys) == 5 and all(any(f":{c.code}:" in k for k in keys) for c in mine)
    assert back_count(table.view.drawing) == 10
    assert table.controls["discard"].disabled and table.controls["next-hand"].disabled
    # a refusal changes nothing and says why
    before = table.model.replay
    table.controls["discard"].click()
    assert table.status.level == "error" and "betting round" in table.status.message
    assert table.model.replay is before
    play_a_hand(table)
    assert table.model.stage == "between"
    label, net, note = table.scores.rows[0]
    assert label == "Hand 1" and sum(net) == 0 and "won by" in note
    assert table.scores.totals == tuple(triad.returns(table.model.state))
    assert "Why the AI played" in table.journal.value
    assert not table.controls["next-hand"].disabled
    table.controls["next-hand"].click()
    assert table.model.state.hand_no == 2 and table.model.stage in ("bet", "draw", "between")


def test_the_draw_by_selecting_cards(picker):
    table = TableView(TriadTable.start(seed=4, opponents=1), picker)
    for _ in range(10):
        if table.model.stage == "draw":
            break
        table.controls["check" if not table.controls["check"].disabled else "call"].click()
    assert table.model.stage == "draw" and not table.controls["discard"].disabled
    table.hand.set_selected([0, 1, 2, 3])
    table.controls["discard"].click()
    assert table.status.level == "error" and "at most 3" in table.status.message
    kept = table.model.state.hands[0][3:]
    table.hand.set_selected([0, 1, 2])
    table.controls["discard"].click()
    assert table.status.level != "error"
    hand = table.model.state.hands[0]
    assert all(c in hand for c in kept) and len(hand) == 5
    assert "You discard 3 and draw 3" in table.status.message


def test_ai_reasons_stay_hidden_until_the_hand_is_over(picker):
    table = TableView(TriadTable.start(seed=2, opponents=3), picker)
    assert len(table.model.state.hands) == 4
    assert "Why the AI" not in table.journal.value and "simulated" not in table.journal.value
    play_a_hand(table)
    assert "simulated showdowns" in table.journal.value


def test_hint_and_new_game(picker):
    table = TableView(TriadTable.start(seed=2, opponents=1, bots={1: RandomBot(1)}), picker)
    table.controls["hint"].click()
    said = table.status.message
    assert said.startswith("Hint: ") and said.split()[1] in triad.legal_actions(table.model.state)
    table.controls["opponents"].value = 1
    table.controls["new-game"].click()
    assert table.model.seed == 3 and table.scores.rows == [] and table.model.state.hand_no == 1


def test_the_exchange_advisor_on_the_learners_hand(picker):
    adv = ExchangeAdvisor.start(hand="Kb Kg 7r 5k 2b")
    cards = adv.advice[0]
    assert {cards[i].code for i in adv.chosen} == {"7r", "5k", "2b"}
    _, _, summary, table, _, ranking = adv.blocks("default")
    assert "One Pair, Kings" in summary.html and "16,215" in summary.html
    assert "cardlab-discards" in ranking.html and table.html.count("<tr") > 3
    stand = adv.select(())
    assert "stand pat" in stand.blocks("default")[2].html
    with pytest.raises(ValueError, match="at most 3 cards"):
        adv.select((0, 1, 2, 3))
    view = FigureView(adv, picker)
    view.controls["hand"].value = "Ab Ab Kb Qb Jb"
    view.controls["use-hand"].click()
    assert view.status.level == "error" and view.model.hand == "Kb Kg 7r 5k 2b"
    assert view.controls["hand"].value == "Ab Ab Kb Qb Jb"  # the typed line stays to be mended
    view.controls["deal"].click()
    assert view.status.level == "ok" and len(view.model.advice[0]) == 5
    dealt = view.model.hand
    view.controls["jokers"].value = "wild"
    assert view.status.level == "ok" and view.model.hand == dealt
    view.shown[1].buttons.children[0].value = not view.shown[1].buttons.children[0].value
    assert view.model.selected is not None  # a card button selects, as a click does


def test_the_stepper_narrates_every_bet_and_exchange(picker):
    replay = deals.load("triad-pot-odds")
    reasons = replay.reasons_of(default_bots())
    assert replay.state.phase == "done"
    acted = [a for a in replay.actions if not a.startswith(("deal", "draw", "next", "shuffle"))]
    assert len(reasons) == len(acted)
    stepper = StepperView(HandStepper.start(), picker)
    assert stepper.replay.state_at(stepper.stepper.step).phase == "bet1"
    for _ in range(len(replay)):
        stepper.stepper.forward_button.click()
        step = stepper.stepper.step
        if step in stepper.reasons:
            assert stepper.why.value.count("Why?") == 1
    assert "Showdown" in stepper.stepper.caption.value or "without a showdown" in (
        stepper.stepper.caption.value
    )
    stepper.eyes.value = 1
    assert stepper.status.level != "error"


def test_the_quiz_marks_and_explains(picker):
    quiz = QuizView(WhichHandWins(seed=1), picker)
    q = quiz.model.question
    wrong = next(v for _, v in quiz.choice.options if v != q.answer)
    quiz.choice.value = wrong
    assert quiz.right == 0 and "Not quite" in quiz.feedback.value
    quiz.choice.value = q.answer
    assert quiz.asked == 1 and "Right" in quiz.feedback.value
    quiz.new_button.click()
    assert quiz.seed == 2
    questions = [showdown_question(s) for s in range(20)]
    assert all(len(q.hands) in (2, 3) for q in questions)
    close = 0
    for q in questions:
        dealt = [c for h in q.hands for c in h]
        assert len(set(dealt)) == len(dealt)  # one deck: no card twice
        a, b = sorted(q.values, reverse=True)[:2]
        assert str(why_wins(q.values)).endswith(".")
        close += a.index == b.index
    assert close >= 10  # most questions are close calls, built without a search


def showdown(*hands: str) -> Showdown:
    cards = tuple(triad.parse(h) for h in hands)
    return Showdown(cards, tuple(triad.evaluate(h) for h in cards))


@pytest.mark.parametrize(
    ("hands", "named"),
    [
        (("9b 9g 4k 3r 2b", "7b 7g 4r 3k 2g"), "Player 1, Player 2 each have"),
        (("9b 9g 4k 3r 2b", "Ab Kg Qk 8r 6b", "7b 7g 4r 3k 2g"), "Player 1, Player 3 each have"),
        (("9b 9g 4k 3r 2b", "9r 9k 4b 3g 2r", "Ab Kg Qk 8r 6b"), "Player 1, Player 2 each have"),
        (("9b 9g 4k 3r 2b", "9r 9k 4b 3g 2r", "7b 7g 4r 3k 2g"), "Player 1, Player 2 each have"),
        (("7b 7g 4r 3k 2g", "9b 9g 4k 3r 2b", "8b 8g 4g 3b 2k"), "Player 1, Player 2, Player 3"),
    ],
)
def test_the_quiz_reason_fits_the_number_of_hands_shown(hands, named):
    """With three hands shown, "Both are One Pair" is wrong: the reason names the players whose
    hands share the best category (for a tie, the tied players), for two hands and for three."""
    q = showdown(*hands)
    why = html.unescape(feedback(q, q.answer)[2].rsplit("<p>", 1)[1])
    assert why.startswith(named) and "Both" not in why, why


def test_counting_arguments_agree_with_the_enumeration():
    plain = tables.category_table("out")
    for c in COUNTING:
        assert plain[c.category] == c.value
    html = tables_html(plain, tables.category_table("wild"))
    assert re.findall(r">([A-Za-z ]+) \u26a0", html) == ["Four Up", "Three Up", "One Pair"]
    picker = ThemePicker()
    odds = FigureView(OddsTables(), picker)
    plot = odds.blocks[1].html
    assert plot.startswith("<svg") and ">Five Up</text>" in plot
    picker.value = "colorblind"
    assert COLORBLIND.series[1] in odds.blocks[1].html


def test_the_lesson_says_why_wild_jokers_break_the_ladder_with_the_engines_counts():
    """The paragraph is the lesson's prose; every count it quotes is the engine's."""
    text = LESSON.read_text(encoding="utf-8")
    start = text.index("### What the wild jokers change")
    why = " ".join(text[start : text.index("## 4.", start)].split())
    plain, wild = tables.category_table("out"), tables.category_table("wild")
    assert wild["two_pair"] == plain["two_pair"] and wild["high_card"] == plain["high_card"]
    assert wild["full_up"] == wild["four_up"]
    for said in (
        f"Three Up ({wild['three_up']:,}) is now more common than Two Pair ({wild['two_pair']:,})",
        f"Two Pair gains no hand at all ({wild['two_pair']:,}, exactly as without jokers)",
        f"Three Up collects every pair-plus-joker ({wild['three_up']:,})",
        f"One Pair ({wild['one_pair']:,}) overtakes High Card ({wild['high_card']:,})",
        f"both end at {wild['full_up']:,}",
    ):
        assert said in why.replace("**", ""), said


def test_pictures(picker):
    FigureView(TriadComponents(), picker)
    ladder = FigureView(HandLadder(), picker)
    assert "2,598,960" not in " ".join(ladder.shown[0].canvas.drawing.texts())
    assert "1,302,540 hands" in ladder.shown[0].canvas.drawing.texts()
    ladder.controls["jokers"].value = "wild"
    assert "Five Up" in ladder.shown[0].canvas.drawing.texts()
    assert len(face_keys(hand_ladder(jokers="wild"))) == 55
    texts = frame_lines_picture().texts()
    assert "4 frame lines" in texts and "1 frame line" in texts
    replay = triad.new_game(3, players=7)
    teacher = table_picture(triad.observe(replay.state, None))
    assert len(face_keys(teacher)) == 35
    picker.widget.value = "colorblind"
    assert ladder.status.level != "error"


def test_after_the_hand_a_folded_ai_keeps_its_cards_in_its_reasons(picker):
    """Once the hand is over the AI's reasons are shown, but a hand that was never shown down
    is told without its cards: "my hand", not "my One Pair, Kings"."""
    table = TableView(TriadTable.start(seed=3, opponents=3, hands=4), picker)
    checked = 0
    for _ in range(200):
        if table.model.stage == "over":
            break
        if table.model.stage == "between":
            result = table.model.state.results[-1]
            shown = {s for s, _, _ in result.shown}
            for entry in table.model.log:
                if entry.reason is None or entry.seat in shown:
                    continue
                whole, told = entry.reason.text(), entry.reason.text(LEARNER)
                assert told in html.unescape(table.journal.value)
                if whole != told:
                    assert whole not in html.unescape(table.journal.value)
                    checked += 1
            table.press("next-hand")
        elif table.model.stage == "draw":
            table.press("stand-pat")
        else:
            legal = triad.GAME.legal_actions(table.model.state)
            table.press("call" if "call" in legal else "check" if "check" in legal else legal[0])
    assert checked, "some AI hand went unshown, with a reason that named it"


def test_no_five_of_a_kind_without_jokers_advises_as_the_standard_rules():
    """`discards_under` reads the stored standard advice for it: no hand of the 52 cards has
    five of a kind, so counting under the rule gives the same ranking and distributions."""
    hand = "Kb Kg 7r 5k 2b"
    cards = triad.parse(hand)
    unseen = [c for c in tables.deck_cards(jokers="out") if c not in cards]
    counted = tables.best_discards(
        cards, unseen, 3, jokers="out", objective="expected", five_of_a_kind=False
    )
    assert discards_under(hand, "out", 3, False) == counted
