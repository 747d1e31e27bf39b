"""`cardlab.core.results`: a student's results CSV reads back exactly and never runs in a
spreadsheet."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardlab.core.results import BOM, COLUMNS, Result, read_results, write_results

TRICKY = st.sampled_from(
    ["=SUM(A1:A9)", "+1", "-2+3+cmd|' /C calc'!A0", "@x", "'quoted", "''", "\tx"]
)
TEXT = st.one_of(
    st.text(max_size=40), TRICKY, TRICKY.flatmap(lambda t: st.text(max_size=5).map(lambda s: t + s))
)
RESULTS = st.builds(
    Result,
    kind=st.sampled_from(["table", "quiz"]),
    game=TEXT,
    class_code=TEXT,
    deal=st.integers(0, 10**20 - 1),
    moves=TEXT,
    score=st.one_of(st.none(), st.integers(-(10**6), 10**6), st.floats(-1e6, 1e6, allow_nan=False)),
    question=TEXT,
    answer=TEXT,
    right=st.one_of(st.none(), st.booleans()),
)


@given(st.lists(RESULTS, max_size=6))
def test_results_read_back_the_same(results):
    assert read_results(write_results(results)) == results


@given(st.lists(RESULTS, min_size=1, max_size=4))
def test_no_text_field_starts_a_formula(results):
    text = write_results(results).removeprefix(BOM)
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert tuple(rows[0]) == COLUMNS
    for row in rows[1:]:
        texts = [row[i] for i in (0, 1, 2, 4, 6, 7)]
        assert not any(t.startswith(("=", "+", "-", "@", "\t", "\r")) for t in texts)


def test_a_row_says_what_it_is():
    text = write_results(
        [Result("table", "triad", "MATH7B", 12, "call; discard 7h", -3),
         Result("quiz", "triad", "", 5, question="Which hand wins?", answer='A, "the pair"',
                right=True)]
    )  # fmt: skip
    assert text.startswith(BOM + "kind,game,class code,deal,moves,score,question,answer,right\r\n")
    assert "table,triad,MATH7B,12,call; discard 7h,-3,,,\r\n" in text
    assert 'quiz,triad,,5,,,Which hand wins?,"A, ""the pair""",yes' in text


@pytest.mark.parametrize(
    ("text", "says"),
    [("", "header"), ("a,b\r\n", "header"), (",".join(COLUMNS) + "\r\nx,y\r\n", "2 fields"),
     (",".join(COLUMNS) + "\r\nbet,g,,1,,,,,\r\n", "table or quiz"),
     (",".join(COLUMNS) + "\r\ntable,g,,1e400,,,,,\r\n", "not a number"),
     (",".join(COLUMNS) + "\r\ntable,g,,1,," + "9" * 5000 + ",,,\r\n", "not a number"),
     (",".join(COLUMNS) + "\r\nquiz,g,,1,,,,,maybe\r\n", "yes, no"),
     (",".join(COLUMNS) + '\r\nquiz,"g,,1', "not CSV")],
)  # fmt: skip
def test_bad_results_are_refused_with_the_reason(text, says):
    with pytest.raises(ValueError, match=says):
        read_results(text)


@given(st.text(max_size=300))
def test_any_text_reads_or_is_refused(text):
    try:
        found = read_results(text)
    except ValueError:
        return
    assert all(isinstance(r, Result) for r in found)
