"""Choose the curated deals once: search seeds for a deal that tells each lesson's story.

Run ``python tools/curate_deals.py [NAME ...]`` from the repository root; it writes
``cardlab/lessons/deals/NAME.txt`` for each story in ``tests/lessons/test_deals.py::STORIES``
that has a search below (all of them by default).  The lessons only ever load these files,
and the test checks each file still tells its story, so a deal is re-curated only when an engine
or bot change makes that test fail.
"""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path

from cardlab.core.replay import Replay

ROOT = Path(__file__).resolve().parents[1]
DEALS = ROOT / "cardlab" / "lessons" / "deals"
MAX_SEEDS = 500


def _stories() -> dict:
    path = ROOT / "tests" / "lessons" / "test_deals.py"
    spec = importlib.util.spec_from_file_location("test_deals", path)
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules["test_deals"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module.STORIES


def _triad_hand(seed: int) -> Replay:
    from cardlab.apps.triad.stepper import default_bots

    bots = default_bots()
    return Replay.start("triad", seed, players=len(bots), hands=1).play_out(bots)


def _triangle_rounds(seed: int, rounds: int) -> Replay:
    from cardlab.apps.triangle.stepper import default_bots

    return Replay.start("triangle", seed).play_out(
        default_bots(), until=lambda s: len(s.rounds) >= rounds and s.phase == "deal"
    )


def _triangle_round(seed: int) -> Replay:
    return _triangle_rounds(seed, 1)


def _triangle_turn(seed: int) -> Replay:
    return _triangle_rounds(seed, 6)


def _doudizhu_deal(seed: int) -> Replay:
    from cardlab.apps.doudizhu.stepper import default_bots

    return Replay.start("doudizhu", seed).play_out(default_bots())


def _three_thirteen_game(seed: int) -> Replay:
    from cardlab.apps.three_thirteen.stepper import default_bots

    bots = default_bots(2)
    return Replay.start("three_thirteen", seed, players=len(bots), rounds=2).play_out(bots)


def _pyramid_hand(seed: int) -> Replay:
    from cardlab.apps.pyramid.stepper import default_bots

    bots = default_bots()
    return Replay.start("pyramid", seed, players=len(bots), hands=1).play_out(bots)


def _pyramid_poker_game(seed: int) -> Replay:
    from cardlab.apps.pyramid_poker.stepper import default_bots

    return Replay.start("pyramid_poker", seed, games=1).play_out(default_bots())


def _decks_deal(seed: int) -> Replay:
    from cardlab.apps.decks import demo_replay

    return demo_replay("standard52", seed)


SEARCHES: dict[str, tuple[Callable[[int], Replay], int]] = {
    # name: (the deal for a seed, the first seed tried)
    "triad-pot-odds": (_triad_hand, 6),  # the deal the lesson showed before it was curated
    # the deals the Triangle, Dou Dizhu and Three Thirteen lessons showed before they were curated
    "triangle-scored-round": (_triangle_round, 5),
    "triangle-first-turn": (_triangle_turn, 3),
    "doudizhu-bid-and-play": (_doudizhu_deal, 11),
    "three_thirteen-two-rounds": (_three_thirteen_game, 3),
    "pyramid-exchange-showdown": (_pyramid_hand, 4),  # the lesson's seed before curation
    "pyramid_poker-whole-game": (_pyramid_poker_game, 2),  # the lesson's seed before curation
    "decks-forced-follow": (_decks_deal, 1),  # the lesson's seed before curation
}


def curate(name: str) -> Path:
    """Search seeds for ``name``'s story and write the first deal that tells it."""
    story = _stories()[name]
    deal, first = SEARCHES[name]
    for seed in range(first, first + MAX_SEEDS):
        replay = deal(seed)
        if story.holds(replay, replay.reasons_of(story.bots())):
            path = DEALS / f"{name}.txt"
            path.write_text(replay.to_text(), encoding="utf-8")
            return path
    raise SystemExit(f"{name}: no deal in {MAX_SEEDS} seeds tells: {story.says}")


if __name__ == "__main__":
    for wanted in sys.argv[1:] or sorted(SEARCHES):
        print(curate(wanted))
