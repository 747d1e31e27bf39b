"""Every step a lesson's teacher notes cite, in every language, is the step of the lesson's
stepped deal where the player they name moves: the notes once said "(step 17) Player 1 leads
the 8♥" where the lead is step 16 (step 17 is Player 2's)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardlab.handouts import PLANS
from cardlab.lessons import deals

NOTES = Path(__file__).resolve().parents[2] / "cardlab" / "lessons" / "notes"
STEP = {
    "en": r"\bstep (\d+)",
    "ru": r"\bшаг\w* (\d+)",
    "zh": r"第 ?(\d+) ?步",
    "lt": r"\b(?:žingsn|ėjim)\w* (\d+)",
    "ms": r"\blangkah (?:ke-)?(\d+)",
}
PLAYER = {
    "en": r"\bPlayer (\d)",
    "ru": r"\b[Ии]грок\w* (\d)",
    "zh": r"玩家 ?(\d)",
    "lt": r"\b[Žž]aidėj\w* (\d)",
    "ms": r"\b[Pp]emain (\d)",
}
SENTENCE = re.compile(r"(?<=[.;:!?])\s+|[。；]")
FILES = sorted(NOTES.glob("*.md")) + sorted(NOTES.glob("*/*.md"))


def language(path: Path) -> str:
    return "en" if path.parent == NOTES else path.parent.name


def cited(path: Path) -> list[tuple[int, int, str]]:
    """(step, the player named nearest to it in its sentence, the sentence) for every step the
    notes cite."""
    lang = language(path)
    found = []
    for sentence in SENTENCE.split(path.read_text(encoding="utf-8")):
        players = [(m.start(), int(m.group(1))) for m in re.finditer(PLAYER[lang], sentence)]
        for m in re.finditer(STEP[lang], sentence):
            assert players, (path.name, sentence)  # a cited step says who moves there
            nearest = min(players, key=lambda p: (abs(p[0] - m.start()), -p[0]))[1]
            found.append((int(m.group(1)), nearest, sentence))
    return found


def test_the_notes_in_every_language_are_read():
    assert {language(p) for p in FILES} <= set(STEP)
    assert sum(len(cited(p)) for p in FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(NOTES)))
def test_a_cited_step_is_the_named_players_move_in_the_lesson_deal(path):
    replay = deals.load(PLANS[path.stem].deal)
    for step, player, sentence in cited(path):
        assert 1 <= step <= len(replay), (step, sentence)
        narration = replay.event_at(step).narration_for(None)
        mover = re.match(r"Player (\d)", narration)
        assert mover and int(mover.group(1)) == player, (step, sentence, narration)
