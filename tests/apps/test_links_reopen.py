"""Every position a learner can reach, shared, reopens as it was (issue 27).

For each lesson's stepped deal, its what-if tree and its table: drive a fresh page in some
language to a random position (steps, eyes, what-if branches from the legal moves, the
table's enabled controls, its suggestions and hints, its cards and canvas), take the page's
link, follow it on another fresh page in the same language, and the panel must show the same
picture and every same text.  The ends of a deal, a line, a hand, a round and a game are
explicit cases: the last step, where the table waits for the next hand, round or game.

Not compared: the status line (the reopened page says "This link: ..." there) and the what-if
row's answer line (what the last press said: "What if 1: the bots played on ...", the AI's
answer), the share box and the results download, which are the learner's record of the
session, not the position.
A link holds one game (`TableModel.opened`); the rows a Dou Dizhu score sheet keeps from the
deals before New deal come with it as numbers (the table's ``sheet`` setting).

The tests are grouped in classes so that ``--dist loadscope`` spreads them over the workers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_games import MODELS
from test_hidden_information import _steppers
from test_whatif_steppers import choice_steps, line_is_over

from cardlab.apps.decks import DealStepper as DecksDeal
from cardlab.core.i18n import LANGUAGES, set_language
from cardlab.widgets.autoplay import step as suggested
from cardlab.widgets.figure_view import FigureView
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.table import TableView

pytestmark = pytest.mark.usefixtures("no_class")

EXAMPLES = 50
"""Random positions per game and kind of panel (stepper, what-if tree, table) in a run."""
RANDOM = settings(
    max_examples=EXAMPLES,
    derandomize=True,  # the same positions on every run, so CI is repeatable (turn it off
    # locally to explore other positions)
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
LANGS = st.sampled_from(list(LANGUAGES))
GAMES = list(_steppers())
_ID = re.compile(r"(cardlab-[a-z-]+)-[0-9a-f]+-\d+")
"""A DOM id of one panel (`cardlab.widgets.a11y.element_id`): each page numbers its own."""


@pytest.fixture(autouse=True)
def english_after():
    """A page in another language makes it the kernel's: the next test speaks English again."""
    yield
    set_language("en")


# -- what a panel shows --------------------------------------------------------------------------
SEEN = ("_dom_classes", "_options_labels")
"""The private traits a learner sees: a widget's classes (they style it) and a list's labels."""
UNSEEN = ("layout", "style", "children", "tabbable")
SAID = "cardlab-whatif-answer"
"""The class of the what-if row's answer line: what the last press said, like a status line."""


def shown(panel: Any) -> list[tuple[str, str]]:
    """Every widget under ``panel`` a learner sees (not hidden: a hand's spare card buttons
    wait hidden) with its texts, labels, values, options and whether it is enabled, in page
    order; and the canvas's picture, its drawing ops."""
    skip = {id(panel.status.widget), id(panel.share_box)}
    results = getattr(panel, "results", None)
    if results is not None:
        skip.add(id(results.widget))
    views = [panel.view] if panel.view is not None else [s.canvas for s in panel.shown if s.canvas]
    out = [("picture", repr(view.drawing.ops)) for view in views]

    def visit(widget: widgets.Widget) -> None:
        if id(widget) in skip or widget.layout.display == "none" or SAID in widget._dom_classes:
            return
        traits = [k for k in widget.keys if k in SEEN or not (k.startswith("_") or k in UNSEEN)]
        values = repr([(k, getattr(widget, k)) for k in sorted(traits)])
        out.append((type(widget).__name__, _ID.sub(r"\1", values)))
        for child in getattr(widget, "children", ()):
            visit(child)

    visit(panel)
    return out


def reopened(page: LessonPage, key: str, build: Callable[[LessonPage], Any]) -> Any:
    """The panel ``key`` of a fresh page in ``page``'s language, opened at ``page``'s link."""
    query = urlsplit(page.address_of(key)).query
    other = LessonPage(page.lesson, lang=page.lang)
    panel = build(other)
    other.follow("?" + query)
    return panel


def assert_reopens(page: LessonPage, panel: Any, build: Callable[[LessonPage], Any]) -> None:
    """``panel``'s link reopens it with the same position, picture and texts."""
    key = panel.share_key
    link = page.address_of(key)
    again = reopened(page, key, build)
    assert again.position() == panel.position(), link
    before, after = shown(panel), shown(again)
    for was, now in zip(before, after, strict=False):
        assert now == was, link
    assert len(after) == len(before), link


# -- stepped deals and their what-if trees -------------------------------------------------------
def stepper_page(game: str, lang: str) -> tuple[LessonPage, Any, Callable[[LessonPage], Any]]:
    make = _steppers()[game]
    page = LessonPage(game, lang=lang)
    return page, make(page), make


def decks_page(lang: str) -> tuple[LessonPage, FigureView, Callable[[LessonPage], Any]]:
    """The decks lesson's page in ``lang`` and its stepped deal (a figure)."""

    def make(page: LessonPage) -> FigureView:
        return page.show(DecksDeal.start())

    page = LessonPage("00_decks", lang=lang)
    return page, make(page), make


def values(widget: widgets.Widget) -> st.SearchStrategy[Any]:
    """One of the values a list widget offers."""
    return st.sampled_from([value for _, value in widget.options])


def wander(data: st.DataObject, stepper: Any) -> None:
    """Steps forward and back, jumps, and the eyes of someone at the table."""
    for _ in range(data.draw(st.integers(0, 4), label="moves")):
        how = data.draw(st.sampled_from(["next", "back", "go"]), label="how")
        if how == "go":
            stepper.stepper.go(data.draw(st.integers(0, len(stepper.replay)), label="step"))
        else:
            getattr(stepper.stepper, how)()
    eyes = getattr(stepper, "eyes", None)
    if eyes is not None:
        eyes.value = data.draw(values(eyes), label="eyes")


def branch_somewhere(data: st.DataObject, stepper: Any) -> None:
    """A what-if from a step of the line shown where the seat to act has another move: one
    chosen in the list, or the AI's answer."""
    stepper.stepper.go(data.draw(st.sampled_from(choice_steps(stepper.replay)), label="from"))
    stepper.eyes.value = -1
    asked = data.draw(st.booleans(), label="ask the AI")
    if asked:
        stepper.whatif.ask.click()
    if not asked or not data.draw(st.booleans(), label="play the AI's move"):
        stepper.whatif.moves.value = data.draw(values(stepper.whatif.moves), label="move")
    stepper.whatif.play.click()
    assert line_is_over(stepper), stepper.status.message


def press_figure(data: st.DataObject, view: FigureView) -> None:
    """One press of a figure's enabled control: a button, a choice, or a step."""
    enabled = [c for c in view.model.controls() if c.enabled]
    control = data.draw(st.sampled_from(enabled), label="control")
    widget = view.controls[control.key]
    if control.kind == "button":
        widget.click()
    elif control.kind == "steps":
        widget.value = data.draw(st.integers(0, len(view.model.replay)), label="step")
    else:
        widget.value = data.draw(values(widget), label="choice")


class TestSteppedDeals:
    @pytest.mark.parametrize("game", GAMES)
    @RANDOM
    @given(data=st.data(), lang=LANGS)
    def test_a_stepped_deal_reopens_where_it_was(self, game, data, lang):
        page, stepper, make = stepper_page(game, lang)
        wander(data, stepper)
        assert_reopens(page, stepper, make)

    @pytest.mark.parametrize("lang", list(LANGUAGES))
    @pytest.mark.parametrize("game", GAMES)
    def test_the_last_step_of_a_deal_reopens(self, game, lang):
        page, stepper, make = stepper_page(game, lang)
        stepper.stepper.go(len(stepper.replay))
        assert_reopens(page, stepper, make)

    @RANDOM
    @given(data=st.data(), lang=LANGS)
    def test_the_decks_deal_reopens_where_it_was(self, data, lang):
        page, deal, make = decks_page(lang)
        for _ in range(data.draw(st.integers(0, 6), label="presses")):
            press_figure(data, deal)
        assert deal.status.level != "error", deal.status.message
        assert_reopens(page, deal, make)
        assert reopened(page, "deal", make).model == deal.model

    @pytest.mark.parametrize("lang", list(LANGUAGES))
    def test_the_last_step_of_the_decks_deal_reopens(self, lang):
        page, deal, make = decks_page(lang)
        deal.controls["deck"].value = "pyramid"
        deal.controls["end"].click()
        assert deal.model.step == len(deal.model.replay)
        assert_reopens(page, deal, make)


class TestWhatIfTrees:
    @pytest.mark.parametrize("game", GAMES)
    @RANDOM
    @given(data=st.data(), lang=LANGS)
    def test_a_what_if_tree_reopens_on_its_line(self, game, data, lang):
        page, stepper, make = stepper_page(game, lang)
        for _ in range(data.draw(st.integers(1, 2), label="branches")):
            if len(stepper.tree.lines) > 1 and data.draw(st.booleans(), label="another line"):
                stepper.whatif.lines.value = data.draw(values(stepper.whatif.lines), label="line")
            branch_somewhere(data, stepper)
        wander(data, stepper)
        assert_reopens(page, stepper, make)

    @pytest.mark.parametrize(("game", "lang"), list(zip(GAMES, [*LANGUAGES, "en"], strict=True)))
    def test_the_last_step_of_a_what_if_reopens(self, game, lang):
        page, stepper, make = stepper_page(game, lang)
        steps = choice_steps(stepper.replay)
        stepper.stepper.go(steps[len(steps) // 2])
        stepper.whatif.ask.click()  # the AI's move if it differs, else the first other move
        stepper.whatif.play.click()
        stepper.stepper.go(len(stepper.replay))
        assert stepper.line == 1
        assert_reopens(page, stepper, make)


# -- tables --------------------------------------------------------------------------------------
def table_page(game: str, lang: str) -> tuple[LessonPage, TableView, Callable[[LessonPage], Any]]:
    def make(page: LessonPage) -> TableView:
        return TableView(MODELS[game].start(), page)

    page = LessonPage(game, lang=lang)
    return page, make(page), make


def press_something(data: st.DataObject, table: TableView) -> None:
    """One learner's press: the suggestion, an enabled control (a hint included), a card, or
    a spot on the canvas."""
    how = data.draw(st.sampled_from(["suggested", "suggested", "control", "card", "canvas"]))
    if how == "suggested":
        suggested(table)
    elif how == "control":
        enabled = [c for c in table.model.controls() if c.enabled and c.key in table.controls]
        if not enabled:
            return
        control = data.draw(st.sampled_from(enabled), label="control")
        widget = table.controls[control.key]
        if control.kind == "button":
            widget.click()
        elif control.kind == "toggle":
            widget.value = not widget.value
        else:
            widget.value = data.draw(values(widget), label="choice")
    elif how == "card":
        cards = [
            b for b in table.hand.buttons.children if not b.disabled and b.layout.display != "none"
        ]
        if cards:
            card = data.draw(st.sampled_from(cards), label="card")
            card.value = not card.value
    else:
        boxes = table.view.drawing.hit_boxes()
        if boxes:  # a tap at the middle of a spot, through the canvas's own pointer handler
            box = data.draw(st.sampled_from(boxes), label="spot")
            scale = table.view.scale
            table.view.handle_pointer([((box.x + box.w / 2) * scale, (box.y + box.h / 2) * scale)])


def at_the_next_end(table: TableView) -> str:
    """Play the suggestions until the table waits for the next hand, round or game; the key
    of the control that begins it."""
    for _ in range(2000):
        tip = table.model.suggest()
        if tip.key in (*table.model.again, "next-round"):
            return tip.key
        suggested(table)
    raise AssertionError("no end after 2000 presses")


class TestTables:
    @pytest.mark.parametrize("game", list(MODELS))
    @RANDOM
    @given(data=st.data(), lang=LANGS)
    def test_a_table_reopens_where_it_was(self, game, data, lang):
        page, table, make = table_page(game, lang)
        for _ in range(data.draw(st.integers(0, 10), label="presses")):
            press_something(data, table)
        assert_reopens(page, table, make)

    @pytest.mark.parametrize(("game", "lang"), list(zip(MODELS, [*LANGUAGES, "zh"], strict=True)))
    def test_a_table_at_each_end_reopens(self, game, lang):
        """Every end of a game: each hand's or round's, the game's, and the next game begun."""
        page, table, make = table_page(game, lang)
        while True:
            key = at_the_next_end(table)
            assert_reopens(page, table, make)
            suggested(table)
            if key == table.model.again[-1]:
                break
        assert_reopens(page, table, make)

    def test_a_dou_dizhu_table_after_new_deal_reopens_with_its_score_sheet(self):
        page, table, make = table_page("doudizhu", "ru")
        for _ in range(2):
            at_the_next_end(table)
            suggested(table)  # New deal: the sheet keeps the deal's row
        assert len(table.scores.rows) == 2
        assert_reopens(page, table, make)
