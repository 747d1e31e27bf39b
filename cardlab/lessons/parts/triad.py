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
        ("cardlab.games.poker.counts:category_counts", {"jokers": "out"}),
        ("cardlab.games.poker.counts:category_counts", {"jokers": "wild"}),
        # the rules row: no five of a kind (HandLadder, OddsTables)
        ("cardlab.games.poker.counts:category_counts", {"jokers": "out", "five_of_a_kind": False}),
        ("cardlab.games.poker.counts:category_counts", {"jokers": "wild", "five_of_a_kind": False}),
        # the exchange advisor's opening hand, the quiz's first question (and with wild jokers)
        ("cardlab.apps.triad.odds:ranked_discards", {"hand": "Kb Kg 7r 5k 2b"}),
        ("cardlab.apps.triad.odds:ranked_discards", {"hand": "Kb Kg 7r 5k 2b", "jokers": "wild"}),
        ("cardlab.apps.triad.questions:showdown_question", {"seed": 1}),
        ("cardlab.apps.triad.questions:showdown_question", {"seed": 1, "jokers": "wild"}),
        # the seeded deal the stepper shows under each value of one option of the rules row
        # (its bots' equities take a third of a second); seed 1: `VARIANT_SEED`
        *(
            (
                "cardlab.apps.bot_stepper:seeded_deal",
                {
                    "deal": "triad-pot-odds",
                    "seed": 1,
                    "variant": (rule,),
                    "bots": "cardlab.apps.triad.stepper:default_bots",
                },
            )
            for rule in (("jokers", "wild"), ("five_of_a_kind", False), ("players", 2))
        ),
    ),
    searches=(Search("triad-pot-odds", _hand, 6),),  # the deal shown before it was curated
)
