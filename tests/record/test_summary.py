"""What the teacher reads of a class's record: students, each class deal's scores side by side,
the matchpoint ranking worked out by hand, each question's most common wrong answer, and an
export whose cells a spreadsheet never runs."""

from __future__ import annotations

import csv
import io

from hypothesis import given
from hypothesis import strategies as st

from cardlab.core.results import BOM, Result
from cardlab.record.rows import Record
from cardlab.record.summary import EXPORT_COLUMNS, as_text, export_csv, ranking, summary


def table(student: str, deal: int, score: float, game: str = "triad") -> Record:
    return Record.now(Result("table", game, "C1", deal, "Hand 1: call", score), student, game)


def quiz(student: str, answer: str, right: bool, number: int = 1) -> Record:
    return Record.now(
        Result("quiz", "triad", "C1", number, question="Which wins?", answer=answer, right=right),
        student,
        "triad",
    )


ROWS = [
    table("Ann", 1, 5), table("Ann", 1, 2),  # two hands of deal 1: Ann 7
    table("Bo", 1, 7), table("Cy", 1, -1),
    table("Ann", 2, 0), table("Bo", 2, 4),  # Cy has not played deal 2
    quiz("Ann", "A", True), quiz("Bo", "B", False), quiz("Cy", "B", False),
    quiz("Cy", "C", False, number=2),
]  # fmt: skip


def test_each_deal_side_by_side_and_the_matchpoint_ranking():
    view = summary("C1", ROWS)
    assert [(d.deal, d.scores) for d in view.deals] == [
        (1, (("Ann", 7.0), ("Bo", 7.0), ("Cy", -1.0))),
        (2, (("Bo", 4.0), ("Ann", 0.0))),
    ]
    # deal 1: Ann and Bo tie (1/2 each) and beat Cy (1 each): 1.5, 1.5, 0 of 2
    # deal 2: Bo beats Ann: 1 and 0 of 1.  Bo 2.5/3, Ann 1.5/3, Cy 0/2.
    assert [(s.place, s.name, s.points, s.possible, s.deals) for s in view.ranking] == [
        (1, "Bo", 2.5, 3, 2),
        (2, "Ann", 1.5, 3, 2),
        (3, "Cy", 0.0, 2, 1),
    ]
    ann = next(s for s in view.students if s.name == "Ann")
    assert (ann.played, ann.answered, ann.right) == (3, 1, 1)


def test_equal_shares_share_a_place():
    view = summary("C1", [table("Ann", 1, 3), table("Bo", 1, 3), table("Cy", 1, 1)])
    assert [(s.place, s.name) for s in view.ranking] == [(1, "Ann"), (1, "Bo"), (3, "Cy")]


def test_each_question_with_its_most_common_wrong_answer():
    first, second = summary("C1", ROWS).questions
    assert (first.number, first.answers, first.right) == (1, 3, 1)
    assert (first.common_wrong, first.common_wrong_count) == ("B", 2)
    assert (second.answers, second.right, second.common_wrong) == (1, 0, "C")


@given(st.lists(st.tuples(st.sampled_from("ABCDE"), st.integers(1, 4), st.integers(-9, 9)),
                max_size=30))  # fmt: skip
def test_matchpoints_add_up(plays):
    """On every deal the points given out are the pairs of players on it; no share exceeds 1."""
    deals = summary("C1", [table(who, deal, score) for who, deal, score in plays]).deals
    standings = ranking(deals)
    pairs = sum(len(d.scores) * (len(d.scores) - 1) / 2 for d in deals)
    assert sum(s.points for s in standings) == pairs
    assert all(0 <= s.share <= 1 for s in standings)
    assert [s.place for s in standings] == sorted(s.place for s in standings)


def test_the_export_has_every_row_and_runs_no_formula():
    rows = [*ROWS, Record.now(Result("table", "triad", "C1", 3, "=HYPERLINK(x)", 1), "+Eve", "x")]
    text = export_csv(rows)
    assert text.startswith(BOM)
    read = list(csv.reader(io.StringIO(text.removeprefix(BOM), newline="")))
    assert tuple(read[0]) == EXPORT_COLUMNS and len(read) == len(rows) + 1
    assert read[-1][0] == "'+Eve" and "'=HYPERLINK(x)" in read[-1]
    assert all(not cell.startswith(("=", "+", "-", "@")) for row in read[1:] for cell in row
               if not cell.lstrip("-").replace(".", "").isdigit())  # fmt: skip


def test_the_terminal_shows_the_same():
    text = as_text(summary("C1", ROWS))
    assert "Class C1: 3 students" in text
    lines = text.splitlines()
    ranking_at = lines.index("Ranking (matchpoints over the class deals)")
    assert lines[ranking_at + 2].split()[:2] == ["1", "Bo"]
    assert "B (2)" in text


def test_a_student_alone_on_their_deals_has_no_share_yet():
    alone = [table("Ann", 1, 4)]
    (standing,) = summary("C1", alone).ranking
    assert (standing.possible, standing.percent) == (0, "-")
    (first, _) = summary("C1", [*alone, table("Bo", 1, 2)]).ranking
    assert (first.name, first.percent) == ("Ann", "100%")
