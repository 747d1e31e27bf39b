"""Why a set of cards is not a combination, or does not beat the table, in a learner's words.

`classify` only says *whether* cards form a combination; a student needs to hear *which rule*
they broke ("a straight cannot contain a 2").  These checks look for the nearest shape the cards
were probably meant as and name the rule that shape breaks.
"""

from __future__ import annotations

from itertools import pairwise

from cardlab.games.doudizhu.combos import (
    BLACK_JOKER,
    KIND_NAMES,
    RANKS,
    RED_JOKER,
    TWO,
    Combo,
    Counts,
)


def _word(i: int) -> str:
    return {"T": "10", "BJ": "Black joker", "RJ": "Red joker"}.get(RANKS[i], RANKS[i])


def why_not_combo(c: Counts, ruleset: str) -> str:
    """The rule these rank counts break (they are known not to form any combination)."""
    n = sum(c)
    used = [i for i in range(15) if c[i]]
    widths = {c[i] for i in used}
    if len(widths) == 1 and len(used) > 1:
        width = widths.pop()
        shape = {1: "straight", 2: "pair run", 3: "airplane"}.get(width)
        if shape:
            if any(i >= TWO for i in used):
                return f"a {shape} cannot contain a 2 or a joker"
            if used[-1] - used[0] != len(used) - 1:
                return f"the ranks of a {shape} must be consecutive"
            least = {1: 5, 2: 3, 3: 2}[width]
            unit = {1: "cards", 2: "pairs", 3: "trios"}[width]
            return f"a {shape} needs at least {least} {unit}"
    trios = [i for i in used if c[i] >= 3]
    if len(trios) >= 2 or (trios and n in (8, 10, 12, 15, 16, 20)):
        return _why_not_airplane(c, ruleset)
    if any(c[i] == 4 for i in used) and n in (6, 8):
        return _why_not_four(c, ruleset)
    if n == 2 and c[BLACK_JOKER] + c[RED_JOKER] == 1:
        return "a pair needs two cards of the same rank (a joker pairs with nothing)"
    if trios and n in (4, 5):
        return "a trio takes one single or one pair of a different rank"
    return (
        "these cards do not form any combination (solo, pair, trio, trio + solo or pair, "
        "straight, pair run, airplane, four + two, bomb or rocket)"
    )


def _why_not_airplane(c: Counts, ruleset: str) -> str:
    trios = [i for i in range(15) if c[i] >= 3]
    if any(i >= TWO for i in trios) and not _has_core(c, [i for i in trios if i < TWO]):
        return "a 2 cannot be part of an airplane's core (only 3 to A can)"
    if not _has_core(c, trios):
        return "an airplane's trios must be of consecutive ranks"
    if c[BLACK_JOKER] and c[RED_JOKER]:
        return "wings may not be both jokers"
    if any(c[i] == 4 for i in trios):
        return "wings may not use a rank of the airplane"
    wings = [i for i in range(15) if 0 < c[i] < 3]
    if ruleset == "pagat" and any(c[i] == 2 for i in wings):
        return "under pagat rules single wings must all be different ranks"
    if len([i for i in range(15) if c[i] >= 3]) > _longest_core(c):
        return "single wings may not include a triple or four of a kind"
    return (
        "an airplane with k trios takes exactly k single wings or k pairs of different ranks "
        "(none of them a rank of the airplane)"
    )


def _why_not_four(c: Counts, ruleset: str) -> str:
    if c[BLACK_JOKER] and c[RED_JOKER]:
        return "the two attachments on a four may not be both jokers"
    if sum(c) == 6 and ruleset == "pagat":
        return "under pagat rules the two singles on a four must be different ranks"
    return "a four takes two singles, or two pairs of different ranks"


def _has_core(c: Counts, trios: list[int]) -> bool:
    return any(b - a == 1 for a, b in pairwise(trios)) and trios[-1] < TWO


def _longest_core(c: Counts) -> int:
    best = run = 0
    for i in range(12):
        run = run + 1 if c[i] >= 3 else 0
        best = max(best, run)
    return best


def why_not_beating(play: Combo, table: Combo) -> str:
    """Why ``play`` (a valid combination) does not beat ``table``."""
    if table.kind == "rocket":
        return "nothing beats the rocket"
    if play.kind == "bomb" and table.kind == "bomb":
        return f"a bomb of {_word(play.main)}s does not beat a higher bomb of {_word(table.main)}s"
    if play.kind != table.kind:
        return (
            f"a {KIND_NAMES[play.kind]} cannot beat a {KIND_NAMES[table.kind]}: play the same "
            "type with the same number of cards, a bomb or the rocket"
        )
    if play.size != table.size:
        return (
            f"a {play.size}-card {KIND_NAMES[play.kind].lower()} cannot beat a "
            f"{table.size}-card {KIND_NAMES[table.kind].lower()}: the number of cards must match"
        )
    return (
        f"{play.name} does not beat {table.name}: the main rank must be strictly higher "
        f"than {_word(table.main)}"
    )
