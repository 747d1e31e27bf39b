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

from cardlab.apps.common import BotGameStepper, ThemePicker
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
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.three_thirteen.game import GAME, ThreeThirteenState, best_arrangement
from cardlab.games.three_thirteen.melds import min_deadwood
from cardlab.games.three_thirteen.rules import DECK, hand_size, wild_rank
from cardlab.widgets import CanvasView, ScoreSheet, StatusLine
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


def seat_table(state: ThreeThirteenState, viewer: int | None, theme: str, banner: str = "") -> Any:
    """The table at any step through ``viewer``'s eyes (None: the teacher's, every hand face
    up); the hands it may see are arranged by the solver, the others shown as backs."""
    view = GAME.observe(state, viewer)
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
            hand = view.hands[s]
            if hand:
                arr = best_arrangement(hand, view.wild, view.aces, view.max_wilds)
                groups = tuple(arrangement_groups(arr, view.wild, value))
            else:
                groups = (Group("", (None,) * view.hand_sizes[s]),)
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


class RoundStepper(BotGameStepper):
    """A seeded bots' game, one step at a time: the narration, each bot's reason, the hands the
    chosen eyes may see arranged by the solver, the score sheet and (in `odds`) the advisor
    for the chosen seat (for the teacher: the seat to act)."""

    start_text = "The cards are shuffled; press Forward or Play."
    bot_label = " (a bot)"
    chance_moves = "chance: the next card dealt or drawn"

    def __init__(self, picker: ThemePicker, seed: int = 3, players: int = 2, rounds: int = 2):
        replay, reasons = bot_game(seed, players, rounds)
        self.scores = ScoreSheet([f"P{s + 1}" for s in range(players)])
        self.scores.widget.add_class("cardlab-scoresheet")
        from cardlab.apps.three_thirteen_odds import AdvisorPanel

        self.odds = AdvisorPanel()
        super().__init__(
            picker,
            replay,
            reasons,
            size=(900, 520),
            mirror_label="The bots' table in words",
            extra=[self.scores.widget],
            # open on the first turn, so there is something to see and advise
            open_at=next(
                (i for i in range(len(replay) + 1) if replay.state_at(i).phase == "draw"), 0
            ),
        )
        self.mirror.widget.add_class("cardlab-mirror")

    def _show(self, step: int, state: ThreeThirteenState, event: Any) -> None:
        viewer = self.viewer
        banner = ""
        if viewer is not None:
            banner = f"Round {state.round} of {state.rounds}: {self.eyes_words}"
        self.view.draw(seat_table(state, viewer, self.picker.theme, banner))
        self.show_why(step)
        self.scores.set_rows(score_rows(state))
        player = GAME.current_player(state)
        adviser = viewer if viewer is not None else player
        if player >= 0 and adviser == player:
            self.odds.show(GAME.observe(state, player), who=seat_name(player))
        else:
            self.odds.show(None)
        view = self.view_of(state)
        hands = []
        for s, hand in enumerate(view.hands):
            if hand:
                arr = best_arrangement(hand, view.wild, view.aces, view.max_wilds)
                hands.append(f"{seat_name(s)}: {hand_words(hand)} (best deadwood {arr.penalty})")
            elif view.hand_sizes[s]:
                hands.append(f"{seat_name(s)}: {view.hand_sizes[s]} cards, face down")
            else:
                hands.append(f"{seat_name(s)}: no cards")
        top = card_text(view.top) if view.top is not None else "none"
        table = (
            f"Round {view.round}, {rank_word(view.wild, True)} wild; stock {view.stock_size}; "
            f"top discard {top}"
        )
        self.show_mirror(step, state, hands=hands, table=table)


# -- the quiz -------------------------------------------------------------------------------------
class DeadwoodQuiz(Quiz):
    """ "What is the deadwood of this hand?" on hands dealt at random, with the solver's answer."""

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        self.picker = picker
        self.revealed = False
        super().__init__(picker, seed, size=(10, 10))

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
