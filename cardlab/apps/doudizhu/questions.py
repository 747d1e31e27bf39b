"""The Dou Dizhu quiz's questions: "what type is this?" and "does this beat that?", dealt by the
engine from every legal play of a full deck, each answer explained with the engine's reason
(pure: the quiz widget and the printed worksheet both ask them)."""

from __future__ import annotations

import html
import random
from dataclasses import dataclass

from cardlab.apps.asked import RIGHT, Asked, asked
from cardlab.core.cards import STANDARD54
from cardlab.core.stored import stored
from cardlab.core.text import sentence
from cardlab.games.doudizhu import KIND_NAMES, Combo, classify, legal_plays
from cardlab.games.doudizhu.combos import combo_beats
from cardlab.games.doudizhu.explain import why_not_beating


@dataclass(frozen=True)
class QuizQuestion:
    """``kind`` "type": what type is ``play``?  ``kind`` "beats": does ``play`` beat ``table``?"""

    kind: str
    play: Combo
    table: Combo | None
    options: tuple[tuple[str, str], ...]
    answer: str
    explanation: str

    @property
    def prompt(self) -> str:
        if self.kind == "type":
            return f"What type is <b>{self.play.text}</b>?"
        return f"Does <b>{self.play.text}</b> beat <b>{self.table.text}</b> on the table?"


def _deck_plays(ruleset: str) -> dict[str, list[Combo]]:
    out: dict[str, list[Combo]] = {}
    for combo in legal_plays(STANDARD54.cards(), None, ruleset):
        out.setdefault(combo.kind, []).append(combo)
    return out


_PLAYS: dict[str, dict[str, list[Combo]]] = {}


@stored
def quiz_question(seed: int, ruleset: str = "cardavia") -> QuizQuestion:
    """A question dealt by the engine from every legal play of a full deck (tens of thousands
    of plays, half a second and 7 MiB: the page's first question is stored)."""
    plays = _PLAYS.setdefault(ruleset, _deck_plays(ruleset))
    rng = random.Random(f"doudizhu-quiz:{seed}")
    kinds = [k for k in KIND_NAMES if k != "rocket"]
    if seed % 2 == 0:
        play = rng.choice(plays[rng.choice(kinds)])
        readings = classify(play.counts, ruleset)
        options = tuple((name, kind) for kind, name in KIND_NAMES.items())
        explanation = " or ".join(r.name for r in readings)
        if len(readings) > 1:
            explanation += " (these cards can be read two ways: either answer is right)"
        answer = "|".join(r.kind for r in readings)
        return QuizQuestion("type", play, None, options, answer, f"{play.text} is {explanation}.")
    table = rng.choice(plays[rng.choice(kinds)])
    twist = rng.random()
    if twist < 0.55:
        same = [p for p in plays[table.kind] if p.size == table.size]
        play = rng.choice(same)
    elif twist < 0.75:
        play = rng.choice(plays["bomb"] + plays["rocket"])
    else:
        play = rng.choice(plays[rng.choice(kinds)])
    yes = combo_beats(play, table)
    why = (
        f"{play.name} beats {table.name}"
        + (
            ": the rocket beats everything"
            if play.kind == "rocket"
            else ": a bomb beats any non-bomb"
            if play.kind == "bomb" and table.kind != "bomb"
            else ": same type and size, higher main rank"
        )
        if yes
        else sentence(why_not_beating(play, table))
    )
    options = (("Yes, it beats it", "yes"), ("No", "no"))
    return QuizQuestion("beats", play, table, options, "yes" if yes else "no", why + ".")


question = quiz_question


def prompt_html(q: QuizQuestion) -> str:
    return f"<p>{q.prompt}</p>"


def choices(q: QuizQuestion) -> tuple[tuple[str, str], ...]:
    return q.options


def answer(q: QuizQuestion) -> str:
    """A right value (the first reading when the cards can be read two ways)."""
    return q.answer.split("|")[0]


def feedback(q: QuizQuestion, value: str) -> tuple[bool, str, str]:
    """Whether ``value`` is right, the verdict's head and why (HTML)."""
    right = value in q.answer.split("|")
    return right, RIGHT if right else "<b>\u2718 Not quite.</b>", html.escape(q.explanation)


def asked_for(seed: int) -> Asked:
    """The question dealt with ``seed``, in words."""
    return asked(question(seed), prompt_html, choices, answer, feedback)
