"""Figures that never change, computed once at build time instead of at every page load.

A lesson shows exact odds (enumerations over tens of thousands of hands) and seeded simulations:
the same numbers every time, yet a page in Voilà shows nothing until they are computed.  A
function decorated with `stored` looks its call up in ``cardlab/data/figures.json`` first and
computes only what is not there (another option, seed or deck size).  ``python
tools/store_figures.py`` writes the file by calling every function of `STORED` with the arguments
the lessons use, and ``tests/core/test_stored.py`` recomputes every stored entry and compares, so
a figure cannot drift from the code that defines it.

Values are stored exactly: a `Fraction` as its numerator and denominator, a float by its shortest
repr (which reads back to the same float), tuples, frozensets and frozen dataclasses (a bot's
`Narration` of `Message`s too) by their type, so a stored
value compares equal to a freshly computed one.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import json
import threading
from collections.abc import Callable
from fractions import Fraction
from importlib import resources
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

FIGURES_FILE = "data/figures.json"
"""The stored figures, inside the ``cardlab`` package (listed in its package data)."""


# -- an exact JSON codec ------------------------------------------------------------------------
def encode(value: Any) -> Any:
    """``value`` as JSON data that `decode` turns back into an equal value of the same types."""
    kind = type(value)  # exactly: a NamedTuple or a Counter would come back as another type
    if value is None or kind in (bool, int, float, str):
        return value
    if kind is Fraction:
        return {"fraction": [value.numerator, value.denominator]}
    if kind is tuple:
        return {"tuple": [encode(v) for v in value]}
    if kind is frozenset:
        return {"frozenset": [encode(v) for v in sorted(value, key=repr)]}
    if kind is list:
        return [encode(v) for v in value]
    if kind is dict:
        return {"dict": [[encode(k), encode(v)] for k, v in value.items()]}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        fields = {
            f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value) if f.init
        }
        return {"dataclass": f"{cls.__module__}:{cls.__qualname__}", "fields": fields}
    raise TypeError(f"cannot store a {type(value).__name__}: {value!r}")


def decode(data: Any) -> Any:
    """The value `encode` wrote."""
    if isinstance(data, list):
        return [decode(v) for v in data]
    if not isinstance(data, dict):
        return data
    if "fraction" in data:
        return Fraction(*data["fraction"])
    if "tuple" in data:
        return tuple(decode(v) for v in data["tuple"])
    if "frozenset" in data:
        return frozenset(decode(v) for v in data["frozenset"])
    if "dict" in data:
        return {decode(k): decode(v) for k, v in data["dict"]}
    module, _, name = data["dataclass"].partition(":")
    found: Any = importlib.import_module(module)
    cls = functools.reduce(getattr, name.split("."), found)
    return cls(**{k: decode(v) for k, v in data["fields"].items()})


def encode_arguments(arguments: dict[str, Any]) -> dict[str, Any]:
    """A call's arguments by name as JSON data (`decode` each value to read them back)."""
    return {name: encode(value) for name, value in arguments.items()}


# -- the store ------------------------------------------------------------------------------------
def _read() -> dict[str, str]:
    """Each entry's JSON text by key, only the keys parsed (the tool writes an entry a line)."""
    path = resources.files("cardlab").joinpath(FIGURES_FILE)
    lines = path.read_text(encoding="utf-8").splitlines()[1:-1] if path.is_file() else []
    key_of = json.JSONDecoder().raw_decode
    index = {}
    for line in lines:
        key, end = key_of(line)
        index[key] = line[end:].removeprefix(": ").removesuffix(",")
    return index


_lock = threading.Lock()
_lines: dict[str, str] | None = None  # `_read`, once: a value is parsed when first read
_values: dict[str, Any] = {}  # decoded values by key: bounded by the file's entries


def _index() -> dict[str, str]:
    """The file's entries as text by key: a page reads two or three figures of the file, and
    the whole of it parsed (Pyramid's exact table most of it) held over 1 MiB in every kernel."""
    global _lines
    with _lock:
        if _lines is None:
            _lines = _read()
        return _lines


def entries() -> dict[str, Any]:
    """The stored entries by key (`StoredFunction.key`): ``{"name", "args", "value"}``."""
    return {key: json.loads(line) for key, line in _index().items()}


_MISSING = object()


def _value(key: str) -> Any:
    """The stored value for ``key`` (decoded once: callers share it, so treat it as read-only),
    or ``_MISSING``."""
    with _lock:
        if key in _values:
            return _values[key]
    line = _index().get(key)
    if line is None:
        return _MISSING
    value = decode(json.loads(line)["value"])
    with _lock:
        return _values.setdefault(key, value)


class StoredFunction(Generic[P, R]):
    """A function whose stored calls are read from the figures file; `compute` always computes."""

    def __init__(self, function: Callable[P, R]) -> None:
        functools.update_wrapper(self, function)
        self.compute = function
        self.name = f"{function.__module__}:{function.__qualname__}"
        self.signature = inspect.signature(function)

    @functools.cached_property
    def default_key(self) -> str:
        """The key of a call with no arguments (every default)."""
        # a call with no arguments: P cannot say that every parameter has a default, which only
        # such functions are asked for
        return self.key(self.arguments())  # type: ignore[call-arg]

    def arguments(self, *args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        """Every argument of a call by name, defaults filled in (so equal calls match)."""
        bound = self.signature.bind(*args, **kwargs)
        bound.apply_defaults()
        return dict(bound.arguments)

    def key(self, arguments: dict[str, Any]) -> str:
        """The figures-file key of a call: the function and its arguments."""
        return f"{self.name}{json.dumps(encode_arguments(arguments), sort_keys=True)}"

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R:
        # a call with the defaults (Pyramid's exact table, read in loops) skips building its key
        value = _value(
            self.key(self.arguments(*args, **kwargs)) if args or kwargs else self.default_key
        )
        return self.compute(*args, **kwargs) if value is _MISSING else value


STORED: dict[str, StoredFunction[Any, Any]] = {}
"""Every `stored` function by name (filled as their modules are imported)."""


def stored(function: Callable[P, R]) -> StoredFunction[P, R]:
    """Decorate a pure, deterministic function whose lesson calls are stored at build time."""
    wrapped = StoredFunction(function)
    STORED[wrapped.name] = wrapped
    return wrapped


def lookup(name: str) -> StoredFunction[Any, Any]:
    """The stored function called ``name`` (``module:qualname``), importing its module."""
    module, _, _ = name.partition(":")
    importlib.import_module(module)
    return STORED[name]


def entry(function: StoredFunction[Any, Any], **kwargs: Any) -> tuple[str, dict[str, Any]]:
    """The figures-file entry for ``function(**kwargs)``, computed now."""
    arguments = function.arguments(**kwargs)
    value = function.compute(**arguments)
    data = {"name": function.name, "args": encode_arguments(arguments), "value": encode(value)}
    return function.key(arguments), data
