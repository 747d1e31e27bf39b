"""The Triangle lesson app, driven without a browser: rounds played by button clicks, the hidden
own card in the drawing ops, the bots' turns, refusals, the quiz and the stepper narration."""

import html
from fractions import Fraction

import pytest

from cardlab.apps.decks import ThemePicker as DecksThemePicker
from cardlab.apps.triangle import (
    GameStepper,
    RoundWalkthrough,
    StatementQuiz,
    ThemePicker,
    TriangleComponents,
    TrianglePlay,
    bot_game,
    quiz_position,
    statements_table_html,
)
from cardlab.apps.triangle_play import PLAY_SEED, default_bots
from cardlab.core.bots import RandomBot
from cardlab.games.triangle import observe, statement_odds
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.render import Sprite


@pytest.fixture
def picker():
    return ThemePicker()


def sprite_keys(drawing):
    return [op.key for op in drawing.ops if isinstance(op, Sprite)]


def face_keys(drawing, card):
    return [k for k in sprite_keys(drawing) if k.startswith(f"face:triangle:{card.code}:")]


def own_card(table):
    """The learner's card this round (the test may look; the table must not show it)."""
    return table.state.cards[0]


def test_the_theme_picker_is_shared_and_still_importable_from_decks():
    assert DecksThemePicker is ThemePicker


def test_a_round_where_the_learner_speaks_is_played_by_clicks(picker):
    table = TrianglePlay(picker, seed=PLAY_SEED)
    assert all(isinstance(b, ReasoningBot) for b in table.bots.values())
    assert table.stage == "claim" and table.scores.rows == []
    mine = own_card(table)
    # the learner sees the other two cards, never their own: a back with a "?" instead
    assert face_keys(table.view.drawing, mine) == []  # the 24 cards are all different
    assert any(k.startswith("back:triangle:") for k in sprite_keys(table.view.drawing))
    assert "hidden" in table.mirror.text and str(mine) not in table.mirror.text.split("Table")[0]
    assert table.say_button.disabled and not table.claim_button.disabled

    table.claim_button.click()
    assert table.stage == "speak" and table.state.speaker == 0
    assert table.claims == {0: True, 1: False, 2: False}
    rts = table.state.rts
    assert face_keys(table.view.drawing, rts), "the speaker sees the Right to Speak"
    assert not table.say_button.disabled
    best = max(statement_odds(table.observation), key=lambda o: o.net)
    assert "\u2605" in dict((v, k) for k, v in table.statement.options)[best.statement.code]

    before = table.scores.widget.value
    table.statement.value = best.statement.code
    table.say_button.click()
    assert table.stage == "between"
    assert table.scores.widget.value != before
    label, gains, note = table.scores.rows[0]
    record = table.state.rounds[0]
    assert label == "Round 1" and gains == record.gains and "said" in note and "=" in note
    assert table.scores.totals == tuple(table.state.scores)
    # resolved: the learner's card is now face up, and labelled on the table
    assert face_keys(table.view.drawing, record.cards[0])
    assert "Round 1" in " ".join(table.view.drawing.texts())
    assert not table.next_button.disabled and table.claim_button.disabled

    table.next_button.click()
    assert table.stage == "claim" and table.state.phase == "claim"
    assert len(table.state.rounds) == 1


def test_bots_take_their_turns_from_their_own_observations(picker):
    seen = []

    class Spy(RandomBot):
        def choose(self, observation, legal_actions):
            seen.append(observation)
            return super().choose(observation, legal_actions)

    table = TrianglePlay(picker, seed=3, bots={1: Spy(1), 2: Spy(2)})
    table.noclaim_button.click()
    assert {v.seat for v in seen} >= {1, 2}
    for view in seen:  # each bot saw the others' cards but not its own
        assert view.cards[view.seat] is None
    assert table.claims[0] is False and len(table.claims) == 3


def test_a_whole_game_round_after_round_by_clicks(picker):
    """Claim every round and say the best statement: the sheet follows the engine's scores."""
    table = TrianglePlay(picker, seed=11)
    for _ in range(200):
        if table.stage == "over":
            break
        if table.stage == "claim":
            assert not face_keys(table.view.drawing, own_card(table)), "own card shown"
            table.claim_button.click()
        elif table.stage == "speak":
            table.say_button.click()
        else:
            table.next_button.click()
        assert table.status.level != "error", table.status.message
    assert table.stage == "over"
    assert table.scores.totals == tuple(table.state.scores)
    assert len(table.scores.rows) == len(table.state.rounds)
    assert "Game over" in " ".join(table.view.drawing.texts())
    table.new_button.click()
    assert table.stage == "claim" and table.scores.rows == [] and table.seed == 12


def test_illegal_moves_show_the_reason_and_change_nothing(picker):
    table = TrianglePlay(picker, seed=PLAY_SEED)
    replay, drawing = table.replay, table.view.drawing
    table.statement.value = "S3"
    table.say_button.click()  # not the speaker: nobody holds the Right to Speak yet
    assert table.status.level == "error"
    assert "Right to Speak" in table.status.message and "claim" in table.status.message
    assert table.replay == replay and table.view.drawing == drawing
    table.next_button.click()
    assert table.status.level == "error" and "not finished" in table.status.message
    assert table.replay == replay


def test_the_raw_handlers_raise_for_illegal_moves(picker):
    table = TrianglePlay(picker, seed=PLAY_SEED)
    with pytest.raises(ValueError, match="Right to Speak"):
        table.say("S3")
    table.claim_button.click()
    table.say_button.click()
    replay = table.replay
    table.claim_button.click()
    assert table.status.level == "error" and "Next round" in table.status.message
    assert table.replay == replay


def test_hint_shows_the_odds_table_and_the_theme_redraws(picker):
    table = TrianglePlay(picker, seed=PLAY_SEED)
    assert table.hint_box.value == ""
    table.hint.value = True
    assert "favourable/unseen" in table.hint_box.value and "\u2605" in table.hint_box.value
    before = table.view.drawing
    picker.widget.value = "high-contrast"
    assert table.view.drawing != before


def test_bot_game_keeps_every_bot_reason_and_the_stepper_narrates(picker):
    replay, reasons = bot_game(3, rounds=6)
    assert len(replay.state.rounds) == 6
    bot_steps = [i for i in range(1, len(replay) + 1) if replay.event_at(i).actor >= 0]
    assert sorted(reasons) == bot_steps
    game = GameStepper(picker, seed=3)
    step = next(i for i in bot_steps if reasons[i][1].text().startswith("Says"))
    game.stepper.go(step - 1)  # the speaker is about to speak
    assert "Player 1 sees:" in game.sees.value and "not their own card" in game.sees.value
    assert "and the Right to Speak" in game.sees.value  # the speaker also sees it
    speaker = replay.state_at(step - 1).speaker
    assert game.odds.odds and "net" in game.odds.details.value.lower()
    assert f"Player {speaker + 1}" in game.odds.heading.value
    game.stepper.forward_button.click()
    assert html.escape(replay.event_at(step).narration) in game.stepper.caption.value
    assert "Why?" in game.why.value and html.escape(reasons[step][1].text()) in game.why.value
    assert "Everyone has now seen all three player cards" in game.sees.value
    # through one player's eyes: their own card is face down
    game.eyes.value = 1
    game.stepper.go(step - 1)
    assert not face_keys(game.view.drawing, replay.state_at(step - 1).cards[1])
    assert face_keys(game.view.drawing, replay.state_at(step - 1).cards[2])
    game.stepper.go(0)
    assert "No odds" in game.odds.heading.value or "lifted" in game.odds.heading.value


def test_odds_panel_rows_are_the_engine_fractions(picker):
    game = GameStepper(picker, seed=3)
    game.stepper.go(6)  # four cards dealt, the first claim
    state = game.stepper.state
    assert state.phase == "claim"
    seat = game.replay.game.current_player(state)
    odds = statement_odds(observe(state, seat))
    assert [r.exact for r in game.odds.panel.rows] == [o.p_true for o in odds]
    assert sum(r.label.startswith("\u2605") for r in game.odds.panel.rows) >= 1
    assert odds[0].counting.split(":")[0] in game.odds.heading.value or "Best" in (
        game.odds.heading.value
    )


def test_quiz_marks_the_best_statement_and_explains(picker):
    quiz = StatementQuiz(picker, seed=2)
    q = quiz.q
    assert q.replay.state.phase == "state" and q.seat == q.replay.state.speaker
    best = q.best[0]
    worst = min(q.odds, key=lambda o: o.net)
    quiz.choice.value = worst.statement.code
    assert "Not the best" in quiz.feedback.value
    assert best.statement.words in quiz.feedback.value
    assert f"{best.favourable}/{best.unseen}" in quiz.feedback.value
    quiz.choice.value = best.statement.code
    assert "Right!" in quiz.feedback.value
    assert quiz.right == 0 and "0 of 1" in quiz.tally.value  # only the first answer counts
    old = q
    quiz.new_button.click()
    assert quiz.q != old and quiz.feedback.value == "" and quiz.choice.value is None
    quiz.choice.value = quiz.q.best[0].statement.code
    assert quiz.right == 1 and "1 of 2" in quiz.tally.value


def test_quiz_positions_are_reproducible_and_hide_the_speakers_card():
    a, b = quiz_position(5), quiz_position(5)
    assert a.replay == b.replay and a.odds == b.odds
    view = a.view
    assert view.cards[a.seat] is None and view.rts is not None
    assert sum(o.p_true for o in a.odds if o.statement.kind == "S5") == Fraction(1)


def test_the_quiz_is_drawn_through_the_speakers_eyes(picker):
    quiz = StatementQuiz(picker, seed=2)
    seat = quiz.q.seat
    texts = quiz.view.drawing.texts()
    assert any(t.startswith(f"Player {seat + 1} (you)") for t in texts)
    assert not face_keys(quiz.view.drawing, quiz.q.replay.state.cards[seat])
    assert face_keys(quiz.view.drawing, quiz.q.replay.state.rts)


def test_a_void_round_keeps_the_learners_card_and_the_bots_reasons_hidden(picker):
    table = TrianglePlay(picker, seed=1)
    mine = own_card(table)
    table.claim_button.click()
    record = table.state.rounds[-1]
    assert table.stage == "between" and record.speaker is None
    assert not face_keys(table.view.drawing, mine)
    assert "void" in " ".join(table.view.drawing.texts())
    assert "stay private" in table.round_log.value
    assert str(mine) not in table.mirror.text and str(mine) not in table.round_log.value
    assert table.scores.rows[-1][1] == (0, 0, 0) and "void" in table.scores.rows[-1][2]


def test_components_and_walkthrough_draw(picker):
    comp = TriangleComponents(picker)
    faces = [k for k in sprite_keys(comp.view.drawing) if k.startswith("face:triangle:")]
    assert len(faces) == 24
    assert "I am higher than my peers" in statements_table_html()
    walk = RoundWalkthrough(picker, seed=5)
    texts = set()
    for stage in walk.stage.options:
        walk.stage.value = stage
        texts.add(walk.text.value)
        assert walk.status.message == ""
    assert len(texts) == 5
    assert "not</b> shown" in walk.text.value


def test_default_bots_are_reasoning_bots():
    assert all(isinstance(b, ReasoningBot) for b in default_bots().values())
