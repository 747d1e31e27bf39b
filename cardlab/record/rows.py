"""A row of the class record as the kernel makes it: light (no database library), so a table
makes one on a press without importing the store (`cardlab.record.store` keeps them)."""

from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass

from cardlab.core.results import Result


@dataclass(frozen=True)
class Record:
    """A `Result` as the class record keeps it: who (``student``), where (``lesson``), when
    (``at``, UTC) and its own ``key``."""

    result: Result
    student: str
    lesson: str
    at: dt.datetime
    key: str

    @classmethod
    def now(cls, result: Result, student: str, lesson: str) -> Record:
        """``result`` as it happens now, with a fresh key."""
        return cls(result, student, lesson, dt.datetime.now(dt.timezone.utc), str(uuid.uuid4()))
