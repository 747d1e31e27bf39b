"""Panels: built once, updated in place, accessible markup, SVG charts without a browser."""

from __future__ import annotations

from fractions import Fraction
from xml.etree import ElementTree

import ipywidgets as widgets
import pytest

from cardlab.core.odds import format_fraction
from cardlab.render import DEFAULT, HIGH_CONTRAST
from cardlab.widgets.panels import (
    OddsPanel,
    OddsRow,
    RulesPanel,
    ScoreSheet,
    StatusLine,
    TextMirror,
    markdown_to_html,
)
from cardlab.widgets.theme import ThemePicker

SVG = "{http://www.w3.org/2000/svg}"


def test_status_line_levels_are_not_colour_only():
    status = StatusLine()
    widget = status.widget
    assert 'role="status"' in widget.value and 'aria-live="polite"' in widget.value
    status.error("You must follow suit")
    assert status.level == "error" and "⚠ You must follow suit" in widget.value
    status.info("Your turn <b>now</b>")
    assert status.level == "info" and "&lt;b&gt;" in widget.value  # escaped
    status.ok("Saved")
    assert "✓ Saved" in widget.value
    status.clear()
    assert status.message == "" and status.widget is widget
    assert [level for level, _ in status.history] == ["error", "info", "ok"]


def test_rules_panel_markdown_and_html():
    rules = RulesPanel("# High Card\n\n1. Deal\n2. **Play** a card", title="Rules")
    assert "<h3>Rules</h3>" in rules.html
    assert "<strong>Play</strong>" in rules.html and "<ol>" in rules.html
    rules.set_text("<p>Already <em>HTML</em></p>")
    assert "<p>Already <em>HTML</em></p>" in rules.html
    assert "<li>" in markdown_to_html("- a\n- b")


def test_odds_panel_table_and_chart():
    panel = OddsPanel(
        [
            ("Ace on top", Fraction(4, 52)),
            OddsRow("Pair in 5 cards", Fraction(1098240, 2598960), estimate=0.4201, stderr=0.0016),
            ("Simulated only", None, 0.25, 0.01),
        ],
        title="Chances",
    )
    table = panel.table.value
    assert "<caption>Chances</caption>" in table
    assert "1/13" in table and "0.0769" in table
    assert "0.4201 ± 0.0016" in table
    assert "Simulated" in table and "—" in table
    svg = ElementTree.fromstring(panel.chart.value)
    assert svg.get("role") == "img" and svg.find(f"{SVG}title").text == "Chances"
    desc = svg.find(f"{SVG}desc").text
    assert "Pair in 5 cards: exact 0.4226, simulated 0.4201 ± 0.003136" in desc
    assert "Simulated only: simulated 0.25 ± 0.0196" in desc
    assert isinstance(panel.widget, widgets.VBox)
    chart = panel.chart
    panel.set_rows([("Heads", Fraction(1, 2))])
    assert panel.chart is chart and "1/2" in panel.table.value
    assert ">exact</text>" not in chart.value  # one series: no legend
    assert format_fraction(Fraction(3)) == "3"


def test_odds_panel_chart_follows_the_pages_theme():
    picker = ThemePicker()
    panel = OddsPanel([("x", Fraction(1, 3), 0.3, 0.01)], picker=picker)
    assert DEFAULT.series[1] in panel.chart.value
    picker.value = "high-contrast"
    assert HIGH_CONTRAST.series[1] in panel.chart.value
    assert f'fill="{HIGH_CONTRAST.label}"' in panel.chart.value


def test_odds_panel_without_plot():
    panel = OddsPanel([("x", Fraction(1, 3))], plot=False)
    assert panel.chart.value == "" and panel.chart.layout.display == "none"


def test_score_sheet_totals_and_notes():
    sheet = ScoreSheet(["Ann", "Bo"], [("Round 1", (3, -3))])
    sheet.add_row("Round 2", (1, 2), "Bo: 1 + 1 = 2")
    assert sheet.totals == (4, -1)
    assert "<tfoot><tr><th scope='row'>Total</th><td><strong>4</strong></td>" in sheet.widget.value
    assert "Bo: 1 + 1 = 2" in sheet.widget.value
    with pytest.raises(ValueError, match="2 scores"):
        sheet.add_row("Round 3", (1,))


def test_score_sheet_sends_a_fixed_window_and_keeps_every_row():
    """ipywidgets re-sends the whole HTML on a change: past the window it stops growing."""
    sheet = ScoreSheet(["Ann", "Bo"], window=4)
    sent: list[str] = []
    sheet.widget.observe(lambda change: sent.append(change["new"]), names="value")
    for n in range(1, 201):
        sheet.add_row(f"Deal {n:03d}", (n % 7 - 3, 3 - n % 7), f"note {n:03d}")
    assert len(sent) == 200 and len(sheet.rows) == 200  # every row kept, one message a row
    assert max(len(html) for html in sent[4:]) - len(sent[4]) <= 16  # digits of counts and sums
    last = sent[-1]
    shown = [f"Deal {n:03d}" for n in range(197, 201)]
    assert all(label in last for label in shown) and "Deal 196" not in last
    assert "196 earlier rows" in last and "folded into the totals" in last
    ann = sum(n % 7 - 3 for n in range(1, 201))
    assert sheet.totals == (ann, -ann)
    assert f"<th scope='row'>Total</th><td><strong>{ann}</strong></td>" in last
    folded = sum(n % 7 - 3 for n in range(1, 197))  # the subtotal row: earlier + shown = total
    assert f"196 earlier rows</th><td>{folded}</td><td>{-folded}</td>" in last


def test_score_sheet_folds_nothing_within_the_window_and_resets():
    sheet = ScoreSheet(["A"], [(f"Round {n}", (n,)) for n in range(1, 13)])
    assert sheet.folded == 0 and "earlier" not in sheet.widget.value  # the default: 12 rows
    sheet.add_row("Round 13", (0.5,))
    assert sheet.folded == 1 and "1 earlier row<" in sheet.widget.value
    assert sheet.totals == (78.5,)
    sheet.set_rows([])
    assert sheet.totals == (0,) and sheet.folded == 0 and "earlier" not in sheet.widget.value
    with pytest.raises(ValueError, match="at least one row"):
        ScoreSheet(["A"], window=0)


def test_text_mirror_sections():
    mirror = TextMirror()
    widget = mirror.widget
    mirror.update(
        hands=["Player 1: As Kd", "Player 2: 3 cards face down"],
        last_move="Player 2 plays <Q>",
        legal_moves=["play As", "play Kd"],
    )
    assert 'role="log"' in widget.value and 'aria-live="polite"' in widget.value
    assert "&lt;Q&gt;" in widget.value
    assert mirror.text.splitlines() == [
        "Hands: Player 1: As Kd; Player 2: 3 cards face down",
        "Table: —",
        "Last move: Player 2 plays <Q>",
        "Legal moves: play As; play Kd",
    ]
    mirror.update(table="Kd led")
    assert "Table: Kd led" in mirror.text and "play As" in mirror.text
    assert mirror.widget is widget


def test_panels_display_as_their_widget():
    for panel in (StatusLine(), RulesPanel("x"), ScoreSheet(["A"]), TextMirror(), OddsPanel()):
        bundle = panel._repr_mimebundle_()
        assert "application/vnd.jupyter.widget-view+json" in bundle
