"""What a student waits for and what a lesson costs: Voilà cold start, kernel memory, one step.

    python benchmarks/voila_startup.py                # print the figures
    python benchmarks/voila_startup.py --write        # ... and rewrite benchmarks/RESULTS.md

1. Cold start to first drawn canvas: a fresh ``cardlab serve --pool 0`` (new Voilà, no
   preheated kernels: the page starts its own; benchmarks/pool.py measures the pool), then
   headless Chromium opens the lesson and polls the first canvas until a screenshot of it is not
   blank.  Chromium itself is launched once beforehand and not counted; each run gets a fresh
   browser context (no cache).  Median of ``--runs`` (default 5).
2. Resident memory of the lesson's kernel (``VmRSS`` in ``/proc/<pid>/status``; the kernel is the
   ``ipykernel`` child of the Voilà process) and of the Voilà server, once the canvas is drawn.
3. One controller step of the decks lesson (`cardlab.apps.decks.DealStepper`), in process and
   without a browser: the Forward button is clicked as the browser would, with every widget comm
   replaced by one that records what would go on the wire.  Reported: DrawOps replayed, canvas
   commands, comm messages, bytes (JSON + binary buffers) and Python time per step.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import io
import json
import os
import platform
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from cardlab.cli import free_port, wait_for_port  # noqa: E402
from cardlab.procs import kernel_pids, rss_mib, voila_pid  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from results import write_sections  # noqa: E402

CANVAS = "canvas.cardlab-canvas, .cardlab-canvas canvas"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-background-networking", "--disable-component-update", "--no-first-run",
]  # fmt: skip
ICON_FONT_CDN = "https://cdn.jsdelivr.net/npm/@fortawesome/fontawesome-free"


# -- machine --------------------------------------------------------------------------------------
def machine() -> dict[str, str]:
    cpu = "unknown"
    with contextlib.suppress(OSError):
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    ram = "unknown"
    with contextlib.suppress(OSError, ValueError, IndexError):
        kb = int(Path("/proc/meminfo").read_text().split("MemTotal:")[1].split()[0])
        ram = f"{kb / 1024 / 1024:.1f} GiB"
    info = {
        "CPU": cpu,
        "cores (os.cpu_count)": str(os.cpu_count()),
        "RAM": ram,
        "OS": f"{platform.system()} {platform.release()}",
        "Python": platform.python_version(),
    }
    for pkg in ("voila", "ipywidgets", "ipycanvas", "ipykernel", "jupyter_server", "playwright"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            info[pkg] = metadata.version(pkg)
    chromium = chromium_path()
    if chromium:
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            out = subprocess.run(
                [chromium, "--version"], capture_output=True, text=True, timeout=30
            )
            info["Chromium"] = out.stdout.strip() or "unknown"
    return info


def chromium_path() -> str | None:
    for cand in (os.environ.get("CARDLAB_CHROMIUM"), "/usr/lib/chromium/chromium",
                 "/usr/bin/chromium"):  # fmt: skip
        if cand and Path(cand).is_file() and os.access(cand, os.X_OK):
            return cand
    return None


# -- 1 + 2: cold start and memory -----------------------------------------------------------------
def blank(png: bytes) -> bool:
    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    colours = img.getcolors(maxcolors=img.width * img.height)
    ink = 1 - max(c for c, _ in colours) / (img.width * img.height)
    return len(colours) < 8 or ink < 0.01


@dataclass
class ColdRun:
    port_s: float
    canvas_visible_s: float
    canvas_drawn_s: float
    kernel_rss_mib: list[float] = field(default_factory=list)
    voila_rss_mib: float = 0.0


def cold_start(browser, notebooks: Path, lesson: str, timeout: float = 180) -> ColdRun:
    port = free_port()
    t0 = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardlab.cli", "serve", "--no-browser", "--ip", "127.0.0.1",
         "--port", str(port), "--notebooks", str(notebooks), "--pool", "0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
        start_new_session=True,
    )  # fmt: skip
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    context.route(f"{ICON_FONT_CDN}/**", lambda route: route.abort())
    try:
        if not wait_for_port("127.0.0.1", port, 90, proc):
            raise RuntimeError("cardlab serve did not start")
        t_port = time.perf_counter() - t0
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/voila/render/{lesson}", timeout=timeout * 1000)
        canvas = page.locator(CANVAS).first
        canvas.wait_for(state="visible", timeout=timeout * 1000)
        t_visible = time.perf_counter() - t0
        deadline = time.monotonic() + 60
        while blank(canvas.screenshot()):
            if time.monotonic() > deadline:
                raise RuntimeError("the first canvas stayed blank for 60 s")
            page.wait_for_timeout(25)
        run = ColdRun(t_port, t_visible, time.perf_counter() - t0)
        voila = voila_pid(proc.pid)
        if voila is not None:
            run.voila_rss_mib = rss_mib(voila)
            run.kernel_rss_mib = [rss_mib(k) for k in kernel_pids(proc.pid)]
        return run
    finally:
        context.close()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        time.sleep(0.5)  # let the kernel's ports and memory go before the next run


# -- 3: one controller step -----------------------------------------------------------------------
@dataclass
class Wire:
    """What the recording comms saw: messages and their JSON + buffer bytes."""

    messages: int = 0
    opens: int = 0
    json_bytes: int = 0
    buffer_bytes: int = 0

    @property
    def total(self) -> int:
        return self.json_bytes + self.buffer_bytes


@contextlib.contextmanager
def recording_comms() -> Iterator[Wire]:
    """Every widget created inside gets a comm that measures instead of sending."""
    import comm
    from comm.base_comm import BaseComm

    wire = Wire()

    class RecordingComm(BaseComm):
        kernel = True  # ipywidgets only sends when the comm has a kernel

        def publish_msg(self, msg_type, data=None, metadata=None, buffers=None, **keys):
            wire.messages += 1
            wire.opens += msg_type == "comm_open"
            wire.json_bytes += len(json.dumps(data, separators=(",", ":"), default=str))
            wire.buffer_bytes += sum(memoryview(b).nbytes for b in buffers or ())

    saved = comm.create_comm
    comm.create_comm = RecordingComm
    try:
        yield wire
    finally:
        comm.create_comm = saved


@dataclass
class StepCost:
    ops: int
    commands: int
    sprites_blitted: int
    messages: int
    opens: int
    bytes: int
    python_ms: float


def controller_steps(deal_name: str = "decks-forced-follow") -> tuple[list[StepCost], int]:
    """Click Forward through a whole High Card deal (the decks lesson's curated deal: standard52,
    seed 1): the cost of each step, sprites cached."""
    with recording_comms() as wire:
        from cardlab.apps.decks import DealStepper, ThemePicker

        deal = DealStepper(ThemePicker(), deal=deal_name)
        stepper, view = deal.stepper, deal.view
        costs = []
        while stepper.step < len(stepper.replay):
            before = (wire.messages, wire.opens, wire.total)
            t = time.perf_counter()
            stepper.forward_button.click()
            dt = time.perf_counter() - t
            costs.append(
                StepCost(
                    view.last_ops_count, view.last_commands_count, view.last_sprites_blitted,
                    wire.messages - before[0], wire.opens - before[1], wire.total - before[2],
                    dt * 1000,
                )
            )  # fmt: skip
        sprites = sum(c.opens for c in costs) // 2  # each sprite: a Canvas and its Layout
    return costs, sprites


# -- report ---------------------------------------------------------------------------------------
def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def report(
    info, runs: list[ColdRun], steps: list[StepCost], lesson: str, skipped: str, sprites: int = 0
) -> str:
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "## Machine",
        "",
        f"Written by `python benchmarks/voila_startup.py --write` on {now}.",
        "",
        "| | |",
        "|---|---|",
        *[f"| {k} | {v} |" for k, v in info.items()],
        "",
        f"## Voilà cold start to first drawn canvas (`notebooks/{lesson}`)",
        "",
    ]
    if runs:
        kernels = [r for run in runs for r in run.kernel_rss_mib]
        lines += [
            "A fresh `cardlab serve` each run (new Voilà, new kernel); headless Chromium already",
            "running, fresh context. Time from spawning `cardlab serve`.",
            "",
            "| run | port open (s) | canvas visible (s) | canvas drawn (s) | kernel RSS (MiB) "
            "| Voilà RSS (MiB) |",
            "|---|---|---|---|---|---|",
            *[
                f"| {i + 1} | {r.port_s:.2f} | {r.canvas_visible_s:.2f} | {r.canvas_drawn_s:.2f} "
                f"| {', '.join(f'{m:.0f}' for m in r.kernel_rss_mib)} | {r.voila_rss_mib:.0f} |"
                for i, r in enumerate(runs)
            ],
            "",
            f"- **median cold start to first drawn canvas: "
            f"{median([r.canvas_drawn_s for r in runs]):.2f} s** "
            f"(min {min(r.canvas_drawn_s for r in runs):.2f}, "
            f"max {max(r.canvas_drawn_s for r in runs):.2f})",
            f"- **resident memory per Voilà kernel (lesson rendered): median "
            f"{median(kernels):.0f} MiB** (VmRSS of the ipykernel process); Voilà server "
            f"{median([r.voila_rss_mib for r in runs]):.0f} MiB",
            "",
        ]
    else:
        lines += [f"Not measured: {skipped}", ""]
    if steps:
        first, rest = steps[0], steps[1:] or steps
        lines += [
            "## One controller step (decks lesson, `DealStepper`, standard52, seed 1)",
            "",
            f"Forward clicked through a whole deal ({len(steps)} steps) in process, widget comms",
            "recording what would be sent. A step redraws the table in one batched canvas message",
            "and updates the caption, slider and text mirror.",
            "",
            "| | DrawOps | canvas commands | sprites blitted | comm messages "
            "| of which new widgets "
            "| bytes sent | Python ms |",
            "|---|---|---|---|---|---|---|---|",
            f"| first step | {first.ops} | {first.commands} | {first.sprites_blitted} "
            f"| {first.messages} | {first.opens} | {first.bytes} | {first.python_ms:.1f} |",
            *[
                f"| {name} of steps 2-{len(steps)} | {f([s.ops for s in rest]):.0f} "
                f"| {f([s.commands for s in rest]):.0f} "
                f"| {f([s.sprites_blitted for s in rest]):.0f} "
                f"| {f([s.messages for s in rest]):.0f} | {f([s.opens for s in rest]):.0f} "
                f"| {f([s.bytes for s in rest]):.0f} | {f([s.python_ms for s in rest]):.1f} |"
                for name, f in (("median", median), ("max", max))
            ],
            "",
            "Bytes are the JSON of each comm message's data plus its binary buffers (the",
            "Jupyter message header adds roughly 300-400 bytes per message on top). New widgets",
            "are the hidden sprite canvases (Canvas + Layout) opened the first time a face is",
            f"shown; they are cached, {sprites} for this deal (at most one per distinct face).",
            "Python ms is the click handler in process (engine step, render, replay, comm",
            "serialisation to JSON); the kernel's message signing and ZMQ send are not included.",
            "",
        ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--lesson", default="00_decks.ipynb")
    parser.add_argument("--notebooks", type=Path, default=REPO / "notebooks")
    parser.add_argument("--write", action="store_true", help="rewrite benchmarks/RESULTS.md")
    parser.add_argument("--skip-browser", action="store_true")
    args = parser.parse_args(argv)

    info = machine()
    for k, v in info.items():
        print(f"{k}: {v}")

    runs: list[ColdRun] = []
    skipped = ""
    chromium = chromium_path()
    if args.skip_browser:
        skipped = "--skip-browser"
    elif chromium is None:
        skipped = "no Chromium (apt-get install chromium, or set CARDLAB_CHROMIUM)"
    else:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            for i in range(args.runs):
                run = cold_start(browser, args.notebooks.resolve(), args.lesson)
                runs.append(run)
                print(
                    f"cold start {i + 1}: port {run.port_s:.2f} s, canvas visible "
                    f"{run.canvas_visible_s:.2f} s, drawn {run.canvas_drawn_s:.2f} s, kernel RSS "
                    f"{run.kernel_rss_mib} MiB, voila RSS {run.voila_rss_mib:.0f} MiB",
                    flush=True,
                )
            browser.close()

    steps, sprites = controller_steps()
    print(f"steps: {len(steps)}; first: {steps[0]}")
    print(f"median python ms: {median([s.python_ms for s in steps[1:]]):.2f}")

    text = report(info, runs, steps, args.lesson, skipped, sprites)
    print()
    print(text)
    if args.write:
        write_sections(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
