"""Fixtures for widget tests: a recording fake canvas and a tap on ipycanvas's outgoing batches."""

from __future__ import annotations

import json
from typing import Any

import ipycanvas.canvas
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
    """Every message the ipycanvas manager sends, decoded back to its command list."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    def record(self, content: Any, buffers: Any = ()) -> None:
        """What the manager's comm sends: the commands are the first buffer's JSON."""
        self.messages.append(json.loads(bytes(buffers[0])))

    def clear(self) -> None:
        self.messages.clear()

    def commands(self, index: int = -1) -> list[Any]:
        """The commands of one message (a batch is a list of commands; a lone one is wrapped)."""
        message = self.messages[index]
        return message if message and isinstance(message[0], list) else [message]

    def names(self, index: int = -1) -> list[str]:
        by_number = {v: k for k, v in ipycanvas.canvas.COMMANDS.items()}
        return [by_number[c[0]] for c in self.commands(index)]


@pytest.fixture
def batches(monkeypatch: pytest.MonkeyPatch) -> Batches:
    """Intercept the canvas manager's sends (no browser: the comm is a DummyComm anyway)."""
    tap = Batches()
    manager = ipycanvas.canvas._CANVAS_MANAGER
    monkeypatch.setattr(manager, "send", tap.record)
    return tap


@pytest.fixture(scope="session")
def highcard_replay() -> Replay:
    bots = {0: RandomBot(0), 1: RandomBot(1), 2: RandomBot(2)}
    return Replay.start("highcard", 3, deck="triad", players=3, hand_size=3).play_out(bots)
