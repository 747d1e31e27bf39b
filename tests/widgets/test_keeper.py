"""A lesson page kept in the browser and brought back (`cardlab.widgets.keeper`), without a
browser: the page script's traits are set as the browser sets them.  A table left mid-hand
comes back with the same picture, log and rows, and goes on to the same end as one played
through; a kept page changed in the browser is refused with a notice; nothing is written before
the browser has said what it kept; "Start again" forgets it."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.apps.triad.quiz import WhichHandWins
from cardlab.apps.triad.table import TriadTable
from cardlab.lessons.saved_page import decode, page_key
from cardlab.record.writer import class_record
from cardlab.widgets import a11y
from cardlab.widgets.a11y import page_script
from cardlab.widgets.autoplay import step
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.table import TableView

ADDRESS = "http://localhost:8866/voila/render/triad.ipynb"
TABLES = {"triad": TriadTable, "doudizhu": DouDizhuTable, "three_thirteen": ThreeThirteenTable}


PAGES: list[LessonPage] = []
"""The pages a test opened: closed after it (a kernel holds one page; a test's kernel, many)."""


@pytest.fixture
def browser() -> Iterator[dict[str, str]]:
    """The browser's storage for kept pages, and its reports, set as a11y.js sets them."""
    script = page_script()
    others = {name: dict(followers) for name, followers in a11y._FOLLOWERS.items()}
    for followers in a11y._FOLLOWERS.values():  # the pages of other tests: not this browser's
        followers.clear()
    names = ("address", "location", "remembered", "keep_key", "kept", "keep", "goto")
    before = {name: getattr(script, name) for name in names}
    script.address = ADDRESS
    storage: dict[str, str] = {}

    def write(change: dict) -> None:
        storage[script.keep_key] = change["new"]

    script.observe(write, names="keep")
    yield storage
    script.unobserve(write, names="keep")
    while PAGES:
        PAGES.pop().close()
    for name, value in before.items():
        setattr(script, name, value)
    for name, followers in others.items():
        a11y._FOLLOWERS[name].update(followers)


def opened(
    lesson: str, storage: dict[str, str], query: str, cell_by_cell: bool = False
) -> tuple[LessonPage, TableView]:
    """A fresh page of ``lesson`` with its table, as a new kernel opens it: the earlier page is
    gone with its kernel, the link arrives, then the browser answers with what it kept.  A page
    served ``cell_by_cell`` (no preheated kernel, JupyterLab) gets the answer before its table
    is built."""
    script = page_script()
    while PAGES:
        PAGES.pop().close()
    page = LessonPage(lesson)
    PAGES.append(page)
    if not cell_by_cell:
        table = TableView(TABLES[lesson].start(), page)
    script.location = ""
    script.location = query
    key = page.keeper.key
    assert key == f"{ADDRESS}|{page.state.class_code}|{page.state.student}"
    script.kept = {}  # a new kernel's page script has heard nothing yet
    script.kept = {"key": key, "text": storage.get(key, "")}
    if cell_by_cell:
        page.keeper.keep()  # a write before the table is built keeps the table's part along
        table = TableView(TABLES[lesson].start(), page)
    return page, table


def seen(page: LessonPage, table: TableView) -> tuple:
    """What the learner sees of the table, and the rows of their file."""
    model = table.model
    return (model.drawn("default", model.selected, False), model.log, table.results.records)


@pytest.mark.parametrize("lesson", sorted(TABLES))
def test_a_table_left_mid_hand_comes_back_and_goes_on_to_the_same_end(browser, lesson):
    page, table = opened(lesson, browser, "?class=KEEP1&name=Ann")
    while not table.results.records:  # a hand finished: a row
        step(table)
    step(table)  # and the next one begun
    before = seen(page, table)
    assert table.results.records and browser  # the page was kept as it went
    again, back = opened(lesson, browser, "?class=KEEP1&name=Ann")  # reload, kill, restart
    assert seen(again, back) == before
    assert "back as you left it" in back_status(again)
    for _ in range(500):  # on to the end of the next row, beside the table never left
        if len(back.results.records) > 1 and len(table.results.records) > 1:
            break
        step(table)
        step(back)
    assert back.model.presses == table.model.presses
    assert [r.result for r in back.results.records] == [r.result for r in table.results.records]
    assert len(back.results.records) == 2


@pytest.mark.parametrize("lesson", sorted(TABLES))
def test_a_page_served_cell_by_cell_brings_back_each_panel_as_it_comes(browser, lesson):
    page, table = opened(lesson, browser, "?class=KEEP3&name=Ann")
    for _ in range(3):
        step(table)
    page.keeper.keep()
    before = seen(page, table)
    again, back = opened(lesson, browser, "?class=KEEP3&name=Ann", cell_by_cell=True)
    assert seen(again, back) == before
    assert "back as you left it" in back_status(again)
    again.keeper.keep()
    twice, back2 = opened(lesson, browser, "?class=KEEP3&name=Ann", cell_by_cell=True)
    assert seen(twice, back2) == before


def quiz_seen(quiz: QuizView) -> tuple:
    model = quiz.model
    question = re.sub(r'id="[^"]*"', "", quiz.question.value)  # a fresh element's id
    shown = (question, quiz.feedback.value, quiz.tally.value, quiz.results.records)
    return (model.seed, model.number, model.chosen, model.right, model.asked, model.counted,
            *shown)  # fmt: skip


@pytest.mark.parametrize("cell_by_cell", [False, True])
def test_a_quiz_comes_back_with_its_question_answer_and_tally(browser, cell_by_cell):
    query = f"?class=QUIZ{int(cell_by_cell)}&name=Ann"  # the class record keeps each apart
    page, _table = opened("triad", browser, query)
    quiz = page.show(WhichHandWins(seed=1))
    assert isinstance(quiz, QuizView)
    for _ in range(2):
        quiz.answer(quiz.model.choices()[0][1])
        quiz.next_question()
    quiz.answer(quiz.model.choices()[-1][1])
    page.keeper.keep()
    before = quiz_seen(quiz)
    assert before[4] == 3 and len(before[-1]) == 3
    again, _back = opened("triad", browser, query, cell_by_cell=cell_by_cell)
    back = again.show(WhichHandWins(seed=1))
    assert quiz_seen(back) == before
    back.next_question()  # and on to the class's next question, as the quiz never left
    quiz.next_question()
    assert quiz_seen(back)[:7] == quiz_seen(quiz)[:7]


def back_status(page: LessonPage) -> str:
    return page.status.widget.value


def test_nothing_is_kept_before_the_browser_has_answered(browser):
    script = page_script()
    page = LessonPage("triad")
    PAGES.append(page)
    TableView(TriadTable.start(), page)
    script.location = "?class=KEEP2&name=Bo"
    assert page.keeper.key and not browser  # asked, not answered: nothing written
    script.kept = {"key": page.keeper.key, "text": ""}
    assert decode(browser[page.keeper.key], page_key(), "triad").positions["table"]


def test_a_kept_page_changed_in_the_browser_is_refused_and_the_lesson_starts_fresh(browser):
    page, table = opened("triad", browser, "?class=KEEP3&name=Cy")
    step(table)
    key = page.keeper.key
    browser[key] = browser[key].replace('"seed":"', '"seed":"1')
    again, back = opened("triad", browser, "?name=Cy&class=KEEP3")
    assert "it could not be" in again.notice.value
    assert "changed outside the lesson" in again.notice.value
    assert back.model.presses == ()  # fresh


def test_start_again_forgets_the_kept_page(browser):
    page, table = opened("triad", browser, "?class=KEEP4&name=Di")
    step(table)
    assert browser[page.keeper.key]
    page.start_again()
    assert browser[page.keeper.key] == ""
    assert page_script().goto.startswith(ADDRESS)


@pytest.mark.parametrize("lesson", sorted(TABLES))
def test_a_class_page_comes_back_on_a_browser_that_has_nothing_from_the_class_record(
    browser, lesson
):
    page, table = opened(lesson, browser, "?class=KEEP5&name=Eve")
    for _ in range(3):
        step(table)
    page.keeper.keep()
    before = seen(page, table)
    assert class_record().flush(30)
    again, back = opened(lesson, {}, "?class=KEEP5&name=Eve")  # another device: nothing kept
    assert seen(again, back) == before
    assert "back as you left it" in back_status(again)
    again.start_again()  # forgets it in the class record too
    assert class_record().flush(30)
    fresh, table3 = opened(lesson, {}, "?class=KEEP5&name=Eve")
    assert table3.model.presses == () and "back as you left it" not in back_status(fresh)
    other, table4 = opened(lesson, {}, "?name=Eve")  # no class: nothing asked of the record
    assert other.keeper.record is None and table4.model.presses == ()
