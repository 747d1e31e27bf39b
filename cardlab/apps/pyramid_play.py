"""The Pyramid table: the learner (Player 1, at the bottom) against 1-3 AI, with chips.

Everything comes from the engine (`cardlab.games.pyramid`, the shared draw-poker game) and the
AI's `PokerBot` decisions with their reasons.  The learner bets with the buttons, clicks cards
(or the card buttons) to choose a discard in the exchange, and reads the showdown as pyramids of
hexagons.  A finished hand stays on the table until "Next hand"; the score sheet keeps every
hand's chips with its arithmetic.  Every handler is guarded: an illegal move shows the engine's
reason on the status line and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, Entry, LearnerTable, ThemePicker
from cardlab.apps.pyramid_draw import HEIGHT, WIDTH, showdown_picture, stage_words, table_picture
from cardlab.core.bots import Bot
from cardlab.core.engine import TERMINAL, seat_name
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import HandResult
from cardlab.games.pyramid import GAME, evaluate
from cardlab.games.pyramid.odds import best_exchanges, key_percentile
from cardlab.widgets import CanvasView, HandView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded

PLAY_SEED = 2
BET_ACTIONS = ("fold", "check", "call", "bet", "raise")


def default_bots(players: int, seed: int = 0) -> dict[int, Bot]:
    """One `PokerBot` per AI seat: bets from equity, exact exchange advice, a little bluffing."""
    return {
        s: PokerBot(seed=f"{seed}/{s}", goal="improve", trials=150, bluff=0.05, game=GAME)
        for s in range(1, players)
    }


def player(seat: int) -> str:
    return "you (Player 1)" if seat == LEARNER else seat_name(seat)


def pct(x: Any) -> str:
    return f"{100 * float(x):.0f}%"


def advice_table_html(hand, unseen, max_draw: int, top: int = 6) -> str:
    """The exact exchange advice for a hand: the best discards with their odds (counted)."""
    outcomes = best_exchanges(hand, unseen, max_draw, lambda o: o.p_better - o.p_worse)
    rows = []
    for k, o in enumerate(outcomes[:top]):
        style = " style='font-weight:bold;background:#fff7d6'" if k == 0 else ""
        rows.append(
            f"<tr{style}><th scope='row' style='text-align:left'>{html.escape(o.words)}"
            f"{' ★' if k == 0 else ''}</th><td>{o.draws:,}</td><td>{pct(o.p_better)}</td>"
            f"<td>{pct(o.p_worse)}</td><td>{pct(o.p_pyramid)}</td></tr>"
        )
    return (
        "<table class='cardlab-exchange-advice' style='border-collapse:collapse'><thead><tr>"
        "<th scope='col'>Exchange</th><th scope='col'>Possible draws</th>"
        "<th scope='col'>P(better pyramid)</th><th scope='col'>P(worse hand)</th>"
        "<th scope='col'>P(any pyramid)</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<p><small>Counted exactly over every draw from the cards you have not seen. ★ is the "
        "AI's choice: the best chance of a better pyramid minus the risk of a worse hand."
        "</small></p>"
    )


class PyramidPlay(LearnerTable):
    """The learner against 1-3 AI: table, bet and exchange controls, showdown, log, score sheet."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        seed: int = PLAY_SEED,
        opponents: int = 2,
        bots: Mapping[int, Bot] | None = None,
        hands: int = 5,
    ) -> None:
        self.picker = picker or ThemePicker()
        self.seed = seed
        self.hands = hands
        self._given_bots = dict(bots) if bots is not None else None
        self.replay: Replay = Replay.start(GAME, seed, players=opponents + 1, hands=hands)
        self.status = StatusLine()
        self.view = CanvasView(WIDTH, HEIGHT, status=self.status)
        self.hand = HandView(render=self._render, canvas=self.view, status=self.status)
        self.hand.buttons.add_class("cardlab-card-buttons")
        self.showdown = CanvasView(880, 60, status=self.status)
        self.bet_buttons = {
            "fold": widgets.Button(description="Fold"),
            "check": widgets.Button(description="Check"),
            "call": widgets.Button(description="Call", button_style="primary"),
            "bet": widgets.Button(description="Bet", button_style="warning"),
            "raise": widgets.Button(description="Raise", button_style="warning"),
        }
        self.discard_button = widgets.Button(description="Discard selected", button_style="success")
        self.pat_button = widgets.Button(description="Stand pat")
        self.next_button = widgets.Button(description="Next hand", button_style="info")
        self.new_button = widgets.Button(description="New game")
        self.opponents = widgets.Dropdown(
            options=[("1 AI", 1), ("2 AI", 2), ("3 AI", 3)],
            value=opponents,
            description="Opponents",
            layout=widgets.Layout(width="200px"),
        )
        self.hint = widgets.Checkbox(description="Show my odds (a hint)", value=False)
        self.hint_box = widgets.HTML()
        self.log = widgets.HTML()
        self.scores = ScoreSheet(["You (P1)", "P2"])
        self.mirror = TextMirror("Your view of the table in words")
        hooks: dict[widgets.DOMWidget, str] = {
            self.discard_button: "cardlab-discard",
            self.pat_button: "cardlab-stand-pat",
            self.next_button: "cardlab-next-hand",
            self.new_button: "cardlab-new-game",
            self.opponents: "cardlab-opponents",
            self.hint: "cardlab-hint",
            self.log: "cardlab-log",
            self.scores.widget: "cardlab-scoresheet",
        }
        for name, button in self.bet_buttons.items():
            hooks[button] = f"cardlab-{name}"
        for widget, css in hooks.items():
            widget.add_class(css)
        for button in (
            *self.bet_buttons.values(),
            self.discard_button,
            self.pat_button,
            self.next_button,
            self.new_button,
        ):
            button.layout.width = "auto"

        def guard(func):
            return guarded(self.status, func)

        for name, button in self.bet_buttons.items():
            button.on_click(guard(lambda _, name=name: self.act(name)))
        self.discard_button.on_click(guard(lambda _: self.discard()))
        self.pat_button.on_click(guard(lambda _: self.stand_pat()))
        self.next_button.on_click(guard(lambda _: self.next_hand()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.hint.observe(guard(lambda _: self._show_hint()), names="value")
        self.opponents.observe(guard(lambda _: self.new_game(self.seed)), names="value")
        self.hand.on_selection_change(lambda _: self._controls())
        self.picker.subscribe(guard(lambda _: self.redraw()))

        self.sheet_box = widgets.VBox(
            [widgets.HTML("<b>Score sheet (chips won or lost)</b>"), self.scores.widget],
            layout=widgets.Layout(min_width="280px", margin="0 0 0 12px"),
        )
        top = widgets.Box(
            [self.view.widget, self.sheet_box], layout=widgets.Layout(flex_flow="row wrap")
        )
        self.widget = widgets.VBox(
            [
                top,
                self.hand.buttons,
                widgets.HBox(list(self.bet_buttons.values())),
                widgets.HBox([self.discard_button, self.pat_button]),
                widgets.HBox([self.next_button, self.new_button, self.opponents]),
                self.status.widget,
                widgets.HTML("<b>Showdown</b>"),
                self.showdown.widget,
                self.log,
                self.hint,
                self.hint_box,
                self.mirror.widget,
            ]
        )
        self.log_entries: list[Entry] = []
        self._start(seed, "A new game: you are Player 1, at the bottom of the table.")

    # -- what the learner sees -----------------------------------------------------------------

    @property
    def players(self) -> int:
        return self.state.players

    @property
    def stage(self) -> str:
        """``bet`` or ``exchange`` (the learner acts), ``between`` hands, ``over``, or ``wait``."""
        who = self.replay.current_player
        if who == TERMINAL:
            return "over"
        if self.state.phase == "done":
            return "between"
        if who != LEARNER:
            return "wait"
        return "exchange" if self.state.phase == "draw" else "bet"

    # -- handlers ------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """A betting action: fold, check, call, bet or raise."""
        if self.stage != "bet":
            self._refuse(action)
        replay = self.replay.append(action)  # IllegalMove with the engine's reason
        amount = replay.state.log[-1][1] if replay.state.log else action
        self._after(replay, f"You {amount}.")

    def discard(self, cards: str | None = None) -> None:
        """Discard the selected cards (or ``cards`` in notation, e.g. ``"3O 1G"``)."""
        if self.stage != "exchange":
            self._refuse("discard")
        if cards is None:
            chosen = self.hand.selected_cards
            if not chosen:
                raise ValueError("Select the cards to discard first (click them), or Stand pat.")
            cards = " ".join(c.code for c in chosen)
        replay = self.replay.append(f"discard {cards}")
        k = len(cards.split())
        self._after(replay, f"You discard {k} card{'s' if k != 1 else ''} and draw {k}.")

    def stand_pat(self) -> None:
        if self.stage != "exchange":
            self._refuse("stand pat")
        self._after(self.replay.append("stand pat"), "You stand pat.")

    def next_hand(self) -> None:
        if self.stage != "between":
            self._refuse("next hand")
        replay = self.replay.advance_chance()  # "next hand": collect, move the button, shuffle
        self._after(replay, f"Hand {replay.state.hand_no}: the cards are dealt.")

    def new_game(self, seed: int | None = None, opponents: int | None = None) -> None:
        if opponents is not None:
            self.opponents.value = opponents
        self.seed = self.seed + 1 if seed is None else seed
        self._start(self.seed, f"A new game (seed {self.seed}) against {self.opponents.value} AI.")

    # -- internals -----------------------------------------------------------------------------
    def _start(self, seed: int, message: str) -> None:
        players = self.opponents.value + 1
        self.bots = self._given_bots or default_bots(players, seed)
        self.scores = self._new_sheet(players)
        replay = Replay.start(GAME, seed, players=players, hands=self.hands)
        self.log_entries = []
        self._after(replay, message, new=True, info=True)

    def _new_sheet(self, players: int) -> ScoreSheet:
        """The score sheet emptied, with one column per player.  The same widget: a new one for
        each change of opponents would stay in the kernel (and the page) for good."""
        self.scores.players = ("You (P1)", *(f"P{s + 1}" for s in range(1, players)))
        self.scores.set_rows([])
        return self.scores

    def _refuse(self, action: str) -> None:
        stage = self.stage
        if stage == "over":
            raise ValueError("The game is over: press New game to play again.")
        if stage == "between":
            raise ValueError("This hand is over: press Next hand to deal the next one.")
        if stage == "bet":
            raise ValueError("It is a betting round: fold, check, call, bet or raise.")
        if stage == "exchange":
            raise ValueError("It is the exchange: discard the selected cards or stand pat.")
        raise ValueError("It is not your turn.")

    def _after(self, replay: Replay, message: str, new: bool = False, info: bool = False) -> None:
        """Let chance and the AI act until the learner must act or the hand ends; then show."""
        start = max(len(replay) - (0 if new else 1), 0)
        reasons: dict[int, tuple[int, Narration]] = {}
        replay = replay.play_out(self.bots, reasons=reasons, until=lambda s: s.phase == "done")
        found = self.entries(replay, start, reasons)
        same_hand = not new and replay.state.hand_no == self.state.hand_no
        self.log_entries = [*self.log_entries, *found] if same_hand else found
        self.replay = replay
        (self.status.info if info else self.status.ok)(message)
        self._record_results()
        self.refresh(new_hand=True)

    def _record_results(self) -> None:
        results = self.state.results
        rows = [self._row(r) for r in results]
        if rows != self.scores.rows:
            self.scores.set_rows(rows)

    def _row(self, result: HandResult) -> tuple[str, tuple[int, ...], str]:
        net = tuple(int(x) for x in result.net)
        winners = " and ".join(player(s) for s in result.winners)
        if result.shown:
            best = next(words for s, _, words in result.shown if s == result.winners[0])
            verb = "won" if len(result.winners) == 1 else "tied"
            note = f"{winners} {verb} with {best.split(';')[0]}"
        else:
            note = f"{winners} won without a showdown"
        return (f"Hand {result.hand_no}", net, note)

    def refresh(self, new_hand: bool = False) -> None:
        if new_hand:
            self.hand.set_cards(self.state.hands[LEARNER])
        else:
            self.redraw()
        self._draw_showdown()
        self._controls()
        self._log()
        self._show_hint()
        self._mirror()

    def redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)
        self._draw_showdown()

    def _render(self, cards, selected):
        return table_picture(
            self.observation,
            you=LEARNER,
            selected=selected,
            banner=self._banner(),
            theme=self.picker.theme,
        )

    def _draw_showdown(self) -> None:
        result = self.state.results[-1] if self.state.phase == "done" else None
        self.showdown.draw(showdown_picture(result, self.picker.theme, you=LEARNER))

    def _banner(self) -> str:
        stage = self.stage
        if stage == "bet":
            owed = self.observation.owed
            return f"Your turn: call {owed} or fold?" if owed else "Your turn: check or bet?"
        if stage == "exchange":
            return "Your exchange: click 0-4 cards to discard"
        if stage == "over":
            mine = GAME.returns(self.state)[LEARNER]
            return f"Game over: you finish {mine:+g} chips"
        if stage == "between":
            winners = self.state.results[-1].winners
            return "You win the hand!" if LEARNER in winners else "Hand over"
        return ""

    def _controls(self) -> None:
        stage = self.stage
        legal = set(GAME.legal_actions(self.state)) if stage == "bet" else set()
        for name, button in self.bet_buttons.items():
            button.disabled = name not in legal
        view = self.observation
        if "call" in legal:
            self.bet_buttons["call"].description = f"Call {view.owed}"
        else:
            self.bet_buttons["call"].description = "Call"
        size = view.bet_size
        self.bet_buttons["bet"].description = f"Bet {size}" if "bet" in legal else "Bet"
        self.bet_buttons["raise"].description = f"Raise {size}" if "raise" in legal else "Raise"
        exchange = stage == "exchange"
        chosen = len(self.hand.selected)
        limit = self.state.option("max_draw")
        self.discard_button.disabled = not exchange or not 1 <= chosen <= limit
        self.discard_button.description = (
            f"Discard {chosen} selected" if exchange and chosen else "Discard selected"
        )
        self.pat_button.disabled = not exchange
        self.next_button.disabled = stage != "between"

    @property
    def lines(self) -> list[str]:
        """The hand so far, as the learner saw it.  The AI's reasons rest on their cards, so they
        are shown only once the hand is over, as at a real table, and without the cards of a
        hand that was not shown down."""
        over = self.stage in ("between", "over")
        return [self.entry_text(e, shown=over) for e in self.log_entries]

    def _log(self) -> None:
        items = list(self.lines)
        stage = self.stage
        if stage == "exchange":
            items.append(
                f"The exchange: select up to {self.state.option('max_draw')} cards to discard "
                "and press Discard, or Stand pat."
            )
        elif stage == "between":
            items.append("Press Next hand to deal the next hand.")
        elif stage == "over":
            items.append("Press New game to play again.")
        body = "".join(f"<li>{html.escape(line)}</li>" for line in items if line)
        self.log.value = f"<div class='cardlab-log'><b>This hand</b><ul>{body}</ul></div>"

    def _show_hint(self) -> None:
        if not self.hint.value or self.stage not in ("bet", "exchange"):
            self.hint_box.value = ""
            return
        view = self.observation
        hand = tuple(view.hands[LEARNER])
        value = evaluate(hand)
        share = key_percentile(value.key)
        text = (
            f"<p>Your hand: <b>{html.escape(value.description)}</b>. It beats {pct(share)} of "
            "all possible 6-card hands (exactly, ties counted half).</p>"
        )
        if self.stage == "exchange":
            text += advice_table_html(hand, GAME.unseen(view), view.option("max_draw"))
        self.hint_box.value = text

    def _mirror(self) -> None:
        view = self.observation
        hands = []
        for s in range(self.players):
            cards = view.hands[s]
            shown = " ".join(c.code for c in cards if c is not None) or f"{len(cards)} face down"
            state = "folded" if view.folded[s] else f"{view.stacks[s]} chips"
            who = player(s)
            hands.append(f"{who[0].upper()}{who[1:]}: {shown} ({state})")
        table = [stage_words(view)]
        if view.betting:
            table.append(f"pot {view.pot}; you owe {view.owed if self.stage == 'bet' else 0}")
        legal = {
            "bet": [a for a in GAME.legal_actions(self.state) if a in BET_ACTIONS],
            "exchange": ["discard 1-4 selected cards", "stand pat"],
            "between": ["Next hand"],
            "over": ["New game"],
            "wait": ["wait"],
        }[self.stage]
        last = self.lines[-1] if self.lines else ""
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=legal)
