"""A lesson page from a preheated kernel against one that starts its own, in the same run.

    python benchmarks/pool.py                # print the figures
    python benchmarks/pool.py --write        # ... and rewrite its section of RESULTS.md

Two `cardlab serve` run side by side: ``--pool 1`` (the default) and ``--pool 0`` (the anchor).
Each round opens the lesson once on each, alternating which goes first, in a fresh browser
context, and times from the request to the first drawn canvas (a screenshot of it not blank).
Before each page both servers' kernels are left to go quiet (the pool refilled, nothing
rendering), so neither page competes with the other server.  Reported: medians over ``--runs``
rounds (default 5) and their ratio, and the kernels each server runs before and after.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from results import write_sections  # noqa: E402
from voila_startup import CANVAS, CHROMIUM_ARGS, ICON_FONT_CDN, blank, chromium_path  # noqa: E402

from cardlab.cli import free_port, wait_for_port  # noqa: E402
from cardlab.procs import cpu_ticks, kernel_pids  # noqa: E402


def serve(pool: int) -> tuple[subprocess.Popen, str]:
    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardlab.cli", "serve", "--no-browser", "--ip", "127.0.0.1",
         "--port", str(port), "--pool", str(pool)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    if not wait_for_port("127.0.0.1", port, 120, proc):
        raise RuntimeError(f"cardlab serve --pool {pool} did not start")
    return proc, f"http://127.0.0.1:{port}"


def quiet(procs: list[subprocess.Popen], expect: int = 0, timeout: float = 300) -> None:
    """Wait until the servers run at least ``expect`` kernels and none used CPU for 1 s."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pids = [k for p in procs for k in kernel_pids(p.pid)]
        before = sum(cpu_ticks(k) for k in pids)
        time.sleep(1)
        if len(pids) >= expect and sum(cpu_ticks(k) for k in pids) - before <= 2:
            return
    raise RuntimeError("the kernels never went quiet")


def first_canvas_s(browser, url: str) -> float:
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.route(f"{ICON_FONT_CDN}/**", lambda route: route.abort())
    try:
        page = context.new_page()
        t0 = time.perf_counter()
        page.goto(url, timeout=180_000)
        canvas = page.locator(CANVAS).first
        canvas.wait_for(state="visible", timeout=180_000)
        while blank(canvas.screenshot()):
            page.wait_for_timeout(25)
        took = time.perf_counter() - t0
        with page.expect_event("close"):  # unload first: its beacon shuts the kernel down
            page.close(run_before_unload=True)
        return took
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="00_decks.ipynb")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    args = parser.parse_args(argv)
    chromium = chromium_path()
    if chromium is None:
        print("no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)", file=sys.stderr)
        return 2
    from playwright.sync_api import sync_playwright

    notebooks = len(list((REPO / "notebooks").glob("*.ipynb")))
    servers = [serve(1), serve(0)]
    procs = [p for p, _ in servers]
    times: dict[int, list[float]] = {1: [], 0: []}
    try:
        quiet(procs, expect=notebooks)
        counts_before = [len(kernel_pids(p.pid)) for p in procs]
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for i in range(args.runs):
                order = ((1, servers[0]), (0, servers[1]))
                for pool, (_, base) in order if i % 2 == 0 else order[::-1]:
                    quiet(procs, expect=notebooks)
                    times[pool].append(
                        first_canvas_s(browser, f"{base}/voila/render/{args.lesson}")
                    )
                    print(f"round {i + 1} pool {pool}: {times[pool][-1]:.2f} s", flush=True)
            browser.close()
        quiet(procs, expect=notebooks)
        counts_after = [len(kernel_pids(p.pid)) for p in procs]
    finally:
        for p in procs:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(p.pid, signal.SIGTERM)
            p.wait(timeout=30)

    warm, cold = statistics.median(times[1]), statistics.median(times[0])
    rounds = {pool: ", ".join(f"{t:.2f}" for t in ts) for pool, ts in times.items()}
    kept = "the same" if counts_after == counts_before else "NOT the same"
    text = "\n".join([
        f"## Preheated kernel pool (`notebooks/{args.lesson}`)",
        "",
        f"Written by `python benchmarks/pool.py --runs {args.runs} --write`. `cardlab serve` with",
        "`--pool 1` and, as the anchor, `--pool 0`, side by side; each round opens the lesson on",
        "both (alternating which first, kernels quiet before each), fresh browser context; time",
        "from the page request to the first drawn canvas. Medians.",
        "",
        "| | request to first drawn canvas (s) | kernels before / after the pages |",
        "|---|---|---|",
        f"| `--pool 1` (preheated) | {warm:.2f} | {counts_before[0]} / {counts_after[0]} |",
        f"| `--pool 0` (anchor) | {cold:.2f} | {counts_before[1]} / {counts_after[1]} |",
        "",
        f"- **preheated / anchor: {warm / cold:.2f}** (rounds: pool 1 {rounds[1]}; "
        f"pool 0 {rounds[0]})",
        f"- {args.runs} pages opened and closed on each; kernels after: {kept} count as before.",
        "  Each page's context is closed right after the page, which can cut its unload beacon",
        "  off (a browser quitting, not a tab closing); culling takes those kernels after 300 s.",
        "  tests/browser/test_kernels.py checks the tab-closing case: no kernel left behind.",
        "",
    ])  # fmt: skip
    print(text)
    if args.write:
        write_sections(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
