"""Triangle's find-the-move practice: the statement worth most, and whether to claim the Right to
Speak (`cardlab.apps.practice`; the positions are ``cardlab/lessons/practice/triangle/``).

Both are graded exactly, by the lesson's own count (`cardlab.games.triangle.review`): a
statement by its net value (its points times the chance it is true, less 3 to each opponent
times the chance it is false; the chance counted over the cards seat 0 has not seen this turn),
the claim by the chance to speak times the best statement's net once the speaker peeks at the
Right to Speak, against the table's two reasoning bots.

Each wrong statement is named for what it did against the answer: said something seat 0 can
count false, forgot the cards shown earlier this turn, took the certain point when more was on
offer, picked a value or a parity fewer unseen cards have, reached for more points than the
odds pay, settled for fewer, took one as likely that pays less, or one both less likely and
worth less.  Each wrong claim decision: let a certain point go, let a paying claim go, or
claimed with nothing worth saying.
"""

from __future__ import annotations

from typing import ClassVar

from cardlab.apps.practice import SEAT, Exercise, Position, PracticeModel
from cardlab.apps.triangle.table import default_bots, named
from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, gain, joined, msg, msgn, pct
from cardlab.games.triangle import GAME
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.game import TriangleView
from cardlab.games.triangle.odds import (
    StatementOdds,
    best_statement,
    peers,
    signed,
    statement_odds,
    unseen_ranks,
)
from cardlab.games.triangle.review import TriangleReviewer, claim_value, rivals
from cardlab.games.triangle.rules import PENALTY
from cardlab.pictures.triangle import HEIGHT, WIDTH, live_picture
from cardlab.render import Drawing

CERTAIN = msg(
    "A statement about the two cards you can see needs no luck: is one of them certain, and is "
    "anything else worth more than its +1?"
)
FREE = msg("Look at the two cards you can see: what could you say for certain once you speak?")
HIGHER = msg(
    "Count the cards you have not seen that are higher than both cards you see: how likely is "
    "\u201cI am higher than my peers\u201d, and what does it pay?"
)
PARITY = msg(
    "Count the even and the odd cards you have not seen this turn: is one parity likely enough "
    "for its 2 points to beat the 3 a false statement gives each opponent?"
)
EQUAL = msg(
    "How many cards of your peers' two values have you not seen? \u201cI am equal to one of my "
    "peers\u201d pays 5."
)
CLAIM = msg(
    "Find your best statement now, before you peek: net = points \u00d7 P \u2212 3 \u00d7 "
    "(1 \u2212 P). Is it worth more than 0?"
)
VALUE = msg(
    "\u201cI am a \u2026\u201d pays 8: it is worth saying when more than 3 in 11 of the cards you "
    "have not seen have that value. Which value is left most often?"
)
MEMORY = msg(
    "Count the cards shown earlier this turn too: they cannot be yours, so they change the odds."
)

POSITIONS = (
    Position("01-certain", 1, ("state S1 even",), CERTAIN),
    Position("02-certain", 1, ("state S1 odd",), CERTAIN),
    Position("03-claim-free", 1, ("claim",), FREE),
    Position("04-claim-free", 1, ("claim",), FREE),
    Position("05-higher", 1, ("state S3",), HIGHER),
    Position("06-higher", 1, ("state S3",), HIGHER),
    Position("07-parity", 2, ("state S2 odd",), PARITY),
    Position("08-parity", 2, ("state S2 even",), PARITY),
    Position("09-claim", 2, ("claim",), CLAIM),
    Position("10-claim", 2, ("claim",), CLAIM),
    Position("11-pass", 2, ("no_claim",), CLAIM),
    Position("12-pass", 2, ("no_claim",), CLAIM),
    Position("13-equal", 2, ("state S4",), EQUAL),
    Position("14-equal", 2, ("state S4",), EQUAL),
    Position("15-value", 3, ("state S5 2",), VALUE),
    Position("16-value", 3, ("state S5 4",), VALUE),
    Position("17-memory", 3, ("state S3",), MEMORY),
    Position("18-memory", 3, ("state S2 odd",), MEMORY),
    Position("19-memory", 3, ("state S2 odd",), MEMORY),
    Position("20-claim-close", 3, ("claim",), CLAIM),
    Position("21-pass-close", 3, ("no_claim",), CLAIM),
)

PRACTICE_AI = ReasoningBot(threshold=0.0)
"""The AI in seat 0, as at the table's Hint: it claims when its best statement is worth more
than nothing and says the best statement, with the count as its reason (it never bluffs)."""

STATEMENT_MISTAKES = (
    "false", "forgot", "sure-point", "other-pick", "reached", "settled", "same-odds", "worse",
)  # fmt: skip
"""The classes of a wrong statement (`statement_mistake`)."""
CLAIM_MISTAKES = ("passed-free", "passed", "claimed")
"""The classes of a wrong claim decision (`claim_mistake`)."""


class TrianglePractice(PracticeModel):
    """Find the move at the Triangle table: 21 positions, easy to hard."""

    size = (WIDTH, HEIGHT)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> TriangleReviewer:
        """The claim and the statement valued exactly, against the table's two reasoning bots
        in the lesson's standard game; the AI is the table's Hint."""
        tie_void = GAME.initial_state().tie_void
        return TriangleReviewer(PRACTICE_AI, rivals(default_bots()), tie_void)

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        words = str(banner(ex.view))
        return live_picture(ex.view, you=SEAT, active=SEAT, banner=words, theme=theme)

    def task(self, ex: Exercise) -> Message:
        view = ex.view
        a, b = _peer_cards(view)
        scores = joined(
            msg("{player} {score}", player=named(s), score=view.scores[s]) for s in range(3)
        )
        earlier = _earlier(view)
        unseen = sum(unseen_ranks(view).values())
        if earlier:
            memory = msgn(
                "Earlier this turn you saw {cards}; with the cards in view, {count} card is "
                "left that you have not seen.",
                "Earlier this turn you saw {cards}; with the cards in view, {count} cards are "
                "left that you have not seen.",
                unseen,
                cards=" ".join(str(c) for c in earlier),
            )
        else:
            memory = msgn(
                "Nothing was shown earlier this turn: {count} card is left that you have not seen.",
                "Nothing was shown earlier this turn: {count} cards are left that you have not "
                "seen.",
                unseen,
            )
        where = msg(
            "Turn {turn}, round {round} of 6; the scores: {scores}.",
            turn=view.turn + 1,
            round=view.round_in_turn + 1,
            scores=scores,
        )
        seen = msg(
            "You see {first}'s {a} and {second}'s {b}; your own card is hidden from you.",
            first=seat_name(a[0]),
            a=str(a[1]),
            second=seat_name(b[0]),
            b=str(b[1]),
        )
        if view.phase == "claim":
            ask = msg(
                "{rules}. Do you grab the Right to Speak? (A true statement scores its points; "
                "a false one gives each opponent {penalty}.)",
                rules=joined(r.rule for r in self.reviewer().rivals),
                penalty=PENALTY,
            )
        else:
            ask = msg(
                "You won the Right to Speak and peeked at it: {card}. Which statement is worth "
                "the most? (A true statement scores its points; a false one gives each opponent "
                "{penalty}.)",
                card=str(view.rts),
                penalty=PENALTY,
            )
        # Translators: four whole sentences one after the other (in Chinese without the spaces)
        return msg("{where} {seen} {memory} {ask}", where=where, seen=seen, memory=memory, ask=ask)

    def mistake(self, ex: Exercise, move: str) -> Message:
        if ex.view.phase == "claim":
            return self._claim_mistake(ex, move)
        return statement_feedback(ex.view, move, ex.position.answers[0])

    def _claim_mistake(self, ex: Exercise, move: str) -> Message:
        view = ex.view
        reviewer = self.reviewer()
        found = claim_value(view, reviewer.rivals, reviewer.tie_void)
        best = best_statement(view)
        kind = claim_mistake(view, move)
        value, speak = gain(found.value, 2), pct(found.speak)
        if kind == "passed-free":
            a, b = _peer_cards(view)
            return msg(
                "You can see {a} and {b}: \u201c{statement}\u201d is certain, a free point "
                "once you speak. Claiming is worth {value} on average (you would win the grab "
                "{speak} of the time); not claiming is worth nothing.",
                a=str(a[1]),
                b=str(b[1]),
                statement=best.statement.said,
                value=value,
                speak=speak,
            )
        if kind == "passed":
            return msgn(
                "Your best statement, \u201c{statement}\u201d, is worth {net} net already "
                "before you peek ({favourable} of the {count} card you have not seen makes it "
                "true), and peeking at the Right to Speak can only help you choose. Claiming is "
                "worth {value} on average (you would win the grab {speak} of the time); not "
                "claiming is worth nothing.",
                "Your best statement, \u201c{statement}\u201d, is worth {net} net already "
                "before you peek ({favourable} of the {count} cards you have not seen make it "
                "true), and peeking at the Right to Speak can only help you choose. Claiming is "
                "worth {value} on average (you would win the grab {speak} of the time); not "
                "claiming is worth nothing.",
                best.unseen,
                statement=best.statement.said,
                net=signed(best.net),
                favourable=best.favourable,
                value=value,
                speak=speak,
            )
        return msgn(
            "Your best statement now, \u201c{statement}\u201d, is worth only {net} net "
            "({favourable} of the {count} card you have not seen makes it true), and peeking at "
            "the Right to Speak does not lift it above 0 on average: claiming is worth {value}, "
            "less than the 0 of saying nothing.",
            "Your best statement now, \u201c{statement}\u201d, is worth only {net} net "
            "({favourable} of the {count} cards you have not seen make it true), and peeking at "
            "the Right to Speak does not lift it above 0 on average: claiming is worth {value}, "
            "less than the 0 of saying nothing.",
            best.unseen,
            statement=best.statement.said,
            net=signed(best.net),
            favourable=best.favourable,
            value=value,
        )


def banner(view: TriangleView) -> Message:
    """The picture's banner, as the table words it."""
    where = {"turn": view.turn + 1, "round": view.round_in_turn + 1}
    if view.phase == "claim":
        return msg("Turn {turn}, round {round} of 6: grab the Right to Speak?", **where)
    return msg("Turn {turn}, round {round} of 6: you hold the Right to Speak. Speak!", **where)


def claim_mistake(view: TriangleView, move: str) -> str:
    """The class of claim decision ``move`` when it is wrong: ``passed-free`` (let a certain
    point go), ``passed`` (let a paying claim go) or ``claimed`` (claimed with nothing worth
    saying)."""
    if move == "claim":
        return "claimed"
    a, b = peers(view)
    return "passed-free" if a % 2 == b % 2 else "passed"


def _odds(view: TriangleView, remember: bool = True) -> dict[str, StatementOdds]:
    return {f"state {o.statement.code}": o for o in statement_odds(view, remember)}


def statement_mistake(view: TriangleView, move: str, answer: str) -> str:
    """The class of statement ``move`` against the ``answer`` (a better one): ``forgot`` (it is
    the best statement counting only the cards in view, and the cards shown earlier this turn
    make it less likely),
    ``false`` (no unseen card makes it true), ``sure-point`` (the certain point, when the answer
    is worth more), ``other-pick`` (the same points, fewer unseen cards make it true),
    ``reached`` (more points, too unlikely), ``settled`` (likelier, too few points),
    ``same-odds`` (as likely, fewer points) or ``worse`` (less likely and fewer points)."""
    odds = _odds(view)
    mine, best = odds[move], odds[answer]
    if _forgot(view, move):
        return "forgot"
    if mine.p_true == 0:
        return "false"
    if mine.p_true == 1:
        return "sure-point"
    points, best_points = mine.statement.points, best.statement.points
    if points == best_points:
        return "other-pick"
    if points > best_points:
        return "reached"
    if mine.p_true == best.p_true:
        return "same-odds"
    return "settled" if mine.p_true > best.p_true else "worse"


def _forgot(view: TriangleView, move: str) -> bool:
    """Whether ``move`` is the best statement on the cards in view alone, and the cards shown
    earlier this turn make it less likely (the learner who forgot them would choose it)."""
    if not _earlier(view):
        return False
    counted = best_statement(view, remember=False)
    if move != f"state {counted.statement.code}":
        return False
    return _odds(view)[move].p_true < counted.p_true


def statement_feedback(view: TriangleView, move: str, answer: str) -> Message:
    """The feedback on statement ``move`` where ``answer`` is worth more, for its class."""
    odds = _odds(view)
    mine, best = odds[move], odds[answer]
    kind = statement_mistake(view, move, answer)
    said, best_said = mine.statement.said, best.statement.said
    count = mine.unseen
    both = {
        "statement": said,
        "best": best_said,
        "favourable": mine.favourable,
        "net": signed(mine.net),
        "best_favourable": best.favourable,
        "best_net": signed(best.net),
    }
    if kind == "forgot":
        counted = _odds(view, remember=False)[move]
        return msgn(
            "Counting only the cards in view now, \u201c{statement}\u201d looks best "
            "({counted} of {in_view}, net {counted_net}). But earlier this turn you saw {cards}, "
            "and they cannot be yours: only {favourable} of the {count} card you have not seen "
            "makes it true, net {net}; \u201c{best}\u201d is true for {best_favourable} of "
            "them, net {best_net}.",
            "Counting only the cards in view now, \u201c{statement}\u201d looks best "
            "({counted} of {in_view}, net {counted_net}). But earlier this turn you saw {cards}, "
            "and they cannot be yours: only {favourable} of the {count} cards you have not seen "
            "make it true, net {net}; \u201c{best}\u201d is true for {best_favourable} of "
            "them, net {best_net}.",
            count,
            counted=counted.favourable,
            in_view=counted.unseen,
            counted_net=signed(counted.net),
            cards=" ".join(str(c) for c in _earlier(view)),
            **both,
        )
    if kind == "false" and mine.statement.kind == "S1":
        a, b = _peer_cards(view)
        return msg(
            "You can see both cards that statement is about, {a} and {b}: \u201c{statement}\u201d "
            "is false for certain, and a false statement gives each opponent {penalty}.",
            a=str(a[1]),
            b=str(b[1]),
            statement=said,
            penalty=PENALTY,
        )
    if kind == "false":
        return msgn(
            "Not one of the {count} card you have not seen makes \u201c{statement}\u201d "
            "true: it is false for certain, and a false statement gives each opponent {penalty}.",
            "Not one of the {count} cards you have not seen makes \u201c{statement}\u201d "
            "true: it is false for certain, and a false statement gives each opponent {penalty}.",
            count,
            statement=said,
            penalty=PENALTY,
        )
    if kind == "sure-point":
        return msgn(
            "\u201c{statement}\u201d is a certain point, but a certain point is worth only "
            "{net} net: \u201c{best}\u201d is true for {best_favourable} of the {count} card "
            "you have not seen and pays {points}, net {best_net}.",
            "\u201c{statement}\u201d is a certain point, but a certain point is worth only "
            "{net} net: \u201c{best}\u201d is true for {best_favourable} of the {count} cards "
            "you have not seen and pays {points}, net {best_net}.",
            count,
            points=best.statement.points,
            **both,
        )
    if kind == "other-pick":
        return msgn(
            "\u201c{statement}\u201d pays as much as \u201c{best}\u201d, but fewer of the "
            "{count} card you have not seen make it true: {favourable} against "
            "{best_favourable}.",
            "\u201c{statement}\u201d pays as much as \u201c{best}\u201d, but fewer of the "
            "{count} cards you have not seen make it true: {favourable} against "
            "{best_favourable}.",
            count,
            **both,
        )
    if kind == "reached":
        return msgn(
            "\u201c{statement}\u201d pays {points}, but only {favourable} of the {count} card "
            "you have not seen makes it true: net {net}, since a false statement gives each "
            "opponent {penalty}. \u201c{best}\u201d pays less but is true for "
            "{best_favourable}: net {best_net}.",
            "\u201c{statement}\u201d pays {points}, but only {favourable} of the {count} cards "
            "you have not seen make it true: net {net}, since a false statement gives each "
            "opponent {penalty}. \u201c{best}\u201d pays less but is true for "
            "{best_favourable}: net {best_net}.",
            count,
            points=mine.statement.points,
            penalty=PENALTY,
            **both,
        )
    if kind == "settled":
        return msgn(
            "\u201c{statement}\u201d is true more often ({favourable} of the {count} card you "
            "have not seen) but pays only {points}: net {net}. \u201c{best}\u201d is true for "
            "{best_favourable} and pays {best_points}: net {best_net}, more on average.",
            "\u201c{statement}\u201d is true more often ({favourable} of the {count} cards you "
            "have not seen) but pays only {points}: net {net}. \u201c{best}\u201d is true for "
            "{best_favourable} and pays {best_points}: net {best_net}, more on average.",
            count,
            points=mine.statement.points,
            best_points=best.statement.points,
            **both,
        )
    if kind == "same-odds":
        return msgn(
            "\u201c{statement}\u201d is true just as often as \u201c{best}\u201d ({favourable} "
            "of the {count} card you have not seen), but it pays only {points} against "
            "{best_points}: net {net} against {best_net}.",
            "\u201c{statement}\u201d is true just as often as \u201c{best}\u201d ({favourable} "
            "of the {count} cards you have not seen), but it pays only {points} against "
            "{best_points}: net {net} against {best_net}.",
            count,
            points=mine.statement.points,
            best_points=best.statement.points,
            **both,
        )
    return msgn(
        "\u201c{statement}\u201d is both less likely and worth less than \u201c{best}\u201d: "
        "true for {favourable} of the {count} card you have not seen against "
        "{best_favourable}, and it pays {points} against {best_points}: net {net} against "
        "{best_net}.",
        "\u201c{statement}\u201d is both less likely and worth less than \u201c{best}\u201d: "
        "true for {favourable} of the {count} cards you have not seen against "
        "{best_favourable}, and it pays {points} against {best_points}: net {net} against "
        "{best_net}.",
        count,
        points=mine.statement.points,
        best_points=best.statement.points,
        **both,
    )


def _peer_cards(view: TriangleView) -> tuple[tuple[int, Card], tuple[int, Card]]:
    """The two cards seat 0 sees, with their seats, in seat order."""
    first, second = ((s, c) for s, c in enumerate(view.cards) if s != SEAT and c is not None)
    return first, second


def _earlier(view: TriangleView) -> tuple[Card, ...]:
    """The cards seat 0 saw in the earlier rounds of this turn, in the order they were shown."""
    return tuple(c for r in view.history if r.this_turn for c in (*r.cards, r.rts) if c is not None)
