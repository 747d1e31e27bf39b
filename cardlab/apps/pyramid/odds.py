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
from cardlab.core.i18n import msg, msgn, num
from cardlab.core.i18n import pct as percent
from cardlab.core.odds import format_fraction
from cardlab.core.stored import stored
from cardlab.games.pyramid import evaluate, parse
from cardlab.games.pyramid.game import net_improvement
from cardlab.games.pyramid.odds import (
    MAX_DISCARD,
    N_DEALS,
    AdviceRow,
    ExactTable,
    advice_html,
    advice_rows,
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
from cardlab.widgets.theme import ThemePicker


def classes_html(table: ExactTable) -> str:
    """Every class of best hand, best first: its deals, exact probability and percentage."""
    rows = []
    for r in reversed(table.rows):
        rows.append(
            f"<tr><td style='text-align:left'>{html.escape(str(r.name))}</td>"
            f"<td>{num(r.count)}</td><td>{format_fraction(r.probability)}</td>"
            f"<td>{percent(float(r.probability), 4)}</td></tr>"
        )
    every = html.escape(str(msg("All deals: C(55,6)")))
    total = (
        f"<tr><th style='text-align:left'>{every}</th><th>{num(table.total)}</th>"
        f"<th>1</th><th>{percent(1, 0)}</th></tr>"
    )
    heads = "".join(
        f"<th>{html.escape(str(h))}</th>"
        for h in (msg("best hand"), msg("deals"), msg("probability"), msg("percent"))
    )
    note = msg(
        "Counted exactly by card kinds: {count} kind multisets, each weighted by the number of "
        "deals that give it.",
        count=num(table.multisets),
    )
    return (
        f"<table class='cardlab-exact-table'><thead><tr>{heads}</tr></thead>"
        f"<tbody>{''.join(rows)}{total}</tbody></table>"
        f"<p><small>{html.escape(str(note))}</small></p>"
    )


def arguments_html(table: ExactTable) -> str:
    """The counting arguments, each checked against the table's exact count."""
    args = []
    for a in counting_arguments():
        counted = sum(table.count(c) for c in a.classes)
        if counted == a.value:
            check = msg("✔ equals the table")
        else:
            check = msg("✘ table says {count}", count=num(counted))
        so = msg(
            "so P = {value} / {deals} = {fraction} ({check})",
            value=num(a.value),
            deals=num(N_DEALS),
            fraction=format_fraction(a.probability),
            check=check,
        )
        args.append(
            f"<li><b>{html.escape(str(a.what))}</b>: {html.escape(str(a.reasoning))}<br>"
            f"<code>{html.escape(a.formula)} = {num(a.value)}</code>, {html.escape(str(so))}</li>"
        )
    return f"<div class='cardlab-counting'><ul>{''.join(args)}</ul></div>"


def plot_rows(table: ExactTable) -> list[tuple[str, Fraction]]:
    """No pyramid, then each shape perfect or not: the plot's rows."""
    groups = table.by_type_and_perfect()
    names = {
        ("T3", False): msg("Small (2-1), not perfect"),
        ("T3", True): msg("Small (2-1), perfect"),
        ("T2", False): msg("Middle (3-2), not perfect"),
        ("T2", True): msg("Middle (3-2), perfect"),
        ("T1", False): msg("Full (3-2-1), not perfect"),
        ("T1", True): msg("Full (3-2-1), perfect"),
    }
    rows = [(str(msg("No pyramid")), table.p_no_pyramid)]
    for t in ("T3", "T2", "T1"):
        for perfect in (False, True):
            rows.append((str(names[t, perfect]), Fraction(groups[t, perfect], N_DEALS)))
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
            plot_rows(self.table),
            title=str(msg("P(best hand of a deal)")),
            plot=plot,
            picker=self.picker,
        )
        self.children = [self.classes, self.arguments, self.panel.widget]


@stored
def opening_advice(hand: str, max_draw: int = 4) -> tuple[AdviceRow, ...]:
    """`advice_rows` for ``hand`` (notation): every exchange of six cards counted exactly
    takes most of a second, so the advisor's opening hand is stored (numbers, in no language:
    `advice_html` writes them in the page's)."""
    return advice_rows(parse(hand), None, max_draw)


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
        self.text = widgets.Text(
            value=hand, description=str(msg("Your hand")), continuous_update=False
        )
        self.text.add_class("cardlab-advisor-hand")
        self.deal_button = widgets.Button(description=str(msg("Deal me a hand")))
        self.deal_button.add_class("cardlab-deal-hand")
        self.best_button = widgets.Button(
            description=str(msg("Select the best discard")), layout=widgets.Layout(width="auto")
        )
        self.best_button.add_class("cardlab-best-discard")
        self.hand = HandView(
            render=self._render, status=self.status, canvas=self.view, name=DISCARD_HAND
        )
        self.summary = widgets.HTML()
        self.advice = widgets.HTML()
        self.panel = OddsPanel(title=str(msg("After this exchange")), plot=True, picker=self.picker)
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
        heading = html.escape(str(msg("Every discard, best first")))
        rows = opening_advice(PYRAMID.format(cards), self.max_draw)
        self.advice.value = f"<b>{heading}</b>" + advice_html(rows)
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
                str(
                    msgn(
                        "You may discard at most {count} card under these rules: unselect one.",
                        "You may discard at most {count} cards under these rules: unselect one.",
                        self.max_draw,
                    )
                )
            )
            return
        out = exchange_distribution(cards, discard)
        now = evaluate(cards)
        if discard:
            summary = msgn(
                "Now: <b>{hand}</b>. If you <b>discard {cards}</b>, the {count} possible draw "
                "gives a <b>better pyramid</b> {better} of the time, a worse hand {worse}, and "
                "some pyramid {pyramid}.",
                "Now: <b>{hand}</b>. If you <b>discard {cards}</b>, the {count} possible draws "
                "give a <b>better pyramid</b> {better} of the time, a worse hand {worse}, and "
                "some pyramid {pyramid}.",
                out.draws,
                cards=PYRAMID.format(discard),
                hand=html.escape(str(now.description)),
                count=num(out.draws),
                better=pct(out.p_better),
                worse=pct(out.p_worse),
                pyramid=pct(out.p_pyramid),
            )
        else:
            summary = msgn(
                "Now: <b>{hand}</b>. If you <b>stand pat</b>, the {count} possible draw gives a "
                "<b>better pyramid</b> {better} of the time, a worse hand {worse}, and some "
                "pyramid {pyramid}.",
                "Now: <b>{hand}</b>. If you <b>stand pat</b>, the {count} possible draws give a "
                "<b>better pyramid</b> {better} of the time, a worse hand {worse}, and some "
                "pyramid {pyramid}.",
                out.draws,
                hand=html.escape(str(now.description)),
                count=num(out.draws),
                better=pct(out.p_better),
                worse=pct(out.p_worse),
                pyramid=pct(out.p_pyramid),
            )
        self.summary.value = f"<p>{summary}</p>"
        self.panel.set_rows([(str(cls.name), p) for cls, p in reversed(out.distribution.items())])
        self.status.info(
            str(msg("Click cards to choose a discard (0-{most} cards).", most=self.max_draw))
        )
