"""The Dou Dizhu lesson app, driven without a browser: a whole deal played by button clicks and
canvas clicks, refusals with the engine's reason, hidden hands, the score sheet across deals,
the gallery, the stepped AI deal, the odds, the scoring explainer and the quiz."""

import dataclasses
import html
import itertools
import random
import re
from importlib.resources import files

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.apps.doudizhu.lesson import (
    EXAMPLES,
    BiddingWalkthrough,
    CombinationGallery,
    DouDizhuComponents,
    ScoringExplainer,
    example_rows,
    verdict,
)
from cardlab.apps.doudizhu.odds import (
    HandOdds,
    PlayCountsTable,
    WingsTable,
    play_counts_html,
    wings_html,
)
from cardlab.apps.doudizhu.questions import quiz_question
from cardlab.apps.doudizhu.quiz import CombinationQuiz
from cardlab.apps.doudizhu.stepper import DealStepper, default_bots
from cardlab.apps.doudizhu.table import DouDizhuTable, ai_bot, pattern_indices
from cardlab.apps.model import LEARNER
from cardlab.core.i18n import set_language
from cardlab.games.doudizhu import GAME, KIND_NAMES, classify, observe, parse, settle
from cardlab.games.doudizhu.bots import DouDizhuBot
from cardlab.games.doudizhu.combos import RANKS
from cardlab.games.doudizhu.odds import wing_rows
from cardlab.lessons import deals
from cardlab.pictures.doudizhu import table_picture
from cardlab.render import Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker

CSS_HOOKS = {"bid-pass", "bid-1", "bid-2", "bid-3", "hint", "play", "pass", "clear", "new-deal",
             "show-all"}  # fmt: skip
"""The controls' keys: the browser tests click ``.cardlab-<key>``."""


@pytest.fixture
def picker():
    return ThemePicker()


def new_view(picker, seed=7):
    return TableView(DouDizhuTable.start(seed=seed), picker)


def face_keys(drawing):
    return [op.key for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("face:")]


def back_count(drawing):
    return sum(1 for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("back:"))


def enabled(table, key):
    return not table.controls[key].disabled


def bid_and_play_out(table, max_moves=200):
    """Bid the first enabled bid, then Hint + Play (or Pass) until the deal is over."""
    for key in ("bid-1", "bid-2", "bid-3", "bid-pass"):
        if enabled(table, key):
            table.controls[key].click()
            break
    for _ in range(max_moves):
        if table.model.state.phase == "over":
            return
        if table.model.state.phase == "bid":  # a throw-in: bid again
            key = next(k for k in ("bid-pass", "bid-1", "bid-2", "bid-3") if enabled(table, k))
            table.controls[key].click()
            continue
        table.controls["hint"].click()
        assert table.status.message.startswith("Hint:")
        if table.status.message.startswith("Hint: pass"):
            table.controls["pass"].click()
        else:
            table.controls["play"].click()
        assert table.status.level != "error", table.status.message
    raise AssertionError("the deal did not end")


def test_the_ai_seats_use_the_reasoning_bot():
    assert isinstance(ai_bot(1), DouDizhuBot)


def test_the_controls_keep_their_css_hooks(picker):
    table = new_view(picker)
    assert {c.key for c in table.model.controls()} == CSS_HOOKS
    for key, widget in table.controls.items():
        assert f"cardlab-{key}" in widget._dom_classes
    show_all = table.model.control("show-all")
    assert show_all.kind == "toggle" and show_all.value is False and show_all.enabled


def test_a_whole_deal_is_played_by_clicks_and_scored(picker):
    table = new_view(picker)
    assert table.model.state.phase == "bid" and table.model.my_turn
    assert table.scores.rows == []
    # only the learner's cards are face up: the others are backs with counts
    drawing = table.view.drawing
    assert len(face_keys(drawing)) == 17
    assert back_count(drawing) == 17 + 17 + 3
    assert not enabled(table, "play") and enabled(table, "bid-pass")
    bid_and_play_out(table)
    state = table.model.state
    assert state.phase == "over"
    label, scores, note = table.scores.rows[0]
    assert label.startswith("Deal 1")
    assert scores == tuple(int(x) for x in GAME.returns(state)) and sum(scores) == 0
    assert state.result.arithmetic in note
    assert not enabled(table, "play") and not enabled(table, "pass")
    assert "New deal" in table.journal.value
    assert table.model.suggest().key == "new-deal"
    # a new deal keeps the running totals
    totals = table.scores.totals
    table.controls["new-deal"].click()
    assert table.model.state.phase in ("bid", "play") and table.scores.totals == totals
    assert table.model.seed == 8 and "seed 8" in table.status.message
    bid_and_play_out(table)
    assert len(table.scores.rows) == 2 and table.scores.rows[1][0] == "Deal 2 (seed 8)"
    assert table.scores.totals == tuple(
        sum(row[1][i] for row in table.scores.rows) for i in range(3)
    )


def test_cards_are_selected_on_the_canvas_and_illegal_plays_are_explained(picker):
    table = new_view(picker)
    bid_first = next(n for n in (3, 2, 1) if enabled(table, f"bid-{n}"))
    table.controls[f"bid-{bid_first}"].click()
    for _ in range(50):  # to the learner's turn in play
        if table.model.state.phase == "play" and table.model.my_turn:
            break
        table.controls["hint"].click()
        table.controls["play" if table.hand.selected else "pass"].click()
    model = table.model
    assert model.my_turn and model.state.phase == "play"
    hand = model.state.hands[LEARNER]
    # two cards of different ranks (not jokers) are never a play
    i, j = next(
        (a, b)
        for a in range(len(hand))
        for b in range(a + 1, len(hand))
        if hand[a].rank != hand[b].rank and not classify((hand[a], hand[b]))
    )
    table.view.click(f"card:{i}")  # a click on the canvas selects
    table.hand.select(j)  # and so does the card button / select
    assert table.hand.selected == (i, j) and table.model.selected == (i, j)
    assert len([op for op in table.view.drawing.ops if getattr(op, "stroke", None)]) >= 2
    before = table.model
    assert not enabled(table, "play")  # not a play: disabled, the engine's reason its tooltip
    assert "pair needs two cards of the same rank" in table.controls["play"].tooltip
    table.controls["play"].click()  # pressed anyway (the keyboard, a stale page)
    assert table.status.level == "error"
    assert "pair needs two cards of the same rank" in table.status.message
    assert table.model is before and table.model.replay is model.replay  # nothing changed
    with pytest.raises(ValueError, match="pair needs two cards"):
        before.act("play")  # the model itself refuses with the engine's reason
    table.controls["clear"].click()
    assert table.hand.selected == () and table.model.selected == ()
    table.controls["play"].click()
    assert "Select the cards" in table.status.message and table.model.replay is model.replay
    if table.model.state.table is None:
        assert not enabled(table, "pass")  # leading: passing is not allowed
        with pytest.raises(ValueError, match="You are leading"):
            table.model.act("pass")  # refused with the engine's reason
    with pytest.raises(ValueError, match="Bidding is over"):
        table.model.act("bid-3")


def test_play_selected_is_enabled_exactly_when_the_selection_is_a_legal_play(picker):
    """Play selected follows the selection: disabled with nothing selected (also when only Pass
    is legal), and for any selection the engine refuses; enabled for one it accepts."""
    table = new_view(picker)
    rng = random.Random(26)
    only_pass = 0
    for _ in range(3):  # deals
        for _ in range(200):
            model = table.model
            if model.over:
                break
            if model.state.phase == "play" and model.my_turn:
                legal = GAME.legal_actions(model.state)
                only_pass += legal == ["pass"]
                assert model.selected == () and not enabled(table, "play")
                hand = model.hand()
                for size in (1, 1, 2, 2, 3, 4, 5):
                    chosen = rng.sample(range(len(hand)), min(size, len(hand)))
                    table.hand.set_selected(tuple(sorted(chosen)))
                    try:  # the model's own verdict, without the AI moving after
                        dataclasses.replace(table.model, bots={}).act("play")
                        accepted = True
                    except ValueError:
                        accepted = False
                    assert enabled(table, "play") is accepted, (legal, table.hand.selected)
                    if legal == ["pass"]:
                        assert not accepted
                table.controls["clear"].click()
                assert not enabled(table, "play")
                before = table.model
                table.controls["play"].click()  # pressed while disabled: refused, nothing changes
                assert table.status.level == "error" and "Select the cards" in table.status.message
                assert table.model is before
            table.controls["hint"].click()
            key = (
                "play"
                if table.hand.selected
                else next(
                    k for k in ("pass", "bid-pass", "bid-1", "bid-2", "bid-3") if enabled(table, k)
                )
            )
            assert enabled(table, key)  # the hint's selection is always playable
            table.controls[key].click()
            assert table.status.level != "error", table.status.message
        table.controls["new-deal"].click()
    assert only_pass >= 3  # the case of the report was met


def test_refusals_go_to_the_status_line_not_a_traceback(picker):
    table = new_view(picker)
    table.controls["play"].disabled = False
    table.controls["play"].click()  # during the auction
    assert table.status.level == "error" and "auction" in table.status.message
    high = table.model.state.bid
    if high:
        table.controls[f"bid-{high}"].disabled = False
        before = table.model
        table.controls[f"bid-{high}"].click()
        assert "higher" in table.status.message and table.model is before


def test_show_all_hands_turns_every_card_face_up(picker):
    table = new_view(picker)
    assert back_count(table.view.drawing) > 0
    table.controls["show-all"].value = True
    assert table.model.teacher and table.model.control("show-all").value is True
    assert back_count(table.view.drawing) == 0
    assert len(face_keys(table.view.drawing)) == 54
    assert "face down" not in table.mirror.text.split("Table")[0]
    table.controls["show-all"].value = False
    assert not table.model.teacher
    assert back_count(table.view.drawing) == 37


def learner_leads(table):
    """Play on (passing in the auction, hint moves in play) until the learner leads, or the end."""
    for _ in range(80):
        state = table.model.state
        if state.phase == "over":
            return False
        if state.phase == "play" and table.model.my_turn and state.table is None:
            return True
        if state.phase == "bid":
            table.controls["bid-pass"].click()
            continue
        table.controls["hint"].click()
        table.controls["play" if table.hand.selected else "pass"].click()
    return False


def test_hint_selects_the_ai_suggestion(picker):
    table = new_view(picker)
    table.controls["hint"].click()  # in the auction: a bid or a pass, nothing selected
    assert table.status.message.startswith(("Hint: bid", "Hint: pass"))
    assert table.hand.selected == ()
    for seed in range(7, 30):
        table.show(table.model.new_deal(seed))
        if learner_leads(table):
            break
    else:
        pytest.fail("the learner never led in 23 deals")
    table.controls["hint"].click()
    tip = table.model.suggest()
    assert tip.key == "play"  # leading: never a pass
    assert table.status.message.startswith("Hint: play ")
    action = "play " + table.status.message.removeprefix("Hint: play ").split(" \u2014 ")[0]
    assert pattern_indices(table.model.state.hands[LEARNER], action) == table.hand.selected
    assert table.hand.selected == tip.selected == table.model.selected
    assert classify(table.model.selected_cards)
    assert "Card counting" in table.notes.value
    table.controls["play"].click()
    assert table.status.level == "ok"


def test_theme_change_redraws(picker):
    table = new_view(picker)
    before = table.view.drawing
    picker.value = "high-contrast"
    assert table.view.drawing != before


def test_table_picture_hit_boxes_cover_the_learner_hand():
    replay = DouDizhuTable.start(seed=7).replay
    drawing = table_picture(observe(replay.state, 0))
    targets = {box.target for box in drawing.hit_boxes()}
    assert {f"card:{i}" for i in range(17)} <= targets


# -- lesson sections ----------------------------------------------------------------------------
def test_every_type_has_a_valid_and_an_invalid_example():
    assert [e.kind for e in EXAMPLES] == list(KIND_NAMES)
    for example in EXAMPLES:
        readings = classify(parse(example.valid))
        assert example.kind in {r.kind for r in readings}, example
        assert example.kind not in {r.kind for r in classify(parse(example.invalid))}, example
        ok, _ = verdict(example.invalid)
        assert ok == bool(example.note), example  # another type, explained; or not a play
        rows = example_rows(example)
        assert rows[0][1].startswith("\u2714") and rows[1][1].startswith("\u2718")
        assert rows[1][2], f"{example.kind}: the invalid example needs a reason"
    assert verdict("T J Q K A 2") == (False, "A straight cannot contain a 2 or a joker")


def test_gallery_switches_type_and_ruleset(picker):
    gallery = FigureView(CombinationGallery(), picker)
    texts = " ".join(gallery.shown[0].canvas.drawing.texts())
    assert "Under Cardavia rules: Airplane + single wings" in texts
    gallery.controls["combo-ruleset"].value = "pagat"
    assert gallery.model.ruleset == "pagat"
    texts = " ".join(gallery.shown[0].canvas.drawing.texts())
    assert "single wings must all be different ranks" in texts
    gallery.controls["combo-kind"].value = "bomb"
    assert "not a bomb" in " ".join(gallery.shown[0].canvas.drawing.texts())
    assert "Bomb: a valid and an invalid example" in gallery.shown[0].canvas.label.label
    table = gallery.blocks[1].html
    assert "Rocket" in table and "<summary>Every type in a table</summary>" in table
    assert "cardlab-combo-kind" in gallery.controls["combo-kind"]._dom_classes
    with pytest.raises(ValueError, match="is not one of"):
        gallery.model.act("combo-kind", "quartet")


@given(
    kind=st.sampled_from([e.kind for e in EXAMPLES]),
    ruleset=st.sampled_from(["cardavia", "pagat"]),
    page=st.sampled_from(["cardavia", "pagat"]),
)
def test_the_gallery_shows_the_engines_rows_for_any_choice(kind, ruleset, page):
    """Whatever type and ruleset are chosen, the picture's words are the engine's rows; the
    page's rules set the ruleset and keep the type."""
    gallery = CombinationGallery().act("combo-kind", kind).act("combo-ruleset", ruleset)
    picture = gallery.blocks("default")[0]
    for cards, said, _ in example_rows(gallery.example, ruleset):
        assert html.escape(f"{cards}: {said}") in picture.words
    ruled = gallery.with_rules({"ruleset": page})
    assert (ruled.kind, ruled.ruleset) == (kind, page)


def test_play_counts_are_explained():
    text = play_counts_html()
    assert "24,639" in text and "12,654" in text and "18,990" in text and "7,161" in text
    assert "13 \u00d7 90 = 1,170 against 13 \u00d7 102 = 1,326" in text
    wings = wings_html()
    assert [row[0] for row in wing_rows()] == [2, 3, 4, 5] and "3,200" in wings
    # why the wing rule matters is prose in the lesson document, above and below the tables
    document = " ".join(
        files("cardlab.lessons").joinpath("doudizhu.md").read_text(encoding="utf-8").split()
    )
    assert "**Why the wing rule matters so much.** Only two types change" in document
    assert document.index("PlayCountsTable()") < document.index("WingsTable()")
    (counts,), (by_length,) = PlayCountsTable().blocks("default"), WingsTable().blocks("default")
    assert counts.html.startswith(text) and counts.name == "play-counts"
    assert by_length.html.startswith(wings) and by_length.name == "wings"


def test_the_ai_deal_is_stepped_with_reasons(picker):
    replay = deals.load("doudizhu-bid-and-play")
    reasons = replay.reasons_of(default_bots())
    assert replay.state.phase == "over"
    assert all(replay.game.current_player(replay.state_at(step - 1)) == seat
               for step, (seat, _) in reasons.items())  # fmt: skip
    stepper = StepperView(DealStepper.start(), picker)
    assert stepper.replay == replay and stepper.reasons == reasons
    assert stepper.replay.state_at(stepper.stepper.step - 1).phase == "bid"
    assert "Why?" in stepper.why.value
    play = next(i for i in range(len(replay)) if replay.state_at(i).phase == "play")
    stepper.stepper.go(play + 2)
    assert "can count" in stepper.notes.value
    stepper.eyes.value = 1
    assert back_count(stepper.view.drawing) > 0
    stepper.stepper.go(len(replay))
    assert "out of cards" in stepper.stepper.caption.value
    walk = FigureView(BiddingWalkthrough(), picker)  # the auction of the deal stepped through
    assert walk.model.replay == stepper.replay and walk.model.reasons == stepper.reasons
    words = walk.blocks[1].words
    assert "landlord" in words and "Why" in words and walk.blocks[0].html == ""
    assert walk.shown[1].canvas.label.described_by == walk.shown[1].words.element_id
    assert back_count(walk.shown[1].canvas.drawing) == 0  # the teacher's view of the auction's end


def test_odds_and_scoring_sections(picker):
    odds = HandOdds(trials=300)
    rows = odds.rows()
    assert len(rows) == 7
    assert rows[-1].estimate is not None
    table, chart, arguments = odds.blocks("default")
    assert table.html.count("<tr>") == 8 and chart.html.startswith("<svg")
    assert chart.name == "chart" and chart.max_width == "560px"
    assert "inclusion-exclusion" in arguments.html and "300 seeded deals" in arguments.html
    scoring = FigureView(ScoringExplainer(), picker)
    out = scoring.blocks[0]
    assert out.name == "settlement"
    assert "+16" in out.html and "-8" in out.html  # spec: bid 2, bomb, spring
    scoring.controls["bid"].value, scoring.controls["bombs"].value = 3, 2
    scoring.controls["rocket"].value = True
    scoring.controls["winner"].value, scoring.controls["spring"].value = False, False
    assert "-48" in scoring.blocks[0].html and "+24" in scoring.blocks[0].html
    components = FigureView(DouDizhuComponents(), picker)
    assert len(face_keys(components.shown[0].canvas.drawing)) == 54


@given(
    bid=st.sampled_from([1, 2, 3]),
    bombs=st.integers(0, 4),
    rocket=st.booleans(),
    landlord_won=st.booleans(),
    spring=st.booleans(),
)
def test_the_explainer_shows_the_engines_settlement(bid, bombs, rocket, landlord_won, spring):
    """Any choice of the controls shows `settle`'s steps and scores, and the scores add up to
    zero."""
    model = ScoringExplainer()
    for key, value in (("bid", bid), ("bombs", bombs), ("rocket", rocket),
                       ("winner", landlord_won), ("spring", spring)):  # fmt: skip
        model = model.act(key, value)
    result = settle(bid, bombs, int(rocket), spring and landlord_won,
                    spring and not landlord_won, landlord_won)  # fmt: skip
    (out,) = model.blocks("default")
    assert all(html.escape(str(step)) in out.html for step in result.steps)
    assert f"landlord <b>{result.landlord:+d}</b>" in out.html
    assert "(the three add up to 0)" in out.html


def test_the_roles_and_ranks_are_prose_in_the_lesson_document():
    document = " ".join(
        files("cardlab.lessons").joinpath("doudizhu.md").read_text(encoding="utf-8").split()
    )
    low_to_high = " ".join("10" if r == "T" else r for r in RANKS[:13])
    assert f"Ranks, low to high: **{low_to_high}**, Black joker, Red joker." in document
    assert "**Three players, one deal, two sides.**" in document
    assert document.index("two sides") < document.index("DouDizhuComponents()")


def test_quiz_questions_come_from_the_engine(picker):
    for seed in range(20):
        q = quiz_question(seed)
        assert q.kind == ("type" if seed % 2 == 0 else "beats")
        if q.kind == "type":
            assert set(q.answer.split("|")) == {r.kind for r in classify(q.play.counts)}
        else:
            from cardlab.games.doudizhu.combos import combo_beats

            assert q.answer == ("yes" if combo_beats(q.play, q.table) else "no")
    quiz = QuizView(CombinationQuiz(seed=1), picker)
    right = quiz.model.question.answer.split("|")[0]
    wrong = next(
        v for _, v in quiz.model.question.options if v not in quiz.model.question.answer.split("|")
    )
    quiz.choice.value = wrong
    assert "Not quite" in quiz.feedback.value
    quiz.choice.value = right
    assert "Right" in quiz.feedback.value and quiz.tally.value == "Right first time: 0 of 1"
    quiz.new_button.click()
    assert quiz.seed == 2 and quiz.feedback.value == ""


def test_the_ai_reasons_wait_until_the_deal_is_over(picker):
    """An AI's reason rests on its hand ("only a bomb beats it, and it keeps the bomb"), so the
    learner reads none while the deal is played; after it, the reasons come without the cards
    the AI kept hidden, and the teacher's toggle shows them whole."""
    table = new_view(picker)
    played = 0
    while table.model.state.phase != "over":
        lines = table.model.log_lines()
        assert "Why" not in table.journal.value and not any("Why" in line for line in lines)
        tip = table.model.suggest()
        table.hand.set_selected(tip.selected)
        table.press(tip.key)
        played += 1
    reasons = [e.reason for e in table.model.log if e.reason is not None]
    assert played and reasons and "Why:" in table.journal.value
    log = " ".join(table.model.log_lines())
    for reason in reasons:
        assert reason.text(LEARNER) in log
        if reason.text(LEARNER) != reason.text():
            assert reason.text() not in log
    table.controls["show-all"].value = True  # the teacher's view: every reason whole
    assert all(reason.text() in " ".join(table.model.log_lines()) for reason in reasons)


OPENING = {"bid": 3, "bombs": 2, "rockets": 0, "spring": True, "anti_spring": False,
           "landlord_won": True}  # fmt: skip
"""The deal the lesson's answer to its opening question sets up in the scoring explainer."""


def lesson_words(lang: str, notes: bool = False) -> str:
    folder = files("cardlab.lessons").joinpath("notes") if notes else files("cardlab.lessons")
    if lang != "en":
        folder = folder.joinpath(lang)
    return " ".join(folder.joinpath("doudizhu.md").read_text(encoding="utf-8").split())


@pytest.mark.parametrize("lang", ["en", "ru", "zh"])
def test_the_opening_scoring_question_is_answered_by_the_engine(lang):
    """The introduction asks how a bid turns into some points: under the engine's scoring that
    bid can make those points, and section 6 and the teacher notes answer it with the engine's
    own arithmetic, in every language the lesson is written in."""
    lesson = lesson_words(lang)
    intro = lesson.split("```{code-cell}")[0].split("**")  # the questions follow a bold lead
    questions = next(part for part in intro if part.count("?") + part.count("\uff1f") >= 3)
    numbered = [q for q in re.split(r"(?<=[?\uff1f])", questions) if re.search(r"\d", q)]
    assert len(numbered) == 1, numbered
    bid, points = (int(n) for n in re.findall(r"\d+", numbered[0]))
    reachable = set()
    for bombs in range(14):  # at most 13 bombs in 54 cards
        for rockets, spring, won in itertools.product((0, 1), (False, True), (False, True)):
            result = settle(bid, bombs, rockets, spring and won, spring and not won, won)
            reachable |= {abs(result.landlord), abs(result.farmer)}
    assert points in reachable, f"a bid of {bid} makes {sorted(reachable)[:8]}..., never {points}"
    set_language(lang)
    try:
        answer = settle(**OPENING)
        assert (answer.multiplier, answer.landlord) == (8, points) and OPENING["bid"] == bid
        section_6 = lesson.split("ScoringExplainer()")[-1].split("## 7.")[0]
        assert answer.arithmetic in section_6
        assert answer.arithmetic in lesson_words(lang, notes=True)
    finally:
        set_language("en")
