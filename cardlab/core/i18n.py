"""Messages in the games' own languages: gettext catalogs, chosen at the edge.

Code never writes a sentence a learner reads as a finished string.  It writes a `Message`: the
English sentence as a gettext ``msgid`` with named placeholders (``"{player} draws {card}."``) and
the values to put in them.  Engines keep producing these structured messages, so a replay, a
score sheet or an engine test never depends on a language; the sentence is chosen when a message
is read (``text(seat, lang)``, or ``str()`` in the page's language), through the catalogs in
``cardlab/locale/<lang>/LC_MESSAGES/<domain>.mo`` that ``tools/i18n.py`` extracts and compiles
with Babel.

A value may itself be a message, a `Secret` or a `Narration` (read through the same seat's eyes),
or a number to be written the language's way (`num`, `pct`).  Plain strings and ints go in as
they are: card notation, names and seeds read the same in every language.

A kernel shows one page, so it has one current language (`set_language`, set by the lesson page;
`using_language` for a command that writes one file).  A message missing from a catalog falls
back to its English sentence whole, never mixing languages within a sentence.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from importlib.resources import files
from typing import Protocol

from cardlab.core.lesson_parts import FromLessons, lesson_part, lesson_parts

Real = float | Fraction
"""A number `num` and `pct` write: an int, a float or an exact fraction (the odds' ratios)."""

Seat = int | None
"""A seat number, or None for the teacher (`cardlab.core.narration` reads secrets by it)."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "zh": "中文",
    "lt": "Lietuvių",
    "ms": "Bahasa Melayu",
}
"""Every language cardlab speaks, with its name written in itself (as a picker lists it)."""
SOURCE = "en"
"""The language the code is written in: its messages are the ``msgid``s."""

UI_PATHS = (
    "core",
    "widgets",
    "render",
    "lessons",
    "apps/*.py",
    "pictures/__init__.py",
    "pictures/decks.py",
    "games/highcard.py",
    "serve",
    "*.py",
)
"""The package paths (folders or globs) of the controls' and the shared pages' catalog, ``ui``."""
COMPLETE = ("ru", "zh")
"""The languages that translate every catalog (the others: ``ui`` and the catalogs of the
lessons that name them, `cardlab.core.lesson_parts.LessonParts.translated`)."""


def _catalogs() -> dict[str, tuple[str, ...]]:
    """`DOMAINS` from the installed lessons: a catalog's paths follow from its name."""
    lessons = lesson_parts()
    shared = [d for lesson in lessons for d in lesson.domains[1:]]
    own = [lesson.domains[0] for lesson in lessons if lesson.domains]
    return {
        "ui": UI_PATHS,
        **{d: (f"games/{d}", f"apps/{d}", f"pictures/{d}.py") for d in [*shared, *own]},
    }


def _scopes() -> dict[str, tuple[str, ...]]:
    """`SCOPES` from `COMPLETE` and the languages each installed lesson names."""
    every = tuple(_catalogs())
    return {
        lang: every
        if lang in COMPLETE
        else (
            "ui",
            *dict.fromkeys(d for p in lesson_parts() if lang in p.translated for d in p.domains),
        )
        for lang in LANGUAGES
        if lang != SOURCE
    }


DOMAINS: Mapping[str, tuple[str, ...]] = FromLessons(_catalogs)
"""Each catalog and the package paths (folders or globs) whose messages it holds: the controls
and the shared pages in ``ui``, then the catalogs the lessons share (the poker hands of Triad and
Pyramid, ``poker``), then each lesson's own (its game's engine, bots, pictures and lesson
panels), as the registry of lessons (`cardlab.core.lesson_parts`) lists them."""

SCOPES: Mapping[str, tuple[str, ...]] = FromLessons(_scopes)
"""The catalogs each language translates in full: Russian and Chinese everything, Lithuanian and
Malay the controls, the index and the game whose rule text came in that language."""

BABEL_LOCALES = {"en": "en", "ru": "ru", "zh": "zh_Hans_CN", "lt": "lt", "ms": "ms"}
"""Each language as Babel (CLDR) names it: its catalogs' plural rules and number formats."""
NUMBER_SIGNS = {
    "en": (".", ",", "%"),
    "ru": (",", "\xa0", "\xa0%"),
    "zh": (".", ",", "%"),
    "lt": (",", "\xa0", "\xa0%"),
    "ms": (".", ",", "%"),
}
"""Each language's decimal sign, digit-group sign and percent suffix, as CLDR's standard decimal
and percent patterns (``#,##0.###``, ``#,##0%``) write them: what Babel's formatting of those
patterns gives, which ``tests/i18n/test_numbers.py`` checks number by number.  Read here rather
than from Babel at every kernel's first number: loading its locale data took 0.04-0.07 s of a
lesson page's load."""
_PLACEHOLDER = re.compile(r"\{(\w+)\}")

_current = [SOURCE]
_first: list[tuple[str, ...]] = [()]
"""The catalogs read first: the page's game's (a short word such as "pair" may read one way in
Dou Dizhu and another in poker; the page's own game decides)."""


def check_language(lang: object) -> str:
    """``lang`` if cardlab speaks it, else a ``ValueError`` listing the languages."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    shown = str(lang)[:40]
    raise ValueError(f"no language {shown!r}; the languages are: {', '.join(LANGUAGES)}")


def language() -> str:
    """The language this kernel (or command) writes in now."""
    return _current[0]


def set_language(lang: str, lesson: str = "") -> str:
    """Make ``lang`` the current language (a lesson page does, for its kernel), reading the
    catalogs of ``lesson``'s game first; returns it."""
    _current[0] = check_language(lang)
    _first[0] = domains_of(lesson)
    return lang


def domains_of(lesson: str) -> tuple[str, ...]:
    """The catalogs a lesson's game writes in, its own first (Triad and Pyramid share poker's);
    a shared catalog's name stands for itself."""
    found = lesson_part(lesson)
    if found is not None:
        return found.domains
    return (lesson,) if lesson in DOMAINS and lesson != "ui" else ()


@contextmanager
def using_language(lang: str) -> Iterator[str]:
    """The current language is ``lang`` inside the block (a command writing one file in it)."""
    before = _current[0]
    _current[0] = check_language(lang)
    try:
        yield lang
    finally:
        _current[0] = before


class _Untranslated(gettext.NullTranslations):
    """The end of a language's catalog chain: the English sentence, and a note of the miss."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang

    def gettext(self, message: str) -> str:
        _MISSED.add((self.lang, message))
        return message

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        _MISSED.add((self.lang, msgid1))
        return msgid1 if n == 1 else msgid2


_MISSED: set[tuple[str, str]] = set()


def missed() -> set[tuple[str, str]]:
    """The (language, msgid) pairs read so far with no translation (tests check it stays empty)."""
    return set(_MISSED)


def catalog(lang: str) -> gettext.NullTranslations:
    """All of ``lang``'s compiled catalogs as one gettext chain (English: none, the msgids): the
    current page's game's first, then the controls', then the others'."""
    return _chain(lang, _first[0])


@lru_cache(maxsize=4 * len(LANGUAGES))
def _chain(lang: str, first: tuple[str, ...]) -> gettext.NullTranslations:
    if check_language(lang) == SOURCE:
        return gettext.NullTranslations()
    order = [*first, "ui", *(d for d in DOMAINS if d not in first and d != "ui")]
    folder = files("cardlab") / "locale" / lang / "LC_MESSAGES"
    chain: gettext.NullTranslations = _Untranslated(lang)
    for domain in reversed(order):
        mo = folder / f"{domain}.mo"
        if mo.is_file():
            with mo.open("rb") as stream:
                found = gettext.GNUTranslations(stream)
            found.add_fallback(chain)
            chain = found
    return chain


class Said(Protocol):
    """Anything read through a seat's eyes in a language: a message, a narration, a number."""

    def text(self, seat: Seat = None, lang: str | None = None) -> str: ...


def read(value: object, seat: Seat = None, lang: str | None = None) -> str:
    """``value`` as ``seat`` reads it in ``lang``: said things are read (a narration's secret by
    its ``text_for``), anything else is its text."""
    if isinstance(value, str):
        return value
    for name in ("text_for", "text"):
        reader = getattr(value, name, None)
        if callable(reader):
            text: str = reader(seat, lang)
            return text
    return str(value)


SPACED_SCRIPTS = frozenset({"zh"})
"""Languages whose script runs without spaces, where a Latin letter or digit next to one of its
characters is set off by a space ("玩家 2 不叫", "叫 1 分"): the rule the Chinese catalogs
follow, applied too where a value fills a placeholder (`spaced`)."""
_UNSPACED = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])|(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])")
_HAN = re.compile(r"[\u4e00-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9]")
_TAGS = re.compile(r"(<[^<>]*>)")
_INLINE_TAG = re.compile(r"</?(?:b|i|em|strong|small|span|code|a)\b", re.IGNORECASE)
"""Tags inside a line of text: the words on either side still touch (a cell's or a
paragraph's tag parts them)."""


def spaced(text: str, lang: str) -> str:
    """``text`` with a space between a Chinese character and a Latin letter or digit that touch,
    also across an inline tag (``<b>A</b>手牌``), in the languages of `SPACED_SCRIPTS`; other
    languages' text as it is."""
    if lang not in SPACED_SCRIPTS:
        return text
    out: list[str] = []
    last = ""  # the last character shown before this part, in the same run of text
    for part in _TAGS.split(text):
        if not part:
            continue
        if part[0] == "<" and part[-1] == ">":
            last = last if _INLINE_TAG.match(part) else ""
            out.append(part)
            continue
        if last and (
            (_HAN.match(last) and _LATIN.match(part[0]))
            or (_LATIN.match(last) and _HAN.match(part[0]))
        ):
            out.append(" ")
        out.append(_UNSPACED.sub(" ", part))
        last = part[-1]
    return "".join(out)


@dataclass(frozen=True)
class Message:
    """One sentence (or phrase) to be read in some language: its English ``msgid`` with named
    ``{placeholders}``, their values, and for a count's sentence the English plural."""

    msgid: str
    params: tuple[tuple[str, object], ...] = ()
    plural: str | None = None
    count: int | None = None

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        """The sentence in ``lang`` (default: the current language), through ``seat``'s eyes."""
        lang = language() if lang is None else lang
        chain = catalog(lang)
        if self.plural is None:
            template = chain.gettext(self.msgid)
        else:
            template = chain.ngettext(self.msgid, self.plural, self.count or 0)
        values = {name: read(value, seat, lang) for name, value in self.params}
        try:
            return spaced(template.format_map(values), lang)
        except (KeyError, IndexError, ValueError):
            _MISSED.add((lang, self.msgid))
            english = self.msgid if self.plural is None or self.count == 1 else self.plural
            return english.format_map(values)

    def __str__(self) -> str:
        """The public face in the current language (a seat that holds no secret reads this)."""
        return self.text(-1)

    def __bool__(self) -> bool:
        return bool(self.msgid)

    def values(self) -> Iterator[object]:
        """Every value put into this message, and into the messages among them."""
        for _, value in self.params:
            yield value
            if isinstance(value, Message):
                yield from value.values()


def msg(msgid: str, /, **params: object) -> Message:
    """A message: ``msg("{player} passes.", player=name)``.  ``msgid`` must be a literal string
    (``tools/i18n.py`` finds the messages by reading the code)."""
    return Message(msgid, tuple(params.items()))


def msgn(singular: str, plural: str, count: int, /, **params: object) -> Message:
    """A message about ``count`` things, with a plural form per language; ``{count}`` is the
    count: ``msgn("one card", "{count} cards", n)``."""
    params.setdefault("count", count)
    return Message(singular, tuple(params.items()), plural, count)


@dataclass(frozen=True)
class Joined:
    """Several things read as one list, with the language's separator (", " or "、")."""

    items: tuple[object, ...]

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        separator = msg(", ").text(seat, lang)
        return separator.join(read(item, seat, lang) for item in self.items)

    def __str__(self) -> str:
        return self.text(-1)


def joined(items: Iterable[object]) -> Joined:
    """``items`` as a list a learner reads: ``joined(cards)`` in a message's placeholder."""
    return Joined(tuple(items))


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``{placeholders}``."""
    return set(_PLACEHOLDER.findall(text))


# -- numbers, written the language's way (CLDR's) ------------------------------------------------
@dataclass(frozen=True)
class Number:
    """A number to be written with the language's separators: ``digits`` after the point (None:
    as many as it has), as a percentage when ``percent``, with a plus sign when ``signed`` and
    above zero (a gain)."""

    value: Real
    digits: int | None = None
    percent: bool = False
    signed: bool = False

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        return _number_text(self, language() if lang is None else lang)

    def __str__(self) -> str:
        return self.text()


def num(value: Real, digits: int | None = None) -> Number:
    """``value`` with the language's digit grouping and decimal sign: 2,598,960 or 2 598 960."""
    return Number(value, digits)


def gain(value: Real, digits: int = 1) -> Number:
    """``value`` as a gain or a loss: +2.4 or -1.5 (never -0.0), the language's way."""
    rounded = round(float(value), digits) + 0.0
    return Number(rounded, digits, signed=True)


def pct(value: Real, digits: int = 1) -> Number:
    """``value`` (a fraction of 1) as a percentage in the language's way: 42.3% or 42,3 %."""
    return Number(value, digits, percent=True)


PCT_MOST_DIGITS = 6
"""`pcts_apart` shows at most this many digits after the point (the bots' shares and odds are
ratios of small integers: they differ well before that)."""


def pcts_apart(a: Real, b: Real, digits: int = 0) -> tuple[Number, Number]:
    """``a`` and ``b`` as percentages with the fewest digits after the point (at least ``digits``)
    that show them in the order of their values, so that a sentence comparing them never reads
    false: 21.6% against 22.4% is not "22% against 22%".  Equal values stay equal."""
    for shown in range(digits, PCT_MOST_DIGITS):
        x, y = (
            float(_number_text(pct(v, shown), "en").rstrip("%").replace(",", "")) for v in (a, b)
        )
        if (x < y) == (a < b) and (x > y) == (a > b):
            return pct(a, shown), pct(b, shown)
    return pct(a, PCT_MOST_DIGITS), pct(b, PCT_MOST_DIGITS)


@lru_cache(maxsize=64)
def _number_text(number: Number, lang: str) -> str:
    """``number`` in the language's way (`NUMBER_SIGNS`), with ``number.digits`` fraction digits
    (up to 6 when None, trailing zeros dropped), rounded half to even as Babel rounds."""
    point, group, percent = NUMBER_SIGNS[lang]
    value = number.value if isinstance(number.value, int) else float(number.value)
    exact = Decimal(str(value)).scaleb(2 if number.percent else 0)
    negative = exact.is_signed()
    low, high = (0, 6) if number.digits is None else (number.digits, number.digits)
    whole, _, fraction = f"{abs(exact).normalize().quantize(Decimal(10) ** -high):f}".partition(".")
    groups = [whole[max(0, end - 3) : end] for end in range(len(whole), 0, -3)]
    fraction = (fraction or "0").ljust(low, "0")
    if high == 0 or (low == 0 and int(fraction) == 0):
        fraction = ""
    else:
        fraction = point + fraction[:low] + fraction[low:].rstrip("0")
    text = ("-" if negative else "") + group.join(reversed(groups)) + fraction
    text += percent if number.percent else ""
    return "+" + text if number.signed and value > 0 else text
