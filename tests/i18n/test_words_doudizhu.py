"""Dou Dizhu reads in Russian and Chinese: every narration, bot reason, refusal, panel and
drawn label of the game's own code, with no English left, no placeholder unfilled and no message
missing from the catalogs, while the English reading stays as it was."""

from __future__ import annotations

import pytest
from figure_texts import figure_texts
from language_check import english_in, english_phrases
from tools_loader import load_tool

from cardlab.apps.doudizhu.lesson import (
    EXAMPLES,
    BiddingWalkthrough,
    CombinationGallery,
    DouDizhuComponents,
    ScoringExplainer,
    example_rows,
    examples_table_html,
)
from cardlab.apps.doudizhu.odds import (
    HandOdds,
    PlayCountsTable,
    WingsTable,
    play_counts_html,
    ruleset_line,
    wings_html,
)
from cardlab.apps.doudizhu.questions import choices, feedback, prompt_html, quiz_question
from cardlab.apps.doudizhu.quiz import CombinationQuiz
from cardlab.apps.doudizhu.stepper import DealStepper
from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import missed, set_language, using_language
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import GAME, classify, new_game, observe, parse
from cardlab.games.doudizhu.bots import DouDizhuBot, GreedyBot
from cardlab.games.doudizhu.odds import counting_odds, hand_odds, table_odds
from cardlab.pictures.doudizhu import combo_picture, table_picture
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView

LANGS = ("ru", "zh")
NOTATION = {"bid", "pass", "play", "cards", "solo", "pair", "trio", "straight", "airplane"}
"""Words of the action notation a refusal quotes (``'bid 1'``, ``'play <cards>'``, ``as pair``)."""
FACES = {"JOKER", "BLACK", "RED"}
"""Words printed on the joker cards' faces (the deck's drawing, not this game's words)."""

i18n = load_tool("i18n")
OURS = {m.id if isinstance(m.id, str) else m.id[0] for m in i18n.extract("doudizhu") if m.id}
"""Every msgid of the Dou Dizhu catalog."""


def ours_missed(before: set[tuple[str, str]]) -> set[tuple[str, str]]:
    return {(lang, m) for lang, m in missed() - before if m in OURS and lang in LANGS}


def check_text(text: str, lang: str) -> None:
    assert "{" not in text, text
    left = english_phrases(text, lang, NOTATION | FACES)
    assert not left, (text, left)


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def played(seed: int, bots: dict, ruleset: str = "cardavia") -> tuple[Replay, dict]:
    """A whole deal between ``bots`` (seat -> bot), and each bot's reason by step."""
    replay = new_game(seed, ruleset=ruleset)
    reasons = {}
    while not GAME.is_terminal(replay.state):
        seat = GAME.current_player(replay.state)
        if seat < 0:
            replay = replay.resolve_chance()
            continue
        bot = bots[seat]
        decision = bot.choose(observe(replay.state, seat), GAME.legal_actions(replay.state))
        replay = replay.append(decision.action)
        reasons[len(replay)] = (seat, decision.told)
    return replay, reasons


GAMES = [(1, "cardavia", "ai"), (4, "pagat", "ai"), (2, "cardavia", "greedy")]


@pytest.mark.parametrize(("seed", "ruleset", "kind"), GAMES)
def test_every_narration_and_reason_reads_in_russian_and_chinese(seed, ruleset, kind):
    bot = DouDizhuBot() if kind == "ai" else GreedyBot()
    replay, reasons = played(seed, {0: bot, 1: bot, 2: bot}, ruleset)
    before = missed()
    events = [replay.event_at(step) for step in range(1, len(replay) + 1)]
    english = [e.told.text(None, "en") for e in events]
    assert english == [e.narration for e in events]  # the current language is English
    assert not any("{" in text for text in english)
    for lang in LANGS:
        for event in events:
            for seat in (None, 1):
                check_text(event.told.text(seat, lang), lang)
        for seat, told in reasons.values():
            check_text(told.text(None, lang), lang)
            shown = told.text(seat + 1 if seat < 2 else 0, lang)
            check_text(shown, lang)
        state = replay.state
        if state.result is not None:
            with using_language(lang):
                check_text(state.result.arithmetic, lang)
    assert ours_missed(before) == set()


def test_a_whole_deal_is_told_in_chinese_with_the_chinese_names():
    replay, _ = played(1, {s: DouDizhuBot() for s in range(3)})
    texts = [replay.event_at(step).told.text(None, "zh") for step in range(1, len(replay) + 1)]
    joined = "\n".join(texts)
    assert "地主" in joined and "玩家" in joined
    assert any("首出" in text for text in texts)


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_move_reads_in_the_language(lang):
    replay = new_game(7).resolve_chance()
    while GAME.current_player(replay.state) < 0 or replay.state.phase == "bid":
        if GAME.current_player(replay.state) < 0:
            replay = replay.resolve_chance()
        else:
            replay = replay.append(
                "bid 3" if "bid 3" in GAME.legal_actions(replay.state) else "pass"
            )
    state = replay.state
    before = missed()
    for bad in ("play 2 BJ", "play 3 4", "bid 2", "play 3 3 3 4 4 5 5"):
        with pytest.raises(IllegalMove) as refused:
            GAME.apply(state, bad)
        reason = refused.value.reason
        check_text(reason.text(None, lang), lang)
        with using_language(lang):
            check_text(str(GAME.why_illegal(state, bad)), lang)
    assert ours_missed(before) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_names_arguments_and_quiz_read_in_the_language(lang):
    before = missed()
    with using_language(lang):
        for ruleset in ("cardavia", "pagat"):
            check_text(examples_table_html(ruleset), lang)
            check_text(play_counts_html() + wings_html() + ruleset_line(ruleset), lang)
            for seed in range(12):
                q = quiz_question(seed, ruleset)
                check_text(q.prompt, lang)  # prompt_html adds the ui's rules note
                assert q.prompt in prompt_html(q)
                for label, value in choices(q):
                    check_text(label, lang)
                    right, head, body = feedback(q, value)
                    check_text(body if right else head + body, lang)  # RIGHT is the ui's
        for argument in (*hand_odds(17).argument, *hand_odds(20).argument, *table_odds().argument):
            check_text(str(argument), lang)
        for combo in classify(parse("3 3 3 4 4 4 9 9")) + classify(parse("BJ RJ")):
            check_text(str(combo.name), lang)
    assert ours_missed(before) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_pictures_and_their_labels_read_in_the_language(lang):
    replay, _ = played(1, {s: DouDizhuBot() for s in range(3)})
    before = missed()
    with using_language(lang):
        for step in range(len(replay) // 2, len(replay) + 1, 7):
            state = replay.state_at(step)
            for seat in (None, 0):
                drawing = table_picture(observe(state, seat), you=0)
                for text in drawing.texts():
                    check_text(text, lang)
            view = observe(state, 0)
            if state.phase == "play":
                for line in counting_odds(view, seed=step).lines():
                    check_text(str(line), lang)
        for example in EXAMPLES:
            for text in combo_picture(example_rows(example, "pagat")).texts():
                check_text(text, lang)
    assert ours_missed(before) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_panels_read_in_the_language(lang):
    set_language(lang)
    before = missed()
    page = LessonPage("doudizhu")
    figures = (
        DouDizhuComponents(),
        CombinationGallery(),
        ScoringExplainer(),
        HandOdds(trials=200),
        BiddingWalkthrough(),
        PlayCountsTable(),
        WingsTable(),
    )
    shown = [page.show(figure).model for figure in figures]
    quiz = QuizView(CombinationQuiz(seed=1), page)
    stepper = StepperView(DealStepper.start(), page)
    stepper.stepper.go(len(stepper.replay) - 3)
    ours = [
        *(text for figure in shown for text in figure_texts(figure)),
        stepper.notes.value,
        # the banner's "through whose eyes" is the shared stepper's words (bot_stepper.eyes_words)
        *(t.replace(stepper.eyes_words, "") for t in stepper.view.drawing.texts()),
        *quiz.view.drawing.texts(),
        quiz.model.label(),
        str(stepper.model.picture_label),
    ]
    assert english_in(ours, lang, NOTATION | FACES) == []
    assert ours_missed(before) == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_table_reads_in_the_language(lang):
    set_language(lang)
    before = missed()
    model = DouDizhuTable.start(seed=7)
    texts = []
    for _ in range(60):
        texts += [c.label for c in model.controls()] + [c.why_not for c in model.controls()]
        texts += [model.banner(), *model.log_footer(), model.notes_html(), model.said.text]
        mirror = model.mirror()
        texts += [*mirror.hands, *mirror.table]
        texts += model.picture("default").texts()
        if model.over:
            break
        tip = model.suggest()
        model = model.hinted()
        texts.append(model.said.text)
        model = model.act(tip.key, tip.value)
    texts += [row.label + " " + row.note for row in model.scores]
    texts += [*model.score_columns()]
    texts = [t for t in texts if t]
    found = english_in(texts, lang, NOTATION | FACES)
    # the log's "Hint:" and what shared code adds are outside this domain: only ours counts
    assert [(t, w) for t, w in found if not t.startswith(("Hint", "You:"))] == []
    assert ours_missed(before) == set()
