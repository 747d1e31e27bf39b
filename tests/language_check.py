"""What a page shows, and whether any of it is still English: the oracle of the language tests.

`english_phrases` finds English left in a text meant to be in another language: for Russian and
Chinese, any Latin-letter word of three letters or more; for Lithuanian and Malay (Latin script
themselves), common English words that neither language has and the games' move words.  Card
notation (``Ab``, ``10♠``, ``BJ``), the names in `ALLOWED` (and those a test adds) and code-like
tokens (``trio_solo``) pass.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from typing import Any

import ipywidgets as widgets

from cardlab.widgets.canvas import CanvasView

_TAG = re.compile(r"<[^>]+>")
_LATIN_WORD = re.compile(r"(?<![\w.])[A-Za-z]{3,}(?![\w.])")
_LATIN_ANY = re.compile(r"(?<![\w.])[A-Za-z]+(?![\w.])")
_ENGLISH_WORDS = frozenset(
    """the and of to is are you your with for from this that these those which what when where
    why how has have had not but or its it will would can could should there their they them
    then than into onto about after before while each every other more most less only also
    just wins win won loses lost draws drawn takes took plays played deals dealt passes hand
    hands card cards player players turn round score points bid bids bets raise calls
    fold folds next back show hide new game rules theme share copy link""".split()  # noqa: SIM905
) | frozenset(
    """pass play check call stand take stock discard draw keep place put block claim say go
    out""".split()  # noqa: SIM905
)
"""...and the words of the games' moves (a legal-moves line, a What if… list); not "bet",
which is Lithuanian for "but"."""
ALLOWED = frozenset(
    {"cardlab", "Cardavia", "pagat", "Pagat", "Battlestar", "Galactica", "QR", "AI"}
)
"""Names that read the same in every language."""


def english_phrases(text: str, lang: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words left in ``text`` (any Latin word for ru and zh; English-only words for
    lt and ms), apart from `ALLOWED` and ``allowed``."""
    plain = html.unescape(_TAG.sub(" ", text))
    names = ALLOWED | set(allowed)
    if lang in ("ru", "zh"):
        return [word for word in _LATIN_WORD.findall(plain) if word not in names]
    return [
        word
        for word in _LATIN_ANY.findall(plain)
        if word.lower() in _ENGLISH_WORDS and word not in names
    ]


def widget_texts(widget: widgets.Widget) -> Iterator[str]:
    """Every text a widget tree shows: values, descriptions, tooltips, placeholders, options (a
    choice's value is not shown: its option's label is)."""
    choice = hasattr(widget, "_options_labels")
    for attr in (
        ("description", "tooltip", "placeholder")
        if choice
        else ("value", "description", "tooltip", "placeholder")
    ):
        value = getattr(widget, attr, None)
        if isinstance(value, str) and value:
            yield html.unescape(_TAG.sub(" ", value))
    yield from getattr(widget, "_options_labels", ())
    for child in getattr(widget, "children", ()):
        yield from widget_texts(child)


def canvases(obj: Any, seen: set[int] | None = None) -> Iterator[CanvasView]:
    """The canvas views a lesson object holds (directly or in its cardlab parts)."""
    seen = set() if seen is None else seen
    if id(obj) in seen:
        return
    seen.add(id(obj))
    if isinstance(obj, CanvasView):
        yield obj
        return
    for value in vars(obj).values() if hasattr(obj, "__dict__") else ():
        if type(value).__module__.startswith("cardlab."):
            yield from canvases(value, seen)


def shown_texts(view: Any) -> list[str]:
    """Every text ``view`` shows: its widgets' texts, the texts drawn on its canvases, and the
    canvases' names (a canvas's label is its text alternative)."""
    texts = list(widget_texts(getattr(view, "widget", view)))
    for canvas in canvases(view):
        if canvas.drawing is not None:
            texts += canvas.drawing.texts()
        texts += [v for k, v in vars(canvas).items() if "label" in k and isinstance(v, str)]
    return texts


def english_in(
    texts: Iterable[str], lang: str, allowed: Iterable[str] = ()
) -> list[tuple[str, list[str]]]:
    """Each text of ``texts`` that still holds English, with the English found."""
    names = set(allowed)
    return [(text, found) for text in texts if (found := english_phrases(text, lang, names))]


def shown(obj: Any) -> Iterator[str]:
    """The texts a lesson object shows: its widget's (``obj.widget`` or itself)."""
    yield from widget_texts(getattr(obj, "widget", obj))
