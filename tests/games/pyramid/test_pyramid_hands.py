"""Pyramid hands: the spec's worked examples A-J, errors, and an independent brute-force
classifier (every role assignment of every card, tried naively) against `evaluate`."""

from __future__ import annotations

import random
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import PYRAMID, Card
from cardlab.games.pyramid import (
    CLASSES,
    HandClass,
    KeystoneRole,
    PyramidValue,
    best_arrangement,
    evaluate,
    parse,
)
from cardlab.games.pyramid.hands import KIND_COPIES, cards_of_counts

DECK_CARDS = PYRAMID.cards()

# -- an independent classifier, written straight from §3 ----------------------------------------

COLOUR = {"O": 1, "G": 2, "P": 3}
SHAPE_OF = {(1, 2, 2, 3, 3, 3): 3, (2, 2, 3, 3, 3): 2, (2, 3, 3): 1}  # sorted levels -> type_rank
SUBSTITUTES = [(level, colour) for level in (1, 2, 3) for colour in "PGO"]


def brute_key(hand) -> tuple[int, ...]:
    """Try every way to give each card a role (pyramid or kicker, and for the Keystone every
    (level, colour) it may stand for), keep the legal pyramids, return the largest §3 key."""
    options = []
    for card in hand:
        if card.rank == "K":
            options.append([("kicker", None)] + [("pyramid", sub) for sub in SUBSTITUTES])
        else:
            real = (int(card.rank), card.suit)
            options.append([("kicker", None), ("pyramid", real)])
    best = None
    for roles in product(*options):
        pyramid = [face for role, face in roles if role == "pyramid"]
        kickers = [card for card, (role, _) in zip(hand, roles, strict=True) if role == "kicker"]
        strengths = sorted(
            (100 if c.rank == "K" else (4 - int(c.rank)) * 10 + COLOUR[c.suit] for c in kickers),
            reverse=True,
        )
        if not pyramid:
            key = (0, 0, 0, 0, *strengths)
        else:
            type_rank = SHAPE_OF.get(tuple(sorted(level for level, _ in pyramid)))
            if type_rank is None:
                continue
            keystone_face = next(
                (face for card, (r, face) in zip(hand, roles, strict=True)
                 if card.rank == "K" and r == "pyramid"),
                None,
            )  # fmt: skip
            colours = {colour for _, colour in pyramid}
            perfect = len(colours) == 1
            if perfect:
                apex = int(type_rank == 3 and keystone_face is not None and keystone_face[0] == 1)
                colour_term = COLOUR[colours.pop()]
            else:
                apex = 0
                if type_rank == 3:
                    if keystone_face is not None and keystone_face[0] == 1:
                        colour_term = 4
                    else:
                        colour_term = COLOUR[next(c for lv, c in pyramid if lv == 1)]
                else:
                    colour_term = 0
            key = (type_rank, int(perfect), apex, colour_term, *strengths)
        if best is None or key > best:
            best = key
    return best


def all_kind_multisets():
    out = []

    def rec(i, left, cur):
        if i == 10:
            if left == 0:
                out.append(tuple(cur))
            return
        for n in range(min(left, KIND_COPIES[i]) + 1):
            rec(i + 1, left - n, [*cur, n])

    rec(0, 6, [])
    return out


hands_strategy = st.lists(
    st.integers(0, len(DECK_CARDS) - 1), min_size=6, max_size=6, unique=True
).map(lambda idx: tuple(DECK_CARDS[i] for i in idx))
keystone_hands = st.lists(
    st.integers(0, len(DECK_CARDS) - 2), min_size=5, max_size=5, unique=True
).map(lambda idx: (*(DECK_CARDS[i] for i in idx), Card("pyramid", "K")))


# -- §6 worked examples ---------------------------------------------------------------------------

EXAMPLES = {
    "A": ("3P 3P 3P 2P 2P K", (3, 1, 1, 3)),
    "B": ("3P 3P 3P 2P 2P 1P", (3, 1, 0, 3)),
    "C": ("3O 3G 3P 2O 2G K", (3, 0, 0, 4)),
    "D": ("3O 3G 3P 2O 2G 1P", (3, 0, 0, 3)),
    "G": ("3O 3O 2O 1G 2P 3G", (3, 0, 0, 2)),
    "H": ("3P 3G 2O 1G 2P 3G", (3, 0, 0, 2)),
    "E": ("3G 3G 3G 2G 2G 3O", (2, 1, 0, 2, 11)),
    "F": ("3O 3G 3P 2P 2O 3O", (2, 0, 0, 0, 13)),
    "J": ("3O 3O 2O 3P 3P 2P", (2, 0, 0, 0, 13)),
    # no pyramid: all six cards are kickers, strongest first (§3, §5 P5)
    "I": ("1P 1G 1O 2P 2G 2O", (0, 0, 0, 0, 33, 32, 31, 23, 22, 21)),
}


@pytest.mark.parametrize("name", EXAMPLES)
def test_worked_example_key(name):
    text, key = EXAMPLES[name]
    value = evaluate(parse(text))
    assert value.key == key
    assert brute_key(parse(text)) == key


def test_worked_examples_order():
    v = {name: evaluate(text) for name, (text, _) in EXAMPLES.items()}
    assert v["A"] > v["B"] > v["C"] > v["D"] > v["G"]
    assert v["G"] == v["H"] and hash(v["G"]) == hash(v["H"])  # exact tie: split the pot
    assert v["H"] > v["E"] > v["F"]
    assert v["F"] == v["J"]
    assert v["J"] > v["I"]
    order = sorted(v, key=lambda n: v[n], reverse=True)
    assert order[:4] == ["A", "B", "C", "D"] and set(order[4:6]) == {"G", "H"}
    assert order[6] == "E" and set(order[7:9]) == {"F", "J"} and order[9] == "I"


def test_descriptions_and_arrangements():
    a = evaluate("3P 3P 3P 2P 2P K")
    top = "Full pyramid (3-2-1), perfect Purple, Keystone apex — the top hand"
    assert str(a.description) == top
    arr = a.arrangement
    assert [PYRAMID.format(row) for row in arr.rows] == ["K", "2P 2P", "3P 3P 3P"]
    assert arr.kickers == () and arr.keystone == KeystoneRole("1", "P")
    assert a.hand_class == HandClass(3, 1, 1, 3) and a.type == "T1"

    f = evaluate("3O 3G 3P 2P 2O 3O")
    assert str(f.description) == "Middle pyramid (3-2), not perfect; kicker level-3 Purple"
    assert f.arrangement.kickers == parse("3P") and f.arrangement.keystone is None
    assert sorted(f.arrangement.pyramid) == sorted(parse("3O 3G 3O 2P 2O"))
    assert best_arrangement("3O 3G 3P 2P 2O 3O") == f.arrangement

    c = evaluate("3O 3G 3P 2O 2G K")
    assert str(c.description) == "Full pyramid (3-2-1), not perfect; Keystone as level-1"
    assert c.arrangement.rows[0] == parse("K") and c.arrangement.keystone.level == "1"
    assert c.arrangement.keystone.colour is None  # any colour: it does not change the key

    i = evaluate("1P 1G 1O 2P 2G 2O")
    assert str(i.description).startswith("No pyramid; cards level-1 Purple, level-1 Green")
    assert i.arrangement.rows == () and len(i.arrangement.kickers) == 6

    e = evaluate("3G 3G 3G 2G 2G 3O")
    assert str(e.description) == "Middle pyramid (3-2), perfect Green; kicker level-3 Orange"
    k = evaluate("3P 3P 2P 2P 1P K")
    assert k.key == (3, 1, 0, 3) and k.arrangement.keystone == KeystoneRole("3", "P")
    assert "Keystone as level-3 Purple" in str(k.description)


def test_unused_keystone_is_the_strongest_kicker():
    """§5 P6: ranked as a kicker it is worth 100.  The §3 maximum does keep it unused when no
    placement helps more than a 100 kicker (so P6's "never happens" is not quite true)."""
    v = evaluate("3P 3G 2O K 1O 1O")
    assert v.key == (1, 0, 0, 0, 100, 31, 31) == brute_key(parse("3P 3G 2O K 1O 1O"))
    assert v.arrangement.keystone == KeystoneRole(None)
    assert evaluate("K 3P 1P 1G 1O 1O").key == (0, 0, 0, 0, 100, 33, 32, 31, 31, 13)


def test_parse_is_the_deck_parser():
    assert parse("3P 3P 2G 1O K") == PYRAMID.parse("3P 3P 2G 1O K")
    assert evaluate("3P 3P 3P 2P 2P K") == evaluate(parse("3P 3P 3P 2P 2P K"))


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("3P 3P 2G 1O K", "exactly 6 cards, got 5"),
        ("3P 3P 2G 1O K 3P 3P", "exactly 6 cards, got 7"),
        ("", "exactly 6 cards, got 0"),
        ("K K 3P 3P 2P 2P", "1 x Keystone, the hand has 2"),
        ("1P 1P 1P 1P 3P 2P", "3 x level-1 Purple, the hand has 4"),
    ],
)
def test_bad_hands_are_refused(hand, message):
    with pytest.raises(ValueError, match=message):
        evaluate(hand)


def test_cards_of_other_decks_are_refused():
    with pytest.raises(ValueError, match="not a card of the Pyramid hexagonal deck"):
        evaluate((*parse("3P 3P 2G 1O K"), Card("standard54", "A", "s")))
    with pytest.raises(ValueError, match="not a card of the Pyramid"):
        evaluate("3P 3P 2G 1O K 4P")


def test_value_is_frozen_and_orders_by_key():
    v = evaluate("3P 3P 3P 2P 2P 1P")
    with pytest.raises(AttributeError):
        v.key = (0,)
    assert isinstance(v, PyramidValue) and str(v) == str(v.description)
    assert sorted(CLASSES) == list(CLASSES)


@settings(max_examples=200, deadline=None)
@given(hand=hands_strategy | keystone_hands, seed=st.integers(0, 10**6))
def test_evaluate_matches_brute_force_and_ignores_order(hand, seed):
    order = list(hand)
    random.Random(seed).shuffle(order)
    assert evaluate(order) == evaluate(hand)
    assert evaluate(order).key == evaluate(hand).key == brute_key(hand)
    arrangement = evaluate(hand).arrangement
    # the arrangement uses exactly the hand's cards
    assert sorted(arrangement.cards) == sorted(hand)


def test_every_permutation_of_one_hand_gives_one_value():
    hand = parse("3O 3G 2P K 1G 2O")
    values = {evaluate(p) for p in permutations(hand)}
    assert len(values) == 1 and {v.key for v in values} == {brute_key(hand)}


def test_evaluate_matches_brute_force_on_every_kind_multiset():
    """All 4,128 distinct hands up to identical cards: evaluate == the naive classifier."""
    multisets = all_kind_multisets()
    assert len(multisets) == 4128
    for counts in multisets:
        hand = cards_of_counts(counts)
        assert evaluate(hand).key == brute_key(hand), hand
