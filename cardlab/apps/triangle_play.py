"""The Triangle table: the learner (Player 1, at the bottom) against two reasoning bots.

The learner's own card stays face down until the round resolves, as in the real game.  One click
settles the claim phase: the learner decides, then each bot decides from its own observation (the
engine asks the seats in order from the dealer's left; no seat's observation shows another's
pending decision, so the order carries no information).  Chance steps (the grab) resolve at once
with the seeded replay; a new deal waits for "Next round", so the resolved cards stay on the
table, labelled, until the learner is ready.  Every handler is guarded: an illegal move shows the
engine's reason on the status line and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, LearnerTable, ThemePicker
from cardlab.apps.triangle_draw import HEIGHT, WIDTH, live_picture, resolved_picture
from cardlab.core.bots import Bot, reason_for
from cardlab.core.engine import seat_name
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.games.triangle import STATEMENTS, new_game, observe, statement_odds
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.odds import StatementOdds
from cardlab.widgets import CanvasView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded
from cardlab.widgets.panels import format_fraction

PLAY_SEED = 4
"""The table's first seed: round 1 resolves with a score when the learner claims."""


def default_bots() -> dict[int, Bot]:
    """Player 2 grabs only for a clear edge; Player 3 is bolder."""
    return {1: ReasoningBot(threshold=0.5), 2: ReasoningBot(threshold=0.0)}


def player(seat: int) -> str:
    """How the table names a seat to the learner."""
    return "you (Player 1)" if seat == LEARNER else seat_name(seat)


def signed(x: Any) -> str:
    return f"{float(x):+.2f}"


def statement_label(odds: StatementOdds, best: bool = False) -> str:
    """``I am odd — P = 11/21, net +0.14`` (with a star on the best)."""
    star = "\u2605 " if best else ""
    return (
        f"{star}{odds.statement.words} \u2014 P = {format_fraction(odds.p_true)}, "
        f"net {signed(odds.net)} (worth {odds.statement.points})"
    )


def odds_table_html(odds: tuple[StatementOdds, ...], caption: str = "") -> str:
    """Every statement: the counting argument, expected points each way and the net value."""
    best = max(o.net for o in odds)
    rows = []
    for o in odds:
        mark = " \u2605" if o.net == best else ""
        style = " style='font-weight:bold;background:#fff7d6'" if o.net == best else ""
        rows.append(
            f"<tr{style}><th scope='row' style='text-align:left'>"
            f"{html.escape(o.statement.words)}{mark}</th>"
            f"<td>{o.statement.points}</td>"
            f"<td>{o.favourable}/{o.unseen}"
            + (f" = {format_fraction(o.p_true)}" if o.p_true.denominator != o.unseen else "")
            + f"</td><td>{float(o.gain):.2f}</td><td>{float(o.given):.2f}</td>"
            f"<td>{signed(o.net)} (= {format_fraction(o.net)})</td></tr>"
        )
    cap = f"<caption style='text-align:left'>{html.escape(caption)}</caption>" if caption else ""
    head = (
        "<tr><th scope='col'>Statement</th><th scope='col'>Points</th>"
        "<th scope='col'>P(true): favourable/unseen</th><th scope='col'>Speaker expects</th>"
        "<th scope='col'>Each opponent expects</th><th scope='col'>Net</th></tr>"
    )
    return (
        "<table class='cardlab-statement-odds' style='border-collapse:collapse'>"
        f"{cap}<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table>"
        "<p><small>Net = points \u00d7 P \u2212 3 \u00d7 (1 \u2212 P): what you expect to gain "
        "minus what each opponent expects to gain from a wrong statement. \u2605 marks the "
        "best.</small></p>"
    )


def claims_summary(claims: Mapping[int, bool]) -> str:
    parts = []
    for seat in range(3):
        if seat == LEARNER:
            parts.append("you grabbed" if claims[seat] else "you did not grab")
        else:
            parts.append(f"{seat_name(seat)} {'grabbed' if claims[seat] else 'did not grab'}")
    return "Everyone decided at the same moment: " + ", ".join(parts) + "."


class TrianglePlay(LearnerTable):
    """The learner against two bots: table, controls, score sheet, round log and text mirror."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        seed: int = PLAY_SEED,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        self.picker = picker or ThemePicker()
        self.bots = dict(bots) if bots is not None else default_bots()
        self.seed = seed
        self.status = StatusLine()
        self.view = CanvasView(WIDTH, HEIGHT, status=self.status)
        self.claim_button = widgets.Button(
            description="Claim the Right to Speak", button_style="primary", icon="hand-paper-o"
        )
        self.noclaim_button = widgets.Button(description="Don't claim")
        self.statement = widgets.Dropdown(
            description="Statement", layout=widgets.Layout(width="560px")
        )
        self.say_button = widgets.Button(description="Say it", button_style="success")
        self.next_button = widgets.Button(description="Next round", button_style="info")
        self.new_button = widgets.Button(description="New game")
        self.hint = widgets.Checkbox(description="Show my odds (a hint)", value=False)
        self.hint_box = widgets.HTML()
        self.round_log = widgets.HTML()
        self.scores = ScoreSheet(["You (P1)", "P2", "P3"])
        self.mirror = TextMirror("Your view of the table in words")
        hooks = {
            self.claim_button: "cardlab-claim",
            self.noclaim_button: "cardlab-noclaim",
            self.statement: "cardlab-statement",
            self.say_button: "cardlab-say",
            self.next_button: "cardlab-next-round",
            self.new_button: "cardlab-new-game",
            self.hint: "cardlab-hint",
            self.round_log: "cardlab-round-log",
            self.scores.widget: "cardlab-scoresheet",
        }
        for widget, css in hooks.items():
            widget.add_class(css)
        for button in (self.claim_button, self.noclaim_button, self.say_button, self.next_button):
            button.layout.width = "auto"

        def guard(func):
            return guarded(self.status, func)

        self.claim_button.on_click(guard(lambda _: self.decide(True)))
        self.noclaim_button.on_click(guard(lambda _: self.decide(False)))
        self.say_button.on_click(guard(lambda _: self.say()))
        self.next_button.on_click(guard(lambda _: self.next_round()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.hint.observe(guard(lambda _: self._show_hint()), names="value")
        self.picker.subscribe(guard(lambda _: self.redraw()))

        self.replay: Replay = new_game(seed)
        self.claims: dict[int, bool] = {}
        self.lines: list[str] = []
        self.reasons: list[tuple[int, Narration]] = []
        sheet = widgets.VBox(
            [widgets.HTML("<b>Score sheet</b>"), self.scores.widget],
            layout=widgets.Layout(width="400px", margin="0 0 0 12px"),
        )
        # the score sheet sits beside the table on a wide page and wraps below it on a narrow one
        top = widgets.Box([self.view.widget, sheet], layout=widgets.Layout(flex_flow="row wrap"))
        self.widget = widgets.VBox(
            [
                top,
                widgets.HBox([self.claim_button, self.noclaim_button]),
                widgets.HBox([self.statement, self.say_button]),
                widgets.HBox([self.next_button, self.new_button]),
                self.status.widget,
                self.round_log,
                self.hint,
                self.hint_box,
                self.mirror.widget,
            ]
        )
        self._start(self.replay, "A new game: you are Player 1, at the bottom of the table.")

    # -- what the learner sees -----------------------------------------------------------------

    @property
    def stage(self) -> str:
        """``claim``, ``speak`` (the learner holds the RtS), ``between`` rounds, or ``over``."""
        phase = self.state.phase
        if phase == "state":
            return "speak"
        return {"deal": "between"}.get(phase, phase)

    # -- handlers (each computes the new replay first and assigns it last) -------------------------
    def decide(self, claim: bool) -> None:
        """The learner claims (or not); then each bot decides from its own observation."""
        action = "claim" if claim else "no_claim"
        replay = self.replay
        if replay.state.phase != "claim":
            self._refuse(action)
        claims: dict[int, bool] = {}
        reasons: list[tuple[int, Narration]] = []
        while replay.state.phase == "claim":
            seat = replay.current_player
            if seat == LEARNER:
                choice = action
            else:
                decision = self.bots[seat].choose(
                    observe(replay.state, seat), replay.game.legal_actions(replay.state)
                )
                choice = decision.action
                reasons.append((seat, decision.told))
            claims[seat] = choice == "claim"
            replay = replay.append(choice)
        lines = [claims_summary(claims)]
        claimers = [s for s in range(3) if claims[s]]
        if not claimers:
            lines.append("Nobody reached for the Right to Speak: the round is void, nobody scores.")
        elif len(claimers) > 1:
            lines.append(
                " and ".join(player(s) for s in claimers).capitalize()
                + " reached at the same moment."
            )
        replay, more = self._play_on(replay, reasons)
        self.replay, self.claims, self.reasons = replay, claims, reasons
        self.lines = lines + more
        self.status.ok("You grabbed for the Right to Speak." if claim else "You let it go.")
        self.refresh()

    def say(self, code: str | None = None) -> None:
        """The learner, holding the RtS, makes a statement (``code`` such as ``S3``)."""
        code = self.statement.value if code is None else code
        if self.replay.state.phase in ("deal", "over"):
            self._refuse(f"state {code}")
        replay = self.replay.append(f"state {code}")  # the engine refuses a non-speaker
        event = replay.event_at(len(replay))
        self.lines = [*self.lines, event.narration_for(LEARNER), event.arithmetic]
        self.replay = replay
        self.status.ok("You spoke; the cards are shown.")
        self.refresh()

    def next_round(self) -> None:
        """Deal the next round (the resolved cards go to the discards)."""
        if self.state.phase != "deal":
            self._refuse("deal")
        replay = self.replay.resolve_chance()
        self.replay, self.claims, self.reasons = replay, {}, []
        self.lines = []
        self.status.info("A new round is dealt. Look at the two cards you can see.")
        self.refresh()

    def new_game(self, seed: int | None = None) -> None:
        self.seed = self.seed + 1 if seed is None else seed
        self._start(new_game(self.seed), f"A new game (seed {self.seed}).")

    # -- internals -------------------------------------------------------------------------------
    def _start(self, replay: Replay, message: str) -> None:
        self.replay, self.claims, self.reasons, self.lines = replay, {}, [], []
        self.status.info(message)
        self.refresh()

    def _refuse(self, action: str) -> None:
        """Raise the reason ``action`` cannot be played now (the guard shows it)."""
        phase = self.state.phase
        if phase == "deal":
            raise ValueError("This round is over: press Next round to deal the next one.")
        if phase == "over":
            raise ValueError("The game is over: press New game to play again.")
        if action == "deal":
            raise ValueError(
                "This round is not finished: "
                + (
                    "decide whether to claim the Right to Speak first."
                    if phase == "claim"
                    else "you hold the Right to Speak, so make your statement first."
                )
            )
        self.replay.append(action)  # raises IllegalMove with the engine's reason

    def _play_on(
        self, replay: Replay, reasons: list[tuple[int, Narration]]
    ) -> tuple[Replay, list[str]]:
        """Resolve the grab and let a bot speaker speak; stop for the learner or the next deal."""
        lines: list[str] = []
        while True:
            state = replay.state
            if state.phase == "grab":
                replay = replay.advance_chance()
                lines.append(replay.event_at(len(replay)).narration_for(LEARNER))
            elif state.phase == "state" and state.speaker != LEARNER:
                speaker = state.speaker
                decision = self.bots[speaker].choose(
                    observe(state, speaker), replay.game.legal_actions(state)
                )
                replay = replay.append(decision.action)
                reasons.append((speaker, decision.told))
                event = replay.event_at(len(replay))
                lines += [event.narration_for(LEARNER), event.arithmetic]
            else:
                return replay, lines

    def refresh(self) -> None:
        self.redraw()
        self._controls()
        self._score_rows()
        self._log()
        self._show_hint()
        self._mirror()

    def redraw(self) -> None:
        view = self.observation
        theme = self.picker.theme
        if view.phase in ("deal", "over") and view.history:
            record = view.history[-1]
            self.view.draw(
                resolved_picture(view, record, you=LEARNER, banner=self._banner(), theme=theme)
            )
        else:
            claims = tuple(self.claims.get(s) for s in range(3))
            self.view.draw(
                live_picture(
                    view,
                    claims=claims,
                    you=LEARNER,
                    active=LEARNER,  # the learner decides first, whatever the engine's order
                    banner=self._banner(),
                    theme=theme,
                )
            )

    def _banner(self) -> str:
        view = self.observation
        where = f"Turn {view.turn + 1}, round {view.round_in_turn + 1} of 6"
        stage = self.stage
        if stage == "claim":
            return f"{where}: grab the Right to Speak?"
        if stage == "speak":
            return f"{where}: you hold the Right to Speak. Speak!"
        record = view.history[-1]
        number = len(view.history)
        if stage == "over":
            return "Game over: " + self._winner_text()
        if record.speaker is None:
            return f"Round {number} is void: nobody scores"
        verdict = "true" if record.correct else "false"
        whose = "your" if record.speaker == LEARNER else f"{seat_name(record.speaker)}'s"
        return f"Round {number}: {whose} statement was {verdict}. Cards shown."

    def _winner_text(self) -> str:
        scores = self.state.scores
        top = max(scores)
        winners = [player(s) for s in range(3) if scores[s] == top]
        return f"{' and '.join(winners)} win{'s' * (len(winners) == 1)} with {top}"

    def _controls(self) -> None:
        stage = self.stage
        view = self.observation
        self.claim_button.disabled = self.noclaim_button.disabled = stage != "claim"
        self.next_button.disabled = stage != "between"
        self.say_button.disabled = self.statement.disabled = stage != "speak"
        if stage == "speak":
            odds = statement_odds(view)
            best = max(o.net for o in odds)
            options = [(statement_label(o, o.net == best), o.statement.code) for o in odds]
        else:
            options = [(s.words, s.code) for s in STATEMENTS]
        if list(self.statement.options) != options:
            value = self.statement.value
            self.statement.options = options
            codes = [code for _, code in options]
            if stage == "speak":  # start on the starred statement; the learner may pick another
                value = next(code for label, code in options if label.startswith("\u2605"))
            self.statement.value = value if value in codes else codes[0]

    def _score_rows(self) -> None:
        arithmetic = iter(
            e.arithmetic for e in self.replay.events if str(e.action).startswith("state ")
        )
        rows = []
        for number, record in enumerate(self.state.rounds, start=1):
            if record.speaker is None:
                rows.append((f"Round {number}", (0, 0, 0), f"void: {record.void_reason}"))
                continue
            verdict = "true" if record.correct else "false"
            note = (
                f"{seat_name(record.speaker)} said \u201c{record.statement.words}\u201d: "
                f"{verdict}. {next(arithmetic)}"
            )
            rows.append((f"Round {number}", record.gains, note))
        self.scores.set_rows(rows)

    def _log(self) -> None:
        stage = self.stage
        items = [line for line in self.lines if line]
        view = self.observation
        if stage == "claim":
            peers = [f"{seat_name(s)} holds {view.cards[s]}" for s in range(3) if s != LEARNER]
            items = [
                f"You see: {', '.join(peers)}. Your own card is face down: you cannot see it.",
                "Grab the Right to Speak (Claim) or let it go (Don't claim)? "
                "The bots decide at the same moment, without seeing your choice.",
            ]
        elif stage == "speak":
            items.append(
                f"You won the Right to Speak and peek at it: it is {view.rts} "
                "(only you see it). Choose one statement and press Say it."
            )
        elif stage == "between":
            record = view.history[-1]
            if record.speaker is not None and self.reasons:
                items.append("Why the bots did what they did:")
                items += [
                    f"{seat_name(s)}: {reason_for(told, s, LEARNER, shown=True)}"
                    for s, told in self.reasons
                ]
            elif self.reasons:
                items.append(
                    "The bots' reasons stay private this time: they would give away your card, "
                    "which nobody showed you."
                )
            items.append("Press Next round to deal the next round.")
        elif stage == "over":
            items.append(self.replay.event_at(len(self.replay)).narration_for(LEARNER))
            items.append("Press New game to play again.")
        body = "".join(f"<li>{html.escape(line)}</li>" for line in items)
        self.round_log.value = f"<div class='cardlab-log'><b>This round</b><ul>{body}</ul></div>"

    def _show_hint(self) -> None:
        view = self.observation
        if not self.hint.value or view.phase not in ("claim", "state"):
            self.hint_box.value = ""
            return
        if view.phase == "claim":
            caption = "If you grabbed now (before peeking at the Right to Speak)"
        else:
            caption = "Now that you have peeked at the Right to Speak"
        self.hint_box.value = odds_table_html(statement_odds(view), caption)

    def _mirror(self) -> None:
        view = self.observation
        hands = []
        for s in range(3):
            card = view.cards[s]
            if s == LEARNER:
                shown = str(card) if card else "face down, hidden from you"
                if view.phase in ("deal", "over") and view.history:
                    last = view.history[-1].cards[s]
                    shown = f"last round's card was {last}" if last else "never shown (void)"
                hands.append(f"Player 1 (you): {shown}")
            else:
                if card is None and view.history and view.phase in ("deal", "over"):
                    card = view.history[-1].cards[s]
                hands.append(f"{seat_name(s)}: {card if card else 'no card'}")
        scores = ", ".join(f"{seat_name(s)} {view.scores[s]}" for s in range(3))
        between = view.phase in ("deal", "over") and view.history
        if between:
            where = f"round {len(view.history)} is over"
            seen_rts = view.history[-1].rts
            rts = f"{seen_rts} (you saw it as the speaker)" if seen_rts else "never shown to you"
        else:
            where = f"turn {view.turn + 1}, round {view.round_in_turn + 1} of 6"
            rts = f"{view.rts} (only you see it)" if view.rts else "face down"
        seen = " ".join(str(c) for c in view.known) or "none"
        table = [
            where,
            f"Right to Speak: {rts}",
            f"scores: {scores} (first to {view.target} wins)",
            f"every card you have seen this turn: {seen}",
        ]
        legal = {
            "claim": ["Claim the Right to Speak", "Don't claim"],
            "speak": ["Say one statement: " + "; ".join(s.code for s in STATEMENTS)],
            "between": ["Next round"],
            "over": ["New game"],
        }[self.stage]
        last = next((line for line in reversed(self.lines) if line), "")
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=legal)
