"""The tests that share one process's state run in one process (the root ``conftest.py``),
whatever the versions of pytest and pytest-xdist: a small project of grouped and free tests is
run the way the suite runs, in two processes, and where the grouping is switched off the guard
fails the split group instead of letting its tests run in the wrong kernel.  The same conftest
marks the slow tier, which ``-m "not slow"`` leaves out."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import textwrap
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace

import pytest

REPO = Path(__file__).resolve().parents[1]


def root_conftest():
    """The root ``conftest.py`` as a module of its own (``tests/conftest.py`` owns the name)."""
    spec = importlib.util.spec_from_file_location("root_conftest", REPO / "conftest.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ROOT = root_conftest()

RECORD = """
import json, os, time
from pathlib import Path

def record(name):
    time.sleep(0.05)  # long enough that both processes take work (the --dist load run)
    with open(Path(__file__).parents[{depth}] / "ran.jsonl", "a") as f:
        f.write(json.dumps([name, os.environ["PYTEST_XDIST_WORKER"]]) + "\\n")
"""


def notebook(cells: list[str]) -> str:
    return json.dumps({
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                   "outputs": [], "source": src} for src in cells],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                    "language": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    })  # fmt: skip


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """A project with the suite's conftest: a notebook whose cells need each other, tests on a
    stand-in for the shared server, and free tests."""
    root = tmp_path_factory.mktemp("grouping")
    shutil.copy(REPO / "conftest.py", root / "conftest.py")
    (root / "pyproject.toml").write_text(
        textwrap.dedent("""\
        [tool.pytest.ini_options]
        testpaths = ["tests", "notebooks"]
        addopts = "-n 2 --dist loadscope --nbval-lax --nbval-current-env -p no:cacheprovider"
        """)
    )
    browser = root / "tests" / "browser"
    browser.mkdir(parents=True)
    (browser / "conftest.py").write_text(
        textwrap.dedent("""\
        import pytest

        @pytest.fixture(scope="session")
        def served():
            return "one server"
        """)
    )
    (browser / "recording.py").write_text(RECORD.format(depth=2))
    (root / "tests" / "recording.py").write_text(RECORD.format(depth=1))
    for module in ("test_one", "test_two"):
        (browser / f"{module}.py").write_text(
            "from recording import record\n" + "".join(
                f"def test_{i}(served):\n    record('shared {module} {i}')\n" for i in range(4)
            ))  # fmt: skip
    (root / "tests" / "test_free.py").write_text(
        "from recording import record\n"
        + "".join(f"def test_{i}():\n    record('free {i}')\n" for i in range(8))
    )
    (root / "notebooks").mkdir()
    cells = ["import os\nx = 1\nworker = os.getpid()"]
    cells += [f"assert os.getpid() == worker\nx += 1\nassert x == {n}" for n in range(2, 8)]
    (root / "notebooks" / "cells.ipynb").write_text(notebook(cells))
    return root


def run(project: Path, *args: str) -> subprocess.CompletedProcess:
    (project / "ran.jsonl").unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:randomly", *args],
        cwd=project, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def workers(project: Path) -> dict[str, set[str]]:
    by_kind: dict[str, set[str]] = defaultdict(set)
    for line in (project / "ran.jsonl").read_text().splitlines():
        name, worker = json.loads(line)
        by_kind[name.split()[0]].add(worker)
    return by_kind


def test_group_of_reads_the_test_id():
    group_of = ROOT.group_of
    assert group_of("notebooks/triad.ipynb::Cell 3") == "notebook notebooks/triad.ipynb"
    assert group_of("tests/browser/test_share.py::test_x[triad]") == ROOT.SHARED_SERVER
    assert group_of("tests/browser/own_server/test_wheel.py::test_w") == ROOT.OWN_SERVER
    assert group_of("tests/test_cli.py::test_render") is None
    assert group_of("tests/apps/test_browser_words.py::test_a") is None


def test_groups_stay_in_one_process(project: Path):
    done = run(project)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "23 passed" in done.stdout, done.stdout[-2000:]
    ran = workers(project)
    assert len(ran["shared"]) == 1, ran
    assert ran["free"] <= {"gw0", "gw1"}, ran


def test_a_split_group_fails_instead_of_running(project: Path):
    """xdist's plain ``load`` scheduler spreads tests one by one: the guard must catch it."""
    done = run(project, "--dist", "load")
    assert done.returncode != 0, done.stdout[-3000:]
    assert "was split" in done.stdout, done.stdout


def test_a_test_on_the_shared_server_in_the_own_server_folder_is_refused(project: Path):
    own = project / "tests" / "browser" / "own_server"
    own.mkdir()
    (own / "test_misplaced.py").write_text("def test_it(served):\n    pass\n")
    try:
        done = run(project, "--collect-only")
    finally:
        shutil.rmtree(own)
    assert done.returncode != 0
    assert "test_misplaced.py::test_it uses the session's `cardlab serve`" in (
        done.stdout + done.stderr
    )


def test_is_slow_reads_the_test_id_and_its_fixtures():
    is_slow = ROOT.is_slow
    assert is_slow("notebooks/triad.ipynb::Cell 3")
    assert is_slow("tests/browser/test_npm.py::test_n")
    assert is_slow("tests/core/test_conformance.py::test_playout_invariants[triad-defaults]")
    assert is_slow("tests/apps/test_long_class.py::test_l[triad]")  # a whole module
    assert is_slow("tests/test_serving.py::test_s", ("tmp_path", "server"))
    assert not is_slow("tests/test_serving.py::test_s", ("tmp_path",))
    assert not is_slow("tests/core/test_conformance.py::test_playout_invariants_more")
    assert not is_slow("tests/apps/test_long_class_more.py::test_l")
    assert not is_slow("tests/core/test_cards.py::test_c")


def test_every_slow_test_named_is_there():
    """A renamed test would leave the slow tier unnoticed, and slow down the fast one."""
    for nodeid in ROOT.SLOW:
        path, *names = nodeid.split("::")
        assert (REPO / path).is_file(), nodeid
        text = (REPO / path).read_text(encoding="utf-8")
        for name in names:
            assert f"def {name}(" in text or f"class {name}" in text, nodeid


def test_a_slow_test_of_the_fast_tier_is_listed_slowest_first():
    def report(nodeid: str, duration: float, when: str = "call", *marks: str) -> SimpleNamespace:
        keywords = dict.fromkeys((nodeid.split("::")[-1], *marks), 1)
        return SimpleNamespace(nodeid=nodeid, duration=duration, when=when, keywords=keywords)

    limit = ROOT.FAST_LIMIT_S
    reports = [
        report("t.py::quick", limit / 2),
        report("t.py::marked", limit * 3, "call", ROOT.SLOW_MARK),
        report("t.py::long_setup", limit * 3, "setup"),
        report("t.py::long", limit + 1),
        report("t.py::longer", limit + 2),
    ]
    assert ROOT.too_slow_for_the_fast_tier(reports) == [
        (limit + 2, "t.py::longer"), (limit + 1, "t.py::long")
    ]  # fmt: skip


def test_the_fast_tier_leaves_out_the_notebooks_and_the_browser(project: Path):
    done = run(project, "--collect-only", "-m", "not slow")
    assert done.returncode == 0, done.stdout[-3000:]
    assert "8/23 tests collected (15 deselected)" in done.stdout, done.stdout[-2000:]
    assert "test_free.py" in done.stdout
    assert "cells.ipynb" not in done.stdout and "browser" not in done.stdout
