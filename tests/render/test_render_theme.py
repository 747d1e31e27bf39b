from __future__ import annotations

import pytest
from render_helpers import render, shape

from cardlab.core.cards import DECKS
from cardlab.render import COLORBLIND, DEFAULT, HIGH_CONTRAST, THEMES, face, get_theme
from cardlab.render.theme import TRIAD_FRAME_LINES, mix, suit_glyph, suit_letter


def test_three_named_themes():
    assert set(THEMES) == {"default", "colorblind", "high-contrast"}
    assert THEMES["default"] is DEFAULT
    assert get_theme("colorblind") is COLORBLIND
    assert get_theme(HIGH_CONTRAST) is HIGH_CONTRAST
    assert get_theme(None) is DEFAULT


def test_unknown_theme_names_the_allowed_ones():
    with pytest.raises(ValueError, match="default, colorblind, high-contrast"):
        get_theme("neon")


def test_themes_differ():
    themes = list(THEMES.values())
    for i, a in enumerate(themes):
        for b in themes[i + 1 :]:
            assert a.suits != b.suits
            assert (a.background, a.felt, a.back) != (b.background, b.felt, b.back)
    # and the difference shows in pixels
    card = DECKS["triad"].parse_card("Ab")
    images = [render(face(card, 60, 84, t)).tobytes() for t in themes]
    assert len(set(images)) == 3


def test_colorblind_standard_deck_has_four_distinct_suit_colours():
    colours = {COLORBLIND.suit_colour("standard52", s) for s in "shdc"}
    assert len(colours) == 4


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_suit_colour_is_defined(theme):
    for deck in DECKS.values():
        for suit in deck.suits:
            assert theme.suit_colour(deck.name, suit).startswith("#")
    assert theme.suit_colour("pyramid", "K") != theme.suit_colour("pyramid", "O")


def test_suits_have_non_colour_markers():
    for deck in DECKS.values():
        glyphs = [suit_glyph(deck.name, s) for s in deck.suits]
        letters = [suit_letter(deck.name, s) for s in deck.suits]
        assert len(set(glyphs)) == len(glyphs) and all(glyphs)
        assert len(set(letters)) == len(letters) and all(letters)
    assert TRIAD_FRAME_LINES == {"b": 4, "g": 3, "r": 2, "k": 1}


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
@pytest.mark.parametrize("deck_name", [d for d in DECKS if DECKS[d].suits])
def test_suits_distinguishable_without_colour(theme, deck_name):
    """Drop every colour from the ops: cards of the same rank and different suits still differ."""
    deck = DECKS[deck_name]
    for rank in deck.ranks:
        shapes = {shape(face(deck.parse_card(rank + s), 80, 112, theme)) for s in deck.suits}
        assert len(shapes) == len(deck.suits), (deck_name, rank)
    extras = {shape(face(deck.parse_card(x), 80, 112, theme)) for x in deck.extras}
    assert len(extras) == len(deck.extras)


def test_mix():
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    assert mix("#123456", "#abcdef", 0.0) == "#123456"
