"""The one registry of lessons (`cardlab.core.lesson_parts`): every engine has its lesson, the
lists read from it are the ones cardlab had by name, and a lesson registered from outside
reaches the catalogs, the rules panel and the handouts without a line changed in them."""

from __future__ import annotations

import importlib
import pkgutil
import re
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import tomllib
from hypothesis import given, settings
from hypothesis import strategies as st
from tools_loader import load_tool

from cardlab.core import i18n
from cardlab.core import lesson_parts as registry
from cardlab.core.engine import ENTRY_POINT_GROUP as GAMES_GROUP
from cardlab.core.engine import get_game
from cardlab.core.i18n import DOMAINS, SCOPES, domains_of, msg
from cardlab.core.lesson_parts import LessonParts, lesson_part, lesson_parts
from cardlab.handouts import PLANS, lesson_deals
from cardlab.lessons import deals
from cardlab.lessons.variants import VARIANTS, standard_rules, variant_of

ROOT = Path(__file__).resolve().parents[2]

# -- what cardlab listed by name before the registry, written once ----------------------------
LESSONS = (
    "00_decks",
    "triad",
    "pyramid",
    "doudizhu",
    "triangle",
    "three_thirteen",
    "pyramid_poker",
)
"""Every lesson in the course's order (the index's, the handouts', the catalogs')."""
GAME_LESSONS = LESSONS[1:]
"""The lessons with a catalog and rules of their own (the decks lesson's words are ``ui``'s)."""
CATALOGS = ("ui", "poker", *GAME_LESSONS)
OLD_SCOPES = {
    "ru": CATALOGS,
    "zh": CATALOGS,
    "lt": ("ui", "three_thirteen"),
    "ms": ("ui", "pyramid_poker"),
}
DEALS = {
    "00_decks": "decks-forced-follow",
    "triad": "triad-pot-odds",
    "pyramid": "pyramid-exchange-showdown",
    "doudizhu": "doudizhu-bid-and-play",
    "triangle": "triangle-first-turn",
    "three_thirteen": "three_thirteen-two-rounds",
    "pyramid_poker": "pyramid_poker-whole-game",
}
"""Each lesson's stepped (and printed) deal."""
FIRST_SEEDS = {
    "decks-forced-follow": 1,
    "triad-pot-odds": 6,
    "pyramid-exchange-showdown": 4,
    "doudizhu-bid-and-play": 11,
    "triangle-scored-round": 5,
    "triangle-first-turn": 3,
    "three_thirteen-two-rounds": 3,
    "pyramid_poker-whole-game": 2,
}
"""Each curated deal and the first seed its search tried (``tools/curate_deals.py``)."""
QUIZ_SEEDS = {lesson: 3 if lesson == "triangle" else 1 for lesson in GAME_LESSONS}


@pytest.fixture
def fresh():
    """The registry read again before and after the test (a test may change what it finds)."""
    lesson_parts.cache_clear()
    yield
    lesson_parts.cache_clear()


def test_every_engine_has_its_lesson_and_every_lesson_its_engine():
    """Highcard, a demo game, is the decks lesson's: it deals its hands."""
    engines = {entry.name for entry in entry_points(group=GAMES_GROUP)}
    assert sorted(lesson.game for lesson in lesson_parts()) == sorted(engines)
    assert getattr(lesson_part("00_decks"), "game", None) == "highcard"
    for lesson in lesson_parts():
        assert get_game(lesson.game).name == lesson.game


def test_the_registry_lists_what_cardlab_listed_by_name():
    assert tuple(lesson.name for lesson in lesson_parts()) == LESSONS
    assert tuple(DOMAINS) == CATALOGS and dict(SCOPES) == OLD_SCOPES
    assert {lesson: domains_of(lesson) for lesson in LESSONS} == {
        "00_decks": (),
        **{lesson: (lesson,) for lesson in GAME_LESSONS},
        "triad": ("triad", "poker"),
        "pyramid": ("pyramid", "poker"),
    }
    assert domains_of("poker") == ("poker",) and domains_of("ui") == domains_of("index") == ()
    assert tuple(VARIANTS) == GAME_LESSONS and variant_of("00_decks.ipynb") is None
    assert tuple(PLANS) == LESSONS
    assert {name: plan.deal for name, plan in PLANS.items()} == DEALS
    assert {name: plan.quiz_seed for name, plan in PLANS.items() if plan.quiz} == QUIZ_SEEDS
    assert lesson_deals("triangle") == ["triangle-first-turn", "triangle-scored-round"]


def test_the_curating_tool_searches_for_every_curated_deal_as_before():
    tool = load_tool("curate_deals")
    assert {name: first for name, (_, first) in tool.SEARCHES.items()} == FIRST_SEEDS
    assert set(FIRST_SEEDS) == set(deals.names())
    for lesson in lesson_parts():
        assert all(s.name.startswith(lesson.deal_prefix + "-") for s in lesson.searches)
    curated = deals.load("decks-forced-follow")  # the search's deal at the seed it chose
    assert tool.SEARCHES["decks-forced-follow"][0](curated.seed).to_text() == curated.to_text()


def test_the_index_numbers_the_lessons_as_the_registry_orders_them():
    index = (ROOT / "cardlab" / "lessons" / "index.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (\d+) \| \[[^]]+\]\(([\w]+)\.ipynb\)", index, re.MULTILINE)
    assert [(int(n), name) for n, name in rows] == [(p.number, p.name) for p in lesson_parts()]


def test_pyproject_registers_every_built_in_lesson_and_the_fallback_finds_the_same(
    fresh, monkeypatch: pytest.MonkeyPatch
):
    """A checkout whose installed metadata predates the ``cardlab.lessons`` group still finds
    cardlab's own lessons (their package), the same ones pyproject registers."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    declared = project["entry-points"][registry.ENTRY_POINT_GROUP]
    package = importlib.import_module(registry.BUILT_IN)
    modules = [
        importlib.import_module(f"{registry.BUILT_IN}.{info.name}")
        for info in pkgutil.iter_modules(package.__path__)
    ]
    assert {module.LESSON.name: f"{module.__name__}:LESSON" for module in modules} == declared
    monkeypatch.setattr(registry, "entry_points", lambda group: ())
    lesson_parts.cache_clear()
    assert sorted(lesson.name for lesson in lesson_parts()) == sorted(declared)


def test_an_entry_that_is_not_its_lesson_is_refused(fresh, monkeypatch: pytest.MonkeyPatch):
    for found in [("triad", object()), ("triad", lesson_part("pyramid"))]:
        monkeypatch.setattr(registry, "_installed", lambda found=found: [found])
        lesson_parts.cache_clear()
        with pytest.raises(TypeError, match=r"'triad' of 'cardlab\.lessons' is not its"):
            lesson_parts()


def _fake(name: str, number: int, domains: tuple[str, ...], translated: tuple[str, ...] = ()):
    return LessonParts(
        name=name,
        number=number,
        game="highcard",
        deal=f"{name}-story",
        picture=lambda replay, state, banner: None,
        domains=domains,
        translated=translated,
        rules=(("players", msg("Players")),),
        standard=(("players", 4),),
    )


def test_a_lesson_registered_from_outside_reaches_catalogs_rules_and_handouts(
    fresh, monkeypatch: pytest.MonkeyPatch
):
    installed = registry._installed()
    fake = _fake("fake", 7, ("fake", "cards"), ("lt",))
    monkeypatch.setattr(registry, "_installed", lambda: [*installed, ("fake", fake)])
    lesson_parts.cache_clear()
    assert tuple(DOMAINS) == ("ui", "poker", "cards", *GAME_LESSONS, "fake")
    assert DOMAINS["fake"] == ("games/fake", "apps/fake", "pictures/fake.py")
    assert SCOPES["lt"] == ("ui", "three_thirteen", "fake", "cards")
    assert SCOPES["ru"] == tuple(DOMAINS) and SCOPES["ms"] == OLD_SCOPES["ms"]
    assert domains_of("fake") == ("fake", "cards")
    assert variant_of("fake.ipynb") == VARIANTS["fake"] and VARIANTS["fake"].names == ("players",)
    highcard = get_game("highcard")
    assert standard_rules(highcard) == {**highcard.default_options, "players": 4}
    assert PLANS["fake"] is fake and list(PLANS)[-1] == "fake"
    lesson_parts.cache_clear()
    monkeypatch.undo()
    assert "fake" not in VARIANTS and "cards" not in DOMAINS
    assert standard_rules(highcard) == highcard.default_options


names = st.from_regex(r"[a-z]{3,8}", fullmatch=True).filter(lambda n: n not in CATALOGS)


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(names, st.lists(names, max_size=2), st.sets(st.sampled_from(["lt", "ms"]))),
        max_size=4,
        unique_by=lambda t: t[0],
    )
)
def test_every_catalog_is_listed_once_and_every_language_reads_ui_first(added):
    """Whatever lessons are installed: ``ui`` first, each catalog once, Russian and Chinese
    everything, the others ``ui`` and exactly the catalogs of the lessons naming them."""
    lessons = [
        *registry._installed(),
        *(
            (name, _fake(name, 10 + k, (name, *shared), tuple(langs)))
            for k, (name, shared, langs) in enumerate(added)
        ),
    ]
    original = registry._installed
    registry._installed = lambda: lessons
    lesson_parts.cache_clear()
    try:
        catalogs = list(DOMAINS)
        assert catalogs[0] == "ui" and len(set(catalogs)) == len(catalogs)
        for lang, scope in SCOPES.items():
            assert scope[0] == "ui" and set(scope) <= set(catalogs)
            named = {d for p in lesson_parts() if lang in p.translated for d in p.domains}
            assert set(scope) == (set(catalogs) if lang in i18n.COMPLETE else {"ui", *named})
    finally:
        registry._installed = original
        lesson_parts.cache_clear()
