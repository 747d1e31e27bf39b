"""The Dou Dizhu lesson's figures: the 54 cards, every combination with a valid and an invalid
example (the engine's verdict and reason), the auction of the stepped deal and the scoring
explainer.  The roles and the ranks are prose in the lesson document
(`cardlab/lessons/doudizhu.md`)."""

from __future__ import annotations

import functools
import html
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from cardlab.apps.asked import items_html
from cardlab.apps.bot_stepper import (
    VARIANT_SEED,
    deal_note,
    first_step,
    seeded_start,
    stored_reasons,
    story_variant,
)
from cardlab.apps.control import Control
from cardlab.apps.doudizhu.stepper import DEAL, default_bots
from cardlab.apps.figure import Block, Figure, Markup, Picture
from cardlab.apps.words import deck_picture
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.replay import Replay
from cardlab.core.text import sentence
from cardlab.core.whatif import Reasons
from cardlab.games.doudizhu import GAME, KIND_NAMES, classify, counts_of, observe, parse, settle
from cardlab.games.doudizhu.explain import why_not_combo
from cardlab.games.doudizhu.game import DouDizhuState
from cardlab.lessons import deals
from cardlab.pictures.doudizhu import combo_picture, table_picture


# -- 1. goal, roles and cards ----------------------------------------------------------------------
@dataclass(frozen=True)
class DouDizhuComponents(Figure):
    """The 54 cards (the roles and the ranks are prose in the lesson document)."""

    def blocks(self, theme: str) -> tuple[Block, ...]:
        label = msg("The 54 cards of Dou Dizhu, jokers included")
        return (deck_picture("standard54", theme, 50, label, msg("The 54 cards in words")),)


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


RULESETS = ("cardavia", "pagat")


@dataclass(frozen=True)
class CombinationGallery(Figure):
    """Pick a type: a valid and an invalid example drawn, with the engine's verdict and reason,
    judged under the page's ruleset (a toggle compares the other); every type in a table below."""

    kind: str = "airplane_solo"
    ruleset: str = "cardavia"

    @property
    def example(self) -> Example:
        return next(e for e in EXAMPLES if e.kind == self.kind)

    def controls(self) -> tuple[Control, ...]:
        kinds = tuple((str(KIND_NAMES[e.kind]), e.kind) for e in EXAMPLES)
        rulesets = tuple((str(_rules(r)), r) for r in RULESETS)
        return (
            Control("combo-kind", str(msg("Type")), kind="choice", value=self.kind, options=kinds),
            Control("combo-ruleset", "", kind="segments", value=self.ruleset, options=rulesets),
        )

    def _act(self, key: str, value: Any) -> CombinationGallery:
        return replace(self, **{"kind" if key == "combo-kind" else "ruleset": value})

    def with_rules(self, options: Mapping[str, Any]) -> CombinationGallery:
        """Judge the examples under the page's ruleset (the toggle still compares the other)."""
        return replace(self, ruleset=options["ruleset"])

    def blocks(self, theme: str) -> tuple[Block, ...]:
        rows = example_rows(self.example, self.ruleset)
        words = items_html(
            f"{cards}: {verdict}" + (f"; {why}" if why else "") for cards, verdict, why in rows
        )
        name = KIND_NAMES[self.kind]
        label = msg("{kind}: a valid and an invalid example, with the engine's verdict", kind=name)
        table = examples_table_html(self.ruleset)
        every = html.escape(str(msg("Every type in a table")))
        return (
            Picture(
                combo_picture(rows, theme),
                label,
                words=words,
                words_title=msg("The examples drawn, in words"),
                name="combo-gallery",
            ),
            Markup(f"<details><summary>{every}</summary>{table}</details>", name="combo-table"),
        )


# -- 6. scoring ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ScoringExplainer(Figure):
    """Choose the bid, bombs, rocket, winner and spring: the settlement step by step."""

    bid: int = 2
    bombs: int = 1
    rocket: bool = False
    landlord_won: bool = True
    spring: bool = True
    """A spring when the landlord wins, an anti-spring when the farmers do."""

    FIELDS: ClassVar[Mapping[str, str]] = {"winner": "landlord_won"}
    """The controls whose key is not the name of the field they set."""

    def controls(self) -> tuple[Control, ...]:
        winners = ((str(msg("Landlord wins")), True), (str(msg("Farmers win")), False))
        return (
            Control("bid", str(msg("Bid")), kind="segments", value=self.bid,
                    options=tuple((str(n), n) for n in (1, 2, 3))),
            Control("bombs", str(msg("Bombs")), row=1, kind="segments", value=self.bombs,
                    options=tuple((str(n), n) for n in range(5))),
            Control("rocket", str(msg("Rocket played")), row=2, kind="toggle", value=self.rocket),
            Control("winner", "", row=3, kind="segments", value=self.landlord_won,
                    options=winners),
            Control("spring", str(msg("Spring / anti-spring")), row=4, kind="toggle",
                    value=self.spring),
        )  # fmt: skip

    def _act(self, key: str, value: Any) -> ScoringExplainer:
        return replace(self, **{self.FIELDS.get(key, key): value})

    def blocks(self, theme: str) -> tuple[Block, ...]:
        landlord_won = self.landlord_won
        spring = self.spring and landlord_won
        anti = self.spring and not landlord_won
        result = settle(self.bid, self.bombs, int(self.rocket), spring, anti, landlord_won)
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
        return (Markup(f"<ol>{steps}</ol><p>{total}{what}</p>", name="settlement"),)


# -- 3. bidding ----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=8)
def auction_deal(
    story: str, variant: tuple[tuple[str, Any], ...]
) -> tuple[Replay[DouDizhuState], Reasons]:
    """The deal whose auction the walkthrough shows, and the AI's reasons: the story deal under
    the standard rules, otherwise the stepper's seeded deal played by the same AI (kept: a
    class switches the rules back and forth)."""
    if not variant:
        return deals.load(story), stored_reasons(story, default_bots)
    reasons: Reasons = {}
    start = seeded_start(story, VARIANT_SEED, dict(variant))
    return start.play_out(default_bots(), reasons=reasons), reasons


@dataclass(frozen=True)
class BiddingWalkthrough(Figure):
    """The auction of a deal of three AI (a curated deal): who bid what and why, and the
    landlord taking the bottom.  It is the auction of the deal the stepper shows next: under
    other rules than the standard ones, the same seeded deal as the stepper's."""

    story: str = DEAL
    variant: tuple[tuple[str, Any], ...] = ()
    """What the page's rules change of the story deal (`story_variant`, sorted pairs)."""

    def with_rules(self, options: Mapping[str, Any]) -> BiddingWalkthrough:
        """The auction of the deal the stepper shows under the page's rules."""
        return replace(self, variant=tuple(sorted(story_variant(self.story, options).items())))

    @property
    def replay(self) -> Replay[DouDizhuState]:
        return auction_deal(self.story, self.variant)[0]

    @property
    def reasons(self) -> Reasons:
        return auction_deal(self.story, self.variant)[1]

    @property
    def auction(self) -> tuple[int, int]:
        """(first bidding step, the step where the landlord is known) of the last deal."""
        end = first_step(self.replay, "play")
        start = end
        while start > 0 and self.replay.state_at(start - 1).phase == "bid":
            start -= 1
        return start, end

    def blocks(self, theme: str) -> tuple[Block, ...]:
        """Which deal it is (a seeded one under other rules), the table once the landlord took
        the bottom, and the auction in words (the picture's text version)."""
        variant = dict(self.variant)
        note = deal_note(GAME, VARIANT_SEED if variant else None, variant)
        state = self.replay.state_at(self.auction[1])
        assert state.landlord is not None  # the auction is over: someone took the bottom
        banner = str(
            msg(
                "{player} is the landlord: 17 + 3 bottom cards = 20",
                player=seat_name(state.landlord),
            )
        )
        return (
            Markup(note, name="deal-note-box"),
            Picture(
                table_picture(observe(state, None), you=None, banner=banner, theme=theme),
                msg("The table after the auction: the landlord holds 20 cards with the bottom"),
                words=self.auction_html(),
                name="auction",
            ),
        )

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
        assert first is not None  # the auction has begun: a bidder was drawn
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
