"""Faces and backs of every deck, checked in pixels (via the Pillow backend) and in ops."""

from __future__ import annotations

import math

import pytest
from render_helpers import BG, close, render, rgb

from cardlab.core.cards import DECKS, Card
from cardlab.render import THEMES, back, card_size, face
from cardlab.render.faces import triad_frame_insets
from cardlab.render.ops import Drawing, Sprite
from cardlab.render.theme import DEFAULT


def _is_drawn(img) -> bool:
    """Not blank: more than a handful of colours, and not all background."""
    colours = img.getcolors(maxcolors=1 << 16)
    return colours is None or len(colours) > 4


@pytest.mark.parametrize("theme", list(THEMES))
@pytest.mark.parametrize("deck_name", list(DECKS))
def test_every_face_and_back_renders(deck_name, theme):
    deck = DECKS[deck_name]
    w, h = card_size(deck_name, 60)
    keys = set()
    for card in [*deck.kinds(), None]:
        sprite = back(deck_name, w, h, theme) if card is None else face(card, w, h, theme)
        assert isinstance(sprite, Sprite) and (sprite.w, sprite.h) == (w, h)
        img = render(sprite)
        assert img.size == (round(w), round(h))
        assert _is_drawn(img), (deck_name, card)
        keys.add(sprite.key)
    assert len(keys) == len(deck.kinds()) + 1  # one cache key per distinct face


def test_cache_key_names_deck_card_size_and_theme():
    card = DECKS["standard54"].parse_card("Qh")
    key = face(card, 70, 98, "colorblind").key
    for part in ("standard54", "Qh", "70x98", "colorblind"):
        assert part in key
    assert face(card, 70, 98, "colorblind") is face(card, 70, 98, "colorblind")  # cached
    assert face(card, 70, 98).key != face(card, 71, 98).key


def test_face_rejects_a_card_of_no_deck():
    with pytest.raises(ValueError):
        face(Card("standard52", "Z", "s"), 60, 84)


def _ink_runs(img, y: int, x0: int, x1: int, ink: tuple[int, int, int]) -> int:
    """How many separate runs of ink-coloured pixels lie on row y between x0 and x1."""
    runs, inside = 0, False
    for x in range(x0, x1):
        on = close(img.getpixel((x, y)), ink, 70)
        runs += on and not inside
        inside = on
    return runs


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
@pytest.mark.parametrize(("suit", "lines"), [("b", 4), ("g", 3), ("r", 2), ("k", 1)])
def test_triad_frame_lines(suit, lines, theme):
    """Blue 4, Green 3, Red 2, Black 1 lines: counted along scanlines from the edge inwards."""
    scale, w, h = 2, 140, 196
    img = render(face(DECKS["triad"].parse_card("7" + suit), w, h, theme), scale)
    ink = rgb(theme.suit_colour("triad", suit))
    insets = triad_frame_insets(w)
    step = insets[1] - insets[0]
    x0, x1 = round((insets[0] - step / 2) * scale), round((insets[-1] + step / 2) * scale)
    for y in (h * 0.4, h * 0.5, h * 0.6):  # left edge, three heights
        assert _ink_runs(img, round(y * scale), x0, x1, ink) == lines
    # and down from the top edge in the middle of the card
    column = img.transpose(method=5)  # transpose: rows become columns
    assert _ink_runs(column, round(w / 2 * scale), x0, x1, ink) == lines


def _pyramid(code: str, theme=DEFAULT, w: float = 120):
    w, h = card_size("pyramid", w)
    return render(face(DECKS["pyramid"].parse_card(code), w, h, theme)), w, h


@pytest.mark.parametrize("code", ["3P", "2G", "1O", "K"])
def test_pyramid_corners_are_background(code):
    img, w, h = _pyramid(code)
    for x, y in ((1, 1), (w - 2, 1), (1, h - 2), (w - 2, h - 2), (w * 0.2, 2), (w * 0.8, h - 3)):
        assert close(img.getpixel((round(x), round(y))), rgb(BG), 10), (x, y)
    # while the hexagon's own left/right/top edges are on the card
    assert not close(img.getpixel((round(w / 2), 4)), rgb(BG), 10)


@pytest.mark.parametrize("theme", list(THEMES.values()), ids=list(THEMES))
@pytest.mark.parametrize("colour", ["P", "G", "O"])
def test_pyramid_levels(colour, theme):
    ink = rgb(theme.suit_colour("pyramid", colour))
    face_colour = rgb(theme.card_face)
    l1, w, h = _pyramid("1" + colour, theme)
    l2, _, _ = _pyramid("2" + colour, theme)
    l3, _, _ = _pyramid("3" + colour, theme)
    centre = (round(w / 2), round(h / 2))
    assert close(l1.getpixel(centre), ink, 12)  # solid triangle
    assert close(l3.getpixel(centre), face_colour, 12)  # plain white
    assert close(l2.getpixel(centre), face_colour, 12)  # outline only ...
    r = min(w / math.sqrt(3), h / 2) * 0.985
    base_y = h / 2 + 0.04 * r + 0.8 * r * math.sqrt(3) / 6
    assert close(l2.getpixel((round(w / 2), round(base_y))), ink, 40)  # ... in the suit colour
    assert close(l3.getpixel((round(w / 2), round(base_y))), face_colour, 12)


def test_pyramid_index_counts_triangles():
    """The corner index has 3, 2 or 1 triangles, and level 1's is twice the size."""
    deck = DECKS["pyramid"]
    from cardlab.render.ops import Polygon

    def index_triangles(code):
        ops = face(deck.parse_card(code), 120, 139).ops
        tris = [op for op in ops if isinstance(op, Polygon) and len(op.points) == 3 and op.fill]
        return [t for t in tris if abs(t.points[1][0] - t.points[2][0]) < 40]  # small ones

    for code, n in (("3P", 6), ("2P", 4), ("1P", 2), ("K", 2)):  # two corners each
        assert len(index_triangles(code)) == n, code
    side = lambda t: abs(t.points[1][0] - t.points[2][0])  # noqa: E731
    assert side(index_triangles("1P")[0]) == pytest.approx(2 * side(index_triangles("3P")[0]))


def test_keystone_is_a_black_level_one_card():
    img, w, h = _pyramid("K")
    assert close(
        img.getpixel((round(w / 2), round(h / 2))), rgb(DEFAULT.suit_colour("pyramid", "K")), 12
    )
    texts = Drawing(w, h, (face(DECKS["pyramid"].parse_card("K"), w, h),)).texts()
    assert "K" in texts and "WILD" in texts


def test_pyramid_back_is_hexagonal():
    w, h = card_size("pyramid", 120)
    img = render(back("pyramid", w, h))
    assert close(img.getpixel((1, 1)), rgb(BG), 10)
    assert close(img.getpixel((round(w / 2), round(h / 2 - 0.35 * h))), rgb(DEFAULT.back), 30)


def _texts(card_code: str, deck: str) -> list[str]:
    w, h = card_size(deck, 80)
    return Drawing(w, h, (face(DECKS[deck].parse_card(card_code), w, h),)).texts()


def test_standard_index_has_rank_glyph_and_letter():
    texts = _texts("Th", "standard52")
    assert "10" in texts and "♥" in texts and "H" in texts
    assert texts.count("♥") == 2 + 10  # two corners and ten pips


@pytest.mark.parametrize("deck", ["standard54", "triad", "ranks54"])
def test_jokers_are_distinct(deck):
    black, red = _texts("BJ", deck), _texts("RJ", deck)
    assert "JOKER" in black and "BLACK" in black
    assert "JOKER" in red and "RED" in red
    ink_b = face(DECKS[deck].parse_card("BJ"), 60, 84).ops[-1].fill
    ink_r = face(DECKS[deck].parse_card("RJ"), 60, 84).ops[-1].fill
    assert ink_b != ink_r


def test_blocks_are_wood_and_jokers_are_pharaohs():
    w, h = card_size("blocks", 80)
    assert 0.75 < w / h < 1.0  # square-ish
    img = render(face(DECKS["blocks"].parse_card("7c"), w, h))
    assert close(img.getpixel((round(0.05 * w), round(h / 2))), rgb(DEFAULT.wood), 30)
    assert "PHARAOH" in _texts("BJ", "blocks") and "PHARAOH" in _texts("RJ", "blocks")


def test_triangle_pips_like_dice():
    for rank, n in (("A", 1), ("2", 2), ("3", 3), ("4", 4), ("5", 5), ("6", 6)):
        assert _texts(rank + "c", "triangle").count("♣") == 2 + n


def test_triad_corner_has_suit_initial():
    texts = _texts("Qg", "triad")
    assert "G" in texts and "Q" in texts and "GREEN" in texts


def test_a_face_stands_for_its_whole_deck_at_its_very_size_and_theme():
    """`deck_faces_like` gives every face of the deck at the sprite's own size (not the size
    its key rounds to: two sizes one key apart would thrash a canvas's sprite cache)."""
    from dataclasses import replace

    from cardlab.core.cards import get_deck
    from cardlab.render.faces import back, deck_faces_like, face

    deck = get_deck("pyramid").cards()
    shown = face(deck[3], 46 * 0.8, 42.5, "high-contrast")
    assert shown.w == 36.800000000000004
    every = deck_faces_like(shown)
    assert [s.key for s in every] == [face(c, shown.w, 42.5, "high-contrast").key for c in deck]
    assert shown in every and all(s.w == shown.w and s.h == 42.5 for s in every)
    assert deck_faces_like(back("pyramid", 40, 50)) == ()
    assert deck_faces_like(replace(shown, key="face:nodeck:1G:1x1:default")) == ()
    assert deck_faces_like(replace(shown, key="face:pyramid:1G:1x1:no-such-theme")) == ()
