"""The Triangle lesson's first panels: the 24 cards, and one real round in five stages (deal,
lift, grab, speak, resolve), each with what happens and why.  The table of statements is prose
in the lesson document (`cardlab/lessons/triangle.md`)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.apps.words import deck_words
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg
from cardlab.core.replay import Replay
from cardlab.games.triangle import observe
from cardlab.lessons import deals
from cardlab.pictures.triangle import HEIGHT, WIDTH, round_steps, walkthrough_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker


class TriangleComponents(LessonPanel):
    """The 24 cards (A-6 in four suits); the statements are a table in the lesson document."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.words = TextVersion(str(msg("The 24 cards in words")), deck_words("triangle"))
        label = msg("The 24 Triangle cards: ace to 6 in four suits")
        describe(self.canvas_view, str(label), self.words)
        self.children = [self.canvas_view.widget, self.words.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        return deck_sheet("triangle", self.theme, card_w=62)


# -- the round, step by step ----------------------------------------------------------------------
STAGES: tuple[Message, ...] = (msg("Deal"), msg("Lift"), msg("Grab"), msg("Speak"), msg("Resolve"))
"""The five stages of a round (the buttons number them: "1. Deal")."""


def stage_text(replay: Replay, stage: int) -> str:
    """What happens at ``stage`` of the round in ``replay``, and why (HTML)."""
    lift, spoken = round_steps(replay)
    record = replay.state.rounds[0]
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


class RoundWalkthrough(LessonPanel):
    """One real round (a curated deal: the first round of a game of reasoning bots, not void) in
    five pictures, each with what happens and why."""

    def __init__(self, picker: ThemePicker, deal: str = "triangle-scored-round") -> None:
        super().__init__(picker, size=(WIDTH, HEIGHT))
        self.replay = deals.load(deal)
        stages = [f"{i + 1}. {name}" for i, name in enumerate(STAGES)]
        self.stage = widgets.ToggleButtons(
            options=stages, value=stages[0], style={"button_width": "auto"}
        )
        self.stage.add_class("cardlab-stage")
        self.text = TextVersion(str(msg("This stage in words")))
        self.stage.observe(lambda _: self.redraw(), names="value")
        self.children = [self.stage, self.canvas_view.widget, self.text.widget, self.status.widget]
        self.redraw()

    @property
    def stage_index(self) -> int:
        return list(self.stage.options).index(self.stage.value)

    def picture(self) -> Drawing:
        return walkthrough_picture(self.replay, self.stage_index, self.theme)

    def _redraw(self) -> None:
        text = stage_text(self.replay, self.stage_index)
        self.text.show(f"<p class='cardlab-stage-text'>{text}</p>")
        index = self.stage_index
        label = msg(
            "A real round, stage {number} of 5: {stage}", number=index + 1, stage=STAGES[index]
        )
        describe(self.canvas_view, str(label), self.text)
        super()._redraw()
