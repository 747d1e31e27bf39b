"""A row of the class record as the kernel makes it: light (no database library), so a table
makes one on a press without importing the store (`cardlab.record.store` keeps them).  A row
also travels as JSON (`to_data`, `from_data`): under ``cardlab serve`` a kernel hands its rows to
the server, which keeps the one store (`cardlab.record.post`)."""

from __future__ import annotations

import datetime as dt
import math
import uuid
from dataclasses import dataclass
from typing import Any

from cardlab.core.results import KINDS, Result

MAX_FIELD = 10_000
"""The longest text a row's field may bring (the store keeps at most 4,000 characters)."""
MAX_KEY = 36
"""The longest key (a UUID's text is 36 characters; the store's column holds no more)."""
_TEXTS = ("game", "class_code", "moves", "question", "answer")


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

    def to_data(self) -> dict[str, Any]:
        """The row as JSON data; `from_data` reads it back equal."""
        r = self.result
        return {
            "key": self.key, "at": self.at.isoformat(), "student": self.student,
            "lesson": self.lesson, "kind": r.kind, "game": r.game, "class_code": r.class_code,
            "deal": r.deal, "moves": r.moves, "score": r.score, "question": r.question,
            "answer": r.answer, "right": r.right,
        }  # fmt: skip

    @classmethod
    def from_data(cls, data: object) -> Record:
        """The row `to_data` gave; ``ValueError`` naming the field for anything else (a row
        comes over the network, from a kernel that may be a student's to change)."""
        if not isinstance(data, dict):
            raise ValueError("a row is a JSON object")
        texts = {name: _text(data, name) for name in (*_TEXTS, "student", "lesson", "key")}
        if not 0 < len(texts["key"]) <= MAX_KEY:
            raise ValueError(f"key is 1 to {MAX_KEY} characters")
        kind = data.get("kind")
        if kind not in KINDS:
            raise ValueError(f"kind is table or quiz, not {str(kind)[:20]!r}")
        deal = data.get("deal")
        if type(deal) is not int or not 0 <= deal < 2**31:
            raise ValueError("deal is a whole number from 0")
        score = data.get("score")
        if score is not None and (
            type(score) not in (int, float) or not math.isfinite(score) or abs(score) > 1e15
        ):
            raise ValueError("score is a finite number or null")
        right = data.get("right")
        if right is not None and type(right) is not bool:
            raise ValueError("right is true, false or null")
        try:
            at = dt.datetime.fromisoformat(_text(data, "at"))
        except ValueError:
            raise ValueError("at is an ISO 8601 time") from None
        if at.tzinfo is None:
            raise ValueError("at has no time zone")
        result = Result(kind, texts["game"], texts["class_code"], deal, texts["moves"], score,
                        texts["question"], texts["answer"], right)  # fmt: skip
        return cls(result, texts["student"], texts["lesson"], at, texts["key"])


def _text(data: dict[str, Any], name: str) -> str:
    value = data.get(name)
    if not isinstance(value, str):
        raise ValueError(f"{name} is text")
    if len(value) > MAX_FIELD:
        raise ValueError(f"{name} is longer than {MAX_FIELD:,} characters")
    return value


MAX_PAGE = 400_000
"""The longest kept page the class record takes (`cardlab.lessons.saved_page.MAX_TEXT`)."""
PAGE_NAMES = (("class_code", 32), ("student", 64), ("lesson", 64))
"""A kept page's names and their longest lengths (the store's columns)."""


@dataclass(frozen=True)
class KeptPage:
    """A student's lesson page as their browser keeps it (`cardlab.lessons.saved_page`, signed),
    kept in the class record too: a page comes back on another device, or after the browser
    forgot it.  One per class, student and lesson, the latest; ``text`` "" forgets it."""

    class_code: str
    student: str
    lesson: str
    text: str

    @property
    def key(self) -> tuple[str, str, str]:
        return (self.class_code, self.student, self.lesson)

    def to_data(self) -> dict[str, str]:
        return {"class_code": self.class_code, "student": self.student, "lesson": self.lesson,
                "text": self.text}  # fmt: skip

    @classmethod
    def from_data(cls, data: object, text: bool = True) -> KeptPage:
        """The page `to_data` gave (without its ``text`` when not ``text``: a question for
        one); ``ValueError`` naming the field for anything else."""
        if not isinstance(data, dict):
            raise ValueError("a kept page is a JSON object")
        names = {}
        for name, longest in PAGE_NAMES:
            value = data.get(name)
            if not isinstance(value, str) or not 0 < len(value) <= longest:
                raise ValueError(f"{name} is text of 1 to {longest} characters")
            names[name] = value
        body = data.get("text", "") if text else ""
        if not isinstance(body, str) or len(body) > MAX_PAGE:
            raise ValueError(f"text is text of at most {MAX_PAGE:,} characters")
        return cls(names["class_code"], names["student"], names["lesson"], body)
