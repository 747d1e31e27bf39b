"""The SVG backend: every op kind, sprites defined once, escaped text, unique ids."""

from __future__ import annotations

from xml.etree import ElementTree

from cardlab.render import Circle, Drawing, HitBox, Line, Polygon, Rect, Sprite, Text, deck_sheet
from cardlab.render.svg import to_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ElementTree.Element:
    return ElementTree.fromstring(svg)


def test_every_op_kind_becomes_an_element():
    drawing = Drawing(
        100,
        50,
        (
            Rect(1, 2, 30, 20, fill="#ff0000", stroke="#000000", line_width=2, radius=3),
            Polygon(((0, 0), (10, 0), (5, 8)), fill="#00ff00"),
            Line(((0, 40), (90, 40)), stroke="#0000ff", dash=(4, 2)),
            Circle(50, 25, 5, stroke="#111111"),
            Text(10, 10, "A♠ <&>", size=12, align="right", baseline="top", bold=True),
            HitBox(0, 0, 10, 10, "card:0"),
        ),
        background="#fafafa",
    )
    root = parse(to_svg(drawing, "Shapes"))
    assert root.get("viewBox") == "0 0 100 50" and root.get("role") == "img"
    tags = [el.tag.removeprefix(SVG) for el in root]
    assert tags == ["title", "rect", "rect", "polygon", "polyline", "circle", "text"]
    background, rect = root.findall(f"{SVG}rect")
    assert background.get("fill") == "#fafafa"
    assert rect.get("rx") == "3" and rect.get("stroke-width") == "2"
    assert root.find(f"{SVG}polygon").get("points") == "0,0 10,0 5,8"
    assert root.find(f"{SVG}polyline").get("stroke-dasharray") == "4 2"
    assert root.find(f"{SVG}circle").get("fill") == "none"
    text = root.find(f"{SVG}text")
    assert text.text == "A♠ <&>" and text.get("text-anchor") == "end"
    assert text.get("font-weight") == "bold"


def test_a_sprite_is_defined_once_and_used_where_placed():
    face = (Rect(0, 0, 20, 30, fill="#ffffff"),)
    drawing = Drawing(
        100,
        50,
        (Sprite("card:A", 0, 0, 20, 30, face), Sprite("card:A", 40, 0, 20, 30, face, angle=90)),
    )
    root = parse(to_svg(drawing, "Two cards"))
    groups = root.findall(f"{SVG}defs/{SVG}g")
    uses = root.findall(f"{SVG}use")
    assert len(groups) == 1 and len(uses) == 2
    assert {u.get("href") for u in uses} == {"#" + groups[0].get("id")}
    assert uses[1].get("transform") == "translate(40 0) rotate(90 10 15)"


def test_ids_differ_between_svgs_on_one_page():
    drawing = Drawing(10, 10, ())
    first, second = parse(to_svg(drawing, "a", "b")), parse(to_svg(drawing, "a", "b"))
    assert first.find(f"{SVG}title").get("id") != second.find(f"{SVG}title").get("id")
    assert first.find(f"{SVG}desc").text == "b"


def test_a_whole_deck_sheet_is_valid_svg():
    sheet = deck_sheet("standard54")
    sprites = [op for op in sheet.ops if isinstance(op, Sprite)]
    root = parse(to_svg(sheet, "Every card"))
    assert len(root.findall(f"{SVG}use")) == len(sprites) >= 54
    assert len(root.findall(f"{SVG}defs/{SVG}g")) == len({s.key for s in sprites})
