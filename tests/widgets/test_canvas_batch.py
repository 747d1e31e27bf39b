"""`Batch` writes exactly the commands ipycanvas's own API would send, as one message."""

from __future__ import annotations

import json
from typing import Any

import ipycanvas
import ipycanvas.canvas
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.render.ops import Circle, Drawing, HitBox, Line, Polygon, Rect, Sprite, Text
from cardlab.widgets.canvas import replay_ops
from cardlab.widgets.canvas_batch import Batch, parking_canvas

COLOURS = st.sampled_from([None, "#000000", "#ffcc00", "#1d4ed8"])
COORDS = st.floats(-50, 450, allow_nan=False, allow_infinity=False)
SIZES = st.floats(0, 120, allow_nan=False, allow_infinity=False)
WIDTHS = st.sampled_from([1, 1.5, 2.0, 6])
POINTS = st.lists(st.tuples(COORDS, COORDS), min_size=0, max_size=5).map(tuple)

SHAPES = st.one_of(
    st.builds(Rect, COORDS, COORDS, SIZES, SIZES, COLOURS, COLOURS, WIDTHS, SIZES),
    st.builds(Polygon, POINTS, COLOURS, COLOURS, WIDTHS),
    st.builds(
        Line, POINTS, st.sampled_from(["#000000", ""]), WIDTHS,
        st.lists(st.sampled_from([2.0, 3.0, 5.0]), max_size=3).map(tuple),
    ),
    st.builds(Circle, COORDS, COORDS, SIZES, COLOURS, COLOURS, WIDTHS),
    st.builds(
        Text, COORDS, COORDS, st.text(max_size=12), st.sampled_from([10, 14.5]),
        st.sampled_from(["#000000", "#ffffff"]), st.sampled_from(["left", "center", "right"]),
        st.sampled_from(["top", "middle", "bottom"]), st.booleans(),
    ),
    st.builds(HitBox, COORDS, COORDS, SIZES, SIZES, st.just("card:0")),
)  # fmt: skip
OPS = st.one_of(
    SHAPES,
    st.builds(
        Sprite, st.sampled_from(["As", "Kd"]), COORDS, COORDS, SIZES, SIZES,
        st.lists(SHAPES, max_size=4).map(tuple), st.sampled_from([0.0, 0.0, 30.0]),
    ),
)  # fmt: skip
DRAWINGS = st.builds(
    Drawing,
    st.just(400.0),
    st.just(300.0),
    st.lists(OPS, max_size=12).map(tuple),
    st.sampled_from(["#ffffff", ""]),
)


@pytest.fixture(scope="module")
def canvases() -> tuple[ipycanvas.Canvas, ipycanvas.Canvas]:
    """The canvas drawn on and a hidden one blitted from ("Kd" faces)."""
    return ipycanvas.Canvas(width=800, height=600), ipycanvas.Canvas(width=80, height=120)


def through_ipycanvas(
    drawing: Drawing, canvas: Any, source: Any, scale: float, boxes: Any = None
) -> list[Any]:
    """The commands ipycanvas's own API sends for ``drawing`` (inside ``boxes`` alone, if
    given): one ``hold_canvas`` batch."""
    manager = ipycanvas.canvas._CANVAS_MANAGER
    sent: list[Any] = []
    manager._current_canvas = None
    original = manager._send_custom
    manager._send_custom = lambda command, buffers=(): sent.append(command)
    try:
        with ipycanvas.hold_canvas():
            replay_ops(drawing, canvas, scale=scale, sprite_source=source, boxes=boxes)
    finally:
        del manager._send_custom
        assert manager._send_custom == original
    assert len(sent) == 1
    return json.loads(json.dumps(sent[0]))


BOXES = st.one_of(
    st.none(),
    st.lists(
        st.tuples(st.floats(0, 200), st.floats(0, 150), st.floats(1, 200), st.floats(1, 150)).map(
            lambda b: (b[0], b[1], b[0] + b[2], b[1] + b[3])
        ),
        min_size=1,
        max_size=3,
    ),
)


@settings(max_examples=150, deadline=None)
@given(drawing=DRAWINGS, scale=st.sampled_from([1.0, 1.25, 2.0]), boxes=BOXES)
def test_a_batch_holds_the_commands_ipycanvas_would_send(canvases, drawing, scale, boxes):
    """The whole drawing, or the part inside a few boxes (a press's repaint), either way."""
    canvas, hidden = canvases

    def source(sprite: Sprite) -> Any:
        return hidden if sprite.key == "Kd" else None  # blitted or drawn inline

    batch = Batch()
    replay_ops(drawing, batch.on(canvas), scale=scale, sprite_source=source, boxes=boxes)
    assert json.loads(json.dumps(batch.commands)) == through_ipycanvas(
        drawing, canvas, source, scale, boxes
    )


def test_a_batch_goes_as_one_message_and_the_manager_forgets_its_canvas(canvases, batches):
    canvas, hidden = canvases
    batch = Batch()
    batch.on(canvas).fill_rect(0, 0, 10)
    batch.on(hidden).clear()
    batch.on(canvas).fill_text("hi", 1, 2)
    ipycanvas.canvas._CANVAS_MANAGER._current_canvas = canvas
    assert batch.send() > 0
    assert batches.names(0) == [
        "switchCanvas", "fillRect", "switchCanvas", "clear", "switchCanvas", "fillText",
        "switchCanvas",
    ]  # fmt: skip
    assert batches.commands(0)[1] == [ipycanvas.canvas.COMMANDS["fillRect"], [0, 0, 10, 10], 0]
    assert ipycanvas.canvas._CANVAS_MANAGER._current_canvas is None
    assert Batch().send() == 0 and len(batches.messages) == 1  # nothing to send, nothing sent


def test_a_batch_ends_on_a_one_pixel_canvas_so_the_next_copies_no_picture_twice(canvases, batches):
    """The browser copies onto its views every canvas a message switches to, starting with the
    one the message before ended on: a batch ending on a table's canvas had the next press
    copy the whole picture twice.  Every batch ends on the same one-pixel canvas, which no
    page shows, and a batch that ends there already does not switch again."""
    canvas, hidden = canvases
    parked = f"IPY_MODEL_{parking_canvas().model_id}"
    first = Batch()
    first.on(canvas).fill_rect(0, 0, 10)
    first.send()
    second = Batch()
    second.on(hidden).clear()
    second.on(parking_canvas()).clear()
    second.send()
    by_number = {v: k for k, v in ipycanvas.canvas.COMMANDS.items()}
    for message in (0, 1):
        commands = batches.commands(message)
        last_switch = [c for c in commands if by_number[c[0]] == "switchCanvas"][-1]
        assert last_switch[1] == [parked]
    assert batches.names(1) == ["switchCanvas", "clear", "switchCanvas", "clear"]
    assert (parking_canvas().width, parking_canvas().height) == (1, 1)
    assert parking_canvas() is parking_canvas()


def test_a_batch_refuses_what_ipycanvas_could_not_draw(canvases):
    canvas, _ = canvases
    side = Batch().on(canvas)
    with pytest.raises(AttributeError, match="colour"):
        side.colour = "#000000"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="other canvases"):
        side.draw_image("not a canvas", 0, 0)
