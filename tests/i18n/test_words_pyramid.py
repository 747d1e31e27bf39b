"""Pyramid in Russian and Chinese: the engine's hand names, the bots' reasons, the refusals, the
lesson panels and their pictures read in the page's language, with nothing of the pyramid
catalog left in English, and the English reading as it was."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po
from figure_texts import figure_texts
from language_check import english_in, shown_texts

from cardlab.apps.pyramid.lesson import (
    HandArranger,
    HandLadder,
    PyramidComponents,
    PyramidShapes,
)
from cardlab.apps.pyramid.odds import ExchangeAdvisor, OddsTable
from cardlab.apps.pyramid.quiz import ShowdownQuiz
from cardlab.apps.pyramid.stepper import HandStepper
from cardlab.apps.pyramid.table import PyramidTable
from cardlab.core.cards import PYRAMID
from cardlab.core.i18n import Message, missed, msg, set_language, using_language
from cardlab.core.narration import Narration, Secret
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.pyramid import GAME, evaluate, parse
from cardlab.games.pyramid.game import advise, check_options
from cardlab.games.pyramid.hands import CLASSES
from cardlab.pictures.pyramid import (
    arrangement_picture,
    ladder_picture,
    shapes_picture,
    showdown_picture,
    table_picture,
)
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView

LANGS = ("ru", "zh")
GAMES = (
    (3, {}),
    (5, {"players": 3, "exchange_rounds": 2, "hands": 2}),
    (7, {"betting": False, "players": 4, "hands": 2}),
)
"""Seeds and options that change what is said: betting or points, two exchange rounds, 2-4
players."""
PO = "cardlab/locale/{lang}/LC_MESSAGES/pyramid.po"


@cache
def played(seed: int, options: tuple[tuple[str, Any], ...]) -> tuple[Replay, dict]:
    """A whole game of bots (quick ones: few equity trials), with every bot's reason."""
    players = dict(options).get("players", 2)
    bots = {
        s: PokerBot(seed=f"words/{s}", goal="improve", trials=12, bluff=0.05, game=GAME)
        for s in range(players)
    }
    reasons: dict = {}
    replay = Replay.start(GAME, seed, **dict(options)).play_out(bots, reasons=reasons)
    assert replay.is_terminal
    return replay, reasons


def messages_in(narration: Narration) -> Iterator[Message | Secret]:
    """The pieces of a narration that are messages, or secrets holding one."""
    for piece in narration.pieces:
        if isinstance(piece, Message) or (
            isinstance(piece, Secret) and Message in (type(piece.text), type(piece.alt))
        ):
            yield piece


def read(piece: Message | Secret, seat: int | None, lang: str) -> str:
    """A message piece as ``seat`` reads it (a secret's side that is a plain string, the
    shared poker engine's, reads as nothing)."""
    if isinstance(piece, Secret):
        side = piece.text if piece.readable_by(seat) else piece.alt
        return side.text(seat, lang) if isinstance(side, Message) else ""
    return piece.text(seat, lang)


@cache
def english_chunks() -> tuple[str, ...]:
    """The English of every pyramid message, in the pieces between its placeholders and tags
    that are three words or longer: none of them may be on a page in another language."""
    with open(PO.format(lang="ru"), "rb") as stream:
        catalog = read_po(stream)
    chunks = set()
    for message in catalog:
        for text in message.id if isinstance(message.id, tuple) else (message.id,):
            for chunk in re.split(r"\{\w+\}|<[^>]+>", text):
                chunk = chunk.strip(" .,;:()")
                if len(re.findall(r"[A-Za-z]{2,}", chunk)) >= 3:
                    chunks.add(chunk)
    return tuple(sorted(chunks))


def english_of_pyramid(texts: list[str]) -> list[tuple[str, str]]:
    return [(chunk, text) for text in texts for chunk in english_chunks() if chunk in text]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("seed", "options"), GAMES)
def test_every_hand_name_and_bot_reason_of_a_played_game_reads_in_the_language(
    lang: str, seed: int, options: dict
) -> None:
    replay, reasons = played(seed, tuple(options.items()))
    before = missed()
    pieces = [p for e in replay.events for p in messages_in(e.told)]
    pieces += [p for _, reason in reasons.values() for p in messages_in(reason)]
    shown = [words for result in replay.state.results for _, _, words in result.shown]
    assert shown and any(isinstance(p, Message) for p in pieces)
    for seat in (None, 0):
        texts = [read(p, seat, lang) for p in pieces]
        texts += [words.text(seat, lang) for words in shown]
        texts += [e.told.text(seat, lang) for e in replay.events]
        texts += [reason.text(seat, lang) for _, reason in reasons.values()]
        assert not [t for t in texts if "{" in t]
        # the pyramid's own words (hand names, the advisor's reasons) hold no English; the
        # sentences around them are the shared poker engine's (cardlab.games.poker, its catalog)
        assert english_in([read(p, seat, lang) for p in pieces], lang) == []
        assert english_in([words.text(seat, lang) for words in shown], lang) == []
        mine = [read(p, seat, lang) for p in pieces] + [w.text(seat, lang) for w in shown]
        assert english_of_pyramid(mine) == []
    assert {m for m in missed() - before if m[0] == lang} == set()


def test_the_english_reading_is_unchanged() -> None:
    """The reasons and names read as they did before they were messages."""

    def reason(hand: str, seat: int | None) -> str:
        cards = parse(hand)
        unseen = list(PYRAMID.cards())
        for card in cards:
            unseen.remove(card)
        return advise(cards, unseen, 4)[1].text(seat, "en")

    assert reason("3P 3G 2O 1G 1O 2P", None) == (
        "of the 18,424 possible draws of 3 cards from the cards I have not seen, 80% give a "
        "better pyramid than mine and 13% a worse hand, the best balance of any discard."
    )
    assert reason("3O 3G 3P 2P 2O 3O", 1) == (
        "of the 49 possible draws of 1 card from the cards I have not seen, 20% give a better "
        "pyramid than mine, the best balance of any discard."
    )
    assert reason("3P 3P 3P 2P 2P K", None) == (
        "no discard can give a better pyramid than the one I hold, so I keep it."
    )
    teacher, seat = reason("3P 3P 3P 2P 2P 1G", None), reason("3P 3P 3P 2P 2P 1G", 1)
    assert teacher == (
        "every discard risks a worse hand more than it promises a better pyramid (the best "
        "try, 3P 3P 2P 1G, gives 9% better but 86% worse, counted over every possible draw), "
        "so I keep my cards."
    )
    assert seat == teacher.replace("3P 3P 2P 1G", "throwing 4 cards")
    names = [cls.name.text(None, "en") for cls in CLASSES]
    assert names[-1] == "Full pyramid (3-2-1), perfect Purple, Keystone apex"
    assert "Full pyramid (3-2-1), not perfect; level-1 Orange" in names


@pytest.mark.parametrize("lang", LANGS)
def test_every_class_of_hand_and_kicker_reads_in_the_language(lang: str) -> None:
    names = [cls.name.text(None, lang) for cls in CLASSES]
    hands = ["1P 1G 1O 2P 2G 2O", "3O 3G 3P 2P 2O 3O", "3P 3P 2P 2P 1P K", "3P 3P 2P 3O 3G K"]
    names += [evaluate(hand).description.text(None, lang) for hand in hands]
    assert len(set(names)) == len(names)
    assert english_in(names, lang) == []
    if lang == "ru":
        assert evaluate("3O 3G 3P 2P 2O 3O").description.text(None, "ru") == (
            "Средняя пирамида (3-2), не идеальная; кикер — фиолетовая карта третьего уровня"
        )
    else:
        assert evaluate("3O 3G 3P 2P 2O 3O").description.text(None, "zh") == (
            "中金字塔（3-2），不完美；踢脚牌为第 3 层紫色牌"
        )


@pytest.mark.parametrize("lang", LANGS)
def test_a_refusal_reads_in_the_language(lang: str) -> None:
    with using_language(lang):
        with pytest.raises(ValueError) as short:
            evaluate(parse("3P 3G 2O"))
        with pytest.raises(ValueError) as too_many:
            evaluate(parse("1P 1P 1P 1P 2G 2G"))
        rounds = str(check_options({"exchange_rounds": 2, "players": 4}))
        table = PyramidTable.start(seed=2, opponents=2)
        while table.stage != "exchange":
            legal = GAME.legal_actions(table.state)
            table = table.act("check" if "check" in legal else "call")
        with pytest.raises(ValueError) as nothing:
            table.act("discard")
        refusal = table.refusal()
        texts = [str(short.value), str(too_many.value), rounds, str(nothing.value), refusal]
    assert english_in(texts, lang, allowed={"exchange_rounds"}) == []
    assert "3P 3G 2O" in texts[0] and "exchange_rounds=1" in rounds
    assert english_of_pyramid([t for t in texts if not shared(t)]) == []


# -- the lesson's panels and pictures ------------------------------------------------------------
ACTIONS = {"fold", "check", "call", "bet", "raise"}
"""The betting moves as the replay writes them: notation, quoted in the what-if lines."""
SHARED = {
    r"^WILD$": "printed on the Keystone's face (kept, as the glossaries say)",
    r"^(fold|check|call|bet|raise)( \d+)?$": "a what-if move: the replay's notation",
}
"""English on the Pyramid pages that is not a sentence to translate."""


def shared(text: str) -> bool:
    return any(re.search(pattern, text) for pattern in SHARED)


def panels(page: LessonPage) -> dict[str, Any]:
    return {
        "components": page.show(PyramidComponents()),
        "shapes": page.show(PyramidShapes()),
        "ladder": page.show(HandLadder()),
        "arranger": page.show(HandArranger()),
        "odds": page.show(OddsTable()),
        "advisor": page.show(ExchangeAdvisor().act("best-discard")),
        "stepper": StepperView(HandStepper.start(), page),
        "quiz": QuizView(ShowdownQuiz(seed=1), page),
        "table": TableView(PyramidTable.start(seed=2, opponents=2), page),
    }


@pytest.mark.parametrize("lang", LANGS)
def test_the_lesson_panels_read_in_the_language(lang: str) -> None:
    before = missed()
    set_language(lang)
    try:
        page = LessonPage("pyramid")
        built = panels(page)
        texts = {name: shown_texts(panel) for name, panel in built.items()}
        for name, panel in built.items():
            if isinstance(panel, FigureView):  # what its canvases draw and are named, too
                texts[name] += figure_texts(panel.model)
        quiz = built["quiz"]
        quiz.answer(quiz.choice.options[-1][1])
        texts["answer"] = shown_texts(quiz)
        stepper = built["stepper"]
        stepper.stepper.go(len(stepper.replay))
        texts["showdown"] = shown_texts(stepper)
    finally:
        set_language("en")
    for name, shown in texts.items():
        assert english_of_pyramid([t for t in shown if not shared(t)]) == [], name
        assert [t for t in shown if re.search(r"\{\w+\}", t)] == [], name
        left = [(t, words) for t, words in english_in(shown, lang, ACTIONS) if not shared(t)]
        assert left == [], name
    assert {m for m in missed() - before if m[0] == lang} == set()


@pytest.mark.parametrize("lang", LANGS)
def test_the_pictures_and_their_labels_read_in_the_language(lang: str) -> None:
    replay, _ = played(GAMES[1][0], tuple(GAMES[1][1].items()))
    final = replay.state
    view = GAME.observe(final, None)
    with using_language(lang):
        drawings = [
            arrangement_picture("3P 3G 2O 1G 2P K", msg("Your hand, arranged")),
            arrangement_picture("1P 1G 1O 2P 2G 2O"),
            ladder_picture(),
            shapes_picture(),
            showdown_picture(final.results[-1], you=0),
            table_picture(view, you=0, showdown=True),
            table_picture(GAME.observe(replay.state_at(20), 0), you=0, showdown=True),
        ]
        texts = [t for d in drawings for t in d.texts()]
    left = [(t, words) for t, words in english_in(texts, lang) if not shared(t)]
    assert left == []
    assert english_of_pyramid([t for t in texts if not shared(t)]) == []
