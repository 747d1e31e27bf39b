"""binder/ stays in step with pyproject.toml and with the environment the tests ran in
(repo2docker builds what the tests ran on)."""

from __future__ import annotations

import os
import re
from importlib import metadata
from pathlib import Path

import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from tools_loader import load_tool

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


def test_every_pin_is_the_installed_version():
    """What Binder installs is exactly what these tests run on."""
    wrong = {}
    for name, version in pins().items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (version, installed)
    assert not wrong, f"pinned vs installed: {wrong}; run python tools/pin_binder.py"


def test_the_pins_are_exactly_what_the_generator_writes():
    """Every package cardlab[school] needs is pinned, and nothing else: the file is the
    generator's output for this environment, byte for byte."""
    pin_binder = load_tool("pin_binder")
    needed = pin_binder.closure()
    assert {"voila", "ipycanvas", "jupyterhub", "nbgitpuller", "tornado"} <= set(needed)
    assert set(pins()) == set(needed), (
        f"missing: {sorted(set(needed) - set(pins()))}, extra: {sorted(set(pins()) - set(needed))}"
    )
    assert (BINDER / "requirements.txt").read_text() == pin_binder.render(needed)


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
