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
from cardlab.core.i18n import Message, msg, msgn
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

    replay: Replay[TriangleState]
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
    free point is passed by three times in four: a free point now and then, not every time).
    A game that ends first is followed by a second, and that by a third asked at its first
    statement, so every seed has a question (a learner may press New question as often as they
    like)."""
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
    if replay.is_terminal:  # that one too: a third game asks at its first statement
        replay = new_game(seed + 20_000).play_out(bots, until=lambda s: s.phase == "state")
    if replay.is_terminal:
        raise RuntimeError("no quiz position found")
    speaker = replay.state.speaker
    if speaker is None:  # `asked` stops only where a speaker states
        raise RuntimeError("no quiz position found")
    return QuizQuestion(replay, speaker, statement_odds(observe(replay.state, speaker)))


def explain(chosen: bool, o: StatementOdds) -> str:
    """One statement's count, expected points each way and net value (HTML): the learner's
    (``chosen``) or the best one."""
    words = html.escape(o.statement.words)
    which = (
        msg("You chose \u201c{statement}\u201d", statement=words)
        if chosen
        else msg("The best \u201c{statement}\u201d", statement=words)
    )
    return str(
        msg(
            "{which}: {counting}. You expect {points} \u00d7 {p} = {gain}; each opponent "
            "expects 3 \u00d7 {q} = {given}; net <b>{net}</b>.",
            which=which,
            counting=html.escape(str(o.counting)),
            points=o.statement.points,
            p=format_fraction(o.p_true),
            gain=format_fraction(o.gain),
            q=format_fraction(1 - o.p_true),
            given=format_fraction(o.given),
            net=signed(o.net),
        )
    )


question = quiz_position


def prompt_html(q: QuizQuestion) -> str:
    """The question, the cards the speaker sees and remembers in words."""
    view = q.view
    peers = [
        msg("{player}\u2019s <b>{card}</b>", player=seat_name(s), card=str(view.cards[s]))
        for s in display_order(q.seat)[1:]
    ]
    earlier = [c for c in view.known if c not in (*view.cards, view.rts)]
    memory = (
        msg("Earlier this turn you saw: {cards}.", cards=" ".join(str(c) for c in earlier))
        if earlier
        else msg("This is the first round of a turn: nothing was shown before.")
    )
    question = msg(
        "<b>Which statement is worth most here?</b> (the highest net value: your expected points "
        "minus what each opponent expects)"
    )
    said = msg(
        "You are <b>{player}</b> (at the bottom) and you hold the Right to Speak. You see "
        "{first} and {second}, and you peeked at the Right to Speak: <b>{card}</b>. {memory}",
        player=seat_name(q.seat),
        first=peers[0],
        second=peers[1],
        card=str(view.rts),
        memory=memory,
    )
    return f"<p>{said}</p><p>{question}</p>"


def choices(q: QuizQuestion) -> list[tuple[str, str]]:
    return [(s.words, s.code) for s in STATEMENTS]


def answer(q: QuizQuestion) -> str:
    return q.best[0].statement.code


def feedback(q: QuizQuestion, code: str) -> tuple[bool, str | Message, str]:
    """Whether ``code`` (e.g. ``S4``) is a best statement, the verdict's head and the count
    (HTML)."""
    mine = q.odds_of(code)
    best = q.best
    right = mine.net == q.best_net
    top = best[0]
    words = html.escape(top.statement.words)
    if right:
        head = str(RIGHT)  # the shared head (a message once the controls are translated)
    elif len(best) > 1:
        head = str(
            msgn(
                "<b>\u2718 Not the best.</b> Best: \u201c{statement}\u201d (or {count} more as "
                "good).",
                "<b>\u2718 Not the best.</b> Best: \u201c{statement}\u201d (or {count} more as "
                "good).",
                len(best) - 1,
                statement=words,
            )
        )
    else:
        head = str(
            msg("<b>\u2718 Not the best.</b> Best: \u201c{statement}\u201d.", statement=words)
        )
    lines = [explain(True, mine)]
    if not right:
        lines.append(explain(False, top))
    if q.best_net < 0:
        lines.append(
            str(
                msg(
                    "Every statement loses on average here: the best move was not to grab the "
                    "Right to Speak at all."
                )
            )
        )
    certain = next((o for o in q.odds if o.statement.kind == "S1" and o.p_true == 1), None)
    if certain is not None:
        lines.append(
            str(
                msg(
                    "\u201c{statement}\u201d is a free point: you can see both cards it talks "
                    "about.",
                    statement=html.escape(certain.statement.words),
                )
            )
        )
    items = "".join(f"<li>{line}</li>" for line in lines)
    return right, head, f"<ul>{items}</ul>{odds_table_html(q.odds)}"


def asked_for(seed: int) -> Asked:
    """The question dealt with ``seed``, in words."""
    return asked(question(seed), prompt_html, choices, answer, feedback)
