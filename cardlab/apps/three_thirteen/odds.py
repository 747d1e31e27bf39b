"""The odds side of the Three Thirteen lesson: round-1 exact probabilities, the by-round
simulation, and the draw/discard advisor for one seat's view.

All numbers come from `cardlab.games.three_thirteen.odds`; this module words and draws them as a
`Figure` (the advisor's words are in `cardlab.apps.three_thirteen.table`, which the table shows
too).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from cardlab.apps.figure import Block, Figure, Markup
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_row, odds_table_html
from cardlab.apps.rules_words import rules_note
from cardlab.apps.three_thirteen.table import advisor_html, gone_cards
from cardlab.core.i18n import msg, msgn, num, pct
from cardlab.core.odds import format_fraction
from cardlab.games.three_thirteen.odds import RoundStats, round_one_under, simulate_rounds
from cardlab.games.three_thirteen.rules import decks_for
from cardlab.pictures.three_thirteen import rank_message
from cardlab.render.chart import Bar, Chart, ChartRow, bar_chart

RULES = ("aces", "max_wilds_per_meld", "players")
"""The rules the odds depend on."""

__all__ = ["OddsLesson", "advisor_html", "gone_cards"]


# -- round 1, exactly ---------------------------------------------------------------------------
DECK_WORDS = {
    1: msg("1 deck, 2 players"),
    2: msg("2 decks, 3-4 players"),
    3: msg("3 decks, 5-6 players"),
}


def deck_counts(players: int = 2) -> tuple[int, ...]:
    """The deck counts the round-1 table shows: one and two decks, and three when the page's
    table of ``players`` deals three."""
    return tuple(range(1, max(2, decks_for(players)) + 1))


def round_one_rows(
    aces: str = "low", max_wilds: int | None = None, players: int = 2
) -> list[tuple[str, Any]]:
    rows = []
    for decks in deck_counts(players):
        o = round_one_under(decks, aces, max_wilds)
        who = DECK_WORDS[decks]
        rows += [
            (str(msg("dealt 3 cards already meld ({decks})", decks=who)), o.dealt_meld),
            (str(msg("can go out after one stock card ({decks})", decks=who)), o.out_after_stock),
            (
                str(msg("first player can go out, discard or stock ({decks})", decks=who)),
                o.out_first_player,
            ),
        ]
    return rows


def round_one_html(aces: str = "low", max_wilds: int | None = None, players: int = 2) -> str:
    one, two = round_one_under(1, aces, max_wilds), round_one_under(2, aces, max_wilds)
    decks = decks_for(players)
    table = round_one_under(decks, aces, max_wilds)
    here = ""
    if decks > 2:
        at_table = msg(
            "At this page's table ({players} players, {decks} decks): P(dealt hand melds) = "
            "{fraction} \u2248 {chance}.",
            players=players,
            decks=decks,
            fraction=format_fraction(table.dealt_meld),
            chance=pct(float(table.dealt_meld), 2),
        )
        here = f"<li>{at_table}</li>"
    counting = msg(
        "Counting every one of the {one} hands of 3 from one deck "
        "(and {two} from two, where identical cards count by the ways to pick them):",
        one=num(one.hands),
        two=num(two.hands),
    )
    dealt = msg(
        "P(dealt hand melds) = {one} \u2248 {one_chance} with one deck, {two} \u2248 "
        "{two_chance} with two.",
        one=format_fraction(one.dealt_meld),
        one_chance=pct(float(one.dealt_meld), 2),
        two=format_fraction(two.dealt_meld),
        two_chance=pct(float(two.dealt_meld), 2),
    )
    out = msg(
        "P(go out after drawing one stock card) = {fraction} \u2248 {chance} (one deck).",
        fraction=format_fraction(one.out_after_stock),
        chance=pct(float(one.out_after_stock), 2),
    )
    return f"<p>{counting}</p><ul><li>{dealt}</li><li>{out}</li>{here}</ul>"


@functools.lru_cache(maxsize=16)
def round_stats(
    decks: int, samples: int, seed: int, aces: str, max_wilds: int | None
) -> tuple[RoundStats, ...]:
    """`simulate_rounds` kept for the figure's redraws (a theme change deals nothing again)."""
    return tuple(simulate_rounds(decks, samples=samples, seed=seed, aces=aces, max_wilds=max_wilds))


@dataclass(frozen=True)
class OddsLesson(Figure):
    """Round 1 exactly (a table of fractions and a plot) and the round-by-round simulation,
    under the page's rules (aces, the most wild cards in a meld, and the players' decks)."""

    samples: int = 300
    seed: int = 0
    aces: str = "low"
    max_wilds: int | None = None
    players: int = 2

    def with_rules(self, options: Mapping[str, Any]) -> OddsLesson:
        """Count round 1 and deal the rounds again under the page's rules: a second of exact
        counting per deck count, a fraction of one for the simulation."""
        return replace(
            self,
            aces=options["aces"],
            max_wilds=options["max_wilds_per_meld"],
            players=options["players"],
        )

    @property
    def decks(self) -> int:
        return decks_for(self.players)

    @property
    def stats(self) -> tuple[RoundStats, ...]:
        return round_stats(self.decks, self.samples, self.seed, self.aces, self.max_wilds)

    @property
    def rows(self) -> tuple[OddsRow, ...]:
        """Round 1's rows of exact odds (`round_one_rows`)."""
        return tuple(odds_row(r) for r in round_one_rows(self.aces, self.max_wilds, self.players))

    def blocks(self, theme: str) -> tuple[Block, ...]:
        rules = {"aces": self.aces, "max_wilds_per_meld": self.max_wilds, "players": self.players}
        rows, title = self.rows, str(msg("Round 1, counted exactly"))
        return (
            Markup(rules_note("three_thirteen", rules, RULES), name="rules-note-box"),
            Markup(round_one_html(self.aces, self.max_wilds, self.players)),
            Markup(odds_table_html(rows, title)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
            Markup(self.stats_html()),
            Markup(self.plot_svg(theme), name="chart"),
        )

    def stats_html(self) -> str:
        rows = "".join(
            f"<tr><td>{s.round}</td><td>{s.hand_size}</td>"
            f"<td>{rank_message(s.wild, True)}</td>"
            f"<td>{num(round(s.mean_deadwood, 1), 1)} \u00b1 {num(round(1.96 * s.stderr, 1), 1)}"
            f"</td><td>{pct(s.p_melded, 1)}</td></tr>"
            for s in self.stats
        )
        n = self.stats[0].samples
        if self.decks == 1:
            caption = msg(
                "Dealt hands by round ({count} seeded deals each, one deck; \u00b1 is a 95% "
                "interval)",
                count=n,
            )
        else:
            caption = msg(
                "Dealt hands by round ({count} seeded deals each, {decks} decks; \u00b1 is a "
                "95% interval)",
                count=n,
                decks=self.decks,
            )
        heads = "".join(
            f"<th>{head}</th>"
            for head in (
                msg("Round"),
                msg("Cards"),
                # Translators: a column head: the round's wild rank
                msg("Wild"),
                msg("Mean min deadwood"),
                msg("Already melded"),
            )
        )
        return (
            f"<table class='cardlab-by-round'><caption>{caption}</caption><thead><tr>"
            f"{heads}</tr></thead><tbody>{rows}</tbody></table>"
        )

    def charts(self, theme: str = "default") -> tuple[Chart, Chart]:
        """Two bar charts by round (their units differ): mean deadwood ± 95%, % already melded."""
        labels = [
            str(
                msgn(
                    "Round {round} ({count} card)",
                    "Round {round} ({count} cards)",
                    s.hand_size,
                    round=s.round,
                )
            )
            for s in self.stats
        ]
        deadwood = bar_chart(
            [
                ChartRow(label, (Bar(s.mean_deadwood, 1.96 * s.stderr),))
                for label, s in zip(labels, self.stats, strict=True)
            ],
            (str(msg("mean minimum deadwood")),),
            title=str(msg("Mean minimum deadwood of a dealt hand")),
            axis=str(msg("deadwood points")),
            theme=theme,
            width=380.0,
            limit=None,
            fmt=lambda v: str(num(round(v, 1), 1)),
        )
        melded = bar_chart(
            [
                ChartRow(label, (Bar(100 * s.p_melded),))
                for label, s in zip(labels, self.stats, strict=True)
            ],
            (str(msg("already melded")),),
            title=str(msg("Dealt hands already fully melded")),
            axis=str(msg("% of deals")),
            theme=theme,
            width=380.0,
            limit=100.0,
            fmt=lambda v: str(pct(round(v) / 100, 0)),
        )
        return deadwood, melded

    def plot_svg(self, theme: str = "default") -> str:
        """Both charts side by side (one under the other on a narrow screen)."""
        svgs = "".join(chart.svg() for chart in self.charts(theme))
        return f'<div style="display:flex;flex-wrap:wrap;gap:12px">{svgs}</div>'
