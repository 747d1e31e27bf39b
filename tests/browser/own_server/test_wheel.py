"""`pip install cardlab` from a wheel serves the lessons: nothing depends on a source checkout.

The wheel is built from a copy of the repository's files, installed into a fresh virtual
environment in a temporary folder (with binder/requirements.txt as constraints, so it gets the
tested versions), and its own ``cardlab serve`` is started from a folder outside the repository
with no variable pointing back at it.  Chromium then opens the index and a lesson from it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browsing import REPO, serving
from test_voila import RENDER_TIMEOUT_MS, assert_no_python_errors, open_drawn, render_url

from cardlab.lessons import lessons
from cardlab.serve.cli import free_port

INSTALL_TIMEOUT = 900  # seconds: a fresh environment's whole dependency tree, from the pip cache
SKIP = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", ".*cache",
                              ".hypothesis", ".benchmarks", "tmp")  # fmt: skip


def run(cmd: list[str], **kwargs) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, stdin=subprocess.DEVNULL, **kwargs)
    assert done.returncode == 0, f"{cmd[:3]} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def clean_env() -> dict[str, str]:
    """The environment of a user who installed the wheel: nothing leads back to the repository."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "JUPYTER", "CARDLAB_", "PIP_"))}  # fmt: skip
    return {**env, "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel installed: its ``bin`` folder."""
    tmp = tmp_path_factory.mktemp("wheel")
    source = tmp / "source"
    shutil.copytree(REPO, source, ignore=SKIP)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
         str(source)], timeout=INSTALL_TIMEOUT, env=clean_env())  # fmt: skip
    (wheel,) = (tmp / "dist").glob("cardlab-*.whl")
    run([sys.executable, "-m", "venv", str(tmp / "venv")], timeout=120)
    bin_dir = tmp / "venv" / "bin"
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", str(wheel),
         "-c", str(REPO / "binder" / "requirements.txt")],
        timeout=INSTALL_TIMEOUT, env=clean_env(), cwd=tmp)  # fmt: skip
    return bin_dir


def test_the_wheel_holds_the_lessons_and_serves_them(installed, page, tmp_path, screenshot_dir):
    env, outside = clean_env(), tmp_path / "elsewhere"
    outside.mkdir()
    where = run([str(installed / "python"), "-c",
                 "import json, cardlab.lessons as l; "
                 "print(json.dumps([str(l.notebooks_dir()), [x.name for x in l.lessons()]]))"],
                env=env, cwd=outside)  # fmt: skip
    folder, names = json.loads(where)
    assert Path(folder).is_relative_to(installed.parent), f"lessons served from {folder}"
    assert names == [lesson.name for lesson in lessons()], "the wheel holds every lesson"
    copied = run([str(installed / "cardlab"), "lessons", "--copy", "mine"], env=env, cwd=outside)
    assert "copied 8 lessons in 5 languages" in copied
    assert (outside / "mine" / "triad.ipynb").is_file()
    assert (outside / "mine" / "zh" / "doudizhu.ipynb").is_file()

    port = free_port()
    log_path = tmp_path / "serve.log"
    command = [str(installed / "cardlab"), "serve", "--no-browser", "--port", str(port)]
    with serving(command, port, log_path, env=env, cwd=outside):
        assert folder in log_path.read_text(), "it says which lessons it serves"
        base = f"http://127.0.0.1:{port}"
        page.goto(render_url(base, "index.ipynb"), timeout=RENDER_TIMEOUT_MS)
        page.wait_for_selector("a[href$='triad.ipynb']", timeout=RENDER_TIMEOUT_MS)
        assert_no_python_errors(page)
        open_drawn(page, render_url(base, "triad.ipynb"), screenshot_dir / "wheel-triad.png")
        # the languages ship too: their notebooks and compiled catalogs
        open_drawn(page, render_url(base, "ru/triad.ipynb"), screenshot_dir / "wheel-ru.png")
        assert "Язык" in page.inner_text("body") and "Player" not in page.inner_text("body")
