"""The Triangle quiz's questions: "which statement is worth most here?" on positions dealt by
the engine, with the counting argument for the answer (pure: the quiz widget and the printed
worksheet both ask them).

None of the lesson's rules enters a question: the net value of a statement is the speaker's
expected points less each opponent's, which neither ``tie_void`` (a contested grab: the speaker
already holds the Right to Speak), nor ``on_tie`` (a tie for the lead at the end), nor
``target`` (how long the game lasts) changes.  So the quiz asks the same under any rules."""

from __future__ import annotations

import html
import random
from dataclasses import dataclass
from fractions import Fraction

from cardlab.apps.asked import RIGHT, Asked, asked
from cardlab.apps.triangle.table import odds_table_html, signed
from cardlab.core.bots import RandomBot
from cardlab.core.engine import seat_name
from cardlab.core.odds import format_fraction
from cardlab.core.replay import Replay
from cardlab.games.triangle import (
    STATEMENTS,
    TriangleState,
    TriangleView,
    new_game,
    observe,
    statement_odds,
)
from cardlab.games.triangle.odds import StatementOdds
from cardlab.pictures.triangle import display_order


@dataclass(frozen=True)
class QuizQuestion:
    """A position where ``seat`` holds the Right to Speak, and the statements' odds there."""

    replay: Replay
    seat: int
    odds: tuple[StatementOdds, ...]

    @property
    def view(self) -> TriangleView:
        return observe(self.replay.state, self.seat)

    @property
    def best_net(self) -> Fraction:
        return max(o.net for o in self.odds)

    @property
    def best(self) -> tuple[StatementOdds, ...]:
        """Every statement with the best net value (ties all count as right)."""
        return tuple(o for o in self.odds if o.net == self.best_net)

    def odds_of(self, code: str) -> StatementOdds:
        return next(o for o in self.odds if o.statement.code == code)


def quiz_position(seed: int) -> QuizQuestion:
    """Play a seeded game (random claims and statements) to the first moment someone holds the
    Right to Speak some way into a turn, so memory of earlier rounds matters (a position with a
    free point is passed by three times in four: a free point now and then, not every time)."""
    rng = random.Random(f"quiz:{seed}")
    wanted = rng.randrange(6)
    bots = {s: RandomBot(f"quiz:{seed}:{s}") for s in range(3)}

    def asked(state: TriangleState) -> bool:
        if state.phase != "state" or len(state.turn_rounds()) < wanted:
            return False
        odds = statement_odds(observe(state, state.speaker))
        free = any(o.statement.kind == "S1" and o.p_true == 1 for o in odds)
        return not free or rng.random() < 0.25

    replay = new_game(seed).play_out(bots, until=asked)
    if replay.is_terminal:  # the game ended first: play on in a second game
        replay = new_game(seed + 10_000).play_out(bots, until=asked)
    if replay.is_terminal:
        raise RuntimeError("no quiz position found")
    speaker = replay.state.speaker
    return QuizQuestion(replay, speaker, statement_odds(observe(replay.state, speaker)))


def explain(label: str, o: StatementOdds) -> str:
    """One statement's count, expected points each way and net value (HTML)."""
    return (
        f"{label} \u201c{html.escape(o.statement.words)}\u201d: {html.escape(o.counting)}. "
        f"You expect {o.statement.points} \u00d7 {format_fraction(o.p_true)} = "
        f"{format_fraction(o.gain)}; each opponent expects 3 \u00d7 "
        f"{format_fraction(1 - o.p_true)} = {format_fraction(o.given)}; net "
        f"<b>{signed(o.net)}</b>."
    )


question = quiz_position


def prompt_html(q: QuizQuestion) -> str:
    """The question, the cards the speaker sees and remembers in words."""
    view = q.view
    peers = [f"{seat_name(s)}\u2019s <b>{view.cards[s]}</b>" for s in display_order(q.seat)[1:]]
    earlier = [c for c in view.known if c not in (*view.cards, view.rts)]
    memory = (
        f"Earlier this turn you saw: {' '.join(str(c) for c in earlier)}."
        if earlier
        else "This is the first round of a turn: nothing was shown before."
    )
    return (
        f"<p>You are <b>{seat_name(q.seat)}</b> (at the bottom) and you hold the Right to "
        f"Speak. You see {peers[0]} and {peers[1]}, and you peeked at the Right to Speak: "
        f"<b>{view.rts}</b>. {memory}</p><p><b>Which statement is worth most here?</b> "
        "(the highest net value: your expected points minus what each opponent expects)</p>"
    )


def choices(q: QuizQuestion) -> list[tuple[str, str]]:
    return [(s.words, s.code) for s in STATEMENTS]


def answer(q: QuizQuestion) -> str:
    return q.best[0].statement.code


def feedback(q: QuizQuestion, code: str) -> tuple[bool, str, str]:
    """Whether ``code`` (e.g. ``S4``) is a best statement, the verdict's head and the count
    (HTML)."""
    mine = q.odds_of(code)
    best = q.best
    right = mine.net == q.best_net
    top = best[0]
    head = (
        RIGHT
        if right
        else f"<b>\u2718 Not the best.</b> Best: \u201c{html.escape(top.statement.words)}"
        "\u201d" + (f" (or {len(best) - 1} more as good)" if len(best) > 1 else "") + "."
    )
    lines = [explain("You chose", mine)]
    if not right:
        lines.append(explain("The best", top))
    if q.best_net < 0:
        lines.append(
            "Every statement loses on average here: the best move was not to grab the "
            "Right to Speak at all."
        )
    certain = next((o for o in q.odds if o.statement.kind == "S1" and o.p_true == 1), None)
    if certain is not None:
        lines.append(
            f"\u201c{html.escape(certain.statement.words)}\u201d is a free point: you can "
            "see both cards it talks about."
        )
    items = "".join(f"<li>{line}</li>" for line in lines)
    return right, head, f"<ul>{items}</ul>{odds_table_html(q.odds)}"


def asked_for(seed: int) -> Asked:
    """The question dealt with ``seed``, in words."""
    return asked(question(seed), prompt_html, choices, answer, feedback)
