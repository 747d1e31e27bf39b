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

from cardlab.core.i18n import Message, joined, msg, num
from cardlab.core.odds import Estimate
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


def _signed(n: int) -> str:
    """``n`` with its sign, grouped the language's way: +1,234 or +1 234."""
    return f"{'+' if n >= 0 else '-'}{num(abs(n))}"


def estimate_words(estimate: Estimate) -> Message:
    """A seeded estimate with its standard error, in the current language."""
    return msg(
        "{mean} \u00b1 {stderr} (standard error, {trials} trials)",
        mean=num(estimate.mean, 4),
        stderr=num(estimate.stderr, 4),
        trials=num(estimate.trials),
    )


def play_counts_html() -> str:
    """Distinct legal plays of a full deck by type under both rulesets, and the count of the
    four + two singles (why the wing rule matters is prose in the lesson document)."""
    c, p = play_counts("cardavia"), play_counts("pagat")
    rows = "".join(
        f"<tr><th scope='row' style='text-align:left'>{name}</th><td>{num(c.by_kind[k])}</td>"
        f"<td>{num(p.by_kind[k])}</td><td>{_signed(c.by_kind[k] - p.by_kind[k])}</td></tr>"
        for k, name in KIND_NAMES.items()
    )
    word = msg("Total")
    total = (
        f"<tr><th scope='row' style='text-align:left'>{word}</th>"
        f"<td><b>{num(c.total)}</b></td><td><b>{num(p.total)}</b></td>"
        f"<td>{_signed(c.total - p.total)}</td></tr>"
    )
    caption = msg(
        "<caption style='text-align:left'>Distinct legal plays (rank patterns) a full 54-card "
        "deck allows</caption>"
    )
    head = msg("<tr><th>Type</th><th>Cardavia</th><th>pagat</th><th>Difference</th></tr>")
    four = msg(
        "<p><i>Four + two singles:</i> 13 fours \u00d7 the pairs of attachments. Two different "
        "ranks from the other 12 ranks and the 2 jokers: C(14,2) \u2212 1 (both jokers) = 90; "
        "Cardavia adds the 12 pairs of one rank, 102. So 13 \u00d7 90 = {pagat} against "
        "13 \u00d7 102 = {cardavia}.</p>",
        pagat=num(four_two_singles("pagat")),
        cardavia=num(four_two_singles()),
    )
    return (
        f"<table class='cardlab-play-counts'>{caption}<thead>{head}</thead>"
        f"<tbody>{rows}</tbody><tfoot>{total}</tfoot></table>{four}"
    )


def wings_html() -> str:
    """Airplanes with single wings by the number of trios: cores, wing sets and plays under
    both rulesets (the counting argument is prose in the lesson document)."""
    wings = "".join(
        f"<tr><td>{k}</td><td>{cores}</td><td>{num(wc)}</td><td>{num(wp)}</td>"
        f"<td>{num(pc)}</td><td>{num(pp)}</td></tr>"
        for k, cores, wc, wp, pc, pp in wing_rows()
    )
    head = msg(
        "<tr><th>k trios</th><th>cores</th><th>wing sets, Cardavia</th><th>wing sets, pagat</th>"
        "<th>plays, Cardavia</th><th>plays, pagat</th></tr>"
    )
    return f"<table class='cardlab-wings'><thead>{head}</thead><tbody>{wings}</tbody></table>"


RULESET_WORDS: dict[str, Message] = {"cardavia": msg("Cardavia's"), "pagat": msg("pagat's")}


def ruleset_line(ruleset: str) -> str:
    """Which column is this page's: its rules' total of distinct plays and of four + two
    singles, in words."""
    counts = play_counts(ruleset)
    line = msg(
        "This page plays <b>{rules} rules</b>: <b>{total}</b> distinct plays, {four} of them "
        "four + two singles.",
        rules=RULESET_WORDS[ruleset],
        total=num(counts.total),
        four=num(four_two_singles(ruleset)),
    )
    return f"<p class='cardlab-rules-note'>{line}</p>"


def wings_line(ruleset: str) -> str:
    """The wing sets and plays of this page's rules, by the number of trios, in words."""
    column = 0 if ruleset == "cardavia" else 1
    plays = joined(
        msg("{count} trios {plays}", count=row[0], plays=num(row[4 + column]))
        for row in wing_rows()
    )
    line = msg(
        "Under this page's rules ({rules}), airplanes with single wings: {plays}.",
        rules=RULESET_WORDS[ruleset],
        plays=plays,
    )
    return f"<p class='cardlab-rules-note'>{line}</p>"


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


def argument_html(title: str | Message, lines: Iterable[str | Message]) -> str:
    """A counting argument: its title and numbered steps."""
    steps = "".join(f"<li>{html.escape(str(line))}</li>" for line in lines)
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
            OddsRow(str(msg("Bomb in {count} cards", count=17)), h17.bomb),
            OddsRow(str(msg("Rocket in {count} cards", count=17)), h17.rocket),
            OddsRow(str(msg("Bomb or rocket in {count} cards", count=17)), h17.either),
            OddsRow(str(msg("Bomb in {count} cards", count=20)), h20.bomb),
            OddsRow(str(msg("Rocket in {count} cards", count=20)), h20.rocket),
            OddsRow(str(msg("Bomb or rocket in {count} cards", count=20)), h20.either),
            OddsRow(
                str(msg("Somebody at the table (20/17/17)")),
                table.probability,
                self.simulated.mean,
                self.simulated.stderr,
            ),
        ]
        self.panel = OddsPanel(
            rows,
            title=str(msg("At least one bomb or the rocket")),
            digits=4,
            picker=self.picker,
        )
        self.text = widgets.HTML(
            argument_html(msg("A farmer's 17 cards"), h17.argument)
            + argument_html(msg("The landlord's 20 cards"), h20.argument)
            + argument_html(msg("Anyone at the table"), table.argument)
            + "<p>"
            + html.escape(
                str(
                    msg(
                        "Simulation ({trials} seeded deals): {estimate}; the exact value is "
                        "{exact}.",
                        trials=num(self.simulated.trials),
                        estimate=estimate_words(self.simulated),
                        exact=num(float(table.probability), 4),
                    )
                )
            )
            + "</p>"
        )
        self.children = [self.panel.widget, self.text]
