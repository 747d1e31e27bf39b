"""Odds charts: our SVG bar chart against the matplotlib chart it replaced (the anchor).

    python benchmarks/charts.py [--repeats 7] [--no-write]

1. Import, each in a fresh interpreter, the two taking turns: ``matplotlib.figure`` (what a
   lesson loaded before) against ``cardlab.render.chart``; seconds and RSS growth (MiB).
2. Drawing, in one process, the two taking turns: the same rows (six exact values, three with a
   simulated estimate and its 95% interval) as a matplotlib Figure saved to PNG (constrained
   layout, as the old `OddsPanel.plot_png`) and as our chart's SVG text.

Medians of ``--repeats``; the machine is shared and noisy, so the figures to read are the
ratios (anchor / ours), and absolute times only beside each other.  Writes the "## Odds charts"
section of benchmarks/RESULTS.md (`write_sections`).
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.results import publish
from cardlab.render.chart import Bar, ChartRow, bar_chart

ROWS = [
    ("dealt 3 cards already meld", 0.0443, None),
    ("can go out after one stock card", 0.1296, (0.131, 0.006)),
    ("first player can go out", 0.1960, (0.193, 0.008)),
    ("two decks: dealt hand melds", 0.0490, None),
    ("two decks: out after one stock card", 0.1405, (0.142, 0.006)),
    ("two decks: first player out", 0.2097, None),
]
IMPORT = """
import json, time
def rss():
    for line in open("/proc/self/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
before, start = rss(), time.perf_counter()
import {module}
print(json.dumps([time.perf_counter() - start, rss() - before]))
"""


def import_cost(module: str) -> tuple[float, float]:
    """Seconds and MiB to import ``module`` in a fresh interpreter (after its startup)."""
    out = subprocess.run(
        [sys.executable, "-c", IMPORT.format(module=module)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    ).stdout
    seconds, mib = json.loads(out)
    return seconds, mib


def matplotlib_png() -> bytes:
    """The anchor: the rows as the old matplotlib chart drew them (bars, error bars, legend)."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5.6, 1.2 + 0.5 * len(ROWS)), dpi=100, layout="constrained")
    ax = fig.add_subplot()
    ys = range(len(ROWS))
    ax.barh([y - 0.2 for y in ys], [r[1] for r in ROWS], 0.4, label="exact")
    sims = [r[2] or (0.0, 0.0) for r in ROWS]
    ax.barh([y + 0.2 for y in ys], [s[0] for s in sims], 0.4, xerr=[1.96 * s[1] for s in sims],
            hatch="//", label="simulated (95% interval)")  # fmt: skip
    ax.set_yticks(list(ys), [r[0] for r in ROWS])
    ax.invert_yaxis()
    ax.set_xlabel("probability")
    ax.set_title("Round 1, counted exactly", loc="left")
    fig.legend(loc="outside lower center", ncols=2)
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()


def our_svg() -> str:
    rows = [
        ChartRow(label, (Bar(exact), Bar(sim[0], 1.96 * sim[1]) if sim else None))
        for label, exact, sim in ROWS
    ]
    return bar_chart(rows, ("exact", "simulated"), title="Round 1, counted exactly").svg()


def timed(f) -> float:
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--no-write", action="store_true")
    args = ap.parse_args(argv)
    modules = ("matplotlib.figure", "cardlab.render.chart")
    imports: dict[str, list[tuple[float, float]]] = {m: [] for m in modules}
    draws: dict[str, list[float]] = {"matplotlib PNG": [], "our SVG": []}
    matplotlib_png(), our_svg()  # warm: fonts found, modules loaded
    for _ in range(args.repeats):
        for module in imports:
            imports[module].append(import_cost(module))
        draws["matplotlib PNG"].append(timed(matplotlib_png))
        draws["our SVG"].append(timed(our_svg))
    med = {m: (statistics.median(s for s, _ in v), statistics.median(r for _, r in v))
           for m, v in imports.items()}  # fmt: skip
    draw = {k: statistics.median(v) for k, v in draws.items()}
    (mpl_s, mpl_mib), (our_s, our_mib) = med["matplotlib.figure"], med["cardlab.render.chart"]
    size_png, size_svg = len(matplotlib_png()), len(our_svg().encode())
    lines = [
        "## Odds charts",
        "",
        f"`python benchmarks/charts.py --repeats {args.repeats}` (Python "
        f"{platform.python_version()}; medians of {args.repeats}, the two taking turns).",
        "",
        "| | matplotlib (anchor) | ours | anchor / ours |",
        "|---|---|---|---|",
        f"| import in a fresh interpreter, s | {mpl_s:.3f} | {our_s:.3f} | {mpl_s / our_s:.1f} |",
        f"| RSS growth of that import, MiB | {mpl_mib:.1f} | {our_mib:.1f} | |",
        f"| one 6-row chart, s | {draw['matplotlib PNG']:.4f} | {draw['our SVG']:.4f} | "
        f"{draw['matplotlib PNG'] / draw['our SVG']:.0f} |",
        f"| its size, bytes | {size_png:,} (PNG) | {size_svg:,} (SVG) | |",
        "",
        "Both imports count what they pull in: matplotlib brings numpy (which the lessons' "
        "engines load anyway; `benchmarks/memory.py` measures matplotlib on top of it), ours "
        "the render layer with Pillow (which every lesson loads for its cards).",
    ]
    text = "\n".join(lines) + "\n"
    publish(text, not args.no_write)


if __name__ == "__main__":
    main()
