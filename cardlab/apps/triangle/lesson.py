"""The Triangle lesson's first panels: the 24 cards, and one real round in five stages (deal,
lift, grab, speak, resolve), each with what happens and why.  The table of statements is prose
in the lesson document (`cardlab/lessons/triangle.md`)."""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.apps.words import TextVersion, deck_words, describe
from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.triangle import observe
from cardlab.lessons import deals
from cardlab.pictures.triangle import HEIGHT, WIDTH, round_steps, walkthrough_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker


class TriangleComponents(LessonPanel):
    """The 24 cards (A-6 in four suits); the statements are a table in the lesson document."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.words = TextVersion("The 24 cards in words", deck_words("triangle"))
        describe(self.view, "The 24 Triangle cards: ace to 6 in four suits", self.words)
        self.children = [self.view.widget, self.words.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        return deck_sheet("triangle", self.theme, card_w=62)


# -- the round, step by step ----------------------------------------------------------------------
STAGES = ("1. Deal", "2. Lift", "3. Grab", "4. Speak", "5. Resolve")


def stage_text(replay: Replay, stage: int) -> str:
    """What happens at ``stage`` of the round in ``replay``, and why (HTML)."""
    lift, spoken = round_steps(replay)
    record = replay.state.rounds[0]
    name = seat_name(record.speaker)  # type: ignore[arg-type]
    if stage == 0:
        view = observe(replay.state_at(lift), 0)
        return (
            f"The dealer ({seat_name(view.dealer)}) deals one card face down to each player, "
            "starting on their left, and a fourth face down in the middle: the <b>Right to "
            "Speak</b>. Nobody looks at their own card."
        )
    if stage == 1:
        view = observe(replay.state_at(lift), 0)
        a, b = view.cards[1], view.cards[2]
        return (
            "On \u201c3, 2, 1, 0\u201d everyone lifts their card to their forehead, face "
            f"outwards. Player 1 sees {a} and {b} but <b>not their own card</b> (the "
            "<b>?</b>). Each player sees a different pair."
        )
    if stage == 2:
        state = replay.state_at(spoken)
        claimers = [seat_name(s) for s in range(3) if state.claims[s]]
        return (
            "Anyone who wants to speak grabs the Right to Speak; the first hand on it "
            f"wins. Here {' and '.join(claimers)} grabbed, and <b>{name}</b> became the "
            "speaker."
        )
    if stage == 3:
        view = observe(replay.state_at(spoken), record.speaker)
        return (
            f"{name} looks at the Right to Speak privately ({view.rts}: one more card "
            "they know is not theirs) and must make <b>exactly one</b> statement about "
            f"their own card. {name} said \u201c{record.statement.words}\u201d."  # type: ignore[union-attr]
        )
    event = replay.event_at(len(replay))
    return (
        f"{html.escape(event.narration)}<br><b>Score:</b> {html.escape(event.arithmetic)}"
        "<br>The Right to Speak is <b>not</b> shown: only the speaker knows it."
    )


class RoundWalkthrough(LessonPanel):
    """One real round (a curated deal: the first round of a game of reasoning bots, not void) in
    five pictures, each with what happens and why."""

    def __init__(self, picker: ThemePicker, deal: str = "triangle-scored-round") -> None:
        super().__init__(picker, size=(WIDTH, HEIGHT))
        self.replay = deals.load(deal)
        self.stage = widgets.ToggleButtons(
            options=STAGES, value=STAGES[0], style={"button_width": "auto"}
        )
        self.stage.add_class("cardlab-stage")
        self.text = TextVersion("This stage in words")
        self.stage.observe(lambda _: self.redraw(), names="value")
        self.children = [self.stage, self.view.widget, self.text.widget, self.status.widget]
        self.redraw()

    @property
    def stage_index(self) -> int:
        return STAGES.index(self.stage.value)

    def picture(self) -> Drawing:
        return walkthrough_picture(self.replay, self.stage_index, self.theme)

    def _redraw(self) -> None:
        text = stage_text(self.replay, self.stage_index)
        self.text.show(f"<p class='cardlab-stage-text'>{text}</p>")
        name = self.stage.value.split(". ", 1)[1]
        describe(self.view, f"A real round, stage {self.stage_index + 1} of 5: {name}", self.text)
        super()._redraw()
