"""Which rules a lesson lets the class change: one line per lesson, read by the page's rules
panel (`cardlab.widgets.lesson_page`) and by links (``?jokers=wild``).

The options themselves (their kinds, bounds and meaning) are the game's own specs
(`cardlab.core.options`); a lesson only picks which of them are worth trying out in class and
gives each a short label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardlab.core.engine import Game, get_game
from cardlab.core.options import check_options


@dataclass(frozen=True)
class Variant:
    """The options a lesson shows: its game's name and ``(option, label)`` pairs."""

    game_name: str
    options: tuple[tuple[str, str], ...]

    @property
    def game(self) -> Game:
        return get_game(self.game_name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.options)

    @property
    def defaults(self) -> dict[str, Any]:
        """The game's full default options: the rules every lesson starts with."""
        return dict(self.game.default_options)

    def checked(self, given: dict[str, Any]) -> dict[str, Any]:
        """The game's full options with ``given`` on top; ``ValueError`` naming the problem."""
        unknown = sorted(set(given) - set(self.names))
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a rule this lesson changes")
        return check_options(self.game, given)

    def changed(self, options: dict[str, Any]) -> dict[str, Any]:
        """The lesson's options in ``options`` that differ from the standard rules."""
        defaults = self.defaults
        return {n: options[n] for n in self.names if n in options and options[n] != defaults[n]}


VARIANTS: dict[str, Variant] = {
    "triad": Variant(
        "triad",
        (
            ("jokers", "Jokers"),
            ("five_of_a_kind", "Five of a kind is Five Up"),
            ("players", "Players"),
        ),
    ),
    "pyramid": Variant(
        "pyramid",
        (
            ("players", "Players"),
            ("max_draw", "Most cards exchanged"),
            ("exchange_rounds", "Exchange rounds"),
        ),
    ),
    "doudizhu": Variant("doudizhu", (("ruleset", "Rules"),)),
    "triangle": Variant(
        "triangle",
        (
            ("on_tie", "A tie at the top"),
            ("tie_void", "Chance a shared grab is void"),
            ("target", "Points to win"),
        ),
    ),
    "three_thirteen": Variant(
        "three_thirteen",
        (
            ("aces", "Aces"),
            ("max_wilds_per_meld", "Most wild cards in a meld"),
            ("no_immediate_rediscard", "No throwing back the card just taken"),
            ("players", "Players (decks follow)"),
        ),
    ),
    "pyramid_poker": Variant(
        "pyramid_poker",
        (
            ("scoring", "Scoring"),
            ("target", "Match points to win"),
            ("all_three_no_pair_penalty", "Penalty for three No Pair hands"),
        ),
    ),
}
"""Each lesson (its notebook's name without ``.ipynb``) with rules to change."""


def value_words(value: Any) -> str:
    """An option's value as the rules panel says it: ``True`` "on", ``high_or_low`` "high or
    low", ``None`` "no limit"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "no limit"
    return str(value).replace("_", " ")


def variant_of(lesson: str) -> Variant | None:
    """The rules lesson ``lesson`` lets the class change (None: it has no game of its own)."""
    return VARIANTS.get(lesson.removesuffix(".ipynb"))
