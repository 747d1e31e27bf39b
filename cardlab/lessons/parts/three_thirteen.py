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


ROUND_ONE_RULES: tuple[dict[str, Any], ...] = (
    {},
    {"aces": "high_or_low"},
    *({"max_wilds": n} for n in range(3)),
)
"""The round-1 counts stored for each deck count: the standard rules and one option changed."""
SIMULATED_RULES: tuple[dict[str, Any], ...] = (
    {"decks": 1},
    {"decks": 2},
    {"decks": 3},
    {"decks": 1, "aces": "high_or_low"},
    *({"decks": 1, "max_wilds": n} for n in range(14)),
)
"""The round-by-round simulations stored: the standard rules and each value of one option."""

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
        # OddsLesson(samples=300), and each value of one option of its rules row (aces, the
        # most wilds in a meld, the players' decks); in round 1 a limit of 3 wilds or more reads
        # the figures of no limit (`round_one_under`)
        *(
            ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": decks, **rule})
            for decks in (1, 2)
            for rule in ROUND_ONE_RULES
        ),
        ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": 3}),
        *(
            ("cardlab.games.three_thirteen.odds:simulate_rounds", {"samples": 300, **rule})
            for rule in SIMULATED_RULES
        ),
    ),
    searches=(Search("three_thirteen-two-rounds", _game, 3),),  # the deal shown before curation
)
