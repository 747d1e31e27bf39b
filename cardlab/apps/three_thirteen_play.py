"""The Three Thirteen table: the learner (Player 1, at the bottom) against 1-3 bots.

The learner's hand is drawn as the solver arranges it (melds framed and labelled, wild cards
tagged, deadwood apart) and every card is clickable (or toggled by its button twin).  Take stock /
Take discard draw, Discard selected / Go out finish the turn; a button is enabled only when its
move is legal now, and Go out only when some discard leaves every other card melded.  Chance
steps (the deal, the stock card) resolve at once with the seeded replay and the bots then play
until it is the learner's turn again; each bot's one-sentence reason joins the log when the
round is over (it rests on the bot's hand).  A finished round stays on the table, every hand
face up and arranged, until "Next round".  Every handler is guarded: an illegal move shows the
engine's reason on the status line and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import LEARNER, Entry, LearnerTable, ThemePicker
from cardlab.apps.three_thirteen_draw import (
    Group,
    SeatPicture,
    TablePicture,
    arrangement_groups,
    card_text,
    rank_word,
    table_picture,
)
from cardlab.core.bots import Bot, reason_for
from cardlab.core.engine import CHANCE, TERMINAL, seat_name
from cardlab.core.replay import Replay
from cardlab.games.three_thirteen.game import (
    GAME,
    ThreeThirteenView,
    best_arrangement,
    go_out_discards,
)
from cardlab.games.three_thirteen.melds import penalty_value
from cardlab.widgets import CanvasView, HandView, ScoreSheet, StatusLine, TextMirror
from cardlab.widgets.guard import guarded

PLAY_SEED = 7


FIRST_BOT = 1


def default_bots(players: int = 2) -> dict[int, Bot]:
    try:
        from cardlab.games.three_thirteen.bots import ThreeThirteenBot
    except ImportError:  # the game's bots are not there yet: play at random
        from cardlab.core.bots import RandomBot

        return {s: RandomBot(s) for s in range(FIRST_BOT, players)}

    return {seat: ThreeThirteenBot() for seat in range(1, players)}


def player(seat: int) -> str:
    return "you" if seat == LEARNER else seat_name(seat)


def short_name(seat: int) -> str:
    return "You (P1)" if seat == LEARNER else f"P{seat + 1}"


def value_of(view: ThreeThirteenView):
    return lambda c: penalty_value(c, view.aces)


def round_note(view_or_state: Any, result: Any) -> str:
    """The score sheet's arithmetic for one round: who went out, everyone's deadwood sum."""
    aces = getattr(view_or_state, "aces", "low")
    parts = []
    for s, arr in enumerate(result.arrangements):
        if s == result.went_out:
            parts.append(f"{short_name(s)} went out: 0")
            continue
        values = [penalty_value(c, aces) for c in arr.deadwood]
        if not values:
            parts.append(f"{short_name(s)} all melded: 0")
        elif len(values) == 1:
            parts.append(f"{short_name(s)} {values[0]}")
        else:
            parts.append(f"{short_name(s)} {' + '.join(map(str, values))} = {sum(values)}")
    ran_out = " (the stock ran out)" if getattr(result, "stock_ran_out", False) else ""
    return "; ".join(parts) + ran_out


def score_rows(view_or_state: Any) -> list[tuple[str, tuple[int, ...], str]]:
    rows = []
    for result in view_or_state.results:
        label = f"Round {result.number} ({rank_word(result.wild, True)} wild)"
        rows.append((label, tuple(result.scores), round_note(view_or_state, result)))
    return rows


class ThreeThirteenPlay(LearnerTable):
    """The learner against 1-3 bots: table, hand, controls, log, score sheet and advisor."""

    def __init__(
        self,
        picker: ThemePicker | None = None,
        seed: int = PLAY_SEED,
        players: int = 2,
        rounds: int = 11,
        bots: Mapping[int, Bot] | None = None,
    ) -> None:
        if not 2 <= players <= 4:
            raise ValueError(f"the table seats you and 1-3 bots (2-4 players), got {players}")
        self.picker = picker or ThemePicker()
        self.players = players
        self.rounds = rounds
        self.bots = dict(bots) if bots is not None else default_bots(players)
        self.seed = seed
        self.log_entries: list[Entry] = []
        self.last_action: dict[int, str] = {}
        self.replay: Replay = self._fresh(seed)
        self.status = StatusLine()
        self.view = CanvasView(900, 520, status=self.status)
        self.hand = HandView(
            render=self._render, multi=False, status=self.status, canvas=self.view, label=card_text
        )
        self.hand.on_click(guarded(self.status, self._on_table_click))
        self.hand.on_selection_change(lambda _: self._controls())
        self.stock_button = widgets.Button(description="Take stock", button_style="primary")
        self.discard_pile_button = widgets.Button(description="Take discard")
        self.discard_button = widgets.Button(description="Discard selected", button_style="info")
        self.go_out_button = widgets.Button(description="Go out", button_style="success")
        self.next_button = widgets.Button(description="Next round", button_style="info")
        self.new_button = widgets.Button(description="New game")
        self.bots_choice = widgets.Dropdown(
            options=[("1 bot", 2), ("2 bots", 3), ("3 bots", 4)],
            value=players,
            description="Opponents",
            layout=widgets.Layout(width="200px"),
        )
        self.hint = widgets.Checkbox(description="Show the advisor (a hint)", value=False)
        self.hint_box = widgets.HTML()
        self.round_log = widgets.HTML()
        self.scores = ScoreSheet([short_name(s) for s in range(players)])
        self.mirror = TextMirror("Your view of the table in words")
        hooks = {
            self.stock_button: "cardlab-take-stock",
            self.discard_pile_button: "cardlab-take-discard",
            self.discard_button: "cardlab-discard",
            self.go_out_button: "cardlab-go-out",
            self.next_button: "cardlab-next-round",
            self.new_button: "cardlab-new-game",
            self.hint: "cardlab-hint",
            self.round_log: "cardlab-round-log",
            self.scores.widget: "cardlab-scoresheet",
            self.mirror.widget: "cardlab-mirror",
        }
        for widget, css in hooks.items():
            widget.add_class(css)
        for button in (
            self.stock_button,
            self.discard_pile_button,
            self.discard_button,
            self.go_out_button,
            self.next_button,
            self.new_button,
        ):
            button.layout.width = "auto"

        def guard(func):
            return guarded(self.status, func)

        self.stock_button.on_click(guard(lambda _: self.take("stock")))
        self.discard_pile_button.on_click(guard(lambda _: self.take("discard")))
        self.discard_button.on_click(guard(lambda _: self.discard()))
        self.go_out_button.on_click(guard(lambda _: self.go_out()))
        self.next_button.on_click(guard(lambda _: self.next_round()))
        self.new_button.on_click(guard(lambda _: self.new_game()))
        self.hint.observe(guard(lambda _: self._show_hint()), names="value")
        self.picker.subscribe(guard(lambda _: self.redraw()))

        sheet = widgets.VBox(
            [widgets.HTML("<b>Score sheet</b> (lowest total wins)"), self.scores.widget],
            layout=widgets.Layout(margin="6px 0 0 0"),
        )
        self.widget = widgets.VBox(
            [
                self.view.widget,
                self.hand.buttons,
                widgets.HBox(
                    [
                        self.stock_button,
                        self.discard_pile_button,
                        self.discard_button,
                        self.go_out_button,
                    ]
                ),
                widgets.HBox([self.next_button, self.new_button, self.bots_choice]),
                self.status.widget,
                self.round_log,
                self.hint,
                self.hint_box,
                sheet,
                self.mirror.widget,
            ]
        )
        self._start("A new game: you are Player 1, at the bottom of the table.")

    # -- what the learner sees -----------------------------------------------------------------

    @property
    def stage(self) -> str:
        """``draw`` / ``discard`` (the learner's move), ``between`` rounds, or ``over``."""
        state = self.state
        if state.phase == "over":
            return "over"
        if GAME.current_player(state) == LEARNER:
            return state.phase
        return "between"

    def arrangement(self):
        view = self.observation
        return best_arrangement(view.hand, view.wild, view.aces, view.max_wilds)

    def go_out_cards(self):
        view = self.observation
        if self.stage != "discard" or view.went_out is not None:
            return ()
        return go_out_discards(view.hand, view.wild, view.aces, view.max_wilds)

    # -- handlers ---------------------------------------------------------------------------------
    def take(self, source: str) -> None:
        """Draw from the ``stock`` or the ``discard`` pile; the stock card is a chance step."""
        self._check_stage(("draw",), f"take {source}")
        replay = self.replay.append(f"take {source}")  # the engine refuses what is illegal
        took = self.state.discard[-1] if source == "discard" else None
        replay = replay.resolve_chance() if replay.current_player == CHANCE else replay
        self.replay = replay
        if took is not None:
            self.status.ok(f"You took the {card_text(took)} from the discard pile.")
        else:
            new = replay.state.hands[LEARNER]
            drawn = [c for c in new if new.count(c) > self.state_before_hand_count(c)]
            self.status.ok(
                "You drew the "
                + (card_text(drawn[0]) if drawn else "top card")
                + " from the stock."
            )
        self.log_entries = [Entry(replay.event_at(len(replay)))]
        self.refresh()

    def state_before_hand_count(self, card) -> int:
        before = self.replay.state_at(len(self.replay) - 2).hands[LEARNER]
        return before.count(card)

    def discard(self, card: Any = None) -> None:
        """Discard the selected card (or ``card``, e.g. ``"7h"``); then the bots play."""
        self._finish("discard", card)

    def go_out(self, card: Any = None) -> None:
        """Go out discarding the selected card (or, with nothing selected, a card that works)."""
        if card is None and not self.hand.selected:
            outs = self.go_out_cards()
            if outs:
                card = max(outs, key=lambda c: penalty_value(c, self.observation.aces))
        self._finish("go out", card)

    def next_round(self) -> None:
        if self.stage != "between" or self.state.phase != "deal":
            self._refuse("deal")
        replay = self.replay
        self.log_entries = []
        self.replay = self._advance(replay, deal=True)
        self.status.info(f"Round {self.state.round} is dealt: {self._round_words()}.")
        self.refresh()

    def new_game(self, seed: int | None = None, players: int | None = None) -> None:
        self.seed = self.seed + 1 if seed is None else seed
        players = self.bots_choice.value if players is None else players
        if players != self.players:
            self.players = players
            self.bots = default_bots(players)
            self.scores.players = tuple(short_name(s) for s in range(players))
        self.replay = self._fresh(self.seed)
        self._start(f"A new game (seed {self.seed}) against {players - 1} bot(s).")

    # -- internals -------------------------------------------------------------------------------
    def _fresh(self, seed: int) -> Replay:
        replay = Replay.start(GAME, seed, players=self.players, rounds=self.rounds)
        return replay

    def _start(self, message: str) -> None:
        self.log_entries, self.last_action = [], {}
        self.replay = self._advance(self.replay, deal=True)
        self.status.info(message + f" Round 1: {self._round_words()}.")
        self.refresh()

    def _round_words(self) -> str:
        s = self.state
        return f"{s.hand_size} cards each, {rank_word(s.wild, True)} wild"

    def _check_stage(self, stages: tuple[str, ...], action: str) -> None:
        if self.stage not in stages:
            self._refuse(action)

    def _refuse(self, action: str) -> None:
        stage = self.stage
        if stage == "over":
            raise ValueError("The game is over: press New game to play again.")
        if stage == "between":
            raise ValueError("This round is over: press Next round to deal the next one.")
        if action == "deal":
            raise ValueError("This round is still being played: finish your turn first.")
        self.replay.append(action)  # raises IllegalMove with the engine's reason

    def _finish(self, verb: str, card: Any) -> None:
        if card is None:
            chosen = self.hand.selected_cards
            if not chosen:
                if self.stage == "discard":
                    raise ValueError(
                        "Select a card first (click it on the table or its button below)."
                    )
                self._refuse(f"{verb} ?")
            card = chosen[0]
        code = card if isinstance(card, str) else card.code
        self._check_stage(("discard",), f"{verb} {code}")
        replay = self.replay.append(f"{verb} {code}")  # the engine refuses what is illegal
        event = replay.event_at(len(replay))
        self.log_entries = [Entry(event)]
        self.last_action[LEARNER] = event.narration_for(LEARNER)
        self.replay = self._advance(replay)
        self.status.ok(
            "You went out!"
            if verb == "go out"
            else f"You discarded the {card_text(self._card(code))}."
        )
        self.refresh()

    @staticmethod
    def _card(code: str):
        from cardlab.games.three_thirteen.rules import DECK

        return DECK.parse_card(code)

    def _advance(self, replay: Replay, deal: bool = False) -> Replay:
        """Chance and the bots play until the learner must act, a round ends, or the game does."""
        for _ in range(10_000):
            state = replay.state
            seat = GAME.current_player(state)
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                between = state.phase == "deal" and not any(state.hands) and state.results
                if between and not deal:
                    break
                deal = deal and state.phase in ("dealer", "deal")
                replay = replay.advance_chance()
                continue
            if seat == LEARNER:
                break
            decision = self.bots[seat].choose(GAME.observe(state, seat), GAME.legal_actions(state))
            replay = replay.append(decision.action)
            event = replay.event_at(len(replay))
            self.log_entries.append(Entry(event, decision.told))
            self.last_action[seat] = event.narration_for(LEARNER)
        return replay

    def _on_table_click(self, target: str) -> None:
        if target == "stock":
            self.take("stock")
        elif target == "discard":
            self.take("discard")

    # -- drawing ---------------------------------------------------------------------------------
    def _render(self, cards, selected):
        return table_picture(self._table(), theme=self.picker.theme, selected=selected)

    def _table(self) -> TablePicture:
        view = self.observation
        value = value_of(view)
        stage = self.stage
        result = view.results[-1] if stage in ("between", "over") and view.results else None
        seats = []
        for s in range(view.players):
            total = f"{view.totals[s]} pts"
            if result is not None:
                groups = tuple(arrangement_groups(result.arrangements[s], result.wild, value))
                score = result.scores[s]
                what = "went out" if s == result.went_out else f"+{score}"
                notes: tuple[str, ...] = (what, total)
            elif s == LEARNER:
                groups = tuple(arrangement_groups(self.arrangement(), view.wild, value))
                notes = (total,)
            else:
                groups = (Group("", (None,) * view.hand_sizes[s]),)
                last = self.last_action.get(s, "")
                notes = (total, _short(last))
            active = view.to_act == s
            seats.append(SeatPicture(f"{short_name(s)}", groups, notes, active))
        if result is not None:
            banner = f"Round {result.number} of {view.rounds} is over"
            if stage == "over":
                banner = "Game over: " + self._winner_text()
            wild = result.wild
        else:
            banner = (
                f"Round {view.round} of {view.rounds} \u00b7 {view.hand_size} cards \u00b7 "
                f"{rank_word(view.wild, True)} wild"
            )
            wild = view.wild
        notes = self._table_notes()
        return TablePicture(
            banner,
            wild,
            view.stock_size if result is None else 0,
            view.top if result is None else None,
            len(view.discard),
            notes,
            tuple(seats),
        )

    def _table_notes(self) -> tuple[str, ...]:
        stage = self.stage
        view = self.observation
        if stage == "draw":
            first = "Your turn: draw"
            rest = ("click the stock or the", "discard pile (or a button)")
        elif stage == "discard":
            first = "Now discard (or go out)"
            outs = self.go_out_cards()
            rest = (
                ("You can go out!", "discard " + " or ".join(card_text(c) for c in outs))
                if outs
                else ("select a card, then", "Discard selected")
            )
        elif stage == "between":
            first, rest = "Round over", ("press Next round",)
        else:
            first, rest = "Game over", ("press New game",)
        if view.went_out is not None and stage in ("draw", "discard"):
            rest = (f"{short_name(view.went_out)} went out:", "this is your last turn")
        return (first, *rest)

    def _winner_text(self) -> str:
        totals = self.state.totals
        low = min(totals)
        winners = [short_name(s) for s in range(len(totals)) if totals[s] == low]
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"{' and '.join(winners)} {verb} with {low}"

    def redraw(self) -> None:
        self.hand.view.draw(self._render(self.hand.cards, frozenset(self.hand.selected)))

    def refresh(self) -> None:
        view = self.observation
        stage = self.stage
        if stage in ("draw", "discard"):
            order = [c for g in arrangement_groups(self.arrangement(), view.wild) for c in g.cards]
        else:
            order = []
        self.hand.set_cards(order)  # redraws (selection cleared)
        self._controls()
        self.scores.set_rows(score_rows(view))
        self._log()
        self._show_hint()
        self._mirror()

    def _controls(self) -> None:
        stage = self.stage
        self.stock_button.disabled = self.discard_pile_button.disabled = stage != "draw"
        if stage == "draw" and not self.observation.discard:
            self.discard_pile_button.disabled = True
        self.discard_button.disabled = stage != "discard" or not self.hand.selected
        outs = self.go_out_cards()
        chosen = self.hand.selected_cards
        self.go_out_button.disabled = not outs or bool(chosen and chosen[0] not in outs)
        self.next_button.disabled = not (stage == "between" and self.state.phase == "deal")
        self.go_out_button.description = (
            f"Go out (discard {card_text(chosen[0] if chosen else max(outs, key=penalty_value))})"
            if outs and not (chosen and chosen[0] not in outs)
            else "Go out"
        )

    def _lines(self, shown: bool) -> list[str]:
        lines = []
        for entry in self.log_entries:
            lines.append(entry.event.narration_for(self.viewer))
            if entry.reason is not None:
                reason = reason_for(entry.reason, entry.seat, self.viewer, shown=shown)
                if reason:
                    lines.append(f"Why? {seat_name(entry.seat)}: {reason}")
        return [line for line in lines if line]

    @property
    def lines(self) -> list[str]:
        """This turn's log with the bots' reasons, as the learner reads it once the round is
        over."""
        return self._lines(shown=True)

    @property
    def shown_lines(self) -> list[str]:
        """The log as the learner may read it now.  A bot's reason rests on the cards it holds,
        so reasons stay hidden while the round is being played, as at a real table."""
        return self._lines(shown=self.stage in ("between", "over"))

    def _log(self) -> None:
        items = self.shown_lines
        stage = self.stage
        view = self.observation
        if stage == "draw":
            top = view.top
            items.append(
                f"Your turn. The top discard is the {card_text(top)}: take it, or take the unseen "
                "top card of the stock."
                if top
                else "Your turn: take the top card of the stock."
            )
        elif stage == "discard":
            arr = self.arrangement()
            outs = self.go_out_cards()
            if outs:
                items.append(
                    "Every card but one melds: you can go out by discarding "
                    + " or ".join(card_text(c) for c in outs)
                    + "."
                )
            else:
                items.append(
                    f"Your best melds leave deadwood {arr.penalty}. Select a card and press "
                    "Discard selected."
                )
        elif stage == "between":
            items.append("Press Next round to deal the next round.")
        else:
            items.append("Press New game to play again.")
        body = "".join(f"<li>{html.escape(line)}</li>" for line in items)
        self.round_log.value = f"<div class='cardlab-log'><b>This turn</b><ul>{body}</ul></div>"

    def _show_hint(self) -> None:
        if not self.hint.value or self.stage not in ("draw", "discard"):
            self.hint_box.value = ""
            return
        from cardlab.apps.three_thirteen_odds import advisor_html

        self.hint_box.value = advisor_html(self.observation)

    def _mirror(self) -> None:
        view = self.observation
        stage = self.stage
        hands = []
        if stage in ("between", "over") and view.results:
            result = view.results[-1]
            for s in range(view.players):
                cards = " ".join(card_text(c) for c in result.hands[s])
                hands.append(f"{short_name(s)}: {cards} (scored {result.scores[s]})")
        else:
            arr = self.arrangement()
            melds = "; ".join(
                " ".join(card_text(c) for c in m.cards) + f" ({m.kind})" for m in arr.melds
            )
            dead = " ".join(card_text(c) for c in arr.deadwood) or "none"
            hands.append(f"You: melds {melds or 'none'}; deadwood {dead} = {arr.penalty}")
            for s in range(1, view.players):
                hands.append(f"{short_name(s)}: {view.hand_sizes[s]} cards, face down")
        table = [
            f"round {view.round} of {view.rounds}, {rank_word(view.wild, True)} wild",
            f"stock {view.stock_size} cards; top discard "
            + (card_text(view.top) if view.top else "none"),
            "totals: " + ", ".join(f"{short_name(s)} {t}" for s, t in enumerate(view.totals)),
        ]
        legal = {
            "draw": ["Take stock", "Take discard"],
            "discard": ["Discard a card"] + (["Go out"] if self.go_out_cards() else []),
            "between": ["Next round"],
            "over": ["New game"],
        }[stage]
        last = next((line for line in reversed(self.shown_lines) if line), "")
        self.mirror.update(hands=hands, table=table, last_move=last, legal_moves=legal)


def _short(text: str, n: int = 34) -> str:
    text = text.replace("Player ", "P")
    return text if len(text) <= n else text[: n - 1] + "\u2026"
