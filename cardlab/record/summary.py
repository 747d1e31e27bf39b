"""What a teacher reads of a class's record: who is on which lesson, each class deal's scores
side by side with a duplicate-style ranking, each quiz question's answers, and the rows as CSV.

Pure functions of the rows (`cardlab.record.store.Record`), so the class view page, its live
updates and `cardlab class` in a terminal say the same.  The ranking is duplicate bridge's
matchpoints: on each class deal a student scores 1 for every classmate who scored less on it
and ½ for every tie, and the class is ranked by the share of the points each could have won,
so a student who played fewer deals is neither helped nor hurt by it.
"""

from __future__ import annotations

import csv
import io
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from cardlab.core.results import BOM, COLUMNS, fields, safe_text
from cardlab.record.rows import Record


@dataclass(frozen=True)
class Student:
    """One student of the class: the lesson of their latest row, when it came, and how many
    hands (or deals, rounds, games) and answers they have."""

    name: str
    lesson: str
    last: str
    played: int
    answered: int
    right: int


@dataclass(frozen=True)
class DealScores:
    """One class deal of one game: each student's score on it, best first."""

    game: str
    deal: int
    scores: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class Standing:
    """A student's place in the class ranking: matchpoints won of those there were to win."""

    place: int
    name: str
    points: float
    possible: int
    deals: int

    @property
    def share(self) -> float:
        return self.points / self.possible if self.possible else 0.0

    @property
    def percent(self) -> str:
        """The share as shown: "-" while nobody else played the student's deals (nothing to
        win is not 0% won)."""
        return f"{self.share:.0%}" if self.possible else "-"


@dataclass(frozen=True)
class Question:
    """One quiz question (a class question's number in its game): how it was answered."""

    game: str
    number: int
    question: str
    answers: int
    right: int
    common_wrong: str
    common_wrong_count: int


@dataclass(frozen=True)
class ClassSummary:
    code: str
    students: tuple[Student, ...]
    deals: tuple[DealScores, ...]
    ranking: tuple[Standing, ...]
    questions: tuple[Question, ...]


def summary(code: str, records: Sequence[Record]) -> ClassSummary:
    """The class ``code`` as its ``records`` (oldest first) show it."""
    return ClassSummary(
        code, _students(records), _deals(records), ranking(_deals(records)), _questions(records)
    )


def _students(records: Sequence[Record]) -> tuple[Student, ...]:
    latest: dict[str, Record] = {}
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    for r in records:
        latest[r.student] = r
        tally = counts[r.student]
        if r.result.kind == "table":
            tally["played"] += 1
        else:
            tally["answered"] += 1
            tally["right"] += bool(r.result.right)
    return tuple(
        Student(name, last.lesson, last.at.strftime("%H:%M:%S UTC"), counts[name]["played"],
                counts[name]["answered"], counts[name]["right"])
        for name, last in sorted(latest.items(), key=lambda item: item[0].casefold())
    )  # fmt: skip


def _deals(records: Sequence[Record]) -> tuple[DealScores, ...]:
    """Each class deal's score per student: the sum of their rows on it (a Triad game's
    hands are rows of one deal), best first."""
    totals: dict[tuple[str, int], dict[str, float]] = defaultdict(dict)
    for r in records:
        result = r.result
        if result.kind == "table" and result.deal and result.score is not None:
            scores = totals[(result.game, result.deal)]
            scores[r.student] = scores.get(r.student, 0.0) + float(result.score)
    return tuple(
        DealScores(game, deal, tuple(sorted(scores.items(), key=lambda s: (-s[1], s[0]))))
        for (game, deal), scores in sorted(totals.items())
    )


def ranking(deals: Sequence[DealScores]) -> tuple[Standing, ...]:
    """The class by matchpoints (see the module): best share first; equal shares share a
    place."""
    points: defaultdict[str, float] = defaultdict(float)
    possible: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for deal in deals:
        for name, score in deal.scores:
            others = [s for n, s in deal.scores if n != name]
            points[name] += sum(1.0 for s in others if s < score) + 0.5 * sum(
                1 for s in others if s == score
            )
            possible[name] += len(others)
            played[name] += 1
    rows = sorted(
        ((points[n] / possible[n] if possible[n] else 0.0, n) for n in played),
        key=lambda item: (-item[0], item[1].casefold()),
    )
    standings: list[Standing] = []
    for i, (share, name) in enumerate(rows):
        place = standings[-1].place if standings and standings[-1].share == share else i + 1
        standings.append(Standing(place, name, points[name], possible[name], played[name]))
    return tuple(standings)


def _questions(records: Sequence[Record]) -> tuple[Question, ...]:
    asked: dict[tuple[str, int, str], list[Record]] = defaultdict(list)
    for r in records:
        if r.result.kind == "quiz":
            asked[(r.result.game, r.result.deal, r.result.question)].append(r)
    found = []
    for (game, number, question), rows in sorted(asked.items(), key=lambda item: item[0][:2]):
        wrong = Counter(r.result.answer for r in rows if r.result.right is False)
        common, count = wrong.most_common(1)[0] if wrong else ("", 0)
        right = sum(1 for r in rows if r.result.right)
        found.append(Question(game, number, question, len(rows), right, common, count))
    return tuple(found)


EXPORT_COLUMNS = ("student", "lesson", "time (UTC)", *COLUMNS)
"""The class export's columns: who, where and when, then the student's own file's."""


def export_csv(records: Sequence[Record]) -> str:
    """Every row of the class as CSV for a spreadsheet: the student, lesson and time, then the
    student's own file's cells (formulas neutralised as there: `cardlab.core.results`)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(EXPORT_COLUMNS)
    writer.writerows(
        [safe_text(r.student), safe_text(r.lesson), r.at.strftime("%Y-%m-%d %H:%M:%S"),
         *fields(r.result)]
        for r in records
    )  # fmt: skip
    return BOM + out.getvalue()


def as_text(view: ClassSummary) -> str:
    """The summary as a terminal shows it (`cardlab class CODE`)."""
    out = [f"Class {view.code}: {len(view.students)} students"]
    if view.students:
        out.append("")
        out += _table(("student", "lesson", "last row", "played", "answered", "right"),
                      [(s.name, s.lesson, s.last, s.played, s.answered, s.right)
                       for s in view.students])  # fmt: skip
    if view.ranking:
        out += ["", "Ranking (matchpoints over the class deals)"]
        out += _table(("place", "student", "points", "of", "share", "deals"),
                      [(s.place, s.name, f"{s.points:g}", s.possible, s.percent, s.deals)
                       for s in view.ranking])  # fmt: skip
    for deal in view.deals:
        out += ["", f"{deal.game}, class deal {deal.deal}"]
        out += _table(("student", "score"), [(n, f"{s:g}") for n, s in deal.scores])
    if view.questions:
        out += ["", "Questions"]
        out += _table(("game", "number", "answers", "right", "most common wrong answer"),
                      [(q.game, q.number, q.answers, q.right,
                        f"{q.common_wrong} ({q.common_wrong_count})" if q.common_wrong else "")
                       for q in view.questions])  # fmt: skip
    return "\n".join(out) + "\n"


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> list[str]:
    cells = [[str(c) for c in head], *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(head))]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            for row in cells]  # fmt: skip
