"""The Triad lesson's first panels: the 54 cards with their frame lines, and the ladder of hands."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardlab.apps.asked import items_html
from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Picture
from cardlab.apps.words import deck_picture
from cardlab.core.cards import Card
from cardlab.core.i18n import msg, msgn
from cardlab.games.poker.counts import category_counts
from cardlab.games.poker.ranking import POKER_WORDS, TRIAD_WORDS
from cardlab.pictures.triad import (
    EXAMPLES,
    FRAME_SUITS,
    frame_lines_picture,
    frame_lines_words,
    hand_ladder,
    hands_count,
    in_brackets,
    ladder_categories,
    ladder_rules,
    one_in,
)


@dataclass(frozen=True)
class TriadComponents(Figure):
    """The 54 cards (jokers last) and a close-up of the four suits' frame lines."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        frames = items_html(frame_lines_words(Card("triad", "A", s)) for s in FRAME_SUITS)
        cards = msg("All 54 Triad cards, jokers last")
        return (
            Picture(
                frame_lines_picture(theme),
                msg("The four Triad suits and their frame lines, close up"),
                words=frames,
                words_title=msg("The frame lines in words"),
            ),
            deck_picture("triad", theme, 56, cards, msg("The 54 cards in words")),
        )


@dataclass(frozen=True)
class HandLadder(Figure):
    """The ten hands best first, each with an example and its exact count; a toggle puts the
    jokers in (Five Up appears, the counts change).  It follows the page's rules: their jokers,
    and "no five of a kind" (no Five Up row, five of a kind counted as Four Up)."""

    jokers: str = "out"
    five_of_a_kind: bool = True

    def controls(self) -> tuple[Control, ...]:
        options = (
            (str(msg("Jokers out (52 cards)")), "out"),
            (str(msg("Jokers wild (54 cards)")), "wild"),
        )
        return (Control("jokers", "", kind="segments", value=self.jokers, options=options),)

    def _act(self, key: str, value: Any) -> HandLadder:
        return replace(self, jokers=value)

    def with_rules(self, options: Mapping[str, Any]) -> HandLadder:
        """The ladder shows the page's jokers and its five-of-a-kind rule."""
        return replace(self, jokers=options["jokers"], five_of_a_kind=options["five_of_a_kind"])

    @property
    def counts(self) -> dict[str, int]:
        """The exact count of each hand under the ladder's jokers and the page's rules."""
        return category_counts(self.jokers, self.five_of_a_kind)

    def blocks(self, theme: str) -> tuple[Block, ...]:
        mode, five = self.jokers, self.five_of_a_kind
        counts = self.counts
        label = msgn(
            "The {count} Triad hand{rules}, best first, with an example of each and how many "
            "hands it is",
            "The {count} Triad hands{rules}, best first, with an example of each and how many "
            "hands it is",
            len(ladder_categories(mode, five)),
            rules=ladder_rules(mode, five),
        )
        return (
            Picture(
                hand_ladder(counts, mode, theme, five_of_a_kind=five),
                label,
                words=ladder_html(counts, mode, five),
                words_title=msg("The ladder of hands in words"),
                name="ladder",
            ),
        )


def ladder_html(counts: dict[str, int], jokers: str, five_of_a_kind: bool = True) -> str:
    """The text version of `hand_ladder`: each hand best first, its poker name, its example and
    its count, from the same data."""
    cats = ladder_categories(jokers, five_of_a_kind)
    total = sum(counts.values())
    rows = []
    for i, cat in enumerate(cats):
        n = counts.get(cat, 0)
        odds = one_in(total / n) if n else msg("never")
        rows.append(
            f"<tr><td>{len(cats) - i}</td><th scope='row'>{TRIAD_WORDS[cat]}</th>"
            f"<td>{in_brackets(POKER_WORDS[cat])}</td>"
            f"<td><code>{html.escape(EXAMPLES[cat])}</code></td>"
            f"<td>{hands_count(n)}</td><td>{odds}</td></tr>"
        )
    # Translators: the column heads of the ladder of hands' table
    heads = (msg("rank"), msg("hand"), msg("poker"), msg("example"), msg("count"), msg("odds"))
    head = "".join(f"<th>{h}</th>" for h in heads)
    return (
        f"<table class='cardlab-triad-ladder'><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )
