"""The page in the browser, as the kernel sees it: its address and query, its scroll position,
its language.

The link's query (``?hints=off``) is read in the browser: the page's `PageScript` reports
``window.location.search`` once a canvas is on the page, into its ``location`` trait
(only the lesson page follows it, `cardlab.widgets.lesson_page`, and
`cardlab.lessons.page_state` reads it).
That works the same whether the page got a kernel of its own or a preheated one (which ran the
lesson before the page was asked for), and in JupyterLab (no query there), and it never makes
the kernel wait.
"""

from __future__ import annotations

from cardlab.core.i18n import using_language
from cardlab.widgets.a11y import page_script, skip_words
from cardlab.widgets.connection import connection_words


def remembered_name() -> str:
    """The student's name as the browser remembers it ("" for none, or not reported yet)."""
    return page_script().remembered


def remember_name(name: str) -> None:
    """Have the browser remember ``name`` for the next pages ("" forgets it)."""
    page_script().remember = name


def page_address() -> str:
    """The page's address without its query, as the browser reported it ("" until then)."""
    return page_script().address


def scroll_to(css_class: str) -> None:
    """Scroll the page to the element of class ``css_class`` (the panel a link opened at)."""
    page_script().target = css_class


def speak(lang: str) -> None:
    """Tell the browser the page's language (the document's ``lang``, for screen readers), and
    give it the skip links' words in that language."""
    script = page_script()
    with using_language(lang):
        script.skip_words = skip_words()
        script.connection_words = connection_words()
    script.lang = lang


def go_to(address: str) -> None:
    """Send the page to ``address`` (another page of the same server)."""
    page_script().goto = address
