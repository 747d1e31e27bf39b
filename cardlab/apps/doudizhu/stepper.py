"""The auction of a deal of three AI (a curated deal: who bid what, and why), and the whole deal
stepped through: the narration, why each AI chose its play, and what the chosen seat can
count."""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from cardlab.apps.bot_stepper import (
    VARIANT_SEED,
    BotGameStepper,
    deal_note,
    first_step,
    seeded_start,
    stored_reasons,
    story_variant,
)
from cardlab.apps.doudizhu.table import ai_bot
from cardlab.core.bots import Bot
from cardlab.core.engine import seat_name
from cardlab.core.i18n import msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.whatif import Reasons
from cardlab.games.doudizhu import GAME, DouDizhuState, observe
from cardlab.games.doudizhu.odds import counting_odds
from cardlab.lessons import deals
from cardlab.pictures.doudizhu import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing
from cardlab.widgets.a11y import element_id
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

DEAL = "doudizhu-bid-and-play"
"""The curated deal the lesson's auction and stepper show (`cardlab.lessons.deals`)."""


def default_bots() -> dict[int, Bot]:
    """The AI in every seat."""
    return {s: ai_bot(s) for s in range(3)}


class BiddingWalkthrough(LessonPanel):
    """The auction of a deal of three AI (a curated deal): who bid what and why, and the
    landlord taking the bottom.  It is the auction of the deal the stepper shows next: under
    other rules than the standard ones, the same seeded deal as the stepper's."""

    @property
    def picture_label(self) -> str:
        return str(msg("The table after the auction: the landlord holds 20 cards with the bottom"))

    def __init__(self, picker: ThemePicker, deal: str = DEAL) -> None:
        super().__init__(picker, size=(WIDTH, HEIGHT))
        self.text_id = element_id("cardlab-auction")
        self.story = deal
        self.replay = deals.load(deal)
        self.reasons = stored_reasons(deal, default_bots)
        self.variant: dict[str, Any] = {}
        self.text = widgets.HTML()
        self.canvas_view.describe(self.picture_label, self.text_id)
        self.children = [self.text, self.canvas_view.widget, self.status.widget]
        self.show()

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """The auction of the deal the stepper shows under the page's rules: the story deal
        under the standard ones, otherwise the stepper's seeded deal, played by the same AI."""
        variant = story_variant(self.story, options)
        if variant == self.variant:
            return
        if variant:
            reasons: Reasons = {}
            start = seeded_start(self.story, VARIANT_SEED, variant)
            replay = start.play_out(default_bots(), reasons=reasons)
        else:
            replay = deals.load(self.story)
            reasons = stored_reasons(self.story, default_bots)
        self.replay, self.reasons, self.variant = replay, reasons, variant
        self.show()

    def show(self) -> None:
        """The auction's words (over them, which deal it is) and its picture."""
        seed = VARIANT_SEED if self.variant else None
        note = deal_note(GAME, seed, self.variant)
        self.text.value = f'{note}<div id="{self.text_id}">{self.auction_html()}</div>'
        self.redraw()

    @property
    def auction(self) -> tuple[int, int]:
        """(first bidding step, the step where the landlord is known) of the last deal."""
        end = first_step(self.replay, "play")
        start = end
        while start > 0 and self.replay.state_at(start - 1).phase == "bid":
            start -= 1
        return start, end

    def auction_html(self) -> str:
        start, end = self.auction
        items = []
        for step in range(start + 1, end + 1):
            event = self.replay.event_at(step)
            _seat, reason = self.reasons.get(step, (None, None))  # the teacher reads them all
            why = ""
            if reason:
                why = " <i>" + html.escape(str(msg("Why: {reason}", reason=reason.text()))) + "</i>"
            items.append(f"<li>{html.escape(event.narration)}{why}</li>")
        first = self.replay.state_at(start).first_bidder
        thrown = self.replay.state_at(end).deal_number - 1
        again = ""
        if thrown:
            said = msgn(
                "Before this, everyone passed {count} time: the hand was thrown in and dealt "
                "again.",
                "Before this, everyone passed {count} times: the hand was thrown in and dealt "
                "again.",
                thrown,
            )
            again = f"<p>{said}</p>"
        head = msg(
            "<b>The auction of this deal</b> ({player} was drawn to bid first):",
            player=seat_name(first),
        )
        return f"{again}<p>{head}</p><ol>{''.join(items)}</ol>"

    def picture(self) -> Drawing:
        state = self.replay.state_at(self.auction[1])
        banner = str(
            msg(
                "{player} is the landlord: 17 + 3 bottom cards = 20",
                player=seat_name(state.landlord),
            )
        )
        return table_picture(observe(state, None), you=None, banner=banner, theme=self.theme)


class DealStepper(BotGameStepper):
    """A deal of three AI (a curated deal), step by step: the table, the narration, why the AI
    chose each play, and what the chosen seat (for the teacher, the seat to act) can count about
    the others' hands."""

    size = (WIDTH, HEIGHT)

    @property
    def picture_label(self) -> str:  # type: ignore[override]
        return str(msg("A Dou Dizhu deal of three AI at this step: hands, bottom cards, table"))

    @property
    def mirror_label(self) -> str:  # type: ignore[override]
        return str(msg("The AI table in words"))

    @property
    def bot_label(self) -> str:  # type: ignore[override]
        return str(msg(" (AI)"))

    deal = DEAL
    bots = staticmethod(default_bots)

    def __init__(self, picker: ThemePicker, deal: str | None = None) -> None:
        self.counting = widgets.HTML()
        super().__init__(picker, deal, extra=[self.counting])

    def open_at(self, replay: Replay, reasons: Reasons) -> int:
        """The first bid: the 54 deal steps and the draw of the first bidder are chance."""
        return min(first_step(replay, "bid") + 1, len(replay))

    def _show(self, step: int, state: DouDizhuState, event: Any) -> None:
        view = self.view_of(state)
        banner = str(msg("Step {step}: {eyes}", step=step, eyes=self.eyes_words))
        self.canvas_view.draw(table_picture(view, you=None, banner=banner, theme=self.theme))
        self.show_why(step)
        self.counting.value = self._counting(state)
        hands = [
            str(
                msg(
                    "{player}: {cards}",
                    player=seat_name(s),
                    cards=" ".join(str(c) for c in h if c is not None)
                    or msgn("{count} card face down", "{count} cards face down", len(h)),
                )
            )
            for s, h in enumerate(view.hands)
        ]
        if state.table is not None:
            table = msg("bid {bid}; to beat: {play}", bid=state.bid, play=state.table.name)
        else:
            table = msg("bid {bid}; table clear", bid=state.bid)
        self.show_mirror(step, state, hands=hands, table=str(table))

    def _counting(self, state: DouDizhuState) -> str:
        """What the chosen seat (for the teacher: the seat to act) can count of the others."""
        seat = self.viewer if self.viewer is not None else GAME.current_player(state)
        if state.phase != "play" or seat < 0:
            return ""
        c = counting_odds(observe(state, seat), seed=self.stepper.step)
        body = "".join(f"<li>{html.escape(str(line))}</li>" for line in c.lines())
        head = msg(
            "<b>What {player} can count</b> (only their own hand, the bottom cards and every card "
            "played):",
            player=seat_name(seat),
        )
        return f"<div class='cardlab-counting'>{head}<ul>{body}</ul></div>"
