"""The Pyramid Poker quiz's questions: "which hand should this block go to?" on take-phase
positions dealt by the engine, marked by the exact rise in each hand's expected points (pure:
the quiz widget and the printed worksheet both ask them).

A question follows the scoring `RULES`: under basic scoring a hand is worth its chance of
winning its comparison, and the no-pair penalty counts in the advanced points
(`cardlab.games.pyramid_poker.placement`).  The same seed plays the same game under any
scoring; the question stops at its first clear choice, which the scoring may move.  The
match's ``target`` does not enter a placement."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardlab.apps.asked import RIGHT, Asked, asked, items_html, rules_of
from cardlab.apps.pyramid_poker.table import hand_line, reasoning_bot
from cardlab.apps.rules_words import rules_note
from cardlab.core.bots import Bot, RandomBot
from cardlab.core.engine import CHANCE, TERMINAL, seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.narration import Narration
from cardlab.core.replay import Replay
from cardlab.core.stored import stored
from cardlab.games.pyramid_poker import GAME, HAND_NAMES, observe
from cardlab.games.pyramid_poker.game import PyramidPokerState, PyramidPokerView
from cardlab.games.pyramid_poker.placement import hand_gains
from cardlab.games.pyramid_poker.rules import (
    PointsChange,
    hand_label,
    hand_noun,
    hand_word,
    points_change,
)

RULES = ("scoring", "all_three_no_pair_penalty")
"""The options a placement question depends on."""


@dataclass(frozen=True)
class QuizQuestion:
    """A take-phase position where ``seat`` must put the taken block into a hand; ``gains`` is
    the rise in each open hand's worth under ``scoring`` and ``penalty`` (`hand_gains`),
    ``answer`` the largest."""

    replay: Replay[PyramidPokerState]
    seat: int
    answer: str
    gains: dict[str, float]
    bot_action: str
    bot_told: Narration
    """The reasoning bot's reason (read in the page's language: `bot_reason`)."""
    scoring: str = "advanced"
    penalty: bool = False

    @property
    def options(self) -> dict[str, Any]:
        """The question's rules by the game's option names."""
        return {"scoring": self.scoring, "all_three_no_pair_penalty": self.penalty}

    @property
    def view(self) -> PyramidPokerView:
        return observe(self.replay.state, self.seat)

    @property
    def bot_reason(self) -> str:
        """The reasoning bot's whole reason, in the current language."""
        return self.bot_told.text(None)


@lru_cache(maxsize=4)  # the question shown under a few rules: "Standard rules" finds it again
def quiz_position(seed: int, scoring: str = "advanced", penalty: bool = False) -> QuizQuestion:
    """The question of `quiz_spot` (stored for the page's first question), with its game."""
    spot = quiz_spot(seed, scoring, penalty)
    replay: Replay[PyramidPokerState] = Replay.from_text(spot.replay)
    return QuizQuestion(
        replay, spot.seat, spot.answer, spot.gains, spot.bot_action, spot.bot_told, scoring, penalty
    )


@dataclass(frozen=True)
class QuizSpot:
    """A `QuizQuestion` as stored figures: its game as replay text, and what was counted there."""

    replay: str
    seat: int
    answer: str
    gains: dict[str, float]
    bot_action: str
    bot_told: Narration


@stored
def quiz_spot(seed: int, scoring: str = "advanced", penalty: bool = False) -> QuizSpot:
    """Play a seeded game (random builders and takers) until someone must put a taken block into
    a hand, some way into the take phase, with at least two hands to choose from, and one hand
    clearly best under ``scoring`` and the no-pair ``penalty``.  When the game has no such
    moment that far in, a second game (as the Triangle quiz plays) asks at its first one.  A
    tenth of a second of counting: the page's first question is stored."""
    rng = random.Random(f"quiz:{seed}")
    wanted = rng.randrange(4, 26)
    bots = {s: RandomBot(f"quiz:{seed}:{s}") for s in range(2)}
    for deal, taken in ((seed, wanted), (seed + 10_000, 4)):
        start = Replay.start(GAME, deal, games=1)
        found = _position_in(start, bots, seed, taken, scoring, penalty)
        if found is not None:
            q = found
            return QuizSpot(q.replay.to_text(), q.seat, q.answer, q.gains, q.bot_action, q.bot_told)
    raise RuntimeError("no quiz position found")


def _position_in(
    replay: Replay[PyramidPokerState],
    bots: Mapping[int, Bot],
    seed: int,
    wanted: int,
    scoring: str,
    penalty: bool,
) -> QuizQuestion | None:
    """The first position of `quiz_position` (question ``seed``) in ``replay``'s game, played on
    by ``bots``; None if the game ends first."""
    judge = reasoning_bot()
    while replay.current_player != TERMINAL:
        state = replay.state
        legal = GAME.legal_actions(state)
        block = state.pending  # the block to assign, in the assign phase
        if (
            state.phase == "assign"
            and block is not None
            and state.taken >= wanted
            and len(legal) >= 2
        ):
            view = observe(state, state.turn)
            best, gains = hand_gains(view, block, None, seed, scoring, penalty)
            margin = gains[best] - max(g for h, g in gains.items() if h != best)
            if margin >= 0.05:  # a clear answer, not a coin toss
                decision = judge.choose(view, legal)
                action, reason = str(decision.action), decision.told
                return QuizQuestion(
                    replay, state.turn, best, gains, action, reason, scoring, penalty
                )
        if replay.current_player == CHANCE:
            replay = replay.advance_chance()
        else:
            seat = replay.current_player
            replay = replay.append(bots[seat].choose(observe(state, seat), legal).action)
    return None


def position_lines(view: PyramidPokerView, seat: int) -> list[str]:
    """What the quiz's picture shows ``seat``, in words: every hand and the pyramid's blocks
    (a face where ``seat`` may see it)."""
    lines = [
        str(hand_line(msg("You") if s == seat else seat_name(s), name, hand))
        for s in range(2)
        for name, hand in zip(HAND_NAMES, view.hands[s], strict=True)
    ]
    # slots counted from 1, as the table and every text count them (`slot_name`)
    seen = [f"{k + 1} {c}" for k, c in enumerate(view.pyramid) if c is not None]
    hidden = [str(k + 1) for k, (c, f) in enumerate(zip(view.pyramid, view.filled, strict=True))
              if f and c is None]  # fmt: skip
    none = str(msg("none"))
    lines.append(
        str(
            msg("pyramid blocks you see (slot and block): {blocks}", blocks=", ".join(seen) or none)
        )
    )
    lines.append(str(msg("face-down blocks in slots: {slots}", slots=", ".join(hidden) or none)))
    return lines  # fmt: skip


def question(seed: int, options: Mapping[str, Any] | None = None) -> QuizQuestion:
    """The lesson's question for ``seed`` under the game's ``options`` (default: the standard
    rules); ``ValueError`` naming a bad option."""
    rules = rules_of("pyramid_poker", options, RULES)
    penalty = rules["all_three_no_pair_penalty"] and rules["scoring"] == "advanced"
    return quiz_position(seed, rules["scoring"], penalty)


def prompt_html(q: QuizQuestion) -> str:
    """The question, the position in words (and the rules when they are not the standard
    ones)."""
    view = q.view
    asking = msgn(
        "<p>You are <b>{player}</b> (your hands are at the bottom). You took the <b>{card}</b>; "
        "{count} block has been taken so far. <b>Which hand should it go to?</b></p>",
        "<p>You are <b>{player}</b> (your hands are at the bottom). You took the <b>{card}</b>; "
        "{count} blocks have been taken so far. <b>Which hand should it go to?</b></p>",
        view.taken,
        player=seat_name(q.seat),
        card=html.escape(str(view.pending)),
    )
    return (
        rules_note("pyramid_poker", q.options, RULES)
        + str(asking)
        + items_html(position_lines(view, q.seat))
    )


def choices(q: QuizQuestion) -> list[tuple[str, str]]:
    return [(str(hand_label(name)), name) for name in q.gains]


def answer(q: QuizQuestion) -> str:
    return q.answer


def feedback(q: QuizQuestion, value: str) -> tuple[bool, str | Message, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML): each hand's rise."""
    right = q.gains.get(value, -99.0) >= q.gains[q.answer] - 1e-9
    head = RIGHT if right else str(msg("<b>\u2718 Best: the {hand}.</b>", hand=hand_noun(q.answer)))
    block = html.escape(str(q.view.pending))
    if q.scoring == "basic":
        rise = "".join(
            "<li>"
            + str(msg("{hand}: {change} percentage points", hand=hand_word(name),
                      change=PointsChange(100 * gain, 1)))
            + "</li>"
            for name, gain in q.gains.items()
        )  # fmt: skip
        worth = msg(
            "Fill each hand's empty places from the blocks you have not seen, and see how much "
            "the {block} changes the hand's chance of winning its comparison with the other "
            "player's hand in the same place (a tie counts half), both filled from those blocks "
            "(against a random unseen block in its place):",
            block=block,
        )
        bot = msg(
            "The reasoning bot, which judges by a quick estimate of the advanced points whatever "
            "the scoring, would choose {hand}: {reason}.",
            hand=hand_word(q.bot_action.split()[1]),
            reason=html.escape(q.bot_reason),
        )
    else:
        rise = "".join(
            "<li>"
            + str(msg("{hand}: {change} expected points", hand=hand_word(name),
                      change=points_change(gain)))
            + "</li>"
            for name, gain in q.gains.items()
        )  # fmt: skip
        if q.penalty:
            worth = msg(
                "Fill each hand's empty places from the blocks you have not seen, and see how "
                "much the {block} changes the hand's expected advanced points, the penalty for "
                "three No Pair hands included (against a random unseen block in its place):",
                block=block,
            )
        else:
            worth = msg(
                "Fill each hand's empty places from the blocks you have not seen, and see how "
                "much the {block} changes the hand's expected advanced points (against a random "
                "unseen block in its place):",
                block=block,
            )
        bot = msg(
            "The reasoning bot, which judges by a quick estimate rather than this exact count, "
            "would choose {hand}: {reason}.",
            hand=hand_word(q.bot_action.split()[1]),
            reason=html.escape(q.bot_reason),
        )
    return right, head, f"{worth}</p><ul>{rise}</ul><p><small>{bot}</small></p>"


def asked_for(seed: int, options: Mapping[str, Any] | None = None) -> Asked:
    """The question dealt with ``seed`` under ``options`` (default: the standard rules), in
    words."""
    return asked(question(seed, options), prompt_html, choices, answer, feedback)
