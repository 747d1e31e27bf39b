"""Bar charts as drawing data: proportional bars, text that fits, error bars, themes, valid SVG."""

from __future__ import annotations

import itertools
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import ImageFont

from cardlab.render import THEMES, Line, Rect, Text, get_theme
from cardlab.render.chart import Bar, ChartRow, bar_chart, text_width, wrap
from cardlab.render.pil import font_path

SVG = "{http://www.w3.org/2000/svg}"


def bars(chart, colour: str) -> list[Rect]:
    return [op for op in chart.drawing.ops if isinstance(op, Rect) and op.fill == colour]


def text_box(op: Text) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of a text op, its width estimated like the chart does."""
    w = text_width(op.text, op.size, op.bold)
    x0 = {"left": op.x, "center": op.x - w / 2, "right": op.x - w}[op.align]
    y0 = {"top": op.y, "middle": op.y - op.size / 2, "bottom": op.y - op.size}[op.baseline]
    return x0, y0, x0 + w, y0 + op.size


def assert_text_inside(chart) -> None:
    for op in chart.drawing.ops:
        if isinstance(op, Text):
            x0, y0, x1, y1 = text_box(op)
            assert x0 >= 0 and x1 <= chart.drawing.width, f"{op.text!r} leaves the width"
            assert y0 >= 0 and y1 <= chart.drawing.height, f"{op.text!r} leaves the height"


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two ``#rrggbb`` colours."""

    def luminance(colour: str) -> float:
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_bar_lengths_are_proportional_to_the_values():
    rows = [ChartRow(label, (Bar(v),)) for label, v in (("a", 0.1), ("b", 0.2), ("c", 0.4))]
    chart = bar_chart(rows, ("exact",), title="T")
    widths = [r.w for r in bars(chart, get_theme().series[0])]
    assert len(widths) == 3
    assert widths[1] == pytest.approx(2 * widths[0]) and widths[2] == pytest.approx(4 * widths[0])
    assert len({r.x for r in bars(chart, get_theme().series[0])}) == 1  # all start at 0


def test_labels_title_legend_and_axis_are_text():
    rows = [ChartRow("Ace on top", (Bar(1 / 13), None)), ChartRow("Pair", (Bar(0.42), Bar(0.4)))]
    chart = bar_chart(rows, ("exact", "simulated"), title="Chances", axis="probability")
    texts = chart.drawing.texts()
    for word in ("Chances", "Ace on top", "Pair", "exact", "simulated", "probability", "0.0"):
        assert word in texts
    assert "95% interval" not in texts  # no error bars, no key for them
    assert len(bars(chart, get_theme().series[1])) == 2  # the bar and its legend swatch


def test_error_bars_only_where_there_is_an_interval():
    rows = [ChartRow("a", (Bar(0.3, 0.05),)), ChartRow("b", (Bar(0.3),))]
    chart = bar_chart(rows, ("simulated",), title="T")
    ink = get_theme().label
    whiskers = [
        op
        for op in chart.drawing.ops
        if isinstance(op, Line) and op.stroke == ink and op.points[0][1] == op.points[1][1]
    ]
    bar_a = bars(chart, get_theme().series[0])[0]
    middle = bar_a.y + bar_a.h / 2
    at_a = [w for w in whiskers if w.points[0][1] == middle]
    assert len(at_a) == 1
    (x0, _), (x1, _) = at_a[0].points
    assert (x0 + x1) / 2 == pytest.approx(bar_a.x + bar_a.w) and x1 - x0 == pytest.approx(
        bar_a.w / 3
    )
    assert "95% interval" in chart.drawing.texts()
    bar_b = bars(chart, get_theme().series[0])[1]
    assert not [w for w in whiskers if w.points[0][1] == bar_b.y + bar_b.h / 2]


def test_a_long_title_wraps_instead_of_being_cut_off():
    title = "Round 1, counted exactly, with both decks and every player count in the lesson"
    chart = bar_chart([ChartRow("x", (Bar(0.5),))], ("exact",), title=title, width=300)
    lines = [op.text for op in chart.drawing.ops if isinstance(op, Text) and op.bold]
    assert len(lines) > 1 and " ".join(lines) == title
    assert_text_inside(chart)


def test_log_axis_labels_decades_and_leaves_out_zero_bars():
    rows = [ChartRow(label, (Bar(v),)) for label, v in (("rare", 3e-6), ("no", 0), ("often", 0.5))]
    chart = bar_chart(rows, ("exact",), title="T", log=True)
    texts = chart.drawing.texts()
    assert {"10⁻⁶", "10⁻¹", "1"} <= set(texts) and "probability (log scale)" in texts
    assert len(bars(chart, get_theme().series[0])) == 2


@pytest.mark.parametrize("name", sorted(THEMES))
def test_every_theme_keeps_text_and_bars_readable(name):
    theme = THEMES[name]
    assert contrast(theme.label, theme.background) >= 4.5  # WCAG AA for text
    for colour in theme.series:
        assert contrast(colour, theme.background) >= 3  # WCAG non-text contrast
    assert contrast(theme.series[1], theme.background) >= 3  # the hatching on the second series
    chart = bar_chart([ChartRow("a", (Bar(0.2, 0.1), Bar(0.3)))], ("x", "y"), title="T", theme=name)
    texts = [op for op in chart.drawing.ops if isinstance(op, Text)]
    assert texts and {op.fill for op in texts} == {theme.label}
    assert chart.drawing.background == theme.background


def test_text_width_never_underestimates_the_font():
    labels = ["Round 11 (13 cards)", "first player can go out, discard or stock", "Five Up",
              "WWW mmm @@@", "0.25", "iiii llll", "10⁻⁶", "jokers wild (54 cards)"]  # fmt: skip
    for bold in (False, True):
        font = ImageFont.truetype(font_path(bold), 100)
        for label in labels:
            measured = font.getlength(label)
            assert measured <= text_width(label, 100, bold) <= 1.4 * measured + 100, label


def test_wrap_keeps_every_word_in_order():
    text = "can go out after one stock card (2 decks, 3-4 players)"
    lines = wrap(text, 120, 13)
    assert " ".join(lines) == text and all(text_width(line, 13) <= 120 for line in lines[1:])


def test_wrap_breaks_a_word_wider_than_the_line():
    lines = wrap("a " + "0" * 40 + " b", 60, 13)
    assert "".join(lines).replace(" ", "") == "a" + "0" * 40 + "b"
    assert len(lines) > 2 and all(text_width(line, 13) <= 60 for line in lines)


def test_the_svg_is_valid_and_names_itself():
    rows = [ChartRow("Pair & more <b>", (Bar(0.42), Bar(0.4, 0.01)))]
    chart = bar_chart(rows, ("exact", "simulated"), title="Chances")
    root = ElementTree.fromstring(chart.svg())
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    title, desc = root.find(f"{SVG}title"), root.find(f"{SVG}desc")
    assert root.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
    assert title.text == "Chances"
    summary = "Horizontal bars, probability per row. Pair & more <b>: exact 0.42, simulated 0.4"
    assert desc.text == summary + " ± 0.01."
    assert "Pair & more <b>" in [t.text for t in root.iter(f"{SVG}text")]


def test_one_or_two_series():
    with pytest.raises(ValueError, match="one or two series"):
        bar_chart([], ("a", "b", "c"), title="T")


labels = st.text(st.characters(min_codepoint=32, max_codepoint=126), min_size=1, max_size=60)
bar = st.builds(Bar, st.floats(0, 1), st.floats(0, 0.2)) | st.none()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.tuples(labels, bar, bar), min_size=1, max_size=12),
    st.sampled_from(sorted(THEMES)),
    st.floats(260, 800),
    st.booleans(),
)
def test_any_rows_fit_and_make_valid_svg(rows, theme, width, log):
    rows = [ChartRow(label, (a, b)) for label, a, b in rows]
    chart = bar_chart(rows, ("exact", "simulated"), title="A title " * 6, theme=theme,
                      width=width, log=log)  # fmt: skip
    assert_text_inside(chart)
    ticks = sorted(text_box(op) for op in chart.drawing.ops
                   if isinstance(op, Text) and op.baseline == "top" and not op.bold)  # fmt: skip
    rows_of_ticks = {box[1] for box in ticks}
    for y in rows_of_ticks:
        row = [box for box in ticks if box[1] == y]
        assert all(a[2] <= b[0] for a, b in itertools.pairwise(row)), "tick labels overlap"
    plot_rects = [op for op in chart.drawing.ops if isinstance(op, Rect)]
    assert all(r.x >= 0 and r.x + r.w <= chart.drawing.width + 1e-9 for r in plot_rects)
    ElementTree.fromstring(chart.svg())
