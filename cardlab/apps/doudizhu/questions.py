"""The Dou Dizhu quiz's questions: "what type is this?" and "does this beat that?", dealt by the
engine from every legal play of a full deck, each answer explained with the engine's reason
(pure: the quiz widget and the printed worksheet both ask them).

The questions follow the page's ``ruleset``: the cards are dealt from every play Cardavia's
rules allow (the looser ones: pagat's wings are a subset), and read and compared by the
engine under the page's ruleset, so under pagat's rules some cards are no combination at all
("Not a combination under this page's rules" is then a choice)."""

from __future__ import annotations

import html
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardlab.apps.asked import RIGHT, Asked, asked, rules_of
from cardlab.apps.rules_words import rules_note
from cardlab.core.cards import STANDARD54
from cardlab.core.i18n import Message, msg
from cardlab.core.stored import stored
from cardlab.core.text import sentence
from cardlab.games.doudizhu import KIND_NAMES, Combo, classify, legal_plays
from cardlab.games.doudizhu.combos import combo_beats
from cardlab.games.doudizhu.explain import why_not_beating, why_not_combo

RULES = ("ruleset",)
"""The options a question depends on."""
LOOSEST = "cardavia"
"""The ruleset whose plays hold every other's: the cards of a question are dealt from them."""
NONE = (msg("Not a combination under this page's rules"), "none")
"""The choice for cards that make no combination (offered under a stricter ruleset only)."""


@dataclass(frozen=True)
class QuizQuestion:
    """``kind`` "type": what type is ``play``?  ``kind`` "beats": does ``play`` beat ``table``?"""

    kind: str
    play: Combo
    table: Combo | None
    options: tuple[tuple[Message, str], ...]
    answer: str
    explanation: Message
    ruleset: str = LOOSEST

    @property
    def prompt(self) -> str:
        if self.kind == "type":
            return str(msg("What type is <b>{cards}</b>?", cards=self.play.text))
        return str(
            msg(
                "Does <b>{cards}</b> beat <b>{table}</b> on the table?",
                cards=self.play.text,
                table=self.table.text,  # type: ignore[union-attr]
            )
        )


def _deck_plays(ruleset: str) -> dict[str, list[Combo]]:
    out: dict[str, list[Combo]] = {}
    for combo in legal_plays(STANDARD54.cards(), None, ruleset):
        if isinstance(combo, Combo):  # leading: every play is a combination, none a pass
            out.setdefault(combo.kind, []).append(combo)
    return out


_PLAYS: dict[str, dict[str, list[Combo]]] = {}


def _plays(ruleset: str) -> dict[str, list[Combo]]:
    """Every legal play of a full deck under ``ruleset`` by kind (computed once)."""
    if ruleset not in _PLAYS:
        _PLAYS[ruleset] = _deck_plays(ruleset)
    return _PLAYS[ruleset]


@stored
def quiz_question(seed: int, ruleset: str = LOOSEST) -> QuizQuestion:
    """A question dealt by the engine from every legal play of a full deck (tens of thousands
    of plays, half a second and 7 MiB: the page's first question is stored), read and compared
    under ``ruleset``.  The table's play is legal under ``ruleset``; the cards asked about are
    dealt from every play of `LOOSEST` rules and may be none under a stricter ruleset."""
    plays = _plays(LOOSEST)
    rng = random.Random(f"doudizhu-quiz:{seed}")
    kinds = [k for k in KIND_NAMES if k != "rocket"]
    strict = [NONE] if ruleset != LOOSEST else []
    if seed % 2 == 0:
        play = rng.choice(plays[rng.choice(kinds)])
        readings = classify(play.counts, ruleset)
        options = tuple((name, kind) for kind, name in KIND_NAMES.items()) + tuple(strict)
        if not readings:
            why = msg(
                "{cards} is not a combination under this page's rules: {reason}.",
                cards=play.text,
                reason=why_not_combo(play.counts, ruleset),
            )
            return QuizQuestion("type", play, None, options, "none", why, ruleset)
        answer = "|".join(r.kind for r in readings)
        if len(readings) > 1:
            explanation = msg(
                "{cards} is {first} or {second} (these cards can be read two ways: either "
                "answer is right).",
                cards=play.text,
                first=readings[0].name,
                second=readings[1].name,
            )
        else:
            explanation = msg("{cards} is {name}.", cards=play.text, name=readings[0].name)
        return QuizQuestion("type", play, None, options, answer, explanation, ruleset)
    table = rng.choice(_plays(ruleset)[rng.choice(kinds)])
    twist = rng.random()
    if twist < 0.55:
        same = [p for p in plays[table.kind] if p.size == table.size]
        play = rng.choice(same)
    elif twist < 0.75:
        play = rng.choice(plays["bomb"] + plays["rocket"])
    else:
        play = rng.choice(plays[rng.choice(kinds)])
    options = ((msg("Yes, it beats it"), "yes"), (msg("No"), "no"))
    readings = classify(play.counts, ruleset)
    if not readings:
        why = msg(
            "No: {cards} is not a combination under this page's rules ({reason}), so it cannot "
            "be played at all.",
            cards=play.text,
            reason=why_not_combo(play.counts, ruleset),
        )
        return QuizQuestion("beats", play, table, options, "no", why, ruleset)
    beating = [r for r in readings if combo_beats(r, table)]
    yes = bool(beating)
    play = beating[0] if yes else readings[0]
    if not yes:
        why = msg("{reason}.", reason=Sentence(why_not_beating(play, table)))
    elif play.kind == "rocket":
        why = msg(
            "{play} beats {table}: the rocket beats everything.", play=play.name, table=table.name
        )
    elif play.kind == "bomb" and table.kind != "bomb":
        why = msg(
            "{play} beats {table}: a bomb beats any non-bomb.", play=play.name, table=table.name
        )
    else:
        why = msg(
            "{play} beats {table}: same type and size, higher main rank.",
            play=play.name,
            table=table.name,
        )
    return QuizQuestion("beats", play, table, options, "yes" if yes else "no", why, ruleset)


@dataclass(frozen=True)
class Sentence:
    """A reason read as a sentence of its own (its first letter upper-case), in any language."""

    said: Message

    def text(self, seat: int | None = None, lang: str | None = None) -> str:
        return sentence(self.said.text(seat, lang))

    def __str__(self) -> str:
        return self.text()


def question(seed: int, options: Mapping[str, Any] | None = None) -> QuizQuestion:
    """The lesson's question for ``seed`` under the game's ``options`` (default: the standard
    rules); ``ValueError`` naming a bad option."""
    return quiz_question(seed, **rules_of("doudizhu", options, RULES))


def prompt_html(q: QuizQuestion) -> str:
    """The question (and the rules when they are not the standard ones)."""
    return rules_note("doudizhu", {"ruleset": q.ruleset}, RULES) + f"<p>{q.prompt}</p>"


def choices(q: QuizQuestion) -> tuple[tuple[str, str], ...]:
    """The choices, in the current language."""
    return tuple((str(label), value) for label, value in q.options)


def answer(q: QuizQuestion) -> str:
    """A right value (the first reading when the cards can be read two ways)."""
    return q.answer.split("|")[0]


def feedback(q: QuizQuestion, value: str) -> tuple[bool, str | Message, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML)."""
    right = value in q.answer.split("|")
    wrong = str(msg("<b>\u2718 Not quite.</b>"))
    return right, RIGHT if right else wrong, html.escape(str(q.explanation))


def asked_for(seed: int, options: Mapping[str, Any] | None = None) -> Asked:
    """The question dealt with ``seed`` under ``options`` (default: the standard rules), in
    words."""
    return asked(question(seed, options), prompt_html, choices, answer, feedback)
