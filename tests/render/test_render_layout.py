"""Layouts: hit boxes land on the card drawn there, selection, pyramids, tables, deck sheets."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from render_helpers import close, rgb

from cardlab.core.cards import DECKS, parse
from cardlab.render import (
    HIDDEN,
    THEMES,
    Drawing,
    HitBox,
    Sprite,
    card_size,
    compose,
    deck_sheet,
    fan_corner,
    grid,
    hand_fan,
    pyramid_index,
    pyramid_of_blocks,
    pyramid_position,
    row,
    table_seats,
)
from cardlab.render.pil import to_image

HAND = parse("As Kd 7c 2h 3s", "standard54")


def sprites(ops) -> list[Sprite]:
    return [op for op in ops if isinstance(op, Sprite)]


def test_row_hits_every_card_centre():
    ops = row(HAND, 10, 20, 60, 84, 8)
    d = compose(ops)
    for i in range(len(HAND)):
        assert d.hit(10 + i * 68 + 30, 20 + 42) == f"card:{i}"
    assert d.hit(5, 5) is None


def test_overlapping_row_hits_visible_strip():
    d = compose(row(HAND, 10, 20, 60, 84, -40))
    for i in range(len(HAND)):
        assert d.hit(10 + i * 20 + 10, 60) == f"card:{i}"


@given(n=st.integers(1, 12), gap=st.floats(0, 30), x=st.floats(0, 200), y=st.floats(0, 200))
def test_row_hits_property(n, gap, x, y):
    cards = [None] * n
    d = compose(row(cards, x, y, 50, 70, gap, deck="triad"))
    for i in range(n):
        assert d.hit(x + i * (50 + gap) + 25, y + 35) == f"card:{i}"


def test_row_none_is_back_or_slot():
    backs = sprites(row([None, HAND[0]], 0, 0, 60, 84, 5, deck="standard54"))
    assert backs[0].key.startswith("back:standard54") and backs[1].key.startswith("face:")
    slot = row([None], 0, 0, 60, 84, hidden_as_back=False, deck="triad")
    assert not sprites(slot) and any(isinstance(op, HitBox) for op in slot)


def test_selected_cards_are_lifted_and_ringed():
    ops = row(HAND, 0, 50, 60, 84, 8, THEMES["default"], selected={1})
    ys = [s.y for s in sprites(ops)]
    assert ys[1] < ys[0] == ys[2]
    d = compose(ops)
    assert d.hit(68 + 30, ys[1] + 42) == "card:1"
    img = to_image(compose(ops, 400, 200))
    ring = rgb(THEMES["default"].highlight)
    assert close(img.getpixel((68 + 30, round(ys[1]) - 2)), ring, 60)


def test_grid_wraps_and_labels():
    cards = DECKS["triangle"].kinds()
    ops = grid(cards, 6, 0, 0, 50, 70, 10, labels=[c.code for c in cards])
    d = compose(ops)
    assert d.hit(25, 35) == "card:0"
    assert d.hit(60 + 25, 35) == "card:1"
    row_h = 70 + 10 + 12 * 1.5
    assert d.hit(25, row_h + 35) == "card:6"
    assert "6c" in d.texts()


def test_hand_fan_rotates_and_hits():
    cards = parse("3 4 5 6 7 8 9 T", "ranks54")
    ops = hand_fan(cards, 300, 200, 60, 84, spread_degrees=50)
    angles = [s.angle for s in sprites(ops)]
    assert angles[0] == pytest.approx(-25) and angles[-1] == pytest.approx(25)
    assert angles == sorted(angles)
    d = compose(ops, 600, 400)
    for i in range(len(cards)):
        x, y = fan_corner(len(cards), i, 300, 200, 60, 84, spread_degrees=50)
        assert d.hit(x, y) == f"card:{i}"
    last = sprites(ops)[-1]
    assert d.hit(last.x + 30, last.y + 42) == f"card:{len(cards) - 1}"


def test_hand_fan_renders_rotated_with_transparent_corners():
    cards = parse("3 4 5", "ranks54")
    ops = hand_fan(cards, 200, 100, 60, 84, spread_degrees=60)
    img = to_image(Drawing(400, 260, tuple(ops), "#00ff00"))
    assert close(img.getpixel((200, 65)), rgb(THEMES["default"].card_face), 20)  # middle card
    # card 0 is turned 30 degrees anticlockwise: the top-left of its bounding box is table
    assert close(img.getpixel((64, 77)), (0, 255, 0), 5)
    assert close(img.getpixel((85, 100)), rgb(THEMES["default"].card_face), 40)


def test_pyramid_index_round_trip():
    for k in range(36):
        assert pyramid_index(*pyramid_position(k, 8), 8) == k
    with pytest.raises(ValueError):
        pyramid_index(1, 7, 8)


def test_pyramid_of_blocks_geometry_and_hits():
    b = parse("As Kd 7c 2h", "blocks")
    rows = [[b[0], b[1], HIDDEN, b[3]], [HIDDEN, None, None], [None, None], [None]]
    bw, bh, gap = 50.0, 60.0, 4.0
    ops = pyramid_of_blocks(rows, 10, 10, bw, bh, gap)
    placed = sprites(ops)
    assert [s.key.split(":")[0] for s in placed] == ["face", "face", "back", "face", "back"]
    # the block on row 1 is centred on the two below it
    r1 = placed[4]
    assert r1.x + bw / 2 == pytest.approx((placed[0].x + placed[1].x + bw) / 2)
    assert r1.y == pytest.approx(placed[0].y - (bh + gap))
    d = compose(ops)
    for k, s in zip((0, 1, 2, 3, 4), placed, strict=True):
        assert d.hit(s.x + bw / 2, s.y + bh / 2) == f"card:{k}"
    # (1, 1) rests on two blocks: a legal empty slot; (1, 2) too; (2, 0) does not (one support)
    targets = {op.target for op in ops if isinstance(op, HitBox)}
    assert {"slot:5", "slot:6"} <= targets and "slot:7" not in targets


def test_pyramid_of_blocks_rejects_bad_rows():
    with pytest.raises(ValueError, match="row 1"):
        pyramid_of_blocks([[None] * 4, [None] * 4], 0, 0, 40, 50)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_table_seats(seats):
    hands = [HAND] + [[None] * 5 for _ in range(seats - 1)]
    d = table_seats(hands, parse("BJ RJ", "standard54"), theme="colorblind", active=1)
    assert isinstance(d, Drawing)
    boxes = d.hit_boxes()
    targets = {b.target for b in boxes}
    assert {f"card:{i}" for i in range(5)} <= targets
    assert {"centre:0", "centre:1"} <= targets
    assert all(f"seat:{s}:0" in targets for s in range(1, seats))
    for box in boxes:  # everything on the table
        assert box.x >= 0 and box.x + box.w <= d.width and box.y >= 0 and box.y + box.h <= d.height
    centre = next(b for b in boxes if b.target == "centre:1")
    assert d.hit(centre.x + centre.w / 2, centre.y + centre.h / 2) == "centre:1"
    assert any("Seat 1" in t for t in d.texts())


def test_table_seats_needs_two_to_six_seats():
    with pytest.raises(ValueError):
        table_seats([HAND], ())


@pytest.mark.parametrize("deck_name", list(DECKS))
def test_deck_sheet_one_face_per_distinct_card(deck_name):
    deck = DECKS[deck_name]
    d = deck_sheet(deck_name)
    faces = [s for s in sprites(d.ops) if s.key.startswith("face:")]
    backs = [s for s in sprites(d.ops) if s.key.startswith("back:")]
    assert len(faces) == len(deck.kinds()) == len({s.key for s in faces})
    assert len(backs) == 1
    targets = [b.target for b in d.hit_boxes()]
    assert sorted(targets) == sorted([f"card:{i}" for i in range(len(deck.kinds()))] + ["back"])
    texts = d.texts()
    for i, card in enumerate(deck.kinds()):
        n = deck.count(card)
        assert (card.code if n == 1 else f"{card.code} ×{n}") in texts
        box = next(b for b in d.hit_boxes() if b.target == f"card:{i}")
        assert box.x + box.w <= d.width and box.y + box.h <= d.height
    assert str(deck.title) in texts[0]


def test_deck_sheet_duplicates_and_columns():
    d = deck_sheet("pyramid", "high-contrast", columns=4)
    assert (
        "3P ×9" in d.texts() and "2G ×6" in d.texts() and "1O ×3" in d.texts() and "K" in d.texts()
    )
    assert d.background == THEMES["high-contrast"].background
    assert deck_sheet("standard").texts() == deck_sheet("standard54").texts()  # CLI alias


def test_card_size_keeps_deck_proportions():
    assert card_size("standard52", 50) == (50.0, 70.0)
    _, h = card_size("pyramid", 100)
    assert h == pytest.approx(115.5, abs=0.1)
