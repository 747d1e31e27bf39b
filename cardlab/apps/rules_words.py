"""The words a figure carries when the page's rules are not the standard ones.

A lesson's figures follow its rules panel (`cardlab.widgets.lesson_page`); a figure computed
under other rules says so next to it, naming only the options it depends on, in the rules
panel's own labels (`cardlab.lessons.variants`), so a reader never mistakes it for the figure the
lesson's prose quotes.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Any

from cardlab.core.i18n import msg
from cardlab.lessons.variants import VARIANTS, rules_words


def changed_rules(lesson: str, options: Mapping[str, Any], names: Iterable[str]) -> str:
    """The options among ``names`` that differ from the lesson's standard rules, in words
    ("Jokers: wild; Five of a kind is Five Up: off"); "" when there are none."""
    variant = VARIANTS[lesson]
    changed = variant.changed(dict(options))
    return rules_words(variant.game, {n: changed[n] for n in names if n in changed})


def rules_note(lesson: str, options: Mapping[str, Any], names: Iterable[str]) -> str:
    """A line of HTML saying which rules a figure is for ("" under the standard rules)."""
    words = changed_rules(lesson, options, names)
    if not words:
        return ""
    note = msg(
        "Under this page's rules ({rules}), not the standard ones the text quotes.",
        rules=html.escape(words),
    )
    return f"<p class='cardlab-rules-note'><i>{note}</i></p>"
