"""Declared game options: each option's kind, allowed values and meaning, checked in one place.

A game declares one `Option` per entry of its ``default_options`` in ``option_specs`` (built with
`whole`, `probability`, `choice` or `flag`), and `Game.options` checks every value against its
spec before any state is built.  A bad option is a ``ValueError`` that names the option, says
what is allowed and shows what was given: "foundation_width must be 8-30 (a whole number), got
600".  Upper bounds are part of every whole-number spec: they are what the rules allow and what
keeps any single call fast and small (a pyramid 600 blocks wide would make one move take seconds).

`options_markdown` writes ``docs/options.md`` from the specs, so the documentation cannot drift
from what the code accepts (a test compares the two; ``python tools/options_doc.py`` writes it).
The engine imports this module, so this one reads a game through `OptionedGame` only.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from cardlab.core.i18n import Message, joined, msg, num

Kind = Literal["whole", "probability", "choice", "flag"]


@dataclass(frozen=True)
class Option:
    """What one option may be: its ``kind``, bounds or ``choices``, and what it means.

    ``none``, when not empty, says what ``None`` means for this option (``None`` is then allowed
    too); otherwise ``None`` is refused like any other wrong value.
    """

    kind: Kind
    meaning: str | Message
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    none: str | Message = ""

    @property
    def allowed(self) -> str:
        """The allowed values in words, as the error messages and the documentation say them,
        in the current language."""
        return str(self.allowed_words)

    @property
    def allowed_words(self) -> Message | str:
        """`allowed` as a message, for a sentence read later (or in another language)."""
        text: Message | str
        if self.kind == "whole" and self.low == self.high:
            text = msg("{number} only", number=num(self.low))
        elif self.kind == "whole":
            text = msg("{low}-{high} (a whole number)", low=num(self.low), high=num(self.high))
        elif self.kind == "probability":
            text = msg("a probability from 0 to 1")
        elif self.kind == "choice":
            quoted = [repr(c) for c in self.choices]
            text = (
                quoted[0]
                if len(quoted) == 1
                else msg("{words} or {last}", words=joined(quoted[:-1]), last=quoted[-1])
            )
        else:
            text = msg("True or False")
        if self.none:
            return msg("{allowed} or None ({meaning})", allowed=text, meaning=self.none)
        return text

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` is allowed (bools are not numbers here, and inf/nan are no numbers)."""
        if value is None:
            return bool(self.none)
        if self.kind == "flag":
            return isinstance(value, bool)
        if isinstance(value, bool):
            return False
        if self.kind == "whole":
            return isinstance(value, int) and self.low <= value <= self.high
        if self.kind == "probability":
            return isinstance(value, int | float) and math.isfinite(value) and 0 <= value <= 1
        return isinstance(value, str) and value in self.choices

    def check(self, name: str, value: Any) -> None:
        """``ValueError`` naming ``name``, the allowed values and ``value`` unless it is allowed."""
        if not self.accepts(value):
            raise ValueError(
                msg(
                    "{name} must be {allowed}, got {value}",
                    name=name,
                    allowed=self.allowed_words,
                    value=_shown(value),
                )
            )


def whole(low: int, high: int, meaning: str | Message, none: str | Message = "") -> Option:
    """A whole number from ``low`` to ``high`` (``none``: what None means, if it is allowed)."""
    return Option("whole", meaning, low=low, high=high, none=none)


def probability(meaning: str | Message) -> Option:
    """A finite number from 0 to 1 (an int or a float)."""
    return Option("probability", meaning)


def choice(choices: Iterable[str], meaning: str | Message) -> Option:
    """One of the given words."""
    return Option("choice", meaning, choices=tuple(choices))


def flag(meaning: str | Message) -> Option:
    """True or False."""
    return Option("flag", meaning)


def _shown(value: Any) -> str:
    """``repr(value)``, cut short so that a 10**80 or a huge list cannot flood the message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


FLAG_WORDS = {"true": True, "on": True, "yes": True, "1": True, "false": False, "off": False,
              "no": False, "0": False}  # fmt: skip
"""How a link may spell a flag (any case)."""
NONE_WORD = "none"
MAX_OPTION_TEXT = 12
"""The longest option value a link may give: every allowed value is shorter (the longest
choice is 11 characters), and a number of more digits is out of every range anyway."""


def option_from_text(name: str, spec: Option, text: str) -> Any:
    """The value of option ``name`` that a link spells as ``text`` (``"wild"``, ``"7"``,
    ``"0.5"``, ``"off"``, ``"none"``); ``ValueError`` saying what is allowed.  Strict and
    bounded: a link is untrusted text, so nothing is evaluated and long texts are not read."""
    word = text.strip().lower()
    value: Any = text
    if len(word) > MAX_OPTION_TEXT:
        raise ValueError(
            msg(
                "{name} must be {allowed}, got {value}",
                name=name,
                allowed=spec.allowed_words,
                value=_shown(text),
            )
        )
    if spec.none and word == NONE_WORD:
        value = None
    elif spec.kind == "flag":
        value = FLAG_WORDS.get(word, text)
    elif spec.kind == "choice":
        value = next((c for c in spec.choices if c.lower() == word), text)
    elif spec.kind == "whole" and word.isascii() and word.isdigit():
        value = int(word)
    elif spec.kind == "probability" and re.fullmatch(r"[0-9]*\.?[0-9]+", word):
        value = float(word)
    spec.check(name, value)
    return value


def option_text(value: Any) -> str:
    """How a link spells an option's value (read back by `option_from_text`)."""
    if value is None:
        return NONE_WORD
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


class OptionedGame(Protocol):
    """What checking and documenting options reads of a game (`cardlab.core.engine.Game`)."""

    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str | Message: ...
    @property
    def default_options(self) -> Mapping[str, Any]: ...
    @property
    def option_specs(self) -> Mapping[str, Option]: ...

    def options_problem(self, options: Mapping[str, Any]) -> str | Message | None: ...


def check_options(game: OptionedGame, given: Mapping[str, Any]) -> dict[str, Any]:
    """``game``'s defaults merged with ``given``, every value checked against its spec, then the
    combination checked by `Game.options_problem`; ``ValueError`` for the first problem."""
    unknown = sorted(set(given) - set(game.default_options), key=str)
    if unknown:
        raise ValueError(
            msg(
                "unknown option {name} for {game}; options are: {names}",
                name=repr(unknown[0]),
                game=game.title,
                names=joined(game.default_options) if game.default_options else msg("none"),
            )
        )
    full = {**game.default_options, **given}
    for name, spec in game.option_specs.items():
        spec.check(name, full[name])
    problem = game.options_problem(full)
    if problem:
        raise ValueError(problem)
    return full


def options_markdown(games: Iterable[OptionedGame]) -> str:
    """``docs/options.md``: every game's options with default, allowed values and meaning."""
    lines = [
        "# Game options",
        "",
        "Every game takes its options as keyword arguments: `new_game(seed, **options)`,",
        "`Replay.start(game, seed, **options)`, and the `options:` line of a replay file.  A value",
        "outside the allowed range is a `ValueError` that names the option, the allowed values and",
        "what was given.  Upper bounds keep every game fast and small; how each game is sure to",
        "end is in [endings.md](endings.md).",
        "",
        "This file is generated from the option specs in the code",
        "(`python tools/options_doc.py`); a test checks it is up to date.",
    ]
    for game in sorted(games, key=lambda g: g.name):
        lines += ["", f"## {game.title}", "", f"Game name `{game.name}`.", ""]
        if not game.default_options:
            lines.append("No options.")
            continue
        lines += ["| option | default | allowed | meaning |", "|---|---|---|---|"]
        for name, default in game.default_options.items():
            spec = game.option_specs[name]
            lines.append(f"| `{name}` | `{default!r}` | {spec.allowed} | {spec.meaning} |")
    return "\n".join(lines) + "\n"
