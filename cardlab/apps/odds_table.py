"""A table of probabilities and its chart, as plain data and markup: exact fractions, their
decimals, Monte Carlo estimates with their standard errors, and horizontal bars.

Pure, so an odds panel's model gives the words and the picture, and any view (the widgets'
`OddsPanel`, a stepper's odds box) shows them.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardlab.core.i18n import msg, num
from cardlab.core.odds import format_fraction
from cardlab.render.chart import Bar, Chart, ChartRow, bar_chart


@dataclass(frozen=True)
class OddsRow:
    """One line of the odds table: an exact Fraction and/or a Monte Carlo estimate ± stderr."""

    label: str
    exact: Fraction | None = None
    estimate: float | None = None
    stderr: float | None = None

    @property
    def value(self) -> float | None:
        """The number plotted: the exact value when known, else the estimate."""
        if self.exact is not None:
            return float(self.exact)
        return self.estimate


def odds_row(row: OddsRow | Sequence[Any]) -> OddsRow:
    """A row as given, ``(label, exact[, estimate[, stderr]])`` or an `OddsRow`."""
    if isinstance(row, OddsRow):
        return row
    label, exact, *rest = row
    estimate = rest[0] if rest else None
    stderr = rest[1] if len(rest) > 1 else None
    if exact is not None and not isinstance(exact, Fraction):
        exact = Fraction(exact)
    return OddsRow(str(label), exact, estimate, stderr)


def _number(value: float, digits: int) -> str:
    """``value`` with ``digits`` decimals in the page's language (0.4231 or 0,4231), rounded as
    Python rounds (the float's exact value), whatever the language."""
    return str(num(round(value, digits), digits))


def _estimate(row: OddsRow, digits: int) -> str:
    if row.estimate is None:
        return "—"
    if row.stderr is None:
        return _number(row.estimate, digits)
    return f"{_number(row.estimate, digits)} ± {_number(row.stderr, digits)}"


def odds_table_html(rows: Iterable[OddsRow], title: str, digits: int = 4) -> str:
    """The rows as an HTML table (the chart's text alternative): event, exact, decimal, and the
    simulated estimate where there is one."""
    rows = list(rows)
    has_estimate = any(r.estimate is not None for r in rows)
    titles = [msg("Event"), msg("Exact"), msg("Decimal")]
    if has_estimate:
        titles.append(msg("Simulated"))
    head = "".join(f"<th scope='col'>{html.escape(str(t))}</th>" for t in titles)
    body = []
    for r in rows:
        exact = format_fraction(r.exact) if r.exact is not None else "—"
        decimal = _number(float(r.exact), digits) if r.exact is not None else "—"
        cells = [
            f"<th scope='row' style='text-align:left'>{html.escape(r.label)}</th>",
            f"<td>{exact}</td>",
            f"<td>{decimal}</td>",
        ]
        if has_estimate:
            cells.append(f"<td>{_estimate(r, digits)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    caption = f"<caption>{html.escape(title)}</caption>" if title else ""
    return (
        "<table class='cardlab-odds' style='border-collapse:collapse'>"
        f"{caption}<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
    )


def odds_chart(rows: Iterable[OddsRow], title: str, theme: str) -> Chart:
    """The rows as horizontal bars in ``theme``.

    Where the rows hold both exact values and estimates, each estimate is a second, hatched bar
    with its 95% error bar, so a learner sees the simulation agree with the count.
    """
    plotted = [r for r in rows if r.value is not None]
    kinds = [
        (name, bar)
        for name, bar, field in (
            (str(msg("exact")), _exact_bar, "exact"),
            (str(msg("simulated")), _estimate_bar, "estimate"),
        )
        if any(getattr(r, field) is not None for r in plotted)
    ]
    series = [name for name, _ in kinds]
    chart_rows = [ChartRow(r.label, tuple(bar(r) for _, bar in kinds)) for r in plotted]
    return bar_chart(chart_rows, series, title=title, theme=theme)


def _exact_bar(row: OddsRow) -> Bar | None:
    return None if row.exact is None else Bar(float(row.exact))


def _estimate_bar(row: OddsRow) -> Bar | None:
    """The estimate with its 95% interval (1.96 standard errors)."""
    if row.estimate is None:
        return None
    return Bar(row.estimate, 1.96 * row.stderr if row.stderr else 0.0)
