"""A table's position, its rules variants, class deals and results (cardlab issue #15).

A position is how the game began and the learner's presses since: a table opened from another's
`position()` must show the same picture, words, log and status line, whatever was pressed (a
hint, a toggle, a New game).  A class code deals every table of the class the same sequence.
"""

from __future__ import annotations

import base64
import html
import json
import zlib
from urllib.parse import unquote, urlencode

import ipywidgets as widgets
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_games import MODELS

from cardlab.apps.triad.table import TriadTable
from cardlab.core.classdeals import check_class_code, class_seed
from cardlab.core.i18n import Message
from cardlab.core.results import read_results
from cardlab.lessons.page_state import SERVER_CLASS
from cardlab.lessons.table_position import (
    MAX_HINTS,
    MAX_MOVES_TEXT,
    MAX_PRESSES,
    decode_moves,
    encode_moves,
)
from cardlab.widgets.a11y import page_script
from cardlab.widgets.autoplay import step
from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.table import TableView

SLOW = settings(
    max_examples=3,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
PRESSES = st.lists(st.sampled_from(["step", "step", "step", "again", "toggle"]), max_size=10)


pytestmark = pytest.mark.usefixtures("no_class")


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


def test_a_dou_dizhu_link_after_a_class_deal_opens_the_next_deal():
    """The score sheet carried into the next deal names each deal's seed (ten digits for a
    class's): the link's moves hold it, and it opens (it was refused as a number too long)."""
    table = TableView(MODELS["doudizhu"].start().in_class("POS1"))
    while not table.model.scores:
        step(table)
    step(table)  # the next deal
    link = table.position()
    assert any(len(str(seed)) > 8 for seed, *_ in decode_moves(link["moves"])[0]["sheet"])
    other = TableView(MODELS["doudizhu"].start())
    assert other.open_position(link) == []
    same_table(table, other)


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


def packed(data: str) -> str:
    """``data`` as a link's moves value packs it (zlib, base64url)."""
    return base64.urlsafe_b64encode(zlib.compress(data.encode(), 9)).decode().rstrip("=")


def read_or_refuse(text: str) -> None:
    """``decode_moves(text)`` reads, or refuses with a message of cardlab's own (translated:
    a `Message`), never with Python's words (RecursionError, "Exceeds the limit")."""
    try:
        settings_, presses, again = decode_moves(text)
    except ValueError as exc:
        assert isinstance(exc.args[0], Message), repr(exc)
        assert str(exc.args[0]).startswith("moves: ")
        said = exc.args[0]
        assert said.text(lang="ru") != said.text(lang="en"), f"not translated: {said.msgid}"
        return
    assert isinstance(settings_, dict) and isinstance(presses, tuple) and again in (True, False)


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=20,
)


@given(st.text(max_size=300))
def test_any_moves_text_reads_or_is_refused(text):
    read_or_refuse(text)


@given(JSON, st.lists(JSON, max_size=5))
def test_any_packed_json_reads_or_is_refused(settings_, rows):
    read_or_refuse(packed(json.dumps({"s": settings_, "p": rows})))
    read_or_refuse(packed(json.dumps(rows)))


@given(st.text(max_size=200))
def test_any_packed_text_reads_or_is_refused(text):
    read_or_refuse(packed(text))


@pytest.mark.parametrize(
    "data",
    ["[" * 110, "[" * 60_000, '{"s":{},"p":' + "[" * 3000 + "]" * 3000 + "}",
     '{"s":{},"p":[["s",[' + "1" * 5000 + "]]]}", '{"s":{"x":' + "9" * 4400 + '},"p":[]}',
     '{"s":{},"p":[["a","x",NaN]]}', '{"s":{},"p":[["a","x",1e999]]}'],
)  # fmt: skip
def test_deep_nesting_and_long_numbers_are_refused_in_words(data):
    with pytest.raises(ValueError) as refused:
        decode_moves(packed(data))
    assert "Exceeds" not in str(refused.value) and "recursion" not in str(refused.value)
    read_or_refuse(packed(data))


def test_a_zip_bomb_is_refused():
    bomb = base64.urlsafe_b64encode(zlib.compress(b"[" * 1_000_000, 9)).decode().rstrip("=")
    assert len(bomb) <= MAX_MOVES_TEXT
    with pytest.raises(ValueError, match="too long"):
        decode_moves(bomb)


SHEETS = st.lists(st.lists(st.integers(-20, 20) | st.booleans(), max_size=9), max_size=6)


@given(SHEETS | JSON)
def test_a_dou_dizhu_links_score_sheet_reads_or_is_refused(sheet):
    """The earlier deals a Dou Dizhu link carries are numbers a deal can have, or refused in
    words; the table stays as it was."""
    table = TableView(MODELS["doudizhu"].start())
    before = table.model
    moves = packed(json.dumps({"s": {"sheet": sheet}, "p": []}))
    try:
        table.open_position({"seed": "8", "moves": moves})
    except ValueError as exc:
        assert str(exc).startswith("moves: ") and table.model is before
        return
    assert len(table.scores.rows) == len(table.model.sheet) == len(sheet)
    assert sum(table.scores.totals) == 0  # every deal and every fold is zero-sum


def test_a_tampered_dou_dizhu_score_sheet_is_refused():
    table = TableView(MODELS["doudizhu"].start())
    for sheet in ([[8, 0, 4, 0, 0, 0, 1]], [[8, 3, 1, 0, 0, 0, 1]], [[8, 0, 1, 0, 0, 1, 0, 5]],
                  [[5, 10, -10, 0]] * 2, [[8, 0, 1, 0, 0, 0, 1]] * 51):  # fmt: skip
        moves = packed(json.dumps({"s": {"sheet": sheet}, "p": []}))
        with pytest.raises(ValueError, match="moves: "):
            table.open_position({"seed": "8", "moves": moves})
    good = [[5, 10, -10, 0], [8, 0, 1, 0, 0, 0, 1]]
    table.open_position({"seed": "9", "moves": packed(json.dumps({"s": {"sheet": good}, "p": []}))})
    assert [row[0] for row in table.scores.rows] == ["Deals 1-5, added up", "Deal 6 (seed 8)"]


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


@pytest.mark.parametrize("game", ["doudizhu", "triad", "triangle"])
def test_one_class_one_sequence_of_deals(game):
    script = page_script()
    script.location = "?class=ABC"
    page = LessonPage(game)
    a, b = TableView(MODELS[game].start(), page), TableView(MODELS[game].start(), page)
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
    monkeypatch.setenv(SERVER_CLASS, "MATH7B")
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
    table = TableView(TriadTable.start(), LessonPage("triad"))
    assert 'download="cardlab-triad-results.csv"' in table.results.link.value
    assert read_results(downloaded(table.results.link)) == []
    while not table.model.scores:
        step(table)
    (row,) = read_results(downloaded(table.results.link))
    assert (row.kind, row.game, row.class_code, row.deal) == (
        "table",
        "triad",
        "ABC",
        1,  # the class's deal 1, as the table says ("Class deal 1 of code ABC")
    )
    assert row.moves.startswith("Hand 1: ") and row.score == table.model.scores[0].scores[0]
    assert "1 finished hand or deal so far" in table.results.link.value


# -- what a link may ask of a table: no hint on an exam page, bounded work, its own class --------
@pytest.fixture
def browser():
    """The page's address as the browser reports it (a link arrives through it); forgotten."""
    script = page_script()
    before = (script.address, script.location)
    script.address = "http://localhost:8866/voila/render/lesson.ipynb"
    yield script
    script.address, script.location = before


def every_aid_link(cls) -> tuple[TableView, str]:
    """A table of ``cls``, and the moves of a link that turns every hint and aid of it on."""
    model = cls.start()
    controls = {c.key: c for c in model.controls()}
    presses = tuple(
        ("act", key, True if controls[key].kind == "toggle" else None)
        for key in cls.hint_keys
        if key in controls and controls[key].enabled
    )
    return model, encode_moves({aid: True for aid in cls.aids}, presses)


@pytest.mark.parametrize("game", list(MODELS))
def test_an_exam_page_keeps_every_hint_off_whatever_the_link_says(game, browser):
    cls = MODELS[game]
    model, moves = every_aid_link(cls)
    page = LessonPage(game)
    table = TableView(cls.start(), page)
    link = {"hints": "off", "at": "table", "seed": str(model.seed), "moves": moves}
    if cls.ai_range is not None:
        link["ai"] = str(len(model.bots))
    browser.location = "?" + urlencode(link)
    notice = html.unescape(page.notice.value)
    assert "this page has no hints" in notice, notice
    assert page.notes_button.disabled and page.notes_button.layout.display == "none"
    for model in (table.model, table.model.act(cls.again[-1])):  # and in the next game
        assert not model.hints and not any(getattr(model, aid) for aid in cls.aids)
        assert not model.notes_html() or game in ("doudizhu", "pyramid_poker")
        for key in (k for k in cls.hint_keys if k in table.controls):
            assert not model.control(key).enabled and "hints off" in model.control(key).why_not
            with pytest.raises(ValueError, match="hints off"):
                model.act(key, True if model.control(key).kind == "toggle" else None)
    for key in (k for k in cls.hint_keys if k in table.controls):
        widget = table.controls[key]
        assert widget.disabled and widget.layout.display == "none"
        assert getattr(widget, "value", False) is False


def test_on_a_page_with_hints_the_same_link_turns_them_on(browser):
    """The control case of the exam test: the link's hint presses do replay where hints are."""
    cls = MODELS["doudizhu"]
    model, moves = every_aid_link(cls)
    page = LessonPage("doudizhu")
    table = TableView(cls.start(), page)
    browser.location = "?" + urlencode({"at": "table", "seed": str(model.seed), "moves": moves})
    assert table.model.teacher and page.notice.value == ""


def test_a_link_replays_a_bounded_number_of_hints_and_presses(monkeypatch):
    """A short link of 600 hints once cost 15 CPU-seconds: the replay counts its work."""
    thought = []
    suggest = TriadTable.suggest
    monkeypatch.setattr(TriadTable, "suggest", lambda self: thought.append(1) or suggest(self))
    table = TableView(TriadTable.start(seed=2))
    moves = encode_moves({}, (("act", "hint", None),) * 600)
    assert len(moves) < 200
    notices = table.open_position({"seed": "2", "moves": moves})
    assert len(thought) == MAX_HINTS
    assert any(f"at most {MAX_HINTS} hints" in n for n in notices), notices
    assert len(table.model.presses) == MAX_HINTS

    replayed = []
    again = TriadTable.pressed_again
    monkeypatch.setattr(TriadTable, "pressed_again", lambda m, p: replayed.append(p) or again(m, p))
    notices = table.open_position(
        {"seed": "2", "moves": encode_moves({}, (("select", (0,)),) * 2000)}
    )
    assert len(replayed) == MAX_PRESSES and any(
        f"at most {MAX_PRESSES} presses" in n for n in notices
    )

    begun = []
    begin = TriadTable.begin.__func__
    monkeypatch.setattr(
        TriadTable, "begin", classmethod(lambda c, *a: begun.append(1) or begin(c, *a))
    )
    notices = table.open_position(
        {"seed": "2", "moves": encode_moves({}, (("act", "new-game", None),) * 300)}
    )
    assert len(begun) == 2 and any("begins another game" in n for n in notices), notices
    assert table.model.seed == 2, "the link's game stays"


@pytest.mark.parametrize("code", ["0x10", "off", "high-contrast"])
def test_a_tampered_class_keeps_the_links_position_and_says_so(code, browser):
    page = LessonPage("triad")
    table = TableView(TriadTable.start(), page)
    browser.location = "?class=MATH7B"
    table.controls["new-game"].click()  # class deal 2
    step(table)
    link = table.position()
    assert link["deal"] == "2"
    shown = (table.mirror.text, table.model.seed)
    for tampered in (dict(link), {"seed": link["seed"], "moves": link["moves"]}):
        page = LessonPage("triad")
        other = TableView(TriadTable.start(), page)
        browser.location = "?" + urlencode({"class": code, "at": "table", **tampered})
        assert (other.mirror.text, other.model.seed) == shown
        notice = html.unescape(page.notice.value)
        assert f"ignored the class code '{code.upper()}'" in notice, notice
