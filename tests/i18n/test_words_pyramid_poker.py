"""Pyramid Poker reads in Russian, Chinese and Malay: every narration, bot reason, refusal and
score line of seeded games, the lesson panels' own words and the pictures' drawn labels hold no
English and no unfilled placeholder, and the English reading is what it was."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from figure_texts import figure_texts
from language_check import english_in, english_phrases, widget_texts

from cardlab.apps.pyramid_poker.lesson import BuiltPyramid, ScoringExample, points_table_html
from cardlab.apps.pyramid_poker.odds import OddsLesson
from cardlab.apps.pyramid_poker.questions import feedback, position_lines, prompt_html, question
from cardlab.apps.pyramid_poker.stepper import GameStepper, who_sees_what
from cardlab.apps.pyramid_poker.table import PyramidPokerTable
from cardlab.core.bots import Decision
from cardlab.core.i18n import missed, set_language, using_language
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import GAME, observe
from cardlab.games.pyramid_poker.bots import GreedyBot, SmartBot
from cardlab.games.pyramid_poker.rules import slot_action
from cardlab.games.pyramid_poker.scoring import score_hands
from cardlab.pictures.pyramid_poker import position_picture
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.theme import ThemePicker

LANGS = ("ru", "zh", "ms")
GAMES = (
    (1, {"games": 1}),
    (2, {"scoring": "basic", "games": 1}),
    (3, {"target": 2}),
    (4, {"all_three_no_pair_penalty": True, "games": 1}),
)
"""Seeds and the options that change the words: basic scoring, a match of several games, the
no-pair penalty."""


@pytest.fixture(autouse=True)
def pyramid_poker_page() -> Iterator[None]:
    """Read as a Pyramid Poker page does: this game's catalog first (a short word such as "Take"
    may read one way in another game)."""
    set_language("en", "pyramid_poker")
    yield
    set_language("en")


def _played(seed: int, options: dict) -> tuple[Replay, dict]:
    reasons: dict = {}
    bots = {0: SmartBot(seed), 1: GreedyBot(seed)}
    return Replay.start(GAME, seed, **options).play_out(bots, reasons=reasons), reasons


@pytest.fixture(scope="module")
def games() -> list[tuple[Replay, dict]]:
    return [_played(seed, options) for seed, options in GAMES]


def _new_misses(before: set, langs=LANGS) -> set:
    return {(lang, m) for lang, m in missed() - before if lang in langs}


def _clean(text: str, lang: str) -> list[str]:
    """What is wrong with ``text`` in ``lang``: an unfilled placeholder, English left in it."""
    return (["{"] if "{" in text else []) + english_phrases(text, lang)


def _said(replay: Replay, reasons: dict, lang: str) -> Iterator[str]:
    """Everything the games said, read in ``lang`` by the teacher and by Player 1."""
    for step in range(1, len(replay) + 1):
        event = replay.event_at(step)
        for seat in (None, 0):
            yield event.told.text(seat, lang)
        if event.arithmetic:
            yield event.arithmetic.text(None, lang)
        if step in reasons:
            owner, told = reasons[step]
            yield told.text(None, lang)
            yield told.text(1 - owner, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_narration_reason_and_score_line_reads_in_the_language(games, lang) -> None:
    before = missed()
    wrong = [
        (text, problems)
        for replay, reasons in games
        for text in _said(replay, reasons, lang)
        if (problems := _clean(text, lang))
    ]
    assert wrong == []
    assert _new_misses(before) == set()


def test_the_english_reading_is_unchanged(games) -> None:
    replay, _ = games[0]
    for step in range(1, len(replay) + 1):
        event = replay.event_at(step)
        assert event.told.text(1, "en") == event.narration_for(1)
    assert replay.event_at(1).narration.endswith("is chosen at random to go first.")
    show = score_hands(
        "9h 9d 9c 4d 4h | 2c 5d 8c Jh Kd | 3s 4s 5s 6s 7s",
        "8s 8h 8d As Ad | Qh Qc 6d 7c 2h | Tc Jc Qs Kh Ac",
    )
    assert show.arithmetic.text(None, "en") == (
        "left: Full House, Nines over Fours v Full House, Eights over Aces: Player 1 wins\n"
        "centre: King High v One Pair, Queens: Player 2 wins\n"
        "right: Straight Flush, 7-high v Straight, A-high: Player 1 wins\n"
        "comparisons won: Player 1 2, Player 2 1\n"
        "Player 1: 2 - 1 + 4 + 3 (won 2) = 8\n"
        "Player 2: 2 + 0 + 1 = 3"
    )
    assert show.arithmetic == show.arithmetic.text(None, "en")  # the record is the English
    with using_language("ru"):
        assert "Фулл-хаус (девятки и четвёрки)" in str(show.arithmetic)
        assert "Игрок 1: 2 - 1 + 4 + 3 (выиграно 2) = 8" in str(show.arithmetic)


def _refusals() -> list:
    """Refused moves of one seeded game: a full slot, a covered block, a pharaoh kept, a full
    hand, an empty slot."""
    replay, _ = _played(5, {"games": 1})
    found = []
    for step in range(len(replay)):
        state = replay.state_at(step)
        if state.phase == "place" and state.placed == 20:
            taken = next(k for k, c in enumerate(state.pyramid) if c is not None)
            found.append(GAME.why_illegal(state, slot_action("place", taken)))
            empty = next(k for k, c in enumerate(state.pyramid) if c is None and k > 8)
            found.append(GAME.why_illegal(state, slot_action("place", empty)))
        if state.phase == "take" and state.taken == 2:
            covered = next(
                k for k, c in enumerate(state.pyramid) if c is not None and k < state.width
            )
            found.append(GAME.why_illegal(state, slot_action("take", covered)))
            hole = next(k for k, c in enumerate(state.pyramid) if c is None)
            found.append(GAME.why_illegal(state, slot_action("take", hole)))
        if state.phase == "assign" and any(len(h) == 5 for h in state.hands[state.turn]):
            full = next(h for h, n in zip(("left", "centre", "right"), state.hands[state.turn],
                                          strict=True) if len(n) == 5)  # fmt: skip
            found.append(GAME.why_illegal(state, f"hand {full}"))
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_an_illegal_moves_reason_reads_in_the_language(lang) -> None:
    reasons = [r for r in _refusals() if r is not None]
    assert len(reasons) >= 5
    before = missed()
    assert [
        (r.text(None, lang), p) for r in reasons if (p := _clean(r.text(None, lang), lang))
    ] == []
    assert _new_misses(before) == set()
    assert reasons[0].text(None, "en").endswith("already holds a block")


def _pictures(replay: Replay) -> Iterator:
    """Pictures of the table through a player's and the teacher's eyes at every phase."""
    for step in range(0, len(replay) + 1, 7):
        state = replay.state_at(step)
        yield position_picture(observe(state, 0), 0, "default", interactive=True)
        yield position_picture(observe(state, None), None)
    yield position_picture(observe(replay.state, 1), 1)


@pytest.mark.parametrize("lang", LANGS)
def test_the_pictures_drawn_labels_read_in_the_language(games, lang) -> None:
    replay, _ = games[0]
    set_language(lang, "pyramid_poker")
    try:
        before = missed()
        texts = {t for drawing in _pictures(replay) for t in drawing.texts()}
        texts |= {line for state in (replay.state_at(70), replay.state) for line in
                  who_sees_what(state)}  # fmt: skip
        assert english_in(texts, lang) == []
        assert not any("{" in t for t in texts)
        assert _new_misses(before) == set()
    finally:
        set_language("en", "pyramid_poker")


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_panels_own_words_read_in_the_language(lang) -> None:
    picker = ThemePicker()
    set_language(lang, "pyramid_poker")
    try:
        before = missed()
        texts: list[str] = [points_table_html(True)]
        basic = (("scoring", "basic"), ("all_three_no_pair_penalty", True))
        for rules in ((), basic):  # the sheet, the charts and the rules lines of either scoring
            texts += figure_texts(ScoringExample(rules=rules).act("score"))
            texts += figure_texts(OddsLesson(rules=rules))
        texts += figure_texts(BuiltPyramid())
        stepper = StepperView(GameStepper.start(), picker)
        stepper.stepper.go(len(stepper.replay))
        texts += [*widget_texts(stepper.notes)]
        texts += stepper.view.drawing.texts()
        model = stepper.model
        texts += [str(model.picture_label), str(model.start_text), str(model.teacher_label)]
        q = question(1)
        texts += [prompt_html(q), *position_lines(q.view, q.seat)]
        for choice in q.gains:
            right, head, body = feedback(q, choice)
            texts += [body] if right else [head, body]  # a right answer's head is the ui's
        texts += _table_words()
        found = english_in(texts, lang)
        assert found == []
        assert not [t for t in texts if "{" in t]
        assert _new_misses(before) == set()
    finally:
        set_language("en", "pyramid_poker")


def _table_words() -> list[str]:
    """The table's own words through a whole game: controls, banner, text version, notes,
    score sheet and picture."""
    table = PyramidPokerTable.start(seed=1)
    words: list[str] = []
    while not table.over:
        words += [c.label for c in table.controls()] + [c.why_not for c in table.controls()]
        words += [o for c in table.controls() for o, _ in c.options]
        mirror = table.mirror()
        words += [*mirror.hands, *mirror.table, *mirror.legal_moves, table.banner()]
        decision: Decision = table.decision()
        table = table.play(str(decision.action))
    words += [table.banner(), table.notes_html(), *table.score_columns()]
    words += [text for row in table.scores for text in (row.label, row.note)]
    words += table.picture("default").texts()
    return words
