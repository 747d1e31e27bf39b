"""The Dou Dizhu lesson's panels: the 54 cards, every combination with a valid and an invalid
example (the engine's verdict and reason), and the scoring explainer.  The roles and the ranks
are prose in the lesson document (`cardlab/lessons/doudizhu.md`)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import ipywidgets as widgets

from cardlab.apps.asked import items_html
from cardlab.apps.bot_stepper import (
    VARIANT_SEED,
    deal_note,
    first_step,
    seeded_start,
    stored_reasons,
    story_variant,
)
from cardlab.apps.doudizhu.stepper import DEAL, default_bots
from cardlab.apps.words import deck_words
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.text import sentence
from cardlab.core.whatif import Reasons
from cardlab.games.doudizhu import GAME, KIND_NAMES, classify, counts_of, observe, parse, settle
from cardlab.games.doudizhu.explain import why_not_combo
from cardlab.lessons import deals
from cardlab.pictures.doudizhu import HEIGHT, WIDTH, combo_picture, table_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets.a11y import element_id
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
from cardlab.widgets.text_version import TextVersion, describe
from cardlab.widgets.theme import ThemePicker


# -- 1. goal, roles and cards ----------------------------------------------------------------------
class DouDizhuComponents(LessonPanel):
    """The 54 cards (the roles and the ranks are prose in the lesson document)."""

    def __init__(self, picker: ThemePicker) -> None:
        super().__init__(picker, size=(10, 10))
        self.words = TextVersion(str(msg("The 54 cards in words")), deck_words("standard54"))
        describe(
            self.canvas_view, str(msg("The 54 cards of Dou Dizhu, jokers included")), self.words
        )
        self.children = [self.canvas_view.widget, self.words.widget, self.status.widget]
        self.redraw()

    def picture(self) -> Drawing:
        return deck_sheet("standard54", self.theme, card_w=50)


# -- 2. every combination ------------------------------------------------------------------------
@dataclass(frozen=True)
class Example:
    """A type of play: a valid example, an invalid one (or one that is another type), and a note
    for the cases where the invalid cards *are* a combination, just not this one."""

    kind: str
    valid: str
    invalid: str
    note: Message | None = None


EXAMPLES: tuple[Example, ...] = (
    Example("solo", "7", "7 8"),
    Example("pair", "9 9", "BJ RJ", msg("the two jokers together are the rocket, never a pair")),
    Example("trio", "Q Q Q", "Q Q K"),
    Example("trio_solo", "5 5 5 9", "5 5 5 9 J"),
    Example("trio_pair", "8 8 8 J J", "8 8 8 J Q"),
    Example("straight", "3 4 5 6 7", "T J Q K A 2"),
    Example("pair_run", "3 3 4 4 5 5", "3 3 4 4"),
    Example("airplane", "7 7 7 8 8 8", "7 7 7 9 9 9"),
    Example("airplane_solo", "3 3 3 4 4 4 9 J", "3 3 3 4 4 4 BJ RJ"),
    Example("airplane_pair", "3 3 3 4 4 4 9 9 J J", "3 3 3 4 4 4 3 5"),
    Example("four_two_solo", "5 5 5 5 3 8", "5 5 5 5 BJ RJ"),
    Example("four_two_pair", "6 6 6 6 3 3 9 9", "6 6 6 6 3 3 9"),
    Example(
        "bomb",
        "K K K K",
        "5 5 5 5 3 8",
        msg(
            "a four with attachments is not a bomb: it beats only a higher four + two, and does "
            "not double the stake"
        ),
    ),
    Example("rocket", "BJ RJ", "2 2", msg("the rocket is exactly the two jokers")),
)
"""One valid and one invalid example of every type; the verdicts and reasons come from the
engine (`classify`, `why_not_combo`)."""

RULE_DEPENDENT = (
    ("3 3 3 4 4 4 9 9", "airplane_solo"),
    ("5 5 5 5 3 3", "four_two_solo"),
)


def verdict(text: str, ruleset: str = "cardavia") -> tuple[bool, str]:
    """(is it a combination, the engine's words): its reading(s), or the rule it breaks, in the
    current language."""
    cards = parse(text)
    readings = classify(cards, ruleset)
    if readings:
        said = readings[0].name
        for reading in readings[1:]:
            said = msg("{first} or {second}", first=said, second=reading.name)
        return True, str(said)
    return False, sentence(str(why_not_combo(counts_of(cards), ruleset)))


def _rules(ruleset: str) -> Message:
    """ "Cardavia rules" / "pagat rules" inside a sentence."""
    return msg("Cardavia rules") if ruleset == "cardavia" else msg("pagat rules")


def example_rows(example: Example, ruleset: str = "cardavia") -> list[tuple[str, str, str]]:
    """The picture rows for one type: cards, verdict, reason (in the current language)."""
    name = KIND_NAMES[example.kind]
    ok, words = verdict(example.valid, ruleset)
    rows = [(example.valid, str(msg("\u2714 Valid: {reading}", reading=words)), "")]
    if not ok:  # a rule-dependent example under the other ruleset
        head = msg("\u2718 Not valid under {rules}", rules=_rules(ruleset))
        rows = [(example.valid, str(head), words)]
    ok, words = verdict(example.invalid, ruleset)
    if ok:
        head = msg("\u2718 Not this type ({kind}): it is {reading}", kind=name, reading=words)
        rows.append((example.invalid, str(head),
                     sentence(str(example.note)) if example.note else ""))  # fmt: skip
    else:
        rows.append((example.invalid, str(msg("\u2718 Invalid: not a play at all")), words))
    for text, kind in RULE_DEPENDENT:
        if kind == example.kind:
            ok, words = verdict(text, ruleset)
            other = "pagat" if ruleset == "cardavia" else "cardavia"
            ok_other, _ = verdict(text, other)
            if ok:
                head = msg("\u2714 Under {rules}: {reading}", rules=_rules(ruleset), reading=words)
                if ok_other:
                    why = msg("(under {rules} it is also valid)", rules=_rules(other))
                else:
                    why = msg("(under {rules} it is not a play)", rules=_rules(other))
                rows.append((text, str(head), str(why)))
            else:
                head = msg("\u2718 Under {rules}: not a play", rules=_rules(ruleset))
                rows.append((text, str(head), words))
    return rows


def examples_table_html(ruleset: str = "cardavia") -> str:
    """Every type with its examples, in one table (the text twin of the gallery)."""
    rows = []
    for ex in EXAMPLES:
        _, good = verdict(ex.valid, ruleset)
        ok, bad = verdict(ex.invalid, ruleset)
        if ok and ex.note:
            reason = str(msg("it is {reading}: {note}", reading=bad, note=ex.note))
        elif ok:
            reason = str(msg("it is {reading}", reading=bad))
        else:
            reason = bad
        rows.append(
            f"<tr><th scope='row' style='text-align:left'>{KIND_NAMES[ex.kind]}</th>"
            f"<td><code>{ex.valid}</code></td><td>{html.escape(good)}</td>"
            f"<td><code>{ex.invalid}</code></td><td>{html.escape(reason)}</td></tr>"
        )
    head = msg(
        "<tr><th>Type</th><th>Valid</th><th>Engine says</th><th>Invalid</th><th>Why not</th></tr>"
    )
    return (
        f"<table class='cardlab-combos'><thead>{head}</thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


class CombinationGallery(LessonPanel):
    """Pick a type: a valid and an invalid example drawn, with the engine's verdict and reason."""

    def __init__(self, picker: ThemePicker, ruleset: str = "cardavia") -> None:
        super().__init__(picker, size=(WIDTH, 300))
        self.kind = widgets.Dropdown(
            options=[(str(KIND_NAMES[e.kind]), e.kind) for e in EXAMPLES],
            value="airplane_solo",
            description=str(msg("Type")),
        )
        self.ruleset = widgets.ToggleButtons(
            options=[(str(_rules("cardavia")), "cardavia"), (str(_rules("pagat")), "pagat")],
            value=ruleset, style={"button_width": "auto"},
        )  # fmt: skip
        self.kind.add_class("cardlab-combo-kind")
        self.table = widgets.HTML()
        self.words = TextVersion(str(msg("The examples drawn, in words")))
        self.kind.observe(lambda _: self.redraw(), names="value")
        self.ruleset.observe(lambda _: self.redraw(), names="value")
        self.details = widgets.Accordion(
            children=[self.table], titles=(str(msg("Every type in a table")),)
        )
        self.children = [
            widgets.HBox([self.kind, self.ruleset]),
            self.canvas_view.widget,
            self.words.widget,
            self.status.widget,
            self.details,
        ]
        self.redraw()

    @property
    def example(self) -> Example:
        return next(e for e in EXAMPLES if e.kind == self.kind.value)

    def rules_changed(self, options: Mapping[str, Any]) -> None:
        """Judge the examples under the page's ruleset (the toggle still compares the other)."""
        self.ruleset.value = options["ruleset"]

    def _redraw(self) -> None:
        self.table.value = examples_table_html(self.ruleset.value)
        super()._redraw()

    def picture(self) -> Drawing:
        rows = example_rows(self.example, self.ruleset.value)
        self.words.show(
            items_html(
                f"{cards}: {verdict}" + (f"; {why}" if why else "") for cards, verdict, why in rows
            )
        )
        name = KIND_NAMES[self.example.kind]
        label = msg("{kind}: a valid and an invalid example, with the engine's verdict", kind=name)
        describe(self.canvas_view, str(label), self.words)
        return combo_picture(rows, self.theme)


# -- 6. scoring ----------------------------------------------------------------------------------
class ScoringExplainer(LessonPanel):
    """Choose the bid, bombs, rocket, winner and spring: the settlement step by step."""

    def __init__(self, picker: ThemePicker | None = None) -> None:
        super().__init__(picker)
        self.bid = widgets.ToggleButtons(options=[1, 2, 3], value=2, description=str(msg("Bid")))
        self.bombs = widgets.IntSlider(value=1, min=0, max=4, description=str(msg("Bombs")))
        self.rocket = widgets.Checkbox(value=False, description=str(msg("Rocket played")))
        self.winner = widgets.ToggleButtons(
            options=[(str(msg("Landlord wins")), True), (str(msg("Farmers win")), False)],
            value=True,
        )
        self.spring = widgets.Checkbox(value=True, description=str(msg("Spring / anti-spring")))
        self.out = widgets.HTML()
        self.out.add_class("cardlab-settlement")
        choices = (self.bid, self.bombs, self.rocket, self.winner, self.spring)
        for w in choices:
            w.observe(guarded(self.status, lambda _: self.show()), names="value")
        self.children = [*choices, self.out, self.status.widget]
        self.show()

    def show(self) -> None:
        landlord_won = self.winner.value
        spring = self.spring.value and landlord_won
        anti = self.spring.value and not landlord_won
        result = settle(self.bid.value, self.bombs.value, int(self.rocket.value), spring, anti,
                        landlord_won)  # fmt: skip
        steps = "".join(f"<li>{html.escape(str(s))}</li>" for s in result.steps)
        total = msg(
            "Multiplier {multiplier}, unit {unit}: landlord <b>{landlord}</b>, each farmer "
            "<b>{farmer}</b> (the three add up to {total}).",
            multiplier=result.multiplier,
            unit=result.unit,
            landlord=f"{result.landlord:+d}",
            farmer=f"{result.farmer:+d}",
            total=result.landlord + 2 * result.farmer,
        )
        what = ""
        if spring:
            what = str(msg(" With a spring (no farmer played a card)."))
        elif anti:
            what = str(msg(" With an anti-spring (the landlord played only the opening lead)."))
        self.out.value = f"<ol>{steps}</ol><p>{total}{what}</p>"


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
