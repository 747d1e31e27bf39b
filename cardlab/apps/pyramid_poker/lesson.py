"""The Pyramid Poker lesson's first panels: the 54 blocks with a built pyramid, and scoring (the
two scoring tables and any showdown on a score sheet with its arithmetic, every figure from
`cardlab.games.pyramid_poker.scoring.score_hands`)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.asked import items_html
from cardlab.apps.bot_stepper import first_step
from cardlab.apps.pyramid_poker.questions import position_lines
from cardlab.apps.pyramid_poker.table import basic_verdict, showdown_rows
from cardlab.apps.rules_words import rules_note
from cardlab.apps.words import deck_words
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg
from cardlab.games.pyramid_poker import observe
from cardlab.games.pyramid_poker.rules import (
    BONUS,
    HAND_NAMES,
    HAND_POINTS,
    NO_PAIR_PENALTY,
    hand_label,
)
from cardlab.games.pyramid_poker.scoring import (
    ShowdownResult,
    category_name,
    hand_title,
    score_hands,
    verdict,
)
from cardlab.lessons import deals
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets import CanvasView, ScoreSheet
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel, Page
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker

CATEGORY_WORDS: dict[str, Message] = {c: category_name(c) for c in HAND_POINTS}
"""Each category's name as the scoring chart writes it (a message: read in the page's language)."""

RULES = ("scoring", "target", "all_three_no_pair_penalty")
"""The rules scoring depends on."""


def basic_words() -> str:
    """What basic scoring counts, in place of the points chart."""
    words = msg(
        "<b>Basic scoring:</b> each comparison won counts 1; whoever wins more of the three wins "
        "the game (no points per hand, no bonus)."
    )
    return f"<p class='cardlab-pp-basic'>{words}</p>"


WORKED_P1 = "9h 9d 9c 4d 4h | 2c 5d 8c Jh Kd | 3s 4s 5s 6s 7s"
WORKED_P2 = "8s 8h 8d As Ad | Qh Qc 6d 7c 2h | Tc Jc Qs Kh Ac"
"""The complete game of the rules' §6: Player 1 scores 8, Player 2 scores 3."""


class PyramidPokerComponents(LessonPanel):
    """The 54 blocks, and a built pyramid through Player 1's eyes (own blocks tagged "you"): the
    lesson's game (a curated deal) when its 30 blocks are placed.  The panel shows the blocks;
    the notebook shows the pyramid and its words, ``pyramid``, after the lesson's words on it."""

    def __init__(self, picker: ThemePicker, deal: str = "pyramid_poker-whole-game") -> None:
        super().__init__(picker, size=(WIDTH, HEIGHT))
        self.sheet = CanvasView(10, 10, status=self.status)
        self.table = self.canvas_view
        replay = deals.load(deal)
        self.state = replay.state_at(first_step(replay, "take"))
        self.sheet_words = TextVersion(str(msg("The 54 blocks in words")), deck_words("blocks"))
        describe(self.sheet, str(msg("The 54 Pyramid Poker blocks")), self.sheet_words)
        self.table_words = TextVersion(
            str(msg("The built pyramid in words")),
            items_html(position_lines(observe(self.state, 0), 0)),
        )
        label = msg("The pyramid of 30 blocks, built, through Player 1's eyes")
        describe(self.table, str(label), self.table_words)
        self.pyramid = widgets.VBox([self.table.widget, self.table_words.widget])
        self.children = [self.sheet.widget, self.sheet_words.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        self.sheet.draw(deck_sheet("blocks", self.theme, card_w=46))
        banner = str(msg("The pyramid, built: Player 1's eyes"))
        return position_picture(observe(self.state, 0), 0, self.theme, banner)


EACH_HAND = msg("Each hand (won or lost)")
COMPARISON_BONUS = msg("Comparison bonus")
ALL_NO_PAIR = msg("all three hands No Pair")
HANDS_HELP = msg("Hands: left | centre | right, five blocks each.")


def _won(count: int) -> object:
    return msg("won {count} of 3 comparisons", count=count)


# -- scoring -------------------------------------------------------------------------------------
def points_table_html(penalty: bool = False) -> str:
    """The advanced-scoring chart: points per hand and the comparison bonus (and, with the
    ``all_three_no_pair_penalty`` rule, its extra point off)."""
    rows = "".join(
        f"<tr><td>{CATEGORY_WORDS[c]}</td><td style='text-align:center'>{p:+d}</td></tr>"
        for c, p in HAND_POINTS.items()
    )
    bonus = "".join(
        f"<tr><td>{_won(n)}</td><td style='text-align:center'>{b:+d}</td></tr>"
        for n, b in BONUS.items()
        if n >= 2
    )
    if penalty:
        bonus += (
            f"<tr><td>{ALL_NO_PAIR}</td><td style='text-align:center'>"
            f"{NO_PAIR_PENALTY:+d}</td></tr>"
        )
    points = msg("Points")
    return (
        f"<table class='cardlab-pp-points'><thead><tr><th>{EACH_HAND}</th>"
        f"<th>{points}</th></tr></thead><tbody>{rows}</tbody></table>"
        f"<table class='cardlab-pp-bonus'><thead><tr><th>{COMPARISON_BONUS}</th>"
        f"<th>{points}</th></tr></thead><tbody>{bonus}</tbody></table>"
    )


def basic_rows(result: ShowdownResult) -> list[tuple[str, tuple[int, int], str]]:
    """Score-sheet rows of the basic game: one per hand position, 1 for the comparison won."""
    return [
        (
            str(hand_label(name)),
            (int(c == 1), int(c == -1)),
            str(
                msg(
                    "{first} v {second}: {verdict}",
                    first=hand_title(a),
                    second=hand_title(b),
                    verdict=verdict(c),
                )
            ),
        )
        for name, a, b, c in zip(
            HAND_NAMES, result.values[0], result.values[1], result.comparisons, strict=True
        )
    ]


class ScoringExample(LessonPanel):
    """Type (or keep) two players' three hands and see the comparisons and both scores, under
    the page's scoring (advanced or basic) and no-pair penalty."""

    def __init__(self, picker: Page | None = None, a: str = WORKED_P1, b: str = WORKED_P2) -> None:
        super().__init__(picker)
        self.advanced, self.penalty = True, False
        self.rules = widgets.HTML()
        self.table = widgets.HTML(points_table_html())
        one, two = str(seat_name(0)), str(seat_name(1))
        self.a = widgets.Text(value=a, description=one, layout=widgets.Layout(width="520px"))
        self.b = widgets.Text(value=b, description=two, layout=widgets.Layout(width="520px"))
        self.button = widgets.Button(description=str(msg("Score")), button_style="primary")
        self.sheet = ScoreSheet([one, two])
        self.sheet.widget.add_class("cardlab-scoresheet")
        self.verdict = widgets.HTML()
        self.button.on_click(guarded(self.status, lambda _: self.score()))
        self.children = [
            self.rules,
            self.table,
            widgets.HTML(f"<small>{HANDS_HELP}</small>"),
            self.a,
            self.b,
            self.button,
            self.sheet.widget,
            self.verdict,
            self.status.widget,
        ]
        self.result: ShowdownResult | None = None
        self.score()

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Score under the page's rules: basic scoring counts the comparisons won; the penalty
        takes a point off three No Pair hands; the target is said in the rules line."""
        self.advanced = options["scoring"] == "advanced"
        self.penalty = options["all_three_no_pair_penalty"]
        self.rules.value = rules_note("pyramid_poker", options, RULES)
        self.table.value = points_table_html(self.penalty) if self.advanced else basic_words()
        self.score()

    def score(self) -> None:
        result = score_hands(
            self.a.value, self.b.value, self.advanced, all_three_no_pair_penalty=self.penalty
        )
        self.sheet.set_rows(showdown_rows(result) if self.advanced else basic_rows(result))
        self.result = result
        self.verdict.value = f"<p>{html.escape(str(basic_verdict(result)))}</p>"
        self.status.ok(str(msg("Scored.")))
