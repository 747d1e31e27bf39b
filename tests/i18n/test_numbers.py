"""Percentages shown side by side keep the order of their values in every language."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from cardlab.core.i18n import LANGUAGES, pcts_apart

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
