"""Every game's table (at its table and in its lesson's stepped deal) on a phone held upright
(`cardlab.render.portrait`): the same table, its parts one under another, `WIDTH` wide with
labels of at least `LABEL_MIN` px, so the page shows them at that size in CSS px (the browser
measures it too: `tests/browser/test_layout.py`).

A whole game is played from the table's own suggestions, and each lesson's stepped deal stepped
through, in every language the game is written in; each picture in portrait is checked against
the same position in landscape: it says everything the landscape one says, offers the same
click targets, and no label overlaps another or leaves the picture.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from table_games import CASES, MODELS, THEMES
from test_hidden_information import _steppers
from test_table_labels import STEPPED

from cardlab.core.i18n import set_language
from cardlab.render import Drawing
from cardlab.render.portrait import LABEL_MIN, WIDTH, extent, shifted, stack
from cardlab.render.text import ELLIPSIS, collisions, labels
from cardlab.render.theme import get_theme
from cardlab.widgets.theme import ThemePicker


@pytest.fixture
def language():
    yield set_language
    set_language("en")


ENDS = 3
"""How many hands, deals or games (each table's unit) are played to their end."""


def positions(game: str) -> list[tuple[Drawing, Drawing]]:
    """Each picture of `ENDS` hands (or deals, or games) at ``game``'s table, (landscape,
    portrait), the learner's view in the default theme, the teacher's in the high-contrast."""
    model, seen, ends = MODELS[game].start(), [], 0
    for _ in range(1_000):
        for shown, theme in ((model, THEMES[0]), (dataclasses.replace(model, teacher=True),
                                                   THEMES[1])):  # fmt: skip
            seen.append((shown.picture(theme, (), False), shown.picture(theme, (), True)))
        tip = model.suggest()
        ends += tip.key in model.again
        if ends == ENDS:
            return seen
        model = model.select(tip.selected).act(tip.key, tip.value)
    raise AssertionError(f"{game}: no end after 1,000 presses")


def said(drawing: Drawing) -> Counter[str]:
    return Counter(op.text for op, _ in labels(drawing))


def unsaid(landscape: Drawing, portrait: Drawing) -> list[str]:
    """The labels of ``landscape`` that ``portrait`` does not say, whole or wrapped onto lines
    that follow one another (a label wider than a phone at 12 px: its words, in order); a label
    the landscape cut short ("…") may be said in full."""
    lines = re.sub(r"\s+", "", "".join(op.text for op, _ in labels(portrait)))
    return [
        text
        for text in (said(landscape) - said(portrait)).elements()
        if re.sub(r"\s+", "", text.removesuffix(ELLIPSIS)) not in lines
    ]


def targets(drawing: Drawing) -> set[str]:
    return {box.target for box in drawing.hit_boxes()}


def portrait_problems(game: str, pairs: list[tuple[Drawing, Drawing]]) -> list[str]:
    """What is wrong with each (landscape, portrait) pair's portrait picture: a width other than
    `WIDTH`, a label under `LABEL_MIN` px, a label or a click target the landscape one has and
    it has not, anything outside it, a label over another."""
    problems: dict[str, None] = {}
    for landscape, portrait in pairs:
        found = [f"{portrait.width} px wide"] if portrait.width != WIDTH else []
        found += [f"{op.text!r} at {op.size:g} px" for op, _ in labels(portrait)
                  if op.size < LABEL_MIN - 1e-9]  # fmt: skip
        found += [f"leaves out {text!r}" for text in unsaid(landscape, portrait)]
        found += [f"no target {t}" for t in sorted(targets(landscape) ^ targets(portrait))]
        x0, y0, x1, y1 = extent(portrait.ops)
        if x0 < -0.5 or y0 < -0.5 or x1 > WIDTH + 0.5 or y1 > portrait.height + 0.5:
            found.append(f"drawn past its edges: {(x0, y0, x1, y1)}")
        problems.update(dict.fromkeys(found + collisions(portrait)))
    return [f"{game}: {problem}" for problem in problems]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_portrait_table_says_all_at_a_phones_size(game, lang, language):
    language(lang, game)
    problems = portrait_problems(game, positions(game))
    assert not problems, f"[{lang}] " + "; ".join(problems[:8])


@pytest.mark.parametrize(("game", "lang"), STEPPED)
def test_a_portrait_stepped_deal_says_all_at_a_phones_size(game, lang, language):
    """The lessons' stepped deals draw the same tables: every step, through the teacher's eyes
    and the first seat's, in every language."""
    language(lang, game)
    stepped = _steppers()[game](ThemePicker())
    pairs = []
    for eyes in (-1, 0):
        stepped.eyes.value = eyes
        for step in range(len(stepped.replay) + 1):
            stepped.stepper.go(step)
            model = stepped.model
            pairs += [(model.picture(theme, False), model.picture(theme, True)) for theme in THEMES]
    problems = portrait_problems(game, pairs)
    assert not problems, f"[{lang}] " + "; ".join(problems[:8])


def test_stack_puts_parts_one_under_another_and_moves_their_targets():
    from cardlab.render import HitBox, Rect, Text

    first = [Rect(500, 300, 100, 40), HitBox(500, 300, 100, 40, "card:0")]
    second = [Text(700, 20, "Pot 3", 18.0)]
    drawing = stack([first, [], second], get_theme("default"))
    assert drawing.width == WIDTH
    box = drawing.hit_boxes()[0]
    assert (box.x, box.w) == (WIDTH / 2 - 50, 100)  # centred
    text = next(op for op in drawing.ops if isinstance(op, Text))
    assert text.y - 9 > box.y + box.h  # under the first part
    assert drawing.hit(WIDTH / 2, box.y + 1) == "card:0"
    assert shifted(Rect(1, 2, 3, 4), 10, 20) == Rect(11, 22, 3, 4)


@pytest.mark.parametrize("game", list(MODELS))
def test_a_table_turns_upright_when_the_page_is_as_narrow_as_a_phone(game):
    """The page script reports a phone's width (`PageScript.upright`): every table on the page
    redraws in portrait, a click still lands on the card under it, and back when it widens."""
    from cardlab.widgets.a11y import page_script
    from cardlab.widgets.table import TableView

    script = page_script()
    table = TableView(MODELS[game].start(), ThemePicker())
    landscape = table.view.drawing
    assert landscape.width == table.model.size[0]
    try:
        script.upright = True
        drawn = table.view.drawing
        assert drawn.width == WIDTH and drawn == table.model.picture("default", (), True)
        assert table.view.canvas.width == WIDTH * table.view.scale
        cards = [box for box in drawn.hit_boxes() if box.target.startswith("card:")]
        if cards and table.model.hand():
            box = min(cards, key=lambda b: b.target)
            scale = table.view.scale  # the canvas reports backing-store pixels
            table.view.handle_pointer([((box.x + 2) * scale, (box.y + box.h / 2) * scale)])
            assert table.hand.selected == (int(box.target.split(":")[1]),), game
        also = TableView(MODELS[game].start(), ThemePicker())  # made on a narrow page
        assert also.view.drawing.width == WIDTH
    finally:
        script.upright = False
    assert table.view.drawing.width == landscape.width
