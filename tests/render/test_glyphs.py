"""Chinese and Russian labels draw as letters, never as missing-glyph boxes (issue #16)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from cardlab.render.fonts import cjk_font_path, needs_cjk
from cardlab.render.ops import Drawing, Text
from cardlab.render.pil import text_length, to_image

MISSING = "\ue000"
"""A private-use character no font draws: what a missing glyph looks like."""


def _glyph(char: str, bold: bool = False):
    drawing = Drawing(60, 60, (Text(30, 30, char, 40, "#000000", bold=bold),), "#ffffff")
    return to_image(drawing, 1.0).convert("L")


def _ink(image) -> int:
    return sum(1 for v in image.tobytes() if v < 128)  # one byte per pixel in "L"


@pytest.mark.parametrize("label", ["斗地主", "农民", "Игрок", "Землевладелец"])
@pytest.mark.parametrize("bold", [False, True])
def test_a_label_draws_its_own_letters_not_the_missing_glyph_box(label: str, bold: bool) -> None:
    if needs_cjk(label):
        assert cjk_font_path(bold), "install fonts-noto-cjk (README: fonts) to draw Chinese"
    box = _glyph(MISSING, bold)
    glyphs = {char: _glyph(char, bold) for char in label}
    for char, image in glyphs.items():
        assert _ink(image) > 20, f"{char!r} draws nothing"
        assert ImageChops.difference(image, box).getbbox(), f"{char!r} draws as the missing box"
    distinct = {image.tobytes() for image in glyphs.values()}
    assert len(distinct) == len(set(label)), "different letters draw the same shape (boxes)"


def test_a_chinese_label_is_measured_with_the_font_that_draws_it() -> None:
    # a CJK character is one em wide in Noto Sans CJK; DejaVu's missing-glyph box is narrower
    assert text_length("斗地主", 20) == pytest.approx(60, abs=1)
    assert needs_cjk("斗地主") and needs_cjk("（") and not needs_cjk("Žaidėjas Игрок ♠")
