"""``cardlab class CODE [--results URL] [--csv]``: the class's summary or its rows, read from the
results database; a bad code, a bad URL or a database out of reach is one line and an exit
status, never a traceback, and never shows a password."""

from __future__ import annotations

import csv
import io

from cardlab.core.results import BOM, Result
from cardlab.record.rows import Record
from cardlab.record.store import Store
from cardlab.serve.cli import main


def rows() -> list[Record]:
    return [
        Record.now(Result("table", "triad", "MATH7B", 1, "Hand 1: call", 5), "Ann", "triad"),
        Record.now(Result("table", "triad", "MATH7B", 1, "Hand 1: fold", -1), "Bo", "triad"),
        Record.now(Result("table", "triad", "OTHER", 1, "Hand 1: bet", 9), "Cy", "triad"),
    ]


def test_the_class_summary_and_its_rows(url, capsys):
    with Store(url) as store:
        store.add(rows())
    assert main(["class", "math7b", "--results", url]) == 0  # codes are upper-cased
    out = capsys.readouterr().out
    assert out.startswith("Class MATH7B: 2 students") and "Cy" not in out
    assert main(["class", "MATH7B", "--results", url, "--csv"]) == 0
    read = list(csv.reader(io.StringIO(capsys.readouterr().out.removeprefix(BOM))))
    assert [(r[0], r[3 + 5]) for r in read[1:]] == [("Ann", "5"), ("Bo", "-1")]


def test_what_is_wrong_is_one_line_and_an_exit_status(capsys, tmp_path):
    assert main(["class", "no spaces", "--results", f"sqlite:///{tmp_path / 'r.sqlite'}"]) == 2
    assert "a class code is" in capsys.readouterr().err
    assert main(["class", "X", "--results", "nonsense"]) == 2
    assert "not a database URL" in capsys.readouterr().err
    assert main(["class", "X", "--results", "postgresql+psycopg://u:secret@127.0.0.1:1/x"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("cardlab class: cannot read postgresql+psycopg://u:***@127.0.0.1:1/x")
    assert "secret" not in err and "Traceback" not in err and err.count("\n") == 1
    assert main(["class", "X", "--results", "off"]) == 2
    assert "the class record is off" in capsys.readouterr().err


def test_serve_takes_a_results_url_and_refuses_one_it_cannot_read(capsys):
    from cardlab.serve.cli import main_args

    url = "postgresql+psycopg://teacher:pw@db.school/results"
    assert main_args(["serve", "--results", url]).results == url
    assert main_args(["serve", "--results", "off"]).results == "off"
    try:
        main_args(["serve", "--results", "not a url"])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("a bad --results was taken")
    assert "not a database URL: 'not a url'" in capsys.readouterr().err
