"""`Asked`: one dealt quiz question as words, shared by a lesson's quiz widget and the printed
worksheet (`cardlab.handouts`), so both ask the same thing and explain it the same way.

Each game's ``questions.py`` deals its questions (``question(seed)``), says them
(``prompt_html``, ``choices``), marks an answer (``feedback``) and names a right one
(``answer``); `asked` puts those together.  A question follows the lesson's rules where they
change its position or its answer: ``question(seed, options)`` reads the options it depends on
(`rules_of`; none given: the standard rules, which the worksheet asks).  Pure: no widgets.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardlab.core.engine import get_game
from cardlab.core.i18n import Message, msg
from cardlab.core.options import check_options

RIGHT = msg("<b>\u2714 Right!</b>")
"""The head of the feedback to a right answer."""


@dataclass(frozen=True)
class Asked:
    """A question in words: its ``prompt`` (HTML, the position in words: nothing is only
    drawn), its (label, value) ``choices``, a right ``answer`` value and the ``explanation``
    (HTML) the quiz shows for it."""

    prompt: str
    choices: tuple[tuple[str, str], ...]
    answer: str
    explanation: str

    @property
    def answer_label(self) -> str:
        """The right choice as the learner reads it."""
        return next(label for label, value in self.choices if value == self.answer)


def asked(
    q: Any,
    prompt_html: Callable[[Any], str],
    choices: Callable[[Any], Sequence[tuple[str, str]]],
    answer: Callable[[Any], str],
    feedback: Callable[[Any, str], tuple[bool, str | Message, str]],
) -> Asked:
    """A game's question ``q`` in words, from its ``questions.py`` functions."""
    right = answer(q)
    _ok, _head, body = feedback(q, right)
    return Asked(prompt_html(q), tuple(choices(q)), right, body)


def items_html(lines: Iterable[str], tag: str = "ul") -> str:
    """Plain-text ``lines`` as an HTML list (escaped)."""
    items = "".join(f"<li>{html.escape(str(line))}</li>" for line in lines)
    return f"<{tag}>{items}</{tag}>"


def rules_of(game: str, options: Mapping[str, Any] | None, names: Iterable[str]) -> dict[str, Any]:
    """The options ``names`` of ``game`` under ``options`` (a full or partial options dict; the
    standard rules where one is not given), checked: ``ValueError`` naming a bad value."""
    names = tuple(names)
    given = {n: options[n] for n in names if options and n in options}
    checked = check_options(get_game(game), given)
    return {n: checked[n] for n in names}
