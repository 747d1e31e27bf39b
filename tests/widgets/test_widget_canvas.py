"""CanvasView and replay_ops without a browser: recorded commands, batches, pointer handling."""

from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.render.fonts import CSS_FAMILIES
from cardlab.render.ops import Circle, Drawing, HitBox, Line, Polygon, Rect, Sprite, Text
from cardlab.widgets import canvas as canvas_module
from cardlab.widgets.a11y import page_script
from cardlab.widgets.canvas import SPRITES_AFTER_S, CanvasView, backing_scale
from cardlab.widgets.canvas_batch import PAGE_COMMANDS
from cardlab.widgets.canvas_replay import css_font, replay_ops
from cardlab.widgets.deferred import deferred_open, is_deferred
from cardlab.widgets.panels import StatusLine

FACE = (Rect(0, 0, 40, 60, fill="#ffffff", stroke="#000000", radius=4), Text(20, 30, "As"))


def sprite(key: str = "As", x: float = 10, angle: float = 0.0, ops=FACE) -> Sprite:
    return Sprite(key, x, 10, 40, 60, ops, angle=angle)


def table(*ops) -> Drawing:
    return Drawing(200, 100, tuple(ops), background="#006600")


# -- replay_ops on a recording fake --------------------------------------------------------------
def test_replay_scales_clears_and_paints_background(recorder):
    stats = replay_ops(table(), recorder, scale=2)
    assert recorder.calls[:3] == [("save",), ("scale", 2, 2), ("clear_rect", 0, 0, 200, 100)]
    assert ("set", "fill_style", "#006600") in recorder.calls
    assert ("fill_rect", 0, 0, 200, 100) in recorder.calls
    assert recorder.calls[-1] == ("restore",)
    assert stats.ops == 0 and stats.commands == len(recorder.calls)


def test_plain_and_rounded_rects(recorder):
    replay_ops(table(Rect(1, 2, 30, 40, fill="#ff0000", stroke="#000000", line_width=2)), recorder)
    assert ("fill_rect", 1, 2, 30, 40) in recorder.calls
    assert ("stroke_rect", 1, 2, 30, 40) in recorder.calls
    assert ("set", "line_width", 2) in recorder.calls

    rounded = type(recorder)()
    replay_ops(table(Rect(0, 0, 30, 40, fill="#ff0000", radius=50)), rounded)
    arcs = [c for c in rounded.calls if c[0] == "arc_to"]
    assert len(arcs) == 4
    assert all(c[-1] == 15 for c in arcs)  # radius clamped to half the short side
    assert rounded.names().index("close_path") < rounded.names().index("fill")
    assert "stroke" not in rounded.names()


def test_polygon_line_with_dash_circle(recorder):
    replay_ops(
        table(
            Line(((0, 0), (10, 10), (20, 0)), stroke="#111111", dash=(4, 2)),
            Polygon(((0, 0), (10, 0), (5, 8)), fill="#00ff00", stroke="#000000"),
            Circle(50, 50, 5, fill="#0000ff", stroke="#000000", line_width=3),
        ),
        recorder,
    )
    names = recorder.names()
    assert ("set_line_dash", [4, 2]) in recorder.calls
    # the outlines after the dashed line reset the dash
    assert ("set_line_dash", []) in recorder.calls
    assert names.index("set_line_dash") < names.index("line_to")
    assert names.count("line_to") == 2 + 2
    assert ("fill_circle", 50, 50, 5) in recorder.calls
    assert ("stroke_circle", 50, 50, 5) in recorder.calls


def test_text_style(recorder):
    replay_ops(
        table(Text(5, 6, "Hi", size=18, align="left", baseline="top", bold=True, fill="#123456")),
        recorder,
    )
    assert ("set", "font", f"bold 18px {CSS_FAMILIES}") in recorder.calls
    assert ("set", "text_align", "left") in recorder.calls
    assert ("set", "text_baseline", "top") in recorder.calls
    assert ("set", "fill_style", "#123456") in recorder.calls
    assert recorder.calls[-2] == ("fill_text", "Hi", 5, 6)
    assert css_font(12) == f"12px {CSS_FAMILIES}"


def test_unchanged_styles_are_not_resent(recorder):
    replay_ops(table(Text(1, 1, "a"), Text(2, 2, "b"), Text(3, 3, "c")), recorder)
    assert sum(1 for c in recorder.calls if c[:2] == ("set", "font")) == 1
    assert [c for c in recorder.calls if c[0] == "fill_text"] == [
        ("fill_text", "a", 1, 1),
        ("fill_text", "b", 2, 2),
        ("fill_text", "c", 3, 3),
    ]


def test_hitbox_draws_nothing(recorder):
    replay_ops(table(HitBox(0, 0, 10, 10, "card:0")), recorder)
    empty = type(recorder)()
    replay_ops(table(), empty)
    assert recorder.calls == empty.calls


def test_sprite_inline_rotates_about_its_centre(recorder):
    stats = replay_ops(table(sprite(angle=90)), recorder)
    names = recorder.names()
    i = names.index("rotate")
    assert recorder.calls[i - 1] == ("translate", 30, 40)  # centre of the 40x60 box at (10, 10)
    assert recorder.calls[i] == ("rotate", pytest.approx(math.pi / 2))
    assert recorder.calls[i + 1] == ("translate", -20, -30)
    assert "fill_text" in names and "draw_image" not in names
    assert stats.ops == 3  # the sprite and its two ops
    # styles set inside the sprite do not leak: restore forgets them
    assert names.count("save") == names.count("restore") == 2


def test_sprite_blitted_from_source_in_one_command_unless_rotated(recorder):
    image = object()
    stats = replay_ops(table(sprite()), recorder, sprite_source=lambda s: image)
    assert ("draw_image", image, 10, 10, 40, 60) in recorder.calls
    assert "fill_text" not in recorder.names() and "translate" not in recorder.names()
    assert stats.sprites_blitted == 1

    turned = type(recorder)()
    replay_ops(table(sprite(angle=90)), turned, sprite_source=lambda s: image)
    assert ("draw_image", image, 0, 0, 40, 60) in turned.calls
    assert turned.names().count("translate") == 2 and "rotate" in turned.names()


@given(
    x=st.floats(0, 800, allow_nan=False),
    y=st.floats(0, 400, allow_nan=False),
    w=st.floats(1, 120, allow_nan=False),
    h=st.floats(1, 160, allow_nan=False),
    scale=st.sampled_from([1.0, 1.25, 1.5, 1.75, 2.0]),
)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_an_upright_sprite_lands_on_whole_backing_pixels_at_its_canvas_size(
    recorder, x, y, w, h, scale
):
    """A blit copies the sprite's canvas pixel for pixel (no resampling), and an inline sprite
    starts at that very pixel; both stay inside the box `damage.bounds` gives the sprite."""
    from cardlab.render.damage import bounds
    from cardlab.widgets.canvas_replay import backing_pixels

    op = Sprite("k", x, y, w, h, (Rect(0, 0, w, h, fill="#ffffff"),))
    blit, inline = type(recorder)(), type(recorder)()
    image = object()
    replay_ops(Drawing(1000, 600, (op,)), blit, scale=scale, sprite_source=lambda s: image)
    replay_ops(Drawing(1000, 600, (op,)), inline, scale=scale)
    (_, _, bx, by, bw, bh) = next(c for c in blit.calls if c[0] == "draw_image")
    (_, ix, iy) = next(c for c in inline.calls if c[0] == "translate")
    assert (ix, iy) == (bx, by)
    for device in (bx * scale, by * scale):
        assert device == pytest.approx(round(device), abs=1e-9)
    assert bw * scale == pytest.approx(backing_pixels(w, scale), abs=1e-9)
    assert bh * scale == pytest.approx(backing_pixels(h, scale), abs=1e-9)
    x0, y0, x1, y1 = bounds(op)
    assert x0 <= bx and y0 <= by and bx + bw <= x1 and by + bh <= y1


def test_unknown_op_is_a_type_error(recorder):
    with pytest.raises(TypeError, match="not a cardlab DrawOp"):
        replay_ops(table("not an op"), recorder)  # type: ignore[arg-type]


# -- CanvasView ----------------------------------------------------------------------------------
def test_backing_store_is_twice_the_css_size_which_fits_its_container():
    view = CanvasView(300, 120)
    assert (view.canvas.width, view.canvas.height) == (600, 240)
    layout = view.canvas.layout
    assert layout.width == "min(100%, calc(300px * var(--cardlab-zoom, 1)))"
    assert (layout.height, layout.max_width) == ("auto", "100%"), "the aspect ratio decides"
    view.draw(Drawing(250, 90, ()))
    assert (view.canvas.width, view.canvas.height) == (500, 180)
    assert view.canvas.layout.width == "min(100%, calc(250px * var(--cardlab-zoom, 1)))"


def page_says(content) -> None:
    """A message from the page script about its canvases, as the kernel hears it."""
    canvas_module._heard(page_script(), content, [])


def test_redraw_is_one_batched_message_starting_on_its_surface(batches):
    view = CanvasView(200, 100, sprites="inline")
    view.draw(table(*[Rect(i, i, 5, 5, fill="#ff0000") for i in range(50)]))
    assert len(batches.messages) == 1, "one message per redraw"
    assert batches.commands()[0] == ["on", view.canvas.key, 400, 200, True]
    names = batches.names()
    assert names.count("fillRect") == 51  # background + 50
    assert view.messages_sent == view.redraws == 1
    assert view.last_ops_count == 50
    assert view.last_commands_count == len(names) - 1  # all but the switch to the surface


def test_a_blank_surface_replays_the_kept_drawing(batches):
    view = CanvasView(200, 100)
    drawing = table(Text(10, 10, "hello"))
    view.draw(drawing)
    batches.clear()
    page_says({"blank": [view.canvas.key, "surface-of-another-kernel", 7]})
    assert len(batches.messages) == 1
    assert view.drawing is drawing
    texts = [c for c in batches.commands() if c[0] == "fillText"]
    assert texts and texts[0][1] == "hello"


def test_a_canvas_no_page_can_hold_yet_is_drawn_when_its_page_asks(batches):
    """Built for a page (`deferred_open`), a canvas is not drawn until a page has it: the page
    connects after the cells ran (Voila) or shows the output after the batch came (JupyterLab),
    and asks for every canvas it holds blank.  Once shown, it draws as any canvas does."""
    with deferred_open():
        view = CanvasView(200, 100)
        view.draw(table(Text(10, 10, "hello")))
    assert batches.messages == [] and view.redraws == 0
    view.box._repr_mimebundle_()  # the page shows it: every widget of its box opens
    assert not is_deferred(view.canvas) and batches.messages == []
    page_says({"blank": [view.canvas.key]})
    assert len(batches.messages) == 1 and batches.commands()[0][:2] == ["on", view.canvas.key]
    assert [c[1] for c in batches.commands() if c[0] == "fillText"] == ["hello"]
    view.draw(table(Text(10, 10, "again")))  # a press: drawn at once
    assert len(batches.messages) == 2


def test_a_surface_names_its_canvas_for_the_page():
    """The page finds a surface's canvas by its key, which carries the kernel's mark; its
    markup is written once (a resize travels with the batches, the element stays)."""
    view = CanvasView(200, 100)
    assert view.canvas.key.startswith(f"cardlab-surface-{page_script().kernel}-")
    assert f'data-cardlab-surface="{view.canvas.key}"' in view.canvas.value
    assert 'width="400" height="200"' in view.canvas.value
    before = view.canvas.value
    view.draw(Drawing(300, 100, ()))
    assert view.canvas.value == before and (view.canvas.width, view.canvas.height) == (600, 200)


@pytest.fixture(autouse=True)
def no_sprites_yet(monkeypatch):
    """Each test starts with a kernel that has drawn no sprite (the cache is kernel-wide)."""
    monkeypatch.setattr(canvas_module, "_SPRITES", {})
    monkeypatch.setattr(canvas_module, "_SPRITES_FRESH", set())


def test_views_share_the_hidden_sprite_canvases(batches):
    one, two = CanvasView(200, 100), CanvasView(300, 100)
    one.draw(table(sprite("As", 10), sprite("Kd", 60)))
    batches.clear()
    two.draw(table(sprite("As", 110)))
    assert two.sprite_canvases["As"] == one.sprite_canvases["As"] == "As@2"
    assert set(two.sprite_canvases) == {"As"}
    assert batches.names().count("fillText") == 0, "the face was drawn once, for both views"
    assert CanvasView(200, 100, scale=1).sprite_canvases == {}


def test_a_sprite_canvas_is_read_in_the_batch_that_draws_it(batches):
    """A browser paints a canvas's commands when its pixels are first read: each face made is
    read (``rasterise``) right after its commands, before the picture blits it, so a press that
    first shows a face made ahead does not paint it."""
    view = CanvasView(200, 100)
    view.draw(table(sprite("As", 10), sprite("Kd", 110)))
    faces = {c: key for key, c in view.sprite_canvases.items()}
    current, events = None, []
    for command in batches.commands():
        name = command[0]
        if name in ("on", "sprite"):
            current = command[1]
            if name == "sprite":
                assert command[2:] == [80, 120]  # the face's backing pixels
        elif name == "fillText" and current in faces:
            events.append(("drawn", faces[current]))
        elif name == "rasterise":
            events.append(("read", faces[current]))
        elif name == "drawImage":
            assert current == view.canvas.key
            events.append(("shown", faces[command[1]]))
    assert events == [
        ("drawn", "As"), ("read", "As"), ("shown", "As"),
        ("drawn", "Kd"), ("read", "Kd"), ("shown", "Kd"),
    ]  # fmt: skip


def test_sprites_are_drawn_once_then_blitted(batches):
    view = CanvasView(200, 100)
    view.draw(table(sprite("As", 10), sprite("As", 60), sprite("Kd", 110)))
    assert set(view.sprite_canvases) == {"As", "Kd"}
    first = batches.names()
    assert first.count("drawImage") == 3  # three placements
    assert first.count("rasterise") == 2  # each new face read once
    assert first.count("fillText") == 2  # one face per key, not per placement
    cost_first = view.last_commands_count
    assert ["sprite", "As@2", 80, 120] in batches.commands()  # 2x backing

    batches.clear()
    view.redraw()
    again = batches.names()
    assert again.count("drawImage") == 3 and again.count("fillText") == 0
    assert view.last_commands_count < cost_first
    assert view.last_sprites_blitted == 3

    # a new page has blank sprite canvases too: it says so, and its blank surfaces are redrawn
    batches.clear()
    page_says({"sprites": "lost", "blank": [view.canvas.key]})
    assert batches.names().count("fillText") == 2


def test_changed_sprite_ops_repaint_the_cached_canvas(batches):
    view = CanvasView(200, 100)
    view.draw(table(sprite("As")))
    canvas_before = view.sprite_canvases["As"]
    batches.clear()
    view.draw(table(sprite("As", ops=(Text(5, 5, "new"),))))
    assert view.sprite_canvases["As"] == canvas_before
    fills = [c for c in batches.commands() if c[0] == "fillText"]
    assert [c[1] for c in fills] == ["new"]


def test_inline_sprites_need_no_hidden_canvases(batches):
    view = CanvasView(200, 100, sprites="inline")
    view.draw(table(sprite("As", 10, angle=30)))
    assert view.sprite_canvases == {}
    assert "drawImage" not in batches.names()
    assert "rotate" in batches.names()


def test_pointer_mouse_and_touch_divide_by_the_backing_scale():
    view = CanvasView(200, 100)
    view.draw(table(HitBox(10, 10, 40, 60, "card:0"), HitBox(60, 10, 40, 60, "card:1")))
    clicked: list[str] = []
    view.on_click(clicked.append)
    # the page reports backing pixels: CSS (30, 40) is (60, 80) at 2x
    assert view.handle_pointer([(60, 80)]) == "card:0"
    assert view.handle_pointer([(160, 80), (60, 80)]) == "card:1"  # first finger wins
    assert view.handle_pointer([(30, 10)]) is None  # CSS (15, 5): above the cards
    assert view.handle_pointer([]) is None
    assert clicked == ["card:0", "card:1"]
    # the same through the page script's messages; a malformed one is ignored
    page_says({"pointer": view.canvas.key, "points": [[120, 50]]})
    page_says({"pointer": view.canvas.key, "points": [[30, 30], [120, 50]]})
    for bad in ([[1]], [["a", 2]], "60,80", [[None, 3]], None):
        page_says({"pointer": view.canvas.key, "points": bad})
    page_says({"pointer": "surface-gone", "points": [[60, 80]]})
    assert clicked == ["card:0", "card:1", "card:1", "card:0"]


def test_pointer_before_any_drawing_is_ignored():
    view = CanvasView(100, 100)
    assert view.handle_pointer([(10, 10)]) is None


def test_a_failing_click_callback_becomes_a_status_message(capsys):
    status = StatusLine()
    view = CanvasView(200, 100, status=status)
    view.draw(table(HitBox(0, 0, 200, 100, "table")))

    def broken(target: str) -> None:
        raise KeyError(target)

    view.on_click(broken)
    page_says({"pointer": view.canvas.key, "points": [[10, 10]]})
    assert status.level == "error"
    assert status.message == "Something went wrong: KeyError: 'table'"
    assert "Traceback" not in status.widget.value
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err


def test_a_bad_drawing_sends_nothing_and_leaves_the_view_usable(batches):
    view = CanvasView(200, 100)
    with pytest.raises(TypeError):
        view.draw(table("bogus"))  # type: ignore[arg-type]
    assert batches.messages == []
    view.draw(table())  # still usable
    assert view.redraws == 2 and len(batches.messages) == 1


def test_a_batch_of_every_kind_of_op_is_plain_json(batches):
    """What travels to the page is JSON the page script reads: names and numbers, no widget."""
    import json

    view = CanvasView(200, 100)
    view.draw(table(
        Rect(1, 2, 30, 40, fill="#ff0000", stroke="#000000", radius=4),
        Line(((0, 0), (10, 10)), stroke="#111111", dash=(4,)),
        Polygon(((0, 0), (10, 0), (5, 8)), fill="#00ff00"),
        Circle(50, 50, 5, fill="#0000ff", stroke="#000000"),
        Text(10, 10, "Ace ♠"), sprite("As", 10), sprite("Kd", 60, angle=30),
    ))  # fmt: skip
    (message,) = batches.messages
    assert json.loads(json.dumps(message)) == message
    names = set(batches.names())
    assert names <= set(PAGE_COMMANDS)
    assert {"on", "sprite", "rasterise", "drawImage", "arcTo", "fillCircle", "setLineDash"} <= names


@pytest.mark.parametrize(
    ("density", "scale"),
    [(0.0, 2.0), (1.0, 1.0), (1.5, 1.5), (2.0, 2.0), (1.1, 1.25), (0.5, 1.0), (3.0, 2.0)],
)
def test_the_backing_store_follows_the_pages_pixel_density(density, scale):
    assert backing_scale(density) == scale


@given(st.floats(min_value=-10, max_value=100, allow_nan=False))
def test_a_reported_density_gives_a_backing_scale_in_bounds(density):
    scale = backing_scale(density)
    assert 1 <= scale <= 2 and (scale * 4).is_integer()
    assert density <= 0 or density > 2 or scale >= density


def test_a_page_that_reports_its_density_redraws_its_canvases_at_it():
    script = page_script()
    follows = CanvasView(200, 100, drawing=Drawing(200, 100, (Rect(0, 0, 10, 10, fill="#000"),)))
    fixed = CanvasView(200, 100, scale=2)
    try:
        assert (follows.canvas.width, follows.canvas.height) == (400, 200)  # before any report
        redraws = follows.redraws
        script.density = 1.0
        assert (follows.canvas.width, follows.canvas.height) == (200, 100)
        assert follows.redraws == redraws + 1
        assert follows.to_css(100, 50) == (100, 50)  # a click maps at the new scale
        assert fixed.canvas.width == 400  # a view given its scale keeps it
        script.density = 1.0  # the same again: nothing to redo
        assert follows.redraws == redraws + 1
    finally:
        script.density = 0.0
    assert follows.canvas.width == 400


def test_in_a_kernel_a_press_draws_a_new_sprite_inline_and_its_canvas_is_made_after(in_a_kernel):
    """A press never waits for the browser to open widgets: in a drawing that replaces one, a
    sprite not seen before is drawn inline, and its hidden canvas made once the batch has gone,
    and the drawing blitted again (the page keeps the same pixels however a face was first
    drawn).  A first drawing (a page loading) makes its sprites at once."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    def face(key: str) -> Sprite:
        return Sprite(key, 0, 0, 40, 60, (Rect(0, 0, 40, 60, fill="#fff"),))

    async def session() -> list[tuple[int, set[str]]]:
        view = CanvasView(200, 100, scale=2, drawing=Drawing(200, 100, (face("As"),)))
        seen = [(view.last_sprites_blitted, set(view.sprite_canvases))]
        view.draw(Drawing(200, 100, (face("As"), face("Kd"))))
        seen.append((view.last_sprites_blitted, set(view.sprite_canvases)))
        redraws = view.redraws
        await asyncio.sleep(SPRITES_AFTER_S + 0.2)
        seen.append((view.last_sprites_blitted, set(view.sprite_canvases)))
        seen.append((view.redraws - redraws, set()))
        return seen

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (another test may run one here)
        seen = thread.submit(asyncio.run, session()).result(timeout=60)
    assert seen == [(1, {"As"}), (1, {"As"}), (2, {"As", "Kd"}), (1, set())]


def face(key: str, text: str = "A") -> Sprite:
    return Sprite(key, 0, 0, 40, 60, (Rect(0, 0, 40, 60, fill="#fff"), Text(20, 30, text)))


def in_a_loop(session):
    """``session()`` on a loop of its own (another test may run one in this thread)."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, session()).result(timeout=60)


def test_a_prepared_drawing_sends_nothing_until_it_is_drawn_then_goes_as_made(in_a_kernel, batches):
    """`prepare` makes a press's batch while the learner thinks: no message, no widget (a face
    the page has not shown is never sent ahead); the press then sends that batch, the new face
    inline, and its canvas is made after, as in any press."""
    import asyncio

    from ipywidgets.widgets.widget import _instances

    async def session():
        view = CanvasView(200, 100, scale=2, drawing=Drawing(200, 100, (face("As"),)))
        after = Drawing(200, 100, (face("As"), replace_x(face("Kd", "K"), 50)))
        batches.clear()
        widgets_before = len(_instances)
        view.prepare(after)
        quiet = (len(batches.messages), len(_instances) - widgets_before)
        replays = []
        original = canvas_module.replay_ops
        canvas_module.replay_ops = lambda *a, **k: replays.append(1) or original(*a, **k)
        try:
            view.draw(after)
        finally:
            canvas_module.replay_ops = original
        pressed = batches.names()
        await asyncio.sleep(SPRITES_AFTER_S + 0.2)
        return quiet, replays, pressed, set(view.sprite_canvases)

    quiet, replays, pressed, made = in_a_loop(session)
    assert quiet == (0, 0)
    assert replays == []  # the batch was made ahead, not at the press
    assert (
        pressed.count("drawImage") == 1 and pressed.count("fillText") == 1
    )  # As blitted, K inline
    assert made == {"As", "Kd"}


def replace_x(sprite: Sprite, x: float) -> Sprite:
    import dataclasses

    return dataclasses.replace(sprite, x=x)


def test_a_prepared_batch_that_no_longer_holds_is_redrawn(in_a_kernel, batches):
    """A batch made before the page reconnected (its hidden canvases blank now) or before the
    scale changed is not sent: the press replays its drawing as usual."""

    async def session():
        view = CanvasView(200, 100, scale=2, drawing=Drawing(200, 100, (face("As"),)))
        after = Drawing(200, 100, (replace_x(face("As"), 60),))
        other = CanvasView(200, 100, scale=2, drawing=Drawing(200, 100, ()))
        view.prepare(after)
        page_says({"sprites": "lost", "blank": [other.canvas.key]})  # a new page
        batches.clear()
        view.draw(after)
        first = batches.names(0)
        view.prepare(Drawing(200, 100, (face("As"),)))
        view.rescale(1.5)
        batches.clear()
        view.draw(Drawing(200, 100, (face("As"),)))
        return first, view.last_sprites_blitted, view.canvas.width

    first, blitted, width = in_a_loop(session)
    assert first.count("fillText") == 1 and "drawImage" not in first  # drawn for the new page
    assert blitted == 1 and width == 300


def test_after_a_press_a_view_makes_every_face_of_the_decks_it_shows_a_few_at_a_time(
    in_a_kernel, batches, monkeypatch
):
    """A press's drawing starts the warming, once a page shows the canvas (not while a page
    loads tables nobody looks at): every face of the deck shown, at that size and theme, gets
    its hidden canvas, `WARM_CHUNK` per message; the next face a press shows is
    blitted, not drawn inline.  What is made is the whole deck, whatever the cards shown."""
    import asyncio

    from cardlab.core.cards import get_deck
    from cardlab.render.faces import face as card_face

    monkeypatch.setattr(canvas_module, "WARM_AFTER_S", 0.01)
    monkeypatch.setattr(canvas_module, "WARM_GAP_S", 0.01)
    deck = get_deck("standard52").cards()

    def shown(*cards) -> Drawing:
        return Drawing(
            400, 100, tuple(replace_x(card_face(c, 40, 56), 45 * i) for i, c in enumerate(cards))
        )

    async def session(first, second, third):
        view = CanvasView(400, 100, scale=2, drawing=shown(first))
        still = CanvasView(400, 100, scale=1, drawing=shown(first))  # never pressed
        await asyncio.sleep(0.2)
        unpressed = set(view.sprite_canvases) | set(still.sprite_canvases)
        batches.clear()
        view.draw(shown(first, second))
        await asyncio.sleep(0.3)
        before_seen = len(batches.messages)  # the press and its due face: no page shows it yet
        view.handle_seen()
        await asyncio.sleep(1.0)
        warming = batches.messages[before_seen:]
        made = {key for key in canvas_module._SPRITES if key.endswith("@2")}
        batches.clear()
        view.draw(shown(first, second, third))
        return unpressed, before_seen, warming, made, batches.names(0), view.last_sprites_blitted

    unpressed, before_seen, warming, made, pressed, blitted = in_a_loop(
        lambda: session(deck[0], deck[1], deck[40])
    )
    assert len(unpressed) == 1
    assert before_seen == 2  # the warming waited for a page to show the canvas
    assert made == {f"{card_face(c, 40, 56).key}@2" for c in deck}
    switches = [sum(1 for c in m if c[0] == "sprite") for m in warming]
    assert warming and max(switches) <= canvas_module.WARM_CHUNK
    assert "fillText" not in pressed and blitted == 3
    canvas_module._SPRITES.clear()
    canvas_module._SPRITES_FRESH.clear()
    _, _, _, made_again, _, _ = in_a_loop(lambda: session(deck[7], deck[30], deck[12]))
    assert made_again == made  # other cards shown, the same faces made
