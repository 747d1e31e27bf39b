"""Malformed links on real lesson pages: a page with its stepped deal and its table, fed bad
names, out-of-range steps, garbage and huge values, opens cleanly: nothing raises, every part
stays where a fresh page has it (or where a valid part of the link put it), and the notice says
what was ignored.  (`tests/browser/test_share.py` does the same through Chromium.)"""

from __future__ import annotations

import html
from urllib.parse import quote, urlencode

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.apps.doudizhu.stepper import DealStepper
from cardlab.apps.doudizhu.table import DouDizhuTable
from cardlab.apps.triad.stepper import HandStepper
from cardlab.apps.triad.table import TriadTable
from cardlab.lessons.page_state import MAX_QUERY
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView

PAGES = {
    "triad": (HandStepper, lambda: TriadTable.start(opponents=2)),
    "doudizhu": (DealStepper, lambda: DouDizhuTable.start(seed=7)),
}
NAMES = ["at", "theme", "palette", "deal", "seed", "step", "eyes", "line", "moves", "ai", "class",
         "jokers", "players", "ruleset", "five_of_a_kind", "x", "", "at\x00"]  # fmt: skip
WORDS = ["deal", "table", "deal2", "teacher", "0", "1", "-1", "2", "99999", "9" * 400, "1e9",
         "nan", "wild", "pagat", "none", "on", "%", "~", ".", "0.1.raise", "2~0.14.raise",
         "eJwrSS0u0c3KL8rXTUksSQQAK"]  # fmt: skip
VALUES = st.one_of(st.sampled_from(WORDS), st.text(max_size=60))
QUERIES = st.lists(st.tuples(st.sampled_from(NAMES), VALUES), max_size=8)


def build(lesson: str):
    stepper_class, table = PAGES[lesson]
    page = LessonPage(lesson)
    return page, StepperView(stepper_class.start(), page), TableView(table(), page)


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
    if not position_asked and not page.class_code and not page.rules.changed:
        assert now[:3] == start[:3] and now[3] == start[3]  # good rules deal under them
    if page.class_code and not position_asked:  # a good class code: the class's first deal
        assert (table.model.recipe.class_code, table.model.recipe.deal) == (page.class_code, 1)
    assert 0 <= stepper.stepper.step <= len(stepper.replay)
    page.variant.checked(page.rules.changed)  # the rules shown are allowed together
    used = {"theme", "palette", "at", "class", "hints", *page.variant.names}
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


HOSTILE = ['"><svg onload=alert(1)>', "<script>alert(1)</script>", "'><img src=x onerror=alert(1)>"]
MARKERS = ("<svg onload", "<script>", "<img src=x")


def html_on_the_page(widget) -> list[str]:
    """Every text the browser reads as HTML under ``widget`` (HTML widgets' values)."""
    found = [widget.value] if isinstance(widget, widgets.HTML) else []
    for child in getattr(widget, "children", ()):
        found += html_on_the_page(child)
    return found


@pytest.mark.parametrize("lesson", sorted(PAGES))
@pytest.mark.parametrize("value", HOSTILE)
def test_no_link_value_reaches_the_page_unescaped(lesson, value):
    """Every name a link may carry, given markup: the notice, the status lines, the share boxes
    (pressed) and the text versions show it as text, never as markup."""
    page, stepper, table = build(lesson)
    names = [*NAMES, *page.variant.names, "lang", "hints", "ai"]
    for at in ("deal", "table", value):
        search = "?" + urlencode([(name, value) for name in names if name != "at"] + [("at", at)])
        page.follow(search[:MAX_QUERY])
        page.follow("?" + urlencode({value: value, "at": at}))
        for panel in (stepper, table):
            panel.share_box.button.click()
        texts = html_on_the_page(page) + html_on_the_page(stepper) + html_on_the_page(table)
        assert not [t for t in texts if any(m in t for m in MARKERS)], search
        assert any(html.escape(m) in t for t in texts for m in MARKERS), "shown as text"
        for panel in (stepper, table):
            panel.share_box.button.click()
