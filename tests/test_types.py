"""The package type-checks: mypy, configured by pyproject.toml's ``[tool.mypy]``, finds nothing.

cardlab ships ``py.typed``, so its annotations are a promise to every caller; this test keeps it.
The engine, the games, the drawing code, the pictures and the lesson models are checked strictly,
the rest with every function body checked (docs/architecture.md, "Types")."""

from __future__ import annotations

from pathlib import Path

import pytest
import tomllib
from mypy import api

ROOT = Path(__file__).resolve().parents[1]
STRICT = ("cardlab.core.*", "cardlab.games.*", "cardlab.render.*", "cardlab.pictures.*")
LESSON_MODELS = (
    "cardlab.apps.model",
    "cardlab.apps.figure",
    "cardlab.apps.quiz",
    "cardlab.apps.bot_stepper",
    "cardlab.apps.odds_table",
    "cardlab.apps.asked",
    "cardlab.apps.rules_words",
    "cardlab.apps.words",
    "cardlab.apps.score_sheet",
    "cardlab.apps.*.table",
    "cardlab.apps.*.quiz",
    "cardlab.apps.*.questions",
    "cardlab.apps.*.stepper",
    "cardlab.apps.*.lesson",
    "cardlab.apps.*.odds",
    "cardlab.apps.*.practice",
    "cardlab.apps.control",
    "cardlab.apps.hand_review",
    "cardlab.apps.practice",
    "cardlab.apps.draw_practice",
)
STRICT_FLAGS = (
    "disallow_any_generics",
    "disallow_untyped_calls",
    "disallow_untyped_defs",
    "disallow_incomplete_defs",
    "warn_return_any",
    "no_implicit_reexport",
)


def _config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mypy"]


def test_the_config_checks_what_the_architecture_promises():
    """The whole package, every function body, and the four layers the games are built from and
    the lesson models strictly: a looser config would let this test pass on less."""
    config = _config()
    assert config["packages"] == ["cardlab"]
    assert config["check_untyped_defs"] is True
    assert config["warn_unused_ignores"] is True
    assert "ignore-without-code" in config["enable_error_code"]
    strict = [o for o in config["overrides"] if {*STRICT, *LESSON_MODELS} <= set(o["module"])]
    assert strict, "no override makes core, games, render, pictures and the lesson models strict"
    assert all(strict[0].get(flag) is True for flag in STRICT_FLAGS), strict[0]
    assert not any(o.get("ignore_errors") for o in config["overrides"])
    assert not any(o.get("disable_error_code") for o in config["overrides"])


def test_mypy_finds_no_error(monkeypatch: pytest.MonkeyPatch):
    """mypy over the package as pyproject.toml says, from the checkout (not an installed copy),
    with no cache: every error is listed when it fails."""
    monkeypatch.chdir(ROOT)
    out, err, status = api.run(
        ["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir", "/dev/null"]
    )
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert status == 0 and not errors, "\n".join([*out.splitlines(), err])
