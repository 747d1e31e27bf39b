"""Each game's lesson in Voilà: a student plays its table to an end by clicking.

One test, one run per lesson (`LESSONS`): open the page, check every canvas is drawn and what the
page says before a move (`Lesson.before`), play with the lesson's clicks (`Lesson.play`), then
check what it says after (`Lesson.after`), that the score sheet changed, that every canvas is
still drawn, and that neither the page nor the console shows an error.  Screenshots:
``<lesson>.png`` (the whole page) and ``<lesson>_table.png`` (its play table's canvas: the
practice after it draws its own) under the screenshot folder.

Selectors (widgets carry them through ``add_class``): the score sheet ``.cardlab-scoresheet``
(a lesson's play table has the page's last one), the table's log ``.cardlab-log``, status line
``.cardlab-table .cardlab-status`` and verdict ``.cardlab-verdict``, the card buttons
``.cardlab-card-buttons`` (one toggle per card) and one ``button.cardlab-<move>`` per move
(`MOVES`).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from test_voila import (
    ANY_ENABLED,
    CANVAS,
    ENABLED,
    RENDER_TIMEOUT_MS,
    SETTLE_MS,
    TABLE_CANVAS,
    assert_clean_console,
    assert_drawn,
    assert_no_python_errors,
    canvas_shots,
    click_and_wait,
    render_url,
)

from cardlab.pictures.pyramid_poker import BLOCK_H, BLOCK_W, slot_xy

SHEET = ".cardlab-scoresheet"
LOG = ".cardlab-log"
STATUS = ".cardlab-table .cardlab-status"
MOVES = {
    move: f"button.cardlab-{move}"
    for move in ("bid-1", "bid-2", "bid-3", "bid-pass", "hint", "play", "pass", "check", "call",
                 "stand-pat", "discard", "next-hand", "place", "play-hint", "take-stock",
                 "go-out", "next-round", "claim", "say")
}  # fmt: skip
BIDS = [MOVES["bid-1"], MOVES["bid-2"], MOVES["bid-3"]]
CARD_BUTTONS = ".cardlab-table .cardlab-card-buttons button"
SELECTED = ".cardlab-table .cardlab-card-buttons .mod-active"
"""The pressed twin of the card selected on the table's canvas."""
SAYS = """([sel, patterns]) => { const all = document.querySelectorAll(sel);
  const e = all[all.length - 1];
  return !!e && patterns.every(p => new RegExp(p).test(e.innerText)); }"""
"""Whether the last element matching ``sel`` says every one of the regular expressions."""
STATUS_HINTS = (
    "shown => { const s = [...document.querySelectorAll('.cardlab-table .cardlab-status')].pop();"
    " return !!s && s.innerText.includes('Hint:') === shown; }"
)
"""Whether the last status line shows a hint (``shown`` true) or no longer does (false)."""


def enabled(page: Page, selector: str) -> bool:
    return page.evaluate(ENABLED, selector)


def wait_enabled(page: Page, selector: str, timeout: int = 20_000) -> None:
    page.wait_for_function(ENABLED, arg=selector, timeout=timeout)


def wait_any_enabled(page: Page, selectors: list[str], timeout: int = 20_000) -> None:
    page.wait_for_function(ANY_ENABLED, arg=selectors, timeout=timeout)


def last_text(page: Page, selector: str) -> str:
    return page.locator(selector).last.inner_text()


def sheet_rows(page: Page) -> int:
    return page.locator(SHEET).last.locator("tbody tr").count()


@dataclass(frozen=True)
class Says:
    """What the last element matching ``selector`` says: every regular expression of ``has``
    is found in its text (waited for: the kernel may still be writing it), none of ``lacks``,
    and its table body has ``rows`` rows (None: any number)."""

    selector: str
    has: tuple[str, ...] = ()
    lacks: tuple[str, ...] = ()
    rows: int | None = None

    def check(self, page: Page, timeout: int = 30_000) -> None:
        if self.has:
            with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what lacks
                page.wait_for_function(SAYS, arg=[self.selector, list(self.has)], timeout=timeout)
        element = page.locator(self.selector).last
        text = element.inner_text()
        missing = [p for p in self.has if not re.search(p, text)]
        found = [p for p in self.lacks if re.search(p, text)]
        assert not missing and not found, (
            f"{self.selector} lacks {missing} or shows {found}; it says:\n{text}"
        )
        if self.rows is not None:
            rows = element.locator("tbody tr").count()
            assert rows == self.rows, f"{self.selector} has {rows} rows, not {self.rows}:\n{text}"


@dataclass(frozen=True)
class Lesson:
    """A lesson whose table a student plays by clicking, and what its page says around it."""

    notebook: str
    ready: str
    """A control the page shows once its cells ran, waited for in ``ready_state``."""
    ready_state: Literal["attached", "visible"]
    play: Callable[[Page], None]
    """The clicks that play the table to an end (a deal, hand, round or game)."""
    played: str
    """What ``play`` plays ("a deal"), for messages."""
    before: tuple[Says, ...]
    after: tuple[Says, ...]

    @property
    def name(self) -> str:
        return self.notebook.removesuffix(".ipynb")


def play_doudizhu(page: Page) -> None:
    """Bid if we may, else pass (the AI may have bid 3 already: then we play); then press Hint
    and Play its selection, or Pass when the hint says pass, until the deal is on the sheet."""
    hint, play, pass_, bid_pass = MOVES["hint"], MOVES["play"], MOVES["pass"], MOVES["bid-pass"]
    for _ in range(6):
        wait_any_enabled(page, [*BIDS, bid_pass, hint])
        bid = next((b for b in BIDS if enabled(page, b)), None)
        if bid is None and enabled(page, bid_pass):
            bid = bid_pass
        if bid is None:
            break
        page.locator(bid).click()
        page.wait_for_timeout(300)
        if enabled(page, play) or sheet_rows(page):
            break
    for _ in range(80):  # the learner makes at most 20 plays and a pass for each AI play
        if sheet_rows(page):
            break
        wait_any_enabled(page, [hint, *BIDS, bid_pass])
        if not enabled(page, hint) and sheet_rows(page):
            break
        if enabled(page, bid_pass):  # a throw-in dealt again: pass this auction
            page.locator(bid_pass).click()
            page.wait_for_timeout(300)
            continue
        page.locator(hint).click()
        page.wait_for_function(STATUS_HINTS, arg=True, timeout=20_000)
        page.locator(pass_ if "Hint: pass" in last_text(page, STATUS) else play).click()
        page.wait_for_function(STATUS_HINTS, arg=False, timeout=20_000)
        status = last_text(page, STATUS).strip()
        assert "\u26a0" not in status, f"a move was refused: {status}"


def play_pyramid(page: Page) -> None:
    """Check or call every bet; in the exchange, choose two cards with the card buttons and
    Discard them, and stand pat after that, until the next hand may be dealt."""
    check, call, pat, discard = MOVES["check"], MOVES["call"], MOVES["stand-pat"], MOVES["discard"]
    next_hand = MOVES["next-hand"]
    discarded = False
    for _ in range(30):
        wait_any_enabled(page, [check, call, pat, next_hand], timeout=30_000)
        if enabled(page, next_hand):
            break
        if enabled(page, pat):
            if not discarded:
                buttons = page.locator(CARD_BUTTONS)
                buttons.nth(0).click()
                buttons.nth(1).click()
                wait_enabled(page, discard)
                click_and_wait(page, page.locator(discard), LOG)
                discarded = True
            else:
                click_and_wait(page, page.locator(pat), LOG)
        elif enabled(page, check):
            click_and_wait(page, page.locator(check), LOG)
        else:
            click_and_wait(page, page.locator(call), LOG)
    wait_enabled(page, next_hand, timeout=30_000)


def play_pyramid_poker(page: Page) -> None:
    """The first move by clicking a dashed foundation slot on the table's canvas, the second by
    choosing a slot in the list and pressing Place, then the hint, played, until the sheet
    shows the bonus."""
    place, play_hint = MOVES["place"], MOVES["play-hint"]
    table = page.locator(TABLE_CANVAS).first
    table.scroll_into_view_if_needed()
    for k in (0, 7):  # the bot may have taken one corner: that click is refused, the other not
        x, y = slot_xy(k, 8, 8)
        before = last_text(page, LOG)
        table.click(position={"x": x + BLOCK_W / 2, "y": y + BLOCK_H / 2})
        page.wait_for_timeout(800)
        if last_text(page, LOG) != before:
            break
    else:
        raise AssertionError("clicking a foundation slot placed nothing")
    assert "Player 1 places a block" in last_text(page, LOG)
    wait_enabled(page, place, timeout=30_000)
    click_and_wait(page, page.locator(place), LOG)
    for _ in range(120):  # the learner makes about 45 moves in a game
        if "Bonus" in last_text(page, SHEET):
            break
        wait_enabled(page, play_hint, timeout=30_000)
        click_and_wait(page, page.locator(play_hint), LOG)


def play_three_thirteen(page: Page) -> None:
    """Take from the stock, then go out if we may, else select a card by clicking it on the
    table's canvas and discard it, until the next round may be dealt."""
    take, go_out, discard, next_round = (
        MOVES["take-stock"], MOVES["go-out"], MOVES["discard"], MOVES["next-round"]
    )  # fmt: skip
    table = page.locator(TABLE_CANVAS).first
    table.scroll_into_view_if_needed()
    turns = 40
    for _ in range(turns):
        wait_any_enabled(page, [take, next_round], timeout=30_000)
        if enabled(page, next_round):
            return
        page.locator(take).click()
        page.wait_for_timeout(800)
        if enabled(page, go_out):
            page.locator(go_out).click()
        else:
            # a click in a gap between melds selects nothing: try a few places along the hand
            box = table.bounding_box()
            for fx in (0.5, 0.46, 0.54, 0.42, 0.58, 0.38, 0.62):
                page.mouse.click(box["x"] + box["width"] * fx, box["y"] + box["height"] - 84)
                page.wait_for_timeout(500)
                if page.locator(SELECTED).count():
                    break
            page.wait_for_selector(SELECTED, timeout=20_000)
            wait_enabled(page, discard)
            page.locator(discard).click()
        wait_any_enabled(page, [take, next_round], timeout=30_000)
    raise AssertionError(f"the round did not end in {turns} turns")


def play_triad(page: Page) -> None:
    """Check or call every bet and stand pat in the draw, until the next hand may be dealt."""
    moves = [MOVES["check"], MOVES["call"], MOVES["stand-pat"]]
    for _ in range(30):
        wait_any_enabled(page, [*moves, MOVES["next-hand"]])
        if enabled(page, MOVES["next-hand"]):
            return
        move = next(s for s in moves if enabled(page, s))
        click_and_wait(page, page.locator(move), LOG)
    raise AssertionError("the hand did not end in 30 clicks")


NO_POINTS_YET = r"^\s*Total\s+0\s+0\s+0\s*$"
"""A Triangle score sheet's totals before a round is scored."""


def play_triangle(page: Page) -> None:
    """Claim; say the starred combination when we won the Right to Speak; deal the next round
    until one is scored (a round can be void: a tied grab)."""
    claim, say, next_round = MOVES["claim"], MOVES["say"], MOVES["next-round"]
    rounds = 8
    for _ in range(rounds):
        wait_enabled(page, claim)
        page.locator(claim).click()
        wait_any_enabled(page, [say, next_round])
        if enabled(page, say):
            page.locator(say).click()
            wait_enabled(page, next_round)
        if not re.search(NO_POINTS_YET, last_text(page, f"{SHEET} tfoot")):
            return
        page.locator(next_round).click()
    raise AssertionError(f"no round was scored in {rounds} rounds")


LESSONS = [
    Lesson(
        "doudizhu.ipynb", MOVES["hint"], "attached", play_doudizhu, "a deal",
        before=(Says(SHEET, rows=0),),
        after=(Says(SHEET, has=("Deal 1", "unit"), rows=1),),
    ),
    Lesson(
        "pyramid.ipynb", MOVES["check"], "attached", play_pyramid, "a hand",
        before=(Says(SHEET, has=("Total",), rows=0),),
        after=(Says(SHEET, has=("Hand 1", "won|tied")),),
    ),
    Lesson(
        "pyramid_poker.ipynb", MOVES["play-hint"], "visible", play_pyramid_poker, "the game",
        before=(Says(SHEET, lacks=("Left",)),),
        after=(
            Says(SHEET, has=("Left", "Centre", "Right", "Bonus", "Total")),
            # written after the score sheet (the controls last): waited for
            Says(".cardlab-verdict", has=("Game over",)),
        ),
    ),
    Lesson(
        "three_thirteen.ipynb", MOVES["take-stock"], "visible", play_three_thirteen, "a round",
        before=(Says(SHEET, has=("Total",)),),
        after=(Says(SHEET, has=("Round 1",)),),
    ),
    Lesson(
        "triad.ipynb", MOVES["check"], "attached", play_triad, "a hand",
        before=(Says(SHEET, lacks=("Hand 1",)),),
        after=(Says(SHEET, has=("Hand 1", "won by")), Says(LOG, has=("Why the AI played",))),
    ),
    Lesson(
        "triangle.ipynb", MOVES["claim"], "visible", play_triangle, "a round",
        before=(Says(SHEET, has=("Total",)), Says(f"{SHEET} tfoot", has=(NO_POINTS_YET,))),
        after=(Says(SHEET, has=("Round 1",)),),
    ),
]  # fmt: skip


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_a_lesson_table_is_played_to_an_end_by_clicking(
    voila_server, page, screenshot_dir: Path, lesson: Lesson
):
    page.goto(render_url(voila_server, lesson.notebook), timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(lesson.ready, state=lesson.ready_state, timeout=RENDER_TIMEOUT_MS)
    page.wait_for_selector(CANVAS, state="visible", timeout=RENDER_TIMEOUT_MS)
    page.wait_for_timeout(SETTLE_MS)
    assert_no_python_errors(page)
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after loading")
    for says in lesson.before:
        says.check(page)
    sheet_before = last_text(page, SHEET)

    lesson.play(page)
    for says in lesson.after:
        says.check(page)
    assert last_text(page, SHEET) != sheet_before, f"{lesson.played} left the score sheet as is"

    page.wait_for_timeout(SETTLE_MS)
    table = page.locator(TABLE_CANVAS).first  # the play table's drawing
    table.scroll_into_view_if_needed()
    assert_drawn(table.screenshot(), f"the play table after {lesson.played}")
    for i, png in enumerate(canvas_shots(page)):
        assert_drawn(png, f"canvas #{i} after playing")
    page.screenshot(path=str(screenshot_dir / f"{lesson.name}.png"), full_page=True)
    table.screenshot(path=str(screenshot_dir / f"{lesson.name}_table.png"))
    assert_no_python_errors(page)
    assert_clean_console(page)
