"""The Dou Dizhu counts and odds: how many distinct plays a full deck allows under each ruleset
(and the airplanes with single wings by length; why the wing rule doubles the count is prose in
the lesson document), and bombs and the rocket in a hand and at the table, exact and simulated.
Every number comes from `cardlab.games.doudizhu.odds`; card counting during play is shown by the
stepper and the table."""

from __future__ import annotations

import html
from collections.abc import Iterable

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
from cardlab.widgets.lesson_panel import LessonPanel
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


def play_counts_table() -> widgets.HTML:
    """`play_counts_html` as a widget, for the notebook."""
    table = widgets.HTML(play_counts_html())
    table.add_class("cardlab-play-counts")
    return table


def wings_table() -> widgets.HTML:
    """`wings_html` as a widget, for the notebook."""
    table = widgets.HTML(wings_html())
    table.add_class("cardlab-wings")
    return table


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
