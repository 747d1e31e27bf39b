"""The Pyramid Poker quiz: "which hand should this block go to?" on take-phase positions dealt
by the engine, marked by the exact rise in each hand's expected points."""

from __future__ import annotations

import html
import random
from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.apps.pyramid_poker.table import reasoning_bot
from cardlab.apps.words import items_html
from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE, TERMINAL, seat_name
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import GAME, HAND_NAMES, observe
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.odds import best_hand_for
from cardlab.games.pyramid_poker.rules import points_change
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing
from cardlab.widgets.quiz import Quiz
from cardlab.widgets.theme import ThemePicker


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


class BlockQuiz(Quiz):
    """ "Which hand should this block go to?" on positions dealt by the engine: the right answer
    raises the hand's expected advanced points most (each hand filled from the unseen blocks)."""

    picture_label = "The position: the pyramid of blocks and both players' three hands"

    def __init__(self, picker: ThemePicker, seed: int = 1) -> None:
        super().__init__(picker, seed, size=(WIDTH, HEIGHT))

    def ask(self, seed: int) -> tuple[str, Sequence[tuple[str, str]]]:
        q = self.q = quiz_position(seed)
        view = q.view
        prompt = (
            f"<p>You are <b>{seat_name(q.seat)}</b> (your hands are at the bottom). You took "
            f"the <b>{html.escape(str(view.pending))}</b>; {view.taken} blocks have been taken "
            "so far. <b>Which hand should it go to?</b></p>"
            + items_html(position_lines(view, q.seat))
        )
        return prompt, [(name.capitalize(), name) for name in q.gains]

    def picture(self) -> Drawing:
        seat = self.q.seat
        names = (f"You ({seat_name(seat)})", seat_name(1 - seat))
        return position_picture(self.q.view, seat, self.theme, "Quiz: which hand?", names)

    def mark(self, value: str) -> tuple[bool, str]:
        q = self.q
        right = q.gains.get(value, -99.0) >= q.gains[q.answer] - 1e-9
        head = "<b>\u2714 Right!</b>" if right else f"<b>\u2718 Best: the {q.answer} hand.</b>"
        rise = "".join(
            f"<li>{name}: {points_change(gain)} expected points</li>"
            for name, gain in q.gains.items()
        )
        bot = q.bot_action.split()[1]
        return right, (
            f"<p>{head} Fill each hand's empty places from the blocks you have not seen, and "
            f"see how much the {html.escape(str(q.view.pending))} changes the hand's expected "
            f"advanced points (against a random unseen block in its place):</p><ul>{rise}</ul>"
            f"<p><small>The reasoning bot, which judges by a quick estimate rather than this "
            f"exact count, would choose {bot}: {html.escape(q.bot_reason)}."
            "</small></p>"
        )
