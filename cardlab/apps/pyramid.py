"""The Pyramid lesson: the hexagonal deck, the hand ladder, exact odds, the exchange advisor on
the learner's own hand, a seeded hand stepped through, a "which hand wins?" quiz, and a table.

Every figure comes from `cardlab.games.pyramid` (the evaluator, the exact tables of `odds`, the
engine) and every AI move from `PokerBot` with its reason; this module only wires them to
widgets.  The table to play is `cardlab.apps.pyramid_play` (re-exported here), the pictures are
`cardlab.apps.pyramid_draw`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import BotGameStepper, ThemePicker
from cardlab.apps.pyramid_draw import (
    HEIGHT,
    LADDER,
    WIDTH,
    arrangement_picture,
    ladder_picture,
    shapes_picture,
    showdown_picture,
    table_picture,
)
from cardlab.apps.pyramid_play import PyramidPlay, advice_table_html, pct
from cardlab.core.bots import Bot
from cardlab.core.cards import PYRAMID
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.pyramid import CLASSES, GAME, evaluate, parse
from cardlab.games.pyramid.odds import (
    N_DEALS,
    best_exchanges,
    counting_arguments,
    exact_table,
    exchange_distribution,
    key_percentile,
)
from cardlab.render import Text, deck_sheet, get_theme, row
from cardlab.render.ops import Drawing
from cardlab.widgets import CanvasView, HandView, OddsPanel, StatusLine
from cardlab.widgets.guard import guarded
from cardlab.widgets.panels import format_fraction
from cardlab.widgets.quiz import Quiz

__all__ = [
    "ExchangeAdvisor",
    "HandLadder",
    "HandStepper",
    "OddsTable",
    "PyramidComponents",
    "PyramidPlay",
    "ShowdownQuiz",
    "ThemePicker",
    "bot_hand",
    "ladder_table_html",
    "quiz_deal",
]


# -- 1. the deck ------------------------------------------------------------------------------
LEVELS_HTML = """
<table class='cardlab-levels'><thead><tr><th>level</th><th>face</th><th>corner index</th>
<th>cards per colour</th><th>in the deck</th></tr></thead><tbody>
<tr><td>3</td><td>plain white</td><td>3 small triangles</td><td>9</td><td>27</td></tr>
<tr><td>2</td><td>outline triangle</td><td>2 small triangles</td><td>6</td><td>18</td></tr>
<tr><td>1</td><td>solid triangle</td><td>1 big triangle</td><td>3</td><td>9</td></tr>
<tr><td>Keystone <code>K</code></td><td>black level-1 card, "WILD"</td><td>1 big triangle</td>
<td>&mdash;</td><td>1</td></tr></tbody></table>
<p>Three colours, strongest first: <b>Purple (P) &gt; Green (G) &gt; Orange (O)</b>. A card is
written level then colour: <code>3P</code> is a level-3 Purple. Cards with the same level and
colour are identical, so the 55 cards come in only ten kinds. The <b>Keystone</b> is wild: it
stands for any one card, level and colour, that you choose.</p>
"""


class PyramidComponents:
    """The 55 hexagonal cards (every kind once, with its count) and the three pyramid shapes."""

    def __init__(self, picker: ThemePicker) -> None:
        self.picker = picker
        self.status = StatusLine()
        self.deck = CanvasView(10, 10, status=self.status)
        self.shapes = CanvasView(10, 10, status=self.status)
        self.levels = widgets.HTML(LEVELS_HTML)
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox(
            [
                self.deck.widget,
                self.levels,
                widgets.HTML("<b>The three pyramids</b> (rows top to bottom):"),
                self.shapes.widget,
                self.status.widget,
            ]
        )
        self.redraw()

    def redraw(self) -> None:
        theme = self.picker.theme
        self.deck.draw(deck_sheet("pyramid", theme, card_w=80))
        self.shapes.draw(shapes_picture(theme))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- 2. the ladder ----------------------------------------------------------------------------
def ladder_table_html() -> str:
    """The 19 classes of hand from the top down, with the rule that orders each group."""
    rows = []
    for k, cls in enumerate(reversed(CLASSES), start=1):
        key = ", ".join(str(x) for x in (cls.type_rank, cls.perfect, cls.apex, cls.colour_term))
        rows.append(
            f"<tr><td>{k}</td><td>{html.escape(cls.name)}</td><td><code>({key}, …)</code></td></tr>"
        )
    return (
        "<table class='cardlab-ladder'><thead><tr><th>#</th><th>class (best first)</th>"
        "<th>key starts</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<p><small>Keys are compared left to right: type (full 3, middle 2, small 1, none 0), "
        "perfect, Keystone apex, colour (Orange 1, Green 2, Purple 3, Keystone as level-1 4); "
        "then the unused cards, strongest first.</small></p>"
    )


class HandLadder:
    """The spec's worked examples drawn strongest first, and any hand the learner types."""

    def __init__(self, picker: ThemePicker, hand: str = "3P 3G 2O 1G 2P K") -> None:
        self.picker = picker
        self.status = StatusLine()
        self.ladder = CanvasView(10, 10, status=self.status)
        self.text = widgets.Text(value=hand, description="Your hand", continuous_update=False)
        self.text.add_class("cardlab-hand-text")
        self.mine = CanvasView(10, 10, status=self.status)
        self.table = widgets.HTML(ladder_table_html())
        self.text.observe(guarded(self.status, lambda _: self.show_hand()), names="value")
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox(
            [
                self.ladder.widget,
                widgets.HTML(
                    "<p><b>Try it:</b> type six cards (e.g. <code>3P 3G 2O 1G 2P K</code>) and "
                    "press Enter: the engine finds the best arrangement.</p>"
                ),
                self.text,
                self.mine.widget,
                self.status.widget,
                self.table,
            ]
        )
        self.redraw()

    def show_hand(self, text: str | None = None) -> None:
        if text is not None:
            self.text.value = text
            return
        value = evaluate(parse(self.text.value))
        share = key_percentile(value.key)
        self.mine.draw(arrangement_picture(value, "Your hand, arranged", self.picker.theme))
        self.status.ok(f"{value.description}. It beats {pct(share)} of all 6-card hands.")

    def redraw(self) -> None:
        self.ladder.draw(ladder_picture(LADDER, self.picker.theme))
        self.show_hand()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- 3. the exact odds ------------------------------------------------------------------------
class OddsTable:
    """The exact distribution of the best hand over all C(55, 6) deals, counting arguments a
    student can check by hand (each equal to the table's count), and a plot."""

    def __init__(self, plot: bool = True) -> None:
        table = exact_table()
        self.table = table
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
        self.classes = widgets.HTML(
            "<table class='cardlab-exact-table'><thead><tr><th>best hand</th><th>deals</th>"
            "<th>probability</th><th>percent</th></tr></thead>"
            f"<tbody>{''.join(rows)}{total}</tbody></table>"
            f"<p><small>Counted exactly by card kinds: {table.multisets:,} kind multisets, each "
            "weighted by the number of deals that give it.</small></p>"
        )
        args = []
        for a in counting_arguments():
            counted = sum(table.count(c) for c in a.classes)
            check = "✔ equals the table" if counted == a.value else f"✘ table says {counted:,}"
            args.append(
                f"<li><b>{html.escape(a.what)}</b>: {html.escape(a.reasoning)}<br>"
                f"<code>{html.escape(a.formula)} = {a.value:,}</code>, so P = {a.value:,} / "
                f"{N_DEALS:,} = {format_fraction(a.probability)} ({check})</li>"
            )
        self.arguments = widgets.HTML(
            f"<div class='cardlab-counting'><ul>{''.join(args)}</ul></div>"
        )
        groups = table.by_type_and_perfect()
        names = {"T3": "Small (2-1)", "T2": "Middle (3-2)", "T1": "Full (3-2-1)"}
        plot_rows = [("No pyramid", table.p_no_pyramid)]
        for t in ("T3", "T2", "T1"):
            for perfect in (False, True):
                label = f"{names[t]}, {'perfect' if perfect else 'not perfect'}"
                plot_rows.append((label, Fraction(groups[t, perfect], N_DEALS)))
        self.panel = OddsPanel(plot_rows, title="P(best hand of a deal)", plot=plot)
        self.widget = widgets.VBox([self.classes, self.arguments, self.panel.widget])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- 4. the exchange advisor ------------------------------------------------------------------
def hand_row(cards, selected, theme: str, card_w: float = 70.0) -> Drawing:
    """A hand of hexagons in a row on felt; selected cards (the discard) are lifted."""
    t = get_theme(theme)
    h = card_w / (3**0.5 / 2)
    ops = row(cards, 14, 14 + 0.15 * h, card_w, round(h, 1), 8, t, selected, deck="pyramid")
    width = 28 + len(cards) * (card_w + 8) - 8
    return Drawing(max(width, 200), 28 + 1.15 * h, tuple(ops), background=t.felt)


class ExchangeAdvisor:
    """The learner's own hand: the exact result of every discard, and the chosen one's odds.

    Type a hand (or deal one), click cards to choose a discard: the distribution of the hand
    after the exchange is counted exactly over every draw from the 49 unseen cards.
    """

    def __init__(self, picker: ThemePicker, hand: str = "3P 3G 2O 1G 1O 2P", seed: int = 1):
        self.picker = picker
        self.seed = seed
        self.status = StatusLine()
        self.text = widgets.Text(value=hand, description="Your hand", continuous_update=False)
        self.text.add_class("cardlab-advisor-hand")
        self.deal_button = widgets.Button(description="Deal me a hand", icon="random")
        self.deal_button.add_class("cardlab-deal-hand")
        self.best_button = widgets.Button(description="Select the best discard")
        self.best_button.add_class("cardlab-best-discard")
        self.hand = HandView(render=self._render, status=self.status)
        self.summary = widgets.HTML()
        self.advice = widgets.HTML()
        self.panel = OddsPanel(title="After this exchange", plot=True)
        self.text.observe(guarded(self.status, lambda _: self.load()), names="value")
        self.deal_button.on_click(guarded(self.status, lambda _: self.deal()))
        self.best_button.on_click(guarded(self.status, lambda _: self.select_best()))
        self.hand.on_selection_change(lambda _: self.show())
        picker.subscribe(
            guarded(self.status, lambda _: self.hand.set_cards(self.hand.cards, self.hand.selected))
        )
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.text, self.deal_button, self.best_button]),
                self.hand.widget,
                self.status.widget,
                self.summary,
                self.panel.widget,
                self.advice,
            ]
        )
        self.load()

    def _render(self, cards, selected) -> Drawing:
        return hand_row(cards, selected, self.picker.theme)

    def load(self) -> None:
        cards = parse(self.text.value)
        evaluate(cards)  # six Pyramid cards, or a reason
        self.hand.set_cards(cards)
        self.advice.value = "<b>Every discard, best first</b>" + advice_table_html(cards, None, 4)
        self.show()

    def deal(self) -> None:
        self.seed += 1
        cards = random.Random(f"advisor:{self.seed}").sample(PYRAMID.cards(), 6)
        self.text.value = PYRAMID.format(sorted(cards, key=lambda c: -PYRAMID.strength(c)))

    def select_best(self) -> None:
        best = best_exchanges(self.hand.cards, None, 4, lambda o: o.p_better - o.p_worse)[0]
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
        if len(discard) > 4:
            self.status.error("You may discard at most 4 cards: unselect one.")
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
        self.status.info("Click cards to choose a discard (0-4 cards).")

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- 5. a hand stepped through ----------------------------------------------------------------
def default_bots(players: int = 3) -> dict[int, Bot]:
    return {
        s: PokerBot(seed=f"lesson/{s}", goal="improve", trials=150, bluff=0.05, game=GAME)
        for s in range(players)
    }


def bot_hand(
    seed: int = 4, players: int = 3, exchange_rounds: int = 1
) -> tuple[Replay, dict[int, tuple[int, str]]]:
    """One seeded hand of AI players from the first card dealt to the showdown, with reasons."""
    reasons: dict[int, tuple[int, str]] = {}
    replay = Replay.start(GAME, seed, players=players, exchange_rounds=exchange_rounds, hands=1)
    replay = replay.play_out(default_bots(players), reasons=reasons)
    return replay, reasons


def showdown_seed(start: int = 4, players: int = 3) -> int:
    """The first seed from ``start`` whose bots' hand reaches a showdown of two or more hands."""
    for seed in range(start, start + 50):
        replay, _ = bot_hand(seed, players)
        if len(replay.state.results[-1].shown) >= 2:
            return seed
    return start


class HandStepper(BotGameStepper):
    """A seeded hand of three AI, one step at a time: every bet and exchange narrated with the
    AI's reason, the table through the chosen eyes, and the showdown as pyramids."""

    start_text = "The 55 cards are shuffled; press Forward or Play."
    bot_label = " (AI)"

    def __init__(self, picker: ThemePicker, seed: int = 4) -> None:
        replay, reasons = bot_hand(seed)
        self.showdown = CanvasView(880, 60)
        super().__init__(
            picker,
            replay,
            reasons,
            size=(WIDTH, HEIGHT),
            mirror_label="The table in words",
            extra=[self.showdown.widget],
            open_at=min(reasons, default=0),  # the first bet, so there is something to read
        )

    def _show(self, step: int, state, event: Any) -> None:
        theme = self.picker.theme
        view = self.view_of(state)
        banner = f"Through {self.eyes_words}"
        self.view.draw(table_picture(view, you=self.viewer, banner=banner, theme=theme))
        self.show_why(step)
        result = state.results[-1] if state.phase == "done" and state.results else None
        self.showdown.draw(showdown_picture(result, theme))
        hands = []
        for s, hand in enumerate(view.hands):
            if None in hand:
                hands.append(f"{seat_name(s)}: {len(hand)} cards, hidden")
            else:
                best = f" ({evaluate(hand).description})" if len(hand) == 6 else ""
                hands.append(f"{seat_name(s)}: {PYRAMID.format(hand)}{best}")
        table = f"pot {view.pot}; stock {view.stock_size} cards"
        self.show_mirror(step, state, hands=hands, table=table)


# -- 6. the quiz ------------------------------------------------------------------------------
def quiz_deal(seed: int, players: int = 3) -> Replay:
    """A showdown dealt by the engine: ``players`` hands, no betting, everyone stands pat.

    Deals where the best two hands are of the same type are preferred (they make the learner
    read the key past the first number), but about one question in four takes any deal.
    """
    rng = random.Random(f"quiz:{seed}")
    for k in range(40):
        replay = Replay.start(
            GAME, seed * 100 + k, players=players, betting=False, hands=1
        ).play_out({s: CallBot() for s in range(players)})
        keys = sorted((evaluate(h).key for h in replay.state.hands), reverse=True)
        if keys[0][0] == keys[1][0] or rng.random() < 0.25:
            return replay
    return replay


class ShowdownQuiz(Quiz):
    """ "Which hand wins?" on showdowns dealt by the engine; the answer shows the pyramids."""

    def __init__(self, picker: ThemePicker, seed: int = 1, players: int = 3) -> None:
        self.picker = picker
        self.players = players
        self.revealed = False
        super().__init__(picker, seed, size=(WIDTH, 300))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        self.replay = quiz_deal(seed, self.players)
        self.result = self.replay.state.results[-1]
        self.revealed = False
        prompt = (
            "<p>Each player shows six cards. <b>Which hand wins?</b> Find each player's best "
            "pyramid first (the Keystone <code>K</code> is wild).</p>"
        )
        options = [(seat_name(s), str(s)) for s in range(self.players)]
        return prompt, [*options, ("They tie", "tie")]

    def redraw(self) -> None:
        theme = self.picker.theme
        if self.revealed:
            self.view.draw(showdown_picture(self.result, theme))
            return
        t = get_theme(theme)
        ops: list = []
        w = 58.0
        h = round(w / (3**0.5 / 2), 1)
        for s, hand in enumerate(self.replay.state.hands):
            y = 16 + s * (h + 24)
            ops += [
                *row(hand, 130, y, w, h, 6, t, deck="pyramid", target=f"seat:{s}"),
            ]
            ops.append(
                Text(20, y + h / 2, seat_name(s), 15 * t.font_scale, t.felt_text, "left", bold=True)
            )
        height = 16 + self.players * (h + 24)
        self.view.draw(Drawing(WIDTH, height, tuple(ops), background=t.felt))

    def mark(self, value: str) -> tuple[bool, str]:
        winners = self.result.winners
        right = (value == "tie") == (len(winners) > 1) and (value == "tie" or int(value) in winners)
        self.revealed = True
        self.redraw()
        if len(winners) > 1:
            answer = f"{' and '.join(seat_name(s) for s in winners)} tie"
        else:
            answer = f"{seat_name(winners[0])} wins"
        values = sorted(
            ((evaluate(h), s) for s, h in enumerate(self.replay.state.hands)),
            key=lambda vs: vs[0].key,
            reverse=True,
        )
        items = "".join(
            f"<li>{seat_name(s)}: {html.escape(v.description)} <code>key {v.key}</code></li>"
            for v, s in values
        )
        verdict = "<b>✔ Right!</b>" if right else "<b>✘ Not this time.</b>"
        return right, (
            f"<div>{verdict} {answer}. Best first:<ul>{items}</ul>"
            "<small>Keys compare left to right: type, perfect, apex, colour, then the unused "
            "cards.</small></div>"
        )
