"""What a lesson in another language costs against the same lesson in English.

    python benchmarks/languages.py             # print the figures
    python benchmarks/languages.py --write     # ... and rewrite its section of RESULTS.md
    python benchmarks/languages.py --runs 7 --only triad doudizhu

1. **First drawn canvas, cold** (`cardlab serve --pool 0`, so every page starts its own kernel
   and runs its lesson on request, whatever its language): each round requests the bare
   one-canvas notebook and each lesson in English, Russian and Chinese in turn.  A page's
   figure is its median over the English page's median in the same run, so a busy machine moves
   both.  The kernel's memory once the page has drawn comes with it (the catalogs it loaded).
2. **Reading a whole deal** (in process, no browser): every narration and bot reason of a
   seeded Dou Dizhu deal read in English, Russian and Chinese, interleaved round by round:
   the price of a gettext lookup and a Babel number per sentence.
"""

from __future__ import annotations

import argparse
import datetime
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import BARE, CHROMIUM_ARGS, chromium_path, lesson_dir, machine
from results import publish
from voila_startup import Phase, first_canvases

LANGS = ("en", "ru", "zh")
LESSONS = ("triad", "doudizhu")
MACHINE = ("CPU", "cores (os.cpu_count)", "RAM", "voila", "Chromium")


def page_of(lesson: str, lang: str) -> str:
    return f"{lesson}.ipynb" if lang == "en" else f"{lang}/{lesson}.ipynb"


# -- 2: reading a whole deal ----------------------------------------------------------------------
def a_told_deal(seed: int = 1) -> list:
    """Every narration (each dealt card's too) and bot reason of one Dou Dizhu deal between
    greedy bots, as told: what a stepper reads through from the first card to the last trick."""
    from cardlab.games.doudizhu import new_game
    from cardlab.games.doudizhu.bots import GreedyBot

    reasons: dict = {}
    replay = new_game(seed, ruleset="cardavia").play_out(
        dict.fromkeys(range(3), GreedyBot()), reasons=reasons
    )
    return [event.told for event in replay.events] + [told for _, told in reasons.values()]


def reading_ms(told: list, runs: int) -> dict[str, list[float]]:
    """Milliseconds to read the whole deal ``told`` through the teacher's eyes, per language."""
    for lang in LANGS:  # the first reading loads the catalogs: a page pays that once
        [t.text(None, lang) for t in told]
    times: dict[str, list[float]] = {lang: [] for lang in LANGS}
    for _ in range(runs):
        for lang in LANGS:
            start = time.perf_counter()
            [t.text(None, lang) for t in told]
            times[lang].append((time.perf_counter() - start) * 1000)
    return times


# -- report ---------------------------------------------------------------------------------------
def report(
    cold: Phase | None,
    reading: dict[str, list[float]],
    runs: int,
    pieces: int,
    lessons: tuple[str, ...],
) -> str:
    lines = [
        "## Languages: the same lesson in English, Russian and Chinese (`benchmarks/languages.py`)",
        "",
        f"{datetime.date.today()}, on "
        + ", ".join(f"{k} {v}" for k, v in machine().items() if k in MACHINE)
        + ".",
        "",
    ]
    if cold is not None:
        bare = cold.median(BARE)
        lines += [
            f"**First drawn canvas, cold** (`cardlab serve --pool 0`, medians of {runs} "
            "interleaved rounds; the yardstick, the bare one-canvas notebook, took "
            f"{bare:.2f} s in the same run).  *× English* is the page's median over the English "
            "page's.",
            "",
            "| lesson | language | first canvas (× bare) | × English | kernel MiB | × English |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for lesson in lessons:
            en = page_of(lesson, "en")
            en_mib = statistics.median(cold.kernel_mib.get(en, [float("nan")]))
            for lang in LANGS:
                nb = page_of(lesson, lang)
                mib = statistics.median(cold.kernel_mib.get(nb, [float("nan")]))
                lines.append(
                    f"| {lesson} | {lang} | {cold.ratio(nb):.2f} | "
                    f"{cold.median(nb) / cold.median(en):.2f} | {mib:.0f} | {mib / en_mib:.2f} |"
                )
        if cold.errors:
            lines += ["", "Errors: " + "; ".join(cold.errors)]
        lines.append("")
    en = statistics.median(reading["en"])
    lines += [
        f"**Reading a whole Dou Dizhu deal** (seed 1, greedy bots: {pieces} narrations and "
        f"reasons, read through the teacher's eyes; medians of {len(reading['en'])} interleaved "
        f"rounds; English took {en:.1f} ms in the same run).",
        "",
        "| language | × English |",
        "|---|---:|",
        *(f"| {lang} | {statistics.median(reading[lang]) / en:.2f} |" for lang in LANGS),
    ]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="interleaved rounds (>= 5)")
    parser.add_argument("--only", nargs="*", default=None, metavar="LESSON")
    parser.add_argument("--write", action="store_true", help="rewrite its section of RESULTS.md")
    parser.add_argument("--skip-browser", action="store_true")
    args = parser.parse_args(argv)
    if args.runs < 5:
        parser.error("--runs must be at least 5: a median of fewer says little here")
    lessons = tuple(args.only) if args.only else LESSONS
    cold = None
    if not args.skip_browser:
        from playwright.sync_api import sync_playwright

        pages = tuple(page_of(lesson, lang) for lesson in lessons for lang in LANGS)
        with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
            notebooks = lesson_dir(Path(tmp) / "lessons")
            browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
            try:
                cold = first_canvases(browser, notebooks, Phase("cold"), args.runs, "0", pages)
            finally:
                browser.close()
    told = a_told_deal()
    reading = reading_ms(told, max(args.runs, 7) * 3)
    publish(report(cold, reading, args.runs, len(told), lessons), args.write)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
