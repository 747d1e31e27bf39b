"""`Batch` writes, for the page, exactly the calls a drawing makes on a canvas, as one message."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.render.ops import Circle, Drawing, HitBox, Line, Polygon, Rect, Sprite, Text
from cardlab.widgets import a11y
from cardlab.widgets.canvas_batch import PAGE_COMMANDS, STYLES, Batch, Surface
from cardlab.widgets.canvas_replay import replay_ops

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


def surface() -> Surface:
    import ipywidgets as widgets

    return Surface(800, 600, widgets.Layout())


def camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.title() for part in rest)


def as_page_commands(calls: list[tuple[Any, ...]]) -> list[list[Any]]:
    """A recorded canvas's calls as the page's commands: the browser's names, the same values
    (trailing Nones dropped, a rect's height defaulting to its width, a number to a thousandth,
    as a batch writes them)."""
    out: list[list[Any]] = []
    for name, *values in calls:
        if name == "set":
            out.append(["set", STYLES[values[0]], values[1]])
            continue
        args = [round(v, 3) if isinstance(v, float) else v for v in values]
        while args and args[-1] is None:
            args.pop()
        if name == "set_line_dash" and len(args[0]) % 2:
            args = [args[0] + args[0]]
        out.append([camel(name), *args])
    return out


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(drawing=DRAWINGS, scale=st.sampled_from([1.0, 1.25, 2.0]), boxes=BOXES)
def test_a_batch_holds_the_calls_a_drawing_makes_on_a_canvas(recorder, drawing, scale, boxes):
    """The whole drawing, or the part inside a few boxes (a press's repaint), either way; every
    command is one the page script knows, and the batch is plain JSON."""

    def source(sprite: Sprite) -> Any:
        return "Kd@2" if sprite.key == "Kd" else None  # blitted or drawn inline

    target = surface()
    batch = Batch()
    replay_ops(
        drawing, batch.on(target, whole=boxes is None), scale=scale, sprite_source=source,
        boxes=boxes,
    )  # fmt: skip
    calls = type(recorder)()  # a fresh one for each example
    replay_ops(drawing, calls, scale=scale, sprite_source=source, boxes=boxes)
    head, *commands = batch.commands
    assert head == ["on", target.key, 800, 600, boxes is None]
    assert commands == as_page_commands(calls.calls)
    assert {c[0] for c in batch.commands} <= set(PAGE_COMMANDS)
    assert json.loads(json.dumps(batch.commands)) == batch.commands


def test_a_batch_goes_as_one_message_switching_canvases_only_when_they_change(batches):
    target = surface()
    batch = Batch()
    batch.on(target).fill_rect(0, 0, 10)
    batch.on(target).fill_rect(1, 1, 10)
    face = batch.sprite("As@2", 80, 120)
    face.clear()
    face.rasterise()
    batch.on(target).fill_text("hi", 1, 2)
    batch.on(target).draw_image("As@2", 5, 6)
    assert batch.send() == 9
    on = ["on", target.key, 800, 600, True]
    assert batches.commands(0) == [
        on, ["fillRect", 0, 0, 10, 10], ["fillRect", 1, 1, 10, 10],
        ["sprite", "As@2", 80, 120], ["clear"], ["rasterise"],
        on, ["fillText", "hi", 1, 2], ["drawImage", "As@2", 5, 6],
    ]  # fmt: skip
    assert Batch().send() == 0 and len(batches.messages) == 1  # nothing to send, nothing sent


def test_the_page_script_knows_every_command_a_batch_may_hold():
    """``surface.js`` handles each of `PAGE_COMMANDS` by name (a command it did not know
    would be skipped there, and the picture would be wrong without a word)."""
    source = a11y.SURFACES.read_text(encoding="utf-8")
    handled = set(re.findall(r'(?:case|name ===) "([A-Za-z]+)"', source))
    assert set(PAGE_COMMANDS) <= handled
    assert a11y.SURFACES.read_text(encoding="utf-8") in a11y.PageScript._esm


def test_a_batch_refuses_what_the_page_could_not_draw():
    side = Batch().on(surface())
    with pytest.raises(AttributeError, match="colour"):
        side.colour = "#000000"  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="sprites"):
        side.draw_image(object(), 0, 0)
