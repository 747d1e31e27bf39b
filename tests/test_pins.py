"""The pinned files (binder/requirements.txt, tests/constraints.txt) stay in step with
pyproject.toml and with the environment the tests ran in: repo2docker builds, and a new machine
tests on, what the tests ran on."""

from __future__ import annotations

import os
import re
from importlib import metadata
from pathlib import Path

import pytest
import tomllib
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from tools_loader import load_tool

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"


PINS = load_tool("pins")
PIN_FILES = pytest.mark.parametrize("pin_file", PINS.FILES, ids=lambda f: f.path.name)


def pins(pin_file=PINS.BINDER) -> dict[str, str]:
    out = {}
    for line in pin_file.path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        name, sep, version = line.partition("==")
        assert sep and re.fullmatch(r"[0-9][0-9A-Za-z.+!-]*", version), f"not an exact pin: {line}"
        out[canonicalize_name(name)] = version
    return out


@PIN_FILES
def test_every_pin_is_the_installed_version(pin_file):
    """What Binder and the test command install is exactly what these tests run on."""
    wrong = {}
    for name, version in pins(pin_file).items():
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (version, installed)
    assert not wrong, f"pinned vs installed: {wrong}; run python tools/pins.py"


@PIN_FILES
def test_the_pins_are_exactly_what_the_generator_writes(pin_file):
    """Every package the file's root needs is pinned, and nothing else: the file is the
    generator's output for this environment, byte for byte."""
    needed = PINS.closure(pin_file.root)
    assert {"voila", "anywidget", "jupyterhub", "nbgitpuller", "tornado"} <= set(needed)
    pinned = pins(pin_file)
    assert set(pinned) == set(needed), (
        f"missing: {sorted(set(needed) - set(pinned))}, extra: {sorted(set(pinned) - set(needed))}"
    )
    assert pin_file.path.read_text() == PINS.render(pin_file, needed)


def test_every_test_tool_is_pinned_and_binder_installs_none():
    """The tools the suite runs on are pinned for the test command (a fresh machine once took a
    pytest the suite had never run on) and stay out of Binder's image."""
    tools = {"pytest", "pytest-xdist", "nbval", "hypothesis", "playwright", "execnet", "ruff"}
    assert tools <= set(pins(PINS.TESTS)), sorted(tools - set(pins(PINS.TESTS)))
    assert not tools & set(pins(PINS.BINDER)), sorted(tools & set(pins(PINS.BINDER)))


def test_the_lessons_need_no_ipycanvas_and_the_benchmarks_yardstick_has_it():
    """The lessons draw on canvases of their own (`cardlab.widgets.canvas_batch`); ipycanvas is
    only the benchmarks' bare yardstick page, so the test command installs it, Binder not."""
    assert "ipycanvas" in pins(PINS.TESTS) and "ipycanvas" not in pins(PINS.BINDER)
    shared = set(pins(PINS.BINDER)) & set(pins(PINS.TESTS))
    assert {n: pins(PINS.BINDER)[n] for n in shared} == {n: pins(PINS.TESTS)[n] for n in shared}


def test_the_readme_and_ci_install_with_the_test_pins():
    command = 'pip install -e ".[test]" -c tests/constraints.txt && python -m pytest'
    assert command in (REPO / "README.md").read_text()
    assert command in (REPO / ".ci" / "run").read_text()


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


def test_every_test_dependency_is_pinned_within_its_range():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    pinned = pins(PINS.TESTS)
    for dep in map(Requirement, project["optional-dependencies"]["test"]):
        name = canonicalize_name(dep.name)
        if name == "cardlab":
            continue
        assert name in pinned, f"{dep.name} is a test dependency but not pinned"
        assert dep.specifier.contains(pinned[name], prereleases=True), (
            f"tests/constraints.txt pins {dep.name}=={pinned[name]}, outside {dep.specifier}"
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
