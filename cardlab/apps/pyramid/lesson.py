"""The Pyramid lesson's first figures: the 55 hexagonal cards, the three pyramid shapes, the
ladder of hands, and any hand the learner types, arranged by the engine."""

from __future__ import annotations

import functools
import html
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.model import Said
from cardlab.apps.words import deck_picture
from cardlab.core.i18n import msg
from cardlab.core.stored import stored
from cardlab.games.pyramid import CLASSES, PyramidValue, evaluate, parse
from cardlab.games.pyramid.odds import key_percentile, pct
from cardlab.pictures.pyramid import (
    LADDER,
    LADDER_COLUMNS,
    arrangement_picture,
    arrangement_words,
    ladder_picture,
    ladder_rows,
    shape_examples,
    shapes_picture,
)


@dataclass(frozen=True)
class PyramidComponents(Figure):
    """The 55 hexagonal cards, every kind once with its count (the lesson shows the three
    shapes, `PyramidShapes`, after its table of the levels)."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg("The 55 Pyramid cards: every kind once, with its count")
        return (deck_picture("pyramid", theme, 80, label, msg("The 55 cards in words")),)


@dataclass(frozen=True)
class PyramidShapes(Figure):
    """The three pyramid shapes (small, middle, full), each with an example."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        return (
            Markup(str(msg("<b>The three pyramids</b> (rows top to bottom):"))),
            Picture(
                shapes_picture(theme),
                msg("The three pyramid shapes, small, middle and full, each with an example"),
                words=shapes_html(),
                words_title=msg("The three pyramids in words"),
            ),
        )


def shapes_html() -> str:
    """The text version of the three shapes: each one's example arranged, its rows, its use."""
    items = "".join(
        "<li>"
        + str(
            msg(
                "<b>{name}</b>: {shape}; {used}. Example: {example}.",
                name=html.escape(str(ex.name)),
                shape=html.escape(str(ex.shape)),
                used=html.escape(str(ex.used)),
                example=html.escape(str(arrangement_words(ex.value.arrangement))),
            )
        )
        + "</li>"
        for ex in shape_examples()
    )
    return f"<ul>{items}</ul>"


def worked_examples_html() -> str:
    """The text version of the ladder picture: every worked example (A-J), strongest first,
    with its pyramid, what it is, its key and how it compares to the next one."""
    rows = []
    examples = ladder_rows(LADDER)
    for ex, after in zip(examples, [*examples[1:], None], strict=True):
        value = ex.value
        compare = msg("the weakest example")
        if after is not None:
            if ex.sign == ">":
                compare = msg("beats {example}", example=after.name)
            else:
                compare = msg("ties with {example}", example=after.name)
        rows.append(
            f"<tr><th scope='row'>{ex.name}</th><td><code>{ex.hand}</code></td>"
            f"<td>{html.escape(str(arrangement_words(value.arrangement)))}</td>"
            f"<td>{html.escape(str(value.description))}; <code>{ex.key_text}</code></td>"
            f"<td>{html.escape(ex.sign) or '—'} <small>({html.escape(str(compare))})</small>"
            "</td></tr>"
        )
    head = "".join(f"<th scope='col'>{html.escape(str(h))}</th>" for h in LADDER_COLUMNS)
    caption = html.escape(str(msg("The worked examples, strongest first")))
    against = html.escape(str(msg("against the next")))
    return (
        f"<table class='cardlab-worked-examples'><caption>{caption}"
        f"</caption><thead><tr>{head}<th scope='col'>{against}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def ladder_table_html() -> str:
    """The 19 classes of hand from the top down, with the rule that orders each group."""
    rows = []
    for k, cls in enumerate(reversed(CLASSES), start=1):
        key = ", ".join(str(x) for x in (cls.type_rank, cls.perfect, cls.apex, cls.colour_term))
        rows.append(
            f"<tr><td>{k}</td><td>{html.escape(str(cls.name))}</td>"
            f"<td><code>({key}, …)</code></td></tr>"
        )
    best_first = html.escape(str(msg("class (best first)")))
    starts = html.escape(str(msg("key starts")))
    note = msg(
        "Keys are compared left to right: type (full 3, middle 2, small 1, none 0), "
        "perfect, Keystone apex, colour (Orange 1, Green 2, Purple 3, Keystone as level-1 4); "
        "then the unused cards, strongest first."
    )
    return (
        f"<table class='cardlab-ladder'><thead><tr><th>#</th><th>{best_first}</th>"
        f"<th>{starts}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        f"<p><small>{html.escape(str(note))}</small></p>"
    )


@dataclass(frozen=True)
class HandLadder(Figure):
    """The spec's worked examples drawn strongest first, and the 19 classes of hand with the
    rule that orders them (the learner's own hand is `HandArranger`, under it)."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg(
            "The {count} worked examples, strongest first ({first} down to {last}): each "
            "hand as dealt, its best pyramid, what it is and its key",
            count=len(LADDER),
            first=LADDER[0][0],
            last=LADDER[-1][0],
        )
        return (
            Picture(
                ladder_picture(LADDER, theme),
                label,
                words=worked_examples_html(),
                words_title=msg("The worked examples in words"),
            ),
            Markup(ladder_table_html()),
        )


@functools.lru_cache(maxsize=32)
def arranged(hand: str) -> PyramidValue:
    """The value of ``hand`` (notation): its best arrangement, once per hand typed (a theme
    change redraws it); ``ValueError`` names what is wrong with a hand that is not six cards."""
    return evaluate(parse(hand))


@stored
def beaten_share(hand: str) -> Fraction:
    """The share of all deals ``hand`` (notation) beats, ties half (`key_percentile`): the
    arranger's first hand is stored, so a page need not read the whole exact table (a tenth of
    a second) to say it."""
    return key_percentile(arranged(hand).key)


@dataclass(frozen=True)
class HandArranger(Figure):
    """Any six cards the learner types, arranged by the engine, and the share of all deals
    the hand beats (on the status line, which is where a typing mistake is said too)."""

    hand: str = "3P 3G 2O 1G 2P K"

    def __post_init__(self) -> None:
        value = arranged(self.hand)  # a hand that is not six Pyramid cards is refused here
        said = msg(
            "{hand}. It beats {share} of all 6-card hands.",
            hand=value.description,
            share=pct(beaten_share(self.hand)),
        )
        object.__setattr__(self, "said", Said(said, "ok"))  # the status line is the hand's

    def controls(self) -> tuple[Control, ...]:
        return (Control("hand-text", msg("Your hand"), kind="text", value=self.hand),)

    def _act(self, key: str, value: Any) -> HandArranger:
        return replace(self, hand=value)

    def blocks(self, theme: str) -> tuple[Block, ...]:
        value = arranged(self.hand)
        label = msg(
            "Your hand, arranged: {hand}; {arrangement}",
            hand=value.description,
            arrangement=arrangement_words(value.arrangement),
        )
        try_it = msg(
            "<b>Try it:</b> type six cards (e.g. <code>3P 3G 2O 1G 2P K</code>) and "
            "press Enter: the engine finds the best arrangement."
        )
        return (
            Markup(f"<p>{try_it}</p>"),
            Picture(arrangement_picture(value, msg("Your hand, arranged"), theme), label),
        )
