"""Every curated deal still tells the story its lesson tells about it.

A deal is data (a replay text under ``cardlab/lessons/deals``); its story is a property of that
replay and of the bots' reasons for its moves, stated here once per deal.  ``STORIES`` is also
what ``tools/curate_deals.py`` searched with when it chose the deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from cardlab.core.replay import Replay
from cardlab.lessons import deals


@dataclass(frozen=True)
class Story:
    """What a lesson's prose says about a deal, and how to check it."""

    says: str
    bots: Callable[[], dict[int, Any]]
    holds: Callable[[Replay, dict[int, tuple[int, Any]]], bool]


def _triad_bots() -> dict[int, Any]:
    from cardlab.apps.triad.stepper import default_bots

    return default_bots()


def _pot_odds_call(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    told = [reason.text() for _, reason in reasons.values()]
    return replay.state.phase == "done" and any("needs" in t and "equity" in t for t in told)


STORIES: dict[str, Story] = {
    "triad-pot-odds": Story(
        "Four AI players play one hand to its end, and a call or fold is decided by the pot "
        'odds ("calling 4 into a pot of 10 needs 29% equity").',
        _triad_bots,
        _pot_odds_call,
    ),
}


def test_every_deal_file_has_a_story_and_every_story_a_file():
    assert deals.names() == sorted(STORIES)


@pytest.mark.parametrize("name", sorted(STORIES))
def test_the_deal_tells_its_story(name):
    story = STORIES[name]
    replay = deals.load(name)
    reasons = replay.reasons_of(story.bots())
    assert story.holds(replay, reasons), f"{name} no longer shows: {story.says}"
    # the bots still make every move of the deal, so every move has its reason
    bot_moves = [s for s in range(1, len(replay) + 1) if replay.event_at(s).actor in story.bots()]
    assert sorted(reasons) == bot_moves


def test_a_wrong_name_is_refused_with_the_names():
    with pytest.raises(ValueError, match="triad-pot-odds"):
        deals.load("no-such-deal")
