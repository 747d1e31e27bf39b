"""The odds side of the Three Thirteen lesson: round-1 exact probabilities, the by-round
simulation, and the draw/discard advisor for one seat's view.

All numbers come from `cardlab.games.three_thirteen.odds`; this module words and draws them.
"""

from __future__ import annotations

import html
import io
from typing import Any

import ipywidgets as widgets

from cardlab.apps.three_thirteen_draw import card_text, rank_word
from cardlab.core.engine import seat_name
from cardlab.games.three_thirteen.game import best_arrangement, go_out_discards
from cardlab.games.three_thirteen.odds import (
    advise,
    keep_value,
    round_one_odds,
    simulate_rounds,
    stock_outlook,
)
from cardlab.widgets import OddsPanel
from cardlab.widgets.panels import format_fraction

STAR = " \u2605"


def gone_cards(view: Any) -> tuple:
    """Cards the seat knows are not in the stock besides its hand: the discard pile and the cards
    others took from it (and must still hold)."""
    gone = list(view.discard)
    for s, cards in enumerate(view.taken):
        if s != view.seat:
            gone += list(cards)
    return tuple(gone)


def advisor_html(view: Any, who: str = "") -> str:
    """The advisor for the seat to act in ``view`` (its own observation).

    Before the draw: what the top discard would do, and the exact chance that the next stock card
    lets the player go out.  After the draw: every discard's deadwood now and that chance for the
    next turn, best first."""
    who = who or (seat_name(view.seat) if view.seat is not None else "the player")
    hand = view.hand
    if not hand or view.phase not in ("draw", "discard"):
        return "<p><i>The advisor speaks when a player is to draw or discard.</i></p>"
    opts = (view.aces, view.max_wilds)
    if view.phase == "draw":
        unseen = view.unseen()
        n = sum(unseen.values())
        outlook = stock_outlook(hand, view.wild, unseen, *opts)
        now = best_arrangement(hand, view.wild, *opts).penalty
        lines = [
            f"{html.escape(who)} holds {len(hand)} cards; best deadwood now <b>{now}</b>.",
            f"<b>Next stock card:</b> {n} cards are unseen (the deck minus the hand, the discard "
            f"pile and cards others are known to hold); <b>{outlook.go_out_count}</b> of them "
            f"would let {html.escape(who)} go out: P = {outlook.go_out_count}/{n} = "
            f"{float(outlook.p_go_out):.1%}. Expected deadwood after the best discard: "
            f"{outlook.expected_deadwood:.1f}.",
        ]
        if outlook.go_out_cards:
            shown = ", ".join(
                card_text(c) + (f" \u00d7{k}" if k > 1 else "") for c, k in outlook.go_out_cards
            )
            lines.append(f"Cards that go out: {html.escape(shown[:300])}.")
        top = view.top
        if top is not None:
            plus = (*hand, top)
            keep = keep_value(plus, view.wild, *opts)[0]
            if go_out_discards(plus, view.wild, *opts):
                verdict = "<b>take it: you can go out at once</b>"
            elif keep < outlook.expected_deadwood:
                verdict = "it beats the stock on average: take it"
            else:
                verdict = "the stock is better on average"
            lines.append(
                f"<b>Top discard {card_text(top)}:</b> taking it leaves deadwood {keep} after the "
                f"best discard; {verdict}."
            )
        items = "".join(f"<li>{line}</li>" for line in lines)
        return f"<div class='cardlab-advisor'><b>Advisor</b><ul>{items}</ul></div>"
    advice = advise(hand, view.wild, gone_cards(view), view.decks, *opts)
    rows = []
    for k, ch in enumerate(advice.choices[:6]):
        style = " style='font-weight:bold;background:#fff7d6'" if k == 0 else ""
        p = ch.outlook.p_go_out
        rows.append(
            f"<tr{style}><td>{card_text(ch.card)}{STAR if k == 0 else ''}</td>"
            f"<td>{ch.deadwood}</td><td>{ch.outlook.go_out_count}/{ch.outlook.unseen}"
            f" = {float(p):.1%}</td></tr>"
        )
    table = (
        "<table class='cardlab-advice' style='border-collapse:collapse'><thead><tr>"
        "<th>Discard</th><th>Deadwood left</th><th>P(next stock card lets you go out)</th>"
        f"</tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )
    return (
        f"<div class='cardlab-advisor'><b>Advisor</b> ({html.escape(who)}, "
        f"{advice.unseen} unseen cards): {html.escape(advice.summary())}{table}</div>"
    )


class AdvisorPanel:
    """The advisor for whoever is to act, kept up to date by a stepper or the table."""

    def __init__(self) -> None:
        self.html = widgets.HTML()
        self.widget = widgets.VBox([self.html])
        self.widget.add_class("cardlab-advisor-panel")
        self.show(None)

    def show(self, view: Any, who: str = "") -> None:
        if view is None or view.phase not in ("draw", "discard"):
            self.html.value = (
                "<p><i>The advisor speaks when a player is to draw or discard.</i></p>"
            )
            return
        self.html.value = advisor_html(view, who)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- round 1, exactly ---------------------------------------------------------------------------
def round_one_rows() -> list[tuple[str, Any]]:
    rows = []
    for decks, who in ((1, "1 deck, 2 players"), (2, "2 decks, 3-4 players")):
        o = round_one_odds(decks)
        rows += [
            (f"dealt 3 cards already meld ({who})", o.dealt_meld),
            (f"can go out after one stock card ({who})", o.out_after_stock),
            (f"first player can go out, discard or stock ({who})", o.out_first_player),
        ]
    return rows


def round_one_html() -> str:
    one, two = round_one_odds(1), round_one_odds(2)
    return (
        "<p>Round 1 deals 3 cards with threes wild. A hand melds when it is a set (three of a "
        "rank, a three making up the numbers), a run of one suit, or holds wild threes that "
        f"fill the gaps. Counting every one of the {one.hands:,} hands of 3 from one deck "
        f"(and {two.hands:,} from two, where identical cards count by the ways to pick them):</p>"
        f"<ul><li>P(dealt hand melds) = {format_fraction(one.dealt_meld)} \u2248 "
        f"{float(one.dealt_meld):.2%} with one deck, {format_fraction(two.dealt_meld)} \u2248 "
        f"{float(two.dealt_meld):.2%} with two.</li>"
        f"<li>P(go out after drawing one stock card) = {format_fraction(one.out_after_stock)} "
        f"\u2248 {float(one.out_after_stock):.2%} (one deck).</li></ul>"
    )


class OddsLesson:
    """Round 1 exactly (a table of fractions and a plot) and the round-by-round simulation."""

    def __init__(self, samples: int = 300, seed: int = 0) -> None:
        self.text = widgets.HTML(round_one_html())
        self.panel = OddsPanel(round_one_rows(), title="Round 1, counted exactly", plot=True)
        self.stats = simulate_rounds(1, samples=samples, seed=seed)
        self.table = widgets.HTML(self.stats_html())
        self.plot = widgets.Image(format="png", value=self.plot_png())
        self.plot.layout.max_width = "640px"
        self.widget = widgets.VBox([self.text, self.panel.widget, self.table, self.plot])
        self.widget.add_class("cardlab-odds-lesson")

    def stats_html(self) -> str:
        rows = "".join(
            f"<tr><td>{s.round}</td><td>{s.hand_size}</td><td>{rank_word(s.wild, True)}</td>"
            f"<td>{s.mean_deadwood:.1f} \u00b1 {1.96 * s.stderr:.1f}</td>"
            f"<td>{s.p_melded:.1%}</td></tr>"
            for s in self.stats
        )
        n = self.stats[0].samples
        return (
            "<table class='cardlab-by-round'><caption>Dealt hands by round "
            f"({n} seeded deals each, one deck; \u00b1 is a 95% interval)</caption><thead><tr>"
            "<th>Round</th><th>Cards</th><th>Wild</th><th>Mean min deadwood</th>"
            f"<th>Already melded</th></tr></thead><tbody>{rows}</tbody></table>"
        )

    def plot_png(self) -> bytes:
        from matplotlib.figure import Figure

        fig = Figure(figsize=(6.4, 2.8), dpi=100, layout="constrained")
        ax = fig.add_subplot()
        xs = [s.round for s in self.stats]
        ax.errorbar(xs, [s.mean_deadwood for s in self.stats],
                    yerr=[1.96 * s.stderr for s in self.stats], marker="o", color="#4c72b0",
                    label="mean min deadwood (left)")  # fmt: skip
        ax.set_xlabel("round (cards dealt = round + 2)")
        ax.set_ylabel("deadwood points")
        ax.set_xticks(xs)
        ax2 = ax.twinx()
        ax2.bar(xs, [100 * s.p_melded for s in self.stats], color="#dd8452", alpha=0.5,
                hatch="//", label="% already melded (right)")  # fmt: skip
        ax2.set_ylabel("% dealt fully melded")
        fig.legend(loc="outside lower center", ncols=2, fontsize="small")
        buffer = io.BytesIO()
        fig.savefig(buffer, format="png")
        return buffer.getvalue()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["AdvisorPanel", "OddsLesson", "advisor_html", "gone_cards"]
