"""Why a set of cards is not a combination, or does not beat the table, in a learner's words.

`classify` only says *whether* cards form a combination; a student needs to hear *which rule*
they broke ("a straight cannot contain a 2").  These checks look for the nearest shape the cards
were probably meant as and name the rule that shape breaks.
"""

from __future__ import annotations

from cardlab.core.text import with_article
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
    if n == 2:
        joker = " (a joker pairs with nothing)" if c[BLACK_JOKER] or c[RED_JOKER] else ""
        return f"a pair needs two cards of the same rank{joker}"
    widths = {c[i] for i in used}
    core = _longest_core(c)
    if (
        len(widths) == 1
        and len(used) > 1
        and widths != {4}
        and not (widths == {3} and len(core) >= 2)
    ):
        width = widths.pop()
        shape = with_article({1: "straight", 2: "pair run", 3: "airplane"}[width])
        if any(i >= TWO for i in used):
            return f"{shape} cannot contain a 2 or a joker"
        if used[-1] - used[0] != len(used) - 1:
            return f"the ranks of {shape} must be consecutive"
        least = {1: 5, 2: 3, 3: 2}[width]
        unit = {1: "cards", 2: "pairs", 3: "trios"}[width]
        return f"{shape} needs at least {least} {unit}"
    if len(core) >= 2:
        return _why_not_airplane(c, core, ruleset)
    if any(c[i] == 4 for i in used) and n in (6, 8):
        return _why_not_four(c, ruleset)
    trios = [i for i in used if c[i] >= 3]
    if len(trios) >= 2:
        if any(i >= TWO for i in trios):
            return "a 2 cannot be part of an airplane's core (only 3 to A can)"
        return "an airplane's trios must be of consecutive ranks"
    if trios and n in (4, 5):
        return "a trio takes one single or one pair of a different rank"
    return (
        "these cards do not form any combination (solo, pair, trio, trio + solo or pair, "
        "straight, pair run, airplane, four + two, bomb or rocket)"
    )


def _why_not_airplane(c: Counts, core: list[int], ruleset: str) -> str:
    """Cards with a run of trios (the core) whose wings break a rule."""
    if any(c[i] == 4 for i in core):
        return "wings may not use a rank of the airplane"
    k = len(core)
    wings = [0 if i in core else n for i, n in enumerate(c)]
    count = sum(wings)
    if wings[BLACK_JOKER] and wings[RED_JOKER]:
        return "wings may not be both jokers"
    if count == 2 * k and all(n % 2 == 0 for n in wings) and max(wings) > 2:
        return "pair wings must be of different ranks"
    if count == k and max(wings) >= 3:
        return "single wings may not include a triple or four of a kind"
    if count == k and ruleset == "pagat" and max(wings) == 2:
        return "under pagat rules single wings must all be different ranks"
    return (
        f"an airplane of {k} trios takes exactly {k} single wings or {k} pairs of different "
        f"ranks, none of them a rank of the airplane (here {count} other cards)"
    )


def _why_not_four(c: Counts, ruleset: str) -> str:
    if c[BLACK_JOKER] and c[RED_JOKER]:
        return "the attachments on a four may not be both jokers"
    if sum(c) == 6 and ruleset == "pagat":
        return "under pagat rules the two singles on a four must be different ranks"
    return "a four takes two singles, or two pairs of different ranks"


def _longest_core(c: Counts) -> list[int]:
    """The longest run of consecutive sequence ranks (3 ... A) with at least three cards each."""
    best: list[int] = []
    run: list[int] = []
    for i in range(12):
        run = [*run, i] if c[i] >= 3 else []
        if len(run) > len(best):
            best = run
    return best


def why_not_beating(play: Combo, table: Combo) -> str:
    """Why ``play`` (a valid combination) does not beat ``table``."""
    if table.kind == "rocket":
        return "nothing beats the rocket"
    if play.kind == "bomb" and table.kind == "bomb":
        return f"a bomb of {_word(play.main)}s does not beat a higher bomb of {_word(table.main)}s"
    if play.kind != table.kind:
        return (
            f"{with_article(KIND_NAMES[play.kind])} cannot beat "
            f"{with_article(KIND_NAMES[table.kind])}: play the same type with the same number "
            "of cards, a bomb or the rocket"
        )
    if play.size != table.size:
        mine = with_article(f"{play.size}-card {KIND_NAMES[play.kind].lower()}")
        theirs = with_article(f"{table.size}-card {KIND_NAMES[table.kind].lower()}")
        return f"{mine} cannot beat {theirs}: the number of cards must match"
    return (
        f"{play.name} does not beat {table.name}: the main rank must be strictly higher "
        f"than {_word(table.main)}"
    )
