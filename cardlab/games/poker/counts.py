"""The lessons' exact hand-category counts, read from the stored figures without numpy.

`cardlab.games.poker.tables.category_table` enumerates every hand of a deck with numpy's lookup
tables; a lesson page only shows the stored counts.  Kept apart from the tables so that a page's
kernel imports neither numpy nor the tables until a learner asks for something they compute.
"""

from __future__ import annotations

from cardlab.core.stored import stored


@stored
def category_counts(jokers: str = "out", five_of_a_kind: bool = True) -> dict[str, int]:
    """`category_table` of the Triad deck (the 52 standard cards, the jokers when wild): the
    lessons' tables, stored, so a page does not build the lookup tables to show them."""
    from cardlab.core.cards import TRIAD
    from cardlab.games.poker.tables import category_table

    return category_table(jokers, TRIAD, five_of_a_kind)
