"""The meld solver's entry points refuse what no Three Thirteen table deals, with a reason.

A hand is at most 14 cards (13 dealt and 1 drawn) holding each card at most three times (three
decks for 5-6 players); anything else is refused before the search starts.
"""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import STANDARD52, TRIAD, Card
from cardlab.games.three_thirteen import (
    advise,
    can_go_out,
    is_meld,
    min_deadwood,
    penalty_value,
    why_not_meld,
)
from cardlab.games.three_thirteen.game import best_arrangement, go_out_discards


def test_sixteen_copies_of_a_card_are_refused_not_an_index_error():
    with pytest.raises(ValueError, match="As appears 16 times, but 3 copies of the standard"):
        min_deadwood("As " * 16, "5")
    with pytest.raises(ValueError, match="7c appears 9 times"):
        can_go_out(STANDARD52.parse("7c") * 9, "5")


def test_the_advisor_checks_copies_against_the_decks_it_is_told_about():
    with pytest.raises(ValueError, match="7c appears 2 times, but the standard 52-card deck"):
        advise("7c 7c 8c 9c", "5", decks=1)
    with pytest.raises(ValueError, match="7c appears 3 times, but 2 copies"):
        advise("7c 7c 8c 9c", "5", gone="7c", decks=2)
    assert advise("7c 7c 8c 9c", "5", decks=2).go_out_now == STANDARD52.parse("7c")


def test_hands_larger_than_any_deal_are_refused_before_the_search():
    with pytest.raises(ValueError, match="at most 14 cards"):
        min_deadwood(STANDARD52.cards()[:15], "5")
    with pytest.raises(ValueError, match="at most 14 cards"):
        best_arrangement(STANDARD52.cards()[:20], "5")
    assert min_deadwood(STANDARD52.cards()[:14], "5")[0] >= 0


def test_options_and_cards_of_another_kind_are_refused_clearly():
    hand = STANDARD52.parse("7h 8h 9h")
    with pytest.raises(TypeError, match="options are a mapping"):
        min_deadwood(hand, "5", ["aces"])
    with pytest.raises(ValueError, match="unknown meld option 'ace'"):
        min_deadwood(hand, "5", {"ace": "high_or_low"})
    with pytest.raises(TypeError, match="a hand is cards or their notation"):
        min_deadwood(7, "5")
    with pytest.raises(ValueError, match="is not a card of the standard 52-card deck"):
        penalty_value(TRIAD.parse("Ab")[0])
    assert best_arrangement("7h 8h 9h", "5").penalty == 0  # notation reads here too


HAND = st.one_of(
    st.lists(st.sampled_from(STANDARD52.cards()), max_size=20),
    st.lists(
        st.one_of(
            st.sampled_from(STANDARD52.cards()),
            st.sampled_from(TRIAD.cards()),
            st.just(Card("standard52", "Z", "s")),
            st.text(max_size=3),
            st.none(),
        ),
        max_size=6,
    ),
    st.text(alphabet=st.sampled_from("A23456789TJQK10shdc♠♥ ,x\n"), max_size=60),
    st.integers(),
    st.none(),
)
WILD = st.one_of(st.sampled_from([*"3456789TJQK", "10", None]), st.sampled_from(["A", "", "x"]))
OPTIONS = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "aces": st.sampled_from(["low", "high_or_low", "high"]),
            "max_wilds_per_meld": st.one_of(st.none(), st.integers(-1, 4), st.just("2")),
        },
    ),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
    st.integers(),
)


RULES = st.tuples(
    st.sampled_from(["low", "high_or_low", "high", 3]),
    st.one_of(st.none(), st.integers(-1, 4), st.just("2")),
)


@settings(max_examples=300, deadline=5000)
@given(hand=HAND, wild=WILD, options=OPTIONS, rules=RULES)
def test_solver_entry_points_answer_or_refuse_with_a_reason(hand, wild, options, rules):
    """The solver itself and the game's cached helpers (with the game's rule arguments)."""
    before = pickle.dumps((hand, options))
    calls = [
        lambda: min_deadwood(hand, wild, options),
        lambda: can_go_out(hand, wild, options),
        lambda: is_meld(hand, wild, options),
        lambda: why_not_meld(hand, wild, options),
        lambda: best_arrangement(hand, wild, *rules),
        lambda: go_out_discards(hand, wild, *rules),
        lambda: penalty_value(hand[0] if isinstance(hand, list) and hand else hand, rules[0]),
    ]
    for call in calls:
        try:
            call()
        except (ValueError, TypeError) as exc:
            assert str(exc)
    assert pickle.dumps((hand, options)) == before
