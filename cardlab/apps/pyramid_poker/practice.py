"""Pyramid Poker's find-the-move practice: which hand a taken block goes into, which free block
to take, and which revealed block to keep after a pharaoh (`cardlab.apps.practice`; the
positions are ``cardlab/lessons/practice/pyramid_poker/``).

Every position is in the take phase, under advanced scoring: a build slot goes into no hand, so
the review values every slot the same and the build has no answer to find.  A move is graded
exactly, by the lesson's measure of where a block belongs (`cardlab.games.pyramid_poker.review`):
what the block adds to a hand's expected points, that hand's empty places filled from the blocks
you have not seen, a face-down block averaged over them and a pharaoh worth the best of three.

Each wrong answer is named for what it did (`assign_mistake`, `take_mistake`): put the block
where it breaks a flush or a straight draw, finishes a hand as No Pair, or fills the last place
of Two Pair or Three of a Kind; missed the pair, the flush or the straight draw it belongs to;
put a block that fits neither hand where it costs more, or one that fits both where it adds
less; gambled on a face-down block, or took a known one worth less than a face-down one; passed
up or wasted a pharaoh; took or kept the weaker block.  The reasoning shown is the reasoning
bot's (`PRACTICE_AI`), whose quick estimate of a gain is not the exact count: the positions are
those where it plays the answer and its gain has the count's sign.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from cardlab.apps.practice import SEAT, Exercise, Position, PracticeModel
from cardlab.apps.pyramid_poker.questions import position_lines
from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn
from cardlab.games.poker.ranking import RANK_VALUE, evaluate
from cardlab.games.pyramid_poker.bots import SmartBot
from cardlab.games.pyramid_poker.game import PyramidPokerView
from cardlab.games.pyramid_poker.rules import (
    HAND_NAMES,
    HAND_SIZE,
    action_slot,
    hand_noun,
    is_joker,
    slot_name,
)
from cardlab.pictures.pyramid_poker import HEIGHT, WIDTH, position_picture
from cardlab.render import Drawing

if TYPE_CHECKING:  # numpy: loaded with the reviewer, at the first answer
    from cardlab.games.pyramid_poker.review import PyramidPokerReviewer

PRACTICE_AI = SmartBot(seed="hint/practice", joker_samples=64)
"""The practice's AI, the table's reasoning bot with a fixed seed and a steadier estimate of a
pharaoh (64 draws of three, not 8): its reason is the answer's reasoning."""

PAIR = msg("Look for a block of the same rank in your hands: a pair scores, No Pair costs a point.")
TAKE_PAIR = msg(
    "Your own blocks in the pyramid show you their faces: does one of them match a rank in your "
    "hands?"
)
KEEP_PAIR = msg("Which of the three revealed blocks matches a rank in your hands?")
FLUSH = msg(
    "A hand of one suit is on its way to a Flush: which hand does the block's suit belong to?"
)
STRAIGHT = msg(
    "Blocks close in rank are on their way to a Straight: which hand does the block's rank fit?"
)
FACE_DOWN = msg(
    "When your own free blocks fit none of your hands, a face-down block is a fresh chance: any "
    "of the blocks you have not seen."
)
PHARAOH = msg(
    "A pharaoh is not wild, but it lets you choose the best of three blocks from the general "
    "supply."
)
FINISH = msg(
    "A hand with one place left is finished by the next block it gets: will that block leave it "
    "No Pair?"
)
NOT_THE_PHARAOH = msg(
    "The pharaoh's best of three is good, but is it better than a block you know fits a hand?"
)
KEEP_DRAW = msg("Which revealed block carries on a draw: the same suit, or a rank that fits a run?")
LEAST_HARM = msg(
    "The block fits none of your hands: put it where it costs least, not into a hand that is "
    "still going somewhere."
)
SPARE_THE_DRAW = msg(
    "Before you put a block into a hand, check that hand's draw: an off-suit block ends a flush "
    "draw, a far rank a straight draw."
)
TWO_HOMES = msg(
    "The block fits more than one hand, but a fit is not always worth most: compare what each "
    "hand gains, counting the places it has left."
)
CLOSE_TAKE = msg(
    "Weigh a sure block that helps a little against a face-down one, any of the blocks you have "
    "not seen."
)

POSITIONS = (
    Position("01-pair", 1, ("hand left",), PAIR),
    Position("02-pair", 1, ("hand centre",), PAIR),
    Position("03-pair", 1, ("hand left",), PAIR),
    Position("04-take-pair", 1, ("take 29",), TAKE_PAIR),
    Position("05-take-pair", 1, ("take 28",), TAKE_PAIR),
    Position("06-keep-pair", 1, ("keep Jc",), KEEP_PAIR),
    Position("07-flush", 2, ("hand left",), FLUSH),
    Position("08-flush", 2, ("hand centre",), FLUSH),
    Position("09-straight", 2, ("hand left",), STRAIGHT),
    Position("10-straight", 2, ("hand right",), STRAIGHT),
    Position("11-finish", 2, ("hand left",), FINISH),
    Position("12-face-down", 2, ("take 23",), FACE_DOWN),
    Position("13-face-down", 2, ("take 16", "take 25", "take 26"), FACE_DOWN),
    Position("14-pharaoh", 2, ("take 12",), PHARAOH),
    Position("15-pharaoh", 2, ("take 16",), PHARAOH),
    Position("16-not-the-pharaoh", 2, ("take 25",), NOT_THE_PHARAOH),
    Position("17-keep-draw", 2, ("keep 6h",), KEEP_DRAW),
    Position("18-least-harm", 3, ("hand right",), LEAST_HARM),
    Position("19-least-harm", 3, ("hand centre",), LEAST_HARM),
    Position("20-least-harm", 3, ("hand right",), LEAST_HARM),
    Position("21-spare-the-draw", 3, ("hand right",), SPARE_THE_DRAW),
    Position("22-two-homes", 3, ("hand left",), TWO_HOMES),
    Position("23-two-homes", 3, ("hand right",), TWO_HOMES),
    Position("24-close-take", 3, ("take 33",), CLOSE_TAKE),
    Position("25-close-take", 3, ("take 30",), CLOSE_TAKE),
)
"""Easy to hard: a pair, in a hand, taken or kept (wide gaps); flush and straight draws, the
last place of a hand, a face-down block, the pharaoh taken or not, a draw kept after a pharaoh;
then a block that fits nowhere, a draw spared, a block that fits two hands, and close takes
(narrow gaps).  Curated by ``tools/practice/pyramid_poker.py``."""


class PyramidPokerPractice(PracticeModel):
    """Find the move at the Pyramid Poker table: which hand, which block, which to keep."""

    size = (WIDTH, HEIGHT)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> PyramidPokerReviewer:
        """Each move's exact worth in expected points (advanced scoring), against the reasoning
        bot at a fixed seed (its reason is the answer's reasoning).  Imported at the first
        answer: its counting brings numpy, which the page does not load otherwise."""
        from cardlab.games.pyramid_poker.review import PyramidPokerReviewer

        return PyramidPokerReviewer(PRACTICE_AI)

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        names = (str(msg("You (Player 1)")), str(msg("Bot (Player 2)")))
        return position_picture(ex.view, SEAT, theme, str(banner(ex.view)), names)

    def task(self, ex: Exercise) -> Message:
        view: PyramidPokerView = ex.view
        lines = position_lines(view, SEAT)
        if view.phase == "take":
            lines.append(str(msg("free blocks: {blocks}", blocks="; ".join(free_blocks(view)))))
            question = msgn(
                "Take, turn {turn} of 30, advanced scoring: which free block do you take? A "
                "block is worth what it adds to the expected points of the hand it suits best; a "
                "face-down block is any of the {count} block you have not seen.",
                "Take, turn {turn} of 30, advanced scoring: which free block do you take? A "
                "block is worth what it adds to the expected points of the hand it suits best; a "
                "face-down block is any of the {count} blocks you have not seen.",
                unseen(view),
                turn=view.taken + 1,
            )
        elif view.phase == "keep":
            question = msg(
                "Take, turn {turn} of 30, advanced scoring: you took a pharaoh, and {cards} were "
                "turned up from the general supply. Which block do you keep, to add most to the "
                "expected points of the hand it goes into?",
                turn=view.taken + 1,
                cards=" ".join(str(c) for c in view.revealed),
            )
        else:
            question = msg(
                "Take, turn {turn} of 30, advanced scoring: you took the {card}. Which hand should "
                "it go into, to add most to that hand's expected points?",
                turn=view.taken + 1,
                card=str(view.pending),
            )
        return msg("{question} {position}.", question=question, position="; ".join(lines))

    def mistake(self, ex: Exercise, move: str) -> Message:
        view: PyramidPokerView = ex.view
        best = ex.position.answers[0]
        if view.phase == "assign":
            return assign_words(view, move, best, assign_mistake(view, move, best))
        if view.phase == "keep":
            chosen, kept = _revealed(view, move), _revealed(view, best)
            return msg(
                "You kept the {card}: {fit}. The {better} does more: {better_fit}.",
                card=str(chosen),
                fit=fit_words(view, chosen),
                better=str(kept),
                better_fit=fit_words(view, kept),
            )
        return take_words(view, move, best, take_mistake(view, move, best))


# -- what a block does for a hand ------------------------------------------------------------------
def _values(cards: Sequence[Card]) -> list[int]:
    return [RANK_VALUE[c.rank] for c in cards]


def _span(values: Sequence[int]) -> int:
    lows = [1 if v == 14 else v for v in values]
    return min(max(values) - min(values), max(lows) - min(lows))


def flush_draw(hand: Sequence[Card]) -> bool:
    """Two blocks or more, all of one suit: on the way to a Flush."""
    return len(hand) >= 2 and len({c.suit for c in hand}) == 1


def straight_draw(hand: Sequence[Card]) -> bool:
    """Two blocks or more of different ranks within a Straight's span (the ace high or low)."""
    values = _values(hand)
    return len(hand) >= 2 and len(set(values)) == len(values) and _span(values) <= 4


def fit(hand: Sequence[Card], block: Card) -> str:
    """How ``block`` fits ``hand``: ``rank`` (it matches a rank there), ``suit`` (it carries on
    a flush draw), ``run`` (a straight draw) or ``none``."""
    if any(c.rank == block.rank for c in hand):
        return "rank"
    if flush_draw(hand) and hand[0].suit == block.suit:
        return "suit"
    if straight_draw(hand) and straight_draw((*hand, block)):
        return "run"
    return "none"


FITS = ("rank", "suit", "run")
"""How a block fits a hand, the strongest first."""


def best_fit(view: PyramidPokerView, block: Card) -> tuple[str, int]:
    """The strongest way ``block`` fits one of seat 0's open hands (among hands that fit alike,
    the one with the most blocks, then the first), and that hand; ``("none", -1)`` if none."""
    found = [
        (FITS.index(f), -len(hand), h)
        for h, hand in enumerate(view.hands[SEAT])
        if len(hand) < HAND_SIZE and (f := fit(hand, block)) != "none"
    ]
    if not found:
        return "none", -1
    kind, _, h = min(found)
    return FITS[kind], h


def made(hand: Sequence[Card], block: Card) -> str:
    """What ``block`` makes with the blocks of its rank in ``hand``, by rank counts alone:
    ``one_pair``, ``two_pair``, ``three_up``, ``full_up`` or ``four_up``."""
    counts = Counter(c.rank for c in (*hand, block))
    same = counts[block.rank]
    pairs = sum(1 for r, n in counts.items() if n >= 2 and r != block.rank)
    if same >= 4:
        return "four_up"
    if same == 3:
        return "full_up" if pairs else "three_up"
    return "two_pair" if pairs else "one_pair"


def live(view: PyramidPokerView, block: Card) -> int:
    """How many blocks of ``block``'s rank seat 0 has not seen: the ones that could pair it."""
    return sum(n for c, n in view.unseen().items() if c.rank == block.rank)


def unseen(view: PyramidPokerView) -> int:
    """How many blocks seat 0 has not seen (a face-down block is one of them)."""
    return sum(view.unseen().values())


def fit_words(view: PyramidPokerView, block: Card) -> Message:
    """What ``block`` does for seat 0's hands at its best (`best_fit`), in words; a block that
    fits none, with the blocks of its rank still unseen."""
    kind, h = best_fit(view, block)
    if kind == "none":
        return msgn(
            "it fits none of your hands, and {count} block of its rank is still unseen to pair it",
            "it fits none of your hands, and {count} blocks of its rank are still unseen to pair "
            "it",
            live(view, block),
        )
    return _fit_in(view.hands[SEAT][h], block, hand_noun(HAND_NAMES[h]))


def _fit_in(hand: Sequence[Card], block: Card, name: Message) -> Message:
    """What ``block`` does for ``hand`` (called ``name``), which it fits (`fit`), in words."""
    kind = fit(hand, block)
    cards = " ".join(str(c) for c in hand)
    if kind == "suit":
        return msg("it carries on the flush draw in your {hand} ({cards})", hand=name, cards=cards)
    if kind == "run":
        return msg(
            "it carries on the straight draw in your {hand} ({cards})", hand=name, cards=cards
        )
    same = " ".join(str(c) for c in hand if c.rank == block.rank)
    category = made(hand, block)
    if category == "one_pair":
        return msg("it pairs the {cards} in your {hand}", cards=same, hand=name)
    if category == "two_pair":
        return msg("it makes Two Pair with the {cards} in your {hand}", cards=same, hand=name)
    if category == "three_up":
        return msg(
            "it makes Three of a Kind with the {cards} in your {hand}", cards=same, hand=name
        )
    if category == "full_up":
        return msg("it makes a Full House with the {cards} in your {hand}", cards=same, hand=name)
    return msg("it makes Four of a Kind with the {cards} in your {hand}", cards=same, hand=name)


def free_blocks(view: PyramidPokerView) -> list[str]:
    """The free blocks in words: each slot, and its face or "face down"."""
    out = []
    for k in view.free_slots:
        card = view.pyramid[k]
        where = slot_name(k, view.width)
        if card is None:
            out.append(str(msg("{slot}: face down", slot=where)))
        else:
            out.append(str(msg("{slot}: {card}", slot=where, card=str(card))))
    return out


def banner(view: PyramidPokerView) -> Message:
    """The picture's banner: the turn and what is asked (the table's words)."""
    if view.phase == "take":
        return msg("Take, turn {turn} of 30: take a free block", turn=view.taken + 1)
    if view.phase == "keep":
        return msg("A pharaoh: keep one of the three revealed blocks")
    return msg("Put the block into one of your hands")


def _revealed(view: PyramidPokerView, move: str) -> Card:
    code = move.split()[1]
    return next(c for c in view.revealed if c.code == code)


# -- which hand: the classes of a wrong answer ---------------------------------------------------
ASSIGN_MISTAKES = (
    "broke-flush", "broke-straight", "no-pair", "closed",
    "missed-pair", "missed-flush", "missed-straight", "costlier", "weaker-fit",
)  # fmt: skip
"""The classes of a wrong hand, in the order they are told apart (`assign_mistake`)."""


def assign_mistake(view: PyramidPokerView, move: str, best: str) -> str:
    """The class of putting the taken block into ``move``'s hand where ``best`` is the answer.

    What it did to that hand first: ``broke-flush`` or ``broke-straight`` (it ends a draw there),
    ``no-pair`` (the fifth block, matching no rank: the hand is No Pair), ``closed`` (the fifth
    block of Two Pair or Three of a Kind, matching no rank: no Full House or Four of a Kind).
    Else what it missed in the answer's hand: ``missed-pair``, ``missed-flush`` or
    ``missed-straight``.  Else ``costlier`` (it fits neither hand, and costs that one more) or
    ``weaker-fit`` (it fits that hand too, but adds less there)."""
    block = view.pending
    assert block is not None  # the assign phase always has a block to put
    hands = view.hands[SEAT]
    mine = hands[HAND_NAMES.index(move.split()[1])]
    theirs = hands[HAND_NAMES.index(best.split()[1])]
    here = fit(mine, block)
    if flush_draw(mine) and here != "suit":  # a block that pairs one there is of another suit
        return "broke-flush"
    if straight_draw(mine) and here != "run":
        return "broke-straight"
    if here != "rank" and len(mine) == HAND_SIZE - 1:
        if evaluate((*mine, block)).category == "high_card":
            return "no-pair"
        if max(Counter(c.rank for c in mine).values()) >= 2:
            return "closed"
    there = fit(theirs, block)
    if there != "none" and there != here:
        return {"rank": "missed-pair", "suit": "missed-flush", "run": "missed-straight"}[there]
    return "costlier" if here == "none" else "weaker-fit"


def assign_words(view: PyramidPokerView, move: str, best: str, kind: str) -> Message:
    """The feedback on putting the block into ``move``'s hand, a mistake of class ``kind``."""
    block = view.pending
    assert block is not None
    hands = view.hands[SEAT]
    h, a = HAND_NAMES.index(move.split()[1]), HAND_NAMES.index(best.split()[1])
    mine, theirs = hands[h], hands[a]
    card, hand, answer = str(block), hand_noun(HAND_NAMES[h]), hand_noun(HAND_NAMES[a])
    cards = " ".join(str(c) for c in mine)
    if kind == "broke-flush":
        return msg(
            "The {card} is of another suit than the flush draw in your {hand} ({cards}): there "
            "it ends the chance of a Flush.",
            card=card,
            hand=hand,
            cards=cards,
        )
    if kind == "broke-straight":
        return msg(
            "The {card} does not fit the straight draw in your {hand} ({cards}): there it ends "
            "the chance of a Straight.",
            card=card,
            hand=hand,
            cards=cards,
        )
    if kind == "no-pair":
        return msg(
            "The {card} is the fifth block of your {hand} ({cards}) and matches no rank there: "
            "it finishes the hand as No Pair, -1 point.",
            card=card,
            hand=hand,
            cards=cards,
        )
    if kind == "closed":
        return msg(
            "The {card} is the fifth block of your {hand} ({cards}) and matches no rank there: "
            "it ends the chance of a Full House or Four of a Kind, which the last place could "
            "still have made.",
            card=card,
            hand=hand,
            cards=cards,
        )
    if kind == "missed-pair":
        return msg(
            "The {card} belongs in your {answer}: {fit}. In your {hand} it matches no rank.",
            card=card,
            answer=answer,
            fit=_fit_in(theirs, block, answer),
            hand=hand,
        )
    if kind in ("missed-flush", "missed-straight"):
        return msg(
            "The {card} belongs in your {answer}: {fit}. In your {hand} it does less.",
            card=card,
            answer=answer,
            fit=_fit_in(theirs, block, answer),
            hand=hand,
        )
    if kind == "weaker-fit":
        return msg(
            "In your {hand} the {card} helps too: {fit}. But it adds more to your {answer}.",
            hand=hand,
            card=card,
            fit=_fit_in(mine, block, hand),
            answer=answer,
        )
    if not mine:
        return msgn(
            "The {card} fits neither your {hand} nor your {answer}, so it goes where it costs "
            "least. Your {hand} is empty: the {card} would start it with {count} block of its "
            "rank still unseen to pair it, and that costs more.",
            "The {card} fits neither your {hand} nor your {answer}, so it goes where it costs "
            "least. Your {hand} is empty: the {card} would start it with {count} blocks of its "
            "rank still unseen to pair it, and that costs more.",
            live(view, block),
            card=card,
            hand=hand,
            answer=answer,
        )
    return msg(
        "The {card} fits neither your {hand} nor your {answer}, so it goes where it costs least. "
        "In your {hand} it takes one of the places left for blocks that match the {cards}, and "
        "that costs more.",
        card=card,
        hand=hand,
        answer=answer,
        cards=cards,
    )


# -- which block: the classes of a wrong answer --------------------------------------------------
TAKE_MISTAKES = (
    "gamble", "gamble-pharaoh", "wasted-pharaoh", "missed-pharaoh", "known-weak", "weaker-known",
)  # fmt: skip
"""The classes of a wrong block (`take_mistake`)."""


def take_mistake(view: PyramidPokerView, move: str, best: str) -> str:
    """The class of taking ``move``'s block where ``best`` is the answer: ``gamble`` (face
    down, where a known block is worth more), ``gamble-pharaoh`` (face down, passing up a
    pharaoh), ``wasted-pharaoh`` (the pharaoh, where another block is worth more),
    ``missed-pharaoh`` (a known block, passing up the pharaoh), ``known-weak`` (a known block,
    where a face-down one is worth more on average) or ``weaker-known`` (the weaker of two known
    blocks)."""
    mine = view.pyramid[action_slot(move)]
    theirs = view.pyramid[action_slot(best)]
    if mine is None:
        return "gamble-pharaoh" if theirs is not None and is_joker(theirs) else "gamble"
    if is_joker(mine):
        return "wasted-pharaoh"
    if theirs is None:
        return "known-weak"
    return "missed-pharaoh" if is_joker(theirs) else "weaker-known"


def take_words(view: PyramidPokerView, move: str, best: str, kind: str) -> Message:
    """The feedback on taking ``move``'s block, a mistake of class ``kind``."""
    k, t = action_slot(move), action_slot(best)
    mine, theirs = view.pyramid[k], view.pyramid[t]
    slot = slot_name(t, view.width)
    if kind == "gamble":
        assert theirs is not None
        return msgn(
            "A face-down block is any of the {count} block you have not seen, at random; the "
            "{card} in {slot} is sure: {fit}.",
            "A face-down block is any of the {count} blocks you have not seen, at random; the "
            "{card} in {slot} is sure: {fit}.",
            unseen(view),
            card=str(theirs),
            slot=slot,
            fit=fit_words(view, theirs),
        )
    if kind == "gamble-pharaoh":
        return msg(
            "A face-down block is one block you have not seen, at random; the pharaoh in {slot} "
            "lets you choose the best of three of them.",
            slot=slot,
        )
    if kind == "wasted-pharaoh":
        if theirs is None:
            return msg(
                "The pharaoh lets you choose the best of three blocks from the general supply, "
                "but here a face-down block is worth more on average."
            )
        return msg(
            "The pharaoh lets you choose the best of three blocks from the general supply, but "
            "the {card} in {slot} is worth more than that: {fit}.",
            card=str(theirs),
            slot=slot,
            fit=fit_words(view, theirs),
        )
    assert mine is not None
    if kind == "missed-pharaoh":
        return msg(
            "The {card}: {fit}. The pharaoh in {slot} is worth more: it lets you choose the best "
            "of three blocks from the general supply.",
            card=str(mine),
            fit=fit_words(view, mine),
            slot=slot,
        )
    if kind == "known-weak":
        return msgn(
            "The {card}: {fit}. A face-down block, any of the {count} block you have not seen, "
            "is worth more to your hands on average.",
            "The {card}: {fit}. A face-down block, any of the {count} blocks you have not seen, "
            "is worth more to your hands on average.",
            unseen(view),
            card=str(mine),
            fit=fit_words(view, mine),
        )
    assert theirs is not None
    return msg(
        "The {card}: {fit}. The {better} in {slot} does more: {better_fit}.",
        card=str(mine),
        fit=fit_words(view, mine),
        better=str(theirs),
        slot=slot,
        better_fit=fit_words(view, theirs),
    )
