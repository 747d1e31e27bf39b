"""Triad and the shared draw-poker engine read in Russian and Chinese: every narration and bot
reason of seeded games (teacher and one seat), the lesson panels, the pictures' labels and a
refusal, with nothing missed from the catalogs, no placeholder left and no English."""

from __future__ import annotations

import pytest
from figure_texts import figure_texts
from language_check import english_in, english_phrases
from tools_loader import load_tool

from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import missed, set_language, using_language
from cardlab.games import triad
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView

LANGS = ("ru", "zh")
OUR_IDS = {
    m.id if isinstance(m.id, str) else m.id[0]
    for domain in ("triad", "poker")
    for m in load_tool("i18n").extract(domain)
    if m.id
}
"""The msgids of Triad's and the draw-poker engine's catalogs."""
NOTATION = {"deal", "draw", "card", "cards", "discard", "stand", "pat", "shuffle", "discards"}
NOTATION |= {"fold", "check", "call", "bet", "raise"}
"""Action notation quoted in a refusal ('deal <card>', the legal moves): the same in every
language."""
FACES = {"BLUE", "GREEN", "RED", "BLACK", "JOKER"}
"""Words printed on the Triad card faces (`cardlab.render.theme`), drawn in every language."""
EYES = {"the", "teacher", "eyes"}
"""The stepper's banner names the eyes with the shared stepper's words (`BotStepper.eyes_words`,
the ``ui`` catalog's)."""

GAMES = (
    {"hands": 2},
    {"hands": 2, "players": 3, "jokers": "wild"},
    {"hands": 2, "players": 3, "jokers": "wild", "five_of_a_kind": False},
    {"hands": 2, "players": 3, "betting": False},
    {"hands": 3, "players": 7, "stack": 6},
)


def bots(players: int) -> dict:
    return {
        s: CallBot() if s == players - 1 else PokerBot(seed=f"words/{s}", bluff=0.2, trials=40)
        for s in range(players)
    }


@pytest.fixture(scope="module")
def games():
    played = []
    for seed, options in enumerate(GAMES):
        start = triad.new_game(seed, **options)
        reasons: dict = {}
        players = triad.GAME.num_players(start.state)
        played.append((start.play_out(bots(players), reasons=reasons), reasons))
    return played


def _said(games):
    for replay, reasons in games:
        for event in replay.events:
            yield event.told, event.arithmetic
        for _, reason in reasons.values():
            yield reason, ""


def _reads(text: str, lang: str) -> None:
    assert "{" not in text and "}" not in text, text
    assert not english_phrases(text, lang), (text, english_phrases(text, lang))


@pytest.mark.parametrize("lang", LANGS)
def test_every_narration_and_reason_reads_in_the_language(games, lang):
    before = {m for m in missed() if m[0] == lang}
    for told, arithmetic in _said(games):
        for seat in (None, 0):
            _reads(told.text(seat, lang), lang)
        if arithmetic:
            _reads(arithmetic.text(None, lang), lang)
    assert {m for m in missed() if m[0] == lang} == before


def test_the_english_reading_is_unchanged(games):
    replay, _ = games[0]
    first = replay.events[0]
    assert first.told.text(None, "en").startswith(
        "Hand 1 of 2: Player 4 has the button, so Player 1 is dealt to first. The antes are in: "
        "pot 4. The dealer gives Player 1 a card face down ("
    )
    assert first.told.text(1, "en").endswith("The dealer gives Player 1 a card face down.")
    for told, _ in _said(games):
        assert "{" not in told.text(None, "en")


def test_hand_names_in_the_glossary_words():
    """As a Triad page reads them: its game's catalogs first (the controls' "King" is a card's
    name, capitalised; the hand names' is a rank word).  Set here, not left to whichever test
    ran before in the same process."""
    set_language("en", "triad")
    try:
        value = triad.evaluate("Kb Kg Kr 7k 2b")
        assert value.words.text(None, "ru") == "Тройка, короли"
        assert value.words.text(None, "zh") == "三条，K"
        assert triad.evaluate("Ab Kb Qb Jb Tb").words.text(None, "ru") == "Полный цвет"
        assert triad.evaluate("Kr 7b 5g 4k 2k").words.text(None, "ru") == "Старшая карта, король"
        assert value.name == "Three Up, Kings"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_reads_in_the_language(lang):
    replay = triad.new_game(1)
    state = replay.state
    with pytest.raises(IllegalMove) as err:
        triad.apply(state, "stand pat")
    reason = err.value.reason.text(None, lang)
    assert "{" not in reason
    assert not english_phrases(reason, lang, NOTATION), reason
    with pytest.raises(ValueError) as bad:
        triad.evaluate("Kb Kg Kr 7k")
    with using_language(lang):
        said = str(bad.value)
    assert not english_phrases(said, lang), said


# -- the lesson's panels and pictures --------------------------------------------------------------
def _panels(page):
    from cardlab.apps.triad.lesson import HandLadder, TriadComponents
    from cardlab.apps.triad.odds import ExchangeAdvisor, OddsTables
    from cardlab.apps.triad.quiz import WhichHandWins
    from cardlab.apps.triad.stepper import HandStepper
    from cardlab.apps.triad.table import TriadTable
    from cardlab.widgets.table import TableView

    return {
        "components": page.show(TriadComponents()),
        "ladder": page.show(HandLadder()),
        "odds": page.show(OddsTables()),
        "advisor": page.show(ExchangeAdvisor.start()),
        "quiz": QuizView(WhichHandWins(seed=1), page),
        "stepper": StepperView(HandStepper.start(), page),
        "table": TableView(TriadTable.start(opponents=2), page),
    }


def _drawn(canvas) -> list[str]:
    return list(canvas.drawing.texts()) if canvas.drawing is not None else []


def _our_texts(panels) -> dict[str, list[str]]:
    """The texts each panel shows that Triad's own code writes (the shared controls around them,
    the stepper's buttons, the rules panel, the odds panel's table, are the ``ui`` catalog's)."""
    p = panels
    quiz = p["quiz"]
    quiz.answer("0")
    table = p["table"]
    buttons = ("fold", "check", "call", "bet", "raise", "hint", "discard", "stand-pat")
    advisor = p["advisor"]
    return {
        "components": figure_texts(p["components"].model),
        "ladder": figure_texts(p["ladder"].model),
        "odds": figure_texts(p["odds"].model),
        "advisor": figure_texts(advisor.model),
        "quiz": [quiz.question.value, quiz.feedback.value, *_drawn(quiz.view)],
        "stepper": _drawn(p["stepper"].view),
        "table": [
            *(table.controls[k].description for k in buttons),
            table.model.banner(),
            *table.model.log_lines(),
            *table.model.log_footer(),
            *_drawn(table.view),
        ],
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_panels_show_no_english(lang, monkeypatch):
    from dataclasses import replace

    from cardlab.widgets.lesson_page import LessonPage

    # The rules panel puts an option's meaning in a tooltip, a plain string until the shared
    # widgets read messages (widgets/rules.py): give it the meaning read in the language.
    specs = {k: replace(v, meaning=v.meaning.text(None, lang) if hasattr(v.meaning, "text")
                        else v.meaning) for k, v in triad.GAME.option_specs.items()}  # fmt: skip
    monkeypatch.setattr(triad.GAME, "option_specs", specs)
    set_language(lang)
    try:
        before = {m for m in missed() if m[0] == lang}
        texts = _our_texts(_panels(LessonPage("triad")))
        ours = {m for m in missed() if m[0] == lang and m not in before and m[1] in OUR_IDS}
        assert ours == set()
        found = {name: english_in(t, lang, FACES | EYES) for name, t in texts.items()}
        assert {name: left for name, left in found.items() if left} == {}
        assert all(texts.values())
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", LANGS)
def test_the_pictures_are_labelled_in_the_language(games, lang):
    from cardlab.pictures.triad import (
        frame_lines_picture,
        hand_ladder,
        showdown_picture,
        table_picture,
    )

    replay, _ = games[0]
    with using_language(lang):
        drawings = [
            frame_lines_picture(),
            hand_ladder({"high_card": 1, "one_pair": 2}, "wild", five_of_a_kind=False),
            showdown_picture([triad.parse("Kb Kg Kr 7k 2b"), triad.parse("Ab Kb Qb Jb Tb")]),
        ]
        for step in (5, len(replay) // 2, len(replay)):
            state = replay.state_at(step)
            drawings.append(table_picture(triad.observe(state, 0), you=0, banner=""))
        texts = [t for d in drawings for t in d.texts()]
    assert texts
    assert english_in(texts, lang, FACES) == []
