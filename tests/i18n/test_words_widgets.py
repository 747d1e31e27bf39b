"""The shared widgets speak the page's language: every button, tooltip, heading, status line,
tally, caption and refusal they write themselves is read from the ``ui`` catalog, with no English
left (`language_check`) and no message missed, in every language that translates the controls;
English stays as it was."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

import pytest
from language_check import english_in, widget_texts

from cardlab.apps.quiz import QuizModel
from cardlab.core.bots import RandomBot
from cardlab.core.engine import IllegalMove
from cardlab.core.i18n import SCOPES, missed, msg, set_language, using_language
from cardlab.core.replay import Replay
from cardlab.render.ops import Drawing
from cardlab.widgets import (
    HandView,
    OddsPanel,
    ScoreSheet,
    StatusLine,
    Stepper,
    TextMirror,
    ThemePicker,
    friendly_message,
    guarded,
)
from cardlab.widgets.quiz import QuizView
from cardlab.widgets.results import ResultsLink
from cardlab.widgets.share import ShareBox

LANGS = [lang for lang, scope in SCOPES.items() if "ui" in scope]
ALLOWED = {"Ctrl", "default"}
"""The key's name on the keyboard, and the theme picker's ``value`` (a theme's name in the code,
which the oracle reads though the page shows its title)."""


class TinyQuiz(QuizModel):
    """A quiz whose question is card notation only: what is left to read is the widget's own."""

    def deal(self):
        return "Ab · Kb"

    def prompt(self):
        return self.question

    def choices(self):
        return [("Ab", "a"), ("Kb", "k")]

    def feedback(self, value: str):
        return value == "a", "Ab", ""

    def picture(self, theme: str):
        return Drawing(10, 10, ())


@pytest.fixture
def speaking(request) -> Iterator[str]:
    set_language(request.param)
    try:
        yield request.param
    finally:
        set_language("en")


def replay() -> Replay:
    bots = {0: RandomBot(0), 1: RandomBot(1), 2: RandomBot(2)}
    return Replay.start("highcard", 3, deck="triad", players=3, hand_size=3).play_out(bots)


def panels() -> dict[str, object]:
    """The shared panels, built (and pressed where a press writes more words)."""
    status = StatusLine()
    hand = HandView(["Ab", "Kb", "7r"], name="", multi=False, status=status)
    guarded(status, hand.set_selected)([0, 1])  # refused: only one card here
    scores = ScoreSheet(["Ab", "Kb"], window=2)
    for k in range(4):
        scores.add_row(str(k + 1), [k, -k], "2 + 1")
    mirror = TextMirror()
    mirror.update(hands=["Ab Kb"], table="7r", last_move="", legal_moves=[])
    odds = OddsPanel([("Ab", Fraction(1, 3), 0.3312, 0.004)])
    quiz = QuizView(TinyQuiz(), ThemePicker())
    quiz.answer("k")
    share = ShareBox(lambda: "https://example.org/x.ipynb", status)
    share.toggle()
    share.copied()
    table_results = ResultsLink("triad")
    stepper = Stepper(replay())
    return {
        "hand": hand.widget,
        "status": status.widget,
        "scores": scores.widget,
        "mirror": mirror.widget,
        "odds": odds.table,  # its chart's words are `cardlab.render.chart`'s
        "quiz": quiz,
        "share": share,
        "results": table_results.widget,
        "stepper controls": stepper.widget.children[0],
        "stepper caption": stepper.caption,
        "theme": ThemePicker(),
    }


@pytest.mark.parametrize("speaking", LANGS, indirect=True)
def test_the_shared_panels_hold_no_english(speaking):
    before = {m for m in missed() if m[0] == speaking}
    built = panels()
    for name, widget in built.items():
        assert english_in(widget_texts(widget), speaking, ALLOWED) == [], name
    assert {m for m in missed() if m[0] == speaking} == before


@pytest.mark.parametrize("speaking", LANGS, indirect=True)
def test_a_hand_names_its_cards_and_a_refusal_in_the_language(speaking):
    hand = HandView(["Ab", "Kb"], name="Ab")
    hand.select(1)
    assert english_in([hand.view.label.label, hand.buttons.children[0].tooltip], speaking) == []
    with pytest.raises(ValueError) as refused:
        hand.select(5)
    assert english_in([friendly_message(refused.value)], speaking) == []
    assert "{" not in friendly_message(refused.value)


@pytest.mark.parametrize("lang", ["ru", "zh"])
def test_an_illegal_moves_reason_reads_in_the_language(lang):
    refusal = IllegalMove(msg("card {number} cannot be selected", number=3))
    with using_language(lang):
        said = friendly_message(refusal)
    assert said == {"ru": "Карту 3 выбрать нельзя", "zh": "不能选第 3 张牌"}[lang]
    assert friendly_message(refusal) == "Card 3 cannot be selected"


def test_english_reads_as_before():
    hand = HandView(["Ab", "Kb"])
    assert hand.words == "A row of cards: Ab, Kb; selected: none"
    hand.select(0)
    assert hand.words == "A row of cards: Ab, Kb; selected: Ab"
    stepper = Stepper(replay())
    assert stepper.caption_text.startswith("Step 0 of ")
    assert [b.description for b in stepper.buttons] == ["« Start", "◀ Back", "Forward ▶", "End »"]
    odds = OddsPanel([("Ab", Fraction(1, 3))])
    assert (
        "<td>0.3333</td>" in odds.table_html() and "<th scope='col'>Event</th>" in odds.table_html()
    )
    scores = ScoreSheet(["P1"], window=1)
    scores.add_row("1", [1], "a")
    scores.add_row("2", [2], "b")
    assert (
        "1 earlier row</th>" in scores.widget.value
        and "folded into the totals" in scores.widget.value
    )


@pytest.mark.parametrize(
    ("lang", "decimal"), [("ru", "0,3333"), ("zh", "0.3333"), ("lt", "0,3333")]
)
def test_odds_are_written_the_languages_way(lang, decimal):
    with using_language(lang):
        table = OddsPanel([("Ab", Fraction(1, 3))]).table_html()
    assert f"<td>{decimal}</td>" in table


def test_a_russian_count_takes_its_plural_form():
    with using_language("ru"):
        words = []
        for n in (1, 3, 5, 21):
            sheet = ScoreSheet(["P1"], window=1)
            for k in range(n + 1):
                sheet.add_row(str(k), [k])
            words.append(sheet.widget.value.split("<th scope='row'>")[1].split("</th>")[0])
    assert words == [
        "1 предыдущая строка",
        "3 предыдущие строки",
        "5 предыдущих строк",
        "21 предыдущая строка",
    ]
