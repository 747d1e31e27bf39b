"""The review of a hand and the find-the-move practice read in the page's language, at every
table in every language its game is written in: every word of the review (moves included), the
decision list, a branch's and a return's status lines, and every practice position's question,
moves, hint and feedback."""

from __future__ import annotations

import dataclasses
import re

import pytest
from language_check import english_in
from table_games import CASES, MODELS

from cardlab.apps import hand_review
from cardlab.apps.model import LEARNER
from cardlab.core.bots import RandomBot
from cardlab.core.i18n import missed, set_language
from cardlab.widgets.quiz import plain

FOREIGN = [(game, lang) for game, lang in CASES if lang != "en"]
RANKS = re.compile(r"[2-9TJQKA]+")
"""A run of rank letters is cards in notation (Dou Dizhu's bomb ``QQQQ``), not English."""


def english(texts: list[str], lang: str) -> list[tuple[str, list[str]]]:
    """`english_in`, less the cards written in rank notation."""
    found = [
        (t, [w for w in words if not RANKS.fullmatch(w)]) for t, words in english_in(texts, lang)
    ]
    return [(t, words) for t, words in found if words]


def learner_at_random(game: str, seed: int):
    """``game``'s table with its first unit (hand, round, deal, game) played to its end, the
    learner's seat by a seeded random player: a review with valued decisions to read."""
    table = MODELS[game].start(seed=seed)
    bots = {**table.bots, LEARNER: RandomBot(seed)}
    played = table.replay.play_out(bots, until=table.pause)
    return dataclasses.replace(table, replay=played)


@pytest.fixture
def language():
    chosen: list[str] = []

    def use(lang: str) -> None:
        chosen.append(lang)
        set_language(lang)

    yield use
    set_language("en")


@pytest.mark.parametrize(("game", "lang"), FOREIGN)
def test_the_review_reads_in_the_language(game, lang, language):
    language(lang)
    before = {m for m in missed() if m[0] == lang}
    table = learner_at_random(game, 4)
    assert table.hand_done()
    shown = table.act("review")
    found = hand_review.shown_review(shown)
    assert found is not None and found.decisions
    texts = [
        plain(shown.review_html()),
        *(label for label, _ in shown.control("review-pick").options),
    ]
    texts += [c.label for c in shown.offered() if c.key in hand_review.KEYS]
    branchable = [i for i, d in enumerate(found.decisions) if d.verdict != "same"]
    if branchable:
        branch = shown.act("review-pick", branchable[0]).act("review-branch")
        texts += [str(branch.said.text), str(branch.act("review-back").said.text)]
    left = english(texts, lang)
    assert left == [], left
    assert {m for m in missed() if m[0] == lang} == before, "a message with no translation"


PRACTICES = {
    game: __import__(f"cardlab.apps.{game}.practice", fromlist=["_"]) for game, _ in FOREIGN
}


def _practice(game: str):
    from cardlab.apps.practice import PracticeModel

    module = PRACTICES[game]
    return next(
        v for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, PracticeModel) and v.__module__ == module.__name__
    )  # fmt: skip


@pytest.mark.parametrize(("game", "lang"), FOREIGN)
def test_every_practice_position_reads_in_the_language(game, lang, language):
    language(lang)
    before = {m for m in missed() if m[0] == lang}
    cls = _practice(game)
    texts = []
    for number in range(len(cls.positions)):
        model = cls().at(number)
        answers = model.exercise.position.answers
        texts += [plain(model.prompt()), model.with_hint().hint_text()]
        for label, move in model.choices():
            texts.append(label)
            if move == answers[0] or move not in answers:
                _, head, body = model.feedback(move)
                texts.append(plain(f"{head} {body}"))
    left = english(texts, lang)
    assert left == [], left[:5]
    assert {m for m in missed() if m[0] == lang} == before, "a message with no translation"
