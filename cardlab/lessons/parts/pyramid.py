"""The Pyramid lesson: hexagonal cards, a wild Keystone, exact odds over every deal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.pyramid import table_picture

    return table_picture(replay.game.observe(state, None), banner=banner, showdown=True)


def _hand(seed: int) -> Replay:
    from cardlab.apps.pyramid.stepper import default_bots
    from cardlab.core.replay import Replay

    bots = default_bots()
    return Replay.start("pyramid", seed, players=len(bots), hands=1).play_out(bots)


LESSON = LessonParts(
    name="pyramid",
    number=2,
    game="pyramid",
    deal="pyramid-exchange-showdown",
    picture=_picture,
    domains=("pyramid", "poker"),
    rules=(
        ("players", msg("Players")),
        ("max_draw", msg("Most cards exchanged")),
        ("exchange_rounds", msg("Exchange rounds")),
    ),
    standard=(("players", 3),),  # the table (you and 2 AI) and the story deal
    bots="cardlab.apps.pyramid.stepper:default_bots",
    players=3,
    quiz="cardlab.apps.pyramid.questions",
    figures=(
        # the advice reads the exact table of all C(55,6) deals, the odds tables its classes
        ("cardlab.games.pyramid.odds:exact_table", {}),
        ("cardlab.games.pyramid.odds:class_table", {}),  # the odds tables: the classes alone
        # the exchange advisor's opening hand, the hand arranger's first hand's share
        ("cardlab.apps.pyramid.odds:opening_advice", {"hand": "3P 3G 2O 1G 1O 2P"}),
        ("cardlab.apps.pyramid.lesson:beaten_share", {"hand": "3P 3G 2O 1G 2P K"}),
        # the seeded deal the stepper shows under each value of one option of the rules row
        # (its bots' equities take a third of a second); seed 1: `VARIANT_SEED`
        *(
            (
                "cardlab.apps.bot_stepper:seeded_deal",
                {
                    "deal": "pyramid-exchange-showdown",
                    "seed": 1,
                    "variant": (rule,),
                    "bots": "cardlab.apps.pyramid.stepper:default_bots",
                    "players": players,
                },
            )
            for players, rules in (
                (2, (("players", 2),)),
                (4, (("players", 4),)),
                (3, (*(("max_draw", n) for n in range(4)), ("exchange_rounds", 2))),
            )
            for rule in rules
        ),
    ),
    searches=(Search("pyramid-exchange-showdown", _hand, 4),),  # the seed before curation
)
