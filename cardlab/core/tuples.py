"""Small helpers for immutable states built from tuples."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def remove_one(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` without the first occurrence of ``item`` (a hand is a multiset, not a set)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def replace_at(items: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """A copy of ``items`` with position ``index`` set to ``value``."""
    return (*items[:index], value, *items[index + 1 :])
