"""The Dou Dizhu counts and odds: how many distinct plays a full deck allows under each ruleset
(and the airplanes with single wings by length; why the wing rule doubles the count is prose in
the lesson document), and bombs and the rocket in a hand and at the table, exact and simulated.
Every number comes from `cardlab.games.doudizhu.odds`; card counting during play is shown by the
stepper and the table."""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardlab.apps.figure import Block, Figure, Markup
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_table_html
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

if TYPE_CHECKING:
    from typing_extensions import Self


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


@dataclass(frozen=True)
class RulesetTable(Figure):
    """A table of both rulesets side by side, and a line saying which is this page's (its
    figures follow the page's rules)."""

    ruleset: str = "cardavia"

    def with_rules(self, options: Mapping[str, Any]) -> Self:
        return replace(self, ruleset=options["ruleset"])


@dataclass(frozen=True)
class PlayCountsTable(RulesetTable):
    """`play_counts_html`, and this page's total."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        return (Markup(play_counts_html() + ruleset_line(self.ruleset), name="play-counts"),)


@dataclass(frozen=True)
class WingsTable(RulesetTable):
    """`wings_html`, and this page's wing plays."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        return (Markup(wings_html() + wings_line(self.ruleset), name="wings"),)


def argument_html(title: str | Message, lines: Iterable[str | Message]) -> str:
    """A counting argument: its title and numbered steps."""
    steps = "".join(f"<li>{html.escape(str(line))}</li>" for line in lines)
    return f"<p><b>{title}</b></p><ol>{steps}</ol>"


@functools.lru_cache(maxsize=8)
def simulated(trials: int, seed: int | str) -> Estimate:
    """`simulate_table` kept (the lesson's call is stored; a test's other count is not)."""
    return simulate_table(trials, seed)


@dataclass(frozen=True)
class HandOdds(Figure):
    """Bombs and the rocket in a 17- and a 20-card hand (exact), and at the whole table (exact
    and simulated): the table, its chart and the counting arguments."""

    trials: int = 2_000
    seed: int | str = "doudizhu-table"

    def rows(self) -> list[OddsRow]:
        """The odds table's rows, in the current language."""
        h17, h20 = hand_odds(17), hand_odds(20)
        estimate = simulated(self.trials, self.seed)
        return [
            OddsRow(str(msg("Bomb in {count} cards", count=17)), h17.bomb),
            OddsRow(str(msg("Rocket in {count} cards", count=17)), h17.rocket),
            OddsRow(str(msg("Bomb or rocket in {count} cards", count=17)), h17.either),
            OddsRow(str(msg("Bomb in {count} cards", count=20)), h20.bomb),
            OddsRow(str(msg("Rocket in {count} cards", count=20)), h20.rocket),
            OddsRow(str(msg("Bomb or rocket in {count} cards", count=20)), h20.either),
            OddsRow(
                str(msg("Somebody at the table (20/17/17)")),
                table_odds((20, 17, 17)).probability,
                estimate.mean,
                estimate.stderr,
            ),
        ]

    def arguments_html(self) -> str:
        """How each exact value is counted, and the simulation beside the exact value."""
        table = table_odds((20, 17, 17))
        estimate = simulated(self.trials, self.seed)
        said = msg(
            "Simulation ({trials} seeded deals): {estimate}; the exact value is {exact}.",
            trials=num(estimate.trials),
            estimate=estimate_words(estimate),
            exact=num(float(table.probability), 4),
        )
        return (
            argument_html(msg("A farmer's 17 cards"), hand_odds(17).argument)
            + argument_html(msg("The landlord's 20 cards"), hand_odds(20).argument)
            + argument_html(msg("Anyone at the table"), table.argument)
            + f"<p>{html.escape(str(said))}</p>"
        )

    def blocks(self, theme: str) -> tuple[Block, ...]:
        rows = self.rows()
        title = str(msg("At least one bomb or the rocket"))
        return (
            Markup(odds_table_html(rows, title, 4)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
            Markup(self.arguments_html()),
        )
