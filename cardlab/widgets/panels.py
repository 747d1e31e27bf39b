"""Side panels of a lesson: rules, odds, score sheet, text mirror and the status line.

Each panel builds its widget tree once in ``__init__`` and later only changes values in place
(``html.value = ...``), which is cheap on the wire and never needs ``display()`` or ``print()``
inside a callback.  Every panel exposes ``.widget`` and displays itself in a notebook.
Text placed in HTML is escaped unless it is documented as HTML.
"""

from __future__ import annotations

import html
import re
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, Literal

import ipywidgets as widgets

from cardlab.apps.odds_table import OddsRow, odds_chart, odds_row, odds_table_html
from cardlab.apps.score_sheet import score_sheet_html
from cardlab.apps.words import MIRROR_TITLES, mirror_html, mirror_text
from cardlab.core.i18n import Message, msg
from cardlab.render.chart import Chart
from cardlab.widgets.a11y import element_id
from cardlab.widgets.theme import ThemePicker


class _Panel:
    """Display delegation: ``panel`` shows as its ``widget`` in a notebook or Voila."""

    widget: widgets.Widget

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- status line ---------------------------------------------------------------------------------
_LEVEL_STYLE = {
    "info": ("", "#1f2937", "#eef2ff"),
    "ok": ("✓ ", "#14532d", "#ecfdf5"),
    "error": ("⚠ ", "#7f1d1d", "#fef2f2"),
}


class StatusLine(_Panel):
    """One line of feedback under a table.  Errors carry a word and a glyph, not colour alone.

    The HTML has ``role="status"`` / ``aria-live="polite"`` so screen readers announce changes.
    """

    def __init__(self, message: str = "") -> None:
        self.widget = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.message = ""
        self.level: Literal["info", "ok", "error"] = "info"
        # the last messages, for tests and debugging: a fixed 50 so a long class stays small
        self.history: deque[tuple[str, str]] = deque(maxlen=50)
        self._show(message, "info")

    def info(self, message: str) -> None:
        self._show(message, "info")

    def ok(self, message: str) -> None:
        self._show(message, "ok")

    def error(self, message: str) -> None:
        self._show(message, "error")

    def clear(self) -> None:
        self._show("", "info")

    def _show(self, message: str | Message, level: Literal["info", "ok", "error"]) -> None:
        message = str(message)  # a `Message` is read in the page's language
        self.message, self.level = message, level
        if message:
            self.history.append((level, message))
        prefix, colour, background = _LEVEL_STYLE[level]
        body = html.escape(prefix + message) if message else "&nbsp;"
        style = f"color:{colour};background:{background};padding:2px 6px;border-radius:4px"
        if not message:
            style = "padding:2px 6px"
        self.widget.value = (
            f'<div class="cardlab-status cardlab-{level}" role="status" aria-live="polite" '
            f'style="{style}">{body}</div>'
        )


# -- rules ---------------------------------------------------------------------------------------
def markdown_to_html(text: str) -> str:
    """Markdown to HTML with mistune (installed with nbconvert/Voila), else a tiny fallback."""
    try:
        import mistune
    except ImportError:  # pragma: no cover - mistune ships with nbconvert
        return _tiny_markdown(text)
    return str(mistune.html(text))


def _tiny_markdown(text: str) -> str:
    """Paragraphs, ``#`` headings, ``-``/``1.`` lists and **bold**: enough for a rules summary."""
    out: list[str] = []
    list_tag = ""
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.splitlines()
        heading = re.match(r"^(#{1,6})\s+(.*)", lines[0])
        if heading and len(lines) == 1:
            level = len(heading.group(1))
            out.append(f"<h{level}>{_inline(heading.group(2))}</h{level}>")
            continue
        items = [re.match(r"^\s*(?:[-*]|\d+\.)\s+(.*)", line) for line in lines]
        if all(items):
            list_tag = "ol" if re.match(r"^\s*\d+\.", lines[0]) else "ul"
            body = "".join(f"<li>{_inline(m.group(1))}</li>" for m in items if m)
            out.append(f"<{list_tag}>{body}</{list_tag}>")
            continue
        out.append(f"<p>{_inline(' '.join(lines))}</p>")
    return "\n".join(out)


def _inline(text: str) -> str:
    text = html.escape(text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", text)
    return re.sub(r"`(.+?)`", r"<code>\1</code>", text)


class RulesPanel(_Panel):
    """The rules summary: Markdown (converted) or HTML (used as is, when it starts with ``<``)."""

    def __init__(self, markdown_or_html: str = "", title: str | None = None) -> None:
        self.title = title
        self.widget = widgets.HTML(layout=widgets.Layout(max_width="48em"))
        self.set_text(markdown_or_html)

    def set_text(self, markdown_or_html: str) -> None:
        body = markdown_or_html.strip()
        self.source = markdown_or_html
        body = body if body.startswith("<") else markdown_to_html(body)
        heading = f"<h3>{html.escape(str(self.title))}</h3>" if self.title else ""
        self.widget.value = f'<div class="cardlab-rules">{heading}{body}</div>'

    @property
    def html(self) -> str:
        return self.widget.value


# -- odds ----------------------------------------------------------------------------------------
class OddsPanel(_Panel):
    """A table of probabilities (exact fraction, decimal, optional estimate ± stderr) and a chart.

    The chart is drawing data (`cardlab.render.chart`) shown as inline SVG in an
    ``ipywidgets.HTML``: no plotting library at page load, crisp on a projector, the same in Voila
    and in tests.  The table is its text alternative; the SVG also carries its own name and
    summary.  Given the page's ``picker``, the chart follows its theme.
    """

    def __init__(
        self,
        rows: Iterable[OddsRow | Sequence[Any]] = (),
        *,
        title: str | Message | None = None,
        plot: bool = True,
        digits: int = 4,
        picker: ThemePicker | None = None,
    ) -> None:
        self.title = str(msg("Odds") if title is None else title)
        self.digits = digits
        self.show_plot = plot
        self.picker = picker
        self.rows: tuple[OddsRow, ...] = ()
        self.table = widgets.HTML()
        self.chart = widgets.HTML(layout=widgets.Layout(max_width="560px"))
        self.chart.add_class("cardlab-chart")
        self.chart.layout.display = None if plot else "none"
        self.widget = widgets.VBox([self.table, self.chart])
        if picker is not None:
            picker.observe(lambda _: self._draw_chart(), names="value")
        self.set_rows(rows)

    @property
    def theme(self) -> str:
        return self.picker.theme if self.picker is not None else "default"

    def set_rows(self, rows: Iterable[OddsRow | Sequence[Any]]) -> None:
        """Replace the rows; table and chart update in place."""
        self.rows = tuple(odds_row(r) for r in rows)
        self.table.value = self.table_html()
        self._draw_chart()

    def _draw_chart(self) -> None:
        if self.show_plot:
            plotted = any(r.value is not None for r in self.rows)
            self.chart.value = self.plot_svg() if plotted else ""

    def table_html(self) -> str:
        return odds_table_html(self.rows, self.title, self.digits)

    def bar_chart(self) -> Chart:
        """The rows as horizontal bars in the current theme (`odds_chart`)."""
        return odds_chart(self.rows, self.title, self.theme)

    def plot_svg(self) -> str:
        """The chart as inline SVG (``role="img"``, its title and a summary in words)."""
        return self.bar_chart().svg()


# -- score sheet ---------------------------------------------------------------------------------
class ScoreSheet(_Panel):
    """Scores by round: one column per player, a totals row, and the arithmetic where given.

    Every row stays in ``rows`` (for tests and exports), but the page shows only the latest
    ``window`` rows, the earlier ones folded into one row of their sums: ipywidgets re-sends the
    whole HTML on every change, so a sheet kept across a class's hundreds of deals would cost
    more on the wire with each deal.  The sums are kept as rows arrive, so the totals are always
    those of every row, folded or not.
    """

    WINDOW = 12
    """Rows shown by default: a whole Three Thirteen game (11 rounds) or Triad game (10 hands)."""

    def __init__(
        self,
        players: Sequence[str],
        rows: Iterable[tuple[str, Sequence[float]] | tuple[str, Sequence[float], str]] = (),
        *,
        window: int = WINDOW,
    ) -> None:
        if window < 1:
            raise ValueError(f"a score sheet shows at least one row, got window={window}")
        self.players = tuple(str(p) for p in players)
        self.window = window
        self.rows: list[tuple[str, tuple[float, ...], str]] = []
        self._totals: list[float] = []
        self._folded: list[float] = []  # the sums of the rows above the window
        self.widget = widgets.HTML()
        self.set_rows(rows)

    def set_rows(self, rows: Iterable[tuple[Any, ...]]) -> None:
        self.rows = []
        self._totals = [0] * len(self.players)
        self._folded = [0] * len(self.players)
        for row in rows:
            self._append(*row)
        self._refresh()

    def add_row(self, label: str, scores: Sequence[float], note: str = "") -> None:
        self._append(label, scores, note)
        self._refresh()

    def _append(self, label: str, scores: Sequence[float], note: str = "") -> None:
        if len(scores) != len(self.players):
            raise ValueError(
                f"a score row needs {len(self.players)} scores (one per player), got {len(scores)}"
            )
        row = (str(label), tuple(scores), str(note))
        self.rows.append(row)
        self._totals = [t + s for t, s in zip(self._totals, row[1], strict=True)]
        if len(self.rows) > self.window:  # the row that just left the window joins the fold
            leaving = self.rows[-self.window - 1][1]
            self._folded = [f + s for f, s in zip(self._folded, leaving, strict=True)]

    @property
    def totals(self) -> tuple[float, ...]:
        return tuple(self._totals)

    @property
    def folded(self) -> int:
        """How many of the earliest rows the page shows only as their sums."""
        return max(0, len(self.rows) - self.window)

    def _refresh(self) -> None:
        shown = self.rows[-self.window :]
        self.widget.value = score_sheet_html(
            self.players, shown, self.totals, (self.folded, self._folded)
        )


# -- text mirror ---------------------------------------------------------------------------------
class TextMirror(_Panel):
    """The canvas in words, for screen readers and for anyone who prefers text.

    Sections: hands, table, last move, legal moves.  The container has ``role="log"`` and
    ``aria-live="polite"``.  Caveat: ipywidgets re-renders the HTML value as a whole, so some
    screen readers announce the full region rather than the change.
    """

    def __init__(self, label: str | Message | None = None) -> None:
        self.label = str(msg("Table in words") if label is None else label)
        self.element_id = element_id("cardlab-mirror")
        """The section's id: a canvas names it in ``aria-describedby``."""
        self.parts: dict[str, str | Sequence[str]] = dict.fromkeys(MIRROR_TITLES, "")
        self.widget = widgets.HTML()
        self._refresh()

    def update(
        self,
        *,
        hands: str | Sequence[str] | None = None,
        table: str | Sequence[str] | None = None,
        last_move: str | None = None,
        legal_moves: str | Sequence[str] | None = None,
    ) -> None:
        """Change the given sections (None leaves a section as it was)."""
        given = {"hands": hands, "table": table, "last_move": last_move, "legal_moves": legal_moves}
        for key, value in given.items():
            if value is not None:  # a `Message` (or a list of them) is read now
                self.parts[key] = (
                    str(value) if not isinstance(value, list | tuple) else [str(v) for v in value]
                )
        self._refresh()

    @property
    def text(self) -> str:
        """The same content as plain text."""
        return mirror_text(self.parts)

    def _refresh(self) -> None:
        label = html.escape(self.label)
        self.widget.value = (
            f'<section class="cardlab-mirror" id="{self.element_id}" role="log" '
            f'aria-live="polite" aria-label="{label}">{mirror_html(self.parts)}</section>'
        )
