"""The browser tests' npm tools install safely when two test processes ask at once."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from browsing import AXE_VERSION, locked

HERE = Path(__file__).resolve().parent
ASK = """
import sys
from pathlib import Path
sys.path.insert(0, {here!r})
from browsing import npm_package
path = npm_package("axe-core", {version!r}, "axe.min.js", "a test", root=Path({root!r}))
print(path.stat().st_size)
"""


def test_two_processes_installing_one_npm_package_both_get_it(tmp_path: Path):
    if shutil.which("npm") is None:
        pytest.skip("needs npm")
    code = ASK.format(here=str(HERE), version=AXE_VERSION, root=str(tmp_path))
    asks = [
        subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         env={**os.environ, "CARDLAB_REQUIRE_BROWSER": "1"})
        for _ in range(2)
    ]  # fmt: skip
    outs = [ask.communicate(timeout=600) for ask in asks]
    for ask, (_, err) in zip(asks, outs, strict=True):
        assert ask.returncode == 0, err[-2000:]
    sizes = {int(out) for out, _ in outs}
    installed = tmp_path / "build" / "npm" / f"axe-core-{AXE_VERSION}" / "node_modules" / "axe-core"
    assert sizes == {(installed / "axe.min.js").stat().st_size} and sizes != {0}
    assert json.loads((installed / "package.json").read_text())["version"] == AXE_VERSION


def test_a_second_process_waits_while_the_first_installs(tmp_path: Path):
    """The lock is what keeps them apart: held here, the other process's ask must wait."""
    if shutil.which("npm") is None:
        pytest.skip("needs npm")
    prefix = tmp_path / "build" / "npm" / f"axe-core-{AXE_VERSION}"
    code = ASK.format(here=str(HERE), version=AXE_VERSION, root=str(tmp_path))
    with locked(prefix.with_name(f"{prefix.name}.lock")):
        ask = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)  # fmt: skip
        with contextlib.suppress(subprocess.TimeoutExpired):
            ask.wait(timeout=5)
        waited = ask.poll() is None
        assert not prefix.exists(), "the second process installed while the first held the lock"
    out, err = ask.communicate(timeout=600)
    assert waited, f"the second process did not wait for the lock: {out} {err[-500:]}"
    assert ask.returncode == 0 and (prefix / "node_modules" / "axe-core" / "axe.min.js").is_file()
