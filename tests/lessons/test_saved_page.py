"""A lesson page as the browser keeps it (`cardlab.lessons.saved_page`): it comes back equal;
a kept page that was changed, signed by another server, kept by another version or for another
lesson is refused with the reason; anything else is refused, never a crash; the text stays
within its bound, 100 games well inside it; one key per account, made once even when kernels
start at once."""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.results import Result
from cardlab.lessons.saved_page import (
    MAX_ROWS,
    MAX_TEXT,
    SavedPage,
    _sign,
    decode,
    encode,
    page_key,
)
from cardlab.record.rows import Record

KEY = b"k" * 32
AT = dt.datetime(2026, 12, 4, 9, 30, tzinfo=dt.timezone.utc)


def game(k: int, moves: str = "bet; call; discard 3k 2g; call") -> Record:
    result = Result("table", "triad", "MATH7B", k, f"Hand {k}: {moves}", k - 3)
    return Record(result, "Ann", "triad", AT, f"{k:08d}-0000-4000-8000-000000000000")


PAGE = SavedPage(
    "triad",
    "?palette=dark&class=MATH7B",
    {"table": {"seed": "7", "moves": "eJzLSS0u"}, "deal": {"step": "4"}},
    {"0": tuple(game(k) for k in range(3))},
)


def test_a_kept_page_comes_back_as_it_was():
    assert decode(encode(PAGE, KEY), KEY, "triad") == PAGE


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda t: t.replace('"seed":"7"', '"seed":"8"'), "changed outside the lesson"),
        (lambda t: t.replace("Hand 1", "Hand 9"), "changed outside the lesson"),
        (lambda t: "x" + t, "changed outside the lesson"),
        (lambda t: t.split(".", 1)[1], "not a kept lesson page|changed outside the lesson"),
        (lambda t: "no dot here", "not a kept lesson page"),
    ],
)
def test_a_changed_page_is_refused_with_the_reason(change, says):
    with pytest.raises(ValueError, match=says):
        decode(change(encode(PAGE, KEY)), KEY, "triad")


def test_another_servers_version_or_lessons_page_is_refused():
    with pytest.raises(ValueError, match="kept by another server"):
        decode(encode(PAGE, KEY), b"another key", "triad")
    with pytest.raises(ValueError, match="another lesson's"):
        decode(encode(PAGE, KEY), KEY, "pyramid")
    body = json.loads(encode(PAGE, KEY).split(".", 1)[1]) | {"format": 0}
    old = json.dumps(body)
    with pytest.raises(ValueError, match="another version of cardlab"):
        decode(f"{_sign(old, KEY)}.{old}", KEY, "triad")


def signed(body: object) -> str:
    data = json.dumps(body)
    return f"{_sign(data, KEY)}.{data}"


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(max_size=12),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
        ),
        max_leaves=30,
    )
)
def test_anything_signed_is_a_page_or_a_reason(data):
    """Even a body with a valid signature (a key that leaked) is read or refused, no crash."""
    body = {"format": 1, "lesson": "triad", "query": "", "positions": {}, "rows": {}}
    for name in ("query", "positions", "rows", "dropped"):
        try:
            page = decode(signed(body | {name: data}), KEY, "triad")
        except ValueError as error:
            assert str(error)
        else:
            assert page.lesson == "triad"


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=200))
def test_any_text_is_refused_with_a_reason(text):
    with pytest.raises(ValueError):
        decode(text, KEY, "triad")


def test_a_hundred_games_keep_well_within_the_bound():
    long_moves = "; ".join(["pass", "call", "discard 3k 2g"] * 8)
    page = SavedPage("triad", "", {"table": {"seed": "1"}},
                     {"0": tuple(game(k, long_moves) for k in range(100))})  # fmt: skip
    text = encode(page, KEY)
    assert len(text) < MAX_TEXT / 4, len(text)
    assert decode(text, KEY, "triad").rows["0"] == page.rows["0"]


def test_a_page_past_the_bound_keeps_its_newest_rows_and_counts_the_others():
    rows = tuple(game(k, "x" * 900) for k in range(MAX_ROWS + 50))
    page = SavedPage("triad", "", {}, {"0": rows})
    text = encode(page, KEY)
    back = decode(text, KEY, "triad")
    assert len(text) <= MAX_TEXT
    kept = back.rows["0"]
    assert kept == page.rows["0"][-len(kept) :]  # the newest, in order
    assert back.dropped == len(page.rows["0"]) - len(kept) > 50


def test_one_key_per_account_made_once(tmp_path):
    first = page_key(tmp_path)
    assert len(first) == 32 and page_key(tmp_path) == first
    assert oct((tmp_path / "page-key").stat().st_mode & 0o777) == "0o600"


def _key_of(folder: str) -> bytes:
    return page_key(Path(folder))


def test_kernels_starting_at_once_get_one_key(tmp_path):
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        keys = pool.map(_key_of, [str(tmp_path / "data")] * 8)
    assert len(set(keys)) == 1
    assert sorted(os.listdir(tmp_path / "data")) == ["page-key"]  # no half-written file left


def test_a_folder_that_cannot_be_written_still_gives_a_key(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    assert len(page_key(blocked / "data")) == 32
