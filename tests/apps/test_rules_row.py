"""The rules row has no side effects (issue 26, item 5): it shows the values the page really
plays, a change of one rule changes no other (the table keeps its players and its finished
hands' results), a panel about the stepped deal shows the deal the stepper plays, and the
notes over a seeded deal name the rules in the row's own words."""

from __future__ import annotations

import re

import pytest
from test_variants import set_rule, standard, text_of

from cardlab.apps.pyramid.table import PyramidTable
from cardlab.apps.three_thirteen.table import ThreeThirteenTable
from cardlab.apps.triad.table import TriadTable
from cardlab.core.i18n import using_language
from cardlab.core.results import read_results
from cardlab.lessons.variants import VARIANTS, value_words
from cardlab.widgets.autoplay import step
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.stepper_view import StepperView
from cardlab.widgets.table import TableView

TABLES = {
    "triad": lambda: TriadTable.start(opponents=2),
    "pyramid": lambda: PyramidTable.start(seed=2, opponents=2),
    "three_thirteen": lambda: ThreeThirteenTable.start(seed=7),
}
"""The lessons whose rules row has Players, each with its table as the lesson builds it."""


pytestmark = pytest.mark.usefixtures("no_class")


def table_page(lesson: str) -> tuple[LessonPage, TableView]:
    page = LessonPage(lesson)
    return page, TableView(TABLES[lesson](), page)


def downloaded(table: TableView) -> str:
    from urllib.parse import unquote

    href = re.search(r'href="data:text/csv;charset=utf-8,([^"]*)"', table.results.link.value)
    assert href is not None
    return unquote(href.group(1))


@pytest.mark.parametrize("lesson", sorted(TABLES))
def test_the_rules_row_shows_the_tables_players(lesson):
    page, table = table_page(lesson)
    assert page.rules is not None
    assert page.rules.controls["players"].value == table.model.state.players
    assert page.rules.changed == {}, "the table's own players are the lesson's standard"


@pytest.mark.parametrize("lesson", sorted(TABLES))
def test_another_rule_keeps_the_players_and_the_other_rules(lesson):
    """Every other option, changed alone: the table keeps its players (also the ones the
    learner chose at the table), and the row keeps every other value."""
    page, table = table_page(lesson)
    assert page.rules is not None
    if "opponents" in table.controls:  # the learner seats 1 AI at the table itself
        table.controls["opponents"].value = 1
    players = table.model.state.players
    specs = VARIANTS[lesson].game.option_specs
    for name in VARIANTS[lesson].names:
        if name == "players":
            continue
        before = dict(page.rules.options)
        spec = specs[name]
        other = next(
            v
            for v in (*spec.choices, True, False, *range(spec.low, spec.high + 1))
            if spec.accepts(v) and v != before[name]
        )
        set_rule(page, name, other)
        assert page.rules.options == {**before, name: other}
        assert table.model.state.players == players, name
        played = {**table.model.game.default_options, **dict(table.model.replay.options)}
        assert played[name] == other
    standard(page)
    assert table.model.state.players == players


def test_a_players_change_seats_them_and_a_later_rule_keeps_them():
    page, table = table_page("triad")
    set_rule(page, "players", 4)
    assert table.model.state.players == 4
    set_rule(page, "jokers", "wild")
    assert table.model.state.players == 4
    standard(page)
    assert table.model.state.players == 3


def test_a_new_game_under_new_rules_says_so_and_keeps_the_finished_hands():
    page, table = table_page("triad")
    while not table.model.scores:
        step(table)
    finished = read_results(downloaded(table))
    assert len(finished) == 1
    set_rule(page, "jokers", "wild")
    said = table.status.message
    assert "score sheet starts again" in said and "Download my results" in said
    assert table.model.scores == () and table.model.state.option("jokers") == "wild"
    assert read_results(downloaded(table)) == finished, "the finished hand stays a result"
    # a new game that had no finished hand says only that the deal begins again
    set_rule(page, "five_of_a_kind", False)
    assert "score sheet" not in table.status.message and "New rules" in table.status.message


# -- Dou Dizhu: the auction is the stepped deal's -------------------------------------------------
@pytest.fixture(scope="module")
def doudizhu():
    from cardlab.apps.doudizhu.lesson import BiddingWalkthrough
    from cardlab.apps.doudizhu.stepper import DealStepper

    page = LessonPage("doudizhu")
    return page, page.show(BiddingWalkthrough()), StepperView(DealStepper.start(), page)


def auction_of(replay) -> list[str]:
    return [str(a) for a in replay.actions if str(a).startswith(("bid", "pass"))][:6]


def test_the_auction_is_the_stepped_deals_under_any_rules(doudizhu):
    page, auction, stepper = doudizhu

    def text() -> str:
        return auction.blocks[0].html + auction.blocks[1].words

    story = text()
    assert auction.model.replay == stepper.replay
    set_rule(page, "ruleset", "pagat")
    assert stepper.seed is not None, "the stepper plays a seeded deal under pagat"
    assert auction.model.replay == stepper.replay
    assert text() != story
    walk = auction.model
    first = walk.replay.state_at(walk.auction[0]).first_bidder
    assert f"Player {first + 1} was drawn to bid first" in text_of(text())
    assert f"(seed {stepper.seed})" in text_of(text())
    standard(page)
    assert auction.model.replay == stepper.replay and text() == story


# -- notes name the rules as the row does ---------------------------------------------------------
@pytest.mark.parametrize(
    ("lesson", "name", "value"),
    [("doudizhu", "ruleset", "pagat"), ("pyramid", "max_draw", 1), ("triad", "jokers", "wild")],
)
@pytest.mark.parametrize("lang", ["en", "zh", "ru"])
def test_a_seeded_deals_note_names_the_rules_as_the_row_does(lesson, name, value, lang):
    from test_hidden_information import _steppers

    with using_language(lang):
        page = LessonPage(lesson)
        stepper = _steppers()[lesson](page)
        set_rule(page, name, value)
        note = text_of(stepper.deal_note.value)
        label = dict(VARIANTS[lesson].options)[name]
        assert f"{label}" in note and str(value_words(value)) in note, note
        assert name not in note or name == value_words(value), note
