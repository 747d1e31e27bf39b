"""The class record end to end, in real browsers and kernels: two students open Triad's lesson
with ``?class=REC&name=...``, each plays the class deal's hand to its end and answers the quiz's
first question; the teacher's class view shows both, ranked, and ``cardlab class REC --csv``
prints both students' rows; on the default SQLite file and on PostgreSQL (``--results``).  A
student with no name in the link is asked once.  (Only the teacher opens the view past
loopback: `test_classroom.py`; the store alone: `tests/record/`.)"""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from collections.abc import Iterator

import pytest
from browsing import serving
from databases import kinds, results_database
from test_accessibility import assert_axe_finds_nothing_serious
from test_class_deals import SHOWS, open_class, play_the_hand

from cardlab.core.results import BOM
from cardlab.record.store import default_url
from cardlab.serve.cli import free_port

CODE = "REC"
CHOICE = ".cardlab-quiz-choice input[type=radio]"


@pytest.fixture(params=kinds())
def recording_server(request, voila_server, notebooks_dir, tmp_path) -> Iterator[tuple[str, str]]:
    """A ``cardlab serve`` and its class record's URL: the session's server on its SQLite file,
    or one of the test's own with ``--results`` on a PostgreSQL database."""
    if request.param == "sqlite":
        yield voila_server, default_url()
        return
    with results_database(request.param, tmp_path) as url:
        port = free_port()
        cmd = [sys.executable, "-m", "cardlab.serve.cli", "serve", "--no-browser",
               "--pool", "2", "--port", str(port), "--notebooks", str(notebooks_dir),
               "--results", url]  # fmt: skip
        with serving(cmd, port, tmp_path / "serve.log"):
            yield f"http://127.0.0.1:{port}", url


def test_two_students_play_and_answer_and_the_teacher_sees_both(
    recording_server, page_at, screenshot_dir
):
    server, url = recording_server
    students = {name: open_class(page_at, server, CODE, name.lower(), screenshot_dir, name)
                for name in ("Ann", "Bo")}  # fmt: skip
    for page in students.values():
        play_the_hand(page)
        page.wait_for_function(SHOWS, arg=[".cardlab-results", "1 finished hand"],
                               timeout=30_000)  # fmt: skip
        choice = page.locator(CHOICE).first
        choice.scroll_into_view_if_needed()
        choice.check()
        page.wait_for_function(SHOWS, arg=[".cardlab-results", "1 answer"], timeout=30_000)
    view = page_at(1200, 900)
    view.goto(f"{server}/cardlab/class?code={CODE}")
    # the rows reach the store from each kernel's writer within seconds; the page refetches
    view.wait_for_function(
        "() => document.querySelectorAll('table.cardlab-ranking tbody tr').length === 2",
        timeout=20_000,
    )
    ranked = view.locator("table.cardlab-ranking tbody th").all_inner_texts()
    assert sorted(ranked) == ["Ann", "Bo"]
    assert "triad: Class deal 1" in view.locator("h3").all_inner_texts()
    assert "Questions" in view.locator("h2").all_inner_texts()  # the question both answered
    kind = "postgresql" if url.startswith("postgresql") else "sqlite"
    view.screenshot(path=str(screenshot_dir / f"class-record-{kind}.png"), full_page=True)
    out = subprocess.run(
        [sys.executable, "-m", "cardlab.serve.cli", "class", CODE, "--csv", "--results", url],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out.removeprefix(BOM))))
    assert sorted((r["student"], r["kind"]) for r in rows) == [
        ("Ann", "quiz"), ("Ann", "table"), ("Bo", "quiz"), ("Bo", "table")
    ]  # fmt: skip
    assert {r["class code"] for r in rows} == {CODE} and {r["deal"] for r in rows} == {"1"}


def test_a_student_without_a_name_is_asked_once_and_the_browser_remembers(
    voila_server, page_at, screenshot_dir, axe_script
):
    page = open_class(page_at, voila_server, "ASK", "ask", screenshot_dir)
    box = page.locator(".cardlab-name")
    assert "type your name" in box.inner_text()
    box.screenshot(path=str(screenshot_dir / "class-name-asked.png"))
    assert_axe_finds_nothing_serious(page, axe_script)  # the field is named, the line is read
    field = page.locator(".cardlab-name-field input")
    field.fill("Cy Lee")
    field.press("Enter")  # Enter gives the name; the field goes
    page.wait_for_function(SHOWS, arg=[".cardlab-name", "as Cy Lee."], timeout=30_000)
    assert page.locator(".cardlab-name-field").is_hidden()
    box.screenshot(path=str(screenshot_dir / "class-name-given.png"))
    choice = page.locator(CHOICE).first
    choice.scroll_into_view_if_needed()
    choice.check()
    page.wait_for_function(SHOWS, arg=[".cardlab-results", "1 answer"], timeout=30_000)
    # the next page of the same browser (a reload here) is not asked again
    page.reload()
    page.wait_for_function(SHOWS, arg=[".cardlab-name", "as Cy Lee."], timeout=120_000)
    assert page.locator(".cardlab-name-field").is_hidden()
    out = subprocess.run(
        [sys.executable, "-m", "cardlab.serve.cli", "class", "ASK", "--csv"],
        capture_output=True, text=True, timeout=120, check=True,
    ).stdout  # fmt: skip
    rows = list(csv.DictReader(io.StringIO(out.removeprefix(BOM))))
    assert [(r["student"], r["kind"]) for r in rows] == [("Cy Lee", "quiz")]
