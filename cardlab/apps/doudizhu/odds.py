"""The Dou Dizhu counts and odds: how many distinct plays a full deck allows under each ruleset
(and the airplanes with single wings by length; why the wing rule doubles the count is prose in
the lesson document), and bombs and the rocket in a hand and at the table, exact and simulated.
Every number comes from `cardlab.games.doudizhu.odds`; card counting during play is shown by the
stepper and the table."""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.games.doudizhu import KIND_NAMES
from cardlab.games.doudizhu.odds import (
    four_two_singles,
    hand_odds,
    play_counts,
    simulate_table,
    table_odds,
    wing_rows,
)
from cardlab.widgets import OddsPanel, OddsRow
from cardlab.widgets.lesson_panel import LessonPanel, Page
from cardlab.widgets.theme import ThemePicker


def play_counts_html() -> str:
    """Distinct legal plays of a full deck by type under both rulesets, and the count of the
    four + two singles (why the wing rule matters is prose in the lesson document)."""
    c, p = play_counts("cardavia"), play_counts("pagat")
    rows = "".join(
        f"<tr><th scope='row' style='text-align:left'>{name}</th><td>{c.by_kind[k]:,}</td>"
        f"<td>{p.by_kind[k]:,}</td><td>{c.by_kind[k] - p.by_kind[k]:+,}</td></tr>"
        for k, name in KIND_NAMES.items()
    )
    total = (
        f"<tr><th scope='row' style='text-align:left'>Total</th><td><b>{c.total:,}</b></td>"
        f"<td><b>{p.total:,}</b></td><td>{c.total - p.total:+,}</td></tr>"
    )
    return (
        "<table class='cardlab-play-counts'><caption style='text-align:left'>Distinct legal "
        "plays (rank patterns) a full 54-card deck allows</caption><thead><tr><th>Type</th>"
        "<th>Cardavia</th><th>pagat</th><th>Difference</th></tr></thead>"
        f"<tbody>{rows}</tbody><tfoot>{total}</tfoot></table>"
        f"<p><i>Four + two singles:</i> 13 fours \u00d7 the pairs of attachments. Two different "
        f"ranks from the other 12 ranks and the 2 jokers: C(14,2) \u2212 1 (both jokers) = 90; "
        f"Cardavia adds the 12 pairs of one rank, 102. So 13 \u00d7 90 = "
        f"{four_two_singles('pagat'):,} against 13 \u00d7 102 = {four_two_singles():,}.</p>"
    )


def wings_html() -> str:
    """Airplanes with single wings by the number of trios: cores, wing sets and plays under
    both rulesets (the counting argument is prose in the lesson document)."""
    wings = "".join(
        f"<tr><td>{k}</td><td>{cores}</td><td>{wc:,}</td><td>{wp:,}</td><td>{pc:,}</td>"
        f"<td>{pp:,}</td></tr>"
        for k, cores, wc, wp, pc, pp in wing_rows()
    )
    return (
        "<table class='cardlab-wings'><thead><tr><th>k trios</th><th>cores</th>"
        "<th>wing sets, Cardavia</th><th>wing sets, pagat</th><th>plays, Cardavia</th>"
        f"<th>plays, pagat</th></tr></thead><tbody>{wings}</tbody></table>"
    )


RULESET_WORDS = {"cardavia": "Cardavia's", "pagat": "pagat's"}


def ruleset_line(ruleset: str) -> str:
    """Which column is this page's: its rules' total of distinct plays and of four + two
    singles, in words."""
    counts = play_counts(ruleset)
    return (
        f"<p class='cardlab-rules-note'>This page plays <b>{RULESET_WORDS[ruleset]} rules</b>: "
        f"<b>{counts.total:,}</b> distinct plays, {four_two_singles(ruleset):,} of them four + "
        "two singles.</p>"
    )


def wings_line(ruleset: str) -> str:
    """The wing sets and plays of this page's rules, by the number of trios, in words."""
    column = 0 if ruleset == "cardavia" else 1
    plays = ", ".join(f"{row[0]} trios {row[4 + column]:,}" for row in wing_rows())
    return (
        f"<p class='cardlab-rules-note'>Under this page's rules ({RULESET_WORDS[ruleset]}), "
        f"airplanes with single wings: {plays}.</p>"
    )


class RulesetTable(LessonPanel):
    """A table of both rulesets side by side, and a line saying which is this page's (its
    figures follow the page's rules)."""

    css = ""
    """The table's class (the page's stylesheet and the tests find it by that)."""

    def __init__(self, picker: Page | None = None) -> None:
        super().__init__(picker)
        self.ruleset = "cardavia"
        self.table = widgets.HTML()
        self.table.add_class(self.css)
        self.children = [self.table]
        self.show()

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        self.ruleset = options["ruleset"]
        self.show()

    def show(self) -> None:
        """The table with this page's line."""
        raise NotImplementedError


class PlayCountsTable(RulesetTable):
    """`play_counts_html`, and this page's total."""

    css = "cardlab-play-counts"

    def show(self) -> None:
        self.table.value = play_counts_html() + ruleset_line(self.ruleset)


class WingsTable(RulesetTable):
    """`wings_html`, and this page's wing plays."""

    css = "cardlab-wings"

    def show(self) -> None:
        self.table.value = wings_html() + wings_line(self.ruleset)


def play_counts_table(page: Page | None = None) -> PlayCountsTable:
    """The play counts for the notebook, following ``page``'s rules."""
    return PlayCountsTable(page)


def wings_table(page: Page | None = None) -> WingsTable:
    """The wings table for the notebook, following ``page``'s rules (as `play_counts_table`)."""
    return WingsTable(page)


def argument_html(title: str, lines: Iterable[str]) -> str:
    """A counting argument: its title and numbered steps."""
    steps = "".join(f"<li>{html.escape(line)}</li>" for line in lines)
    return f"<p><b>{title}</b></p><ol>{steps}</ol>"


class HandOdds(LessonPanel):
    """Bombs and the rocket in a 17- and a 20-card hand (exact), and at the whole table (exact
    and simulated)."""

    def __init__(
        self,
        trials: int = 2_000,
        seed: int | str = "doudizhu-table",
        picker: ThemePicker | None = None,
    ) -> None:
        super().__init__(picker)
        h17, h20 = hand_odds(17), hand_odds(20)
        table = table_odds((20, 17, 17))
        self.simulated = simulate_table(trials, seed)
        rows = [
            OddsRow("Bomb in 17 cards", h17.bomb),
            OddsRow("Rocket in 17 cards", h17.rocket),
            OddsRow("Bomb or rocket in 17 cards", h17.either),
            OddsRow("Bomb in 20 cards", h20.bomb),
            OddsRow("Rocket in 20 cards", h20.rocket),
            OddsRow("Bomb or rocket in 20 cards", h20.either),
            OddsRow(
                "Somebody at the table (20/17/17)",
                table.probability,
                self.simulated.mean,
                self.simulated.stderr,
            ),
        ]
        self.panel = OddsPanel(
            rows, title="At least one bomb or the rocket", digits=4, picker=self.picker
        )
        self.text = widgets.HTML(
            argument_html("A farmer's 17 cards", h17.argument)
            + argument_html("The landlord's 20 cards", h20.argument)
            + argument_html("Anyone at the table", table.argument)
            + f"<p>Simulation ({self.simulated.trials:,} seeded deals): "
            f"{html.escape(str(self.simulated))}; the exact value is "
            f"{float(table.probability):.4f}.</p>"
        )
        self.children = [self.panel.widget, self.text]
