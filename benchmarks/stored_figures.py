"""Stored figures: reading one against computing it (`cardlab.core.stored`).

    python benchmarks/stored_figures.py [--repeat 5] [--no-write]

For every entry of ``cardlab/data/figures.json``, interleaved in one run: decode the stored value
(what a lesson page pays, once per kernel) and compute it with every cardlab cache cleared first
(what a fresh kernel paid before), ``--repeat`` times each; medians and their ratio.  Reading
the whole file once is timed as well.

Writes the "## Stored figures" section of benchmarks/RESULTS.md (`write_sections`).
"""

from __future__ import annotations

import argparse
import functools
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from benchmarks.results import publish
from cardlab.core import stored
from cardlab.core.caches import LRUDict


def clear_caches() -> None:
    """Empty every cardlab cache, as in a fresh kernel (the census's kinds of cache)."""
    for name, module in list(sys.modules.items()):
        if module is not None and name.startswith("cardlab"):
            for value in list(vars(module).values()):
                if isinstance(value, functools._lru_cache_wrapper):
                    value.cache_clear()
                elif isinstance(value, LRUDict):
                    value.clear()


def timed(call: Callable[[], Any]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def rows(repeat: int) -> list[str]:
    """One table row per stored entry: compute and read medians, and compute / read."""
    out = [
        "| figure | arguments | compute (ms) | read (ms) | compute / read |",
        "|---|---|---:|---:|---:|",
    ]
    for data in stored.entries().values():
        function = stored.lookup(data["name"])
        arguments = {k: stored.decode(v) for k, v in data["args"].items()}
        compute, read = [], []
        for _ in range(repeat):  # interleaved: a busy machine slows both alike
            clear_caches()
            compute.append(timed(lambda f=function, a=arguments: f.compute(**a)))
            read.append(timed(lambda v=data["value"]: stored.decode(v)))
        c, r = statistics.median(compute), statistics.median(read)
        shown = ", ".join(f"{k}={v!r}" for k, v in arguments.items() if k != "rounds")
        out.append(
            f"| `{function.__qualname__}` | {shown} | {1000 * c:.0f} | {1000 * r:.2f} "
            f"| {c / r:,.0f} |"
        )
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    file_read = statistics.median(timed(stored._read) for _ in range(args.repeat))
    lines = [
        "## Stored figures",
        "",
        f"`python benchmarks/stored_figures.py --repeat {args.repeat}` (Python "
        f"{platform.python_version()}, one core; medians of {args.repeat}, compute and read "
        "interleaved).  A lesson page reads its figures instead of computing them; reading the "
        f"whole figures file takes {1000 * file_read:.0f} ms, once per kernel.",
        "",
        *rows(args.repeat),
    ]
    text = "\n".join(lines) + "\n"
    publish(text, not args.no_write)


if __name__ == "__main__":
    main()
