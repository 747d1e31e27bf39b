"""Showdown and scoring (spec §3-§4): per-hand values, the three comparisons, points, arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.cards import Card
from cardlab.games.poker.ranking import HandValue, evaluate
from cardlab.games.pyramid_poker.rules import (
    BONUS,
    HAND_NAMES,
    HAND_POINTS,
    NO_PAIR_PENALTY,
    parse_cards,
)


@dataclass(frozen=True)
class ShowdownResult:
    """One game's showdown from both players' side (index 0 = ``hands_a``, 1 = ``hands_b``)."""

    hands: tuple[tuple[tuple[Card, ...], ...], ...]
    values: tuple[tuple[HandValue, ...], ...]
    comparisons: tuple[int, ...]
    """Per position (left, centre, right): +1 player A wins, -1 player B wins, 0 tie."""
    wins: tuple[int, int]
    hand_points: tuple[tuple[int, ...], ...]
    bonus: tuple[int, int]
    penalty: tuple[int, int]
    advanced_points: tuple[int, int]
    advanced: bool
    winner: int | None
    """Basic result: the seat with more comparisons won, None for a draw."""
    arithmetic: str

    @property
    def points(self) -> tuple[int, int]:
        """Game points: advanced points, or in the basic game 1 to the winner."""
        if self.advanced:
            return self.advanced_points
        if self.winner is None:
            return (0, 0)
        return (1, 0) if self.winner == 0 else (0, 1)

    @property
    def categories(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(v.category for v in side) for side in self.values)

    @property
    def names(self) -> tuple[tuple[str, ...], ...]:
        return tuple(tuple(v.poker_name for v in side) for side in self.values)


def hand_points(value: HandValue) -> int:
    """Advanced points of one evaluated hand."""
    return HAND_POINTS[value.category]


def _hands(hands) -> tuple[tuple[Card, ...], ...]:
    if isinstance(hands, str):
        hands = hands.split("|")
    out = tuple(parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands)
    if len(out) != 3:
        raise ValueError(f"a player has exactly three hands (left, centre, right), got {len(out)}")
    return out


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def score_hands(
    hands_a: Sequence | str,
    hands_b: Sequence | str,
    advanced: bool = True,
    all_three_no_pair_penalty: bool = False,
) -> ShowdownResult:
    """Compare left/centre/right and score both players.

    Each side is three hands of five blocks: cards, notation strings, or one string with ``|``
    between hands (``"9h 9d 9c 4d 4h | 2c 5d 8c Jh Kd | 3s 4s 5s 6s 7s"``).
    """
    sides = (_hands(hands_a), _hands(hands_b))
    values = tuple(tuple(evaluate(h) for h in side) for side in sides)
    comps = tuple((a > b) - (a < b) for a, b in zip(values[0], values[1], strict=True))
    wins = (comps.count(1), comps.count(-1))
    points = tuple(tuple(hand_points(v) for v in side) for side in values)
    bonus = (BONUS[wins[0]], BONUS[wins[1]])
    penalty = tuple(
        NO_PAIR_PENALTY
        if all_three_no_pair_penalty and all(v.category == "high_card" for v in side)
        else 0
        for side in values
    )
    adv = tuple(sum(points[s]) + bonus[s] + penalty[s] for s in (0, 1))
    winner = None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
    lines = []
    for pos, name in enumerate(HAND_NAMES):
        va, vb = values[0][pos], values[1][pos]
        verdict = {1: "Player 1 wins", -1: "Player 2 wins", 0: "tie"}[comps[pos]]
        lines.append(f"{name}: {va.poker_name} v {vb.poker_name}: {verdict}")
    lines.append(f"comparisons won: Player 1 {wins[0]}, Player 2 {wins[1]}")
    if advanced:
        for s in (0, 1):
            terms = f"{points[s][0]} " + " ".join(_signed(p) for p in points[s][1:])
            extra = ""
            if bonus[s]:
                extra += f" {_signed(bonus[s])} (won {wins[s]})"
            if penalty[s]:
                extra += f" {_signed(penalty[s])} (all three No Pair)"
            lines.append(f"Player {s + 1}: {terms}{extra} = {adv[s]}")
    else:
        lines.append(
            "basic game: draw" if winner is None else f"basic game: Player {winner + 1} wins"
        )
    return ShowdownResult(
        hands=sides,
        values=values,
        comparisons=comps,
        wins=wins,
        hand_points=points,
        bonus=bonus,
        penalty=penalty,
        advanced_points=adv,
        advanced=advanced,
        winner=winner,
        arithmetic="\n".join(lines),
    )
