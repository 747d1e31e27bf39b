"""Every deck: composition, notation round-trip, malformed input, seeded shuffles and deals."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.cards import (
    BLOCKS,
    DECKS,
    MAX_DECKS,
    PYRAMID,
    RANKS54,
    STANDARD52,
    STANDARD54,
    TRIAD,
    TRIANGLE,
    Card,
    deal,
    format_cards,
    get_deck,
    parse,
    shuffled,
)


def test_standard_decks_compose():
    assert len(STANDARD52) == 52 and len(set(STANDARD52.cards())) == 52
    assert len(STANDARD54) == 54
    assert [c.code for c in STANDARD54.cards() if c.is_extra] == ["BJ", "RJ"]
    assert Counter(c.suit for c in STANDARD52.cards()) == {s: 13 for s in "shdc"}


def test_triad_has_four_colour_suits_and_two_jokers():
    cards = TRIAD.cards()
    assert len(cards) == 54
    assert Counter(c.suit for c in cards if not c.is_extra) == {s: 13 for s in "bgrk"}
    assert {str(TRIAD.suit_names[s]) for s in "bgrk"} == {"Blue", "Green", "Red", "Black"}


def test_pyramid_has_55_cards_in_nine_kinds_plus_keystone():
    cards = PYRAMID.cards()
    assert len(cards) == 55
    counts = Counter(c.code for c in cards)
    for colour in "PGO":
        assert (counts[f"3{colour}"], counts[f"2{colour}"], counts[f"1{colour}"]) == (9, 6, 3)
    assert counts["K"] == 1
    assert len(PYRAMID.kinds()) == 10


def test_triangle_blocks_and_rank_patterns():
    assert len(TRIANGLE) == 24 and {c.rank for c in TRIANGLE.cards()} == set("A23456")
    assert len(BLOCKS) == 54 and sum(c.is_extra for c in BLOCKS.cards()) == 2
    assert len(RANKS54) == 54 and Counter(c.rank for c in RANKS54.cards())["2"] == 4


@pytest.mark.parametrize("deck", DECKS.values(), ids=list(DECKS))
def test_every_deck_round_trips_its_notation(deck):
    cards = deck.cards()
    assert deck.parse(deck.format(cards)) == cards
    for card in deck.kinds():
        assert deck.parse_card(card.code) == card and deck.count(card) >= 1


def test_notation_examples_and_accepted_aliases():
    assert format_cards(parse("As Td 10h 7c BJ RJ")) == "As Td Th 7c BJ RJ"
    assert parse("A♠, 10♥") == parse("As Th")
    assert TRIAD.format(TRIAD.parse("Ab Tg 7r 2k")) == "Ab Tg 7r 2k"
    assert PYRAMID.format(PYRAMID.parse("3P 3P 2G 1O K")) == "3P 3P 2G 1O K"
    assert RANKS54.format(RANKS54.parse("3 3 3 4 4 4 9 9 BJ RJ")) == "3 3 3 4 4 4 9 9 BJ RJ"
    assert TRIANGLE.format(TRIANGLE.parse("As 6h 3d")) == "As 6h 3d"


@pytest.mark.parametrize(
    ("deck", "token"),
    [
        (STANDARD52, "1s"),
        (STANDARD52, "BJ"),
        (STANDARD54, "Ax"),
        (TRIAD, "As"),
        (PYRAMID, "4P"),
        (PYRAMID, "3p"),
        (TRIANGLE, "7s"),
        (RANKS54, "3s"),
        (BLOCKS, "Kb"),
    ],
)
def test_malformed_tokens_name_the_token_and_what_is_allowed(deck, token):
    with pytest.raises(ValueError) as err:
        deck.parse(f"{deck.cards()[0].code} {token}")
    assert repr(token) in str(err.value)
    assert "allowed" in str(err.value)


def test_format_rejects_cards_of_another_deck_and_non_cards():
    with pytest.raises(ValueError, match="not a card of the Triad"):
        TRIAD.format([Card("standard52", "A", "s")])
    with pytest.raises(ValueError):
        format_cards(["As"])
    with pytest.raises(ValueError, match="unknown deck"):
        get_deck("tarot")


def test_copies_are_checked_against_the_decks_in_play():
    with pytest.raises(ValueError, match="7c appears 9 times, but the standard 52-card deck holds"):
        STANDARD52.parse("7♣ " * 9, decks=1)
    with pytest.raises(ValueError, match="As appears 4 times, but 3 copies of the standard 52"):
        STANDARD52.parse("As As As As")  # no table uses more than MAX_DECKS decks
    assert PYRAMID.parse("3P " * 9, decks=1) == PYRAMID.parse("3P") * 9  # nine 3P in one deck
    assert len(STANDARD52.parse("7c 7c", decks=2)) == 2


def test_card_text_too_long_for_any_table_is_refused_before_it_is_read():
    with pytest.raises(ValueError, match="holds only 52 cards, so card text is at most"):
        STANDARD52.parse("7c " * 100_000, decks=1)
    with pytest.raises(ValueError, match="only 54 cards; this list has more"):
        STANDARD54.parse(iter(lambda: "7c", None), decks=1)  # an endless iterable of tokens


def test_phone_suit_glyphs_read_and_non_text_is_a_type_error():
    assert parse("A\u2660\ufe0f 10\u2665\ufe0e") == parse("As Th")
    for thing in (5, None, b"As"):
        with pytest.raises(TypeError, match="cards are text"):
            STANDARD52.parse(thing)
    with pytest.raises(TypeError, match="a card token is text"):
        STANDARD52.parse([STANDARD52.cards()[0]])
    with pytest.raises(ValueError, match=r"'x+\.\.\.x+' is not a card"):
        STANDARD52.parse("x" * 400)  # the message quotes a long token cut short


ANY_TEXT = st.one_of(
    st.text(max_size=80),
    st.text(
        alphabet=st.sampled_from("AKQJT1023456789shdcbgrkPGO ,♠♥♦♣\ufe0f²٣\x00\n\t"), max_size=80
    ),
    st.lists(st.text(max_size=4), max_size=10),
    st.integers(1, 60).map(lambda n: "As " * n),
    st.just("7c," * 10_000),
    st.none(),
    st.integers(),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
)


@pytest.mark.parametrize("deck", list(DECKS.values()), ids=list(DECKS))
@settings(max_examples=150, deadline=2000)
@given(text=ANY_TEXT, decks=st.sampled_from([None, 1, 2]))
def test_parsing_any_input_gives_cards_or_a_clear_refusal(deck, text, decks):
    before = repr(text)
    try:
        cards = deck.parse(text, decks)
    except (ValueError, TypeError) as exc:
        assert str(exc)
    else:
        assert deck.parse(deck.format(cards)) == cards
        assert len(cards) <= len(deck) * (decks or MAX_DECKS)
    assert repr(text) == before


@given(st.sampled_from(list(DECKS.values())), st.data())
def test_any_multiset_round_trips(deck, data):
    """Any multiset the decks of one table can hold (up to MAX_DECKS copies of a deck)."""
    pack = data.draw(st.permutations(deck.cards() * MAX_DECKS))
    cards = tuple(pack[: data.draw(st.integers(0, 20))])
    assert deck.parse(deck.format(cards)) == cards


@given(st.integers(), st.sampled_from(list(DECKS.values())))
def test_seeded_shuffle_is_a_reproducible_permutation(seed, deck):
    once = shuffled(deck.cards(), seed)
    assert once == shuffled(deck.cards(), seed)
    assert Counter(once) == Counter(deck.cards())


def test_deal_goes_round_the_table_and_keeps_every_card():
    cards = STANDARD52.cards()
    hands, rest = deal(cards, players=3, per_player=4, first=1)
    assert hands[1][0] == cards[0] and hands[2][0] == cards[1] and hands[0][0] == cards[2]
    assert Counter(c for h in hands for c in h) + Counter(rest) == Counter(cards)
    with pytest.raises(ValueError, match="needs 60 cards"):
        deal(cards, players=4, per_player=15)


def test_describe_in_words():
    assert TRIAD.describe(TRIAD.parse_card("Jb")) == "Prince of Blue"
    assert PYRAMID.describe(PYRAMID.parse_card("1P")) == "level-1 Purple"
    assert PYRAMID.describe(PYRAMID.parse_card("K")) == "Keystone"
    assert PYRAMID.strength(PYRAMID.parse_card("1O")) > PYRAMID.strength(PYRAMID.parse_card("2P"))
