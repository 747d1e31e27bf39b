"""The Pyramid odds: the exact distribution of a deal's best hand with counting arguments a
student can check by hand, and the exchange advisor on the learner's own hand.

Every number comes from the engine (`cardlab.games.pyramid.odds`: exact counts over card kinds);
the advice in words (`advice_html`, `pct`) is there too, widget-free, because the table's
"Show my odds" shows the same advice.
"""

from __future__ import annotations

import functools
import html
import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.model import Said
from cardlab.apps.odds_table import OddsRow, odds_chart, odds_table_html
from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import DISCARD_HAND
from cardlab.core.cards import PYRAMID, Card
from cardlab.core.i18n import Message, joined, msg, msgn, num
from cardlab.core.i18n import pct as percent
from cardlab.core.odds import format_fraction
from cardlab.core.stored import stored
from cardlab.games.pyramid import evaluate, parse
from cardlab.games.pyramid.odds import (
    MAX_DISCARD,
    N_DEALS,
    AdviceRow,
    ClassTable,
    ExchangeOutcome,
    advice_html,
    advice_rows,
    class_table,
    counting_arguments,
    exchange_distribution,
    pct,
)
from cardlab.pictures.pyramid import hand_row


def classes_html(table: ClassTable) -> str:
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


def arguments_html(table: ClassTable) -> str:
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


def plot_rows(table: ClassTable) -> list[tuple[str, Fraction]]:
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


@dataclass(frozen=True)
class OddsTable(Figure):
    """The exact distribution of the best hand over all C(55, 6) deals, counting arguments a
    student can check by hand (each equal to the table's count), and a plot."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        table = class_table()
        rows = [OddsRow(label, exact=p) for label, p in plot_rows(table)]
        title = str(msg("P(best hand of a deal)"))
        return (
            Markup(classes_html(table)),
            Markup(arguments_html(table)),
            Markup(odds_table_html(rows, title)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
        )


@stored
def opening_advice(hand: str, max_draw: int = 4) -> tuple[AdviceRow, ...]:
    """`advice_rows` for ``hand`` (notation): every exchange of six cards counted exactly
    takes most of a second, so the advisor's opening hand is stored (numbers, in no language:
    `advice_html` writes them in the page's)."""
    return advice_rows(parse(hand), None, max_draw)


@functools.lru_cache(maxsize=32)
def advice(hand: str, max_draw: int) -> tuple[AdviceRow, ...]:
    """`opening_advice` once per hand and rules: a click on a card or a new theme redraws the
    advisor, it does not count every exchange again."""
    return opening_advice(PYRAMID.format(parse(hand)), max_draw)


@functools.lru_cache(maxsize=64)
def outcome(hand: str, selected: tuple[int, ...]) -> ExchangeOutcome:
    """The exact result of discarding the ``selected`` cards of ``hand`` (notation)."""
    cards = parse(hand)
    return exchange_distribution(cards, [cards[i] for i in selected])


@dataclass(frozen=True)
class ExchangeAdvisor(Figure):
    """The learner's own hand: the exact result of every discard, and the chosen one's odds.

    Type a hand (or deal one), click cards to choose a discard: the distribution of the hand
    after the exchange is counted exactly over every draw from the 49 unseen cards.  It
    follows the page's most cards exchanged (``max_draw``: 0 to 4); the players and exchange
    rounds do not change one exchange's odds.
    """

    hand: str = "3P 3G 2O 1G 1O 2P"
    seed: int = 1
    """The seed of the last hand dealt (**Deal me a hand** deals with the next one)."""
    max_draw: int = MAX_DISCARD
    selected: tuple[int, ...] = ()
    """The cards to throw away (none: stand pat)."""

    def __post_init__(self) -> None:
        evaluate(parse(self.hand))  # six Pyramid cards, or a reason
        hint = msg("Click cards to choose a discard (0-{most} cards).", most=self.max_draw)
        object.__setattr__(self, "said", Said(hint, "info"))  # the status line always says it

    def controls(self) -> tuple[Control, ...]:
        return (
            Control("advisor-hand", msg("Your hand"), kind="text", value=self.hand),
            Control("deal-hand", msg("Deal me a hand")),
            Control("best-discard", msg("Select the best discard")),
        )

    def _act(self, key: str, value: Any) -> ExchangeAdvisor:
        if key == "advisor-hand":
            return replace(self, hand=value, selected=())
        if key == "deal-hand":
            seed = self.seed + 1
            cards = random.Random(f"advisor:{seed}").sample(PYRAMID.cards(), 6)
            hand = PYRAMID.format(sorted(cards, key=lambda c: -PYRAMID.strength(c)))
            return replace(self, hand=hand, seed=seed, selected=())
        return self.select(self.best)

    @property
    def best(self) -> tuple[int, ...]:
        """The AI's discard (the first of the advice): the indices of its cards in the hand."""
        wanted = list(advice(self.hand, self.max_draw)[0].discard)
        picks = []
        for i, card in enumerate(parse(self.hand)):
            if card.code in wanted:
                wanted.remove(card.code)
                picks.append(i)
        return tuple(picks)

    def select(self, selected: tuple[int, ...]) -> ExchangeAdvisor:
        if len(selected) > self.max_draw:
            raise ValueError(
                msgn(
                    "You may discard at most {count} card under these rules: unselect one.",
                    "You may discard at most {count} cards under these rules: unselect one.",
                    self.max_draw,
                )
            )
        return replace(self, selected=selected)

    def with_rules(self, options: Mapping[str, Any]) -> ExchangeAdvisor:
        """Count the exchanges the page's rules allow; the selection is cleared when they
        change (it may hold more cards than they allow now)."""
        most = options["max_draw"]
        return self if most == self.max_draw else replace(self, max_draw=most, selected=())

    def blocks(self, theme: str) -> tuple[Block, ...]:
        cards = parse(self.hand)
        out = outcome(self.hand, self.selected)
        rows = [OddsRow(str(cls.name), exact=p) for cls, p in reversed(out.distribution.items())]
        title = str(msg("After this exchange"))
        heading = html.escape(str(msg("Every discard, best first")))
        return (
            Markup(rules_note("pyramid", {"max_draw": self.max_draw}, ("max_draw",))),
            Picture(
                hand_row(cards, self.selected, theme),
                _hand_words(cards, self.selected),
                cards=tuple(c.code for c in cards),
                selected=self.selected,
            ),
            Markup(f"<p>{_summary(cards, self.selected, out)}</p>"),
            Markup(odds_table_html(rows, title)),
            Markup(odds_chart(rows, title, theme).svg(), name="chart", max_width="560px"),
            Markup(f"<b>{heading}</b>" + advice_html(advice(self.hand, self.max_draw))),
        )


def _hand_words(cards: tuple[Card, ...], selected: tuple[int, ...]) -> Message:
    """The hand's name, its cards and the selected ones (the picture's accessible name)."""
    shown = joined(c.code for c in cards)
    if not selected:
        return msg("{name}: {cards}; selected: none", name=DISCARD_HAND, cards=shown)
    chosen = joined(cards[i].code for i in selected)
    return msg("{name}: {cards}; selected: {chosen}", name=DISCARD_HAND, cards=shown, chosen=chosen)


def _summary(cards: tuple[Card, ...], selected: tuple[int, ...], out: ExchangeOutcome) -> Message:
    """What the chosen discard gives, in a sentence: better, worse, any pyramid."""
    now = evaluate(cards)
    odds = {
        "hand": html.escape(str(now.description)),
        "count": num(out.draws),
        "better": pct(out.p_better),
        "worse": pct(out.p_worse),
        "pyramid": pct(out.p_pyramid),
    }
    if selected:
        return msgn(
            "Now: <b>{hand}</b>. If you <b>discard {cards}</b>, the {count} possible draw "
            "gives a <b>better pyramid</b> {better} of the time, a worse hand {worse}, and "
            "some pyramid {pyramid}.",
            "Now: <b>{hand}</b>. If you <b>discard {cards}</b>, the {count} possible draws "
            "give a <b>better pyramid</b> {better} of the time, a worse hand {worse}, and "
            "some pyramid {pyramid}.",
            out.draws,
            cards=PYRAMID.format([cards[i] for i in selected]),
            **odds,
        )
    return msgn(
        "Now: <b>{hand}</b>. If you <b>stand pat</b>, the {count} possible draw gives a "
        "<b>better pyramid</b> {better} of the time, a worse hand {worse}, and some "
        "pyramid {pyramid}.",
        "Now: <b>{hand}</b>. If you <b>stand pat</b>, the {count} possible draws give a "
        "<b>better pyramid</b> {better} of the time, a worse hand {worse}, and some "
        "pyramid {pyramid}.",
        out.draws,
        **odds,
    )
