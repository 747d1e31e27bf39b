"""Every theme meets WCAG 2.1 AA, pair by pair, and the contrast helpers measure what they say.

A *pair* is two colours of a theme that a picture puts side by side and a reader must tell
apart: an ink and the ground it is written on (text: 4.5:1, WCAG 1.4.3), or a shape one must
see and what surrounds it (non-text: 3:1, WCAG 1.4.11).  A shape with an outline is visible
when its fill or its outline stands out (a white card on a light page shows by its edge).
Whether the pictures only ever use these pairs is checked picture by picture in
tests/apps/test_text_on_background.py.
"""

from __future__ import annotations

import pytest

from cardlab.render import THEMES, Circle, Drawing, Rect, Sprite, Text, Theme
from cardlab.render.contrast import (
    LARGE_TEXT_MIN,
    TEXT_MIN,
    colour_at,
    contrast,
    is_large,
    luminance,
    required,
    rgb,
    texts_with_backgrounds,
)
from cardlab.render.theme import BUTTON_GROUNDS, BUTTON_INK
from cardlab.widgets.a11y import button_css

BLACK = "#000000"  # the ink on highlight (name plates, badges): pictures hard-code it


def text_pairs(theme: Theme) -> dict[str, tuple[str, str]]:
    """Ink and ground of every kind of text the theme colours."""
    pairs = {
        "card text on the face": (theme.text, theme.card_face),
        "labels on the page": (theme.label, theme.background),
        "words on the felt": (theme.felt_text, theme.felt),
        "black on a highlighted plate": (BLACK, theme.highlight),
    }
    for key, ink in theme.suits.items():  # ranks, suit letters and words on the face
        pairs[f"{key} ink on the face"] = (ink, theme.card_face)
    return pairs


def shape_pairs(theme: Theme) -> dict[str, tuple[tuple[str, ...], str]]:
    """Every shape one must see: (its fill and outline, the ground it stands on)."""
    pairs = {
        "a card on the felt": ((theme.card_face, theme.card_edge), theme.felt),
        "a card on the page": ((theme.card_face, theme.card_edge), theme.background),
        "the felt on the page": ((theme.felt, theme.felt_edge), theme.background),
        "a card back's pattern": ((theme.back_pattern,), theme.back),
        "a selection outline on the felt": ((theme.highlight,), theme.felt),
        "a chart's bar outline": ((theme.label,), theme.background),
    }
    for i, fill in enumerate(theme.series):
        pairs[f"chart bar {i + 1} on the page"] = ((fill, theme.label), theme.background)
        pairs[f"chart bar {i + 1}'s fill"] = ((fill,), theme.background)
    return pairs


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_text_pair_of_every_theme_meets_aa(theme):
    low = {
        name: round(contrast(ink, ground), 2)
        for name, (ink, ground) in text_pairs(theme).items()
        if contrast(ink, ground) < TEXT_MIN
    }
    assert not low, f"{theme.name}: text below {TEXT_MIN}:1: {low}"


@pytest.mark.parametrize("theme", THEMES.values(), ids=list(THEMES))
def test_every_shape_of_every_theme_stands_out_from_its_ground(theme):
    low = {
        name: round(max(contrast(c, ground) for c in colours), 2)
        for name, (colours, ground) in shape_pairs(theme).items()
        if max(contrast(c, ground) for c in colours) < LARGE_TEXT_MIN
    }
    assert not low, f"{theme.name}: shapes below {LARGE_TEXT_MIN}:1: {low}"


def test_every_coloured_button_on_the_pages_meets_aa():
    """The lesson pages' coloured buttons (Play selected, New deal, Score, ...): their label on
    their ground, as the page's stylesheet paints them from the theme."""
    low = {
        style: round(contrast(BUTTON_INK, ground), 2)
        for style, ground in BUTTON_GROUNDS.items()
        if contrast(BUTTON_INK, ground) < TEXT_MIN
    }
    assert not low, f"button labels below {TEXT_MIN}:1: {low}"
    css = button_css()
    for style, ground in BUTTON_GROUNDS.items():
        assert f".mod-{style} {{\n  color: {BUTTON_INK};\n  background-color: {ground};" in css


# -- the helpers -----------------------------------------------------------------------------
def test_wcag_ratios():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#fff", "#ffffff") == 1.0
    assert contrast("#777777", "#ffffff") == pytest.approx(4.48, abs=0.01)  # the famous near miss
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
    assert contrast("#0000ff", "#ffffff") == contrast("#ffffff", "#0000ff")
    assert luminance("#ffffff") == pytest.approx(1.0) and luminance("#000000") == 0.0
    assert rgb("#1a2B3c") == (26, 43, 60)
    with pytest.raises(ValueError, match="not a #rgb"):
        rgb("red")


def test_large_text_as_wcag_defines_it():
    assert is_large(Text(0, 0, "x", 24.0)) and required(Text(0, 0, "x", 24.0)) == 3.0
    assert not is_large(Text(0, 0, "x", 18.0)) and required(Text(0, 0, "x", 18.0)) == 4.5
    assert is_large(Text(0, 0, "x", 18.7, bold=True))
    assert not is_large(Text(0, 0, "x", 18.5, bold=True))


def test_colour_at_is_the_last_fill_painted_there():
    card = Sprite("c", 100, 50, 40, 60, (Rect(0, 0, 40, 60, fill="#ffffff", radius=8),))
    drawing = Drawing(
        300,
        200,
        (
            Rect(0, 0, 300, 200, fill="#00aa00"),
            card,
            Rect(130, 90, 5, 5, stroke="#ff0000"),  # an outline fills nothing
            Circle(250, 150, 20, fill="#0000ff"),
        ),
        background="#123456",
    )
    assert colour_at(drawing, 5, 5) == "#00aa00"
    assert colour_at(drawing, 120, 80) == "#ffffff"
    assert colour_at(drawing, 132, 92) == "#ffffff"
    assert colour_at(drawing, 101, 51) == "#00aa00"  # the card's rounded corner
    assert colour_at(drawing, 250, 150) == "#0000ff"
    assert colour_at(Drawing(10, 10, ()), 5, 5) == "#ffffff"


def test_a_turned_sprite_covers_where_it_is_turned_to():
    bar = Sprite("bar", 0, 45, 100, 10, (Rect(0, 0, 100, 10, fill="#000000"),), angle=90)
    drawing = Drawing(100, 100, (bar,), background="#ffffff")
    assert colour_at(drawing, 50, 10) == "#000000"  # upright now: x 45..55, y 0..100
    assert colour_at(drawing, 10, 50) == "#ffffff"


def test_text_is_held_against_everything_beneath_its_box():
    """A text in a sprite reads against the sprite's own fills, then what lies under the
    sprite; a text wider than its plate also meets the ground around it."""
    plate = Sprite("p", 20, 20, 60, 20, (Text(5, 10, "ab", 10, "#ffffff", "left"),))
    drawing = Drawing(
        300,
        100,
        (
            Rect(0, 0, 300, 100, fill="#000000"),
            Rect(150, 40, 40, 20, fill="#ffff00"),
            plate,
            Text(170, 50, "a long label on a small plate", 12, "#000000"),
        ),
        background="#ffffff",
    )
    found = {text.text: beneath for text, beneath in texts_with_backgrounds(drawing)}
    assert found["ab"] == {"#000000"}
    assert found["a long label on a small plate"] == {"#000000", "#ffff00"}
