"""Dou Dizhu's card readers refuse what one deck cannot hold, with a reason, before any work."""

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import STANDARD54, TRIAD
from cardlab.games.doudizhu import Combo, beats, classify, legal_plays, parse


def test_more_copies_than_one_deck_holds_are_refused():
    with pytest.raises(ValueError, match="7c appears 9 times, but the standard 54-card deck"):
        parse("7c " * 9)
    with pytest.raises(ValueError, match="3 appears 5 times"):
        parse("3 3 3 3 3")
    with pytest.raises(ValueError, match="5 cards of rank 3, but one deck holds 4"):
        classify((5,) + (0,) * 14)
    with pytest.raises(ValueError, match="2 cards of rank Red joker, but one deck holds 1"):
        legal_plays((0,) * 14 + (2,))


def test_huge_or_non_card_input_is_refused_at_once():
    with pytest.raises(ValueError, match="at most 432 characters"):
        parse("3 " * 160_000)
    with pytest.raises(ValueError, match="one deck holds 54 cards, got 160,000"):
        classify(parse("3") * 160_000)
    with pytest.raises(TypeError, match="cards are a sequence of cards"):
        classify(5)
    with pytest.raises(ValueError, match="'3x' is not a Dou Dizhu card"):
        parse("3 3x")
    with pytest.raises(ValueError, match="ranks and suited cards are mixed"):
        parse("3 3s")
    assert [c.kind for c in classify("3 3 3 4")] == ["trio_solo"]  # notation reads too


CARDS = st.one_of(
    st.text(alphabet=st.sampled_from("3456789TJQKA210BJRshdc ,♠x\n"), max_size=80),
    st.text(max_size=20),
    st.lists(st.sampled_from(STANDARD54.cards()), max_size=25),
    st.lists(st.sampled_from(TRIAD.cards()), max_size=5),
    st.lists(st.sampled_from(["3", "4", "2", "BJ", "RJ", "10", "x", ""]), max_size=25),
    st.lists(st.integers(-2, 6), min_size=15, max_size=15).map(tuple),
    st.lists(st.one_of(st.integers(), st.none(), st.text(max_size=2)), max_size=5),
    st.integers(),
    st.none(),
)


@settings(max_examples=300, deadline=5000)
@given(cards=CARDS, other=CARDS, ruleset=st.sampled_from(["cardavia", "pagat", "house"]))
def test_classify_parse_and_plays_answer_or_refuse_with_a_reason(cards, other, ruleset):
    before = pickle.dumps((cards, other))
    table = Combo("pair", 0, 2, (2,) + (0,) * 14)
    calls = [
        lambda: parse(cards),
        lambda: classify(cards, ruleset),
        lambda: legal_plays(cards, None, ruleset),
        lambda: legal_plays(cards, table, ruleset),
        lambda: beats(cards, other, ruleset),
    ]
    for call in calls:
        try:
            call()
        except (ValueError, TypeError) as exc:
            assert str(exc)
    assert pickle.dumps((cards, other)) == before
