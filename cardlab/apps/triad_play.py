"""The Triad table: the learner (Player 1, at the bottom) against 1-3 AI players, with chips.

The learner bets with the buttons (only the legal ones are enabled), and in the draw clicks the
cards to throw away (or uses the card buttons under the table) and presses *Discard selected*,
or *Stand pat*.  *Hint* asks the AI what it would do in the learner's place (in the draw: the
exact exchange advisor).  After each of the learner's moves the AI seats and chance act until the
learner must act again or the hand is over; during a hand the log shows only what the learner's
seat saw (the AI's reasons would give their cards away), and once the hand is over every AI
reason is shown, without the cards of a hand that was not shown down.  The score sheet keeps
each hand's chips.  Every handler is guarded: an illegal move shows
the engine's reason on the status line and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, Entry, LearnerTable, ThemePicker
from cardlab.apps.triad_draw import HEIGHT, WIDTH, table_picture
from cardlab.core.bots import Bot, reason_for
from cardlab.core.engine import TERMINAL, seat_name
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import PokerBot
from cardlab.games.triad import GAME, advise, new_game
from cardlab.widgets import CanvasView, HandView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded

PLAY_SEED = 2
BET_ACTIONS = ("fold", "check", "call", "bet", "raise")


def ai_bots(opponents: int, seed: int = 0) -> dict[int, Bot]:
    """``opponents`` AI players: equity bettors who bluff a little, each a bit different."""
    styles = [(0.05, 1.3), (0.1, 1.1), (0.03, 1.5)]
    return {
        s + 1: PokerBot(seed=f"table/{seed}/{s + 1}", bluff=b, aggression=a)
        for s, (b, a) in enumerate(styles[:opponents])
    }


def player(seat: int) -> str:
    return "you" if seat == LEARNER else seat_name(seat)


class TriadPlay(LearnerTable):
    """The learner against 1-3 AI: table, bet/draw controls, hint, log and a chip score sheet."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        seed: int = PLAY_SEED,
        opponents: int = 2,
        hands: int = 10,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        self.picker = picker or ThemePicker()
        self.seed = seed
        self.hands_per_game = hands
        self.fixed_bots = dict(bots) if bots is not None else None
        self.status = StatusLine()
        players = 1 + (len(bots) if bots else opponents)
        self.replay: Replay = Replay.start(GAME, seed, players=players, hands=hands)
        self.view = CanvasView(WIDTH, HEIGHT, status=self.status)
        self.hand = HandView(render=self._render, canvas=self.view, status=self.status)
        self.hand.buttons.add_class("cardlab-card-buttons")
        self.opponents = widgets.Dropdown(
            options=[("1 AI", 1), ("2 AI", 2), ("3 AI", 3)],
            value=len(bots) if bots else opponents,
            description="Play against",
            layout=widgets.Layout(width="200px"),
        )
        self.bet_buttons = {a: widgets.Button(description=a.capitalize()) for a in BET_ACTIONS}
        self.discard_button = widgets.Button(description="Discard selected", button_style="success")
        self.pat_button = widgets.Button(description="Stand pat")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.next_button = widgets.Button(description="Next hand", button_style="info")
        self.new_button = widgets.Button(description="New game")
        self.log = widgets.HTML()
        self.scores = ScoreSheet(["You (P1)"])
        self.mirror = TextMirror("Your view of the table in words")
        hooks = {
            self.discard_button: "cardlab-discard",
            self.pat_button: "cardlab-stand-pat",
            self.hint_button: "cardlab-hint",
            self.next_button: "cardlab-next-hand",
            self.new_button: "cardlab-new-game",
            self.opponents: "cardlab-opponents",
            self.log: "cardlab-log",
            self.scores.widget: "cardlab-scoresheet",
        }
        for action, button in self.bet_buttons.items():
            hooks[button] = f"cardlab-{action}"
        for widget, css in hooks.items():
            widget.add_class(css)
        for button in (*self.bet_buttons.values(), self.discard_button, self.pat_button,
                       self.hint_button, self.next_button, self.new_button):  # fmt: skip
            button.layout.width = "auto"

        def guard(func):
            return guarded(self.status, func)

        for action, button in self.bet_buttons.items():
            button.on_click(guard(lambda _, a=action: self.act(a)))
        self.discard_button.on_click(guard(lambda _: self.discard()))
        self.pat_button.on_click(guard(lambda _: self.act("stand pat")))
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.next_button.on_click(guard(lambda _: self.next_hand()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.picker.subscribe(guard(lambda _: self.redraw()))

        sheet = widgets.VBox(
            [widgets.HTML("<b>Chips, hand by hand</b>"), self.scores.widget],
            layout=widgets.Layout(min_width="260px", margin="0 0 0 12px"),
        )
        top = widgets.Box([self.view.widget, sheet], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox(
            [
                top,
                self.hand.buttons,
                widgets.HBox(list(self.bet_buttons.values())),
                widgets.HBox([self.hint_button, self.discard_button, self.pat_button]),
                widgets.HBox([self.next_button, self.new_button, self.opponents]),
                self.status.widget,
                self.log,
                self.mirror.widget,
            ]
        )
        self.log_entries: list[Entry] = []
        self._begin(seed, "A new game: you are Player 1, at the bottom of the table.")

    # -- what the learner sees -----------------------------------------------------------------

    @property
    def stage(self) -> str:
        """``bet`` / ``draw`` (the learner acts), ``between`` hands, or ``over``."""
        if self.replay.current_player == TERMINAL:
            return "over"
        if self.state.phase == "done":
            return "between"
        return "draw" if self.state.phase == "draw" else "bet"

    # -- handlers --------------------------------------------------------------------------------
    def act(self, action: str) -> None:
        """A betting action (``fold`` ... ``raise``) or ``stand pat``."""
        self._check_turn(action)
        replay = self.replay.append(action)  # IllegalMove with the engine's reason
        self._after(replay, self._said(replay))

    def discard(self) -> None:
        """Discard the selected cards and draw as many."""
        self._check_turn("discard")
        cards = self.hand.selected_cards
        if not cards:
            raise ValueError("Select the cards to throw away first (click them), or Stand pat.")
        replay = self.replay.append("discard " + " ".join(c.code for c in cards))
        self._after(replay, f"You discard {len(cards)} and draw {len(cards)}.")

    def hint(self) -> str:
        """What the AI would do in the learner's place; in the draw its discard is selected."""
        self._check_turn("hint")
        view = self.observation
        if self.state.phase == "draw":
            hand = self.state.hands[LEARNER]
            cards, told = advise(hand, GAME.unseen(view), view.option("max_draw"))
            reason = told.text(LEARNER)
            taken: list[int] = []
            for card in cards:
                taken.append(next(i for i, c in enumerate(hand) if c == card and i not in taken))
            self.hand.set_selected(taken)
            action = "discard " + " ".join(c.code for c in cards) if cards else "stand pat"
            what = f"discard {' '.join(c.code for c in cards)}" if cards else "stand pat"
            self.status.info(f"Hint: {what} \u2014 {reason}")
            return action
        helper = PokerBot(seed=f"hint/{self.seed}")
        decision = helper.choose(view, GAME.legal_actions(self.state))
        self.status.info(f"Hint: {decision.action} \u2014 {decision.reason}")
        return str(decision.action)

    def next_hand(self) -> None:
        if self.stage != "between":
            raise ValueError(self._phase_hint())
        replay = self.replay.append("next hand")
        self.log_entries = []
        message = f"Hand {replay.state.hand_no}: the button moved one seat left."
        self._after(replay, message, begin=len(replay) - 1)

    def new_game(self, seed: int | None = None) -> None:
        self.seed = self.seed + 1 if seed is None else seed
        self._begin(self.seed, f"A new game (seed {self.seed}).")

    # -- internals -------------------------------------------------------------------------------
    def _begin(self, seed: int, message: str) -> None:
        n = self.opponents.value
        self.bots = self.fixed_bots if self.fixed_bots is not None else ai_bots(n, seed)
        players = 1 + len(self.bots)
        self.scores.players = ("You (P1)", *(f"P{s + 1}" for s in range(1, players)))
        self.scores.set_rows([])
        replay = new_game(seed, players=players, hands=self.hands_per_game)
        self.log_entries = []
        self._after(replay, message, ok=False)

    def _check_turn(self, action: str) -> None:
        if not self.my_turn:
            raise ValueError(self._phase_hint())
        if action in BET_ACTIONS and self.state.phase == "draw":
            raise ValueError("It is the draw: discard up to 3 cards, or stand pat.")
        if action in ("discard", "stand pat") and self.state.phase != "draw":
            raise ValueError("It is a betting round: the draw comes after it.")

    def _phase_hint(self) -> str:
        stage = self.stage
        if stage == "over":
            return "The game is over: press New game to play again."
        if stage == "between":
            return "This hand is over: press Next hand to deal the next one."
        return "It is not your turn."

    def _said(self, replay: Replay) -> str:
        return "You: " + replay.event_at(len(replay)).narration_for(LEARNER)

    @property
    def lines(self) -> list[str]:
        """This hand's log as the learner reads it (the AI's reasons follow in `_log`)."""
        return [self.entry_text(e, shown=False) for e in self.log_entries]

    def _after(
        self, replay: Replay, message: str, ok: bool = True, begin: int | None = None
    ) -> None:
        """Let chance and the AI act until the learner must, or the hand is over."""
        if begin is None:  # the learner's own move, just made, opens the new entries
            mine = len(replay) and replay.event_at(len(replay)).actor == LEARNER
            begin = len(replay) - 1 if mine else len(replay)
        reasons: dict[int, tuple[int, Narration]] = {}
        replay = replay.play_out(self.bots, reasons=reasons, until=lambda s: s.phase == "done")
        self.log_entries = [*self.log_entries, *self.entries(replay, begin, reasons)]
        self.replay = replay
        (self.status.ok if ok else self.status.info)(message)
        self._record_result()
        self.refresh(new_hand=True)

    def _record_result(self) -> None:
        state = self.state
        if state.phase != "done" or not state.results:
            return
        result = state.results[-1]
        label = f"Hand {result.hand_no}"
        if any(row[0] == label for row in self.scores.rows):
            return
        net = tuple(int(x) for x in result.net)
        shown = "; ".join(f"{seat_name(s)} {words}" for s, _, words in result.shown)
        winners = ", ".join(player(s) for s in result.winners)
        note = f"won by {winners}" + (f" ({shown})" if shown else " without a showdown")
        self.scores.add_row(label, net, note)

    def _render(self, cards, selected):
        return table_picture(
            self.observation,
            you=LEARNER,
            selected=selected,
            banner=self._banner(),
            theme=self.picker.theme,
            names={LEARNER: "You"},
        )

    def _banner(self) -> str:
        stage = self.stage
        state = self.state
        where = f"Hand {state.hand_no} of {state.option('hands')}"
        if stage == "over":
            mine = GAME.returns(state)[LEARNER]
            return f"Game over: you finish {mine:+g} chips"
        if stage == "between":
            return f"{where}: over"
        if not self.my_turn:
            return where
        if stage == "draw":
            return f"{where}: your draw (up to 3 cards)"
        return f"{where}: your bet"

    def refresh(self, new_hand: bool = False) -> None:
        cards = self.state.hands[LEARNER]
        if new_hand or tuple(cards) != tuple(self.hand.cards):
            self.hand.set_cards(cards)
        else:
            self.redraw()
        self._controls()
        self._log()
        self._mirror()

    def redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def _controls(self) -> None:
        mine = self.my_turn
        legal = set(GAME.legal_actions(self.state)) if mine else set()
        for action, button in self.bet_buttons.items():
            button.disabled = action not in legal
        drawing = mine and self.state.phase == "draw"
        self.discard_button.disabled = self.pat_button.disabled = not drawing
        self.hint_button.disabled = not mine
        self.next_button.disabled = self.stage != "between"
        if self.state.betting is not None and "call" in legal:
            self.bet_buttons["call"].description = f"Call {self.state.betting.owed(LEARNER)}"
        else:
            self.bet_buttons["call"].description = "Call"

    def _log(self) -> None:
        view = self.observation
        dealer = "You have" if view.button == LEARNER else f"{seat_name(view.button)} has"
        intro = f"Hand {view.hand_no} of {view.hands_total}: {dealer} the button (D)."
        items = [intro] + [line for line in self.lines if line]
        stage = self.stage
        reasons = [  # only once the hand is over: they rest on the AI's cards
            f"{seat_name(e.seat)}: {reason_for(e.reason, e.seat, self.viewer, shown=True)}"
            for e in self.log_entries
            if e.reason is not None
        ]
        if reasons and stage in ("between", "over"):
            items.append("Why the AI played as they did:")
            items += reasons
        if stage == "between":
            items.append("Press Next hand to deal the next hand.")
        elif stage == "over":
            items.append("Press New game to play again.")
        elif self.my_turn and self.state.phase == "draw":
            items.append("Your draw: click up to 3 cards to throw away, then Discard selected.")
        elif self.my_turn:
            items.append("Your bet: choose one of the enabled buttons (Hint asks the AI).")
        body = "".join(f"<li>{html.escape(line)}</li>" for line in items[-40:])
        self.log.value = f"<div class='cardlab-log'><b>This hand</b><ul>{body}</ul></div>"

    def _mirror(self) -> None:
        view = self.observation
        hands = []
        for s, hand in enumerate(view.hands):
            shown = " ".join(c.code for c in hand) if hand and hand[0] is not None else "hidden"
            hands.append(f"{player(s).capitalize()} ({view.stacks[s]} chips): {shown}")
        table = [f"pot {view.pot}", f"button: {player(view.button)}", f"phase: {view.phase}"]
        if self.my_turn:
            legal = GAME.legal_actions(self.state)
            legal = legal[:10] + ([f"... {len(legal) - 10} more"] if len(legal) > 10 else [])
        elif self.stage == "between":
            legal = ["Next hand"]
        elif self.stage == "over":
            legal = ["New game"]
        else:
            legal = ["none: it is not your turn"]
        last = next((line for line in reversed(self.lines) if line), "")
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=legal)
