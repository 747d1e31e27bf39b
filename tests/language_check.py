"""What a page shows, and whether any of it is still English: the oracle of the language tests.

`english_phrases` finds English left in a text meant to be in another language: for Russian and
Chinese, three Latin-letter words in a row; for Lithuanian and Malay (Latin script themselves),
common English words that neither language has.  Card notation (``Ab``, ``10♠``, ``BJ``), single
names and code-like tokens pass.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as widgets

_TAG = re.compile(r"<[^>]+>")
_LATIN_RUN = re.compile(r"\b[A-Za-z]{2,}\b(?:[ ,'’-]+\b[A-Za-z]{2,}\b){2,}")
_ENGLISH_WORDS = frozenset(
    """the and of to is are you your with for from this that these those which what when where
    why how has have had not but or its it will would can could should there their they them
    then than into onto about after before while each every other more most less only also
    just wins win won loses lost draws drawn takes took plays played deals dealt passes hand
    hands card cards player players turn round score points bid bids bet bets raise calls
    fold folds next back show hide new game rules theme share copy link""".split()  # noqa: SIM905
)
ALLOWED = frozenset({"cardlab", "Cardavia", "pagat", "Battlestar", "Galactica", "QR", "AI"})
"""Names that read the same in every language."""


def english_phrases(text: str, lang: str) -> list[str]:
    """The English phrases (ru, zh) or English words (lt, ms) left in ``text``."""
    plain = html.unescape(_TAG.sub(" ", text))
    if lang in ("ru", "zh"):
        found = []
        for match in _LATIN_RUN.finditer(plain):
            words = [w for w in re.findall(r"[A-Za-z]{2,}", match.group()) if w not in ALLOWED]
            if len(words) >= 3:
                found.append(match.group())
        return found
    return [
        word
        for word in re.findall(r"\b[A-Za-z]+\b", plain)
        if word.lower() in _ENGLISH_WORDS and word not in ALLOWED
    ]


def widget_texts(widget: widgets.Widget) -> Iterator[str]:
    """Every text a widget tree shows: values, descriptions, tooltips, placeholders, options."""
    for attr in ("value", "description", "tooltip", "placeholder"):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            yield html.unescape(_TAG.sub(" ", value))
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


def english_in(texts: Iterable[str], lang: str) -> list[tuple[str, list[str]]]:
    """Each text of ``texts`` that still holds English, with the English found."""
    return [(text, found) for text in texts if (found := english_phrases(text, lang))]


def shown(obj: Any) -> Iterator[str]:
    """The texts a lesson object shows: its widget's (``obj.widget`` or itself)."""
    yield from widget_texts(getattr(obj, "widget", obj))
