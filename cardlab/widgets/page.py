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
from urllib.parse import parse_qsl

from cardlab.core.classdeals import check_class_code
from cardlab.widgets.a11y import page_script

MAX_QUERY = 2_000
"""Longer queries are not links a teacher made: they are ignored whole."""
HINTS = "CARDLAB_HINTS"
"""Set to ``off`` by ``cardlab serve --no-hints``: no table of the server offers a hint."""
HINTS_OFF = {"off", "no", "0", "false"}
CLASS_DEALS = "CARDLAB_CLASS_DEALS"
"""Set to a class code by ``cardlab serve --class-deals CODE``: every table and quiz of the
server deals the class's sequence (`cardlab.core.classdeals`); a link's ``class`` wins."""


def parse_query(search: str) -> dict[str, str]:
    """``"?seed=7&hints=off"`` -> ``{"seed": "7", "hints": "off"}`` (a repeated name keeps its last
    value; an over-long query counts as none)."""
    if len(search) > MAX_QUERY:
        return {}
    return dict(parse_qsl(search.removeprefix("?"), keep_blank_values=True))


def hints_allowed(query: dict[str, str]) -> bool:
    """Whether the tables may offer hints: not when the teacher served the lessons with
    ``--no-hints`` or the page's link says ``hints=off``."""
    if os.environ.get(HINTS, "").lower() in HINTS_OFF:
        return False
    return query.get("hints", "").lower() not in HINTS_OFF


def class_code(query: dict[str, str]) -> tuple[str, list[str]]:
    """The class code the page plays (``""``: none) and a notice for each code ignored: the
    link's ``class`` wins over the server's ``--class-deals``; a bad one is ignored."""
    notices = []
    asked = (
        ("the link's class", query.get("class", "")),
        ("--class-deals", os.environ.get(CLASS_DEALS, "")),
    )
    for where, text in asked:
        if text:
            try:
                return check_class_code(text), notices
            except ValueError as exc:
                notices.append(f"Ignored {where}: {exc}.")
    return "", notices


def watch_query(callback: Callable[[dict[str, str]], None]) -> None:
    """Call ``callback(query)`` with the page's query now if the browser has reported it, and
    whenever it reports it (a preheated kernel runs the lesson before its page exists)."""
    script = page_script()
    script.observe(lambda change: callback(parse_query(change["new"])), names="location")
    if script.location:
        callback(parse_query(script.location))
