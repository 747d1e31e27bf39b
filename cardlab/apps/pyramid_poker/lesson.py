"""The Pyramid Poker lesson's first figures: the 54 blocks, a built pyramid, and scoring (the two
scoring tables and any showdown on a score sheet with its arithmetic, every figure from
`cardlab.games.pyramid_poker.scoring.score_hands`)."""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cardlab.apps.asked import items_html
from cardlab.apps.bot_stepper import first_step
from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.model import Said
from cardlab.apps.pyramid_poker.questions import position_lines
from cardlab.apps.pyramid_poker.table import basic_verdict, showdown_rows
from cardlab.apps.rules_words import rules_note
from cardlab.apps.score_sheet import score_sheet_html
from cardlab.apps.words import deck_picture
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import PyramidPokerState, observe
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
from cardlab.lessons.variants import VARIANTS
from cardlab.pictures.pyramid_poker import position_picture

if TYPE_CHECKING:
    from typing_extensions import Self

CATEGORY_WORDS: dict[str, Message] = {c: category_name(c) for c in HAND_POINTS}
"""Each category's name as the scoring chart writes it (a message: read in the page's language)."""

RULES = ("scoring", "target", "all_three_no_pair_penalty")
"""The rules scoring depends on."""

KeptRules = tuple[tuple[str, Any], ...]
"""The page's rules a figure keeps: each of `RULES` the page changed, with its value."""


def kept_rules(options: Mapping[str, Any]) -> KeptRules:
    """The rules of `RULES` that the page's ``options`` change from the standard ones: all a
    scoring figure keeps, so the standard rules and a change of another rule leave it equal."""
    changed = VARIANTS["pyramid_poker"].changed(dict(options))
    return tuple((name, changed[name]) for name in RULES if name in changed)


@dataclass(frozen=True)
class FollowsScoring(Figure):
    """A figure that follows the page's scoring rules (`RULES`) and says so when they are not
    the standard ones."""

    rules: KeptRules = ()

    def with_rules(self, options: Mapping[str, Any]) -> Self:
        return replace(self, rules=kept_rules(options))

    @property
    def options(self) -> dict[str, Any]:
        """The page's rules this figure follows, the standard ones where it keeps none."""
        return {**VARIANTS["pyramid_poker"].defaults, **dict(self.rules)}

    @property
    def advanced(self) -> bool:
        """Whether the page plays advanced scoring (points per hand and a bonus)."""
        scoring: str = self.options["scoring"]
        return scoring == "advanced"

    @property
    def penalty(self) -> bool:
        """Whether three No Pair hands cost an extra point."""
        return bool(self.options["all_three_no_pair_penalty"])

    def rules_html(self) -> str:
        """The line naming the page's rules ("" under the standard ones)."""
        return rules_note("pyramid_poker", dict(self.rules), RULES)


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


@dataclass(frozen=True)
class PyramidPokerComponents(Figure):
    """The 54 blocks (the lesson shows the built pyramid, `BuiltPyramid`, after its words)."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg("The 54 Pyramid Poker blocks")
        return (deck_picture("blocks", theme, 46, label, msg("The 54 blocks in words")),)


@functools.lru_cache(maxsize=8)
def built(deal: str) -> PyramidPokerState:
    """The game of ``deal`` (a curated deal) when its 30 blocks are placed."""
    replay: Replay[PyramidPokerState] = deals.load(deal)
    return replay.state_at(first_step(replay, "take"))


@dataclass(frozen=True)
class BuiltPyramid(Figure):
    """A built pyramid through Player 1's eyes (own blocks tagged "you"): the lesson's game when
    its 30 blocks are placed."""

    deal: str = "pyramid_poker-whole-game"

    def blocks(self, theme: str) -> tuple[Block, ...]:
        view = observe(built(self.deal), 0)
        banner = str(msg("The pyramid, built: Player 1's eyes"))
        return (
            Picture(
                position_picture(view, 0, theme, banner),
                msg("The pyramid of 30 blocks, built, through Player 1's eyes"),
                words=items_html(position_lines(view, 0)),
                words_title=msg("The built pyramid in words"),
            ),
        )


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


@functools.lru_cache(maxsize=64)
def scored(a: str, b: str, advanced: bool, penalty: bool) -> ShowdownResult:
    """`score_hands` of two players' hands (notation); ``ValueError`` naming a wrong block."""
    return score_hands(a, b, advanced, all_three_no_pair_penalty=penalty)


@dataclass(frozen=True)
class ScoringExample(FollowsScoring):
    """Type (or keep) two players' three hands and see the comparisons and both scores, under
    the page's scoring (advanced or basic) and no-pair penalty; the target is said in the rules
    line."""

    a: str = WORKED_P1
    b: str = WORKED_P2
    """The hands on the score sheet (notation, ``|`` between hands)."""
    typed: tuple[str, str] | None = None
    """Both lines as typed, not yet scored (None: the hands on the sheet)."""

    def __post_init__(self) -> None:
        self.result  # noqa: B018  (hands that cannot be scored are refused here)

    @property
    def result(self) -> ShowdownResult:
        return scored(self.a, self.b, self.advanced, self.penalty)

    @property
    def lines(self) -> tuple[str, str]:
        """What the two lines hold: the typed hands, else the scored ones."""
        return self.typed if self.typed is not None else (self.a, self.b)

    def controls(self) -> tuple[Control, ...]:
        a, b = self.lines
        return (
            Control("a", seat_name(0), kind="text", value=a),
            Control("b", seat_name(1), kind="text", value=b, row=1),
            Control("score", msg("Score"), style="primary", row=2),
        )

    def _act(self, key: str, value: Any) -> ScoringExample:
        a, b = self.lines
        if key == "a":
            return replace(self, typed=(value, b), said=Said())
        if key == "b":
            return replace(self, typed=(a, value), said=Said())
        return replace(self, a=a, b=b, typed=None, said=Said(msg("Scored."), "ok"))

    def blocks(self, theme: str) -> tuple[Block, ...]:
        result = self.result
        advanced = self.advanced
        table = points_table_html(self.penalty) if advanced else basic_words()
        rows = showdown_rows(result) if advanced else basic_rows(result)
        sheet = score_sheet_html((str(seat_name(0)), str(seat_name(1))), rows)
        return (
            Markup(self.rules_html()),
            Markup(table),
            Markup(f"<small>{HANDS_HELP}</small>"),
            Markup(sheet, name="scoresheet"),
            Markup(f"<p>{html.escape(str(basic_verdict(result)))}</p>"),
        )
