"""The Triangle lesson's first figures: the 24 cards, and one real round in five stages (deal,
lift, grab, speak, resolve), each with what happens and why.  The table of statements is prose
in the lesson document (`cardlab/lessons/triangle.md`)."""

from __future__ import annotations

import html
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from cardlab.apps.control import Control
from cardlab.apps.figure import Block, Figure, Picture
from cardlab.apps.words import deck_picture
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg
from cardlab.core.replay import Replay
from cardlab.games.triangle import observe
from cardlab.games.triangle.game import TriangleState
from cardlab.lessons import deals
from cardlab.pictures.triangle import round_steps, walkthrough_picture


@dataclass(frozen=True)
class TriangleComponents(Figure):
    """The 24 cards (A-6 in four suits); the statements are a table in the lesson document."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg("The 24 Triangle cards: ace to 6 in four suits")
        return (deck_picture("triangle", theme, 62, label, msg("The 24 cards in words")),)


# -- the round, step by step ----------------------------------------------------------------------
STAGES: tuple[Message, ...] = (msg("Deal"), msg("Lift"), msg("Grab"), msg("Speak"), msg("Resolve"))
"""The five stages of a round (the buttons number them: "1. Deal")."""


def stage_text(replay: Replay[TriangleState], stage: int) -> str:
    """What happens at ``stage`` of the round in ``replay``, and why (HTML)."""
    lift, spoken = round_steps(replay)
    record = replay.state.rounds[0]
    if record.speaker is None or record.statement is None:
        raise ValueError("a walkthrough shows a round someone spoke in, not a void one")
    name = seat_name(record.speaker)
    if stage == 0:
        view = observe(replay.state_at(lift), 0)
        return str(
            msg(
                "The dealer ({player}) deals one card face down to each player, starting on "
                "their left, and a fourth face down in the middle: the <b>Right to Speak</b>. "
                "Nobody looks at their own card.",
                player=seat_name(view.dealer),
            )
        )
    if stage == 1:
        view = observe(replay.state_at(lift), 0)
        a, b = view.cards[1], view.cards[2]
        return str(
            msg(
                "On \u201c3, 2, 1, 0\u201d everyone lifts their card to their forehead, face "
                "outwards. Player 1 sees {first} and {second} but <b>not their own card</b> (the "
                "<b>?</b>). Each player sees a different pair.",
                first=str(a),
                second=str(b),
            )
        )
    if stage == 2:
        state = replay.state_at(spoken)
        claimers = [seat_name(s) for s in range(3) if state.claims[s]]
        who = (
            claimers[0]
            if len(claimers) == 1
            else msg("{first} and {second}", first=claimers[0], second=claimers[1])
            if len(claimers) == 2
            else msg(
                "{first}, {second} and {third}",
                first=claimers[0],
                second=claimers[1],
                third=claimers[2],
            )
        )
        return str(
            msg(
                "Anyone who wants to speak grabs the Right to Speak; the first hand on it wins. "
                "Here {players} grabbed, and <b>{player}</b> became the speaker.",
                players=who,
                player=name,
            )
        )
    if stage == 3:
        view = observe(replay.state_at(spoken), record.speaker)
        return str(
            msg(
                "{player} looks at the Right to Speak privately ({card}: one more card they know "
                "is not theirs) and must make <b>exactly one</b> statement about their own card. "
                "{player} said \u201c{statement}\u201d.",
                player=name,
                card=str(view.rts),
                statement=record.statement.said,
            )
        )
    event = replay.event_at(len(replay))
    return str(
        msg(
            "{narration}<br><b>Score:</b> {arithmetic}<br>The Right to Speak is <b>not</b> "
            "shown: only the speaker knows it.",
            narration=html.escape(event.narration),
            arithmetic=html.escape(str(event.arithmetic)),
        )
    )


@lru_cache(maxsize=8)
def _deal(name: str) -> Replay[TriangleState]:
    """The curated deal ``name``, read once (a replay is a value; every walkthrough shares it)."""
    return deals.load(name)


@dataclass(frozen=True)
class RoundWalkthrough(Figure):
    """One real round (a curated deal: the first round of a game of reasoning bots, not void) in
    five pictures, each with what happens and why; a row of numbered stages moves between
    them.  The deal is curated, so the page's rules leave it as it is."""

    deal: str = "triangle-scored-round"
    stage: int = 0
    """The stage shown, 0 (the deal) to 4 (the resolution)."""

    def __post_init__(self) -> None:
        self.replay  # noqa: B018 - an unknown deal is refused here, not when first drawn
        if self.stage not in range(len(STAGES)):  # the learner's choice is checked by `act`
            raise ValueError(f"stage {self.stage!r} is not one of 0-{len(STAGES) - 1}")

    @property
    def replay(self) -> Replay[TriangleState]:
        """The round's game record (``ValueError`` naming the known deals for another name)."""
        return _deal(self.deal)

    def controls(self) -> tuple[Control, ...]:
        stages = tuple((f"{i + 1}. {name}", i) for i, name in enumerate(STAGES))
        return (Control("stage", "", kind="segments", value=self.stage, options=stages),)

    def _act(self, key: str, value: Any) -> RoundWalkthrough:
        return replace(self, stage=value)

    def blocks(self, theme: str) -> tuple[Block, ...]:
        text = stage_text(self.replay, self.stage)
        label = msg(
            "A real round, stage {number} of 5: {stage}",
            number=self.stage + 1,
            stage=STAGES[self.stage],
        )
        return (
            Picture(
                walkthrough_picture(self.replay, self.stage, theme),
                label,
                words=f"<p class='cardlab-stage-text'>{text}</p>",
                words_title=msg("This stage in words"),
            ),
        )
