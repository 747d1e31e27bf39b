"""The Pyramid Poker quiz's questions: "which hand should this block go to?" on take-phase
positions dealt by the engine, marked by the exact rise in each hand's expected points (pure:
the quiz widget and the printed worksheet both ask them)."""

from __future__ import annotations

import html
import random
from dataclasses import dataclass

from cardlab.apps.asked import RIGHT, Asked, asked, items_html
from cardlab.apps.pyramid_poker.table import reasoning_bot
from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE, TERMINAL, seat_name
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import GAME, HAND_NAMES, observe
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.odds import best_hand_for
from cardlab.games.pyramid_poker.rules import points_change


@dataclass(frozen=True)
class QuizQuestion:
    """A take-phase position where ``seat`` must put the taken block into a hand; ``gains`` is
    the rise in each open hand's expected points (`best_hand_for`), ``answer`` the largest."""

    replay: Replay
    seat: int
    answer: str
    gains: dict[str, float]
    bot_action: str
    bot_reason: str

    @property
    def view(self):
        return observe(self.replay.state, self.seat)


def quiz_position(seed: int) -> QuizQuestion:
    """Play a seeded game (random builders and takers) until someone must put a taken block into
    a hand, some way into the take phase, with at least two hands to choose from."""
    rng = random.Random(f"quiz:{seed}")
    wanted = rng.randrange(4, 26)
    bots = {s: RandomBot(f"quiz:{seed}:{s}") for s in range(2)}
    replay = Replay.start(GAME, seed, games=1)
    judge = reasoning_bot()
    while replay.current_player != TERMINAL:
        state = replay.state
        legal = GAME.legal_actions(state)
        if state.phase == "assign" and state.taken >= wanted and len(legal) >= 2:
            view = observe(state, state.turn)
            best, gains = best_hand_for(view, state.pending, seed=seed)
            margin = gains[best] - max(g for h, g in gains.items() if h != best)
            if margin >= 0.05:  # a clear answer, not a coin toss
                decision = judge.choose(view, legal)
                return QuizQuestion(
                    replay, state.turn, best, gains, str(decision.action), decision.reason
                )
        if replay.current_player == CHANCE:
            replay = replay.advance_chance()
        else:
            seat = replay.current_player
            replay = replay.append(bots[seat].choose(observe(state, seat), legal).action)
    raise RuntimeError("no quiz position found")


def position_lines(view: PyramidPokerView, seat: int) -> list[str]:
    """What the quiz's picture shows ``seat``, in words: every hand and the pyramid's blocks
    (a face where ``seat`` may see it)."""
    lines = [
        f"{'You' if s == seat else seat_name(s)}, {name} hand: "
        + (" ".join(str(c) for c in hand) or "empty")
        for s in range(2)
        for name, hand in zip(HAND_NAMES, view.hands[s], strict=True)
    ]
    seen = [f"{k} {c}" for k, c in enumerate(view.pyramid) if c is not None]
    hidden = [str(k) for k, (c, f) in enumerate(zip(view.pyramid, view.filled, strict=True))
              if f and c is None]  # fmt: skip
    lines.append(f"pyramid blocks you see (slot and block): {', '.join(seen) or 'none'}")
    lines.append(f"face-down blocks in slots: {', '.join(hidden) or 'none'}")
    return lines


question = quiz_position


def prompt_html(q: QuizQuestion) -> str:
    """The question, the position in words."""
    view = q.view
    return (
        f"<p>You are <b>{seat_name(q.seat)}</b> (your hands are at the bottom). You took "
        f"the <b>{html.escape(str(view.pending))}</b>; {view.taken} blocks have been taken "
        "so far. <b>Which hand should it go to?</b></p>" + items_html(position_lines(view, q.seat))
    )


def choices(q: QuizQuestion) -> list[tuple[str, str]]:
    return [(name.capitalize(), name) for name in q.gains]


def answer(q: QuizQuestion) -> str:
    return q.answer


def feedback(q: QuizQuestion, value: str) -> tuple[bool, str, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML): each hand's rise."""
    right = q.gains.get(value, -99.0) >= q.gains[q.answer] - 1e-9
    head = RIGHT if right else f"<b>\u2718 Best: the {q.answer} hand.</b>"
    rise = "".join(
        f"<li>{name}: {points_change(gain)} expected points</li>" for name, gain in q.gains.items()
    )
    bot = q.bot_action.split()[1]
    return (
        right,
        head,
        (
            "Fill each hand's empty places from the blocks you have not seen, and "
            f"see how much the {html.escape(str(q.view.pending))} changes the hand's expected "
            f"advanced points (against a random unseen block in its place):</p><ul>{rise}</ul>"
            f"<p><small>The reasoning bot, which judges by a quick estimate rather than this "
            f"exact count, would choose {bot}: {html.escape(q.bot_reason)}."
            "</small></p>"
        ),
    )


def asked_for(seed: int) -> Asked:
    """The question dealt with ``seed``, in words."""
    return asked(question(seed), prompt_html, choices, answer, feedback)
