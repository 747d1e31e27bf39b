"""The Pyramid lesson's question on two small pyramids, checked against the engine.

The lesson (in every language it is written in) names a hand that holds two small pyramids with
no card in common and asks why such a hand is always worth more than a small pyramid.  Here
every 6-card hand of the deck is enumerated: the named hand must really hold two disjoint small
pyramids (found by an independent search over the ways to split six cards in two threes), such
hands must exist, and every one of them must be valued at least a middle pyramid by `evaluate`.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

from cardlab.core.cards import Card
from cardlab.games.pyramid import evaluate, parse
from cardlab.games.pyramid.hands import KIND_COPIES, cards_of_counts
from cardlab.games.pyramid.odds import kind_multisets

LESSONS = Path(__file__).resolve().parents[2] / "cardlab" / "lessons"
DOCUMENTS = sorted(
    {LESSONS / "pyramid.md", *LESSONS.glob("*/pyramid.md"), *LESSONS.glob("notes/*/pyramid.md")}
)
MIDDLE = 2  # type_rank of a middle pyramid (3-2); a small one is 1
HAND = re.compile(r"`((?:[1-3][POG]|K)(?: (?:[1-3][POG]|K)){5})`")


def is_small_pyramid(cards: tuple[Card, ...]) -> bool:
    """Two level-3 cards and one level-2 card, the Keystone standing for either level."""
    levels = sorted(card.rank for card in cards if card.rank != "K")
    wild = len(cards) - len(levels)
    need = ["2", "3", "3"]
    for level in levels:
        if level not in need:
            return False
        need.remove(level)
    return len(need) == wild


def two_disjoint_small_pyramids(hand: tuple[Card, ...]) -> bool:
    """Whether the six cards split into two threes that are each a small pyramid."""
    for first in combinations(range(len(hand)), 3):
        rest = tuple(hand[i] for i in range(len(hand)) if i not in first)
        if is_small_pyramid(tuple(hand[i] for i in first)) and is_small_pyramid(rest):
            return True
    return False


def the_question(path: Path) -> str:
    """The paragraph (or notes heading) of the question that names two small pyramids."""
    blocks = re.split(r"\n\s*\n", path.read_text(encoding="utf-8"))
    asked = [b for b in blocks if re.match(r"(\*\*|### )", b.strip()) and "2P 3P 3P 2G" in b]
    assert len(asked) == 1, (path, "the question naming two small pyramids is not found")
    return asked[0]


def test_every_language_of_the_lesson_and_its_notes_is_checked():
    names = {str(p.relative_to(LESSONS)) for p in DOCUMENTS}
    assert {"pyramid.md", "ru/pyramid.md", "zh/pyramid.md", "notes/pyramid.md"} <= names
    assert {"notes/ru/pyramid.md", "notes/zh/pyramid.md"} <= names


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: str(p.relative_to(LESSONS)))
def test_the_question_names_a_hand_that_holds_two_disjoint_small_pyramids(path):
    hands = HAND.findall(the_question(path))
    assert hands, path
    hand = parse(hands[0])
    assert two_disjoint_small_pyramids(hand), hands[0]
    assert evaluate(hand).key[0] >= MIDDLE


def test_every_hand_with_two_disjoint_small_pyramids_is_worth_more_than_a_small_one():
    found = 0
    for counts, _ in kind_multisets(6, KIND_COPIES):
        hand = cards_of_counts(counts)
        if two_disjoint_small_pyramids(hand):
            found += 1
            assert evaluate(hand).key[0] >= MIDDLE, hand
    assert found > 0  # such hands exist: the lesson must not say "never"
