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
from cardlab.apps.words import TextVersion, deck_words, describe
from cardlab.core.i18n import Message, msg
from cardlab.core.text import sentence
from cardlab.games.doudizhu import KIND_NAMES, classify, counts_of, parse, settle
from cardlab.games.doudizhu.explain import why_not_combo
from cardlab.pictures.doudizhu import WIDTH, combo_picture
from cardlab.render import Drawing, deck_sheet
from cardlab.widgets.guard import guarded
from cardlab.widgets.lesson_panel import LessonPanel
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
