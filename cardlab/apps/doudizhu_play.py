"""The Dou Dizhu table: the learner (Player 1, at the bottom) against two AI players.

The learner selects cards on the canvas (or with the card buttons under it) and presses Play, or
Pass; Hint selects what the AI would play in the learner's place.  After each of the learner's
moves the AI seats act at once; chance (the deal, who bids first, a throw-in) resolves with the
seeded replay.  The AI's reasons rest on the cards they hold, so the log shows them once the
deal is over (without the cards they never played), unless "Show all hands" turns the table
into the teacher's view.  Every handler is guarded: an illegal selection shows the engine's
reason on the status line and changes nothing.  "New deal" keeps the score sheet, so the totals
run across deals.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, Entry, LearnerTable, ThemePicker
from cardlab.apps.doudizhu_draw import HEIGHT, WIDTH, table_picture
from cardlab.core.bots import Bot, RandomBot
from cardlab.core.engine import seat_name
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import GAME, classify, new_game, observe, parse
from cardlab.games.doudizhu.odds import counting_odds
from cardlab.widgets import CanvasView, HandView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded

PLAY_SEED = 7
"""The table's first deal."""


def ai_bot(seat: int) -> Bot:
    """The AI for ``seat``: the reasoning `DouDizhuBot` (a random player if it is missing)."""
    try:
        from cardlab.games.doudizhu.bots import DouDizhuBot
    except ImportError:  # pragma: no cover - only while the bot is being written
        return RandomBot(f"doudizhu:{seat}")
    return DouDizhuBot()


def default_bots() -> dict[int, Bot]:
    return {1: ai_bot(1), 2: ai_bot(2)}


def player(seat: int) -> str:
    return "you" if seat == LEARNER else seat_name(seat)


def pattern_indices(hand: tuple[Any, ...], action: str) -> tuple[int, ...]:
    """The hand indices a ``play <ranks> [as <kind>]`` action takes (first cards of each rank)."""
    text = action.removeprefix("play ").split(" as ")[0]
    taken: list[int] = []
    for card in parse(text):
        index = next(
            i
            for i, c in enumerate(hand)
            if i not in taken and c.rank == card.rank and (card.suit in ("", c.suit))
        )
        taken.append(index)
    return tuple(sorted(taken))


class DouDizhuPlay(LearnerTable):
    """The learner against two AI: table, bid/play controls, hint, log, odds and score sheet."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        seed: int = PLAY_SEED,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        self.picker = picker or ThemePicker()
        self.bots = dict(bots) if bots is not None else default_bots()
        self.helper = ai_bot(LEARNER)
        self.seed = seed
        self.replay: Replay = new_game(seed)
        self.log_entries: list[Entry] = []
        self.deals = 0
        self.status = StatusLine()
        self.show_all = widgets.ToggleButton(
            description="Show all hands (teaching)", value=False, icon="eye"
        )
        self.view = CanvasView(WIDTH, HEIGHT, status=self.status)
        self.hand = HandView(render=self._render, canvas=self.view, status=self.status)
        self.hand.buttons.add_class("cardlab-card-buttons")
        self.bid_buttons = {
            0: widgets.Button(description="Pass (no bid)"),
            1: widgets.Button(description="Bid 1"),
            2: widgets.Button(description="Bid 2"),
            3: widgets.Button(description="Bid 3"),
        }
        self.play_button = widgets.Button(description="Play selected", button_style="success")
        self.pass_button = widgets.Button(description="Pass")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.clear_button = widgets.Button(description="Clear selection")
        self.new_button = widgets.Button(description="New deal", button_style="info")
        self.log = widgets.HTML()
        self.odds = widgets.HTML()
        self.scores = ScoreSheet(["You (P1)", "P2", "P3"])
        self.mirror = TextMirror("Your view of the table in words")
        hooks = {
            self.play_button: "cardlab-play",
            self.pass_button: "cardlab-pass",
            self.hint_button: "cardlab-hint",
            self.clear_button: "cardlab-clear",
            self.new_button: "cardlab-new-deal",
            self.show_all: "cardlab-show-all",
            self.bid_buttons[0]: "cardlab-bid-pass",
            self.log: "cardlab-log",
            self.odds: "cardlab-counting",
            self.scores.widget: "cardlab-scoresheet",
        }
        for n in (1, 2, 3):
            hooks[self.bid_buttons[n]] = f"cardlab-bid-{n}"
        for widget, css in hooks.items():
            widget.add_class(css)
        for button in (*self.bid_buttons.values(), self.play_button, self.pass_button,
                       self.hint_button, self.clear_button, self.new_button):  # fmt: skip
            button.layout.width = "auto"
        self.show_all.layout.width = "auto"

        def guard(func):
            return guarded(self.status, func)

        for n, button in self.bid_buttons.items():
            button.on_click(guard(lambda _, n=n: self.bid(n)))
        self.play_button.on_click(guard(lambda _: self.play()))
        self.pass_button.on_click(guard(lambda _: self.pass_()))
        self.hint_button.on_click(guard(lambda _: self.hint()))
        self.clear_button.on_click(guard(lambda _: self.hand.clear_selection()))
        self.new_button.on_click(guard(lambda _: self.new_deal()))
        self.show_all.observe(guard(lambda _: self.refresh()), names="value")
        self.picker.subscribe(guard(lambda _: self.redraw()))

        sheet = widgets.VBox(
            [widgets.HTML("<b>Score sheet</b>"), self.scores.widget],
            layout=widgets.Layout(min_width="260px", margin="0 0 0 12px"),
        )
        top = widgets.Box([self.view.widget, sheet], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox(
            [
                top,
                self.hand.buttons,
                widgets.HBox(list(self.bid_buttons.values())),
                widgets.HBox(
                    [self.hint_button, self.play_button, self.pass_button, self.clear_button]
                ),
                widgets.HBox([self.new_button, self.show_all]),
                self.status.widget,
                self.log,
                self.odds,
                self.mirror.widget,
            ]
        )
        self._start(self.replay, "A new deal: you are Player 1, at the bottom of the table.")

    # -- what the learner sees -----------------------------------------------------------------

    # -- handlers --------------------------------------------------------------------------------
    def bid(self, n: int) -> None:
        """Bid ``n`` (1-3) or pass (0) in the auction."""
        if self.state.phase != "bid":
            raise ValueError("Bidding is over: " + self._phase_hint())
        action = "pass" if n == 0 else f"bid {n}"
        replay = self.replay.append(action)  # IllegalMove with the engine's reason
        self._after(replay, "You pass." if n == 0 else f"You bid {n}.")

    def play(self) -> None:
        """Play the selected cards."""
        if self.state.phase != "play":
            raise ValueError(self._phase_hint())
        cards = self.hand.selected_cards
        if not cards:
            raise ValueError("Select the cards to play first (click them), or press Pass.")
        action = "play " + " ".join(str(c) for c in cards)
        readings = classify(cards, self.state.ruleset)
        if self.state.table is None and len(readings) > 1:
            action += f" as {readings[0].kind}"  # leading with an ambiguous set: the first reading
        replay = self.replay.append(action)
        combo = replay.state.plays[-1].combo
        self._after(replay, f"You play {combo.name}.")

    def pass_(self) -> None:
        if self.state.phase != "play":
            raise ValueError(self._phase_hint())
        replay = self.replay.append("pass")
        self._after(replay, "You pass.")

    def hint(self) -> str:
        """Select what the AI would do in your place (or suggest passing); returns the action."""
        state = self.state
        if state.phase not in ("bid", "play") or not self.my_turn:
            raise ValueError(self._phase_hint())
        decision = self.helper.choose(self.observation, GAME.legal_actions(state))
        action = str(decision.action)
        if action.startswith("play "):
            self.hand.set_selected(pattern_indices(state.hands[LEARNER], action))
            self.status.info(f"Hint: play {action[5:].split(' as ')[0]} \u2014 {decision.reason}")
        elif state.phase == "play":
            self.hand.clear_selection()
            self.status.info(f"Hint: pass \u2014 {decision.reason}")
        else:
            self.status.info(f"Hint: {action} \u2014 {decision.reason}")
        return action

    def new_deal(self, seed: int | None = None) -> None:
        """Deal again (the next seed); the score sheet keeps its rows."""
        self.seed = self.seed + 1 if seed is None else seed
        self._start(new_game(self.seed), f"A new deal (seed {self.seed}).")

    # -- internals -------------------------------------------------------------------------------
    def _phase_hint(self) -> str:
        phase = self.state.phase
        if phase == "over":
            return "This deal is over: press New deal to play another."
        if phase == "bid":
            return "It is the auction: bid or pass first."
        return "It is not your turn."

    @property
    def viewer(self) -> int | None:
        """The learner's eyes, or the teacher's while "Show all hands" is on."""
        return None if self.show_all.value else LEARNER

    @property
    def lines(self) -> list[str]:
        """The deal so far through the table's eyes; the AI's reasons once it is over."""
        over = self.state.phase == "over"
        return [self.entry_text(e, shown=over) for e in self.log_entries]

    def _start(self, replay: Replay, message: str) -> None:
        self.log_entries = []
        self._after(replay, message, begin=max(len(replay) - 1, 0), ok=False)

    def _after(
        self, replay: Replay, message: str, begin: int | None = None, ok: bool = True
    ) -> None:
        """Chance and the AI seats act until the learner must, or the deal is over."""
        begin = len(replay) - 1 if begin is None else begin
        reasons: dict[int, tuple[int, Narration]] = {}
        replay = replay.play_out(self.bots, max_steps=1_000, reasons=reasons)
        self.log_entries = [*self.log_entries, *self.entries(replay, begin, reasons)]
        self.replay = replay
        (self.status.ok if ok else self.status.info)(message)
        self._record_result()
        self.refresh(new_hand=True)

    def _record_result(self) -> None:
        state = self.state
        if state.result is None:
            return
        label = f"Deal {self.deals + 1} (seed {self.seed})"
        if any(row[0] == label for row in self.scores.rows):
            return
        self.deals += 1
        scores = tuple(int(x) for x in GAME.returns(state))
        side = "landlord" if state.winner == state.landlord else "farmers"
        note = f"{seat_name(state.landlord)} landlord, {side} win: {state.result.arithmetic}"
        self.scores.add_row(label, scores, note)

    def _render(self, cards, selected):
        # "show all hands" draws the teacher's view: every hand and the bottom face up
        view = observe(self.state, None) if self.show_all.value else self.observation
        return table_picture(
            view, you=LEARNER, selected=selected, banner=self._banner(), theme=self.picker.theme
        )

    def _banner(self) -> str:
        state = self.state
        phase = state.phase
        if phase == "bid":
            return "The auction: your bid" if self.my_turn else "The auction"
        if phase == "play":
            if not self.my_turn:
                return "Play"
            return "Your lead: play any combination" if state.table is None else "Beat it or pass"
        if phase == "over":
            return "You win!" if GAME.returns(state)[LEARNER] > 0 else "You lose this deal"
        return ""

    def refresh(self, new_hand: bool = False) -> None:
        if new_hand:
            self.hand.set_cards(self.state.hands[LEARNER])  # redraws
        else:
            self.redraw()
        self._controls()
        self._log()
        self._odds()
        self._mirror()

    def redraw(self) -> None:
        self.hand.set_cards(self.hand.cards, self.hand.selected)

    def _controls(self) -> None:
        state = self.state
        mine = self.my_turn
        bidding = state.phase == "bid" and mine
        for n, button in self.bid_buttons.items():
            button.disabled = not bidding or (n > 0 and n <= state.bid)
        playing = state.phase == "play" and mine
        self.play_button.disabled = self.hint_button.disabled = not playing
        self.hint_button.disabled = not (playing or bidding)
        self.pass_button.disabled = not playing or state.table is None
        self.pass_button.tooltip = (
            "You are leading: you must play" if playing and state.table is None else "Pass"
        )
        self.clear_button.disabled = not playing

    def _log(self) -> None:
        items = [line for line in self.lines if line]
        state = self.state
        if state.phase == "over":
            items.append("Press New deal to play again; the score sheet keeps the totals.")
        elif state.phase == "bid" and self.my_turn:
            items.append("Your bid: Pass, or bid higher than the highest bid so far.")
        elif state.phase == "play" and self.my_turn:
            items.append(
                "Select cards (click them on the table) and press Play, or Pass."
                if state.table is not None
                else "You lead: select any combination and press Play."
            )
        body = "".join(f"<li>{html.escape(line)}</li>" for line in items[-14:])
        self.log.value = f"<div class='cardlab-log'><b>What happened</b><ul>{body}</ul></div>"

    def _odds(self) -> None:
        state = self.state
        if state.phase != "play":
            self.odds.value = ""
            return
        c = counting_odds(self.observation, seed=len(self.replay))
        names = [player(s).capitalize() for s in c.others]
        body = "".join(f"<li>{html.escape(line)}</li>" for line in c.lines(names))
        self.odds.value = (
            f"<div><b>Card counting (from what you have seen)</b><ul>{body}</ul></div>"
        )

    def _mirror(self) -> None:
        view = self.observation
        shown = observe(self.state, None) if self.show_all.value else view
        hands = []
        for s in range(3):
            cards = shown.hands[s]
            text = (
                " ".join(str(c) for c in cards)
                if cards and cards[0] is not None
                else f"{len(cards)} cards, face down"
            )
            role = ""
            if view.landlord is not None:
                role = " (landlord)" if s == view.landlord else " (farmer)"
            hands.append(f"{player(s).capitalize()}{role}: {text}")
        table = [f"bid {view.bid or 'none yet'}, bombs and rockets {view.bombs + view.rockets}"]
        if view.table is not None:
            table.append(f"to beat: {view.table.name} by {player(view.last_player)}")
        bottom = " ".join(str(c) for c in view.bottom if c is not None) or "face down"
        table.append(f"bottom cards: {bottom}")
        if self.my_turn:
            legal = GAME.legal_actions(self.state)
            shown_legal = legal[:12] + ([f"... {len(legal) - 12} more"] if len(legal) > 12 else [])
        else:
            shown_legal = ["none: it is not your turn"]
        last = next((line for line in reversed(self.lines) if line), "")
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=shown_legal)
