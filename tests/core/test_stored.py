"""The stored figures (`cardlab.core.stored`): each one recomputed from its enumeration or
simulation and compared, the file matches the tool's list, and the codec reads back exactly."""

from __future__ import annotations

import importlib.util
import json
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core import stored
from cardlab.core.stored import decode, encode

ROOT = Path(__file__).resolve().parents[2]


def _tool() -> Any:
    spec = importlib.util.spec_from_file_location("store_figures", ROOT / "tools/store_figures.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


TOOL = _tool()
ENTRIES = stored.entries()


def test_the_file_holds_exactly_the_tools_calls():
    keys = {stored.lookup(name).key(stored.lookup(name).arguments(**kw)) for name, kw in TOOL.CALLS}
    assert keys == set(ENTRIES), "run python tools/store_figures.py"


def test_reading_the_file_a_line_at_a_time_reads_the_whole_json():
    whole = json.loads((ROOT / "cardlab" / stored.FIGURES_FILE).read_text(encoding="utf-8"))
    assert whole == ENTRIES and list(whole) == list(ENTRIES)


@pytest.mark.parametrize("key", sorted(ENTRIES))
def test_a_stored_figure_is_what_the_code_computes(key: str):
    data = ENTRIES[key]
    function = stored.lookup(data["name"])
    arguments = {name: decode(value) for name, value in data["args"].items()}
    assert function.compute(**arguments) == decode(data["value"]), "run tools/store_figures.py"
    assert function(**arguments) == decode(data["value"])  # and a call reads it


def test_a_call_not_stored_is_computed(monkeypatch: pytest.MonkeyPatch):
    calls = []

    @stored.stored
    def double(x: int, twice: bool = True) -> int:
        calls.append(x)
        return 2 * x if twice else x

    monkeypatch.setitem(stored.STORED, double.name, double)
    key = double.key(double.arguments(3))
    monkeypatch.setitem(stored._index(), key, json.dumps({"name": double.name, "value": 7}))
    assert double(3) == double(x=3, twice=True) == 7 and calls == []
    assert double(4) == 8 and calls == [4]


@dataclass(frozen=True)
class Point:
    x: Fraction
    tags: tuple[str, ...]


leaves = st.none() | st.booleans() | st.integers() | st.text() | st.floats(allow_nan=False)
leaves |= st.fractions()
values = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.lists(inner, max_size=4).map(tuple)
        | st.dictionaries(st.integers() | st.text(), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(values)
def test_the_codec_reads_back_an_equal_value_of_the_same_types(value: Any):
    back = decode(json.loads(json.dumps(encode(value))))
    assert back == value and repr(back) == repr(value)


def test_the_codec_keeps_dataclasses_and_refuses_what_it_cannot_store():
    point = Point(Fraction(2, 3), ("a",))
    assert decode(encode(point)) == point
    with pytest.raises(TypeError, match="cannot store a set"):
        encode({1, 2})
    with pytest.raises(TypeError, match="cannot store a Counter"):
        encode(Counter("aab"))  # it would read back as a dict
