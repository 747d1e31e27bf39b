"""The Pyramid lesson's first panels: the 55 hexagonal cards with the three pyramid shapes, and
the ladder of hands with any hand the learner types, arranged by the engine."""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.apps.words import deck_words
from cardlab.core.i18n import msg
from cardlab.games.pyramid import CLASSES, evaluate, parse
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
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets import CanvasView
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker


class PyramidComponents(LessonPanel):
    """The 55 hexagonal cards (every kind once, with its count) and the three pyramid shapes.
    The panel shows the cards; the notebook shows the shapes, ``pyramids``, after the lesson's
    table of the levels."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.deck = self.canvas_view
        self.deck_words = TextVersion(str(msg("The 55 cards in words")), deck_words("pyramid"))
        describe(
            self.deck,
            str(msg("The 55 Pyramid cards: every kind once, with its count")),
            self.deck_words,
        )
        self.shapes = CanvasView(10, 10, status=self.status)
        self.shape_words = TextVersion(str(msg("The three pyramids in words")), shapes_html())
        describe(
            self.shapes,
            str(msg("The three pyramid shapes, small, middle and full, each with an example")),
            self.shape_words,
        )
        self.pyramids = widgets.VBox(
            [
                widgets.HTML(str(msg("<b>The three pyramids</b> (rows top to bottom):"))),
                self.shapes.widget,
                self.shape_words.widget,
            ]
        )
        self.children = [self.deck.widget, self.deck_words.widget, self.status.widget]
        self.redraw()

    def _redraw(self) -> None:
        self.deck.draw(deck_sheet("pyramid", self.theme, card_w=80))
        self.shapes.draw(shapes_picture(self.theme))


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


class HandLadder(LessonPanel):
    """The spec's worked examples drawn strongest first, and any hand the learner types."""

    def __init__(self, picker: ThemePicker, hand: str = "3P 3G 2O 1G 2P K") -> None:
        super().__init__(picker, size=(10, 10))
        self.ladder = self.canvas_view
        self.examples = TextVersion(
            str(msg("The worked examples in words")), worked_examples_html()
        )
        describe(
            self.ladder,
            str(
                msg(
                    "The {count} worked examples, strongest first ({first} down to {last}): each "
                    "hand as dealt, its best pyramid, what it is and its key",
                    count=len(LADDER),
                    first=LADDER[0][0],
                    last=LADDER[-1][0],
                )
            ),
            self.examples,
        )
        self.text = widgets.Text(
            value=hand, description=str(msg("Your hand")), continuous_update=False
        )
        self.text.add_class("cardlab-hand-text")
        self.mine = CanvasView(10, 10, status=self.status)
        self.table = widgets.HTML(ladder_table_html())
        self.text.observe(guarded(self.status, lambda _: self.show_hand()), names="value")
        self.children = [
            self.ladder.widget,
            self.examples.widget,
            widgets.HTML(
                "<p>"
                + str(
                    msg(
                        "<b>Try it:</b> type six cards (e.g. <code>3P 3G 2O 1G 2P K</code>) and "
                        "press Enter: the engine finds the best arrangement."
                    )
                )
                + "</p>"
            ),
            self.text,
            self.mine.widget,
            self.status.widget,
            self.table,
        ]
        self.redraw()

    def show_hand(self, text: str | None = None) -> None:
        """Arrange the typed hand (or ``text``, put in the box): its picture and its percentile."""
        if text is not None:
            self.text.value = text
            return
        value = evaluate(parse(self.text.value))
        share = key_percentile(value.key)
        self.mine.draw(arrangement_picture(value, msg("Your hand, arranged"), self.theme))
        self.mine.describe(
            str(
                msg(
                    "Your hand, arranged: {hand}; {arrangement}",
                    hand=value.description,
                    arrangement=arrangement_words(value.arrangement),
                )
            )
        )
        self.status.ok(
            str(
                msg(
                    "{hand}. It beats {share} of all 6-card hands.",
                    hand=value.description,
                    share=pct(share),
                )
            )
        )

    def picture(self) -> Drawing:
        return ladder_picture(LADDER, self.theme)

    def _redraw(self) -> None:
        super()._redraw()
        self.show_hand()
