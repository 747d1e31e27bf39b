"""Compute the figures the lessons show at load and store them in ``cardlab/data/figures.json``.

A lesson page shows nothing until its cells have run, so the exact counts and seeded simulations
that never change are computed here, once, and read back by `cardlab.core.stored`.  Run
``python tools/store_figures.py`` after changing any function listed in `CALLS` (or what it
calls); ``tests/core/test_stored.py`` recomputes every entry and fails when one is stale.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from cardlab.core.stored import FIGURES_FILE, entry, lookup

ROOT = Path(__file__).resolve().parents[1]
TARGET = ROOT / "cardlab" / FIGURES_FILE

CALLS: list[tuple[str, dict[str, Any]]] = [
    # 00_decks lesson: PairOdds(trials=20_000, seed=2026)
    ("cardlab.core.odds:simulate_pairs", {"trials": 20_000, "seed": 2026}),
    # doudizhu lesson: play_counts_table(), HandOdds(trials=2000)
    ("cardlab.games.doudizhu.odds:play_counts", {"ruleset": "cardavia"}),
    ("cardlab.games.doudizhu.odds:play_counts", {"ruleset": "pagat"}),
    ("cardlab.games.doudizhu.odds:simulate_table", {}),
    # the steppers' curated deals: the bots' reasons for every move
    *(
        ("cardlab.apps.bot_stepper:deal_reasons", {"deal": deal, "bots": bots, **players})
        for deal, bots, players in (
            ("doudizhu-bid-and-play", "cardlab.apps.doudizhu.stepper:default_bots", {}),
            (
                "pyramid-exchange-showdown",
                "cardlab.apps.pyramid.stepper:default_bots",
                {"players": 3},
            ),
            ("pyramid_poker-whole-game", "cardlab.apps.pyramid_poker.stepper:default_bots", {}),
            (
                "three_thirteen-two-rounds",
                "cardlab.apps.three_thirteen.stepper:default_bots",
                {"players": 2},
            ),
            ("triad-pot-odds", "cardlab.apps.triad.stepper:default_bots", {}),
            ("triangle-first-turn", "cardlab.apps.triangle.stepper:default_bots", {}),
        )
    ),
    # the seeded deal the Triad and Pyramid steppers show under each value of one option of
    # the rules row (their bots' equities take a third of a second); seed 1: `VARIANT_SEED`
    *(
        (
            "cardlab.apps.bot_stepper:seeded_deal",
            {"deal": deal, "seed": 1, "variant": ((name, value),), "bots": bots, **players},
        )
        for deal, bots, players, rules in (
            (
                "triad-pot-odds",
                "cardlab.apps.triad.stepper:default_bots",
                {},
                (("jokers", "wild"), ("five_of_a_kind", False), ("players", 2)),
            ),
            *(
                (
                    "pyramid-exchange-showdown",
                    "cardlab.apps.pyramid.stepper:default_bots",
                    {"players": players},
                    rules,
                )
                for players, rules in (
                    (2, (("players", 2),)),
                    (4, (("players", 4),)),
                    (3, (*(("max_draw", n) for n in range(4)), ("exchange_rounds", 2))),
                )
            ),
        )
        for name, value in rules
    ),
    # pyramid: every odds table and advice reads the exact table of all C(55,6) deals
    ("cardlab.games.pyramid.odds:exact_table", {}),
    # triad lesson (HandLadder, OddsTables), pyramid_poker (hand_points_table): the exact counts
    ("cardlab.games.poker.tables:category_counts", {"jokers": "out"}),
    ("cardlab.games.poker.tables:category_counts", {"jokers": "wild"}),
    # triad lesson's rules row: no five of a kind (HandLadder, OddsTables), wild jokers (the quiz)
    ("cardlab.games.poker.tables:category_counts", {"jokers": "out", "five_of_a_kind": False}),
    ("cardlab.games.poker.tables:category_counts", {"jokers": "wild", "five_of_a_kind": False}),
    # triad lesson: the exchange advisor's opening hand, the quiz's first question
    ("cardlab.apps.triad.odds:ranked_discards", {"hand": "Kb Kg 7r 5k 2b"}),
    ("cardlab.apps.triad.odds:ranked_discards", {"hand": "Kb Kg 7r 5k 2b", "jokers": "wild"}),
    ("cardlab.apps.triad.questions:showdown_question", {"seed": 1}),
    ("cardlab.apps.triad.questions:showdown_question", {"seed": 1, "jokers": "wild"}),
    # pyramid lesson: the exchange advisor's opening hand
    ("cardlab.apps.pyramid.odds:opening_advice", {"hand": "3P 3G 2O 1G 1O 2P"}),
    # doudizhu lesson: the combination quiz's first question
    ("cardlab.apps.doudizhu.questions:quiz_question", {"seed": 1}),
    ("cardlab.apps.doudizhu.questions:quiz_question", {"seed": 1, "ruleset": "pagat"}),
    # three_thirteen lesson: OddsLesson(samples=300), and each value of one option of its rules
    # row (aces, the most wilds in a meld, the players' decks); in round 1 a limit of 3 wilds or
    # more reads the figures of no limit (`round_one_under`)
    *(
        ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": decks, **rule})
        for decks in (1, 2)
        for rule in ({}, {"aces": "high_or_low"}, *({"max_wilds": n} for n in range(3)))
    ),
    ("cardlab.games.three_thirteen.odds:round_one_odds", {"decks": 3}),
    *(
        ("cardlab.games.three_thirteen.odds:simulate_rounds", {"samples": 300, **rule})
        for rule in (
            {"decks": 1},
            {"decks": 2},
            {"decks": 3},
            {"decks": 1, "aces": "high_or_low"},
            *({"decks": 1, "max_wilds": n} for n in range(14)),
        )
    ),
]
"""Every stored call: the function (``module:qualname``) and its arguments."""


def figures() -> dict[str, Any]:
    """Every entry of `CALLS`, computed now, by key."""
    return dict(entry(lookup(name), **kwargs) for name, kwargs in CALLS)


def main(target: Path = TARGET) -> None:
    lines = [
        f"{json.dumps(key, ensure_ascii=False)}: {json.dumps(data, sort_keys=True)}"
        for key, data in sorted(figures().items())
    ]
    target.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")  # a line each
    print(f"wrote {len(CALLS)} figures to {target}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else TARGET)
