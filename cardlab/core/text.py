"""Reading what people type: one normalisation of action text for every game, and short quotes.

Every game's `why_illegal`, `apply` and `action_from_text` read text through
`normalize_action` (via `cardlab.core.engine.Game.read_action`), so the same spelling rules hold
everywhere and a game's own checks only ever see the canonical form:

* **size**: an action longer than `MAX_ACTION_CHARS` is refused at once, before any other work;
* **one line**: control and format characters (newlines, NUL, zero-width spaces, lone
  surrogates, line separators) are refused, because an action is one line of a replay file; a
  tab counts as a space;
* **spacing**: any run of spaces (Unicode spaces and tabs too) is one space, none at the ends;
* **case**: a game's keywords (``place``, ``hand``, ``left`` ...) may be typed in any case and are
  stored as the game spells them; card tokens keep their case, because the card notation fixes
  it (Triad's ``k`` is the Black suit, ``K`` a King);
* **numbers**: only the ASCII digits 0-9 are digits (``³`` or ``２`` are refused, never read as
  numbers), and a number is written without leading zeros: ``026`` is refused with the spelling
  to use (``26``) rather than guessed at, so every action has exactly one spelling.
"""

from __future__ import annotations

import reprlib
import unicodedata
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from cardlab.core.i18n import msg, num

MAX_ACTION_CHARS = 200
"""The longest action text read: the longest legal action (a 20-card Dou Dizhu play with every
suit and its combination type) is about 100 characters, so this leaves room for loose spacing."""

_REFUSED_CATEGORIES = {"Cc", "Cf", "Cs", "Zl", "Zp"}
"""Control, format, surrogate and line/paragraph separator characters: never part of one line."""

_QUOTE = reprlib.Repr()
_QUOTE.maxstring = 40
_QUOTE.maxother = 40


def shown(value: object) -> str:
    """``repr(value)`` cut to a readable length, for messages about input of any size."""
    return _QUOTE.repr(value)


_AN_LETTERS = frozenset("AEFHILMNORSX")
"""Capital letters read with a vowel sound ("an A", "an F", "an 8" but "a K")."""
_A_PREFIXES = ("uni", "use", "usu", "one", "eu")
"""Vowel-letter beginnings read with a consonant sound ("a unit", "a one-card ...")."""


def with_article(phrase: str) -> str:
    """``phrase`` after its indefinite article, chosen by how its first word sounds: "an
    airplane", "an Airplane + single wings", "an 8-card straight", "an 11-card ...", "a 10-card
    ...", "a Pair", "an Orange card" (every sentence a game builds around a word it looks up)."""
    word = phrase.split(" ", 1)[0]
    digits = word[: len(word) - len(word.lstrip("0123456789"))]
    if digits:
        # eight, eleven, eighteen, eighty ...: the numbers said with a vowel first
        an = digits[0] == "8" or (len(digits) % 3 == 2 and digits[:2] in ("11", "18"))
    elif len(word) == 1:
        an = word in _AN_LETTERS
    else:
        lower = word.lower()
        an = lower[:1] in ("a", "e", "i", "o", "u") and not lower.startswith(_A_PREFIXES)
    return f"{'an' if an else 'a'} {phrase}"


def sentence(text: str) -> str:
    """``text`` as a sentence of its own: the engine's reasons start lower-case so they read
    inside a longer message ("refused: a pair cannot beat ..."), a table cell starts upper."""
    return text[:1].upper() + text[1:]


@lru_cache(maxsize=64)
def word_map(words: frozenset[str]) -> dict[str, str]:
    """Keyword spellings by their case-folded form (``{"place": "place", "s3": "S3"}``)."""
    return {word.casefold(): word for word in words}


def normalize_action(text: str, words: Mapping[str, str]) -> str:
    """The canonical spelling of action ``text`` (see the module docstring), or ``ValueError``
    saying what to change.  ``words`` maps case-folded keywords to their spelling (`word_map`)."""
    if len(text) > MAX_ACTION_CHARS:
        raise ValueError(
            msg(
                "an action is at most {most} characters; this one has {count}",
                most=MAX_ACTION_CHARS,
                count=num(len(text)),
            )
        )
    if not (text.isascii() and text.isprintable()):
        _check_characters(text)
    tokens = text.split()
    for i, token in enumerate(tokens):
        if token.isdigit():
            if len(token) > 1 and token[0] == "0":
                raise ValueError(
                    msg(
                        "write whole numbers without leading zeros: {number}, not {token}",
                        number=repr(token.lstrip("0") or "0"),
                        token=repr(token),
                    )
                )
        else:
            word = words.get(token.casefold())
            if word is not None:
                tokens[i] = word
    return " ".join(tokens)


def _check_characters(text: str) -> None:
    """``ValueError`` for a character that is not allowed in an action (see the module doc)."""
    for position, char in enumerate(text):
        if char == "\t":
            continue
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise ValueError(
                msg(
                    "an action is one line of text: {char} (character {position}) is a "
                    "control, invisible or line-break character",
                    char=shown(char),
                    position=position + 1,
                )
            )
        if char.isnumeric() and not char.isascii():
            raise ValueError(
                msg(
                    "only the digits 0-9 are numbers here: {char} ({name}) is not one",
                    char=shown(char),
                    name=unicodedata.name(char, "") or msg("a numeral"),
                )
            )


class Phrase:
    """A class attribute that is a message, read in the current language: ``label =
    Phrase(msg("Score sheet"))`` reads as the text (a ``str``) on the class and its instances, so
    code that reads the attribute gets the page's language, while a subclass may still set a
    plain string (or another `Phrase`)."""

    def __init__(self, message: Any) -> None:
        self.message = message

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return str(self.message)
