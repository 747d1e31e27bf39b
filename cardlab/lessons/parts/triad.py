"""The Triad lesson: colonial poker, its ladder of hands and exact odds, a table of 1-3 AI."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.triad import table_picture

    return table_picture(replay.game.observe(state, None), banner=banner)


def _hand(seed: int) -> Replay:
    from cardlab.apps.triad.stepper import default_bots
    from cardlab.core.replay import Replay

    bots = default_bots()
    return Replay.start("triad", seed, players=len(bots), hands=1).play_out(bots)


LESSON = LessonParts(
    name="triad",
    number=1,
    game="triad",
    deal="triad-pot-odds",
    picture=_picture,
    domains=("triad", "poker"),
    rules=(
        ("jokers", msg("Jokers")),
        ("five_of_a_kind", msg("Five of a kind is Five Up")),
        ("players", msg("Players")),
    ),
    standard=(("players", 3),),  # the table: you and 2 AI
    bots="cardlab.apps.triad.stepper:default_bots",
    quiz="cardlab.apps.triad.questions",
    figures=(
        # HandLadder, OddsTables: the exact counts
        ("cardlab.games.poker.tables:category_counts", {"jokers": "out"}),
        ("cardlab.games.poker.tables:category_counts", {"jokers": "wild"}),
        # the exchange advisor's opening hand, the quiz's first question
        ("cardlab.apps.triad.odds:ranked_discards", {"hand": "Kb Kg 7r 5k 2b"}),
        ("cardlab.apps.triad.questions:showdown_question", {"seed": 1}),
    ),
    searches=(Search("triad-pot-odds", _hand, 6),),  # the deal shown before it was curated
)
