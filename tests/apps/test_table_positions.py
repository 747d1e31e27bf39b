"""A table's position, its rules variants, class deals and results (cardlab issue #15).

A position is how the game began and the learner's presses since: a table opened from another's
`position()` must show the same picture, words, log and status line, whatever was pressed (a
hint, a toggle, a New game).  A class code deals every table of the class the same sequence.
"""

from __future__ import annotations

from urllib.parse import unquote

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_table_models import MODELS

from cardlab.apps.autoplay import step
from cardlab.apps.triad.table import TriadTable
from cardlab.core.classdeals import check_class_code, class_seed
from cardlab.core.results import read_results
from cardlab.lessons.table_position import MAX_MOVES_TEXT, decode_moves, encode_moves
from cardlab.widgets.a11y import page_script
from cardlab.widgets.page import CLASS_DEALS, class_code
from cardlab.widgets.table import TableView

SLOW = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PRESSES = st.lists(st.sampled_from(["step", "step", "step", "again", "toggle"]), max_size=10)


@pytest.fixture(autouse=True)
def no_class(monkeypatch):
    """No server class code, and the page's query forgotten after each test."""
    monkeypatch.delenv(CLASS_DEALS, raising=False)
    script = page_script()
    before = script.location
    yield
    script.location = before


def press(view: TableView, what: str) -> None:
    """One learner's press: the suggestion, the next game, or a toggle flipped."""
    if what == "step":
        step(view)
        return
    if what == "again":
        view.controls[view.model.again[-1]].click()
        return
    toggles = [c for c in view.model.controls() if c.kind == "toggle" and c.enabled]
    if toggles:
        view.controls[toggles[0].key].value = not toggles[0].value


def same_table(a: TableView, b: TableView) -> None:
    assert b.view.drawing.ops == a.view.drawing.ops
    assert b.mirror.text == a.mirror.text
    assert b.journal.value == a.journal.value
    assert (b.status.level, b.status.message) == (a.status.level, a.status.message)
    assert b.class_line.value == a.class_line.value


@pytest.mark.parametrize("game", list(MODELS))
@SLOW
@given(presses=PRESSES)
def test_a_table_opened_from_its_position_is_the_same(game, presses):
    table = TableView(MODELS[game].start())
    for what in presses:
        press(table, what)
        assert table.status.level != "error", table.status.message
    link = table.position()
    assert set(link) <= {"seed", "ai", "deal", "moves"} and link["seed"].isdigit()
    other = TableView(
        MODELS[game].start(seed=99) if game != "pyramid_poker" else MODELS[game].start(5)
    )
    assert other.open_position(link) == []
    same_table(table, other)
    assert other.position() == link


def test_a_link_after_a_new_game_opens_the_new_game():
    table = TableView(TriadTable.start(seed=2, opponents=1))
    step(table)
    table.controls["opponents"].value = 3  # Play against: the same deal, a new recipe
    table.controls["new-game"].click()
    link = table.position()
    assert link.keys() == {"seed", "ai", "moves"} and link["ai"] == "3"
    assert decode_moves(link["moves"]) == ({}, (), True), "a new game has no presses yet"
    other = TableView(TriadTable.start())
    other.open_position(link)
    same_table(table, other)
    assert other.model.state.players == 4


def test_a_link_that_does_not_replay_is_refused_and_changes_nothing():
    table = TableView(TriadTable.start(seed=2))
    before = (table.model, table.mirror.text)
    moves = encode_moves({}, (("act", "stand-pat", None),))  # not in the first betting round
    with pytest.raises(ValueError, match=r"move 1 \(press 'stand-pat'\) cannot be made"):
        table.open_position({"seed": "2", "moves": moves})
    assert (table.model, table.mirror.text) == before


@pytest.mark.parametrize(
    ("params", "says"),
    [({"seed": "-1"}, "seed must be"), ({"seed": "9" * 5000}, "seed must be"),
     ({"ai": "7"}, "ai must be a whole number 1-3"), ({"ai": "２"}, "ai must be"),
     ({"moves": "!!"}, "not a table's moves"), ({"moves": "A" * (MAX_MOVES_TEXT + 1)}, "longer"),
     ({"moves": "eJwLAQAAVQBV"}, "not a table's moves")],
)  # fmt: skip
def test_bad_link_values_are_refused_with_the_reason(params, says):
    table = TableView(TriadTable.start(seed=2))
    before = table.model
    with pytest.raises(ValueError, match=says):
        table.open_position(params)
    assert table.model is before


def test_unknown_parameters_are_ignored_with_a_notice():
    table = TableView(MODELS["doudizhu"].start())
    notices = table.open_position({"seed": "8", "ai": "2", "deal": "3", "colour": "red"})
    assert table.model.seed == 8
    assert any("'ai'" in n and "always seats 2 AI" in n for n in notices)
    assert any("'deal'" in n and "no class code" in n for n in notices)
    assert any("'colour'" in n for n in notices)


@given(st.text(max_size=300))
def test_any_moves_text_reads_or_is_refused(text):
    try:
        settings_, presses, again = decode_moves(text)
    except ValueError:
        return
    assert isinstance(settings_, dict) and isinstance(presses, tuple) and again in (True, False)


def test_a_zip_bomb_is_refused():
    import base64
    import zlib

    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 1_000_000, 9)).decode().rstrip("=")
    assert len(bomb) <= MAX_MOVES_TEXT
    with pytest.raises(ValueError, match="too long"):
        decode_moves(bomb)


# -- rules variants --------------------------------------------------------------------------------
def test_a_rules_variant_begins_the_same_deal_again_with_its_players():
    table = TableView(TriadTable.start(seed=5))
    step(table)
    options = dict(table.model.game.default_options, players=4, hands=3)
    table.rules_changed(options)
    model = table.model
    assert model.seed == 5 and model.state.players == 4 and model.state.option("hands") == 3
    assert table.scores.players == ("You (P1)", "P2", "P3", "P4")
    assert "New rules" in table.status.message and model.presses == ()
    table.rules_changed(options)
    assert table.model is model, "the same rules again change nothing"
    table.rules_changed(dict(options, players=6))
    assert "seats you and 1-3 AI" in table.status.message and table.model.state.players == 4


def test_a_table_with_a_fixed_number_of_players_says_so():
    table = TableView(MODELS["three_thirteen"].start())
    defaults = dict(table.model.game.default_options)
    table.rules_changed(dict(defaults, players=6))
    assert "seats you and 1-3 AI" in table.status.message and table.model.state.players == 2
    dou = TableView(MODELS["doudizhu"].start())
    dou.rules_changed({"ruleset": "cardavia"})
    assert dou.status.level != "error"


# -- class deals -----------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["", "a" * 33, "MATH 7B", "x;y", "é"])
def test_bad_class_codes_are_refused(code):
    with pytest.raises(ValueError, match="class code"):
        check_class_code(code)


def test_the_links_class_wins_and_a_bad_one_is_ignored(monkeypatch):
    monkeypatch.setenv(CLASS_DEALS, "room-1")
    assert class_code({}) == ("ROOM-1", [])
    assert class_code({"class": "math7b"}) == ("MATH7B", [])
    code, notices = class_code({"class": "<script>"})
    assert code == "ROOM-1" and "Ignored the link's class" in notices[0]


@pytest.mark.parametrize("game", ["doudizhu", "triad", "triangle"])
def test_one_class_one_sequence_of_deals(game):
    script = page_script()
    script.location = "?class=ABC"
    a, b = TableView(MODELS[game].start()), TableView(MODELS[game].start())
    assert a.model.seed == class_seed("ABC", game, 1) == b.model.seed
    assert "Class deal 1 of code ABC" in a.class_line.value
    step(a)
    a.controls[a.model.again[-1]].click()  # the next game: the class's deal 2
    b.controls[b.model.again[-1]].click()
    assert a.model.seed == b.model.seed == class_seed("ABC", game, 2)
    assert a.mirror.text == b.mirror.text and a.view.drawing.ops == b.view.drawing.ops
    assert "Class deal 2 of code ABC" in a.status.message
    dealt = a.mirror.text
    script.location = "?class=XYZ"  # another class: its own first deal
    assert a.model.seed == class_seed("XYZ", game, 1) and a.mirror.text != dealt


def test_a_class_deal_link_opens_that_deal(monkeypatch):
    monkeypatch.setenv(CLASS_DEALS, "MATH7B")
    table = TableView(MODELS["doudizhu"].start())
    table.controls["new-deal"].click()
    step(table)
    link = table.position()
    assert link["deal"] == "2" and link["seed"] == str(class_seed("MATH7B", "doudizhu", 2))
    other = TableView(MODELS["doudizhu"].start())
    other.open_position(link)
    same_table(table, other)


# -- results ---------------------------------------------------------------------------------------
def downloaded(link: widgets.HTML) -> str:
    href = link.value.split('href="', 1)[1].split('"', 1)[0]
    return unquote(href.removeprefix("data:text/csv;charset=utf-8,"))


def test_a_finished_hand_is_a_row_of_my_results():
    page_script().location = "?class=ABC"
    table = TableView(TriadTable.start())
    assert 'download="cardlab-triad-results.csv"' in table.results.link.value
    assert read_results(downloaded(table.results.link)) == []
    while not table.model.scores:
        step(table)
    (row,) = read_results(downloaded(table.results.link))
    assert (row.kind, row.game, row.class_code, row.deal) == (
        "table",
        "triad",
        "ABC",
        table.model.seed,
    )
    assert row.moves.startswith("Hand 1: ") and row.score == table.model.scores[0].scores[0]
    assert "1 finished hand or deal so far" in table.results.link.value
