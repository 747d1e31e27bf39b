"""The Pillow backend: size, anti-aliasing, strokes, text alignment, rotation, dashes, PNG files."""

from __future__ import annotations

import itertools
import subprocess
import sys

import pytest
from PIL import Image
from render_helpers import close

from cardlab.render import Circle, Drawing, Line, Polygon, Rect, Sprite, Text, save_png, to_image
from cardlab.render.pil import font_path, sprite_image


def _ink_bbox(img: Image.Image) -> tuple[int, int, int, int]:
    """Bounding box of the non-white pixels."""
    grey = img.convert("L").point(lambda v: 255 if v < 200 else 0)
    box = grey.getbbox()
    assert box is not None
    return box


def test_size_scale_and_background():
    d = Drawing(100, 50, (), "#336699")
    img = to_image(d, scale=2)
    assert img.size == (200, 100) and img.mode == "RGB"
    assert img.getpixel((10, 10)) == (0x33, 0x66, 0x99)


def test_shapes_are_drawn_and_anti_aliased():
    d = Drawing(100, 100, (Circle(50, 50, 30, fill="#000000"),), "#ffffff")
    img = to_image(d)
    assert img.getpixel((50, 50)) == (0, 0, 0)
    greys = {img.getpixel((x, 50))[0] for x in range(15, 25)}
    assert any(0 < g < 255 for g in greys)  # soft edge, not a staircase


def test_stroke_is_centred_on_the_path():
    d = Drawing(60, 60, (Rect(20, 20, 20, 20, stroke="#000000", line_width=4),), "#ffffff")
    x0, y0, x1, y1 = _ink_bbox(to_image(d, scale=2))
    assert (x0, y0) == (36, 36) and (x1, y1) == (84, 84)  # 18..42 at 1x


def test_rounded_rect_corner_is_round():
    d = Drawing(100, 100, (Rect(10, 10, 80, 80, fill="#000000", radius=20),), "#ffffff")
    img = to_image(d)
    assert img.getpixel((11, 11)) == (255, 255, 255)
    assert img.getpixel((50, 11)) == (0, 0, 0)


@pytest.mark.parametrize(
    ("align", "check"),
    [
        ("left", lambda b, x: b[0] >= x - 1),
        ("right", lambda b, x: b[2] <= x + 1),
        ("center", lambda b, x: abs((b[0] + b[2]) / 2 - x) <= 2),
    ],
)
def test_text_align(align, check):
    d = Drawing(200, 60, (Text(100, 30, "Hello", 20, "#000000", align),), "#ffffff")
    assert check(_ink_bbox(to_image(d)), 100)


def test_text_baseline():
    def box(baseline):
        d = Drawing(100, 100, (Text(50, 50, "Ag", 24, "#000000", "center", baseline),), "#ffffff")
        return _ink_bbox(to_image(d))

    top, middle, bottom = box("top"), box("middle"), box("bottom")
    assert top[1] >= 49 and bottom[3] <= 51
    assert middle[1] < 50 < middle[3]
    assert top[1] > middle[1] > bottom[1]


def test_suit_glyphs_render_with_bundled_font():
    assert font_path().endswith("DejaVuSans.ttf") and font_path(True).endswith("Bold.ttf")
    d = Drawing(120, 40, (Text(60, 20, "♠♥♦♣", 24, "#000000"),), "#ffffff")
    x0, _, x1, _ = _ink_bbox(to_image(d))
    assert x1 - x0 > 60  # four real glyphs, not missing-glyph boxes collapsed to nothing


def test_sprite_rotation_and_transparency():
    ops = (Rect(0, 0, 20, 60, fill="#000000"),)
    upright = Drawing(100, 100, (Sprite("bar", 40, 20, 20, 60, ops),), "#ffffff")
    turned = Drawing(100, 100, (Sprite("bar", 40, 20, 20, 60, ops, angle=90),), "#ffffff")
    bu, bt = _ink_bbox(to_image(upright)), _ink_bbox(to_image(turned))
    assert bu[2] - bu[0] < bu[3] - bu[1]
    assert bt[2] - bt[0] > bt[3] - bt[1]  # now lying down, about the same centre
    assert abs((bt[0] + bt[2]) / 2 - 50) <= 2 and abs((bt[1] + bt[3]) / 2 - 50) <= 2
    # a sprite may hang off the top-left edge
    off = Drawing(50, 50, (Sprite("bar", -10, -30, 20, 60, ops),), "#ffffff")
    assert to_image(off).getpixel((2, 2)) == (0, 0, 0)


def test_sprite_image_is_transparent_outside_its_shapes():
    tri = Sprite("tri", 0, 0, 40, 40, (Polygon(((20, 0), (40, 40), (0, 40)), fill="#ff0000"),))
    img = sprite_image(tri, 2)
    assert img.size == (80, 80) and img.mode == "RGBA"
    assert img.getpixel((1, 1))[3] == 0 and img.getpixel((40, 70))[3] == 255


def test_dashed_line_has_gaps():
    d = Drawing(100, 20, (Line(((0, 10), (100, 10)), "#000000", 2, dash=(10, 10)),), "#ffffff")
    img = to_image(d)
    row = [img.getpixel((x, 10))[0] < 128 for x in range(100)]
    assert 3 <= sum(1 for a, b in itertools.pairwise(row) if a and not b) <= 6


def test_save_png(tmp_path):
    path = save_png(Drawing(30, 20, (Rect(0, 0, 10, 10, fill="#ff0000"),)), tmp_path / "x.png", 3)
    with Image.open(path) as img:
        assert img.size == (90, 60)
        assert close(img.getpixel((5, 5)), (255, 0, 0), 5)


def test_render_layer_imports_no_widget_stack():
    code = (
        "import sys, cardlab.render, cardlab.render.pil, cardlab.render.sheet;"
        "top = {m.split('.')[0] for m in sys.modules};"
        "bad = top & {'ipywidgets', 'ipycanvas', 'IPython'};"
        "print(','.join(sorted(bad)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
