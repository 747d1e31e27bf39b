"""Faults injected and presses lost: a student's page against six faults, mid-hand (issue 30).

    python benchmarks/faults.py            # print the tally
    python benchmarks/faults.py --write    # ... and rewrite its section of benchmarks/RESULTS.md

Runs the fault-injection browser test (`tests/browser/test_faults.py`: Chromium against a real
`cardlab serve`, at Triad's, Dou Dizhu's and Three Thirteen's class tables: a reload, 30 s
offline, ``kill -9`` of the page's kernel, a server restart, the page closed until its kernel
is gone, the link opened in another browser) ``--rounds`` times and adds up what each round's
test reports: faults injected, presses made, presses refused with words while offline, and
faults after which the page was not as before (pixels, words, log or rows): presses lost.  The
goal is 0 lost.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results import publish

REPO = Path(__file__).resolve().parents[1]
TEST = "tests/browser/test_faults.py"
COUNTS = ("faults", "presses", "refused", "lost")


def run_round(report: Path) -> int:
    """One run of the test (its three tables two at a time); pytest's exit code."""
    env = {**os.environ, "CARDLAB_FAULTS_REPORT": str(report), "CARDLAB_REQUIRE_BROWSER": "1"}
    command = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "-n", "2", TEST]
    return subprocess.call(command, cwd=REPO, env=env)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=1, help="runs of the test")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "faults.jsonl"
        codes = [run_round(report) for _ in range(args.rounds)]
        tallies = [json.loads(line) for line in report.read_text().splitlines() if line]
    by_lesson: dict[str, dict[str, int]] = {}
    for tally in tallies:
        row = by_lesson.setdefault(tally["lesson"], dict.fromkeys(COUNTS, 0))
        for name in COUNTS:
            row[name] += tally[name]
    total = {name: sum(row[name] for row in by_lesson.values()) for name in COUNTS}
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = " ".join(["python benchmarks/faults.py", *(argv or sys.argv[1:])])
    lines = [
        "## Faults injected, presses lost",
        "",
        f"Written by `{command}` on {now}: {args.rounds} run(s) of `{TEST}`, "
        f"pytest exit codes {codes}.",
        "",
        "Each run opens a class table in Chromium on a `cardlab serve` of its own and, mid-hand, "
        "injects six faults one after another: a reload, 30 s offline (a press made meanwhile "
        "is refused, with words), `kill -9` of the page's kernel, a server restart, the page "
        "closed until its kernel is gone and its link opened again, and the link opened in "
        "another browser (another device: the page comes from the class record); after each it "
        "compares the table's pixels (to the eye: under 0.2% of pixels differ visibly, as for "
        "a shared link's picture), its words, its log and the results rows with what the page "
        "showed before the fault, and takes the next press. Then the hand is played on until "
        "the next row is in the results. *Lost*: faults after which anything differed.",
        "",
        "| table | faults injected | presses made | refused while offline | presses lost |",
        "|---|---:|---:|---:|---:|",
        *(
            f"| {lesson.removesuffix('.ipynb')} | {row['faults']} | {row['presses']} | "
            f"{row['refused']} | {row['lost']} |"
            for lesson, row in by_lesson.items()
        ),
        f"| **all** | {total['faults']} | {total['presses']} | {total['refused']} | "
        f"**{total['lost']}** |",
        "",
    ]
    publish("\n".join(lines), args.write)
    return 0 if not any(codes) and not total["lost"] else 1


if __name__ == "__main__":
    sys.exit(main())
