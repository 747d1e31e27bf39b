"""The Dou Dizhu lesson app, driven without a browser: a whole deal played by button clicks and
canvas clicks, refusals with the engine's reason, hidden hands, the score sheet across deals,
the gallery, the stepped AI deal, the odds, the scoring explainer and the quiz."""

import pytest

from cardlab.apps.doudizhu import (
    EXAMPLES,
    BiddingWalkthrough,
    CombinationGallery,
    CombinationQuiz,
    DealStepper,
    DouDizhuComponents,
    DouDizhuPlay,
    HandOdds,
    ScoringExplainer,
    ThemePicker,
    bot_deal,
    example_rows,
    play_counts_html,
    quiz_question,
    verdict,
)
from cardlab.apps.doudizhu_draw import table_picture
from cardlab.apps.doudizhu_play import LEARNER, ai_bot, pattern_indices
from cardlab.games.doudizhu import GAME, KIND_NAMES, classify, observe, parse
from cardlab.games.doudizhu.bots import DouDizhuBot
from cardlab.render import Sprite


@pytest.fixture
def picker():
    return ThemePicker()


def face_keys(drawing):
    return [op.key for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("face:")]


def back_count(drawing):
    return sum(1 for op in drawing.ops if isinstance(op, Sprite) and op.key.startswith("back:"))


def bid_and_play_out(table, max_moves=200):
    """Bid the first enabled bid, then Hint + Play (or Pass) until the deal is over."""
    for n in (1, 2, 3, 0):
        if not table.bid_buttons[n].disabled:
            table.bid_buttons[n].click()
            break
    for _ in range(max_moves):
        if table.state.phase == "over":
            return
        if table.state.phase == "bid":  # a throw-in: bid again
            next(b for b in table.bid_buttons.values() if not b.disabled).click()
            continue
        table.hint_button.click()
        assert table.status.message.startswith("Hint:")
        if table.status.message.startswith("Hint: pass"):
            table.pass_button.click()
        else:
            table.play_button.click()
        assert table.status.level != "error", table.status.message
    raise AssertionError("the deal did not end")


def test_the_ai_seats_use_the_reasoning_bot():
    assert isinstance(ai_bot(1), DouDizhuBot)


def test_a_whole_deal_is_played_by_clicks_and_scored(picker):
    table = DouDizhuPlay(picker, seed=7)
    assert table.state.phase == "bid" and table.my_turn
    assert table.scores.rows == []
    # only the learner's cards are face up: the others are backs with counts
    drawing = table.view.drawing
    assert len(face_keys(drawing)) == 17
    assert back_count(drawing) == 17 + 17 + 3
    assert table.play_button.disabled and not table.bid_buttons[0].disabled
    bid_and_play_out(table)
    state = table.state
    assert state.phase == "over"
    label, scores, note = table.scores.rows[0]
    assert label.startswith("Deal 1")
    assert scores == tuple(int(x) for x in GAME.returns(state)) and sum(scores) == 0
    assert state.result.arithmetic in note
    assert table.play_button.disabled and table.pass_button.disabled
    assert "New deal" in table.log.value
    # a new deal keeps the running totals
    totals = table.scores.totals
    table.new_button.click()
    assert table.state.phase in ("bid", "play") and table.scores.totals == totals
    bid_and_play_out(table)
    assert len(table.scores.rows) == 2
    assert table.scores.totals == tuple(
        sum(row[1][i] for row in table.scores.rows) for i in range(3)
    )


def test_cards_are_selected_on_the_canvas_and_illegal_plays_are_explained(picker):
    table = DouDizhuPlay(picker, seed=7)
    bid_first = next(n for n in (3, 2, 1) if not table.bid_buttons[n].disabled)
    table.bid_buttons[bid_first].click()
    for _ in range(50):  # to the learner's turn in play
        if table.state.phase == "play" and table.my_turn:
            break
        table.hint_button.click()
        (table.play_button if table.hand.selected else table.pass_button).click()
    assert table.my_turn and table.state.phase == "play"
    before = table.replay
    hand = table.state.hands[LEARNER]
    # two cards of different ranks (not jokers) are never a play
    i, j = next(
        (a, b)
        for a in range(len(hand))
        for b in range(a + 1, len(hand))
        if hand[a].rank != hand[b].rank and not classify((hand[a], hand[b]))
    )
    table.view.click(f"card:{i}")  # a click on the canvas selects
    table.hand.select(j)  # and so does the card button / select
    assert table.hand.selected == (i, j)
    assert len([op for op in table.view.drawing.ops if getattr(op, "stroke", None)]) >= 2
    table.play_button.click()
    assert table.status.level == "error"
    assert "pair needs two cards of the same rank" in table.status.message
    assert table.replay is before  # nothing changed
    table.clear_button.click()
    table.play_button.click()
    assert "Select the cards" in table.status.message and table.replay is before
    if table.state.table is None:
        assert table.pass_button.disabled  # leading: passing is not allowed
        with pytest.raises(ValueError, match="you are leading"):
            table.pass_()  # the handler itself refuses with the engine's reason
    with pytest.raises(ValueError, match="Bidding is over"):
        table.bid(3)


def test_refusals_go_to_the_status_line_not_a_traceback(picker):
    table = DouDizhuPlay(picker, seed=7)
    table.play_button.disabled = False
    table.play_button.click()  # during the auction
    assert table.status.level == "error" and "auction" in table.status.message
    high = table.state.bid
    if high:
        table.bid_buttons[high].disabled = False
        table.bid_buttons[high].click()
        assert "higher" in table.status.message


def test_show_all_hands_turns_every_card_face_up(picker):
    table = DouDizhuPlay(picker, seed=7)
    assert back_count(table.view.drawing) > 0
    table.show_all.value = True
    assert back_count(table.view.drawing) == 0
    assert len(face_keys(table.view.drawing)) == 54
    assert "face down" not in table.mirror.text.split("Table")[0]
    table.show_all.value = False
    assert back_count(table.view.drawing) == 37


def learner_leads(table):
    """Play on (passing in the auction, hint moves in play) until the learner leads, or the end."""
    table.bid_buttons[0].click()
    for _ in range(80):
        state = table.state
        if state.phase == "over":
            return False
        if state.phase == "play" and table.my_turn and state.table is None:
            return True
        if state.phase == "bid":
            table.bid_buttons[0].click()
            continue
        table.hint_button.click()
        (table.play_button if table.hand.selected else table.pass_button).click()
    return False


def test_hint_selects_the_ai_suggestion(picker):
    table = DouDizhuPlay(picker, seed=7)
    for seed in range(7, 30):
        table.new_deal(seed)
        if learner_leads(table):
            break
    else:
        pytest.fail("the learner never led in 23 deals")
    action = table.hint()
    assert action.startswith("play ")  # leading: never a pass
    cards = table.hand.selected_cards
    assert pattern_indices(table.state.hands[LEARNER], action) == table.hand.selected
    assert classify(cards)
    assert "Card counting" in table.odds.value
    table.play_button.click()
    assert table.status.level == "ok"


def test_theme_change_redraws(picker):
    table = DouDizhuPlay(picker, seed=7)
    before = table.view.drawing
    picker.widget.value = "high-contrast"
    assert table.view.drawing != before


def test_table_picture_hit_boxes_cover_the_learner_hand():
    replay = DouDizhuPlay(seed=7).replay
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
    gallery = CombinationGallery(picker)
    texts = " ".join(gallery.view.drawing.texts())
    assert "Under cardavia rules: Airplane + single wings" in texts
    gallery.ruleset.value = "pagat"
    texts = " ".join(gallery.view.drawing.texts())
    assert "single wings must all be different ranks" in texts
    gallery.kind.value = "bomb"
    assert "not a bomb" in " ".join(gallery.view.drawing.texts())
    assert "Rocket" in gallery.table.value


def test_play_counts_are_explained():
    text = play_counts_html()
    assert "24,639" in text and "12,654" in text and "18,990" in text and "7,161" in text


def test_the_ai_deal_is_stepped_with_reasons(picker):
    replay, reasons = bot_deal(11)
    assert replay.state.phase == "over"
    assert all(replay.game.current_player(replay.state_at(step - 1)) == seat
               for step, (seat, _) in reasons.items())  # fmt: skip
    stepper = DealStepper(picker, seed=11)
    assert stepper.replay.state_at(stepper.stepper.step - 1).phase == "bid"
    assert "Why?" in stepper.why.value
    play = next(i for i in range(len(replay)) if replay.state_at(i).phase == "play")
    stepper.stepper.go(play + 2)
    assert "can count" in stepper.counting.value
    stepper.eyes.value = 1
    assert back_count(stepper.view.drawing) > 0
    stepper.stepper.go(len(replay))
    assert "out of cards" in stepper.stepper.caption.value
    walk = BiddingWalkthrough(picker, stepper.replay, stepper.reasons)
    assert "landlord" in walk.text.value and "Why" in walk.text.value


def test_odds_and_scoring_sections(picker):
    odds = HandOdds(trials=300)
    assert len(odds.panel.rows) == 7
    assert odds.panel.rows[-1].estimate is not None
    assert "inclusion-exclusion" in odds.text.value
    scoring = ScoringExplainer()
    assert "+16" in scoring.out.value and "-8" in scoring.out.value  # spec: bid 2, bomb, spring
    scoring.bid.value, scoring.bombs.value, scoring.rocket.value = 3, 2, True
    scoring.winner.value, scoring.spring.value = False, False
    assert "-48" in scoring.out.value and "+24" in scoring.out.value
    DouDizhuComponents(picker)


def test_quiz_questions_come_from_the_engine(picker):
    for seed in range(20):
        q = quiz_question(seed)
        assert q.kind == ("type" if seed % 2 == 0 else "beats")
        if q.kind == "type":
            assert set(q.answer.split("|")) == {r.kind for r in classify(q.play.counts)}
        else:
            from cardlab.games.doudizhu.combos import combo_beats

            assert q.answer == ("yes" if combo_beats(q.play, q.table) else "no")
    quiz = CombinationQuiz(picker, seed=1)
    right = quiz.q.answer.split("|")[0]
    wrong = next(v for _, v in quiz.q.options if v not in quiz.q.answer.split("|"))
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
    table = DouDizhuPlay(picker, seed=7)
    played = 0
    while table.state.phase != "over":
        assert "Why" not in table.log.value and not any("Why" in line for line in table.lines)
        action = table.hint()
        if table.state.phase == "bid":
            table.bid(int(action.split()[1]) if action.startswith("bid") else 0)
        elif action.startswith("play "):
            table.play()
        else:
            table.pass_()
        played += 1
    reasons = [e.reason for e in table.log_entries if e.reason is not None]
    assert played and reasons and "Why:" in table.log.value
    log = " ".join(table.lines)
    for reason in reasons:
        assert reason.text(LEARNER) in log
        if reason.text(LEARNER) != reason.text():
            assert reason.text() not in log
    table.show_all.value = True  # the teacher's view: every reason whole
    assert all(reason.text() in " ".join(table.lines) for reason in reasons)
