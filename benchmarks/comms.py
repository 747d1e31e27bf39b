"""Widget comms that measure what a kernel would send instead of sending it (no front end).

ipywidgets only serialises and sends a change when its widget's comm has a kernel; these comms
say they have one, so a benchmark pays the kernel's serialisation (the JSON of each message,
its binary buffers) and counts the messages and bytes, without Jupyter's signing or ZMQ.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any


@dataclass
class Wire:
    """What the recording comms saw: messages and their JSON + buffer bytes."""

    messages: int = 0
    opens: int = 0
    json_bytes: int = 0
    buffer_bytes: int = 0

    @property
    def total(self) -> int:
        return self.json_bytes + self.buffer_bytes


@contextlib.contextmanager
def recording_comms() -> Iterator[Wire]:
    """Every widget created inside gets a comm that measures instead of sending."""
    import comm
    from comm.base_comm import BaseComm

    wire = Wire()

    class RecordingComm(BaseComm):
        kernel = True  # ipywidgets only sends when the comm has a kernel

        def publish_msg(
            self,
            msg_type: str,
            data: Any = None,
            metadata: Any = None,
            buffers: Any = None,
            **keys: Any,
        ) -> None:
            wire.messages += 1
            wire.opens += msg_type == "comm_open"
            wire.json_bytes += len(json.dumps(data, separators=(",", ":"), default=str))
            wire.buffer_bytes += sum(memoryview(b).nbytes for b in buffers or ())

    saved = comm.create_comm
    comm.create_comm = RecordingComm
    try:
        yield wire
    finally:
        comm.create_comm = saved
