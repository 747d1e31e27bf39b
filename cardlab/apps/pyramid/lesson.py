"""The Pyramid lesson's first panels: the 55 hexagonal cards with the three pyramid shapes, and
the ladder of hands with any hand the learner types, arranged by the engine."""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.games.pyramid import CLASSES, evaluate, parse
from cardlab.games.pyramid.odds import key_percentile, pct
from cardlab.pictures.pyramid import LADDER, arrangement_picture, ladder_picture, shapes_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets import CanvasView
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

LEVELS_HTML = """
<table class='cardlab-levels'><thead><tr><th>level</th><th>face</th><th>corner index</th>
<th>cards per colour</th><th>in the deck</th></tr></thead><tbody>
<tr><td>3</td><td>plain white</td><td>3 small triangles</td><td>9</td><td>27</td></tr>
<tr><td>2</td><td>outline triangle</td><td>2 small triangles</td><td>6</td><td>18</td></tr>
<tr><td>1</td><td>solid triangle</td><td>1 big triangle</td><td>3</td><td>9</td></tr>
<tr><td>Keystone <code>K</code></td><td>black level-1 card, "WILD"</td><td>1 big triangle</td>
<td>&mdash;</td><td>1</td></tr></tbody></table>
<p>Three colours, strongest first: <b>Purple (P) &gt; Green (G) &gt; Orange (O)</b>. A card is
written level then colour: <code>3P</code> is a level-3 Purple. Cards with the same level and
colour are identical, so the 55 cards come in only ten kinds. The <b>Keystone</b> is wild: it
stands for any one card, level and colour, that you choose.</p>
"""


class PyramidComponents(LessonPanel):
    """The 55 hexagonal cards (every kind once, with its count) and the three pyramid shapes."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.deck = self.view
        self.shapes = CanvasView(10, 10, status=self.status)
        self.levels = widgets.HTML(LEVELS_HTML)
        self.children = [
            self.deck.widget,
            self.levels,
            widgets.HTML("<b>The three pyramids</b> (rows top to bottom):"),
            self.shapes.widget,
            self.status.widget,
        ]
        self.redraw()

    def _redraw(self) -> None:
        self.deck.draw(deck_sheet("pyramid", self.theme, card_w=80))
        self.shapes.draw(shapes_picture(self.theme))


def ladder_table_html() -> str:
    """The 19 classes of hand from the top down, with the rule that orders each group."""
    rows = []
    for k, cls in enumerate(reversed(CLASSES), start=1):
        key = ", ".join(str(x) for x in (cls.type_rank, cls.perfect, cls.apex, cls.colour_term))
        rows.append(
            f"<tr><td>{k}</td><td>{html.escape(cls.name)}</td><td><code>({key}, …)</code></td></tr>"
        )
    return (
        "<table class='cardlab-ladder'><thead><tr><th>#</th><th>class (best first)</th>"
        "<th>key starts</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<p><small>Keys are compared left to right: type (full 3, middle 2, small 1, none 0), "
        "perfect, Keystone apex, colour (Orange 1, Green 2, Purple 3, Keystone as level-1 4); "
        "then the unused cards, strongest first.</small></p>"
    )


class HandLadder(LessonPanel):
    """The spec's worked examples drawn strongest first, and any hand the learner types."""

    def __init__(self, picker: ThemePicker, hand: str = "3P 3G 2O 1G 2P K") -> None:
        super().__init__(picker, size=(10, 10))
        self.ladder = self.view
        self.text = widgets.Text(value=hand, description="Your hand", continuous_update=False)
        self.text.add_class("cardlab-hand-text")
        self.mine = CanvasView(10, 10, status=self.status)
        self.table = widgets.HTML(ladder_table_html())
        self.text.observe(guarded(self.status, lambda _: self.show_hand()), names="value")
        self.children = [
            self.ladder.widget,
            widgets.HTML(
                "<p><b>Try it:</b> type six cards (e.g. <code>3P 3G 2O 1G 2P K</code>) and "
                "press Enter: the engine finds the best arrangement.</p>"
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
        self.mine.draw(arrangement_picture(value, "Your hand, arranged", self.theme))
        self.status.ok(f"{value.description}. It beats {pct(share)} of all 6-card hands.")

    def picture(self) -> Drawing:
        return ladder_picture(LADDER, self.theme)

    def _redraw(self) -> None:
        super()._redraw()
        self.show_hand()
