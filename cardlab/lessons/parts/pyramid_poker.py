"""The Pyramid Poker lesson: a pyramid of poker blocks taken apart into three hands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.pyramid_poker import position_picture

    return position_picture(replay.game.observe(state, None), None, banner=banner)


def _game(seed: int) -> Replay:
    from cardlab.apps.pyramid_poker.stepper import default_bots
    from cardlab.core.replay import Replay

    return Replay.start("pyramid_poker", seed, games=1).play_out(default_bots())


LESSON = LessonParts(
    name="pyramid_poker",
    number=6,
    game="pyramid_poker",
    deal="pyramid_poker-whole-game",
    picture=_picture,
    domains=("pyramid_poker",),
    translated=("ms",),
    rules=(
        ("scoring", msg("Scoring")),
        ("target", msg("Match points to win")),
        ("all_three_no_pair_penalty", msg("Penalty for three No Pair hands")),
    ),
    bots="cardlab.apps.pyramid_poker.stepper:default_bots",
    quiz="cardlab.apps.pyramid_poker.questions",
    figures=(
        # hand_points_table: the exact counts
        ("cardlab.games.poker.counts:category_counts", {"jokers": "out"}),
        # the take-phase table, the placement quiz's first question
        ("cardlab.apps.pyramid_poker.odds:take_figures", {"deal": "pyramid_poker-whole-game"}),
        ("cardlab.apps.pyramid_poker.questions:quiz_spot", {"seed": 1}),
    ),
    searches=(Search("pyramid_poker-whole-game", _game, 2),),  # the seed before curation
)
