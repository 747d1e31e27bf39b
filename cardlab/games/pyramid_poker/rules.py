"""Pyramid Poker (Weissblum & Woods; BGA "pyramidpoker"): the rules as cardlab plays them.

* 54 blocks: the 52 standard cards and two pharaoh jokers (``BJ``, ``RJ``), which are **not
  wild**.  Each player gets 15 random face-down blocks (their personal supply); the other 24
  are the face-down general supply.
* BUILD (30 turns, alternating): draw a random block from your own supply, look at it, and
  place it face towards you (only you see its face) on an empty foundation slot or centred on
  two adjacent blocks of the row below.  Row r has ``W - r`` slots; slot (r, i), r >= 1, rests
  on (r-1, i) and (r-1, i+1).  Slots are numbered as the renderer numbers them:
  ``pyramid_index(r, i, W)`` (row 0 first, left to right).
* TAKE (30 turns, alternating, same first player): take any block with nothing on top of it
  (either player's), turn it face up; a joker is discarded, 3 blocks of the general supply
  are turned up and you keep one non-joker (the rest are discarded face up); put the kept
  block into one of your three hands (left, centre, right), at most 5 each, never moved.
* SHOWDOWN: left v left, centre v centre, right v right under standard poker ranking
  (A-2-3-4-5 the lowest straight, suits never break ties).
* Basic scoring: more comparisons won wins the game; equal wins is a draw.
* Advanced scoring: every hand scores (Royal Flush 5, Straight Flush 4, Four of a Kind 3,
  Full House 2, Flush 1, Straight 1, Trips/Two Pair/Pair 0, No Pair -1) plus +3 for winning
  exactly 2 comparisons or +4 for all 3.  The match ends after the game in which a player
  reaches the target (7 or 11); equal totals play another game.

Resolutions of the rule text's questions (docs/rules/pyramid_poker.md §5):

* Q1 foundation width: option ``foundation_width``, default 8 (capacity 36 >= 30).
* Q2 the block drawn from the personal supply is random (chance ``draw Xs``).
* Q3 a joker among the 3 revealed blocks cannot be kept; choose among the non-jokers.
* Q4 A-2-3-4-5 is a straight (5-high); T-J-Q-K-A suited is the Royal Flush (5 points).
* Q5 a tied comparison counts for neither player; 2 wins + 1 tie earns the +3 bonus.
* Q6 the first player is random in game 1, then alternates; the first builder also takes first.
* Q7 "every hand lower than one pair: -1" is the chart's -1 per No-Pair hand (no double
  count); option ``all_three_no_pair_penalty`` adds an extra -1 when all three hands are
  No Pair.
* Q8 every hand scores, won or lost.
* Q9 taken blocks and blocks revealed from the general supply are seen by both players.
* **Q10 a guaranteed end (cardlab).**  "Equal totals play another game" and games that score
  nothing (or below zero) could make a match go on for ever.  An advanced match to ``target``
  lasts at most ``2 x target`` games (`game_limit`): if it has not ended after that game, it
  ends there, the higher total wins and equal totals draw.  The narration says so.  Real matches
  end long before: in 40 seeded matches the reasoning bots needed at most 5 games to reach 11.
  A basic game, or a match of a set number of ``games``, ends by itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardlab.core.cards import BLOCKS, Card
from cardlab.core.i18n import Message, msg, num

DECK = BLOCKS
JOKERS = ("BJ", "RJ")
SUPPLY_SIZE = 15
GENERAL_SIZE = 24
PLACEMENTS = 30
HAND_SIZE = 5
HAND_NAMES = ("left", "centre", "right")
REVEAL = 3
DEFAULT_WIDTH = 8

HAND_POINTS: dict[str, int] = {
    "full_colors": 5,
    "half_colors": 4,
    "four_up": 3,
    "full_up": 2,
    "colors": 1,
    "run": 1,
    "three_up": 0,
    "two_pair": 0,
    "one_pair": 0,
    "high_card": -1,
}
"""Advanced scoring per hand, by `cardlab.games.poker.ranking` category."""

BONUS = {0: 0, 1: 0, 2: 3, 3: 4}
NO_PAIR_PENALTY = -1
"""The extra points of three No Pair hands under ``all_three_no_pair_penalty`` (Q7)."""
"""Advanced comparison bonus by the number of comparisons won."""


def game_limit(target: int) -> int:
    """The most games an advanced match to ``target`` lasts (the guaranteed end)."""
    return 2 * target


def is_joker(card: Card) -> bool:
    return card.rank in JOKERS


@dataclass(frozen=True)
class PointsChange:
    """A change in expected points, signed with two decimals, written the language's way
    (``+0.55``, ``+0,55``): put it in a message's placeholder, or ``str()`` it."""

    value: float
    digits: int = 2

    def text(self, seat: object = None, lang: str | None = None) -> str:
        english = f"{self.value:+.{self.digits}f}"
        return english[0] + num(abs(self.value), self.digits).text(None, lang)

    def __str__(self) -> str:
        return self.text()


def points_change(gain: float) -> PointsChange:
    """A change in expected points as every Pyramid Poker text writes it: signed, two decimals
    (the quiz, the odds panel and the bots' reasons once showed +0.550 and +0.79 side by side)."""
    return PointsChange(float(gain))


def hand_label(name: str) -> Message:
    """A hand's name on its button, its score-sheet row and its row of the picture: "Left"."""
    return {"left": msg("Left"), "centre": msg("Centre"), "right": msg("Right")}[name]


def hand_word(name: str) -> Message:
    """A hand's name in lower case, as a line of the showdown's arithmetic starts: "left"."""
    return {
        # Translators: a poker hand's name (the left one of three), starting a score line
        "left": msg("left"),
        # Translators: a poker hand's name (the centre one of three), starting a score line
        "centre": msg("centre"),
        # Translators: a poker hand's name (the right one of three), starting a score line
        "right": msg("right"),
    }[name]


def hand_noun(name: str) -> Message:
    """A hand named in a list or a line of words: "left hand"."""
    return {
        "left": msg("left hand"),
        "centre": msg("centre hand"),
        "right": msg("right hand"),
    }[name]


def full_set() -> tuple[Card, ...]:
    """All 54 blocks in canonical order."""
    return DECK.cards()


def capacity(width: int) -> int:
    """Slots in a full triangle of foundation ``width``."""
    return width * (width + 1) // 2


def slot_index(r: int, i: int, width: int) -> int:
    """Flat slot number of (row r, position i), as `cardlab.render.layout.pyramid_index`."""
    if not (0 <= r < width and 0 <= i < width - r):
        raise ValueError(f"no slot ({r}, {i}) in a pyramid of width {width}")
    return sum(width - q for q in range(r)) + i


def slot_position(k: int, width: int) -> tuple[int, int]:
    """(row, position) of flat slot ``k``, as `cardlab.render.layout.pyramid_position`."""
    r = 0
    while r < width and k >= width - r:
        k -= width - r
        r += 1
    if r >= width or k < 0:
        raise ValueError(f"no slot {k} in a pyramid of width {width}")
    return r, k


def slot_name(k: int, width: int) -> Message:
    """Flat slot ``k`` as every text names it (log, controls, text version, refusals): counted
    from 1 as a player counts, rows from the bottom and positions from the left,
    e.g. "slot 2 (row 1, position 2)".  The action text counts the same way (`slot_action`)."""
    r, i = slot_position(k, width)
    return msg(
        "slot {slot} (row {row}, position {position})", slot=k + 1, row=r + 1, position=i + 1
    )


def slot_action(verb: str, k: int) -> str:
    """The action text ``place N`` or ``take N`` of flat slot ``k``: N counts from 1, as the
    table and every text name the slot, so a learner's moves read alike in the log, the what-if
    list, the quiz and the results file ("Place slot 5" is ``place 5``)."""
    return f"{verb} {k + 1}"


def action_slot(action: str) -> int:
    """The flat slot (from 0) of a well-formed ``place N`` or ``take N`` (N from 1)."""
    return int(action.split()[1]) - 1


def parse_cards(text: str) -> tuple[Card, ...]:
    """Blocks from notation; the spec's suit glyphs (♠♥♦♣) are accepted."""
    return DECK.parse(text)
