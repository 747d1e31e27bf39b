"""Hand planning for the Dou Dizhu AI: split a hand into few plays, and count the cards unseen.

`plan` splits rank counts into a list of combinations that uses every card: bombs and the rocket
are kept aside, then a small search chooses which straights, pair runs and airplanes to make
(every choice is tried, remembered by the counts left), and the trios and airplanes take the
lowest loose singles or pairs as attachments.  `cost` scores a plan: one per play (a little more
for a loose low single, a little less for a 2 or a joker that wins its trick, nothing for a bomb),
so "how many plays do I still need" is a number a bot can compare before and after a play.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from cardlab.games.doudizhu.combos import BLACK_JOKER, RED_JOKER, SEQUENCE, TWO, Combo, Counts

FULL: Counts = (4,) * 13 + (1, 1)
"""The rank counts of the whole 54-card deck."""

LOW_SINGLE = 7  # a loose single below 10 is a liability: it needs a trick of its own


def _vec(pairs: Iterable[tuple[int, int]]) -> Counts:
    v = [0] * 15
    for rank, n in pairs:
        v[rank] += n
    return tuple(v)


def minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def unseen(hand: Counts, played: Iterable[Counts]) -> Counts:
    """Rank counts of the cards this player has not seen: the deck minus the hand and every
    card played so far."""
    left = list(FULL)
    for i, n in enumerate(hand):
        left[i] -= n
    for counts in played:
        for i, n in enumerate(counts):
            left[i] -= n
    return tuple(left)


# -- the plan -----------------------------------------------------------------------------------
def plan(hand: Counts) -> list[Combo]:
    """The plays this hand splits into (bombs and rocket included), weakest first."""
    return list(_plan(hand)[1])


def cost(hand: Counts) -> float:
    """How many plays the hand still needs, weighted (see the module docstring)."""
    return _plan(hand)[0]


# 2,048 plans of about 2 KB (a tuple of Combos): 4 MiB when full.  Over 60 deals at the table the
# hit rate is 22.8% at 1,024 entries and 23.0% with no bound (a plan is asked again within a
# trick or two); the old clear-at-50,000 dictionary grew a kernel about 0.09 MB a deal.
@lru_cache(maxsize=2048)
def _plan(hand: Counts) -> tuple[float, tuple[Combo, ...]]:
    rest = list(hand)
    kept: list[Combo] = []
    if rest[BLACK_JOKER] and rest[RED_JOKER]:
        rest[BLACK_JOKER] = rest[RED_JOKER] = 0
        kept.append(Combo("rocket", RED_JOKER, 2, _vec([(BLACK_JOKER, 1), (RED_JOKER, 1)])))
    for r in range(13):
        if rest[r] == 4:
            rest[r] = 0
            kept.append(Combo("bomb", r, 4, _vec([(r, 4)])))
    chains = _search(tuple(rest))[1]
    for width, low, top in chains:
        for i in range(low, top + 1):
            rest[i] -= width
    score, groups = _base(tuple(rest), list(chains))
    combos = sorted(groups, key=_weakness) + sorted(kept, key=lambda c: c.main)
    return score, tuple(combos)


def _weakness(c: Combo) -> tuple[int, int]:
    return (c.main, -c.size)


def _windows(r: Counts) -> list[tuple[int, int, int]]:
    """(width, low, top) of every straight, pair run and airplane core in ``r``."""
    out = []
    for width, least in ((1, 5), (2, 3), (3, 2)):
        for low in SEQUENCE:
            top = low
            while top < 12 and r[top] >= width:
                if top - low + 1 >= least:
                    out.append((width, low, top))
                top += 1
    return out


Chain = tuple[int, int, int]  # (width, low, top): a straight, pair run or airplane core


# The best chains of every rest of a hand searched, shared by all hands: the AI asks the cost of
# its hand minus each of its plays, and those hands share most of their sub-searches (a cold
# 19-card follow took 20-40 ms with a memo per hand).  An entry (its key, a float and a few
# 3-tuples) measured 0.4 KB: 4,096 entries are about 1.6 MiB when full; 60 AI deals fill 11,000,
# but the sharing that matters is within one decision.
@lru_cache(maxsize=4096)
def _search(r: Counts) -> tuple[float, tuple[Chain, ...]]:
    """The cost and the chains of the best plan of ``r`` (no bombs or rocket in it): try every
    chain to make first, plan what is left the same way, and keep the cheapest."""
    best: tuple[float, tuple[Chain, ...]] = (_score(r, ()), ())
    for chain in _windows(r):
        width, low, top = chain
        rest = list(r)
        for i in range(low, top + 1):
            rest[i] -= width
        sub_chains = _search(tuple(rest))[1]
        for w, lo, hi in sub_chains:
            for i in range(lo, hi + 1):
                rest[i] -= w
        chains = (chain, *sub_chains)
        score = _score(tuple(rest), chains)
        if score < best[0] - 1e-9:
            best = (score, chains)
    return best


def _base(r: Counts, chains: list[tuple[int, int, int]]) -> tuple[float, list[Combo]]:
    """Score ``chains`` plus the trios, pairs and singles of ``r`` (chains already removed),
    attaching the lowest singles or pairs to trios and airplanes."""
    singles = [i for i in range(15) if r[i] == 1]
    pairs = [i for i in range(13) if r[i] == 2]
    trios = [i for i in range(13) if r[i] == 3]
    cheap_singles = [i for i in singles if i < TWO]  # never waste a 2 or a joker as a wing
    cheap_pairs = [i for i in pairs if i < 11]
    groups: list[Combo] = []
    used_s: set[int] = set()
    used_p: set[int] = set()
    planes = sorted((c for c in chains if c[0] == 3), key=lambda c: c[2] - c[1], reverse=True)
    for _, low, top in planes:
        k = top - low + 1
        free_s = [i for i in cheap_singles if i not in used_s and not low <= i <= top]
        free_p = [i for i in cheap_pairs if i not in used_p and not low <= i <= top]
        core = [(i, 3) for i in range(low, top + 1)]
        if len(free_s) >= k and (len(free_p) < k or free_s[k - 1] <= free_p[k - 1] + 3):
            wings = free_s[:k]
            used_s.update(wings)
            groups.append(
                Combo("airplane_solo", top, 4 * k, _vec([*core, *((w, 1) for w in wings)]), k)
            )
        elif len(free_p) >= k:
            wings = free_p[:k]
            used_p.update(wings)
            groups.append(
                Combo("airplane_pair", top, 5 * k, _vec([*core, *((w, 2) for w in wings)]), k)
            )
        else:
            groups.append(Combo("airplane", top, 3 * k, _vec(core), k))
    for width, low, top in chains:
        if width == 3:
            continue
        kind = "straight" if width == 1 else "pair_run"
        k = top - low + 1
        groups.append(Combo(kind, top, width * k, _vec((i, width) for i in range(low, top + 1)), k))
    for t in trios:
        free_s = [i for i in cheap_singles if i not in used_s]
        free_p = [i for i in cheap_pairs if i not in used_p]
        if free_s and (not free_p or free_s[0] <= free_p[0] + 3):
            used_s.add(free_s[0])
            groups.append(Combo("trio_solo", t, 4, _vec([(t, 3), (free_s[0], 1)])))
        elif free_p:
            used_p.add(free_p[0])
            groups.append(Combo("trio_pair", t, 5, _vec([(t, 3), (free_p[0], 2)])))
        else:
            groups.append(Combo("trio", t, 3, _vec([(t, 3)])))
    for p in pairs:
        if p not in used_p:
            groups.append(Combo("pair", p, 2, _vec([(p, 2)])))
    for s in singles:
        if s not in used_s:
            groups.append(Combo("solo", s, 1, _vec([(s, 1)])))
    return sum(_weight(g) for g in groups), groups


def _score(r: Counts, chains: tuple[Chain, ...]) -> float:
    """`_base`'s cost without building its combinations (the search scores thousands of
    rests per hand): the same wings are chosen the same way, only counted."""
    singles = [i for i in range(15) if r[i] == 1]
    pairs = [i for i in range(13) if r[i] == 2]
    cheap_singles = [i for i in singles if i < TWO]
    cheap_pairs = [i for i in pairs if i < 11]
    used_s: set[int] = set()
    used_p: set[int] = set()
    score = float(len(chains))
    for _, low, top in sorted(
        (c for c in chains if c[0] == 3), key=lambda c: c[2] - c[1], reverse=True
    ):
        k = top - low + 1
        free_s = [i for i in cheap_singles if i not in used_s and not low <= i <= top]
        free_p = [i for i in cheap_pairs if i not in used_p and not low <= i <= top]
        if len(free_s) >= k and (len(free_p) < k or free_s[k - 1] <= free_p[k - 1] + 3):
            used_s.update(free_s[:k])
        elif len(free_p) >= k:
            used_p.update(free_p[:k])
    for t in range(13):
        if r[t] != 3:
            continue
        score += 1.0
        free_s = [i for i in cheap_singles if i not in used_s]
        free_p = [i for i in cheap_pairs if i not in used_p]
        if free_s and (not free_p or free_s[0] <= free_p[0] + 3):
            used_s.add(free_s[0])
        elif free_p:
            used_p.add(free_p[0])
    for p in pairs:
        if p not in used_p:
            score += 0.7 if p >= 11 else 1.0
    for i in singles:
        if i not in used_s:
            score += (0.6 if i == TWO else 0.5) if i >= TWO else (1.15 if i < LOW_SINGLE else 1.0)
    return score


def _weight(g: Combo) -> float:
    if g.kind == "solo":
        if g.main >= TWO:
            return 0.6 if g.main == TWO else 0.5
        return 1.15 if g.main < LOW_SINGLE else 1.0
    if g.kind == "pair":
        return 0.7 if g.main >= 11 else 1.0
    return 1.0
