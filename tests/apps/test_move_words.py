"""Every move a learner can choose reads in the page's language (issue 26, item 6).

A move is shown where the learner acts: a stepped deal's What if… list (and its help line), the
legal-moves section of a text mirror (a stepper's and a table's), all made by one function per
game, `Game.move_words`.  For every game and every language it is written in, the engine's words
for every legal move of many positions are checked, then each lesson's stepper and table are
stepped through and their lists and text versions read, with `language_check.english_phrases` as
the oracle (for Lithuanian and Malay it knows the English move words too).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest
from language_check import english_phrases, widget_texts
from test_hidden_information import _steppers, _tables

from cardlab.apps.decks import DealStepper
from cardlab.core.engine import CHANCE, TERMINAL, get_game, legal_action_texts
from cardlab.core.i18n import DOMAINS, SCOPES, missed, set_language, using_language
from cardlab.widgets import autoplay
from cardlab.widgets.theme import ThemePicker

GAMES = ("highcard", "triad", "pyramid", "doudizhu", "triangle", "three_thirteen", "pyramid_poker")


def languages(game: str) -> tuple[str, ...]:
    """The languages ``game`` is written in: those whose scope holds its catalog (High Card, the
    decks lesson's demo game, speaks with the controls' catalog)."""
    domain = game if game in DOMAINS else "ui"
    return tuple(lang for lang, scope in SCOPES.items() if domain in scope)


CASES = [(game, lang) for game in GAMES for lang in languages(game)]
IDS = [f"{game}-{lang}" for game, lang in CASES]


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    yield
    set_language("en")


def english(texts: list[str], lang: str) -> list[tuple[str, list[str]]]:
    return [(text, words) for text in texts if (words := english_phrases(text, lang))]


def positions(game: str, seeds: int = 6, steps: int = 400) -> Iterator[Any]:
    """The states where a player is to move, over ``seeds`` random playouts of ``game``."""
    engine = get_game(game)
    for seed in range(seeds):
        rng = random.Random(seed)
        state = engine.initial_state()
        for _ in range(steps):
            seat = engine.current_player(state)
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                action = engine.sample_chance(state, rng)
            else:
                yield state
                action = rng.choice(engine.legal_actions(state))
            state = engine.apply(state, action).state


def test_the_languages_cover_every_scope() -> None:
    assert {lang for _, lang in CASES} == set(SCOPES)
    assert ("three_thirteen", "lt") in CASES and ("pyramid_poker", "ms") in CASES


@pytest.mark.parametrize(("game", "lang"), CASES, ids=IDS)
def test_every_legal_move_reads_in_the_language(game: str, lang: str) -> None:
    engine = get_game(game)
    before = missed()
    said: dict[str, str] = {}
    with using_language(lang):
        for state in positions(game):
            for action in legal_action_texts(engine, state):
                said.setdefault(action.split(" ")[0], engine.move_words(state, action))
    assert said
    assert english(list(said.values()), lang) == [], said
    assert not any("{" in text for text in said.values())
    assert {m for m in missed() - before if m[0] == lang} == set()


# -- where the learner meets the moves ------------------------------------------------------------
def stepper_texts(stepper: Any, every: int) -> Iterator[str]:
    """The What if… list and help, and the text mirror, at every ``every``-th step, through the
    teacher's eyes (who sees every seat's choices)."""
    stepper.eyes.value = -1
    for step in range(0, len(stepper.replay) + 1, every):
        stepper.stepper.go(step)
        yield from stepper.whatif.moves._options_labels
        yield from widget_texts(stepper.whatif.help)
        yield stepper.mirror.text


def table_texts(view: Any, presses: int) -> Iterator[str]:
    """A table's text mirror after each of ``presses`` learner's presses (its own advice)."""
    for _ in range(presses):
        yield view.mirror.text
        autoplay.step(view)


def decks_texts() -> Iterator[str]:
    """The decks lesson's deal in words (its figure's text version) at every step."""
    deal = DealStepper.start()
    for step in range(len(deal.replay) + 1):
        yield deal.act("step", step).blocks("default")[2].words


LESSON_OF = {"highcard": "00_decks"}
"""The lesson each game is taught in (its own name, but the decks lesson's demo game)."""
LESSONS = files("cardlab") / "lessons"
PAGES = [
    (game, lang)
    for game, lang in CASES
    if (LESSONS / lang / f"{LESSON_OF.get(game, game)}.md").is_file()
]
"""Every lesson in every language it is written in."""


def shown_moves(game: str, picker: ThemePicker) -> Iterator[str]:
    """What ``game``'s lesson shows of the moves: its stepper's and its table's."""
    if game == "highcard":
        yield from decks_texts()
        return
    yield from stepper_texts(_steppers()[game](picker), every=3)
    yield from table_texts(_tables()[game](picker), presses=60)


def test_every_lesson_page_is_checked() -> None:
    assert len(PAGES) == 2 * len(GAMES) + 2
    assert ("three_thirteen", "lt") in PAGES and ("pyramid_poker", "ms") in PAGES


@pytest.mark.parametrize(("game", "lang"), PAGES, ids=[f"{g}-{lang}" for g, lang in PAGES])
def test_the_what_if_list_legal_moves_and_text_versions_read_in_the_language(
    game: str, lang: str
) -> None:
    set_language(lang, LESSON_OF.get(game, game))
    texts = [text for text in shown_moves(game, ThemePicker()) if text]
    assert len(texts) > 20
    assert english(texts, lang) == []
