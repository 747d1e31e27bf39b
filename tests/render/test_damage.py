"""`cardlab.render.damage`: the boxes a canvas repaints after a press, checked in pixels."""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageChops

from cardlab.core.cards import get_deck
from cardlab.render.damage import MAX_SHARE, bounds, changed_boxes, touching
from cardlab.render.faces import face
from cardlab.render.ops import Circle, Drawing, HitBox, Line, Polygon, Rect, Text
from cardlab.render.pil import to_image

W, H = 300.0, 200.0
COORD = st.floats(12, 288, allow_nan=False, allow_infinity=False)  # on the canvas (Pillow
# misdraws an ellipse that crosses its edge)
SIZE = st.floats(1, 90, allow_nan=False, allow_infinity=False)
COLOUR = st.sampled_from(["#000000", "#d62728", "#1f77b4", "#ffffff"])
MAYBE = st.one_of(st.none(), COLOUR)
WIDTH = st.sampled_from([1.0, 2.0, 4.0])
POINTS = st.lists(st.tuples(COORD, COORD), min_size=2, max_size=5).map(tuple)
WORDS = st.sampled_from(["Call", "Pot 120", "WWWW", "地主", "▶ You · 99", "Mmm@%", "ÄÉÎ"])
CARDS = get_deck("standard52").cards()

OPS = st.one_of(
    st.builds(Rect, COORD, COORD, SIZE, SIZE, MAYBE, MAYBE, WIDTH, st.sampled_from([0.0, 6.0])),
    st.builds(Polygon, POINTS, MAYBE, MAYBE, WIDTH),
    st.builds(Line, POINTS, COLOUR, WIDTH),
    st.builds(Circle, COORD, COORD, st.floats(3, 30), MAYBE, MAYBE, WIDTH),
    st.builds(
        Text, COORD, COORD, WORDS, st.sampled_from([9.0, 14.0, 22.0]), COLOUR,
        st.sampled_from(["left", "center", "right"]), st.sampled_from(["top", "middle", "bottom"]),
        st.booleans(),
    ),
    st.builds(
        lambda card, x, y, angle: dataclasses.replace(face(card, 40, 56), x=x, y=y, angle=angle),
        st.sampled_from(CARDS[:8]), COORD, COORD, st.sampled_from([0.0, 0.0, 15.0, 90.0]),
    ),
    st.builds(HitBox, COORD, COORD, SIZE, SIZE, st.just("card:0")),
)  # fmt: skip


BG = "#ff00ff"  # magenta: no op above paints it
SEEN = 32
"""A pixel counts as painted when a channel moved more than this: the Pillow backend's Lanczos
downsampling rings a few levels up to 3 pixels past an edge, which a browser does not."""


def painted(a, b):
    """The box of the pixels that differ visibly between images ``a`` and ``b``."""
    red, green, blue = ImageChops.difference(a, b).split()
    most = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    return most.point(lambda v: 255 if v > SEEN else 0).getbbox()


@settings(max_examples=200, deadline=None)
@given(op=OPS)
def test_an_ops_bounds_hold_every_pixel_it_paints(op):
    blank = to_image(Drawing(W, H, (), background=BG)).convert("RGB")
    picture = to_image(Drawing(W, H, (op,), background=BG)).convert("RGB")
    seen = painted(picture, blank)
    box = bounds(op)
    if seen is None:
        return
    assert box is not None
    x0, y0, x1, y1 = seen  # pixels x0 .. x1-1 are painted
    assert box[0] <= x0 and box[1] <= y0 and x1 <= box[2] + 1 and y1 <= box[3] + 1


def mutated(ops: tuple, data) -> tuple:
    """``ops`` after a press: some ops changed, added, removed or moved in the order."""
    out = list(ops)
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["change", "add", "remove", "move"]))
        if kind == "add" or not out:
            out.insert(data.draw(st.integers(0, len(out))), data.draw(OPS))
        elif kind == "change":
            out[data.draw(st.integers(0, len(out) - 1))] = data.draw(OPS)
        elif kind == "remove":
            out.pop(data.draw(st.integers(0, len(out) - 1)))
        else:
            op = out.pop(data.draw(st.integers(0, len(out) - 1)))
            out.insert(data.draw(st.integers(0, len(out))), op)
    return tuple(out)


@settings(max_examples=120, deadline=None)
@given(ops=st.lists(OPS, max_size=10).map(tuple), scale=st.sampled_from([1.0, 1.25, 2.0]),
       data=st.data())  # fmt: skip
def test_outside_the_changed_boxes_the_pixels_are_already_the_new_drawings(ops, scale, data):
    """Repainting the boxes alone shows ``after``: outside them both drawings have the same
    pixels, and inside them every op that can paint there is repainted."""
    before = Drawing(W, H, ops, background="#2f6b46")
    after = Drawing(W, H, mutated(ops, data), background="#2f6b46")
    boxes = changed_boxes(before, after, scale)
    if boxes is None:  # most of the canvas changed: repainted in full
        return
    old, new = to_image(before, scale), to_image(after, scale)
    mask = old.copy().convert("L")
    mask.paste(0, (0, 0, *mask.size))
    for x0, y0, x1, y1 in boxes:
        assert (x0 * scale).is_integer() or abs(x0 * scale - round(x0 * scale)) < 1e-6
        mask.paste(
            255, (round(x0 * scale), round(y0 * scale), round(x1 * scale), round(y1 * scale))
        )
    outside_old = ImageChops.multiply(old.convert("RGB"), ImageChops.invert(mask).convert("RGB"))
    outside_new = ImageChops.multiply(new.convert("RGB"), ImageChops.invert(mask).convert("RGB"))
    assert painted(outside_old, outside_new) is None
    for op in after.ops:
        box = bounds(op)
        reaches = box is not None and any(
            box[0] < b[2] and b[0] < box[2] and box[1] < b[3] and b[1] < box[3] for b in boxes
        )
        assert (op in touching(after.ops, boxes)) == reaches


def test_the_same_drawing_changes_nothing_and_another_size_or_most_of_it_everything():
    card = dataclasses.replace(face(CARDS[0], 40, 56), x=10, y=10)
    base = Drawing(W, H, (card, Text(150, 20, "Pot 10")), background="#2f6b46")
    assert changed_boxes(base, base) == []
    assert changed_boxes(base, dataclasses.replace(base, width=W + 1)) is None
    assert changed_boxes(base, dataclasses.replace(base, background="#000000")) is None
    felt = Rect(0, 0, W, H, fill="#123456")
    assert changed_boxes(base, dataclasses.replace(base, ops=(felt, *base.ops))) is None
    pot = changed_boxes(base, dataclasses.replace(base, ops=(card, Text(150, 20, "Pot 30"))))
    assert pot is not None and len(pot) == 1
    x0, y0, x1, y1 = pot[0]
    assert (x1 - x0) * (y1 - y0) < MAX_SHARE * W * H and y1 < 60 and x0 > 50  # the pot alone


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(max_size=40),
    size=st.floats(-5, 80, allow_nan=False),
    bold=st.booleans(),
    align=st.sampled_from(["left", "center", "right"]),
)
def test_any_label_has_a_box_that_holds_its_anchor(text, size, bold, align):
    """Whatever a label holds (control characters the font's layout refuses included), its box
    is worked out without an error and holds the point it is drawn from."""
    x0, y0, x1, y1 = bounds(Text(100.0, 50.0, text, size, "#000000", align, "middle", bold))
    assert x0 <= 100.0 <= x1 and y0 <= 50.0 <= y1
