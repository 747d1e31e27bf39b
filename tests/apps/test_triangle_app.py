"""The Triangle lesson app, driven without a browser: rounds played by button clicks, the hidden
own card in the drawing ops, the bots' turns, refusals, the odds box, the AI's suggestion, the
quiz, the stepper narration and the pictures."""

import html
from fractions import Fraction
from importlib.resources import files

import pytest

from cardlab.apps.triangle.lesson import RoundWalkthrough, TriangleComponents
from cardlab.apps.triangle.odds import odds_rows
from cardlab.apps.triangle.questions import quiz_position
from cardlab.apps.triangle.quiz import StatementQuiz
from cardlab.apps.triangle.stepper import GameStepper
from cardlab.apps.triangle.stepper import default_bots as stepper_bots
from cardlab.apps.triangle.table import PLAY_SEED, TriangleTable, default_bots
from cardlab.core.bots import RandomBot
from cardlab.games.triangle import GAME, STATEMENTS, observe, statement_odds
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.rules import PENALTY
from cardlab.lessons import deals
from cardlab.pictures.triangle import step_picture, walkthrough_picture
from cardlab.render import Sprite
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def picker():
    return ThemePicker()


def sprite_keys(drawing):
    return [op.key for op in drawing.ops if isinstance(op, Sprite)]


def face_keys(drawing, card):
    return [k for k in sprite_keys(drawing) if k.startswith(f"face:triangle:{card.code}:")]


def own_card(table):
    """The learner's card this round (the test may look; the table must not show it)."""
    return table.model.state.cards[0]


def table_at(picker, seed=PLAY_SEED, **kwargs):
    return TableView(TriangleTable.start(seed=seed, **kwargs), picker)


def test_a_round_where_the_learner_speaks_is_played_by_clicks(picker):
    table = table_at(picker)
    model = table.model
    assert all(isinstance(b, ReasoningBot) for b in model.bots.values())
    assert model.stage == "claim" and table.scores.rows == []
    mine = own_card(table)
    # the learner sees the other two cards, never their own: a back with a "?" instead
    assert face_keys(table.view.drawing, mine) == []  # the 24 cards are all different
    assert any(k.startswith("back:triangle:") for k in sprite_keys(table.view.drawing))
    assert "hidden" in table.mirror.text and str(mine) not in table.mirror.text.split("Table")[0]
    assert table.controls["say"].disabled and not table.controls["claim"].disabled

    table.controls["claim"].click()
    model = table.model
    assert model.stage == "speak" and model.state.speaker == 0
    assert model.claims() == {0: True, 1: False, 2: False}
    rts = model.state.rts
    assert face_keys(table.view.drawing, rts), "the speaker sees the Right to Speak"
    assert not table.controls["say"].disabled
    best = max(statement_odds(model.observation), key=lambda o: o.net)
    plain = [label for label, _ in table.controls["statement"].options]
    assert plain == [s.words for s in STATEMENTS], "no odds, no star without the hint"
    assert table.controls["statement"].value == STATEMENTS[0].code, "nothing chosen for you"
    table.controls["hint"].value = True  # the learner asks for the odds
    labels = {code: label for label, code in table.controls["statement"].options}
    assert "\u2605" in labels[best.statement.code] and "P = " in labels[best.statement.code]
    assert labels[table.controls["statement"].value].startswith("\u2605"), "a best one is chosen"

    before = table.scores.widget.value
    table.controls["statement"].value = best.statement.code
    table.controls["say"].click()
    model = table.model
    assert model.stage == "between"
    assert table.scores.widget.value != before
    label, gains, note = table.scores.rows[0]
    record = model.state.rounds[0]
    assert label == "Round 1" and gains == record.gains and "said" in note and "=" in note
    assert table.scores.totals == tuple(model.state.scores)
    # resolved: the learner's card is now face up, and labelled on the table
    assert face_keys(table.view.drawing, record.cards[0])
    assert "Round 1" in " ".join(table.view.drawing.texts())
    assert not table.controls["next-round"].disabled and table.controls["claim"].disabled

    table.controls["next-round"].click()
    assert table.model.stage == "claim" and table.model.state.phase == "claim"
    assert len(table.model.state.rounds) == 1
    assert table.status.message.startswith("A new round is dealt")


def test_the_statement_chosen_in_the_dropdown_is_the_one_said(picker):
    table = table_at(picker)
    table.controls["claim"].click()
    default = table.controls["statement"].value
    other = next(s.code for s in STATEMENTS if s.code != default)
    table.controls["statement"].value = other
    assert table.model.statement == other and table.model.control("statement").value == other
    table.controls["say"].click()
    assert table.model.state.rounds[0].statement.code == other
    assert table.model.statement is None  # the next speech starts afresh


def test_bots_take_their_turns_from_their_own_observations(picker):
    seen = []

    class Spy(RandomBot):
        def choose(self, observation, legal_actions):
            seen.append(observation)
            return super().choose(observation, legal_actions)

    table = TableView(TriangleTable.start(seed=3, bots={1: Spy(1), 2: Spy(2)}), picker)
    table.controls["noclaim"].click()
    assert {v.seat for v in seen} >= {1, 2}
    for view in seen:  # each bot saw the others' cards but not its own
        assert view.cards[view.seat] is None
    claims = table.model.claims()
    assert claims[0] is False and len(claims) == 3


def test_the_claims_are_shown_only_once_all_three_are_in(picker):
    """In round 2 the bots are asked before the learner (from the dealer's left): their claims
    are made, but neither the picture, the log nor the mirror tells them before the learner's."""
    table = table_at(picker)
    table.controls["claim"].click()
    table.controls["say"].click()
    table.controls["next-round"].click()
    model = table.model
    early = [e for e in model.log if e.event.action in ("claim", "no_claim")]
    assert early and model.stage == "claim" and model.claims() == {}
    drawn = " ".join(table.view.drawing.texts())
    assert "grabs for it" not in drawn and "does not grab" not in drawn
    assert "grabbed" not in table.journal.value + table.mirror.text
    table.controls["noclaim"].click()
    assert len(table.model.claims()) == 3
    assert "Everyone decided at the same moment" in table.journal.value


def test_a_whole_game_round_after_round_by_clicks(picker):
    """Claim every round and say the best statement: the sheet follows the engine's scores."""
    table = table_at(picker, seed=11)
    for _ in range(200):
        stage = table.model.stage
        if stage == "over":
            break
        if stage == "claim":
            assert not face_keys(table.view.drawing, own_card(table)), "own card shown"
            table.controls["claim"].click()
        elif stage == "speak":
            table.controls["say"].click()
        else:
            table.controls["next-round"].click()
        assert table.status.level != "error", table.status.message
    model = table.model
    assert model.stage == "over"
    assert table.scores.totals == tuple(model.state.scores)
    assert len(table.scores.rows) == len(model.state.rounds)
    assert "Game over" in " ".join(table.view.drawing.texts())
    assert "Press New game to play again." in table.journal.value
    table.controls["new-game"].click()
    assert table.model.stage == "claim" and table.scores.rows == [] and table.model.seed == 12
    assert table.status.message == "A new game (seed 12)."


def test_illegal_moves_show_the_reason_and_change_nothing(picker):
    table = table_at(picker)
    replay, drawing = table.model.replay, table.view.drawing
    table.controls["statement"].value = "S3"  # not the speaker: the choice springs back
    assert table.status.level == "error" and "Right to Speak" in table.status.message
    assert table.controls["statement"].value == table.model.control("statement").value
    table.controls["say"].click()  # not the speaker: nobody holds the Right to Speak yet
    assert table.status.level == "error"
    assert "Right to Speak" in table.status.message and "claim" in table.status.message
    assert table.model.replay == replay and table.view.drawing == drawing
    table.controls["next-round"].click()
    assert table.status.level == "error" and "not finished" in table.status.message
    assert table.model.replay == replay


def test_the_model_refuses_with_the_reason_and_stays_as_it_was():
    model = TriangleTable.start(seed=PLAY_SEED)
    with pytest.raises(ValueError, match="Right to Speak"):
        model.act("say")
    with pytest.raises(ValueError, match="not finished"):
        model.act("next-round")
    speaking = model.act("claim")
    with pytest.raises(ValueError, match="You hold the Right to Speak: choose a statement"):
        speaking.act("noclaim")
    done = speaking.act("say")
    with pytest.raises(ValueError, match="Next round"):
        done.act("claim")
    assert done.replay == speaking.act("say").replay  # a value: the same move, the same table


def test_show_my_odds_fills_the_notes_and_the_theme_redraws(picker):
    table = table_at(picker)
    assert table.notes.value == ""
    table.controls["hint"].value = True
    assert table.model.show_odds
    assert "favourable/unseen" in table.notes.value and "\u2605" in table.notes.value
    assert "If you grabbed now" in table.notes.value
    table.controls["claim"].click()
    assert "Now that you have peeked" in table.notes.value
    table.controls["say"].click()
    assert table.notes.value == ""  # between rounds there is nothing to count
    table.controls["new-game"].click()
    assert table.controls["hint"].value is True and table.notes.value  # kept by New game
    before = table.view.drawing
    picker.value = "high-contrast"
    assert table.view.drawing != before


def test_the_suggestion_is_a_reasoning_players_choice():
    model = TriangleTable.start(seed=PLAY_SEED)
    tip = model.suggest()
    view = model.observation
    best = ReasoningBot(threshold=0.0).choose(view, ["claim", "no_claim"])
    assert tip.key == ("claim" if best.action == "claim" else "noclaim") and tip.why
    assert str(model.state.cards[0]) not in tip.why
    hinted = model.hinted()
    assert hinted.said.text == f"Hint: {tip.why}" and hinted.replay is model.replay
    speaking = model.act("claim")
    chosen = speaking.act("statement", STATEMENTS[-1].code)
    tip = chosen.suggest()
    assert tip.key == "statement" and tip.value != STATEMENTS[-1].code
    assert chosen.act(tip.key, tip.value).suggest().key == "say"
    done = speaking.act("say")
    assert done.suggest().key == "next-round"


def test_bot_game_keeps_every_bot_reason_and_the_stepper_narrates(picker):
    replay = deals.load("triangle-first-turn")
    reasons = replay.reasons_of(stepper_bots())
    assert len(replay.state.rounds) == 6
    bot_steps = [i for i in range(1, len(replay) + 1) if replay.event_at(i).actor >= 0]
    assert sorted(reasons) == bot_steps
    game = StepperView(GameStepper.start(), picker)
    assert game.replay == replay and game.reasons == reasons
    step = next(i for i in bot_steps if reasons[i][1].text().startswith("Says"))
    game.stepper.go(step - 1)  # the speaker is about to speak
    assert "Player 1 sees:" in game.notes.value and "not their own card" in game.notes.value
    assert "and the Right to Speak" in game.notes.value  # the speaker also sees it
    speaker = replay.state_at(step - 1).speaker
    assert "net" in game.odds.html.value.lower() and "<svg" in game.odds.chart.value
    assert f"Player {speaker + 1}" in game.odds.html.value
    game.stepper.forward_button.click()
    assert html.escape(replay.event_at(step).narration) in game.stepper.caption.value
    assert "Why?" in game.why.value and html.escape(reasons[step][1].text()) in game.why.value
    assert "Everyone has now seen all three player cards" in game.notes.value
    # through one player's eyes: their own card is face down
    game.eyes.value = 1
    game.stepper.go(step - 1)
    assert not face_keys(game.view.drawing, replay.state_at(step - 1).cards[1])
    assert face_keys(game.view.drawing, replay.state_at(step - 1).cards[2])
    game.stepper.go(0)
    assert "lifted" in game.odds.html.value and game.odds.chart.value == ""


def test_odds_panel_rows_are_the_engine_fractions(picker):
    game = StepperView(GameStepper.start(), picker)
    game.stepper.go(6)  # four cards dealt, the first claim
    state = game.stepper.state
    assert state.phase == "claim"
    seat = game.replay.game.current_player(state)
    odds = statement_odds(observe(state, seat))
    rows = odds_rows(observe(state, seat))
    assert [r.exact for r in rows] == [o.p_true for o in odds]
    assert sum(r.label.startswith("\u2605") for r in rows) >= 1
    assert all(html.escape(r.label) in game.odds.chart.value for r in rows)
    assert "Best" in game.odds.html.value


def test_quiz_marks_the_best_statement_and_explains(picker):
    quiz = QuizView(StatementQuiz(seed=2), picker)
    q = quiz.model.question
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
    assert quiz.model.question != old and quiz.feedback.value == "" and quiz.choice.value is None
    quiz.choice.value = quiz.model.question.best[0].statement.code
    assert quiz.right == 1 and "1 of 2" in quiz.tally.value


def test_quiz_positions_are_reproducible_and_hide_the_speakers_card():
    a, b = quiz_position(5), quiz_position(5)
    assert a.replay == b.replay and a.odds == b.odds
    view = a.view
    assert view.cards[a.seat] is None and view.rts is not None
    assert sum(o.p_true for o in a.odds if o.statement.kind == "S5") == Fraction(1)


def test_the_quiz_is_drawn_through_the_speakers_eyes(picker):
    quiz = QuizView(StatementQuiz(seed=2), picker)
    seat = quiz.model.question.seat
    texts = quiz.view.drawing.texts()
    # the speaker's plate is the active one: highlighted and marked, not by colour alone
    assert any(t.startswith(f"\u25b6 Player {seat + 1} (you)") for t in texts)
    assert not face_keys(quiz.view.drawing, quiz.model.question.replay.state.cards[seat])
    assert face_keys(quiz.view.drawing, quiz.model.question.replay.state.rts)


def test_a_void_round_keeps_the_learners_card_and_the_bots_reasons_hidden(picker):
    table = table_at(picker, seed=1)
    mine = own_card(table)
    table.controls["claim"].click()
    model = table.model
    record = model.state.rounds[-1]
    assert model.stage == "between" and record.speaker is None
    assert not face_keys(table.view.drawing, mine)
    assert "void" in " ".join(table.view.drawing.texts())
    assert "stay private" in table.journal.value
    assert str(mine) not in table.mirror.text and str(mine) not in table.journal.value
    assert table.scores.rows[-1][1] == (0, 0, 0) and "void" in table.scores.rows[-1][2]


def test_components_and_walkthrough_draw(picker):
    comp = FigureView(TriangleComponents(), picker)
    faces = [k for k in sprite_keys(comp.shown[0].canvas.drawing) if k.startswith("face:triangle:")]
    assert len(faces) == 24
    walk = FigureView(RoundWalkthrough(), picker)
    assert walk.model.replay == deals.load("triangle-scored-round")
    shown = walk.shown[0]
    texts, drawings = set(), set()
    for _, stage in walk.controls["stage"].options:
        walk.controls["stage"].value = stage  # as a click on the stage's button does
        assert walk.model.stage == stage and walk.status.message == ""
        texts.add(shown.words.value)
        drawings.add(shown.canvas.drawing)
        assert f"stage {stage + 1} of 5" in shown.canvas.label.label
    assert len(texts) == 5 and len(drawings) == 5
    assert "not</b> shown" in shown.words.value
    picker.value = "colorblind"
    assert walk.status.message == "" and shown.canvas.drawing not in drawings


def test_the_walkthrough_is_a_value_the_rules_leave_be():
    walk = RoundWalkthrough()
    third = walk.act("stage", 2)
    assert (walk.stage, third.stage) == (0, 2) and third.replay is walk.replay
    with pytest.raises(ValueError, match="not one of"):
        walk.act("stage", 5)
    with pytest.raises(ValueError, match="no curated deal"):
        RoundWalkthrough(deal="no-such-deal")
    with pytest.raises(ValueError, match="stage 5"):
        RoundWalkthrough(stage=5)
    options = GAME.options(tie_void=0.5, target=12)
    assert third.with_rules(options) == third  # a curated round, whatever the page's rules
    assert TriangleComponents().with_rules(options) == TriangleComponents()


def test_the_pictures_are_pure_and_follow_the_eyes():
    replay = deals.load("triangle-first-turn")
    lifted = next(i for i in range(len(replay) + 1) if replay.state_at(i).phase == "claim")
    state = replay.state_at(lifted)
    teacher = step_picture(state, None)
    assert all(face_keys(teacher, c) for c in state.cards)
    for seat in range(3):
        seen = step_picture(state, seat, banner="eyes")
        assert not face_keys(seen, state.cards[seat]) and "eyes" in seen.texts()
    scored = deals.load("triangle-scored-round")
    record = scored.state.rounds[0]
    walk = [walkthrough_picture(scored, k) for k in range(5)]
    assert not any(face_keys(walk[0], c) for c in record.cards)  # the deal: all face down
    assert not face_keys(walk[1], record.cards[0]) and face_keys(walk[1], record.cards[1])
    assert face_keys(walk[3], record.rts)  # through the speaker's eyes
    assert not face_keys(walk[4], record.rts) and face_keys(walk[4], record.cards[0])


def test_default_bots_are_reasoning_bots():
    assert all(isinstance(b, ReasoningBot) for b in default_bots().values())


def test_a_click_on_a_card_says_what_it_is_and_moves_nothing():
    model = TriangleTable.start(seed=PLAY_SEED)
    own = model.click("seat:0")
    assert "own card" in own.said.text and own.said.level == "info"
    assert own.replay is model.replay
    assert "Player 3" in model.click("seat:2").said.text
    assert "Right to Speak" in model.click("rts").said.text
    with pytest.raises(ValueError, match="buttons"):
        model.click("felt")


def test_the_lesson_documents_statements_are_the_engines():
    """The table of statements is prose in the lesson document: its words and points are the
    ones the engine scores."""
    document = files("cardlab.lessons").joinpath("triangle.md").read_text(encoding="utf-8")
    rows = {
        cells[0]: cells[1:]
        for line in document.splitlines()
        if line.startswith("| S")
        for cells in [[c.strip() for c in line.strip("|").split("|")]]
    }
    kinds = {s.kind for s in STATEMENTS}
    assert set(rows) == kinds
    for statement in STATEMENTS:
        said, true_when, points = rows[statement.kind]
        assert points == str(statement.points) and true_when, statement
        if statement.kind != "S5" or statement.words in ("I am an Ace", "I am a 2", "I am a 6"):
            assert f"\u201c{statement.words}\u201d" in said, statement
    target = GAME.options()["target"]
    words = " ".join(document.split())
    assert f"**{PENALTY} points for each other player**. First to {target} points wins." in words


def test_every_seed_has_a_quiz_question():
    """A learner may press New question as often as they like: a seed whose two games both end
    before a question (58 is the first) is asked in a third game, at its first statement; the
    seeds that had a question keep it (seed 3, the lesson's first, is asked in its own game)."""
    assert quiz_position(3).replay.seed == 3
    asked = {seed: quiz_position(seed) for seed in range(40, 140)}
    assert {q.replay.seed for q in asked.values()} >= {58 + 20_000, 130 + 20_000}
    assert all(q.replay.state.phase == "state" and q.odds for q in asked.values())
