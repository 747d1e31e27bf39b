"""A student's results as a CSV file to hand in: one row per finished hand or deal at a table
and per answered quiz question (`write_results`), read back exactly (`read_results`).

Why the care: a teacher opens the file in a spreadsheet.  A text field that starts with ``=``,
``+``, ``-``, ``@`` (or a tab or carriage return) would run there as a formula (CSV
injection), so such a field is written behind a ``'``, the spreadsheet convention for "this is
text"; a field that starts with ``'`` gets one more, so reading drops exactly one and every text
comes back the same.  Numbers are ours (a score, a seed) and are written plainly.  A byte-order
mark makes spreadsheets read the file as UTF-8.
"""

from __future__ import annotations

import csv
import io
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal, TypeGuard

COLUMNS = ("kind", "game", "class code", "deal", "moves", "score", "question", "answer", "right")
"""The header row: what each column holds."""
Kind = Literal["table", "quiz"]
KINDS: tuple[Kind, ...] = ("table", "quiz")
MAX_TEXT = 5_000_000
"""The longest results text read (a whole term of lessons is a few hundred kilobytes)."""
MAX_ROWS = 20_000
BOM = "\ufeff"
_UNSAFE = ("=", "+", "-", "@", "\t", "\r", "'")
_INT = re.compile(r"-?[0-9]{1,20}")
_FLOAT = re.compile(r"-?[0-9]{1,20}(\.[0-9]{1,20})?([eE][+-]?[0-9]{1,3})?")
_DEAL = re.compile(r"[0-9]{0,20}")


@dataclass(frozen=True)
class Result:
    """One row: a finished hand or deal at a table (``moves``, ``score``), or an answered quiz
    question (``question``, ``answer``, ``right``); ``deal`` is the number of the class's deal
    or question the student saw (the number the table and the quiz show: "Class deal 3 of code
    MATH7B"), 0 outside a class (an empty cell): rows with one number are one deal for all."""

    kind: Kind
    game: str
    class_code: str = ""
    deal: int = 0
    moves: str = ""
    score: int | float | None = None
    question: str = ""
    answer: str = ""
    right: bool | None = None


def safe_text(text: str) -> str:
    """``text`` as a spreadsheet shows it and never runs it (behind a ``'``: see the module)."""
    return "'" + text if text.startswith(_UNSAFE) else text


def _is_kind(text: str) -> TypeGuard[Kind]:
    return text in KINDS


def _unsafe(text: str) -> str:
    return text[1:] if text.startswith("'") else text


def _number(score: int | float | None) -> str:
    if score is None:
        return ""
    if isinstance(score, float) and not math.isfinite(score):
        raise ValueError(f"a score is a finite number, not {score}")
    return repr(score) if isinstance(score, float) else str(int(score))


def write_results(results: Iterable[Result]) -> str:
    """The results as CSV text: a header row, then one row each."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    writer.writerows(fields(r) for r in results)
    return BOM + out.getvalue()


def fields(r: Result) -> list[str]:
    """``r``'s cells under `COLUMNS`, as the file writes them."""
    right = "" if r.right is None else ("yes" if r.right else "no")
    deal = str(r.deal) if r.deal else ""
    return [safe_text(r.kind), safe_text(r.game), safe_text(r.class_code), deal,
            safe_text(r.moves), _number(r.score), safe_text(r.question), safe_text(r.answer),
            right]  # fmt: skip


def _score(text: str, line: int) -> int | float | None:
    if text == "":
        return None
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        value = float(text)
        if math.isfinite(value):
            return value
    raise ValueError(f"results line {line}: the score {text[:30]!r} is not a number")


def read_results(text: str) -> list[Result]:
    """`write_results`' text read back; ``ValueError`` naming the line for anything else."""
    if len(text) > MAX_TEXT:
        raise ValueError(f"results: longer than {MAX_TEXT:,} characters")
    rows = csv.reader(io.StringIO(text.removeprefix(BOM), newline=""), strict=True)
    try:
        header = next(rows, None)
        if header is None or tuple(header) != COLUMNS:
            raise ValueError("results: the first line must be the header " + ",".join(COLUMNS))
        found: list[Result] = []
        for row in rows:
            line = rows.line_num
            if len(found) >= MAX_ROWS:
                raise ValueError(f"results: more than {MAX_ROWS} rows")
            if len(row) != len(COLUMNS):
                raise ValueError(f"results line {line}: {len(row)} fields, not {len(COLUMNS)}")
            kind, game, code, deal, moves, score, question, answer, right = row
            kind = _unsafe(kind)
            if not _is_kind(kind):
                raise ValueError(f"results line {line}: the kind is table or quiz, not {kind!r}")
            if not _DEAL.fullmatch(deal):
                raise ValueError(f"results line {line}: the deal {deal[:30]!r} is not a number")
            if right not in ("", "yes", "no"):
                raise ValueError(f"results line {line}: right is yes, no or empty")
            found.append(
                Result(
                    kind,
                    _unsafe(game),
                    _unsafe(code),
                    int(deal or 0),
                    _unsafe(moves),
                    _score(score, line),
                    _unsafe(question),
                    _unsafe(answer),
                    None if right == "" else right == "yes",
                )
            )
    except csv.Error as exc:
        raise ValueError(f"results: not CSV ({exc})") from None
    return found
