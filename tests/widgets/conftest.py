"""Fixtures for widget tests: a recording fake canvas and a tap on the canvas batches sent."""

from __future__ import annotations

from typing import Any

import pytest

from cardlab.core.bots import RandomBot
from cardlab.core.replay import Replay


class RecordingCanvas:
    """Records every method call as ``(name, *args)`` and every attribute set as
    ``("set", name, value)``: the fake backend for `replay_ops`."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)

        def record(*args: Any) -> None:
            self.calls.append((name, *args))

        return record

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append(("set", name, value))

    def names(self) -> list[str]:
        return [c[0] for c in self.calls]


@pytest.fixture
def recorder() -> RecordingCanvas:
    return RecordingCanvas()


class Batches:
    """Every canvas batch the page script sends, as its command lists."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def record(self, content: Any, buffers: Any = None) -> None:
        """What the page script's comm sends: a batch is ``{"draw": [command, ...]}``."""
        if isinstance(content, dict) and "draw" in content:
            self.messages.append(content["draw"])

    def clear(self) -> None:
        self.messages.clear()

    def commands(self, index: int = -1) -> list[Any]:
        """The commands of one message."""
        return self.messages[index]

    def names(self, index: int = -1) -> list[str]:
        return [c[0] for c in self.commands(index)]


@pytest.fixture
def batches(monkeypatch: pytest.MonkeyPatch) -> Batches:
    """Intercept the page script's sends (no browser: the comm is a DummyComm anyway)."""
    from cardlab.widgets.a11y import page_script

    tap = Batches()
    monkeypatch.setattr(page_script(), "send", tap.record)
    return tap


@pytest.fixture(scope="session")
def highcard_replay() -> Replay:
    bots = {0: RandomBot(0), 1: RandomBot(1), 2: RandomBot(2)}
    return Replay.start("highcard", 3, deck="triad", players=3, hand_size=3).play_out(bots)
