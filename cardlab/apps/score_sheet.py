"""A score sheet as markup: one column per player, a row per round with its arithmetic, the
totals.

Pure, so a lesson figure (Pyramid Poker's worked showdown) and the tables' `ScoreSheet` widget
show the same sheet, and tests read it without a widget.
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence

from cardlab.core.i18n import msg, msgn

ScoreLine = tuple[str, Sequence[float], str]
"""One row: its label, a score per player, and its arithmetic in words (or "")."""


def score_number(x: float) -> str:
    """A score as the sheet writes it: 3, 2.5 (never 3.0), nan as itself."""
    return f"{x:g}" if isinstance(x, float) and not math.isnan(x) else str(x)


def score_sheet_html(
    players: Sequence[str],
    rows: Sequence[ScoreLine],
    totals: Sequence[float] | None = None,
    folded: tuple[int, Sequence[float]] = (0, ()),
) -> str:
    """The sheet of ``rows`` (a "How" column where any row has arithmetic) under a totals row
    (``totals``, else the rows' sums).  ``folded`` is how many earlier rows the sheet shows only
    as their sums, and those sums (a long sheet keeps the page's HTML short)."""
    if totals is None:
        totals = [sum(r[1][i] for r in rows) for i in range(len(players))]
    how, folded_words, total = (
        html.escape(str(words))
        for words in (msg("How"), msg("folded into the totals"), msg("Total"))
    )
    head = "".join(f"<th scope='col'>{html.escape(str(p))}</th>" for p in players)
    has_notes = any(note for *_, note in rows)
    if has_notes:
        head += f"<th scope='col'>{how}</th>"
    body = []
    count, sums = folded
    if count:
        cells = "".join(f"<td>{score_number(s)}</td>" for s in sums)
        if has_notes:
            cells += f"<td>{folded_words}</td>"
        earlier = msgn("{count} earlier row", "{count} earlier rows", count)
        body.append(
            f"<tr class='cardlab-folded'><th scope='row'>{html.escape(str(earlier))}</th>"
            f"{cells}</tr>"
        )
    for label, scores, note in rows:
        cells = "".join(f"<td>{score_number(s)}</td>" for s in scores)
        if has_notes:
            cells += f"<td>{html.escape(note)}</td>"
        body.append(f"<tr><th scope='row'>{html.escape(label)}</th>{cells}</tr>")
    sums_row = "".join(f"<td><strong>{score_number(t)}</strong></td>" for t in totals)
    filler = "<td></td>" if has_notes else ""
    return (
        "<table class='cardlab-scores'><thead><tr><th></th>"
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody>"
        f"<tfoot><tr><th scope='row'>{total}</th>{sums_row}{filler}"
        "</tr></tfoot></table>"
    )
