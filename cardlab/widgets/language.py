"""`LanguagePicker`: the languages a lesson is in, each named in itself; picking one opens the
same lesson in that language.

A lesson in another language is another notebook (``ru/triad.ipynb``: its own text around the
same code, `tools/build_notebooks.py`), and a kernel speaks one language (`set_language`), so a
picked language is a page to go to, taking the page's theme and rules along
(`cardlab.links.language_url`).  Outside Voilà (JupyterLab) there is no such page to go to, so the
picker shows a link to the lesson served by ``cardlab serve`` instead.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from cardlab.core.i18n import LANGUAGES, language, msg, set_language
from cardlab.links import language_url
from cardlab.widgets.page import go_to, page_address, speak

VOILA = "/voila/render/"


class LanguagePicker(widgets.HBox):
    """The page's language (``lang``, made the kernel's; None: the kernel's language as it is,
    English in a fresh kernel), and the way to the lesson in another."""

    def __init__(
        self,
        lesson: str,
        lang: str | None = None,
        query: Callable[[str], str] = lambda lang: "",
    ) -> None:
        self.lesson = lesson.removesuffix(".ipynb")
        self.lang = set_language(language() if lang is None else lang, self.lesson)
        self.query = query
        """The query a page in another language opens with (the page's theme and rules)."""
        speak(self.lang)
        self.dropdown = widgets.Dropdown(
            options=[(name, code) for code, name in LANGUAGES.items()],
            value=self.lang,
            description=str(msg("Language")),
            tooltip=str(msg("Open this lesson in another language")),
        )
        self.dropdown.observe(self._picked, names="value")
        self.elsewhere = widgets.HTML()
        super().__init__([self.dropdown, self.elsewhere])
        self.add_class("cardlab-language")

    def address(self, lang: str) -> str:
        """Where this lesson in ``lang`` opens, with the page's query."""
        return language_url(page_address(), self.lesson, lang, self.query(lang))

    def _picked(self, change: dict[str, Any]) -> None:
        lang = change["new"]
        if lang == self.lang:
            self.elsewhere.value = ""
            return
        self.go(lang)

    def go(self, lang: str) -> None:
        """Go to this lesson in ``lang`` (outside Voilà: show the link to it)."""
        address = self.address(lang)
        if VOILA in page_address():
            go_to(address)
            return
        words = msg("Open this lesson in {language}", language=LANGUAGES[lang])
        self.elsewhere.value = (
            f'<a href="{html.escape(address)}" target="_blank" rel="noopener" '
            f'lang="{lang}">{html.escape(str(words))}</a>'
        )
