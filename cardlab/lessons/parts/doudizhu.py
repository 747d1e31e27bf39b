"""The Dou Dizhu lesson: every combination, bombs and card counting, the landlord game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.doudizhu import table_picture

    return table_picture(replay.game.observe(state, None), you=None, banner=banner)


def _deal(seed: int) -> Replay:
    from cardlab.apps.doudizhu.stepper import default_bots
    from cardlab.core.replay import Replay

    return Replay.start("doudizhu", seed).play_out(default_bots())


LESSON = LessonParts(
    name="doudizhu",
    number=3,
    game="doudizhu",
    deal="doudizhu-bid-and-play",
    picture=_picture,
    domains=("doudizhu",),
    rules=(("ruleset", msg("Rules")),),
    bots="cardlab.apps.doudizhu.stepper:default_bots",
    quiz="cardlab.apps.doudizhu.questions",
    figures=(
        # PlayCountsTable(), HandOdds(trials=2000)
        ("cardlab.games.doudizhu.odds:play_counts", {"ruleset": "cardavia"}),
        ("cardlab.games.doudizhu.odds:play_counts", {"ruleset": "pagat"}),
        ("cardlab.games.doudizhu.odds:simulate_table", {}),
        # the combination quiz's first question
        ("cardlab.apps.doudizhu.questions:quiz_question", {"seed": 1}),
        ("cardlab.apps.doudizhu.questions:quiz_question", {"seed": 1, "ruleset": "pagat"}),
    ),
    searches=(Search("doudizhu-bid-and-play", _deal, 11),),  # the deal shown before curation
)
