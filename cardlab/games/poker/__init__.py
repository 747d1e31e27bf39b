"""Poker hands for Triad and Pyramid Poker: the shared 5-card ranking.

The ranking is plain Python (`ranking`); the numpy engine for whole-deck tables and draw odds is
`cardlab.games.poker.tables`, imported on its own so this package stays light.
"""

from cardlab.games.poker.ranking import (
    CATEGORIES,
    POKER_NAMES,
    TRIAD_NAMES,
    HandValue,
    best_of,
    categories,
    compare,
    evaluate,
)

__all__ = [
    "CATEGORIES",
    "POKER_NAMES",
    "TRIAD_NAMES",
    "HandValue",
    "best_of",
    "categories",
    "compare",
    "evaluate",
]
