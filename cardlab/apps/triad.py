"""The Triad lesson: the deck and its frame lines, the ladder of hands, the exact odds with and
without wild jokers, the exchange advisor on the learner's own hand, a seeded hand stepped
through, a "which hand wins?" quiz and (in `cardlab.apps.triad_play`) a table against 1-3 AI.

Every figure comes from `cardlab.games.triad` and `cardlab.games.poker.tables`, every move of
the AI from its `PokerBot`; this module only wires them to widgets.  Pictures are in
`cardlab.apps.triad_draw`, the widget-free tables and quiz questions in
`cardlab.apps.triad_lesson`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import BotGameStepper, ThemePicker
from cardlab.apps.triad_draw import (
    HEIGHT,
    WIDTH,
    frame_lines_picture,
    hand_ladder,
    hand_row,
    table_picture,
)
from cardlab.apps.triad_lesson import (
    Showdown,
    counting_html,
    showdown_question,
    tables_html,
    tables_plot_png,
    why_wins,
    wild_why_html,
)
from cardlab.apps.triad_play import TriadPlay
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.poker import tables
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.poker.ranking import TRIAD_NAMES
from cardlab.games.triad import DECK, GAME, evaluate, parse
from cardlab.games.triad.game import deck as triad_deck
from cardlab.render import Drawing, Rect, Text, deck_sheet
from cardlab.widgets import CanvasView, HandView, OddsPanel, StatusLine
from cardlab.widgets.guard import guarded
from cardlab.widgets.panels import format_fraction
from cardlab.widgets.quiz import Quiz

__all__ = [
    "ExchangeAdvisor",
    "HandLadder",
    "HandStepper",
    "OddsTables",
    "ThemePicker",
    "TriadComponents",
    "TriadPlay",
    "WhichHandWins",
    "bot_hand",
]


def _codes(cards: Sequence[Any]) -> str:
    return " ".join(c.code for c in cards)


class TriadComponents:
    """The 54 cards (jokers last) and a close-up of the four suits' frame lines."""

    def __init__(self, picker: ThemePicker) -> None:
        self.picker = picker
        self.status = StatusLine()
        self.sheet = CanvasView(10, 10, status=self.status)
        self.frames = CanvasView(10, 10, status=self.status)
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox([self.frames.widget, self.sheet.widget, self.status.widget])
        self.redraw()

    def redraw(self) -> None:
        theme = self.picker.theme
        self.frames.draw(frame_lines_picture(theme))
        self.sheet.draw(deck_sheet("triad", theme, card_w=56))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class HandLadder:
    """The ten hands best first, each with an example and its exact count; a toggle puts the
    jokers in (Five Up appears, the counts change)."""

    def __init__(self, picker: ThemePicker) -> None:
        self.picker = picker
        self.status = StatusLine()
        self.jokers = widgets.ToggleButtons(
            options=[("Jokers out (52 cards)", "out"), ("Jokers wild (54 cards)", "wild")],
            value="out",
            style={"button_width": "auto"},
        )
        self.view = CanvasView(10, 10, status=self.status)
        self.jokers.observe(guarded(self.status, lambda _: self.redraw()), names="value")
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox([self.jokers, self.view.widget, self.status.widget])
        self.redraw()

    def redraw(self) -> None:
        mode = self.jokers.value
        counts = tables.category_table(mode)
        self.view.draw(hand_ladder(counts, mode, self.picker.theme))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class OddsTables:
    """The exact tables (jokers out and wild, side by side), a plot, the counting argument for a
    few rows and why wild jokers break the link between rank and rarity."""

    def __init__(self) -> None:
        self.plain = tables.category_table("out")
        self.wild = tables.category_table("wild")
        self.counting = widgets.HTML(counting_html())
        self.table = widgets.HTML(tables_html(self.plain, self.wild))
        self.plot = widgets.Image(
            value=tables_plot_png(self.plain, self.wild),
            format="png",
            layout=widgets.Layout(max_width="640px"),
        )
        self.why = widgets.HTML(wild_why_html(self.wild))
        self.table.add_class("cardlab-triad-tables")
        self.widget = widgets.VBox([self.counting, self.table, self.plot, self.why])

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- the exchange advisor --------------------------------------------------------------------------
def _improve(dist: dict[str, Any], now: int) -> Any:
    from cardlab.games.poker.ranking import CATEGORY_INDEX

    return sum(p for c, p in dist.items() if CATEGORY_INDEX[c] > now)


class ExchangeAdvisor:
    """The learner's own hand: every discard of up to 3 cards with the exact distribution of the
    final hand over every possible draw, ranked by expected showdown strength.  Click cards (or
    their buttons) to see the distribution of that discard; type a hand or deal a new one."""

    def __init__(
        self, picker: ThemePicker, hand: str = "Kb Kg 7r 5k 2b", seed: int = 1, max_draw: int = 3
    ) -> None:
        self.picker = picker
        self.seed = seed
        self.max_draw = max_draw
        self.status = StatusLine()
        self.text = widgets.Text(value=hand, description="Your hand", placeholder="Ab Tg 7r 2k 5b")
        self.use_button = widgets.Button(description="Use this hand")
        self.deal_button = widgets.Button(description="Deal me a hand", icon="random")
        self.jokers = widgets.ToggleButtons(
            options=[("Jokers out", "out"), ("Jokers wild", "wild")],
            value="out",
            style={"button_width": "auto"},
        )
        self.hand = HandView(render=self._render, status=self.status)
        self.summary = widgets.HTML()
        self.ranking = widgets.HTML()
        self.panel = OddsPanel(title="", plot=True)
        for w, css in ((self.use_button, "cardlab-use-hand"), (self.deal_button, "cardlab-deal"),
                       (self.ranking, "cardlab-discards")):  # fmt: skip
            w.add_class(css)
        guard = lambda f: guarded(self.status, f)  # noqa: E731
        self.use_button.on_click(guard(lambda _: self.use_text()))
        self.deal_button.on_click(guard(lambda _: self.deal()))
        self.jokers.observe(guard(lambda _: self.use_text()), names="value")
        self.hand.on_selection_change(guard(lambda _: self._show_selected()))
        picker.subscribe(guard(lambda _: self.hand.set_cards(self.hand.cards, self.hand.selected)))
        self.results: list[tuple[tuple, dict, float]] = []
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.text, self.use_button, self.deal_button]),
                self.jokers,
                self.hand.widget,
                self.status.widget,
                self.summary,
                self.panel.widget,
                self.ranking,
            ]
        )
        self.use_text()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _render(self, cards, selected) -> Drawing:
        label = "Click the cards you would throw away (up to 3)"
        return hand_row(cards, self.picker.theme, 64.0, selected, label)

    @property
    def mode(self) -> str:
        return self.jokers.value

    def use_text(self) -> None:
        cards = parse(self.text.value)
        self.set_hand(cards)

    def deal(self) -> None:
        """Deal a fresh hand from a shuffled deck (the next seed)."""
        self.seed += 1
        cards = list(triad_deck({"jokers": self.mode}))
        random.Random(f"advisor:{self.seed}").shuffle(cards)
        self.text.value = _codes(cards[:5])
        self.set_hand(cards[:5])

    def set_hand(self, cards: Sequence[Any]) -> None:
        value = evaluate(cards, self.mode)  # refuses a wrong count, a joker when out, a repeat
        cards = tuple(sorted(cards, key=lambda c: (-DECK.strength(c), c.code)))
        unseen = [c for c in triad_deck({"jokers": self.mode}) if c not in cards]
        self.results = tables.best_discards(
            cards, unseen, self.max_draw, jokers=self.mode, objective="expected"
        )
        self.value, self.unseen = value, unseen
        best = self.results[0][0]
        self.hand.set_cards(cards, [cards.index(c) for c in best])
        self.ranking.value = self._ranking_html()
        self.status.ok(f"You hold {value.name}. The best discard is selected.")
        self._show_selected()

    def _lookup(self, discard: tuple) -> tuple[tuple, dict, float]:
        key = sorted(c.code for c in discard)
        return next(r for r in self.results if sorted(c.code for c in r[0]) == key)

    def _show_selected(self) -> None:
        discard = self.hand.selected_cards
        if len(discard) > self.max_draw:
            self.status.error(f"You may discard at most {self.max_draw} cards in Triad.")
            return
        cards, dist, score = self._lookup(tuple(discard))
        k = len(cards)
        draws = len(self.unseen) if k else 1
        from math import comb

        draws = comb(len(self.unseen), k)
        place = next(i for i, r in enumerate(self.results) if r[0] == cards) + 1
        what = f"discard {_codes(cards)}" if cards else "stand pat"
        better = _improve(dist, self.value.index)
        self.summary.value = (
            f"<p>You hold <b>{html.escape(self.value.name)}</b>. If you <b>{what}</b>, every one "
            f"of the {draws:,} possible draws of {k} from the {len(self.unseen)} unseen cards is "
            f"equally likely. Counting them all: you improve with probability "
            f"<b>{format_fraction(better)}</b> ({float(better):.1%}), and the final hand beats "
            f"<b>{score:.1%}</b> of random hands on average (its expected strength). This "
            f"discard ranks <b>{place}</b> of {len(self.results)}.</p>"
        )
        rows = [(TRIAD_NAMES[c], p) for c, p in list(dist.items())[::-1] if p]
        self.panel.title = "Your final hand"
        self.panel.set_rows(rows)

    def _ranking_html(self, top: int = 8) -> str:
        rows = []
        for i, (cards, dist, score) in enumerate(self.results[:top]):
            better = _improve(dist, self.value.index)
            likely = max(dist.items(), key=lambda kv: kv[1])
            what = _codes(cards) if cards else "(stand pat)"
            style = " style='font-weight:bold;background:#fff7d6'" if i == 0 else ""
            rows.append(
                f"<tr{style}><td>{i + 1}</td><td>{what}</td><td>{score:.1%}</td>"
                f"<td>{float(better):.1%}</td><td>{TRIAD_NAMES[likely[0]]} "
                f"({float(likely[1]):.0%})</td></tr>"
            )
        return (
            "<table class='cardlab-discards' style='border-collapse:collapse'><caption "
            f"style='text-align:left'>The best {top} of {len(self.results)} discards</caption>"
            "<thead><tr><th>#</th><th>Discard</th><th>Expected strength</th>"
            "<th>P(improve)</th><th>Most likely result</th></tr></thead>"
            f"<tbody>{''.join(rows)}</tbody></table><p><small>Expected strength: the chance "
            "that the final hand beats one random five-card hand, averaged over every draw. "
            "The AI uses the same count to choose its discards.</small></p>"
        )


# -- a hand of bots, stepped through ---------------------------------------------------------------
def default_bots() -> dict[int, Bot]:
    """Four players of different temperaments: two careful, one bluffer, one calling station."""
    return {
        0: PokerBot(seed="step/0", bluff=0.02),
        1: PokerBot(seed="step/1", bluff=0.25, aggression=1.1),
        2: PokerBot(seed="step/2", bluff=0.0, aggression=1.6),
        3: CallBot(),
    }


def bot_hand(
    seed: int = 6, bots: dict[int, Bot] | None = None, **options: Any
) -> tuple[Replay, dict[int, tuple[int, str]]]:
    """One seeded hand of four bots, to the showdown; ``{step: (seat, reason)}`` for each
    decision."""
    bots = bots if bots is not None else default_bots()
    reasons: dict[int, tuple[int, str]] = {}
    opts = {"players": len(bots), "hands": 1, **options}
    replay = Replay.start(GAME, seed, **opts).play_out(bots, reasons=reasons)
    return replay, reasons


class HandStepper(BotGameStepper):
    """A seeded hand of four bots, one step at a time: every bet and exchange narrated, with the
    bot's one-sentence reason."""

    start_text = "The 52 cards are shuffled and the antes are in; press Forward or Play."
    chance_text = "Chance: the seeded shuffle decided this card."

    def __init__(self, picker: ThemePicker, seed: int = 6) -> None:
        replay, reasons = bot_hand(seed)
        first = next((i for i in range(len(replay) + 1) if replay.state_at(i).phase == "bet1"), 0)
        super().__init__(
            picker,
            replay,
            reasons,
            size=(WIDTH, HEIGHT),
            mirror_label="The bots' table in words",
            open_at=first,
        )

    def _show(self, step: int, state: Any, event: Any) -> None:
        view = self.view_of(state)
        banner = f"Through {self.eyes_words}"
        self.view.draw(table_picture(view, you=self.viewer, banner=banner, theme=self.picker.theme))
        self.show_why(step)
        hands = []
        for s, hand in enumerate(view.hands):
            shown = _codes(hand) if hand and hand[0] is not None else f"{len(hand)} cards, hidden"
            hands.append(f"{seat_name(s)} ({view.stacks[s]} chips): {shown}")
        self.show_mirror(step, state, hands=hands, table=f"pot {view.pot}, {view.phase}")


# -- the quiz -------------------------------------------------------------------------------------
def showdown_picture(q: Showdown, theme: str, card_w: float = 58.0) -> Drawing:
    """The quiz hands, one row each, labelled Player 1, 2, (3)."""
    from cardlab.render import card_size, get_theme, row

    t = get_theme(theme)
    h = card_size("triad", card_w)[1]
    row_h = h + 18
    width = 130 + 5 * card_w + 4 * 8 + 20
    height = 12 + row_h * len(q.hands)
    ops: list = [Rect(0, 0, width, height, fill=t.felt)]
    for i, hand in enumerate(q.hands):
        y = 12 + i * row_h
        ops.append(Text(16, y + h / 2, f"Player {i + 1}", 14.0 * t.font_scale, t.felt_text,
                        "left", bold=True))  # fmt: skip
        ops += row(list(hand), 130, y, card_w, h, 8.0, t, deck="triad", target=f"hand:{i}")
    return Drawing(width, height, tuple(ops), background=t.felt)


class WhichHandWins(Quiz):
    """ "Which hand wins?" on showdowns dealt by the engine, with the reason."""

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        self.picker = picker
        super().__init__(CanvasView(10, 10), seed)
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        q = self.q = showdown_question(seed)
        n = len(q.hands)
        prompt = (
            f"<p>{n} players show their hands. <b>Which hand wins the pot?</b> "
            "(Suits never break ties: if the best hands are equal, they split the pot.)</p>"
        )
        options = [(f"Player {i + 1}", str(i)) for i in range(n)]
        options.append(("A tie: they split the pot", "tie"))
        return prompt, options

    def redraw(self) -> None:
        self.view.draw(showdown_picture(self.q, self.picker.theme))

    def mark(self, value: str) -> tuple[bool, str]:
        q = self.q
        right = value == q.answer
        order = sorted(range(len(q.values)), key=lambda i: q.values[i], reverse=True)
        a, b = q.values[order[0]], q.values[order[1]]
        if q.answer == "tie":
            verdict = "It is a tie: the best hands are equal and split the pot."
        else:
            verdict = f"Player {int(q.answer) + 1} wins with {a.name}."
        items = "".join(
            f"<li>Player {i + 1}: {_codes(h)} = <b>{html.escape(v.name)}</b></li>"
            for i, (h, v) in enumerate(zip(q.hands, q.values, strict=True))
        )
        head = "<b>\u2714 Right!</b>" if right else "<b>\u2718 Not quite.</b>"
        return right, (
            f"<div>{head} {html.escape(verdict)}<ul>{items}</ul>"
            f"<p>{html.escape(why_wins(a, b))}</p></div>"
        )
