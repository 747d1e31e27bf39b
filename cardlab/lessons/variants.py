"""Which rules a lesson lets the class change, read by the page's rules panel
(`cardlab.widgets.lesson_page`) and by links (``?jokers=wild``): each lesson says it in its
parts (`cardlab.core.lesson_parts.LessonParts.rules`), this module reads them.

The options themselves (their kinds, bounds and meaning) are the game's own specs
(`cardlab.core.options`); a lesson only picks which of them are worth trying out in class and
gives each a short label.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cardlab.core.engine import Game, get_game
from cardlab.core.i18n import Message, msg, num
from cardlab.core.lesson_parts import FromLessons, LessonParts, lesson_parts
from cardlab.core.options import check_options


@dataclass(frozen=True)
class Variant:
    """The options a lesson shows: its game's name and ``(option, label)`` pairs (``labels``
    as messages; ``options`` reads them in the current language), and ``standard``: where the
    lesson's panels play other values than the game's defaults (Triad's table seats 3 players,
    the game 4), so that the rules row shows the values the page really plays."""

    game_name: str
    labels: tuple[tuple[str, Message], ...]
    standard: tuple[tuple[str, Any], ...] = ()

    @property
    def options(self) -> tuple[tuple[str, str], ...]:
        """``(option, label)`` pairs, each label in the current language."""
        return tuple((name, str(label)) for name, label in self.labels)

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.labels)

    @property
    def defaults(self) -> dict[str, Any]:
        """The lesson's standard rules, the game's full options: what every page starts with."""
        return {**self.game.default_options, **dict(self.standard)}

    def checked(self, given: dict[str, Any]) -> dict[str, Any]:
        """The standard rules with ``given`` on top; ``ValueError`` naming the problem."""
        unknown = sorted(set(given) - set(self.names))
        if unknown:
            raise ValueError(msg("{name} is not a rule this lesson changes", name=repr(unknown[0])))
        return check_options(self.game, {**dict(self.standard), **given})

    def changed(self, options: dict[str, Any]) -> dict[str, Any]:
        """The lesson's options in ``options`` that differ from the standard rules."""
        defaults = self.defaults
        return {n: options[n] for n in self.names if n in options and options[n] != defaults[n]}


@lru_cache(maxsize=64)  # one entry a lesson (cardlab has 6): a page compares variants by identity
def _variant(lesson: LessonParts) -> Variant:
    """The rules ``lesson`` lets the class change (the same object each time it is asked)."""
    return Variant(lesson.game, lesson.rules, lesson.standard)


VARIANTS: Mapping[str, Variant] = FromLessons(
    lambda: {lesson.name: _variant(lesson) for lesson in lesson_parts() if lesson.rules}
)
"""Each lesson (its notebook's name without ``.ipynb``) with rules to change, as the registry of
lessons (`cardlab.core.lesson_parts`) gives them."""


def _of_game(game: Game) -> Variant | None:
    """The rules of ``game``'s lesson, if it has rules to change."""
    found = (lesson for lesson in lesson_parts() if lesson.rules and lesson.game == game.name)
    return next(map(_variant, found), None)


CHOICE_WORDS: dict[str, Message] = {
    # Translators: the values of the lessons' rule choices, as the rules panel lists them
    "out": msg("out"),
    "wild": msg("wild"),
    "extra": msg("extra"),
    "shared": msg("shared"),
    "low": msg("low"),
    "high_or_low": msg("high or low"),
    "advanced": msg("advanced"),
    "basic": msg("basic"),
}
"""The words of the choices the lessons' rules offer (any other value reads as it is spelled,
like the rule sets' names)."""


def value_words(value: Any) -> str:
    """An option's value as the rules panel says it, in the current language: ``True`` "on",
    ``high_or_low`` "high or low", ``None`` "no limit"."""
    if isinstance(value, bool):
        return str(msg("on") if value else msg("off"))
    if value is None:
        return str(msg("no limit"))
    if isinstance(value, str) and value in CHOICE_WORDS:
        return str(CHOICE_WORDS[value])
    if isinstance(value, float) and "e" not in repr(value):
        return str(num(value, len(repr(value).partition(".")[2]) or 1))
    return str(value).replace("_", " ")


def variant_of(lesson: str) -> Variant | None:
    """The rules lesson ``lesson`` lets the class change (None: it has no game of its own)."""
    return VARIANTS.get(lesson.removesuffix(".ipynb"))


def standard_rules(game: Game) -> dict[str, Any]:
    """The full options of ``game``'s lesson before any change on its page: its rules row's
    first values (the game's defaults when no lesson changes its rules)."""
    variant = _of_game(game)
    return variant.defaults if variant is not None else dict(game.default_options)


def rules_variant(
    game: Game, options: Mapping[str, Any], own: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """What a panel plays differently under the page's rules ``options``: the options that
    differ from the lesson's standard rules and from the panel's ``own`` (what it plays
    anyway, e.g. its story deal's options).  An option the class did not change never changes
    a panel: Triad's standard 3 players leave the 4 of the story deal be."""
    standard, own = standard_rules(game), own or {}
    return {
        name: value
        for name, value in options.items()
        if name in standard and value != standard[name] and value != own.get(name, standard[name])
    }


def rules_words(game: Game, options: Mapping[str, Any]) -> str:
    """``options`` as the rules row says them ("Rules: pagat; Players: 5"), in the current
    language: each option's label on its lesson's row (an option no row shows: its meaning)."""
    variant = _of_game(game)
    labels = dict(variant.labels) if variant is not None else {}
    return str(msg("; ")).join(
        str(
            msg(
                "{rule}: {value}",
                rule=labels.get(name, game.option_specs[name].meaning),
                value=value_words(value),
            )
        )
        for name, value in options.items()
    )
