"""`LessonPage`: the theme, the rules and the link of a lesson page, and how panels attach."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as widgets
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.render.ops import Drawing
from cardlab.widgets.a11y import page_script
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.lesson_panel import LessonPanel


class Counter(LessonPanel):
    """A panel with a position: a number from 0 to 9, and the rules it last saw."""

    share_key: ClassVar[str] = "deal"

    def __init__(self, page: Any) -> None:
        super().__init__(page, size=(40, 20))
        self.at, self.rules = 0, None
        self.children = [self.view.widget, self.status.widget]

    def position(self) -> dict[str, str]:
        return {"step": str(self.at)}

    def open_position(self, params: Mapping[str, str]) -> list[str]:
        notices = [f"ignored {name!r}" for name in params if name != "step"]
        text = params.get("step", "0")
        if not (text.isdigit() and len(text) == 1):
            raise ValueError(f"step {text[:20]!r} is not 0-9")
        self.at = int(text)
        return notices

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        self.rules = dict(options)


class Plain(Counter):
    share_key: ClassVar[str] = ""


@pytest.fixture
def address():
    """The browser's report of the page's address; forgotten afterwards."""
    script = page_script()
    before = (script.address, script.location, script.target, script.remembered, script.remember)
    script.address = "http://localhost:8866/voila/render/triad.ipynb"
    yield script
    script.address, script.location, script.target, script.remembered, script.remember = before


def test_a_panel_attaches_once_built_and_gets_a_share_box(address):
    page = LessonPage("triad")
    panel = Counter(page)
    assert page.panels == [panel] and page.positions == {"deal": panel}
    assert panel.share_box is not None and panel.children[-1] is panel.share_box
    assert "cardlab-at-deal" in panel._dom_classes
    assert Plain(page).share_box is None  # no position, no share box


def test_the_share_box_shows_the_link_to_where_the_panel_is(address):
    page = LessonPage("triad")
    panel = Counter(page)
    panel.at = 7
    page.picker.value = "colorblind"
    page.rules.controls["jokers"].value = "wild"
    panel.share_box.button.click()
    link = panel.share_box.address
    assert link == (
        "http://localhost:8866/voila/render/triad.ipynb?palette=colorblind&jokers=wild&at=deal&step=7"
    )
    assert "cardlab-link" in panel.share_box.field.value and "<svg" in panel.share_box.qr.value
    assert 'role="img"' in panel.share_box.qr.value
    panel.at = 3
    panel.view.draw(Drawing(40, 20, ()))
    assert panel.share_box.address.endswith("step=3")  # a new picture, a new link
    box = panel.share_box
    box.button.click()
    assert box.address == "" and box.button.description == "Share this position"


def test_a_link_sets_theme_rules_and_position_and_scrolls_there(address):
    page = LessonPage("triad")
    panel = Counter(page)
    address.location = "?palette=high-contrast&players=4&at=deal&step=5"
    assert page.picker.value == "high-contrast"
    assert page.options["players"] == 4 and panel.rules["players"] == 4
    assert panel.at == 5 and address.target == "cardlab-at-deal"
    assert page.notice.value == ""


def test_a_panel_redoes_its_rules_only_when_they_change(address):
    """The page's state changes (a link's theme, the class's rules): a panel recomputes what
    depends on the rules only when they are not the ones it already follows."""
    page = LessonPage("triad")
    panel, seen = Counter(page), []
    panel.rules_changed = seen.append  # type: ignore[method-assign]
    address.location = "?players=3&palette=colorblind"  # the standard number of players
    assert seen == [] and page.picker.value == "colorblind"
    page.rules.controls["players"].value = 4
    other = next(name for name in page.rules.controls if name != "players")
    page.rules.controls[other].value = page.rules.options[other]  # no change
    assert [options["players"] for options in seen] == [4]
    page.rules.standard.click()
    assert [options["players"] for options in seen] == [4, 3]


def test_a_link_that_came_first_opens_a_panel_built_later(address):
    page = LessonPage("triad")
    page.follow("?jokers=wild&at=deal&step=4&colour=red")
    panel = Counter(page)
    assert panel.at == 4 and panel.rules["jokers"] == "wild"
    assert "ignored &#x27;colour&#x27;" in page.notice.value  # the panel's own notice


def test_a_bad_position_opens_the_panel_at_its_start_and_says_why(address):
    page = LessonPage("triad")
    panel = Counter(page)
    page.follow("?at=deal&step=900&colour=red")
    assert panel.at == 0
    assert "step '900' is not 0-9" in html.unescape(page.notice.value)
    assert "ignored the position: step" in panel.status.message
    page.follow("?at=table")
    assert "this lesson's positions are deal" in html.unescape(page.notice.value)


def test_a_refused_rules_combination_springs_back(address):
    page = LessonPage("pyramid")
    panel = Counter(page)
    page.rules.controls["players"].value = 4
    page.rules.controls["exchange_rounds"].value = 2  # two rounds need 2 or 3 players
    assert page.options["exchange_rounds"] == 1
    assert page.rules.controls["exchange_rounds"].value == 1
    assert page.status.level == "error" and "exchange" in page.status.message
    assert panel.rules["players"] == 4
    page.rules.standard.click()
    assert page.options == page.variant.defaults and panel.rules == page.variant.defaults


def test_a_panel_failing_the_rules_says_so_and_the_others_follow(address):
    class Broken(Plain):
        def rules_changed(self, options: Mapping[str, Any]) -> None:
            raise ValueError("this panel cannot play those rules")

    page = LessonPage("triad")
    broken, fine = Broken(page), Plain(page)
    page.rules.controls["jokers"].value = "wild"
    assert "cannot play those rules" in broken.status.message
    assert fine.rules["jokers"] == "wild"


def test_a_lesson_without_a_game_has_no_rules():
    page = LessonPage("00_decks")
    assert page.rules is None and page.options == {}
    assert all(not isinstance(c, widgets.Dropdown) for c in page.children)


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=400))
def test_any_link_leaves_the_page_whole(search):
    page = LessonPage("triad")
    panel = Counter(page)
    page.follow("?at=deal&" + search)
    assert 0 <= panel.at <= 9
    assert page.picker.value in ("default", "colorblind", "high-contrast")
    page.variant.checked(page.rules.changed)
    assert "Traceback" not in page.notice.value


def test_the_teacher_notes_open_from_the_page_and_hide_in_an_exam(address, monkeypatch):
    monkeypatch.delenv("CARDLAB_HINTS", raising=False)
    page = LessonPage("triad")
    assert page.notes is None  # a student's page never loads them
    page.notes_button.value = True
    assert page.notes.layout.display is None and "Answers" in page.notes.value
    assert page.children.index(page.notes) == page.children.index(page.notes_button) + 1
    page.follow("?hints=off")
    assert page.notes_button.layout.display == "none" and page.notes.layout.display == "none"
    monkeypatch.setenv("CARDLAB_HINTS", "off")
    assert LessonPage("triad").notes_button.layout.display == "none"


def test_a_links_language_outside_voila_is_a_notice_and_a_link(address):
    """JupyterLab cannot send the page to the lesson in another language: the notice says so,
    and the language row shows the link that opens it (nothing is dropped silently)."""
    address.address = "http://localhost:8888/lab/tree/triad.ipynb"
    page = LessonPage("triad", lang="en")
    address.location = "?lang=ru&palette=colorblind"
    assert page.lang == "en" and page.picker.value == "colorblind"
    assert "ignored lang=ru: outside Voilà a page keeps its language" in page.notice.value
    assert 'lang="ru"' in page.language.elsewhere.value


def test_a_class_page_asks_the_name_once_and_the_browser_keeps_it(address):
    page = LessonPage("triad")
    panel = Counter(page)
    assert page.name.layout.display == "none"  # outside a class nobody is asked
    address.location = "?class=ABC"
    assert page.name.layout.display is None and page.name.form.layout.display is None
    assert "type your name" in page.name.said.value and panel.page_state.student == ""
    page.name.field.value = "Ann   <b>Lee"  # Enter (or leaving the field) gives it
    assert panel.page_state.student == "Ann <b>Lee" and address.remember == "Ann <b>Lee"
    assert page.name.form.layout.display == "none" and page.name.change.layout.display is None
    assert "as Ann &lt;b&gt;Lee." in page.name.said.value  # the name is text, never markup
    page.name.change.click()
    page.name.field.value = "x" * 65
    assert "a name is 1-64 characters" in page.name.problem.value
    assert panel.page_state.student == "Ann <b>Lee"  # a bad name changes nothing
    page.name.field.value = "Bo"
    page.name.save.click()
    assert panel.page_state.student == "Bo" and address.remember == "Bo"

    later = LessonPage("triad")  # the next page: the browser reports the name it keeps
    address.remembered = "Bo"
    assert later.state.student == "Bo" and later.name.form.layout.display == "none"
    address.location = "?class=ABC&name=Cy"  # a teacher's link names the student
    assert later.state.student == "Cy" and later.name.change.layout.display == "none"
    address.remembered = "Dee"
    assert later.state.student == "Cy"
