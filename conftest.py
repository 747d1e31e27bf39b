"""The test run is shared between two processes (pytest-xdist, ``-n 2`` in pyproject.toml): a
browser test keeps about one core busy, so the other tests use the second.

Tests that must stay together in one process, in their order, form a group:
- a notebook's cells (nbval): each cell runs in the kernel its earlier cells filled;
- the browser tests on the session's `cardlab serve` (``tests/browser``): they share that
  server and its pool of kernels, and a second server would only compete for the cores;
- the browser tests that start a server of their own (``tests/browser/own_server``: JupyterHub,
  JupyterLab, the wheel...): one after another, beside the first group.

The group is read from the test's id alone, by `group_of`, and handed to pytest-xdist through its
public scheduler hook.  xdist's own ``xdist_group`` mark is not used: it works by rewriting a
private attribute of pytest's items, which pytest 9.2 no longer has, and a notebook's cells then
ran in two kernels.  Two checks make sure a group is never split again, whatever the versions:
each worker claims the groups it runs (`pytest_runtest_setup` fails a test whose group another
process already ran), and collection refuses a test on the shared server outside its folder.

Two tiers: ``python -m pytest -m "not slow"`` runs the fast one, in a few minutes; plain
``python -m pytest`` runs everything.  A test is slow (`is_slow`) when it is in a group (it needs
Chromium and a server, or it is a notebook's cell run by nbval), uses a fixture that starts a
server (`SLOW_FIXTURES`), or is named in `SLOW` (it runs a kernel or a pytest of its own, or
takes more than a few seconds); collection marks it ``slow``.  A run lists the unmarked tests
that took longer than `FAST_LIMIT_S`, to be named in `SLOW`.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path, PurePosixPath

import pytest

SHARED_SERVER = "browser on cardlab serve"
OWN_SERVER = "browser on its own server"
BROWSER_DIR = PurePosixPath("tests/browser")
OWN_SERVER_DIR = BROWSER_DIR / "own_server"
SERVER_FIXTURE = "served"
"""The session's `cardlab serve` (tests/browser/conftest.py)."""
SLOW_MARK = "slow"
SLOW_FIXTURES = {
    SERVER_FIXTURE: "the session's `cardlab serve`",
    "server": "tests/test_serving.py's `cardlab serve`",
}
SLOW = {
    # a kernel, a server or a pytest run of its own
    "tests/test_grouping.py::test_groups_stay_in_one_process": "pytest and nbval kernels",
    "tests/test_grouping.py::test_a_split_group_fails_instead_of_running": "pytest and kernels",
    "tests/test_grouping.py::test_a_test_on_the_shared_server_in_the_own_server_folder_is_refused":
        "a pytest",
    "tests/test_grouping.py::test_the_fast_tier_leaves_out_the_notebooks_and_the_browser":
        "a pytest",
    "tests/test_kernel.py::test_a_notebook_runs_in_the_lean_kernel_without_debugger_or_jedi":
        "a kernel",
    "tests/test_kernel.py::test_a_plain_kernel_does_load_them": "a kernel",
    "tests/test_cli.py::test_serve_runs_voila_prints_the_url_and_stops_with_its_children":
        "a `cardlab serve`",
    "tests/lessons/test_load_path.py": "a fresh interpreter per lesson",
    "tests/lessons/test_canvas_words.py::test_every_canvas_of_a_lesson_is_named_and_its_words_are_on_the_page":
        "a fresh interpreter per lesson",
    # more than a few seconds on a 2-core machine
    "tests/core/test_conformance.py::test_playout_invariants": "15 games per variant",
    "tests/core/test_caches.py::test_a_cache_stays_within_its_bound_and_is_small_when_full":
        "fills every cache",
    "tests/games/poker/test_poker_draw.py::test_conformance_checks_pass_on_the_demo_game":
        "the conformance checks per variant",
    "tests/games/pyramid/test_pyramid_odds.py::test_table_agrees_with_sampled_brute_force":
        "brute force",
    "tests/apps/test_text_on_background.py": "every lesson in every theme",
    "tests/apps/test_long_class.py": "many games per table",
    "tests/apps/test_doudizhu_long_class.py": "300 deals",
    "tests/apps/test_table_positions.py::test_a_tampered_class_keeps_the_links_position_and_says_so":
        "whole games",
    "tests/apps/test_table_positions.py::test_an_exam_page_keeps_every_hint_off_whatever_the_link_says":
        "every table",
    "tests/apps/test_table_positions.py::test_one_class_one_sequence_of_deals": "many deals",
    "tests/apps/test_table_positions.py::test_a_finished_hand_is_a_row_of_my_results": "hands",
    "tests/apps/test_table_models.py::test_a_double_click_does_the_job_once_and_says_nothing_wrong":
        "whole games",
    "tests/apps/test_table_models.py::test_refused_presses_leave_the_table_as_it_was":
        "whole games",
    "tests/apps/test_whatif_steppers.py::test_every_step_shared_through_the_page_reopens_exactly":
        "every step of every deal",
    "tests/apps/test_words.py::test_a_steppers_texts_use_a_players_words": "every step",
    "tests/apps/test_three_thirteen_app.py::test_go_out_is_enabled_only_when_legal_and_a_whole_game_scores":
        "a whole game",
    "tests/apps/test_triad_app.py::test_the_quiz_marks_and_explains": "every question",
    "tests/apps/test_variants.py::TestThreeThirteen::test_the_most_wild_cards_in_a_meld":
        "whole rounds",
    "tests/apps/test_variants.py::TestThreeThirteen::test_aces_high_or_low": "whole rounds",
    "tests/widgets/test_widget_quiz.py::test_a_class_asks_its_questions_in_one_order_and_my_answers_download":
        "every question",
}  # fmt: skip
"""Slow tests outside the groups, by id (a module, a test with all its parameters): why."""
FAST_LIMIT_S = 5.0
"""A test of the fast tier that takes longer than this (its call alone) is listed after a run."""
SHOWN = 10
"""How many of those the list shows, the slowest first."""


def group_of(nodeid: str) -> str | None:
    """The group a test must run in, from its id, or None where any process may run it alone."""
    path = PurePosixPath(nodeid.split("::", 1)[0])
    if path.suffix == ".ipynb":
        return f"notebook {path}"
    if OWN_SERVER_DIR in path.parents:
        return OWN_SERVER
    if BROWSER_DIR in path.parents:
        return SHARED_SERVER
    return None


def is_slow(nodeid: str, fixtures: tuple[str, ...] = ()) -> bool:
    """Whether a test, by its id and the fixtures it uses, is in the slow tier."""
    if group_of(nodeid) is not None or not SLOW_FIXTURES.keys().isdisjoint(fixtures):
        return True
    return any(nodeid == slow or nodeid.startswith((f"{slow}::", f"{slow}[")) for slow in SLOW)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", f"{SLOW_MARK}: a slow-tier test, set by conftest.py (`-m 'not slow'`: the fast)"
    )


def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Under ``--dist loadscope`` a scope is a group: whole groups, and single tests outside
    them, go to whichever process is free.  Other ``--dist`` modes keep xdist's scheduler."""
    if config.getvalue("dist") != "loadscope":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return GroupScheduling(config, log)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the slow tier.  A test on the session's `cardlab serve` must live where `group_of`
    puts it in that server's group: each process would otherwise start a server of its own."""
    for item in items:
        fixtures = tuple(getattr(item, "fixturenames", ()))
        if is_slow(item.nodeid, fixtures):
            item.add_marker(SLOW_MARK)
        uses_server = SERVER_FIXTURE in fixtures
        if uses_server and group_of(item.nodeid) != SHARED_SERVER:
            raise pytest.UsageError(
                f"{item.nodeid} uses the session's `cardlab serve` ({SERVER_FIXTURE!r}): "
                f"its module belongs in {BROWSER_DIR}/, outside {OWN_SERVER_DIR}/"
            )


def claim(folder: Path, group: str, worker: str) -> str:
    """Record that ``worker`` runs ``group``; the worker that had claimed it first."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / re.sub(r"[^A-Za-z0-9._-]", "_", group)
    mine = folder / f"{path.name}.{worker}"
    mine.write_text(worker)
    try:
        os.link(mine, path)  # atomic: the name appears with its content, or not at all
    except FileExistsError:
        return path.read_text()
    return worker


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Fail a grouped test that runs in another process than its group's first test."""
    worker, run = os.environ.get("PYTEST_XDIST_WORKER"), os.environ.get("PYTEST_XDIST_TESTRUNUID")
    group = group_of(item.nodeid)
    if group is None or worker is None or run is None:
        return
    folder = Path(tempfile.gettempdir()) / "cardlab-test-groups" / run
    first = claim(folder, group, worker)
    if first != worker:
        pytest.fail(
            f"the group {group!r} was split: {first} ran its first test, {worker} runs "
            f"{item.nodeid}; its tests share one process's state and must run in one",
            pytrace=False,
        )


def too_slow_for_the_fast_tier(reports: list[pytest.TestReport]) -> list[tuple[float, str]]:
    """The fast-tier tests whose call took longer than `FAST_LIMIT_S`, slowest first."""
    return sorted(
        ((r.duration, r.nodeid) for r in reports
         if r.when == "call" and r.duration > FAST_LIMIT_S and SLOW_MARK not in r.keywords),
        reverse=True,
    )  # fmt: skip


def pytest_terminal_summary(terminalreporter) -> None:
    """List the fast tier's tests that were slow this time: name them in `SLOW` if they stay so."""
    stats = terminalreporter.stats
    reports = [r for key in ("passed", "failed") for r in stats.get(key, ())]
    slow = too_slow_for_the_fast_tier(reports)
    if slow:
        terminalreporter.write_sep(
            "-", f"unmarked tests over {FAST_LIMIT_S:g} s: add them to SLOW in conftest.py"
        )
        for duration, nodeid in slow[:SHOWN]:
            terminalreporter.write_line(f"{duration:6.1f}s {nodeid}")
        if len(slow) > SHOWN:  # a busy machine slows every test: the slowest say the most
            terminalreporter.write_line(f"and {len(slow) - SHOWN} more")
