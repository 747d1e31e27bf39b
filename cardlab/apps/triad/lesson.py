"""The Triad lesson's first panels: the 54 cards with their frame lines, and the ladder of hands."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.asked import items_html
from cardlab.apps.words import TextVersion, deck_words, describe
from cardlab.core.cards import Card
from cardlab.core.i18n import msg, msgn
from cardlab.games.poker import tables
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
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets import CanvasView
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker


class TriadComponents(LessonPanel):
    """The 54 cards (jokers last) and a close-up of the four suits' frame lines."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.frames = CanvasView(10, 10, status=self.status)
        self.sheet = self.canvas_view
        self.frame_words = TextVersion(
            str(msg("The frame lines in words")),
            items_html(frame_lines_words(Card("triad", "A", s)) for s in FRAME_SUITS),
        )
        self.deck_words = TextVersion(str(msg("The 54 cards in words")), deck_words("triad"))
        describe(self.frames, str(msg("The four Triad suits and their frame lines, close up")),
                 self.frame_words)  # fmt: skip
        describe(self.sheet, str(msg("All 54 Triad cards, jokers last")), self.deck_words)
        self.children = [
            self.frames.widget,
            self.frame_words.widget,
            self.sheet.widget,
            self.deck_words.widget,
            self.status.widget,
        ]
        self.redraw()

    def picture(self) -> Drawing:
        self.frames.draw(frame_lines_picture(self.theme))
        return deck_sheet("triad", self.theme, card_w=56)


class HandLadder(LessonPanel):
    """The ten hands best first, each with an example and its exact count; a toggle puts the
    jokers in (Five Up appears, the counts change).  It follows the page's rules: their jokers,
    and "no five of a kind" (no Five Up row, five of a kind counted as Four Up)."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.five_of_a_kind = True
        self.jokers = widgets.ToggleButtons(
            options=[
                (str(msg("Jokers out (52 cards)")), "out"),
                (str(msg("Jokers wild (54 cards)")), "wild"),
            ],
            value="out",
            style={"button_width": "auto"},
        )
        self.jokers.observe(lambda _: self.redraw(), names="value")
        self.words = TextVersion(str(msg("The ladder of hands in words")))
        self.children = [
            self.jokers,
            self.canvas_view.widget,
            self.words.widget,
            self.status.widget,
        ]
        self.redraw()

    @property
    def counts(self) -> dict[str, int]:
        """The exact count of each hand under the ladder's jokers and the page's rules."""
        return tables.category_counts(self.jokers.value, self.five_of_a_kind)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The ladder shows the page's jokers and its five-of-a-kind rule."""
        self.five_of_a_kind = options["five_of_a_kind"]
        if self.jokers.value == options["jokers"]:
            self.redraw()
        self.jokers.value = options["jokers"]  # redraws on a change

    def picture(self) -> Drawing:
        mode, five = self.jokers.value, self.five_of_a_kind
        counts = self.counts
        self.words.show(ladder_html(counts, mode, five))
        label = msgn(
            "The {count} Triad hand{rules}, best first, with an example of each and how many "
            "hands it is",
            "The {count} Triad hands{rules}, best first, with an example of each and how many "
            "hands it is",
            len(ladder_categories(mode, five)),
            rules=ladder_rules(mode, five),
        )
        describe(self.canvas_view, str(label), self.words)
        return hand_ladder(counts, mode, self.theme, five_of_a_kind=five)


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
