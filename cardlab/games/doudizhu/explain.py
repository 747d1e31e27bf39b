"""Why a set of cards is not a combination, or does not beat the table, in a learner's words.

`classify` only says *whether* cards form a combination; a student needs to hear *which rule*
they broke ("a straight cannot contain a 2").  These checks look for the nearest shape the cards
were probably meant as and name the rule that shape breaks.  Every reason is a `Message`, read
in the page's language.
"""

from __future__ import annotations

from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.doudizhu.combos import (
    BLACK_JOKER,
    CHAIN_WORDS,
    KIND_NAMES,
    RANKS,
    RED_JOKER,
    TWO,
    Combo,
    Counts,
    a_kind,
    sized,
)

_SHAPES = {1: "straight", 2: "pair_run", 3: "airplane"}


def _word(i: int) -> str | Message:
    rank = RANKS[i]
    if rank == "BJ":
        return msg("Black joker")
    if rank == "RJ":
        return msg("Red joker")
    return "10" if rank == "T" else rank


def why_not_combo(c: Counts, ruleset: str) -> Message:
    """The rule these rank counts break (they are known not to form any combination)."""
    n = sum(c)
    used = [i for i in range(15) if c[i]]
    if n == 2:
        if c[BLACK_JOKER] or c[RED_JOKER]:
            return msg("a pair needs two cards of the same rank (a joker pairs with nothing)")
        return msg("a pair needs two cards of the same rank")
    widths = {c[i] for i in used}
    core = _longest_core(c)
    if (
        len(widths) == 1
        and len(used) > 1
        and widths != {4}
        and not (widths == {3} and len(core) >= 2)
    ):
        width = widths.pop()
        shape = a_kind(CHAIN_WORDS[_SHAPES[width]])
        if any(i >= TWO for i in used):
            return msg("{shape} cannot contain a 2 or a joker", shape=shape)
        if used[-1] - used[0] != len(used) - 1:
            return msg("the ranks of {shape} must be consecutive", shape=shape)
        if width == 1:
            return msg("{shape} needs at least {count} cards", shape=shape, count=5)
        if width == 2:
            return msg("{shape} needs at least {count} pairs", shape=shape, count=3)
        return msg("{shape} needs at least {count} trios", shape=shape, count=2)
    if len(core) >= 2:
        return _why_not_airplane(c, core, ruleset)
    if any(c[i] == 4 for i in used) and n in (6, 8):
        return _why_not_four(c, ruleset)
    trios = [i for i in used if c[i] >= 3]
    if len(trios) >= 2:
        if any(i >= TWO for i in trios):
            return msg("a 2 cannot be part of an airplane's core (only 3 to A can)")
        return msg("an airplane's trios must be of consecutive ranks")
    if trios and n in (4, 5):
        return msg("a trio takes one single or one pair of a different rank")
    return msg(
        "these cards do not form any combination (solo, pair, trio, trio + solo or pair, "
        "straight, pair run, airplane, four + two, bomb or rocket)"
    )


def _why_not_airplane(c: Counts, core: list[int], ruleset: str) -> Message:
    """Cards with a run of trios (the core) whose wings break a rule."""
    if any(c[i] == 4 for i in core):
        return msg("wings may not use a rank of the airplane")
    k = len(core)
    wings = [0 if i in core else n for i, n in enumerate(c)]
    count = sum(wings)
    if wings[BLACK_JOKER] and wings[RED_JOKER]:
        return msg("wings may not be both jokers")
    if count == 2 * k and all(n % 2 == 0 for n in wings) and max(wings) > 2:
        return msg("pair wings must be of different ranks")
    if count == k and max(wings) >= 3:
        return msg("single wings may not include a triple or four of a kind")
    if count == k and ruleset == "pagat" and max(wings) == 2:
        return msg("under pagat rules single wings must all be different ranks")
    return msgn(
        "an airplane of {count} trios takes exactly {count} single wings or {count} pairs of "
        "different ranks, none of them a rank of the airplane (here {other} other cards)",
        "an airplane of {count} trios takes exactly {count} single wings or {count} pairs of "
        "different ranks, none of them a rank of the airplane (here {other} other cards)",
        k,
        other=count,
    )


def _why_not_four(c: Counts, ruleset: str) -> Message:
    if c[BLACK_JOKER] and c[RED_JOKER]:
        return msg("the attachments on a four may not be both jokers")
    if sum(c) == 6 and ruleset == "pagat":
        return msg("under pagat rules the two singles on a four must be different ranks")
    return msg("a four takes two singles, or two pairs of different ranks")


def _longest_core(c: Counts) -> list[int]:
    """The longest run of consecutive sequence ranks (3 ... A) with at least three cards each."""
    best: list[int] = []
    run: list[int] = []
    for i in range(12):
        run = [*run, i] if c[i] >= 3 else []
        if len(run) > len(best):
            best = run
    return best


def why_not_beating(play: Combo, table: Combo) -> Message:
    """Why ``play`` (a valid combination) does not beat ``table``."""
    if table.kind == "rocket":
        return msg("nothing beats the rocket")
    if play.kind == "bomb" and table.kind == "bomb":
        return msg(
            "a bomb of {rank}s does not beat a higher bomb of {higher}s",
            rank=_word(play.main),
            higher=_word(table.main),
        )
    if play.kind != table.kind:
        return msg(
            "{play} cannot beat {table}: play the same type with the same number of cards, a "
            "bomb or the rocket",
            play=a_kind(KIND_NAMES[play.kind]),
            table=a_kind(KIND_NAMES[table.kind]),
        )
    if play.size != table.size:
        return msg(
            "{play} cannot beat {table}: the number of cards must match",
            play=sized(play.size, play.kind),
            table=sized(table.size, table.kind),
        )
    return msg(
        "{play} does not beat {table}: the main rank must be strictly higher than {rank}",
        play=play.name,
        table=table.name,
        rank=_word(table.main),
    )
