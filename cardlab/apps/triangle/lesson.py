"""The Triangle lesson's first panels: the 24 cards with the table of statements, and one real
round in five stages (deal, lift, grab, speak, resolve), each with what happens and why."""

from __future__ import annotations

import html

import ipywidgets as widgets

from cardlab.core.engine import seat_name
from cardlab.core.replay import Replay
from cardlab.games.triangle import STATEMENTS, observe
from cardlab.lessons import deals
from cardlab.pictures.triangle import HEIGHT, WIDTH, round_steps, walkthrough_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.theme import ThemePicker

TRUE_WHEN = {
    "S1": "both other players' cards are even (or both odd)",
    "S2": "your own card is even (or odd)",
    "S3": "your card is strictly higher than both other cards",
    "S4": "your card has the same value as one (or both) of the others",
    "S5": "your card is exactly that value",
}
"""Plain words for each kind of statement (the rules themselves are in the engine)."""


def statements_table_html() -> str:
    """The five kinds of statement: what you say, when it is true, what it is worth."""
    rows, seen = [], set()
    for s in STATEMENTS:
        if s.kind in seen:
            continue
        seen.add(s.kind)
        said = " / ".join(
            f"\u201c{html.escape(t.words)}\u201d" for t in STATEMENTS if t.kind == s.kind
        )
        if s.kind == "S5":
            said = "\u201cI am an Ace\u201d, \u201cI am a 2\u201d \u2026 \u201cI am a 6\u201d"
        rows.append(
            f"<tr><td>{s.kind}</td><td>{said}</td><td>{TRUE_WHEN[s.kind]}</td>"
            f"<td style='text-align:center'>{s.points}</td></tr>"
        )
    return (
        "<table class='cardlab-statements'><thead><tr><th>#</th><th>The speaker says</th>"
        "<th>True when</th><th>Points if true</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>"
        "<p>A false statement scores nothing for the speaker and <b>3 points for each "
        "other player</b>. First to 25 points wins.</p>"
    )


class TriangleComponents(LessonPanel):
    """The 24 cards (A-6 in four suits) and the table of statements."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.statements = widgets.HTML(statements_table_html())
        self.children = [self.view.widget, self.statements, self.status.widget]
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
            "speaker. If two hands arrive together and nobody can tell who was first, or "
            "nobody grabs, the round is <b>void</b>: nobody scores and nobody sees their "
            "own card."
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
        "<br>The Right to Speak is <b>not</b> shown: only the speaker knows it. The four "
        "cards go to the discards; six rounds use the whole pack (a <b>turn</b>), then "
        "it is reshuffled and the deal moves one seat left."
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
        self.text = widgets.HTML()
        self.stage.observe(lambda _: self.redraw(), names="value")
        self.children = [self.stage, self.view.widget, self.text, self.status.widget]
        self.redraw()

    @property
    def stage_index(self) -> int:
        return STAGES.index(self.stage.value)

    def picture(self) -> Drawing:
        return walkthrough_picture(self.replay, self.stage_index, self.theme)

    def _redraw(self) -> None:
        text = stage_text(self.replay, self.stage_index)
        self.text.value = f"<p class='cardlab-stage-text'>{text}</p>"
        super()._redraw()
