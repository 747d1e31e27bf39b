"""The Triangle lesson: a card you show but cannot see, counting and reasoning bots."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlab.core.i18n import msg
from cardlab.core.lesson_parts import LessonParts, Search

if TYPE_CHECKING:
    from cardlab.core.replay import Replay
    from cardlab.render import Drawing


def _picture(replay: Replay, state: Any, banner: str) -> Drawing:
    from cardlab.pictures.triangle import step_picture

    return step_picture(state, None, banner=banner)


def _rounds(seed: int, rounds: int) -> Replay:
    from cardlab.apps.triangle.stepper import default_bots
    from cardlab.core.replay import Replay

    return Replay.start("triangle", seed).play_out(
        default_bots(), until=lambda s: len(s.rounds) >= rounds and s.phase == "deal"
    )


def _round(seed: int) -> Replay:
    return _rounds(seed, 1)


def _turn(seed: int) -> Replay:
    return _rounds(seed, 6)


LESSON = LessonParts(
    name="triangle",
    number=4,
    game="triangle",
    deal="triangle-first-turn",
    picture=_picture,
    domains=("triangle",),
    rules=(
        ("on_tie", msg("A tie at the top")),
        ("tie_void", msg("Chance a shared grab is void")),
        ("target", msg("Points to win")),
    ),
    bots="cardlab.apps.triangle.stepper:default_bots",
    quiz="cardlab.apps.triangle.questions",
    quiz_seed=3,
    # the deals the lesson showed before they were curated
    searches=(Search("triangle-scored-round", _round, 5), Search("triangle-first-turn", _turn, 3)),
)
