"""Showdown and scoring (spec §3-§4): per-hand values, the three comparisons, points, arithmetic."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, Seat, msg, read
from cardlab.core.narration import Narration, Piece, told
from cardlab.games.poker.ranking import HandValue, evaluate
from cardlab.games.pyramid_poker.rules import (
    BONUS,
    HAND_NAMES,
    HAND_POINTS,
    NO_PAIR_PENALTY,
    hand_word,
    parse_cards,
)

HandsGiven = Sequence[Sequence[Card] | str] | str
"""One side's three hands: cards or notation each, or one notation with ``|`` between hands."""


class Lines(str):
    """Lines of words (messages, or plain text) read in a language: the showdown's arithmetic.

    As a ``str`` it is the English record (what a replay's event keeps, and what code that
    compares or escapes it sees); ``text(seat, lang)``, ``str()`` and an f-string read it in a
    language (the current one by default)."""

    lines: tuple[object, ...]

    def __new__(cls, lines: tuple[object, ...] = ()) -> Lines:
        lines = tuple(lines)
        made = super().__new__(cls, "\n".join(read(line, None, "en") for line in lines))
        made.lines = lines
        return made

    # str's pickling hook returns its text; Lines is rebuilt from its lines instead
    def __getnewargs__(self) -> tuple[tuple[object, ...]]:  # type: ignore[override]
        return (self.lines,)

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        return "\n".join(read(line, seat, lang) for line in self.lines)

    def __str__(self) -> str:
        return self.text()

    def __format__(self, spec: str) -> str:
        return format(self.text(), spec)

    def __add__(self, other: object) -> Lines:
        more = other.lines if isinstance(other, Lines) else (other,)
        return Lines((*self.lines, *more))


# -- the hands' names, the Pyramid Poker way (the poker names in this game's own catalog) -------
def category_name(category: str) -> Message:
    """A category's name as the scoring chart writes it: "Four of a Kind", "No Pair"."""
    return {
        "full_colors": msg("Royal Flush"),
        "half_colors": msg("Straight Flush"),
        "four_up": msg("Four of a Kind"),
        "full_up": msg("Full House"),
        "colors": msg("Flush"),
        "run": msg("Straight"),
        "three_up": msg("Three of a Kind"),
        "two_pair": msg("Two Pair"),
        "one_pair": msg("Pair"),
        "high_card": msg("No Pair"),
    }[category]


def _rank_one(value: int) -> Message:
    # Translators: a card's rank named alone, as in "King High" (the hand's highest card)
    return {
        2: msg("Two"), 3: msg("Three"), 4: msg("Four"), 5: msg("Five"), 6: msg("Six"),
        7: msg("Seven"), 8: msg("Eight"), 9: msg("Nine"), 10: msg("Ten"), 11: msg("Jack"),
        12: msg("Queen"), 13: msg("King"), 14: msg("Ace"),
    }[value]  # fmt: skip


def _rank_many(value: int) -> Message:
    # Translators: several cards of one rank, as in "One Pair, Nines" (a pair of nines)
    return {
        2: msg("Twos"), 3: msg("Threes"), 4: msg("Fours"), 5: msg("Fives"), 6: msg("Sixes"),
        7: msg("Sevens"), 8: msg("Eights"), 9: msg("Nines"), 10: msg("Tens"), 11: msg("Jacks"),
        12: msg("Queens"), 13: msg("Kings"), 14: msg("Aces"),
    }[value]  # fmt: skip


def _short(value: int) -> str:
    return {10: "10", 11: "J", 12: "Q", 13: "K", 14: "A"}.get(value, str(value))


def hand_title(value: HandValue) -> Message:
    """A complete hand's poker name with its ranks, as `HandValue.poker_name` says it in English
    ("Three of a Kind, Kings", "Straight, 5-high", "King High"), in every language."""
    cat, key = value.category, value.key
    if cat == "full_colors":
        return msg("Royal Flush")
    if cat == "high_card":
        return msg("{rank} High", rank=_rank_one(key[0]))
    if cat == "run":
        return msg("Straight, {rank}-high", rank=_short(key[0]))
    if cat == "half_colors":
        return msg("Straight Flush, {rank}-high", rank=_short(key[0]))
    if cat == "colors":
        return msg("Flush, {ranks}", ranks="-".join(_short(v) for v in key))
    if cat == "full_up":
        return msg(
            "Full House, {three} over {two}", three=_rank_many(key[0]), two=_rank_many(key[1])
        )
    if cat == "two_pair":
        return msg("Two Pair, {high} and {low}", high=_rank_many(key[0]), low=_rank_many(key[1]))
    if cat == "four_up":
        return msg("Four of a Kind, {rank}", rank=_rank_many(key[0]))
    if cat == "three_up":
        return msg("Three of a Kind, {rank}", rank=_rank_many(key[0]))
    return msg("One Pair, {rank}", rank=_rank_many(key[0]))


def verdict(comparison: int) -> Message:
    """One comparison's result: +1 Player 1 wins, -1 Player 2 wins, 0 a tie."""
    if comparison == 0:
        # Translators: a comparison of two poker hands that neither player wins
        return msg("tie")
    return msg("{player} wins", player=seat_name(0 if comparison > 0 else 1))


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
    arithmetic: Lines

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

    @property
    def titles(self) -> tuple[tuple[Message, ...], ...]:
        """The hands' names as a learner reads them (`hand_title`), in any language."""
        return tuple(tuple(hand_title(v) for v in side) for side in self.values)


def hand_points(value: HandValue) -> int:
    """Advanced points of one evaluated hand."""
    return HAND_POINTS[value.category]


def _hands(hands: HandsGiven) -> tuple[tuple[Card, ...], ...]:
    if isinstance(hands, str):
        hands = hands.split("|")
    out = tuple(parse_cards(h) if isinstance(h, str) else tuple(h) for h in hands)
    if len(out) != 3:
        raise ValueError(
            msg(
                "a player has exactly three hands (left, centre, right), got {count}",
                count=len(out),
            )
        )
    return out


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"- {-n}"


def score_hands(
    hands_a: HandsGiven,
    hands_b: HandsGiven,
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
    penalty_a, penalty_b = (
        NO_PAIR_PENALTY
        if all_three_no_pair_penalty and all(v.category == "high_card" for v in side)
        else 0
        for side in values
    )
    penalty = (penalty_a, penalty_b)
    adv = (sum(points[0]) + bonus[0] + penalty[0], sum(points[1]) + bonus[1] + penalty[1])
    winner = None if wins[0] == wins[1] else (0 if wins[0] > wins[1] else 1)
    lines: list[object] = []
    for pos, name in enumerate(HAND_NAMES):
        va, vb = values[0][pos], values[1][pos]
        lines.append(
            msg(
                "{hand}: {first} v {second}: {verdict}",
                hand=hand_word(name),
                first=hand_title(va),
                second=hand_title(vb),
                verdict=verdict(comps[pos]),
            )
        )
    lines.append(msg("comparisons won: Player 1 {first}, Player 2 {second}", first=wins[0],
                     second=wins[1]))  # fmt: skip
    if advanced:
        for s in (0, 1):
            terms = f"{points[s][0]} " + " ".join(_signed(p) for p in points[s][1:])
            sums: list[Piece | Narration] = [terms]
            if bonus[s]:
                sums += [" ", msg("{term} (won {count})", term=_signed(bonus[s]), count=wins[s])]
            if penalty[s]:
                sums += [" ", msg("{term} (all three No Pair)", term=_signed(penalty[s]))]
            lines.append(
                msg(
                    "{player}: {sum} = {total}",
                    player=seat_name(s),
                    sum=told(*sums),
                    total=adv[s],
                )
            )
    elif winner is None:
        lines.append(msg("basic game: draw"))
    else:
        lines.append(msg("basic game: {player} wins", player=seat_name(winner)))
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
        arithmetic=Lines(tuple(lines)),
    )
