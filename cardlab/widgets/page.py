"""What the page's link and the server's options ask of a lesson.

The link's query (``?hints=off``) is read in the browser: the page's `PageScript` reports
``window.location.search`` once a canvas is on the page, into its ``location`` trait
(`watch_query`).  That works the same whether the page got a kernel of its own or a preheated
one (which ran the lesson before the page was asked for), and in JupyterLab (no query there),
and it never makes the kernel wait.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from cardlab.core.classdeals import check_class_code
from cardlab.core.i18n import msg
from cardlab.lessons.page_link import split_query
from cardlab.widgets.a11y import page_script

HINTS = "CARDLAB_HINTS"
"""Set to ``off`` by ``cardlab serve --no-hints``: no table of the server offers a hint."""
HINTS_OFF = {"off", "no", "0", "false"}
CLASS_DEALS = "CARDLAB_CLASS_DEALS"
"""Set to a class code by ``cardlab serve --class-deals CODE``: every table and quiz of the
server deals the class's sequence (`cardlab.core.classdeals`); a link's ``class`` wins."""


def parse_query(search: str) -> dict[str, str]:
    """``"?seed=7&hints=off"`` -> ``{"seed": "7", "hints": "off"}`` (a repeated name keeps its last
    value; an over-long query counts as none: `split_query`)."""
    return split_query(search)[0]


def hints_allowed(query: dict[str, str]) -> bool:
    """Whether the tables may offer hints: not when the teacher served the lessons with
    ``--no-hints`` or the page's link says ``hints=off``."""
    if os.environ.get(HINTS, "").lower() in HINTS_OFF:
        return False
    return query.get("hints", "").lower() not in HINTS_OFF


def class_code(query: dict[str, str]) -> tuple[str, list[str]]:
    """The class code the page plays (``""``: none) and a notice for each code ignored: the
    link's ``class`` wins over the server's ``--class-deals``; a bad one is ignored."""
    notices: list[str] = []
    for link, text in ((True, query.get("class", "")), (False, os.environ.get(CLASS_DEALS, ""))):
        if text:
            try:
                return check_class_code(text), notices
            except ValueError as exc:
                reason = exc.args[0] if exc.args else str(exc)
                said = (
                    msg("ignored the link's class: {reason}.", reason=reason)
                    if link
                    else msg("ignored --class-deals: {reason}.", reason=reason)
                )
                notices.append(str(said))
    return "", notices


def watch_search(callback: Callable[[str], None]) -> None:
    """Call ``callback(search)`` with the page's ``?query`` text now if the browser has reported
    it, and whenever it reports it (a preheated kernel runs the lesson before its page exists)."""
    script = page_script()
    script.observe(lambda change: callback(change["new"]), names="location")
    if script.location:
        callback(script.location)


def watch_query(callback: Callable[[dict[str, str]], None]) -> None:
    """`watch_search`, the query parsed (`parse_query`)."""
    watch_search(lambda search: callback(parse_query(search)))


def page_address() -> str:
    """The page's address without its query, as the browser reported it ("" until then)."""
    return page_script().address


def scroll_to(css_class: str) -> None:
    """Scroll the page to the element of class ``css_class`` (the panel a link opened at)."""
    page_script().target = css_class


def speak(lang: str) -> None:
    """Tell the browser the page's language (the document's ``lang``, for screen readers)."""
    page_script().lang = lang


def go_to(address: str) -> None:
    """Send the page to ``address`` (another page of the same server)."""
    page_script().goto = address
