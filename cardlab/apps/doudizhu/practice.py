"""Dou Dizhu's find-the-move practice: bids and plays where the lesson's ideas decide
(`cardlab.apps.practice`; the positions are ``cardlab/lessons/practice/doudizhu/``).

A deal offers dozens of legal plays, so each position offers the few worth weighing (the AI's and
the tempting mistakes), and the auction its bids.  Each is graded by the table's review, a seeded
simulation of the rest of the deal (`cardlab.games.doudizhu.review`), with more re-deals than the
table's review takes so that the best move clearly beats the others (`PracticeReviewer`); the
answer is the Hint's AI's move, and its reason is the reasoning shown.

A wrong answer is named for what it did against the answer (`play_mistake`): it bid too high or
too low, missed going out, beat the partner's trick, spent or held back a bomb, led anything but
the sure trick of the last two, fed the partner a play it cannot beat, let an opponent about to go
out keep the lead, passed a play the hand needed anyway, led a single or a pair to an opponent
with as few cards, beat low where only high blocks, spent the high cards, left the hand more plays
to make, or led strong before weak.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, cast

from cardlab.apps.doudizhu.table import ai_bot, default_bots
from cardlab.apps.practice import SEAT, Exercise, Position, PracticeModel
from cardlab.core.caches import LRUDict
from cardlab.core.engine import Action, seat_name
from cardlab.core.i18n import Message, msg, msgn
from cardlab.core.review import Estimate
from cardlab.games.doudizhu.bots import DouDizhuBot, describe
from cardlab.games.doudizhu.combos import (
    BLACK_JOKER,
    PASS,
    RANKS,
    RED_JOKER,
    TWO,
    Combo,
    Counts,
    counts_of,
    legal_plays,
)
from cardlab.games.doudizhu.game import DouDizhuView, with_role
from cardlab.games.doudizhu.plan import minus, plan, unseen
from cardlab.games.doudizhu.review import DouDizhuReviewer
from cardlab.pictures.doudizhu import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing

PLAY_DEALS = 40
"""The re-deals a play's value rests on in the practice (the table's review takes 20)."""
BID_DEALS = 100
"""The re-deals a bid's value rests on: a bid is valued over the whole deal, whose scores spread
widely, so it needs more re-deals to tell the best bid clearly."""
_VALUES: LRUDict[tuple[object, ...], Estimate] = LRUDict(512)
"""Values already simulated, by (view, move, re-deals, AI): a value depends on the view alone
(the re-deals are seeded from it), so a position's moves are simulated once per session (26
positions of 3-6 moves: 512 holds them all, a few KiB each)."""


@dataclass(frozen=True)
class PracticeReviewer(DouDizhuReviewer):
    """The table's review with more re-deals (`PLAY_DEALS`, `BID_DEALS`), each value simulated
    once."""

    def values(
        self, view: DouDizhuView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        deals = BID_DEALS if view.phase == "bid" else PLAY_DEALS
        bots = (self.bot, *sorted(self.others.items()))
        keys = {move: (view, move, deals, bots) for move in moves}
        found = {move: _VALUES.get(key) for move, key in keys.items()}
        missing = [move for move, value in found.items() if value is None]
        if missing:
            review = DouDizhuReviewer(self.bot, self.others, deals)
            for move, value in zip(missing, review.values(view, legal, missing), strict=True):
                _VALUES[keys[move]] = found[move] = value
        return tuple(cast(Estimate, found[move]) for move in moves)


def practice_reviewer() -> PracticeReviewer:
    """The practice's reviewer: the Hint's AI in the learner's seat, the table's AI in the
    others (the AI neither bluffs nor draws at random: its reason explains the answer)."""
    return PracticeReviewer(ai_bot(SEAT), default_bots())


# -- the positions --------------------------------------------------------------------------------
OUT = msg("Count your cards: can one play take them all?")
BID = msg(
    "Count what wins tricks (jokers, twos, aces, bombs) and how many plays your hand splits into: "
    "the landlord plays alone against two, for twice the bid."
)
LOW = msg(
    "Leading, get rid of your weakest group first; keep the strong cards to win the lead back."
)
PARTNER = msg("Who is winning this trick? Your partner's trick is your side's trick.")
SHORT = msg("Look at how many cards each opponent holds: what can a player with so few still play?")
FEED = msg("Your partner has almost no cards left: what lead can they beat?")
SURE = msg("Two plays left: which one can none of the cards you have not seen beat?")
CHAIN = msg("Which lead sheds the most weak cards at once without breaking what your hand needs?")
PLAN = msg("Split your hand into plays: does beating this trick fit that plan, or break it up?")
LEAD = msg("If you pass, who leads next, and how close is that side to going out?")
BOMB = msg("Is this the moment for your bomb: who is about to go out, and what is left after it?")

POSITIONS: tuple[Position, ...] = (
    Position(
        "01-go-out",
        1,
        ("play 3 4 5 6 7 as straight",),
        OUT,
        ("play 3 as solo", "play 7 as solo", "play 3 4 5 6 7 as straight"),
    ),
    Position(
        "02-go-out",
        1,
        ("play 6 7 8 9 T J Q K A as straight",),
        OUT,
        ("play 6 as solo", "play A as solo", "play 6 7 8 9 T J Q K A as straight"),
    ),
    Position("03-pass-weak", 1, ("pass",), BID, ()),
    Position("04-pass-weak", 1, ("pass",), BID, ()),
    Position(
        "05-lead-low",
        1,
        ("play 6 as solo",),
        LOW,
        ("play 6 as solo", "play BJ as solo", "play 3 3 as pair", "play 3 2 2 2 as trio_solo"),
    ),
    Position(
        "06-lead-low",
        1,
        ("play 8 8 as pair",),
        LOW,
        ("play 7 as solo", "play A as solo", "play 2 as solo", "play 8 8 as pair"),
    ),
    Position("07-bid-strong", 1, ("bid 3",), BID, ()),
    Position("08-bid-strong", 1, ("bid 3",), BID, ()),
    Position(
        "09-partner-pass", 2, ("pass",), PARTNER, ("pass", "play 8 8 as pair", "play 2 2 as pair")
    ),
    Position(
        "10-partner-pass", 2, ("pass",), PARTNER, ("pass", "play 6 6 as pair", "play K K as pair")
    ),
    Position(
        "11-block-high", 2, ("play 2 as solo",), SHORT, ("pass", "play J as solo", "play 2 as solo")
    ),
    Position(
        "12-block-high",
        2,
        ("play RJ as solo",),
        SHORT,
        ("pass", "play RJ as solo", "play BJ RJ as rocket"),
    ),
    Position(
        "13-block-lead",
        2,
        ("play 3 4 5 6 7 8 9 T as straight",),
        SHORT,
        (
            "play 3 as solo",
            "play Q as solo",
            "play 8 8 as pair",
            "play Q Q as pair",
            "play 3 4 5 6 7 8 9 T as straight",
        ),
    ),
    Position(
        "14-block-lead",
        2,
        ("play 5 6 7 8 9 as straight",),
        SHORT,
        (
            "play 8 as solo",
            "play Q as solo",
            "play K as solo",
            "play 8 8 as pair",
            "play 5 6 7 8 9 as straight",
        ),
    ),
    Position(
        "15-feed-partner",
        2,
        ("play 3 3 as pair",),
        FEED,
        ("play Q as solo", "play 3 3 as pair", "play A A as pair", "play 3 3 4 4 5 5 as pair_run"),
    ),
    Position(
        "16-feed-partner",
        2,
        ("play 7 7 as pair",),
        FEED,
        (
            "play 3 as solo",
            "play 4 as solo",
            "play 5 as solo",
            "play T as solo",
            "play A as solo",
            "play 7 7 as pair",
        ),
    ),
    Position(
        "17-sure-trick",
        2,
        ("play J J as pair",),
        SURE,
        ("play 7 as solo", "play J as solo", "play J J as pair"),
    ),
    Position(
        "18-lead-chain",
        3,
        ("play 5 6 7 8 9 T as straight",),
        CHAIN,
        ("play 5 as solo", "play Q as solo", "play Q Q as pair", "play 5 6 7 8 9 T as straight"),
    ),
    Position(
        "19-lead-chain",
        3,
        ("play 5 5 5 6 6 6 9 A as airplane_solo",),
        CHAIN,
        (
            "play 5 as solo",
            "play A as solo",
            "play 5 5 as pair",
            "play K K as pair",
            "play 5 5 5 6 6 6 9 A as airplane_solo",
            "play 5 5 5 6 6 6 9 9 K K as airplane_pair",
        ),
    ),
    Position(
        "20-follow-plan", 3, ("play 2 as solo",), PLAN, ("pass", "play Q as solo", "play 2 as solo")
    ),
    Position(
        "21-follow-plan",
        3,
        ("play 7 as solo",),
        PLAN,
        ("play 7 as solo", "play RJ as solo", "play BJ RJ as rocket"),
    ),
    Position("22-keep-plan", 3, ("pass",), PLAN, ("pass", "play T T as pair", "play 2 2 as pair")),
    Position("23-keep-plan", 3, ("pass",), PLAN, ("pass", "play 7 7 as pair", "play Q Q as pair")),
    Position(
        "24-bomb",
        3,
        ("play Q Q Q Q as bomb",),
        BOMB,
        ("pass", "play BJ as solo", "play RJ as solo", "play Q Q Q Q as bomb"),
    ),
    Position(
        "25-bomb",
        3,
        ("play BJ RJ as rocket",),
        BOMB,
        ("play BJ as solo", "play RJ as solo", "play BJ RJ as rocket"),
    ),
    Position(
        "26-keep-lead",
        3,
        ("play 2 as solo",),
        LEAD,
        ("play A as solo", "play 2 as solo", "play RJ as solo"),
    ),
)


# -- the practice ---------------------------------------------------------------------------------
class DouDizhuPractice(PracticeModel):
    """Find the move at the Dou Dizhu table: bids and plays, easy to hard."""

    size = (WIDTH, HEIGHT)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> PracticeReviewer:
        return practice_reviewer()

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        return table_picture(ex.view, you=SEAT, banner=str(_banner(ex.view)), theme=theme)

    def task(self, ex: Exercise) -> Message:
        view = ex.view
        hand = _hand(view)
        if view.phase == "bid":
            return msg(
                "The auction: {bids}. Your hand: {cards}. Three bottom cards lie face down; the "
                "landlord takes them. What do you bid?",
                bids=_bids(view),
                cards=_notation(hand),
            )
        parts = [_role(view), msgn("Your hand ({count} card): {cards}.",
                                   "Your hand ({count} cards): {cards}.",
                                   sum(hand), cards=_notation(hand))]  # fmt: skip
        for seat in (1, 2):
            parts.append(
                msgn("{player} holds {count} card.", "{player} holds {count} cards.",
                     len(view.hands[seat]), player=with_role(seat, view.landlord))
            )  # fmt: skip
        bottom = counts_of([c for c in view.bottom if c is not None])
        played = counts_of([c for p in view.plays for c in p.cards])
        parts.append(msg("The bottom cards were {cards}.", cards=_notation(bottom)))
        if any(played):
            parts.append(msg("Played so far: {cards}.", cards=_notation(played)))
        else:
            parts.append(msg("No card has been played yet."))
        if view.bombs + view.rockets:
            parts.append(
                msgn("{count} bomb or rocket has doubled the stake.",
                     "{count} bombs or rockets have doubled the stake.",
                     view.bombs + view.rockets)
            )  # fmt: skip
        if view.table is None:
            parts.append(msg("It is your lead: what do you play?"))
        else:
            owner = view.last_player
            assert owner is not None
            parts.append(
                msg("{player} played {play}: {cards}. Beat it, or pass?",
                    player=with_role(owner, view.landlord), play=describe(view.table),
                    cards=_notation(view.table.counts))
            )  # fmt: skip
        return _sentences(parts)

    def mistake(self, ex: Exercise, move: str) -> Message:
        return classified(ex, move)[1]


def classified(ex: Exercise, move: str) -> tuple[str, Message]:
    """Wrong answer ``move``'s class of mistake (one of `CLASSES`, or ``other``) and its
    feedback."""
    best = ex.position.answers[0]
    if ex.view.phase == "bid":
        return bid_mistake(ex.view, move, best)
    return play_mistake(ex.view, move, best)


# -- words of a position --------------------------------------------------------------------------
def _hand(view: DouDizhuView) -> Counts:
    return counts_of([c for c in view.hands[SEAT] if c is not None])


def _notation(counts: Counts) -> str:
    """Rank counts as the moves write them, low to high: ``3 3 9 T T 2 BJ``."""
    return " ".join(RANKS[i] for i, n in enumerate(counts) for _ in range(n))


def _sentences(parts: Sequence[Message]) -> Message:
    said = parts[0]
    for part in parts[1:]:
        said = msg("{first} {second}", first=said, second=part)
    return said


def _banner(view: DouDizhuView) -> Message:
    if view.phase == "bid":
        return msg("The auction: your bid")
    if view.table is None:
        return msg("Your lead: play any combination")
    return msg("Beat it or pass")


def _bids(view: DouDizhuView) -> Message:
    """The auction so far: "Player 3 passes; Player 2 bids 1", or that nobody has bid."""
    if not view.bids:
        return msg("you bid first")
    said: Message | None = None
    for seat, bid in view.bids:
        one = (
            msg("{player} passes", player=seat_name(seat))
            if bid == 0
            else msg("{player} bids {bid}", player=seat_name(seat), bid=bid)
        )
        said = one if said is None else msg("{first}; {second}", first=said, second=one)
    assert said is not None
    return said


def _role(view: DouDizhuView) -> Message:
    landlord = view.landlord
    assert landlord is not None
    if landlord == SEAT:
        return msg("You are the landlord, for a bid of {bid}.", bid=view.bid)
    partner = next(s for s in (1, 2) if s != landlord)
    return msg(
        "You are a farmer: {landlord} is the landlord, for a bid of {bid}, and {partner} is your "
        "partner.",
        landlord=seat_name(landlord),
        bid=view.bid,
        partner=seat_name(partner),
    )


# -- the mistakes ---------------------------------------------------------------------------------
CLASSES = (
    "overbid", "passed-strong", "bid-low",
    "missed-out", "beat-partner", "bomb-spent", "held-bomb", "two-plays", "feed-partner",
    "passed-plan", "let-through", "single-to-short", "beat-low", "spent-high", "more-plays",
    "led-strong",
)  # fmt: skip
"""The classes of mistake, in the order they are tried (a bid's three first).  A wrong play none
of them fits is ``other`` (no practice position has one: `tests/apps/test_doudizhu_practice.py`)."""
HIGH = (11, TWO, BLACK_JOKER, RED_JOKER)
"""The ranks that win tricks late in a deal: aces, twos and the jokers."""
BOMBS = ("bomb", "rocket")
BLOCK = DouDizhuBot().block
"""An opponent with this many cards or fewer is one the AI beats as high as it can."""


def _strength(hand: Counts) -> Message:
    """What a hand has to win tricks with, and the plays it splits into, in words."""
    high = sum(hand[r] for r in HIGH)
    bombs = sum(1 for r in range(13) if hand[r] == 4) + (hand[BLACK_JOKER] and hand[RED_JOKER])
    return msg(
        "{high}, {bombs}, and it splits into {plays}",
        high=msgn("{count} high card (aces, twos, jokers)",
                  "{count} high cards (aces, twos, jokers)", high),
        bombs=msgn("{count} bomb or rocket", "{count} bombs or rockets", bombs),
        plays=msgn("{count} play", "{count} plays", len(plan(hand))),
    )  # fmt: skip


def _bid_of(move: str) -> int:
    return 0 if move == PASS else int(move.split()[1])


def bid_mistake(view: DouDizhuView, move: str, best: str) -> tuple[str, Message]:
    """The class and feedback of bidding ``move`` where ``best`` is the answer (the practice's
    bids are a pass with a weak hand or the top bid with a strong one)."""
    mine, right = _bid_of(move), _bid_of(best)
    hand = _strength(_hand(view))
    if mine > right:
        return "overbid", msg(
            "Your hand has {hand}: too little to play alone against two farmers. The landlord "
            "at a bid of {bid} loses {loss} points in every deal the farmers win, and with this "
            "hand it would lose more deals than it wins.",
            hand=hand,
            bid=mine,
            loss=2 * mine,
        )
    if mine == 0:
        return "passed-strong", msg(
            "You passed a hand with {hand}: as the landlord, with the three bottom cards too, it "
            "wins more deals than it loses, and a bid of {right} makes each win worth {win} "
            "points.",
            hand=hand,
            right=right,
            win=2 * right,
        )
    return "bid-low", msg(
        "You bid only {bid} with {hand}: the landlord wins more deals than it loses with such a "
        "hand, and the bid is the stake: at {right} each win is worth {win} points, at {bid} "
        "only {low}.",
        bid=mine,
        hand=hand,
        right=right,
        win=2 * right,
        low=2 * mine,
    )


@dataclass(frozen=True)
class _Seats:
    """Who is who around the learner, and how many cards each holds."""

    view: DouDizhuView

    @property
    def partner(self) -> int | None:
        landlord = self.view.landlord
        if landlord == SEAT:
            return None
        return next(s for s in (1, 2) if s != landlord)

    def held(self, seat: int) -> int:
        return len(self.view.hands[seat])

    @property
    def shortest(self) -> int:
        """The opponent with the fewest cards."""
        return min((s for s in (1, 2) if s != self.partner), key=lambda s: (self.held(s), s))

    def who(self, seat: int) -> Message:
        return with_role(seat, self.view.landlord)


def _plays(view: DouDizhuView) -> dict[str, Combo]:
    found = legal_plays(_hand(view), view.table, view.ruleset)
    return {c.action: c for c in found if isinstance(c, Combo)}


def _left(hand: Counts, combo: Combo | None) -> int:
    """How many plays the hand splits into after ``combo`` (None: a pass)."""
    rest = hand if combo is None else minus(hand, combo.counts)
    return len(plan(rest)) if any(rest) else 0


def _high(combo: Combo | None, hand: Counts) -> Counts:
    """The cards of ``combo`` that win tricks late: `HIGH` ranks, and the cards of a bomb in
    ``hand`` (a play that breaks a bomb spends the hand's strongest play)."""
    if combo is None:
        return (0,) * 15
    return tuple(n if i in HIGH or hand[i] == 4 else 0 for i, n in enumerate(combo.counts))


def beatable(view: DouDizhuView, combo: Combo) -> bool:
    """Whether the cards the seat has not seen could beat ``combo``: a higher play of its kind
    and length, a higher bomb, or the rocket (the AI's own test of a sure trick)."""
    played = (p.combo.counts for p in view.plays if p.combo is not None)
    u = unseen(_hand(view), played)
    if combo.kind == "rocket":
        return False
    if (u[BLACK_JOKER] and u[RED_JOKER]) or any(
        u[r] == 4 and (combo.kind != "bomb" or r > combo.main) for r in range(13)
    ):
        return True
    if combo.kind == "bomb":
        return False
    width = max(combo.counts[combo.main], 1)
    if combo.chain == 1:
        top = RED_JOKER + 1 if width == 1 else TWO + 1
        return any(u[r] >= width for r in range(combo.main + 1, top))
    low = combo.main - combo.chain + 1
    return any(
        all(u[r] >= width for r in range(start, start + combo.chain))
        for start in range(low + 1, TWO - combo.chain + 1)
    )


def play_mistake(view: DouDizhuView, move: str, best: str) -> tuple[str, Message]:
    """The class and feedback of playing ``move`` where ``best`` is the answer: the first class
    of `CLASSES` that fits (``other`` if none does)."""
    plays = _plays(view)
    hand = _hand(view)
    mine, right = plays.get(move), plays.get(best)
    seats = _Seats(view)
    short = seats.shortest
    what = msg("passing") if mine is None else describe(mine)
    if right is None:  # the answer passes
        answer: Message = msg("passing")
    else:
        answer = describe(right)
    if right is not None and right.counts == hand:
        return "missed-out", msgn(
            "You could have gone out: {best} plays all your cards at once and wins the deal. "
            "Your move leaves you {count} card, and the others another turn.",
            "You could have gone out: {best} plays all your cards at once and wins the deal. "
            "Your move leaves you {count} cards, and the others another turn.",
            sum(hand) - (mine.size if mine else 0),
            best=answer,
        )
    table, owner = view.table, view.last_player
    if (
        table is not None
        and owner is not None
        and owner == seats.partner
        and mine is not None
        and right is None  # the AI tops its partner only to stop the landlord going out
    ):
        return "beat-partner", msg(
            "Your partner {player} was winning this trick with {table}. Beating your own side's "
            "trick spends {play} and takes nothing from the landlord.",
            player=seat_name(owner),
            table=describe(table),
            play=what,
        )
    if mine is not None and mine.kind in BOMBS and (right is None or right.kind not in BOMBS):
        return "bomb-spent", msg(
            "You played {play}: a bomb or the rocket doubles the stake for both sides, and it is "
            "a trick you can take whenever you need one. Here {best} does without it.",
            play=what,
            best=answer,
        )
    if right is not None and right.kind in BOMBS and (mine is None or mine.kind not in BOMBS):
        if seats.held(short) <= 2:
            return "held-bomb", msgn(
                "{player} has only {count} card left and may go out on the next trick: this is "
                "the moment for {best}, to take the lead from them.",
                "{player} has only {count} cards left and may go out on the next trick: this is "
                "the moment for {best}, to take the lead from them.",
                seats.held(short),
                player=seats.who(short),
                best=answer,
            )
        return "held-bomb", msg(
            "After {best} takes the trick, the rest of your hand goes out: this is the moment "
            "for it, and it doubles a stake you are about to win. Your move gives the others a "
            "turn instead.",
            best=answer,
        )
    if table is None and right is not None:
        groups = plan(hand)
        if len(groups) == 2 and right in groups and not beatable(view, right):
            other = next(g for g in groups if g != right)
            return "two-plays", msg(
                "You have two plays left, and none of the cards you have not seen can beat "
                "{best}: play it first, and {other} goes out after it. Any other lead gives the "
                "others a chance to take the lead before you are out.",
                best=answer,
                other=describe(other),
            )
    partner = seats.partner
    if table is None and partner is not None and seats.held(partner) <= 2 and mine is not None:
        return "feed-partner", msgn(
            "Your partner {player} has only {count} card left: lead {best}, as low as you can, so "
            "that they can beat it and go out. Leading {play} gives them less chance.",
            "Your partner {player} has only {count} cards left: lead {best}, as low as you can, "
            "so that they can beat it and go out. Leading {play} gives them less chance.",
            seats.held(partner),
            player=seat_name(partner),
            best=answer,
            play=what,
        )
    if mine is None and right is not None:
        now, after = _left(hand, None), _left(hand, right)
        if after < now:
            return "passed-plan", msgn(
                "Beating it with {best} costs your hand nothing: your hand needs that play anyway "
                "(after it, it splits into {count} play instead of {now}), and winning the trick "
                "gives you the lead.",
                "Beating it with {best} costs your hand nothing: your hand needs that play anyway "
                "(after it, it splits into {count} plays instead of {now}), and winning the trick "
                "gives you the lead.",
                after,
                best=answer,
                now=now,
            )
        return "let-through", msgn(
            "{player} is down to {count} card: passing lets their side keep this trick and lead "
            "again, one step closer to going out. Playing {best} takes the lead for your side.",
            "{player} is down to {count} cards: passing lets their side keep this trick and lead "
            "again, one step closer to going out. Playing {best} takes the lead for your side.",
            seats.held(short),
            player=seats.who(short),
            best=answer,
        )
    left = seats.held(short)
    if (
        table is None
        and mine is not None
        and ((mine.kind == "solo" and left <= 2) or (mine.kind == "pair" and left == 2))
    ):
        if left == 1:
            return "single-to-short", msg(
                "{player} has only 1 card left: a single lets them beat it and go out. Lead "
                "{best}, which one card cannot answer.",
                player=seats.who(short),
                best=answer,
            )
        return "single-to-short", msg(
            "{player} has only 2 cards left: a single or a pair lets them beat it and go out. "
            "Lead {best}, which two cards cannot answer.",
            player=seats.who(short),
            best=answer,
        )
    if (
        table is not None
        and mine is not None
        and right is not None
        and mine.kind == right.kind
        and mine.main < right.main
        and left <= BLOCK
    ):
        return "beat-low", msgn(
            "{player} has only {count} card left: beat as high as you can, {best}, so that they "
            "cannot beat your play cheaply and take the lead.",
            "{player} has only {count} cards left: beat as high as you can, {best}, so that they "
            "cannot beat your play cheaply and take the lead.",
            left,
            player=seats.who(short),
            best=answer,
        )
    spent = minus(_high(mine, hand), _high(right, hand))
    if any(n > 0 for n in spent):
        cards = _notation(tuple(max(n, 0) for n in spent))
        if right is None:
            return "spent-high", msg(
                "You spent {cards}, among your strongest cards: they win tricks later, when you "
                "need the lead back. Passing keeps them.",
                cards=cards,
            )
        return "spent-high", msg(
            "You spent {cards}, among your strongest cards: they win tricks later, when you need "
            "the lead back. Playing {best} does the job with less.",
            cards=cards,
            best=answer,
        )
    after, then = _left(hand, mine), _left(hand, right)
    if after > then:
        return "more-plays", msgn(
            "After {play} your hand splits into {count} play; after {best}, into {then}. Dou "
            "Dizhu is a race to empty your hand: every extra play is one more trick to win.",
            "After {play} your hand splits into {count} plays; after {best}, into {then}. Dou "
            "Dizhu is a race to empty your hand: every extra play is one more trick to win.",
            after,
            play=what,
            best=answer,
            then=then,
        )
    if table is None and mine is not None and right is not None and right.main < mine.main:
        return "led-strong", msg(
            "You led {play} while a weaker group, {best}, is still in your hand: lead the weak "
            "cards while the others must follow, and keep the strong plays to take the lead back "
            "later.",
            play=what,
            best=answer,
        )
    return "other", msg(
        "Playing {play} here gives up more than it wins: {best} leaves your hand better placed "
        "for the tricks to come.",
        play=what,
        best=answer,
    )
