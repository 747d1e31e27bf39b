"""A table's review of the hand just played: its controls, what they do and its words.

Every table whose game has a reviewer (`TableModel.reviewer`) offers, once a hand (a round, a
deal) is over, *Review this hand*: each of the learner's decisions with the AI's move in their
place and what the difference was worth (`cardlab.core.review`), the costliest first.  A decision
chosen in the list opens as a what-if branch (*Play the AI's move here*): the hand cut there, the
AI's move played, and the learner plays on; *Back to my game* returns to the hand as it was
played.  A branch never counts: it writes no score-sheet row and cannot move on to the next hand,
so the class record holds what the learner played.  The review is advice, so an exam page
refuses it like a hint.
"""

from __future__ import annotations

import dataclasses
import html
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, TypeVar

from cardlab.apps.control import Control
from cardlab.core.i18n import Message, Number, msg, msgn, num
from cardlab.core.review import Judged, Review, Reviewer, review

if TYPE_CHECKING:
    from typing_extensions import Self

    from cardlab.core.replay import Replay


class Reviewable(Protocol):
    """What the review needs of a table (`cardlab.apps.model.TableModel` is one): its replay
    and game, whose hand it is and where it stands, what the learner chose in the review, and
    how it plays on and speaks.  A protocol, so that the table model imports the review and not
    the other way round."""

    __dataclass_fields__: ClassVar[dict[str, Any]]  # a frozen dataclass: changed by `replace`

    @property
    def replay(self) -> Replay[Any]: ...
    @property
    def reviewing(self) -> bool: ...
    @property
    def review_pick(self) -> int: ...
    @property
    def review_label(self) -> str: ...
    @property
    def review_title(self) -> str: ...
    @property
    def learner(self) -> int: ...
    @property
    def game(self) -> Any: ...
    @property
    def played(self) -> Any: ...
    def reviewer(self) -> Reviewer | None: ...
    @property
    def reviews(self) -> bool: ...
    def hand_start(self) -> int: ...
    def hand_done(self) -> bool: ...
    def say(self, text: str) -> Self: ...
    def advance(self, replay: Replay[Any], said: str, *, begin: int | None = ...,
                fresh: bool = ...) -> Self: ...  # fmt: skip


T = TypeVar("T", bound=Reviewable)

REVIEW_KEYS = ("review", "review-pick", "review-branch")
"""The review's controls that show the AI's moves: refused on an exam page, as hints are."""
KEYS = (*REVIEW_KEYS, "review-back")
ROW = 90
"""The review's controls come last, under every game's own."""

IN_BRANCH = msg("This is a what-if line from your review: press Back to my game first.")
NOT_YET = msg("The review comes once this one is over.")


def ready(table: Reviewable) -> bool:
    """Whether ``table`` can review the hand on it: the game has a reviewer, the hand is over
    and the learner moved in it.  Cheap (nothing is valued), as every press asks it."""
    if not table.reviews or not table.hand_done():
        return False
    replay, seat = table.replay, table.learner
    return any(
        replay.event_at(s).actor == seat for s in range(table.hand_start() + 1, len(replay) + 1)
    )


def asked_review(table: Reviewable) -> Review | None:
    """The review of the hand just ended, once the learner asked for it (None: not asked),
    worked out once per table (a value: it never goes stale); a review values moves (a
    simulation may take a second), so only the press that asks for it pays."""
    if not table.reviewing or not ready(table):
        return None
    reviewer = table.reviewer()
    assert reviewer is not None
    kept: Review | None = table.__dict__.get("_review")
    if kept is None:
        kept = table.__dict__["_review"] = review(
            table.replay, table.learner, reviewer, table.hand_start()
        )
    return kept


def shown_review(table: Reviewable) -> Review | None:
    """`asked_review` when it has decisions to show."""
    found = asked_review(table)
    return found if found is not None and found.decisions else None


def controls(table: Reviewable) -> tuple[Control, ...]:
    """Review this hand (or Hide the review), the decision to look at, Play the AI's move here
    and Back to my game."""
    can = ready(table)
    why = str(
        NOT_YET
        if not table.hand_done()
        else msg("You made no move since it began: nothing to review.")
    )
    shown = shown_review(table)
    picks: tuple[tuple[str | Message, Any], ...] = ((msg("(no review yet)"), 0),)
    pick = 0
    branchable = False
    if shown is not None:
        picks = tuple((_pick_words(table, d), i) for i, d in enumerate(shown.decisions))
        pick = min(table.review_pick, len(shown.decisions) - 1)
        branchable = shown.decisions[pick].verdict != "same"
    label = msg("Hide the review") if table.reviewing and can else table.review_label
    return (
        Control("review", str(label), can, row=ROW, style="info", why_not=why),
        Control(
            "review-pick",
            str(msg("Decision")),
            shown is not None,
            row=ROW,
            kind="choice",
            value=pick,
            options=picks,
            why_not=str(msg("Press {review} first.", review=table.review_label)),
        ),
        Control(
            "review-branch",
            str(msg("Play the AI's move here")),
            branchable,
            row=ROW,
            why_not=str(
                msg("Press {review} first.", review=table.review_label)
                if shown is None
                else msg("You played the AI's very move there: choose another decision.")
            ),
        ),
        Control(
            "review-back",
            str(msg("Back to my game")),
            table.played is not None,
            row=ROW,
            why_not=str(msg("This is your game as you played it.")),
        ),
    )


def act(table: T, key: str, value: Any) -> T:
    """The table after the learner used review control ``key`` (known to be enabled)."""
    if key == "review":
        return _kept(
            table, dataclasses.replace(table, reviewing=not table.reviewing, review_pick=0)
        )
    if key == "review-pick":
        return _kept(table, dataclasses.replace(table, review_pick=int(value)))
    if key == "review-back":
        played = table.played
        assert played is not None  # the control is enabled only in a branch
        back: T = played
        return back.say(str(msg("Back to your game as you played it.")))
    shown = shown_review(table)
    assert shown is not None  # the control is enabled only with a review shown
    judged = shown.decisions[table.review_pick]
    replay = shown.branch(table.replay, table.review_pick)
    game = table.game
    before = table.replay.state_at(judged.step - 1)
    said = msg(
        "What if: at decision {number} the AI's move ({ai}) instead of yours ({played}). Play "
        "on from here; Back to my game returns to your game as you played it.",
        number=judged.number,
        ai=game.move_words(before, judged.ai),
        played=game.move_words(before, judged.played),
    )
    branch = dataclasses.replace(
        table, played=table.played or table, reviewing=False, review_pick=0
    )
    return branch.advance(replay, str(said), begin=table.hand_start(), fresh=True)


def _kept(table: T, after: T) -> T:
    """``after`` (the same hand, another look at its review) keeps the review ``table`` worked
    out: valuing a hand's moves may take a second, and choosing a decision changes none."""
    if "_review" in table.__dict__:
        after.__dict__["_review"] = table.__dict__["_review"]
    return after


def _pick_words(table: Reviewable, judged: Judged) -> str:
    """A decision as the list names it: its number and the learner's move, and its cost."""
    before = table.replay.state_at(judged.step - 1)
    move = table.game.move_words(before, judged.played)
    if judged.verdict == "worse":
        return str(
            msg(
                "{number}. {move}: cost {cost} {unit}",
                number=judged.number,
                move=move,
                cost=_amount(judged.cost),
                unit=judged.unit,
            )
        )
    return str(msg("{number}. {move}: {verdict}", number=judged.number, move=move,
                   verdict=VERDICTS[judged.verdict]))  # fmt: skip


VERDICTS: dict[str, Message] = {
    "same": msg("the AI's move too"),
    "as good": msg("as good as the AI's"),
    "better": msg("better than the AI's"),
}


def _amount(value: float) -> Number:
    """A cost or a gain's size in the language's digits: one decimal, or up to three where one
    would read 0 (an exact cost of 0.03 points is a cost)."""
    size = abs(value)
    digits = next((d for d in (1, 2) if round(size, d) != 0), 3)
    return num(round(size, digits), digits)


def html_of(table: Reviewable) -> str:
    """The review as its panel shows it: a heading, how many decisions cost something, and each
    decision (the costliest first) with both moves, their values, how they were found and the
    AI's reason."""
    asked = asked_review(table)
    if asked is None:
        return ""
    title = html.escape(str(table.review_title))
    if not asked.decisions:
        body = html.escape(str(NOTHING))
    else:
        summary = msgn(
            "You made {count} decision; {costly} of them cost you something against "
            "the AI's move. The costliest come first: choose one under Decision and press Play "
            "the AI's move here to play that line on.",
            "You made {count} decisions; {costly} of them cost you something against "
            "the AI's move. The costliest come first: choose one under Decision and press Play "
            "the AI's move here to play that line on.",
            len(asked.decisions),
            costly=len(asked.costly),
        )
        items = "".join(f"<li>{_decision_html(table, d)}</li>" for d in asked.decisions)
        body = f"<p>{html.escape(str(summary))}</p><ol>{items}</ol>"
    head = f"<section class='cardlab-hand-review' aria-label='{title}'><h4>{title}</h4>"
    return f"{head}{body}</section>"


def _verdict_words(judged: Judged) -> Message | None:
    """What the learner's move was worth against the AI's (None: it was the AI's move)."""
    if judged.verdict == "worse":
        return msg("It cost you {cost} {unit}.", cost=_amount(judged.cost), unit=judged.unit)
    if judged.verdict == "better":
        return msg(
            "Your move was worth {gain} {unit} more than the AI's.",
            gain=_amount(judged.cost),
            unit=judged.unit,
        )
    if judged.verdict == "as good":
        return msg("Your move was as good as the AI's (within the method's margin).")
    return None


NOTHING = msg("Every move you made was the only one possible: nothing to review.")


def _decision_html(table: Reviewable, judged: Judged) -> str:
    game = table.game
    before = table.replay.state_at(judged.step - 1)
    reviewer = table.reviewer()
    assert reviewer is not None
    where = reviewer.where(game.observe(before, table.learner))
    played = game.move_words(before, judged.played)
    head = msg("Decision {number} ({where})", number=judged.number, where=where)
    parts = [f"<b>{html.escape(str(head))}</b>: "]
    if judged.played_value is None or judged.ai_value is None:
        said = msg("you played {move}, as the AI would.", move=played)
    else:
        said = msg(
            "you played {move} ({value}); the AI would play {ai} ({ai_value}).",
            move=played,
            value=judged.played_value.words(),
            ai=game.move_words(before, judged.ai),
            ai_value=judged.ai_value.words(),
        )
    parts.append(html.escape(str(said)))
    verdict = _verdict_words(judged)
    if verdict is not None:
        parts.append(" " + html.escape(str(verdict)))
    notes = []
    if judged.ai_value is not None:
        notes.append(str(msg("How: {method}.", method=judged.ai_value.method)))
    notes.append(str(msg("The AI's reason: {reason}", reason=judged.reason.text(table.learner))))
    parts.append(f"<br><small>{html.escape(' '.join(notes))}</small>")
    return "".join(parts)
