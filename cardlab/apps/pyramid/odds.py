"""The Pyramid odds: the exact distribution of a deal's best hand with counting arguments a
student can check by hand, and the exchange advisor on the learner's own hand.

Every number comes from the engine (`cardlab.games.pyramid.odds`: exact counts over card kinds);
the advice in words (`advice_table_html`, `pct`) is there too, widget-free, because the table's
"Show my odds" shows the same advice.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import DISCARD_HAND
from cardlab.core.cards import PYRAMID
from cardlab.core.stored import stored
from cardlab.games.pyramid import evaluate, parse
from cardlab.games.pyramid.game import net_improvement
from cardlab.games.pyramid.odds import (
    MAX_DISCARD,
    N_DEALS,
    ExactTable,
    advice_table_html,
    best_exchanges,
    counting_arguments,
    exact_table,
    exchange_distribution,
    pct,
)
from cardlab.pictures.pyramid import hand_row
from cardlab.render import Drawing
from cardlab.widgets import HandView, OddsPanel
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.panels import format_fraction
from cardlab.widgets.theme import ThemePicker


def classes_html(table: ExactTable) -> str:
    """Every class of best hand, best first: its deals, exact probability and percentage."""
    rows = []
    for r in reversed(table.rows):
        rows.append(
            f"<tr><td style='text-align:left'>{html.escape(r.name)}</td>"
            f"<td>{r.count:,}</td><td>{format_fraction(r.probability)}</td>"
            f"<td>{100 * float(r.probability):.4f}%</td></tr>"
        )
    total = (
        f"<tr><th style='text-align:left'>All deals: C(55,6)</th><th>{table.total:,}</th>"
        "<th>1</th><th>100%</th></tr>"
    )
    return (
        "<table class='cardlab-exact-table'><thead><tr><th>best hand</th><th>deals</th>"
        "<th>probability</th><th>percent</th></tr></thead>"
        f"<tbody>{''.join(rows)}{total}</tbody></table>"
        f"<p><small>Counted exactly by card kinds: {table.multisets:,} kind multisets, each "
        "weighted by the number of deals that give it.</small></p>"
    )


def arguments_html(table: ExactTable) -> str:
    """The counting arguments, each checked against the table's exact count."""
    args = []
    for a in counting_arguments():
        counted = sum(table.count(c) for c in a.classes)
        check = "✔ equals the table" if counted == a.value else f"✘ table says {counted:,}"
        args.append(
            f"<li><b>{html.escape(a.what)}</b>: {html.escape(a.reasoning)}<br>"
            f"<code>{html.escape(a.formula)} = {a.value:,}</code>, so P = {a.value:,} / "
            f"{N_DEALS:,} = {format_fraction(a.probability)} ({check})</li>"
        )
    return f"<div class='cardlab-counting'><ul>{''.join(args)}</ul></div>"


def plot_rows(table: ExactTable) -> list[tuple[str, Fraction]]:
    """No pyramid, then each shape perfect or not: the plot's rows."""
    groups = table.by_type_and_perfect()
    names = {"T3": "Small (2-1)", "T2": "Middle (3-2)", "T1": "Full (3-2-1)"}
    rows = [("No pyramid", table.p_no_pyramid)]
    for t in ("T3", "T2", "T1"):
        for perfect in (False, True):
            label = f"{names[t]}, {'perfect' if perfect else 'not perfect'}"
            rows.append((label, Fraction(groups[t, perfect], N_DEALS)))
    return rows


class OddsTable(LessonPanel):
    """The exact distribution of the best hand over all C(55, 6) deals, counting arguments a
    student can check by hand (each equal to the table's count), and a plot."""

    def __init__(self, picker: ThemePicker | None = None, plot: bool = True) -> None:
        super().__init__(picker)
        self.table = exact_table()
        self.classes = widgets.HTML(classes_html(self.table))
        self.arguments = widgets.HTML(arguments_html(self.table))
        self.panel = OddsPanel(
            plot_rows(self.table), title="P(best hand of a deal)", plot=plot, picker=self.picker
        )
        self.children = [self.classes, self.arguments, self.panel.widget]


@stored
def opening_advice(hand: str, max_draw: int = 4) -> str:
    """`advice_table_html` for ``hand`` (notation): every exchange of six cards counted exactly
    takes most of a second, so the advisor's opening hand is stored."""
    return advice_table_html(parse(hand), None, max_draw)


class ExchangeAdvisor(LessonPanel):
    """The learner's own hand: the exact result of every discard, and the chosen one's odds.

    Type a hand (or deal one), click cards to choose a discard: the distribution of the hand
    after the exchange is counted exactly over every draw from the 49 unseen cards.
    """

    def __init__(self, picker: ThemePicker, hand: str = "3P 3G 2O 1G 1O 2P", seed: int = 1):
        super().__init__(picker, size=(10, 10))
        self.seed = seed
        self.max_draw = MAX_DISCARD
        self.rules = widgets.HTML()
        self.text = widgets.Text(value=hand, description="Your hand", continuous_update=False)
        self.text.add_class("cardlab-advisor-hand")
        self.deal_button = widgets.Button(description="Deal me a hand")
        self.deal_button.add_class("cardlab-deal-hand")
        self.best_button = widgets.Button(
            description="Select the best discard", layout=widgets.Layout(width="auto")
        )
        self.best_button.add_class("cardlab-best-discard")
        self.hand = HandView(
            render=self._render, status=self.status, canvas=self.view, name=DISCARD_HAND
        )
        self.summary = widgets.HTML()
        self.advice = widgets.HTML()
        self.panel = OddsPanel(title="After this exchange", plot=True, picker=self.picker)
        self.text.observe(guarded(self.status, lambda _: self.load()), names="value")
        self.deal_button.on_click(guarded(self.status, lambda _: self.deal()))
        self.best_button.on_click(guarded(self.status, lambda _: self.select_best()))
        self.hand.on_selection_change(lambda _: self.show())
        self.children = [
            widgets.HBox([self.text, self.deal_button, self.best_button]),
            self.rules,
            self.hand.widget,
            self.status.widget,
            self.summary,
            self.panel.widget,
            self.advice,
        ]
        self.load()

    def _redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def _render(self, cards: Any, selected: Any) -> Drawing:
        return hand_row(cards, selected, self.theme)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Count the exchanges the page's rules allow (``max_draw``: 0 to 4 cards); the
        players and exchange rounds do not change one exchange's odds."""
        self.max_draw = options["max_draw"]
        self.rules.value = rules_note("pyramid", options, ("max_draw",))
        self.load()

    def load(self) -> None:
        cards = parse(self.text.value)
        evaluate(cards)  # six Pyramid cards, or a reason
        self.hand.set_cards(cards)
        self.advice.value = "<b>Every discard, best first</b>" + opening_advice(
            PYRAMID.format(cards), self.max_draw
        )
        self.show()

    def deal(self) -> None:
        self.seed += 1
        cards = random.Random(f"advisor:{self.seed}").sample(PYRAMID.cards(), 6)
        self.text.value = PYRAMID.format(sorted(cards, key=lambda c: -PYRAMID.strength(c)))

    def select_best(self) -> None:
        best = best_exchanges(self.hand.cards, None, self.max_draw, net_improvement)[0]
        wanted = list(best.discard)
        picks = []
        for i, card in enumerate(self.hand.cards):
            if card in wanted:
                wanted.remove(card)
                picks.append(i)
        self.hand.set_selected(picks)

    def show(self) -> None:
        cards = self.hand.cards
        discard = self.hand.selected_cards
        if len(discard) > self.max_draw:
            self.status.error(
                f"You may discard at most {self.max_draw} cards under these rules: unselect one."
            )
            return
        out = exchange_distribution(cards, discard)
        now = evaluate(cards)
        words = "stand pat" if not discard else f"discard {PYRAMID.format(discard)}"
        self.summary.value = (
            f"<p>Now: <b>{html.escape(now.description)}</b>. If you <b>{words}</b>, "
            f"the {out.draws:,} possible draws give a <b>better pyramid</b> "
            f"{pct(out.p_better)} of the time, a worse hand {pct(out.p_worse)}, and some "
            f"pyramid {pct(out.p_pyramid)}.</p>"
        )
        self.panel.set_rows([(cls.name, p) for cls, p in reversed(out.distribution.items())])
        self.status.info(f"Click cards to choose a discard (0-{self.max_draw} cards).")
