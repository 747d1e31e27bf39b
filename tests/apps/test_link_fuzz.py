"""Malformed links on real lesson pages: a page with its stepped deal and its table, fed bad
names, out-of-range steps, garbage and huge values, opens cleanly: nothing raises, every part
stays where a fresh page has it (or where a valid part of the link put it), and the notice says
what was ignored.  (`tests/browser/test_share.py` does the same through Chromium.)"""

from __future__ import annotations

import html
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.apps.doudizhu.stepper import DealStepper
from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.apps.triad.stepper import HandStepper
from cardlab.apps.triad.table import TriadTable
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.table import TableView

PAGES = {
    "triad": (HandStepper, lambda: TriadTable.start(opponents=2)),
    "doudizhu": (DealStepper, lambda: DouDizhuTable.start(seed=7)),
}
NAMES = ["at", "theme", "deal", "seed", "step", "eyes", "line", "moves", "ai", "class",
         "jokers", "players", "ruleset", "five_of_a_kind", "x", "", "at\x00"]  # fmt: skip
WORDS = ["deal", "table", "deal2", "teacher", "0", "1", "-1", "2", "99999", "9" * 400, "1e9",
         "nan", "wild", "pagat", "none", "on", "%", "~", ".", "0.1.raise", "2~0.14.raise",
         "eJwrSS0u0c3KL8rXTUksSQQAK"]  # fmt: skip
VALUES = st.one_of(st.sampled_from(WORDS), st.text(max_size=60))
QUERIES = st.lists(st.tuples(st.sampled_from(NAMES), VALUES), max_size=8)


def build(lesson: str):
    stepper_class, table = PAGES[lesson]
    page = LessonPage(lesson)
    return page, stepper_class(page), TableView(table(), page)


def snapshot(stepper, table) -> tuple:
    return (
        stepper.stepper.step,
        stepper.stepper.caption_text,
        stepper.viewer,
        table.model.replay.actions,
        table.mirror.widget.value,
    )


@pytest.fixture(scope="module", params=sorted(PAGES))
def fresh(request):
    """A page of the lesson as a fresh browser would see it, and what its parts show."""
    _page, stepper, table = build(request.param)
    return request.param, snapshot(stepper, table)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pairs=QUERIES)
def test_a_malformed_link_opens_the_lesson_cleanly_with_a_notice(fresh, pairs):
    lesson, start = fresh
    page, stepper, table = build(lesson)
    search = "?" + "&".join(f"{quote(name)}={quote(value)}" for name, value in pairs)
    page.follow(search)
    notice = html.unescape(page.notice.value)
    assert "Traceback" not in notice and "Error" not in notice
    position_asked = any(name == "at" for name, _ in pairs)
    now = snapshot(stepper, table)
    if not position_asked:
        assert now[:3] == start[:3] and now[3] == start[3]
    assert 0 <= stepper.stepper.step <= len(stepper.replay)
    page.variant.checked(page.rules.changed)  # the rules shown are allowed together
    used = {"theme", "at", "class", "hints", *page.variant.names}
    if any(name not in used for name, _ in pairs) and not position_asked:
        assert "ignored" in notice


@pytest.mark.parametrize(
    "search",
    [
        "?at=deal&step=99999",
        "?at=deal&step=" + "9" * 5000,
        "?at=deal&eyes=7&step=3",
        "?at=deal&deal=../../etc/passwd",
        "?at=deal&line=" + "0.1.x~" * 300,
        "?at=table&moves=" + "A" * 1500,
        "?at=table&seed=-4&ai=12",
        "?at=deal2&step=1",
        "?players=" + "7" * 30 + "&jokers=sometimes",
    ],
)
def test_each_kind_of_bad_link_leaves_the_page_at_its_start(search):
    page, stepper, table = build("triad")
    start = snapshot(stepper, table)
    page.follow(search)
    assert snapshot(stepper, table)[:4] == start[:4], search
    assert "ignored" in html.unescape(page.notice.value), search
