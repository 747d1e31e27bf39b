"""Pyramid Poker scoring for the lesson: the two scoring tables and any showdown on a score sheet
with its arithmetic (every figure from `cardlab.games.pyramid_poker.scoring.score_hands`)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from cardlab.games.pyramid_poker.rules import BONUS, HAND_NAMES, HAND_POINTS
from cardlab.games.pyramid_poker.scoring import ShowdownResult, score_hands
from cardlab.widgets import ScoreSheet, StatusLine
from cardlab.widgets.guard import guarded

CATEGORY_WORDS = {
    "full_colors": "Royal Flush",
    "half_colors": "Straight Flush",
    "four_up": "Four of a Kind",
    "full_up": "Full House",
    "colors": "Flush",
    "run": "Straight",
    "three_up": "Three of a Kind",
    "two_pair": "Two Pair",
    "one_pair": "Pair",
    "high_card": "No Pair",
}

WORKED_P1 = "9h 9d 9c 4d 4h | 2c 5d 8c Jh Kd | 3s 4s 5s 6s 7s"
WORKED_P2 = "8s 8h 8d As Ad | Qh Qc 6d 7c 2h | Tc Jc Qs Kh Ac"
"""The complete game of the rules' §6: Player 1 scores 8, Player 2 scores 3."""


def points_table_html() -> str:
    """The advanced-scoring chart: points per hand and the comparison bonus."""
    rows = "".join(
        f"<tr><td>{CATEGORY_WORDS[c]}</td><td style='text-align:center'>{p:+d}</td></tr>"
        for c, p in HAND_POINTS.items()
    )
    bonus = "".join(
        f"<tr><td>won {n} of 3 comparisons</td><td style='text-align:center'>{b:+d}</td></tr>"
        for n, b in BONUS.items()
        if n >= 2
    )
    return (
        "<table class='cardlab-pp-points'><thead><tr><th>Each hand (won or lost)</th>"
        f"<th>Points</th></tr></thead><tbody>{rows}</tbody></table>"
        "<table class='cardlab-pp-bonus'><thead><tr><th>Comparison bonus</th><th>Points</th>"
        f"</tr></thead><tbody>{bonus}</tbody></table>"
    )


def showdown_rows(result: ShowdownResult) -> list[tuple[str, tuple[int, int], str]]:
    """Score-sheet rows: one per hand position, then the bonus; the notes carry the arithmetic."""
    rows = []
    verdict = {1: "Player 1 wins", -1: "Player 2 wins", 0: "tie"}
    for pos, name in enumerate(HAND_NAMES):
        a, b = result.values[0][pos], result.values[1][pos]
        pa, pb = result.hand_points[0][pos], result.hand_points[1][pos]
        who = verdict[result.comparisons[pos]]
        note = f"{a.poker_name} ({pa:+d}) v {b.poker_name} ({pb:+d}): {who}"
        rows.append((name.capitalize(), (pa, pb), note))
    w = result.wins
    rows.append(
        (
            "Bonus",
            result.bonus,
            f"comparisons won {w[0]} to {w[1]}: +3 for exactly 2, +4 for all 3",
        )
    )
    if any(result.penalty):
        rows.append(("Penalty", result.penalty, "all three hands No Pair"))
    return rows


def basic_verdict(result: ShowdownResult) -> str:
    if result.winner is None:
        return f"Basic game: a draw ({result.wins[0]} comparisons each)."
    return (
        f"Basic game: Player {result.winner + 1} wins, "
        f"{max(result.wins)} comparisons to {min(result.wins)}."
    )


class ScoringExample:
    """Type (or keep) two players' three hands and see the comparisons and both scores."""

    def __init__(self, a: str = WORKED_P1, b: str = WORKED_P2) -> None:
        self.status = StatusLine()
        self.table = widgets.HTML(points_table_html())
        self.a = widgets.Text(value=a, description="Player 1", layout=widgets.Layout(width="520px"))
        self.b = widgets.Text(value=b, description="Player 2", layout=widgets.Layout(width="520px"))
        self.button = widgets.Button(description="Score", button_style="primary")
        self.sheet = ScoreSheet(["Player 1", "Player 2"])
        self.sheet.widget.add_class("cardlab-scoresheet")
        self.verdict = widgets.HTML()
        self.button.on_click(guarded(self.status, lambda _: self.score()))
        self.widget = widgets.VBox(
            [
                self.table,
                widgets.HTML("<small>Hands: left | centre | right, five blocks each.</small>"),
                self.a,
                self.b,
                self.button,
                self.sheet.widget,
                self.verdict,
                self.status.widget,
            ]
        )
        self.result: ShowdownResult | None = None
        self.score()

    def score(self) -> None:
        result = score_hands(self.a.value, self.b.value, advanced=True)
        self.sheet.set_rows(showdown_rows(result))
        self.result = result
        self.verdict.value = f"<p>{html.escape(basic_verdict(result))}</p>"
        self.status.ok("Scored.")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
