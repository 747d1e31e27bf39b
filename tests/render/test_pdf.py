"""The PDF backend: the same picture as the Pillow backend (rasterised by pdfium, compared
pixel by pixel within a tolerance), text that stays text, and the suit symbols."""

from __future__ import annotations

import io

import pypdf
import pypdfium2 as pdfium
import pytest
from PIL import Image, ImageChops, ImageStat

from cardlab.core.cards import get_deck
from cardlab.lessons import deals
from cardlab.pictures.pyramid import showdown_picture
from cardlab.pictures.three_thirteen import step_picture as three_thirteen_step
from cardlab.pictures.triad import table_picture
from cardlab.pictures.triangle import step_picture as triangle_step
from cardlab.render import (
    Circle,
    Drawing,
    Line,
    Polygon,
    Rect,
    Sprite,
    Text,
    card_sprite,
    get_theme,
    to_image,
)
from cardlab.render.pdf import to_pdf

SCALE = 0.75  # points per CSS pixel: a page of the drawing's size in CSS inches


def rasterise(data: bytes, page: int = 0) -> Image.Image:
    """Page ``page`` at one pixel per CSS pixel, as RGB."""
    doc = pdfium.PdfDocument(data)
    return doc[page].render(scale=1 / SCALE).to_pil().convert("RGB")


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """The mean absolute difference of two same-size images, 0-255 per channel."""
    assert a.size == b.size
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def last_state(deal: str):
    replay = deals.load(deal)
    return replay, replay.state_at(len(replay))


def pictures() -> dict[str, Drawing]:
    triad, state = last_state("triad-pot-odds")
    _, pstate = last_state("pyramid-exchange-showdown")
    _, tstate = last_state("triangle-scored-round")
    tt = deals.load("three_thirteen-two-rounds")
    return {
        "triad table": table_picture(triad.game.observe(state, None), banner="Showdown ♠♥♦♣"),
        "pyramid showdown": showdown_picture(pstate.results[-1]),
        "triangle": triangle_step(tstate, None, banner="Triangle"),
        "three thirteen": three_thirteen_step(tt.state_at(40), None),
    }


@pytest.mark.parametrize("name", ["triad table", "pyramid showdown", "triangle", "three thirteen"])
def test_pdf_looks_like_the_png(name):
    drawing = pictures()[name]
    png = to_image(drawing)
    page = rasterise(to_pdf(drawing, SCALE))
    assert abs(page.width - png.width) <= 1 and abs(page.height - png.height) <= 1
    page = page.resize(png.size)  # a fractional height rounds either way
    # anti-aliasing and hinting differ, the shapes and colours do not
    assert mean_difference(page, png) < 6, name
    small = (png.width // 8, png.height // 8)
    coarse = mean_difference(page.resize(small, Image.BOX), png.resize(small, Image.BOX))
    assert coarse < 4, name


def test_a_blank_page_would_fail_the_comparison():
    """Guard against a comparison that can never fail."""
    drawing = pictures()["triad table"]
    blank = Image.new("RGB", (round(drawing.width), round(drawing.height)), "#ffffff")
    assert mean_difference(blank, to_image(drawing)) > 20


def test_every_op_kind_matches():
    theme = get_theme("default")
    face = card_sprite(get_deck("standard52").parse_card("Qh"), 60, 84, theme, "standard52", 0, 0)
    ops = (
        Rect(10, 10, 80, 50, fill="#336699", stroke="#000000", line_width=3, radius=8),
        Polygon(((120, 10), (180, 60), (100, 60)), fill="#cc3333", stroke="#111111"),
        Line(((10, 90), (190, 90)), stroke="#000000", line_width=2, dash=(6, 4)),
        Circle(240, 40, 28, fill="#22aa55", stroke="#003300", line_width=2),
        Text(300, 40, "left ♠", 16, "#000000", "left", "top"),
        Text(300, 80, "middle ♥", 16, "#aa0000", "left", "middle", bold=True),
        Text(300, 120, "bottom ♦♣", 16, "#000000", "left", "bottom"),
        Text(200, 150, "centred", 14, "#000000", "center"),
        Text(440, 170, "right", 14, "#000000", "right"),
        Sprite("face", 20, 110, face.w, face.h, face.ops),
        Sprite("face", 100, 110, face.w, face.h, face.ops, angle=30),
    )
    drawing = Drawing(460, 220, ops, "#f4f0e8")
    page = rasterise(to_pdf(drawing, SCALE)).resize(to_image(drawing).size)
    assert mean_difference(page, to_image(drawing)) < 6
    # the rotated sprite really turned: without the turn the picture differs
    upright = Drawing(460, 220, (*ops[:-1], Sprite("face", 100, 110, face.w, face.h, face.ops)))
    assert mean_difference(page, to_image(upright)) > mean_difference(page, to_image(drawing))


def test_text_is_text_and_suits_survive():
    drawing = pictures()["triad table"]
    text = pypdf.PdfReader(io.BytesIO(to_pdf(drawing))).pages[0].extract_text()
    assert "Showdown ♠♥♦♣" in text
    assert "Player 1" in text and "chips" in text
    for word in drawing.texts():
        if word.strip() and len(word) > 3:
            assert word.split()[0] in text, word


def test_fonts_are_embedded():
    data = to_pdf(Drawing(100, 40, (Text(50, 20, "A♠", 14),)))
    fonts = pypdf.PdfReader(io.BytesIO(data)).pages[0]["/Resources"]["/Font"]
    embedded = [f.get_object()["/DescendantFonts"][0].get_object()["/FontDescriptor"] for f in
                fonts.values()]  # fmt: skip
    assert embedded and all("/FontFile2" in d for d in embedded)
