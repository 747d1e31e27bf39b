"""The decks lesson: the six decks, a deal of High Card step by step, a first probability."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.decks import table_drawing

    return table_drawing(state, "default")


def _deal(seed: int) -> Replay:
    from cardlab.apps.decks import demo_replay

    return demo_replay("standard52", seed)


LESSON = LessonParts(
    name="00_decks",
    number=0,
    game="highcard",
    deal="decks-forced-follow",
    picture=_picture,
    # PairOdds(trials=20_000, seed=2026)
    figures=(("cardlab.core.odds:simulate_pairs", {"trials": 20_000, "seed": 2026}),),
    searches=(Search("decks-forced-follow", _deal, 1),),  # the lesson's seed before curation
)
