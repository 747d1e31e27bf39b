"""`cardlab.lessons.page_state`: what a lesson page's link asks for (the one parser of a
query), read strictly and never trusted; and `cardlab.core.options.option_from_text`, how a link
spells an option."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.engine import get_game
from cardlab.core.options import option_from_text, option_text
from cardlab.lessons.page_state import (
    MAX_PARAMS,
    MAX_QUERY,
    OLD_PALETTE,
    PAGE_PARAMS,
    REMEMBERED,
    SERVER_CLASS,
    SERVER_HINTS,
    VOILA_PARAMS,
    check_name,
    current_query,
    read_page,
    remembered,
    server_page,
    split_query,
    write_query,
)
from cardlab.lessons.variants import VARIANTS, variant_of

TRIAD = VARIANTS["triad"]


def test_a_link_gives_theme_rules_and_position():
    link = read_page("?palette=colorblind&jokers=wild&at=deal&step=4&eyes=2", TRIAD)
    assert link.theme == "colorblind"
    assert link.options == {"jokers": "wild"}
    assert (link.at, dict(link.params)) == ("deal", {"step": "4", "eyes": "2"})
    assert link.notices == ()


@pytest.mark.parametrize(
    ("search", "words"),
    [
        ("?palette=neon", "ignored palette='neon': the colour themes are default"),
        ("?theme=neon", "ignored theme='neon': the colour themes are default"),
        ("?jokers=sometimes", "ignored jokers='sometimes': jokers must be 'out' or 'wild'"),
        ("?players=99999999999999999999", "ignored players='99999999999999999999'"),
        ("?players=1", "players must be 2-7 (a whole number), got 1"),
        ("?at=the-moon&step=3", "ignored at='the-moon': a position is a deal, a table or a"),
        ("?step=3", "ignored 'step': not a setting of this lesson"),
        ("?" + "x" * (MAX_QUERY + 1), f"links are at most {MAX_QUERY:,}"),
        ("?" + "&".join(f"p{i}=1" for i in range(MAX_PARAMS + 1)), "more than 40 parameters"),
    ],
)
def test_what_a_link_cannot_use_is_a_notice_that_says_why(search, words):
    link = read_page(search, TRIAD)
    assert any(words in notice for notice in link.notices), link.notices
    assert link.at == "" or link.at == "deal"


def test_the_colour_theme_is_palette_and_a_link_made_before_still_reads():
    assert write_query(theme="colorblind") == "?palette=colorblind"
    assert read_page("?theme=high-contrast", TRIAD).theme == "high-contrast"
    both = read_page("?theme=high-contrast&palette=colorblind", TRIAD)
    assert both.theme == "colorblind" and both.notices == ()
    assert current_query("?theme=colorblind&lang=zh&x=%3C") == "?palette=colorblind&lang=zh&x=%3C"
    assert current_query("?theme=a&palette=b") == "?palette=b"
    assert current_query("") == ""


def link_names() -> set[str]:
    """Every parameter name a cardlab link may carry: the page's, the panels', the positions'
    and every lesson's rules."""
    from cardlab.apps.decks import DealStepper
    from cardlab.core.link_values import STEPPER_NAMES
    from cardlab.widgets.table import POSITION

    rules = {name for variant in VARIANTS.values() for name in variant.names}
    names = {*PAGE_PARAMS, *STEPPER_NAMES, *POSITION, *DealStepper.POSITION_NAMES}
    return (names - {OLD_PALETTE}) | rules


def voila_reads() -> set[str]:
    """The query parameters the installed Voilà's handlers read (``get_argument("...")``)."""
    import voila

    found = set()
    for source in Path(voila.__file__).parent.rglob("*.py"):
        found |= set(re.findall(r"get_(?:query_)?argument\(\s*[\"']([^\"']+)", source.read_text()))
    return found


def test_no_link_parameter_is_one_voila_reads():
    """Voilà writes its own ``theme`` unescaped into the page, and a page asked with it skips
    the preheated kernels: cardlab's names stay out of Voilà's way."""
    assert voila_reads() <= VOILA_PARAMS, "Voilà reads more: add it to VOILA_PARAMS"
    assert "theme" in voila_reads()
    assert link_names() & VOILA_PARAMS == set()
    names = [name for _, name in parse_qsl(write_query(theme="colorblind", lang="zh",
                                                        options={"jokers": "wild"}, at="table",
                                                        params={"seed": "1"},
                                                        class_code="A"))]  # fmt: skip
    assert not set(names) & VOILA_PARAMS


def test_rules_that_do_not_go_together_are_ignored_together():
    link = read_page("?players=4&exchange_rounds=2", VARIANTS["pyramid"])
    assert link.options == {}
    assert "exchange rounds" in link.notices[0] or "exchange" in link.notices[0]


def test_the_class_and_the_hints_are_the_pages_for_every_panel():
    link = read_page("?class=math7&hints=off", TRIAD, {})
    assert (link.class_code, link.hints, link.notices, link.params) == ("MATH7", False, (), {})


@pytest.mark.parametrize(
    ("server", "search", "allowed"),
    [("", "", True), ("off", "", False), ("", "?hints=off", False), ("", "?hints=0&seed=2", False),
     ("", "?hints=on", True), ("", "?hints=%3Cscript%3E", True), ("OFF", "?hints=on", False)],
)  # fmt: skip
def test_hints_follow_the_server_and_the_link(server, search, allowed):
    assert read_page(search, None, {SERVER_HINTS: server}).hints is allowed


def test_the_links_class_wins_and_a_bad_one_is_ignored():
    server = {SERVER_CLASS: "room-1"}
    assert read_page("", None, server).class_code == "ROOM-1"
    assert server_page(server).class_code == "ROOM-1"
    assert read_page("?class=math7b", None, server).class_code == "MATH7B"
    bad = read_page("?class=%3Cscript%3E", None, server)
    assert bad.class_code == "ROOM-1" and "ignored the link's class" in bad.notices[0]
    assert read_page("", None, {SERVER_CLASS: "x;y"}).notices[0].startswith("ignored --class-deals")


@given(st.dictionaries(st.text(min_size=1), st.text(), max_size=5))
def test_any_query_splits_back(params):
    search = "?" + urlencode(params)
    assert split_query(search)[0] == (params if len(search) <= MAX_QUERY else {})


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=3 * MAX_QUERY))
def test_any_text_reads_as_a_link_quickly_and_never_raises(search):
    started = time.process_time()
    link = read_page(search, TRIAD)
    assert isinstance(link.notices, tuple)
    assert link.theme in (None, "default", "colorblind", "high-contrast")
    assert set(link.options) <= set(TRIAD.names)
    TRIAD.checked(dict(link.options))  # whatever passes is allowed together
    assert time.process_time() - started < 5  # a bound on the work, not a speed test


def _rule_values(lesson: str) -> st.SearchStrategy:
    variant = VARIANTS[lesson]
    specs = variant.game.option_specs
    pools = {}
    for name in variant.names:
        spec = specs[name]
        values: list = list(spec.choices) if spec.kind == "choice" else []
        if spec.kind == "flag":
            values = [True, False]
        if spec.kind == "whole":
            values = list(range(spec.low, min(spec.high, spec.low + 12) + 1))
        if spec.kind == "probability":
            values = [0, 0.25, 0.5, 1.0]
        if spec.none:
            values.append(None)
        pools[name] = st.sampled_from(values)
    return st.fixed_dictionaries({}, optional=pools)


@pytest.mark.parametrize("lesson", sorted(VARIANTS))
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_every_allowed_rules_variant_reads_back_from_its_link(lesson, data):
    variant = VARIANTS[lesson]
    given_options = data.draw(_rule_values(lesson))
    try:
        variant.checked(given_options)
    except ValueError:
        return  # not allowed together: no page writes it
    query = write_query(theme="high-contrast", options=given_options, at="table",
                        params={"seed": "3"})  # fmt: skip
    link = read_page(query, variant)
    assert link.notices == ()
    assert dict(link.options) == given_options
    assert (link.theme, link.at, dict(link.params)) == ("high-contrast", "table", {"seed": "3"})


def test_a_fresh_page_writes_no_query():
    assert write_query() == ""


@pytest.mark.parametrize(
    ("game", "name", "text", "value"),
    [("triad", "jokers", "WILD", "wild"), ("triad", "players", "5", 5),
     ("three_thirteen", "max_wilds_per_meld", "none", None),
     ("three_thirteen", "no_immediate_rediscard", "on", True),
     ("triangle", "tie_void", "0.5", 0.5), ("triangle", "tie_void", ".25", 0.25)],
)  # fmt: skip
def test_an_option_reads_as_a_link_spells_it(game, name, text, value):
    spec = get_game(game).option_specs[name]
    assert option_from_text(name, spec, text) == value
    assert option_from_text(name, spec, option_text(value)) == value


@pytest.mark.parametrize(
    ("game", "name", "text"),
    [("triad", "players", "1e3"), ("triad", "players", "٣"), ("triad", "players", "-3"),
     ("triad", "players", "9" * 5000), ("triangle", "tie_void", "nan"),
     ("triangle", "tie_void", "inf"), ("triangle", "tie_void", "2"),
     ("three_thirteen", "no_immediate_rediscard", "maybe"), ("triad", "jokers", "none")],
)  # fmt: skip
def test_a_bad_option_text_is_refused_naming_the_option(game, name, text):
    spec = get_game(game).option_specs[name]
    with pytest.raises(ValueError, match=name):
        option_from_text(name, spec, text)


def test_only_the_lessons_with_a_game_have_rules():
    assert variant_of("00_decks") is None and variant_of("index.ipynb") is None
    assert variant_of("triad.ipynb") == TRIAD  # equal: the registry may be read again
    for variant in VARIANTS.values():
        assert set(variant.names) <= set(variant.game.option_specs)


@given(st.dictionaries(st.text(max_size=8), st.text(max_size=8), max_size=4))
def test_any_query_of_a_real_browser_reads(params):
    link = read_page("?" + urlencode(params), TRIAD)
    assert isinstance(link.at, str)


def test_a_link_carries_the_page_language_and_an_unknown_one_is_a_notice() -> None:
    from cardlab.lessons.page_state import read_page, write_query

    assert write_query(lang="en") == ""
    query = write_query(theme="colorblind", lang="zh")
    assert read_page(query, None).lang == "zh" and read_page(query, None).theme == "colorblind"
    bad = read_page("?lang=klingon", None)
    assert bad.lang is None and any("lang='klingon'" in str(n) for n in bad.notices)


def test_the_students_name_comes_from_the_link_else_the_hub_and_is_never_shared():
    hub = {"JUPYTERHUB_USER": "s.lee"}
    assert read_page("?class=MATH7B&name=%20Ann%20%20Lee%20", TRIAD, {}).student == "Ann Lee"
    assert read_page("", TRIAD, hub).student == "s.lee"
    assert read_page("?name=Bo", TRIAD, hub).student == "Bo"  # the link's wins
    for bad in ("x" * 65, "a%07b", "%20"):  # too long, a control character, only spaces
        page = read_page(f"?name={bad}", TRIAD, hub)
        assert page.student == "s.lee" and any("a name is 1-64" in n for n in page.notices)
    assert "name" not in write_query(class_code="MATH7B", at="table", params={"seed": "3"})
    assert "name=Ann" in current_query("?name=Ann&lang=ru")  # the same page in another language


def test_a_name_the_browser_remembers_comes_last_and_only_a_typed_one_changes():
    hub = {"JUPYTERHUB_USER": "s.lee"}
    page = read_page("?class=C1", TRIAD, {}, remembered=" Cy  Li ")
    assert (page.student, page.named_by) == ("Cy Li", REMEMBERED)
    assert read_page("?name=Bo", TRIAD, {}, remembered="Cy").student == "Bo"  # the link's wins
    assert read_page("", TRIAD, hub, remembered="Cy").named_by == "JUPYTERHUB_USER"
    assert read_page("", TRIAD, {}, remembered="\x07").student == ""  # a bad one: none
    assert remembered(page, "Dee").student == "Dee"
    assert remembered(page, "x" * 65) == replace(page, student="", named_by="")
    linked = read_page("?name=Bo", TRIAD, {})
    assert remembered(linked, "Dee") is linked  # the teacher's link named the student


@given(st.text(max_size=80))
def test_check_name_takes_a_name_or_says_what_one_is(text):
    try:
        name = check_name(text)
    except ValueError as exc:
        assert "a name is 1-64 characters" in str(exc)
        assert not 1 <= len(" ".join(text.split())) <= 64 or not text.isprintable()
    else:
        assert 1 <= len(name) <= 64 and name.isprintable() and name == " ".join(text.split())
