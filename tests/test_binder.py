"""binder/ stays in step with pyproject.toml (repo2docker builds what the tests ran on)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"


def pins() -> dict[str, str]:
    out = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep and re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version), f"not an exact pin: {line}"
        out[canonicalize_name(name)] = version
    return out


def test_every_runtime_dependency_is_pinned_within_its_range():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    pinned = pins()
    for dep in map(Requirement, project["dependencies"]):
        name = canonicalize_name(dep.name)
        assert name in pinned, (
            f"{dep.name} is a dependency but not pinned in binder/requirements.txt"
        )
        assert dep.specifier.contains(pinned[name], prereleases=True), (
            f"binder pins {dep.name}=={pinned[name]}, outside pyproject's {dep.specifier}"
        )


def test_runtime_is_python_311():
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


def test_post_build_installs_cardlab_and_is_executable():
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), (
        "binder/postBuild must be executable (git update-index --chmod=+x)"
    )
    text = post.read_text()
    assert text.startswith("#!")
    assert re.search(r"pip install .*(-e \.|\s\.)\s*$", text, re.M)
