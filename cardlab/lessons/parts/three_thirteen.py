"""The Three Thirteen lesson: rummy with a growing wild rank, melds and going out."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.three_thirteen import step_picture

    return step_picture(state, None, banner=banner)


def _game(seed: int) -> Replay:
    from cardlab.apps.three_thirteen.stepper import default_bots
    from cardlab.core.replay import Replay

    bots = default_bots(2)
    return Replay.start("three_thirteen", seed, players=len(bots), rounds=2).play_out(bots)


LESSON = LessonParts(
    name="three_thirteen",
    number=5,
    game="three_thirteen",
    deal="three_thirteen-two-rounds",
    picture=_picture,
    domains=("three_thirteen",),
    translated=("lt",),
    rules=(
        ("aces", msg("Aces")),
        ("max_wilds_per_meld", msg("Most wild cards in a meld")),
        ("no_immediate_rediscard", msg("No throwing back the card just taken")),
        ("players", msg("Players (decks follow)")),
    ),
    bots="cardlab.apps.three_thirteen.stepper:default_bots",
    players=2,
    quiz="cardlab.apps.three_thirteen.questions",
    figures=(
        # OddsLesson(samples=300)
        ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": 1}),
        ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": 2}),
        ("cardlab.games.three_thirteen.odds:simulate_rounds", {"decks": 1, "samples": 300}),
    ),
    searches=(Search("three_thirteen-two-rounds", _game, 3),),  # the deal shown before curation
)
