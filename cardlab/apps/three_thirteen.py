"""The Three Thirteen lesson: rounds and wild ranks, melds drawn, the meld solver on any hand (and
why its answer is best), a seeded round stepped through with narration, the odds, a quiz and a
table to play against 1-3 bots.

Every figure comes from `cardlab.games.three_thirteen` (the game, the meld solver, the odds) and
every bot move from its `ThreeThirteenBot`; this module only wires them to widgets.  The table is
in `cardlab.apps.three_thirteen_play`, the pictures in `cardlab.apps.three_thirteen_draw`, the
widget-free reasoning in `cardlab.apps.three_thirteen_lesson`.
"""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from cardlab.apps.common import ThemePicker
from cardlab.apps.three_thirteen_draw import (
    ROUND_RANKS,
    Group,
    SeatPicture,
    TablePicture,
    arrangement_groups,
    arrangement_picture,
    card_text,
    rank_word,
    rounds_picture,
    sorted_hand,
    table_picture,
)
from cardlab.apps.three_thirteen_lesson import (
    EXAMPLES,
    deadwood_question,
    hand_of,
    hand_words,
    value,
    why_lines,
)
from cardlab.apps.three_thirteen_play import ThreeThirteenPlay, score_rows, short_name
from cardlab.core.bots import Bot
from cardlab.core.engine import CHANCE, TERMINAL, legal_action_texts, seat_name
from cardlab.core.replay import Replay
from cardlab.games.three_thirteen.game import GAME, ThreeThirteenState, best_arrangement
from cardlab.games.three_thirteen.melds import min_deadwood
from cardlab.games.three_thirteen.rules import DECK, hand_size, wild_rank
from cardlab.widgets import CanvasView, ScoreSheet, StatusLine, Stepper, TextMirror
from cardlab.widgets.guard import guarded
from cardlab.widgets.quiz import Quiz

__all__ = [
    "DeadwoodQuiz",
    "MeldExamples",
    "MeldSolver",
    "RoundStepper",
    "RoundsStrip",
    "ThemePicker",
    "ThreeThirteenPlay",
    "bot_game",
    "rounds_table_html",
]


def rounds_table_html() -> str:
    cells = "".join(
        f"<td style='text-align:center'>{r}</td>" for r in range(1, len(ROUND_RANKS) + 1)
    )
    dealt = "".join(f"<td style='text-align:center'>{hand_size(r)}</td>" for r in range(1, 12))
    wild = "".join(
        f"<td style='text-align:center'>{rank_word(wild_rank(r))}</td>" for r in range(1, 12)
    )
    return (
        "<table class='cardlab-rounds'><tbody>"
        f"<tr><th scope='row'>Round</th>{cells}</tr>"
        f"<tr><th scope='row'>Cards dealt</th>{dealt}</tr>"
        f"<tr><th scope='row'>Wild rank</th>{wild}</tr></tbody></table>"
    )


class RoundsStrip:
    """The 11 rounds: cards dealt and the wild rank, drawn and as a table."""

    def __init__(self, picker: ThemePicker, current: int | None = 5) -> None:
        self.picker = picker
        self.current = current
        self.status = StatusLine()
        self.view = CanvasView(10, 10, status=self.status)
        self.table = widgets.HTML(rounds_table_html())
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox([self.view.widget, self.table, self.status.widget])
        self.redraw()

    def redraw(self) -> None:
        self.view.draw(rounds_picture(self.picker.theme, self.current))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def why_html(hand: Sequence[Any], wild: str) -> str:
    items = "".join(f"<li>{html.escape(line)}</li>" for line in why_lines(hand, wild))
    return f"<div class='cardlab-why'><b>Why this is the best</b><ul>{items}</ul></div>"


def solver_title(hand: Sequence[Any], wild: str) -> str:
    penalty, _ = min_deadwood(hand, wild)
    n = len(hand)
    return f"{n} cards \u00b7 {rank_word(wild, True)} wild \u00b7 best deadwood {penalty}"


class MeldExamples:
    """The worked examples of the rules (spec §6), each drawn as the solver arranges it."""

    def __init__(self, picker: ThemePicker, start: int = 0) -> None:
        self.picker = picker
        self.status = StatusLine()
        self.view = CanvasView(10, 10, status=self.status)
        self.choice = widgets.Dropdown(
            options=[(f"{i + 1}. {e.title}", i) for i, e in enumerate(EXAMPLES)],
            value=start,
            description="Example",
            layout=widgets.Layout(width="460px"),
        )
        self.choice.add_class("cardlab-example")
        self.text = widgets.HTML()
        self.choice.observe(guarded(self.status, lambda _: self.redraw()), names="value")
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))
        self.widget = widgets.VBox([self.choice, self.view.widget, self.text, self.status.widget])
        self.redraw()

    @property
    def example(self):
        return EXAMPLES[self.choice.value]

    def redraw(self) -> None:
        ex = self.example
        _, arr = min_deadwood(ex.cards, ex.wild)
        title = (
            f"Round {ex.round_no}: {hand_words(ex.cards)} \u00b7 {rank_word(ex.wild, True)} wild"
        )
        self.view.draw(
            arrangement_picture(
                arr, ex.wild, title=title, value=value, theme=self.picker.theme, target=None
            )
        )
        self.text.value = f"<p>{html.escape(ex.lesson)}</p>" + why_html(ex.cards, ex.wild)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


class MeldSolver:
    """Type a hand (or deal one) and a round: the solver's best arrangement, drawn, and why."""

    def __init__(
        self, picker: ThemePicker, hand: str = "5h 6h 8h Kd Ks 7c", round_no: int = 5, seed: int = 1
    ) -> None:
        self.picker = picker
        self.seed = seed
        self.status = StatusLine()
        self.view = CanvasView(10, 10, status=self.status)
        self.hand_text = widgets.Text(
            value=hand,
            description="Hand",
            continuous_update=False,
            layout=widgets.Layout(width="420px"),
        )
        self.round = widgets.Dropdown(
            options=[(f"Round {r}: {rank_word(wild_rank(r), True)} wild", r) for r in range(1, 12)],
            value=round_no,
            description="Round",
        )
        self.solve_button = widgets.Button(description="Arrange", button_style="primary")
        self.deal_button = widgets.Button(description="Deal me a hand", icon="random")
        self.solve_button.add_class("cardlab-solve")
        self.deal_button.add_class("cardlab-deal-hand")
        self.text = widgets.HTML()

        def guard(func):
            return guarded(self.status, func)

        self.solve_button.on_click(guard(lambda _: self.solve()))
        self.deal_button.on_click(guard(lambda _: self.deal()))
        self.round.observe(guard(lambda _: self.solve()), names="value")
        self.hand_text.observe(guard(lambda _: self.solve()), names="value")
        picker.subscribe(guard(lambda _: self.solve()))
        self.widget = widgets.VBox(
            [
                widgets.HBox([self.hand_text, self.round]),
                widgets.HBox([self.solve_button, self.deal_button]),
                self.view.widget,
                self.text,
                self.status.widget,
            ]
        )
        self.hand: tuple = ()
        self.solve()

    @property
    def wild(self) -> str:
        return wild_rank(self.round.value)

    def solve(self, text: str | None = None) -> None:
        """Arrange ``text`` (default: the text box); a bad card is a friendly error."""
        text = self.hand_text.value if text is None else text
        hand = hand_of(text)
        if not hand:
            raise ValueError("Type some cards, e.g. 5h 6h 8h Kd Ks 7c (10 is 10h or Th).")
        if len(hand) > 14:
            raise ValueError(f"A Three Thirteen hand holds at most 14 cards, not {len(hand)}.")
        wild = self.wild
        _, arr = min_deadwood(hand, wild)
        self.hand = hand
        self.view.draw(
            arrangement_picture(
                arr,
                wild,
                title=solver_title(hand, wild),
                value=value,
                theme=self.picker.theme,
                target=None,
            )
        )
        self.text.value = why_html(hand, wild)
        self.status.ok(f"Arranged {len(hand)} cards with {rank_word(wild, True)} wild.")

    def deal(self) -> None:
        """A random hand of the chosen round's size (seeded: the same clicks give the same)."""
        rng = random.Random(f"three-thirteen-solver:{self.seed}:{self.round.value}")
        self.seed += 1
        hand = sorted_hand(rng.sample(DECK.cards(), hand_size(self.round.value)))
        self.hand_text.value = " ".join(c.code for c in hand)
        self.solve()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- a bots' game, stepped ----------------------------------------------------------------------
FIRST_BOT = 0


def default_bots(players: int = 2) -> dict[int, Bot]:
    try:
        from cardlab.games.three_thirteen.bots import ThreeThirteenBot
    except ImportError:  # the game's bots are not there yet: play at random
        from cardlab.core.bots import RandomBot

        return {s: RandomBot(s) for s in range(FIRST_BOT, players)}

    return {s: ThreeThirteenBot() for s in range(players)}


def bot_game(
    seed: int = 3, players: int = 2, rounds: int = 3, bots: dict[int, Bot] | None = None
) -> tuple[Replay, dict[int, tuple[int, str]]]:
    """A seeded game of bots, ``rounds`` rounds long, with every bot's reason by step."""
    bots = bots if bots is not None else default_bots(players)
    reasons: dict[int, tuple[int, str]] = {}
    replay = Replay.start(GAME, seed, players=players, rounds=rounds).play_out(
        bots, reasons=reasons
    )
    return replay, reasons


def teacher_table(state: ThreeThirteenState, theme: str, banner: str = "") -> Any:
    """The table at any step, every hand face up and arranged by the solver."""
    view = GAME.observe(state, None)
    result = view.results[-1] if state.phase in ("deal", "over") and view.results else None
    between = result is not None and not any(state.hands)
    seats = []
    for s in range(view.players):
        if between:
            groups = tuple(arrangement_groups(result.arrangements[s], result.wild, value))
            notes: tuple[str, ...] = (
                "went out" if s == result.went_out else f"+{result.scores[s]}",
                f"{view.totals[s]} pts",
            )
        else:
            hand = view.hands[s] or ()
            if hand:
                arr = best_arrangement(hand, view.wild, view.aces, view.max_wilds)
                groups = tuple(arrangement_groups(arr, view.wild, value))
            else:
                groups = (Group("", ()),)
            notes = (f"{view.totals[s]} pts",)
        active = view.to_act == s
        seats.append(SeatPicture(short_name(s).replace("You (P1)", "P1"), groups, notes, active))
    wild = result.wild if between else view.wild
    if not banner:
        banner = f"Round {view.round} of {view.rounds} \u00b7 {rank_word(wild, True)} wild"
    notes = ()
    return table_picture(
        TablePicture(
            banner,
            wild,
            0 if between else view.stock_size,
            None if between else view.top,
            len(view.discard),
            notes,
            tuple(seats),
        ),
        theme=theme,
    )


class RoundStepper:
    """A seeded bots' game, one step at a time: the narration, each bot's reason, every hand
    arranged by the solver, the score sheet and (in `odds`) the advisor for the player to act."""

    def __init__(self, picker: ThemePicker, seed: int = 3, players: int = 2, rounds: int = 2):
        self.picker = picker
        self.status = StatusLine()
        self.view = CanvasView(900, 520, status=self.status)
        replay, self.reasons = bot_game(seed, players, rounds)
        self.stepper = Stepper(replay, status=self.status, view=self.view)
        self.why = widgets.HTML()
        self.why.add_class("cardlab-why")
        self.scores = ScoreSheet([f"P{s + 1}" for s in range(players)])
        self.scores.widget.add_class("cardlab-scoresheet")
        self.mirror = TextMirror("The bots' table in words")
        self.mirror.widget.add_class("cardlab-mirror")
        from cardlab.apps.three_thirteen_odds import AdvisorPanel

        self.odds = AdvisorPanel()
        self.stepper.on_step(self._show)
        picker.subscribe(guarded(self.status, lambda _: self.refresh()))
        self.widget = widgets.VBox(
            [self.stepper.widget, self.why, self.scores.widget, self.mirror.widget]
        )
        # open on the first turn, so there is something to see and advise
        first = next((i for i in range(len(replay) + 1) if replay.state_at(i).phase == "draw"), 0)
        self.stepper.go(first)
        self.refresh()

    @property
    def replay(self) -> Replay:
        return self.stepper.replay

    def refresh(self) -> None:
        self._show(self.stepper.step, self.stepper.state, None)

    def reason_at(self, step: int) -> str:
        if step == 0:
            return "The cards are shuffled; press Forward or Play."
        if step in self.reasons:
            seat, reason = self.reasons[step]
            return f"Why? {seat_name(seat)} (a bot): {reason}"
        return "Chance: the seeded shuffle decided this step."

    def _show(self, step: int, state: ThreeThirteenState, event: Any) -> None:
        self.view.draw(teacher_table(state, self.picker.theme))
        self.why.value = f"<p class='cardlab-reason'>{html.escape(self.reason_at(step))}</p>"
        self.scores.set_rows(score_rows(state))
        player = GAME.current_player(state)
        if player >= 0:
            self.odds.show(GAME.observe(state, player), who=seat_name(player))
        else:
            self.odds.show(None)
        hands = []
        for s, hand in enumerate(state.hands):
            if hand:
                arr = best_arrangement(hand, state.wild, state.aces, state.max_wilds)
                hands.append(f"{seat_name(s)}: {hand_words(hand)} (best deadwood {arr.penalty})")
            else:
                hands.append(f"{seat_name(s)}: no cards")
        if player == TERMINAL:
            legal = ["none: the game is over"]
        elif player == CHANCE:
            legal = ["chance: the next card dealt or drawn"]
        else:
            legal = [f"{seat_name(player)}: " + ", ".join(legal_action_texts(GAME, state))]
        top = card_text(state.discard[-1]) if state.discard else "none"
        self.mirror.update(
            hands=hands,
            table=f"Round {state.round}, {rank_word(state.wild, True)} wild; stock "
            f"{len(state.stock)}; top discard {top}",
            last_move=self.replay.event_at(step).narration if step else "nothing yet",
            legal_moves=legal,
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


# -- the quiz -------------------------------------------------------------------------------------
class DeadwoodQuiz(Quiz):
    """ "What is the deadwood of this hand?" on hands dealt at random, with the solver's answer."""

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        self.picker = picker
        self.revealed = False
        super().__init__(CanvasView(10, 10), seed)
        picker.subscribe(guarded(self.status, lambda _: self.redraw()))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        q = self.q = deadwood_question(seed)
        self.revealed = False
        prompt = (
            f"<p>Round {q.round_no}: {len(q.hand)} cards, <b>{rank_word(q.wild, True)} are "
            f"wild</b>. The hand is {html.escape(hand_words(q.hand))}.</p>"
            "<p><b>What is the deadwood of this hand?</b> (the smallest total of the cards left "
            "over after the best melds; A = 1, J = Q = K = 10)</p>"
        )
        return prompt, [(str(c), str(c)) for c in q.choices]

    def redraw(self) -> None:
        q = self.q
        from cardlab.apps.three_thirteen_draw import hand_picture

        if self.revealed:
            self.view.draw(
                arrangement_picture(
                    q.arrangement,
                    q.wild,
                    title=f"Best deadwood {q.answer}",
                    value=value,
                    theme=self.picker.theme,
                    target=None,
                )
            )
        else:
            title = f"Round {q.round_no} \u00b7 {rank_word(q.wild, True)} wild"
            self.view.draw(hand_picture(q.hand, q.wild, title=title, theme=self.picker.theme))

    def mark(self, answer: str) -> tuple[bool, str]:
        q = self.q
        right = int(answer) == q.answer
        self.revealed = True
        self.redraw()
        head = "<b>\u2714 Right!</b>" if right else f"<b>\u2718 Not quite:</b> it is {q.answer}."
        everything = sum(value(c) for c in q.hand)
        extra = ""
        if int(answer) == everything and not right:
            extra = "<p>That is every card counted: look for melds first.</p>"
        return right, f"<div>{head}{extra}{why_html(q.hand, q.wild)}</div>"
