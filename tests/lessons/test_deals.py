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


def _triangle_bots() -> dict[int, Any]:
    from cardlab.apps.triangle.stepper import default_bots

    return default_bots()


def _pyramid_bots() -> dict[int, Any]:
    from cardlab.apps.pyramid.stepper import default_bots

    return default_bots()


def _triangle_scored_round(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    rounds = replay.state.rounds
    return replay.state.phase == "deal" and len(rounds) == 1 and rounds[0].speaker is not None


def _triangle_first_turn(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    rounds = replay.state.rounds
    told = [(replay.actions[step - 1], reason.text()) for step, (_, reason) in reasons.items()]
    passes = any(a == "no_claim" and "below my threshold" in t for a, t in told)
    certain = any(
        r.statement is not None and r.statement.kind == "S1" and r.gains[r.speaker] > 0
        for r in rounds
    )
    return replay.state.phase == "deal" and len(rounds) == 6 and passes and certain


def _doudizhu_bots() -> dict[int, Any]:
    from cardlab.apps.doudizhu.stepper import default_bots

    return default_bots()


def _doudizhu_bid_and_play(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    state = replay.state
    bids = [a for a in replay.actions if a.startswith("bid ")]
    play = next(i for i in range(len(replay) + 1) if replay.state_at(i).phase in ("play", "over"))
    landlord = replay.state_at(play).landlord
    return (
        state.phase == "over"
        and bool(bids)
        and landlord is not None
        and len(replay.state_at(play).hands[landlord]) == 20
        and any(not hand for hand in state.hands)
    )


def _three_thirteen_bots() -> dict[int, Any]:
    from cardlab.apps.three_thirteen.stepper import default_bots

    return default_bots(2)


def _three_thirteen_two_rounds(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    results = replay.state.results
    return (
        replay.state.phase == "over"
        and len(results) == 2
        and all(
            r.went_out is not None
            and r.arrangements[r.went_out].penalty == 0
            and not r.stock_ran_out
            for r in results
        )
    )


def _exchange_and_showdown(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    told = [reason.text() for _, reason in reasons.values()]
    state = replay.state
    return (
        replay.is_terminal
        and len(state.results[-1].shown) >= 2
        and any(t.startswith("Discards") and "better pyramid" in t for t in told)
    )


def _pyramid_poker_bots() -> dict[int, Any]:
    from cardlab.apps.pyramid_poker.stepper import default_bots

    return default_bots()


def _scored_with_a_late_placement(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    states = [replay.state_at(i) for i in range(len(replay) + 1)]
    return (
        replay.is_terminal
        and "=" in replay.event_at(len(replay)).arithmetic
        and any(s.phase == "take" for s in states)
        and any(s.phase == "assign" and s.turn == 0 and s.taken >= 12 for s in states)
    )


def _second_player_must_follow(replay: Replay, reasons: dict[int, tuple[int, Any]]) -> bool:
    game = replay.game
    for i in range(len(replay) + 1):
        state = replay.state_at(i)
        if len(state.trick) == 1 and game.current_player(state) >= 0:
            hand = state.hands[game.current_player(state)]
            return len(game.legal_actions(state)) == 1 and len(hand) > 1
    return False


STORIES: dict[str, Story] = {
    "triad-pot-odds": Story(
        "Four AI players play one hand to its end, and a call or fold is decided by the pot "
        'odds ("calling 4 into a pot of 10 needs 29% equity").',
        _triad_bots,
        _pot_odds_call,
    ),
    "triangle-scored-round": Story(
        "The walkthrough's round is a real first round that is not void: a bot grabs the Right "
        "to Speak, makes a statement, and the round is scored.",
        _triangle_bots,
        _triangle_scored_round,
    ),
    "triangle-first-turn": Story(
        "Three reasoning bots play the first turn (six rounds): a bot passes because its best "
        'statement is worth less than its threshold, and someone says "My peers are even" '
        "(or odd), a certain point.",
        _triangle_bots,
        _triangle_first_turn,
    ),
    "doudizhu-bid-and-play": Story(
        "Three AI bid (the auction ends with a bid, and the landlord takes the bottom cards: 20 "
        "cards) and play the deal until a player is out of cards.",
        _doudizhu_bots,
        _doudizhu_bid_and_play,
    ),
    "three_thirteen-two-rounds": Story(
        "Two bots play the first two rounds of a game; in each round a bot goes out with every "
        "card melded, so the melds form and the score sheet has both rounds.",
        _three_thirteen_bots,
        _three_thirteen_two_rounds,
    ),
    "pyramid-exchange-showdown": Story(
        "Three AI players play one hand to a showdown of two or more hands, drawn as pyramids, "
        'and one of them throws cards away for a chance of a better pyramid ("76% give a '
        'better pyramid than mine").',
        _pyramid_bots,
        _exchange_and_showdown,
    ),
    "pyramid_poker-whole-game": Story(
        "Two reasoning bots build the pyramid and take it apart to a scored showdown (the "
        "arithmetic at the end); on the way Player 1 puts a taken block into a hand with 12 or "
        "more blocks taken (the odds section's position).",
        _pyramid_poker_bots,
        _scored_with_a_late_placement,
    ),
    "decks-forced-follow": Story(
        "In the first trick of the High Card deal the second player must follow suit: of "
        "several cards, exactly one is a legal move.  (The random players give no reasons the "
        "lesson shows, so the story needs no bots.)",
        dict,
        _second_player_must_follow,
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


def test_no_lesson_searches_seeds_for_a_story():
    """Stories are curated once (tools/curate_deals.py); the lessons only load them."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "cardlab"
    searching = re.compile(r"for \w*(seed|attempt|tries|try)\w* in range\(|while .*seed")
    found = [
        f"{path.relative_to(root)}:{number}"
        for folder in ("apps", "lessons")
        for path in sorted((root / folder).rglob("*.[pm][yd]"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if searching.search(line)
    ]
    assert not found, f"a seed search for a story: {found}"
