"""Numbers in every language: written as Babel writes CLDR's patterns, and percentages shown
side by side keep the order of their values."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.i18n import BABEL_LOCALES, LANGUAGES, Number, pcts_apart

FRACTION = st.fractions(0, 1, max_denominator=10_000)


def value(text: str) -> float:
    """A percentage as a language writes it ("21,6 %", "21.6%") back as a number."""
    return float(re.sub(r"[^\d,.]", "", text).replace(",", "."))


@given(FRACTION, FRACTION, st.integers(0, 2))
def test_two_percentages_are_shown_in_the_order_of_their_values(a, b, digits):
    for lang in LANGUAGES:
        x, y = (value(n.text(lang=lang)) for n in pcts_apart(a, b, digits))
        assert (x < y, x == y, x > y) == (a < b, a == b, a > b), (lang, a, b, x, y)


def test_the_fewest_digits_that_tell_them_apart():
    assert [str(n) for n in pcts_apart(0.216, 0.224)] == ["21.6%", "22.4%"]
    assert [str(n) for n in pcts_apart(0.21, 0.45)] == ["21%", "45%"]
    assert [str(n) for n in pcts_apart(0.5, 0.5, 1)] == ["50.0%", "50.0%"]


@settings(max_examples=400)
@given(
    st.one_of(
        st.integers(-(10**12), 10**12),
        st.floats(-1e9, 1e9, allow_nan=False),
        st.fractions(-100, 100, max_denominator=1000),
        st.sampled_from([0.125, 0.375, 2.5, -0.0005, 0.0005, 1e-7, -1e-7, 0.0]),
    ),
    st.one_of(st.none(), st.integers(0, 4)),
    st.booleans(),
)
def test_numbers_are_written_as_babel_writes_cldr_patterns(value, digits, percent):
    """`NUMBER_SIGNS` and the formatting beside it give Babel's text for every language."""
    from babel import Locale
    from babel.numbers import parse_pattern

    for lang in LANGUAGES:
        locale = Locale.parse(BABEL_LOCALES[lang])
        formats = locale.percent_formats if percent else locale.decimal_formats
        pattern = parse_pattern(formats[None].pattern)
        pattern.frac_prec = (0, 6) if digits is None else (digits, digits)
        shown = value if isinstance(value, int) else float(value)
        expected = pattern.apply(shown, locale)
        number = Number(value, digits, percent=percent)
        assert number.text(lang=lang) == expected, (lang, value, digits, percent)
