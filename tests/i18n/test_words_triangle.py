"""Triangle in Russian and Chinese: every narration, score sum and bot reason of seeded games
(through the teacher's eyes and a player's), the refusals, and the lesson's panels and pictures
read in the language with nothing missed, no placeholder left and no English; the English
reading is the one the code gave before it spoke in messages."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator
from functools import lru_cache
from typing import Any

import pytest
from figure_texts import figure_texts
from language_check import english_in, english_phrases, shown_texts

from cardlab.apps.triangle.lesson import STAGES, RoundWalkthrough, TriangleComponents
from cardlab.apps.triangle.quiz import StatementQuiz
from cardlab.apps.triangle.stepper import GameStepper
from cardlab.apps.triangle.table import TriangleTable
from cardlab.core.bots import RandomBot
from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import missed, read, set_language, using_language
from cardlab.games.triangle import GAME, new_game
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.pictures.triangle import live_picture, resolved_picture, walkthrough_picture
from cardlab.widgets.autoplay import step as press
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView

LANGUAGES = ("ru", "zh")
NOTATION = ("claim", "no_claim", "state", "grab", "void", "tie_void", "even", "odd")
"""Action notation (``state S1 even``), quoted as it is in every language: a refusal names the
actions to type."""


def reasoning() -> dict[int, Any]:
    return {0: ReasoningBot(1.0), 1: ReasoningBot(0.5, remember=False), 2: ReasoningBot(0.0)}


def grabbers() -> dict[int, Any]:
    """Bots that always claim: with ``tie_void=1`` every round is void, up to the round limit."""
    return {s: ReasoningBot(threshold=-100.0) for s in range(3)}


def random_bots() -> dict[int, Any]:
    """Random claims and statements: a speaker says S1 against peers of mixed parity too."""
    return {s: RandomBot(f"words:{s}") for s in range(3)}


CASES = (
    (1, {}, reasoning),
    (2, {"tie_void": 0.0, "target": 12}, reasoning),
    (3, {"tie_void": 1.0, "target": 9, "on_tie": "shared"}, reasoning),
    (4, {"tie_void": 1.0, "target": 2}, reasoning),
    (5, {"target": 1}, reasoning),
    (6, {"tie_void": 1.0, "target": 1}, grabbers),
    (16, {"target": 5}, random_bots),
)
"""Seeded games whose words differ: contested and void grabs, a certain point, a pass below the
threshold, a bot that forgets, a false S1 the speaker could see, a win, a shared win, and the
round limit (T12) that ends a game of void rounds."""

ENGLISH_DIGEST = "1c69d5820e9c1178efd58de14a6ec96a2e4c7d70d666d922b7eb41bd7bf62c54"
"""The sha256 of `english_texts` as the code wrote them before it spoke in messages (computed on
the commit before the language machinery): the English reading is unchanged.  Recomputed once
when bots became stateless (a random bot draws from its seed and the view), which replays the
random bots' case differently; the reasoning bots' cases read exactly as before."""


@lru_cache(maxsize=1)
def games() -> tuple[tuple[Any, dict[int, tuple[int, Any]], bool], ...]:
    """Each case's finished replay, its bots' reasons, and whether they are Triangle bots."""
    out = []
    for seed, options, bots in CASES:
        replay = new_game(seed, **options).play_out(bots())
        out.append((replay, replay.reasons_of(bots()), bots is not random_bots))
    return tuple(out)


def english_texts() -> list[str]:
    """Every event's narration (teacher, Player 1, Player 2), its sum, and every reason (the
    teacher, the bot, the next seat), in English."""
    texts = []
    for replay, reasons, _ in games():
        for i in range(1, len(replay) + 1):
            event = replay.event_at(i)
            texts += [event.narration, event.narration_for(0), event.narration_for(1)]
            texts.append(str(event.arithmetic))
        for _, (seat, told) in sorted(reasons.items()):
            texts += [told.text(None), told.text(seat), told.text((seat + 1) % 3)]
    return texts


def read_in(lang: str) -> Iterator[tuple[str, bool]]:
    """The same texts in ``lang``, each with whether it must hold no English (a random bot's
    reason quotes its move in notation)."""
    for replay, reasons, ours in games():
        for i in range(1, len(replay) + 1):
            event = replay.event_at(i)
            for seat in (None, 0):
                yield event.told.text(seat, lang), True
            yield read(event.arithmetic, None, lang), True
        for _, (seat, told) in sorted(reasons.items()):
            for eyes in (None, seat, (seat + 1) % 3):
                yield told.text(eyes, lang), ours


def test_the_cases_reach_every_kind_of_narration():
    whole = "\n".join(english_texts())
    for words in (
        "too close to call",
        "Nobody reached for the Right to Speak",
        "reach for it at the same moment",
        "though they can see it is not so",
        "a certain point",
        "Passes: my best statement",
        "cards not in view now",
        "wins the game",
        "share the win",
        "T12",
    ):
        assert words in whole


def test_the_english_reading_is_unchanged():
    with using_language("en"):
        texts = english_texts()
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert digest == ENGLISH_DIGEST


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_narration_sum_and_reason_reads_in_the_language(lang):
    before = missed()
    texts = list(read_in(lang))
    assert {m for m in missed() - before if m[0] == lang} == set()
    for text, ours in texts:
        assert "{" not in text, text
        if ours:
            assert english_phrases(text, lang) == [], text


def refusals(lang: str) -> list[str]:
    """Illegal moves' reasons in ``lang``: the engine's and the table's."""
    start = new_game(1, tie_void=1.0).state
    claiming = start
    while claiming.phase == "deal":
        claiming, _ = GAME.apply(claiming, GAME.legal_actions(claiming)[0])
    speaking = claiming
    for _ in range(3):
        alone = GAME.current_player(speaking) == 0
        speaking, _ = GAME.apply(speaking, "claim" if alone else "no_claim")
    contested = claiming
    for _ in range(3):
        contested, _ = GAME.apply(contested, "claim")
    said = [
        GAME.why_illegal(claiming, "state S3"),
        GAME.why_illegal(claiming, "shout"),
        GAME.why_illegal(speaking, "no_claim"),
        GAME.why_illegal(speaking, "state S6"),
        GAME.why_illegal(contested, "grab 2"),
    ]
    texts = [read(reason, None, lang) for reason in said]
    try:
        GAME.apply(speaking, "state S7")
    except IllegalMove as refused:
        texts.append(read(refused.reason, None, lang))
    with using_language(lang):
        table = TriangleTable.start(seed=4)
        texts += [table.refusal("state S3"), table.refusal("deal"), table.refusal("grab 2")]
        texts += [table.act("claim").refusal("claim"), table.act("claim").refusal("deal")]
    return texts


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_illegal_moves_reason_reads_in_the_language(lang):
    before = missed()
    texts = refusals(lang)
    assert len(texts) == 11
    assert {m for m in missed() - before if m[0] == lang} == set()
    for text in texts:
        assert "{" not in text and english_phrases(text, lang, NOTATION) == [], text


# -- the lesson's panels and pictures --------------------------------------------------------------
SHARED = (
    r"^S\d (even|odd)$",  # a dropdown's value: the statement's code, notation
)


def without_shared(text: str) -> str:
    for pattern in SHARED:
        text = re.sub(pattern, " ", text)
    return text


def panel_texts(lang: str) -> list[str]:
    """Every panel of the lesson built on a page in ``lang``, and driven through its states."""
    set_language(lang)
    try:
        page = LessonPage("triangle")
        texts: list[str] = []
        texts += figure_texts(page.show(TriangleComponents()).model)
        walk = page.show(RoundWalkthrough())
        for _, stage in walk.model.control("stage").options:
            walk.press("stage", stage)
            texts += figure_texts(walk.model)
        game = StepperView(GameStepper.start(), page)
        replay = game.replay
        for eyes in (-1, 0):
            game.eyes.value = eyes
            for step in range(len(replay) + 1):
                game.stepper.go(step)
                texts += shown_texts(game) + shown_texts(game.odds)
        quiz = QuizView(StatementQuiz(seed=3), page)
        texts += shown_texts(quiz)
        table = TableView(TriangleTable.start(seed=4, show_odds=True), page)
        texts += shown_texts(table)
        for _ in range(40):
            press(table)
            texts += shown_texts(table)
            if table.model.stage == "over":
                break
        return texts
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_lessons_panels_and_pictures_read_in_the_language(lang):
    before = missed()
    texts = panel_texts(lang)
    ours = {m for m in missed() - before if m[0] == lang and m[1] in catalogued()}
    assert ours == set()
    assert english_in([without_shared(text) for text in texts], lang) == []


@lru_cache(maxsize=1)
def catalogued() -> frozenset[str]:
    """The msgids of the Triangle catalog (a miss of another catalog is another part's)."""
    from tools_loader import load_tool

    catalog = load_tool("i18n").extract("triangle")
    return frozenset(m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_pictures_labels_read_in_the_language(lang):
    replay = new_game(1).play_out(reasoning(), until=lambda s: s.phase == "state")
    view = GAME.observe(replay.state, replay.state.speaker)
    story = new_game(4).play_out(reasoning(), until=lambda s: len(s.rounds) == 1)
    with using_language(lang):
        drawings = [live_picture(view, you=view.seat, banner="")]
        teacher = GAME.observe(story.state, None)
        drawings.append(resolved_picture(teacher, teacher.history[-1], you=0))
        texts = [t for d in drawings for t in d.texts()]
        assert len(STAGES) == 5
    assert texts and english_in(texts, lang) == []
    assert all("{" not in t for t in texts)


def test_the_walkthrough_pictures_read_in_chinese():
    from cardlab.lessons import deals

    replay = deals.load("triangle-scored-round")
    with using_language("zh"):
        texts = [t for stage in range(5) for t in walkthrough_picture(replay, stage).texts()]
    assert english_in(texts, "zh") == [] and any("发言权" in t for t in texts)
