"""The page's language: the picker, the ``lang`` link parameter, and links that carry it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from test_lesson_page import Counter  # a panel with a position

from cardlab.core.i18n import LANGUAGES, language, set_language
from cardlab.widgets.a11y import page_script
from cardlab.widgets.language import LanguagePicker
from cardlab.widgets.lesson_page import LessonPage

VOILA = "http://localhost:8866/voila/render/"


@pytest.fixture
def browser() -> Iterator[object]:
    """The page script as a Voilà page of the lesson reports it; forgotten afterwards."""
    script = page_script()
    before = (script.address, script.location, script.goto, script.lang)
    script.address = f"{VOILA}ru/triad.ipynb"
    yield script
    script.address, script.location, script.goto, script.lang = before
    set_language("en")


def test_a_page_speaks_its_language_and_tells_the_browser(browser) -> None:
    page = LessonPage("triad", lang="ru")
    assert page.lang == "ru" and language() == "ru" and browser.lang == "ru"
    assert page.language.dropdown.value == "ru"
    assert [label for label, _ in page.language.dropdown.options] == list(LANGUAGES.values())


def test_picking_a_language_goes_to_the_lesson_in_it_with_the_theme(browser) -> None:
    page = LessonPage("triad", lang="ru")
    page.picker.value = "colorblind"
    page.language.dropdown.value = "zh"
    assert browser.goto == f"{VOILA}zh/triad.ipynb?palette=colorblind&lang=zh"
    page.language.dropdown.value = "en"
    assert browser.goto == f"{VOILA}triad.ipynb?palette=colorblind"


def test_outside_voila_the_picker_shows_the_lesson_served_in_that_language(browser) -> None:
    browser.address = "http://localhost:8888/lab/tree/triad.ipynb"
    picker = LanguagePicker("index", "en")
    picker.dropdown.value = "lt"
    assert browser.goto == ""
    assert "/voila/render/lt/index.ipynb" in picker.elsewhere.value
    assert 'lang="lt"' in picker.elsewhere.value


def test_a_link_in_another_language_opens_the_page_of_that_language(browser) -> None:
    page = LessonPage("triad", lang="ru")
    page.follow("?lang=zh&theme=colorblind")  # a link made before palette was its name
    assert browser.goto == f"{VOILA}zh/triad.ipynb?lang=zh&palette=colorblind"


def test_a_link_in_the_page_language_stays_and_an_unknown_one_is_a_notice(browser) -> None:
    page = LessonPage("triad", lang="ru")
    page.follow("?lang=ru")
    assert browser.goto == "" and page.notice.value == ""
    page.follow("?lang=xx")
    assert browser.goto == ""
    assert "lang=&#x27;xx&#x27;" in page.notice.value or "lang='xx'" in page.notice.value


def test_a_shared_position_says_its_language(browser) -> None:
    page = LessonPage("triad", lang="ru")
    panel = Counter(page)
    panel.at = 3
    address = page.address_of(panel.share_key)
    assert address.startswith(f"{VOILA}ru/triad.ipynb?")
    assert "lang=ru" in address and "step=3" in address


def test_the_teacher_notes_open_in_the_page_language(browser) -> None:
    page = LessonPage("doudizhu", lang="zh")
    page.notes_button.value = True
    assert "简介" in page.notes.value and "In brief" not in page.notes.value


def test_a_page_without_a_language_keeps_the_kernel_language(browser) -> None:
    set_language("lt")
    assert LessonPage("three_thirteen").lang == "lt"
