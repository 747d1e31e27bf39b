"""No table picture draws a label over another or past the canvas's edge, in any language.

Every game's table (found as `test_table_models` finds them) is played from its own suggestions
through a whole game in every language the game is written in, and every picture it shows, in
the default and the high-contrast theme (larger letters), is checked, and so is every step of each
lesson's stepped deal: the boxes of its `Text` ops,
measured in the font the renderers draw with (`cardlab.render.text`), never overlap and stay
inside the canvas.  Then the pictures are drawn with labels of any length (hypothesis), as a
language not written yet could make them.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_games import CASES, MODELS, THEMES, pictures_of_a_game
from test_hidden_information import _steppers

from cardlab.core.i18n import SCOPES, set_language
from cardlab.pictures import pyramid_poker, three_thirteen, triangle
from cardlab.render import Drawing, Text, table_seats
from cardlab.render.text import collisions, fitted, text_box, text_width
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def language():
    yield set_language
    set_language("en")


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_no_label_overlaps_another_or_leaves_the_canvas(game, lang, language):
    language(lang, game)
    problems: dict[str, None] = {}
    for drawing in pictures_of_a_game(game):
        problems.update(dict.fromkeys(collisions(drawing)))
    assert not problems, f"{game} in {lang}: " + "; ".join(list(problems)[:8])


STEPPED = [
    (game, lang)
    for game in _steppers()
    for lang in ("en", *(lang for lang, domains in SCOPES.items() if game in domains))
]


@pytest.mark.parametrize(("game", "lang"), STEPPED)
def test_no_label_of_a_stepped_deal_overlaps_or_leaves_the_canvas(game, lang, language):
    """The lessons' stepped deals too: every step of the story deal, in every language."""
    language(lang, game)
    stepped = _steppers()[game](ThemePicker())
    problems: dict[str, int] = {}
    for step in range(len(stepped.replay) + 1):
        stepped.stepper.go(step)
        for problem in collisions(stepped.view.drawing):
            problems.setdefault(problem, step)
    assert not problems, f"{game} in {lang}: " + "; ".join(
        f"step {step}: {problem}" for problem, step in list(problems.items())[:8]
    )


def test_the_check_sees_an_overlap_and_an_edge():
    """Guard against a check that can never fail."""
    a = Text(100, 20, "Traukimo krūva (45)", 12, bold=True)
    b = Text(170, 20, "Išmetimo krūva (1)", 12, bold=True)
    found = collisions(Drawing(400, 100, (a, b)))
    assert found == ["'Traukimo krūva (45)' overlaps 'Išmetimo krūva (1)'"]
    edge = collisions(
        Drawing(300, 100, (Text(200, 20, "Full House, Nines over Jacks", 12, align="left"),))
    )
    assert len(edge) == 1 and "leaves the canvas" in edge[0]


LETTERS = st.sampled_from("abcdefghijklmnopqrstuvwxyzščėūĮДЖЩыйжь玩家牌堆弃 ,.:()0123456789")
WORDS = st.text(LETTERS, max_size=12) | st.text(LETTERS, min_size=30, max_size=90)
"""A label as a language might make it: short, or far longer than any English one."""


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=WORDS.filter(str.strip), width=st.floats(30, 400), size=st.floats(8, 20),
       lines=st.integers(1, 3))  # fmt: skip
def test_a_fitted_label_stays_in_its_room(text, width, size, lines):
    ops = fitted(10, 50, text, width, size, "#000000", "left", "top", lines=lines)
    assert 1 <= len(ops) <= lines
    for op in ops:
        x, _, w, _ = text_box(op)
        assert x == 10 and w <= width + 0.01, (op.text, w, width)
    assert not collisions(Drawing(width + 20, 200, tuple(ops)))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(banner=WORDS, names=st.lists(WORDS, min_size=4, max_size=4), notes=st.lists(WORDS,
       max_size=4), theme=st.sampled_from(THEMES))  # fmt: skip
def test_three_thirteen_labels_of_any_length_never_collide(banner, names, notes, theme):
    base = MODELS["three_thirteen"].start(opponents=3).table()
    seats = tuple(
        three_thirteen.SeatPicture(name, seat.groups, (name, *notes[:1]), seat.active)
        for name, seat in zip(names, base.seats, strict=False)
    )
    table = three_thirteen.TablePicture(
        banner, base.wild_rank, base.stock, base.discard, base.discard_count, tuple(notes), seats
    )
    assert not collisions(three_thirteen.table_picture(table, theme=theme))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(banner=WORDS, names=st.lists(WORDS, min_size=2, max_size=2), label=WORDS,
       notes=st.lists(WORDS, min_size=1, max_size=6), hand_notes=st.lists(WORDS, min_size=3,
       max_size=3), theme=st.sampled_from(THEMES))  # fmt: skip
def test_pyramid_poker_labels_of_any_length_never_collide(
    banner, names, label, notes, hand_notes, theme
):
    pic = pyramid_poker.TablePicture(
        rows=[[None] * 8],
        names=names,
        drawn=pyramid_poker.HIDDEN,
        drawn_label=label,
        banner=banner,
        notes=notes,
        hand_notes=(hand_notes, hand_notes),
        active=0,
    )
    assert not collisions(pyramid_poker.table_picture(pic, theme))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(WORDS, min_size=3, max_size=3), notes=st.lists(WORDS, max_size=2),
       banner=WORDS)  # fmt: skip
def test_triangle_labels_of_any_length_never_collide(names, notes, banner):
    seats = [
        triangle.SeatPicture(None, name, tuple(notes), active=k == 0)
        for k, name in enumerate(names)
    ]
    picture = triangle.triangle_table(seats, rts_notes=(banner, *notes), banner=banner)
    assert not collisions(picture)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(WORDS, min_size=2, max_size=6), active=st.integers(0, 5))
def test_seat_plates_of_any_length_never_collide(names, active):
    hands = [[None] * 5 for _ in names]
    drawing = table_seats(hands, seat_names=names, active=active, deck="standard52")
    assert not collisions(drawing)


def test_measuring_follows_the_font():
    """Wide letters take more room than narrow ones: the boxes are measured, not counted."""
    assert text_width("WWWW", 12) > 1.5 * text_width("iiii", 12)
    assert text_width("牌堆", 12) > text_width("ab", 12)
