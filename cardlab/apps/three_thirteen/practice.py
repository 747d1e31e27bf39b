"""Three Thirteen's find-the-move practice: the draw (the top discard or the stock) and the
discard (which card: the one that counts most, never the wild card, the pair or the run draw,
the last turn), in rounds of 3 to 13 cards (`cardlab.apps.practice`; the positions are
``cardlab/lessons/practice/three_thirteen/``).

Every move is graded exactly in deadwood by the table's review
(`cardlab.games.three_thirteen.review`): a draw by the least deadwood after the best discard
(the top discard for sure, a stock card on average over every card the learner has not seen), a
discard by the least deadwood after the next draw on average, or on a last turn by the deadwood
kept.  Each wrong answer is named for what it did: a draw passed up the card that goes out,
melds or is wild, or took a card that helps less than the stock does on average; a discard threw
the wild card, a melded card or the cheaper card, kept the fewest points now at the cost of the
next draw, or forgot that a last turn has no next draw.  The counts the feedback gives (the
unseen cards that would do better, or complete a pair or a run draw) are exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from cardlab.apps.practice import SEAT, Exercise, Position, PracticeModel
from cardlab.core.cards import Card
from cardlab.core.engine import seat_name
from cardlab.core.i18n import Message, joined, msg, msgn, num
from cardlab.core.tuples import remove_one
from cardlab.games.three_thirteen.bots import ThreeThirteenBot
from cardlab.games.three_thirteen.game import (
    ThreeThirteenView,
    arrangement_text,
    best_arrangement,
    meld_text,
)
from cardlab.games.three_thirteen.melds import Arrangement, Meld, is_meld, penalty_value
from cardlab.games.three_thirteen.odds import keep_value, stock_outlook
from cardlab.games.three_thirteen.review import ThreeThirteenReviewer
from cardlab.games.three_thirteen.rules import DECK, RANK_VALUE, card_text
from cardlab.pictures.three_thirteen import (
    WIDTH,
    rank_message,
    round_banner,
    round_table,
    seat_pictures,
    short_name,
    table_picture,
)
from cardlab.render import Drawing

GO_OUT = msg("Look at the top discard first: with it, would every card but one meld?")
MELD = msg(
    "Does the top discard go into a meld with cards you hold? A sure meld is worth more than "
    "a blind card."
)
WILD = msg("Which rank is wild this round? A wild card fits any set or run.")
STOCK = msg(
    "Would the top discard meld with anything, or lower your deadwood at all? If not, the "
    "unseen stock card can only do better."
)
HIGH = msg("Which card outside your melds costs the most points?")
KEEP_WILD = msg(
    "A wild card counts its face value only while it melds with nothing: which card is really "
    "the least useful?"
)
PARTIAL = msg(
    "Two discards leave the same deadwood now: one breaks up a pair, the other two to a run. "
    "Count the unseen cards that would complete each (wild cards too), and what else each "
    "card could still meld with."
)
LAST = msg(
    "Someone went out: this is your last turn, and the deadwood you hold after it is what you "
    "score. No draw comes after this one."
)
LATER = msg(
    "The discard that leaves the fewest points now is not always the best: which cards will "
    "your next draw improve most?"
)
CLOSE = msg(
    "Compare the deadwood the top discard leaves for sure with a stock card's average over "
    "every card you have not seen."
)

POSITIONS = (
    Position("01-go-out", 1, ("take discard",), GO_OUT),
    Position("02-go-out", 1, ("take discard",), GO_OUT),
    Position("03-go-out", 1, ("take discard",), GO_OUT),
    Position("04-take-meld", 1, ("take discard",), MELD),
    Position("05-take-meld", 1, ("take discard",), MELD),
    Position("06-take-wild", 1, ("take discard",), WILD),
    Position("07-take-wild", 1, ("take discard",), WILD),
    Position("08-take-stock", 1, ("take stock",), STOCK),
    Position("09-take-stock", 1, ("take stock",), STOCK),
    Position("10-throw-high", 1, ("discard Tc",), HIGH),
    Position("11-throw-high", 1, ("discard Kd",), HIGH),
    Position("12-throw-high", 1, ("discard Qd", "discard Qc"), HIGH),
    Position("13-keep-wild", 2, ("discard 4c",), KEEP_WILD),
    Position("14-keep-wild", 2, ("discard 4s",), KEEP_WILD),
    Position("15-keep-the-pair", 2, ("discard Jd",), PARTIAL),
    Position("16-keep-the-run", 2, ("discard Qh",), PARTIAL),
    Position("17-last-draw", 2, ("take discard",), LAST),
    Position("18-last-turn", 2, ("discard 4h",), LAST),
    Position("19-last-turn", 2, ("discard Qh",), LAST),
    Position("20-last-turn", 2, ("discard 4c",), LAST),
    Position("21-keep-the-draw", 3, ("discard 8h",), LATER),
    Position("22-keep-the-draw", 3, ("discard 8d",), LATER),
    Position("23-keep-the-draw", 3, ("discard 9h",), LATER),
    Position("24-close-discard", 3, ("take discard",), CLOSE),
    Position("25-close-discard", 3, ("take discard",), CLOSE),
    Position("26-close-stock", 3, ("take stock",), CLOSE),
)


class ThreeThirteenPractice(PracticeModel):
    """Find the move at the Three Thirteen table: 26 draws and discards, easy to hard."""

    size = (WIDTH, 520.0)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> ThreeThirteenReviewer:
        """Every move valued exactly in deadwood, against the table's AI (it never randomises:
        its reason is the answer's reasoning)."""
        return ThreeThirteenReviewer(ThreeThirteenBot())

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        view = ex.view
        banner = round_banner(view.round, view.rounds, view.wild)
        seats = seat_pictures(view, None, hidden_notes=lambda s: _plate(_last_move(ex, s)))
        table = round_table(view, None, banner, _notes(view), seats)
        return table_picture(table, theme=theme)

    def task(self, ex: Exercise) -> Message:
        view = ex.view
        hand = _best(view, view.hand)
        dealt = msgn(
            "Round {round} of {rounds}: {count} card each, {wild} wild.",
            "Round {round} of {rounds}: {count} cards each, {wild} wild.",
            view.hand_size,
            round=view.round,
            rounds=view.rounds,
            wild=rank_message(view.wild, True),
        )
        table = _table_words(ex)
        if view.phase == "draw":
            ask = msg(
                "Which draw leaves the least deadwood after your discard: the {card} for sure, "
                "or a stock card on average?",
                card=card_text(_top(view)),
            )
            return msg(
                "{dealt} Your hand: {hand}. {table} {ask}",
                dealt=dealt,
                hand=arrangement_text(hand),
                table=table,
                ask=ask,
            )
        if view.went_out is not None:
            ask = msg("Which discard leaves the least deadwood, the score of this round?")
        else:
            ask = msg(
                "Which discard leaves the least deadwood after your next draw, on average "
                "over the cards you have not seen?"
            )
        return msg(
            "{dealt} {drew} Your hand: {hand}. {table} {ask}",
            dealt=dealt,
            drew=_drew(ex),
            hand=arrangement_text(hand),
            table=table,
            ask=ask,
        )

    def mistake(self, ex: Exercise, move: str) -> Message:
        if ex.view.phase == "draw":
            return draw_mistake(ex.view, move)
        return discard_mistake(ex.view, move, ex.position.answers[0])


# -- counting what the next card does ----------------------------------------------------------
def _best(view: ThreeThirteenView, cards: Sequence[Card]) -> Arrangement:
    return best_arrangement(cards, view.wild, view.aces, view.max_wilds)


def _top(view: ThreeThirteenView) -> Card:
    top = view.top
    assert top is not None  # "take discard" is legal at every practice draw
    return top


def _card(move: str) -> Card:
    return DECK.parse_card(move.split()[-1])


def unseen_count(view: ThreeThirteenView) -> int:
    """The cards seat 0 has not seen, each copy counted: what the next stock card may be."""
    return sum(n for n in view.unseen().values() if n > 0)


def beating(view: ThreeThirteenView, hand: Sequence[Card], than: int) -> int:
    """How many of the cards seat 0 has not seen (each copy counted) would, drawn into ``hand``,
    leave less deadwood than ``than`` after the best discard."""
    return sum(
        n
        for card, n in view.unseen().items()
        if n > 0 and keep_value((*hand, card), view.wild, view.aces, view.max_wilds)[0] < than
    )


def completing(view: ThreeThirteenView, cards: Sequence[Card]) -> int:
    """How many of the cards seat 0 has not seen would make the two ``cards`` a meld."""
    return sum(
        n
        for card, n in view.unseen().items()
        if n > 0 and is_meld((*cards, card), view.wild, view.meld_options)
    )


def partial(
    view: ThreeThirteenView, arrangement: Arrangement, card: Card
) -> tuple[str, tuple[Card, Card]] | None:
    """``("set", (card, other))`` when ``card`` pairs with another unmelded natural card of
    ``arrangement``, ``("run", ...)`` when it is two to a run with one (one suit, at most two
    ranks apart), else None (in a meld, alone or wild).  A pair is named before a run draw."""
    if card.rank == view.wild or card not in arrangement.deadwood:
        return None
    others = [c for c in remove_one(arrangement.deadwood, card) if c.rank != view.wild]
    for other in others:
        if other.rank == card.rank:
            return "set", (card, other)
    near = [
        c
        for c in others
        if c.suit == card.suit and 0 < abs(RANK_VALUE[c.rank] - RANK_VALUE[card.rank]) <= 2
    ]
    if near:
        other = min(near, key=lambda c: abs(RANK_VALUE[c.rank] - RANK_VALUE[card.rank]))
        return "run", (card, other)
    return None


def _meld_of(arrangement: Arrangement, card: Card) -> Meld | None:
    return next((m for m in arrangement.melds if card in m.cards), None)


def _cards(cards: Sequence[Card]) -> str:
    return " ".join(card_text(c) for c in sorted(cards, key=lambda c: RANK_VALUE[c.rank]))


def _shown(*values: float) -> list[object]:
    """``values`` as numbers with the fewest digits (1 to 3) that show different ones apart."""
    digits = next((d for d in (1, 2) if len({round(v, d) for v in values}) == len(set(values))), 3)
    return [num(round(v, digits), digits) for v in values]


# -- the feedback on a wrong draw -------------------------------------------------------------
def draw_class(view: ThreeThirteenView, move: str) -> str:
    """The class of wrong draw ``move``: ``no-help`` (took a top discard that does not lower the
    deadwood), ``small-help`` (took one that lowers it less than a stock card does on average),
    or passed up a top discard that goes out (``missed-out``), is a wild card that melds
    (``missed-wild``), goes into a meld (``missed-meld``) or lets a costlier card go
    (``missed-drop``)."""
    hand, top = view.hand, _top(view)
    now = _best(view, hand).penalty
    after, drop = keep_value((*hand, top), view.wild, view.aces, view.max_wilds)
    if move == "take discard":
        return "no-help" if after >= now else "small-help"
    if after == 0 and view.went_out is None:
        return "missed-out"
    meld = _meld_of(_best(view, remove_one((*hand, top), drop)), top)
    if meld is None:
        return "missed-drop"
    return "missed-wild" if top.rank == view.wild else "missed-meld"


def draw_mistake(view: ThreeThirteenView, move: str) -> Message:
    """The feedback on wrong draw ``move``, by its class (`draw_class`)."""
    hand, top = view.hand, _top(view)
    now = _best(view, hand).penalty
    after, drop = keep_value((*hand, top), view.wild, view.aces, view.max_wilds)
    unseen = unseen_count(view)
    kind = draw_class(view, move)
    if kind == "no-help":
        return msgn(
            "The {card} does not help: with it your best discard still leaves deadwood {now}, "
            "as now. From the stock, {count} of the {unseen} card you have not seen would "
            "lower it.",
            "The {card} does not help: with it your best discard still leaves deadwood {now}, "
            "as now. From the stock, {count} of the {unseen} cards you have not seen would "
            "lower it.",
            beating(view, hand, now),
            card=card_text(top),
            now=now,
            unseen=unseen,
        )
    if kind == "small-help":
        return msgn(
            "The {card} lowers your deadwood only from {now} to {after}: from the stock, "
            "{count} of the {unseen} card you have not seen would leave less, and on average a "
            "stock card does better.",
            "The {card} lowers your deadwood only from {now} to {after}: from the stock, "
            "{count} of the {unseen} cards you have not seen would leave less, and on average "
            "a stock card does better.",
            beating(view, hand, after),
            card=card_text(top),
            now=now,
            after=after,
            unseen=unseen,
        )
    if kind == "missed-out":
        outlook = stock_outlook(hand, view.wild, view.unseen(), view.aces, view.max_wilds)
        head = msg(
            "With the {card} every card but one melds: you go out this turn with deadwood 0.",
            card=card_text(top),
        )
        if outlook.go_out_count == 0:
            tail = msg(
                "None of the {unseen} cards you have not seen would let you go out from the stock.",
                unseen=unseen,
            )
        else:
            tail = msgn(
                "From the stock only {count} of the {unseen} card you have not seen would let "
                "you go out.",
                "From the stock only {count} of the {unseen} cards you have not seen would let "
                "you go out.",
                outlook.go_out_count,
                unseen=unseen,
            )
        return _sentences([head, tail])
    meld = _meld_of(_best(view, remove_one((*hand, top), drop)), top)
    if kind == "missed-wild":
        assert meld is not None
        head = msg(
            "The {card} is wild this round: it stands in {meld} and takes your deadwood from "
            "{now} to {after} for sure.",
            card=card_text(top),
            meld=meld_text(meld),
            now=now,
            after=after,
        )
    elif kind == "missed-meld":
        assert meld is not None
        head = msg(
            "The {card} goes into {meld}: your deadwood goes from {now} to {after} for sure.",
            card=card_text(top),
            meld=meld_text(meld),
            now=now,
            after=after,
        )
    else:
        head = msg(
            "The {card} lets you throw away the {drop}: your deadwood goes from {now} to "
            "{after} for sure.",
            card=card_text(top),
            drop=card_text(drop),
            now=now,
            after=after,
        )
    better = beating(view, hand, after)
    if better == 0:
        tail = msg(
            "From the stock, none of the {unseen} cards you have not seen would do better.",
            unseen=unseen,
        )
    else:
        tail = msgn(
            "From the stock, {count} of the {unseen} card you have not seen would do better, "
            "and on average a stock card does worse.",
            "From the stock, {count} of the {unseen} cards you have not seen would do better, "
            "and on average a stock card does worse.",
            better,
            unseen=unseen,
        )
    return _sentences([head, tail])


# -- the feedback on a wrong discard ----------------------------------------------------------
def discard_class(view: ThreeThirteenView, move: str, best: str) -> str:
    """The class of wrong discard ``move`` where ``best`` is an answer: ``wild`` (threw a wild
    card, leaving more deadwood now), ``last-turn`` (more deadwood on a last turn), ``melded``
    (threw a card its melds need), ``cheaper`` (threw a cheaper unmelded card), ``greedy``
    (fewer points now, less on average after the next draw) or ``chances`` (the same points
    now, less after the next draw)."""
    card, answer = _card(move), _card(best)
    hand = view.hand
    now = _best(view, remove_one(hand, card)).penalty
    best_now = _best(view, remove_one(hand, answer)).penalty
    held = _best(view, hand)
    if card.rank == view.wild and now > best_now:
        return "wild"
    if view.went_out is not None:
        return "last-turn"
    if now > held.penalty - penalty_value(card, view.aces) and _meld_of(held, card):
        return "melded"
    if now > best_now:
        return "cheaper"
    return "greedy" if now < best_now else "chances"


def discard_mistake(view: ThreeThirteenView, move: str, best: str) -> Message:
    """The feedback on wrong discard ``move`` (``best``: an answer), by its class."""
    card, answer = _card(move), _card(best)
    hand = view.hand
    kept, kept_best = remove_one(hand, card), remove_one(hand, answer)
    now, best_now = _best(view, kept).penalty, _best(view, kept_best).penalty
    held = _best(view, hand)
    kind = discard_class(view, move, best)
    if kind == "wild":
        return msg(
            "The {card} is wild this round: it can stand for any card of a set or a run, so "
            "it is worth far more than the {points} it counts unmelded. Without it your "
            "deadwood is {now} now; discarding the {best} leaves {best_now}.",
            card=card_text(card),
            points=penalty_value(card, view.aces),
            now=now,
            best=card_text(answer),
            best_now=best_now,
        )
    if kind == "last-turn":
        return msg(
            "This is your last turn: no draw comes after it, so only the deadwood you keep "
            "counts. Discarding the {card} leaves {now}; discarding the {best} leaves "
            "{best_now}.",
            card=card_text(card),
            now=now,
            best=card_text(answer),
            best_now=best_now,
        )
    if kind == "melded":
        meld = _meld_of(held, card)
        assert meld is not None
        if now > held.penalty:
            return msg(
                "The {card} is part of {meld}: throwing it breaks the meld, and the cards left "
                "out count again: deadwood {now} now, against {best_now} after discarding the "
                "{best}.",
                card=card_text(card),
                meld=meld_text(meld),
                now=now,
                best_now=best_now,
                best=card_text(answer),
            )
        return msg(
            "The {card} is part of {meld}: throwing it saves no points at all (your deadwood "
            "stays {now}), while discarding the {best} leaves {best_now}.",
            card=card_text(card),
            meld=meld_text(meld),
            now=now,
            best=card_text(answer),
            best_now=best_now,
        )
    if kind == "cheaper":
        return msg(
            "You threw the {card}, worth {points}, and kept the {best}, worth {best_points}: "
            "the card you keep goes on counting against you. Deadwood {now} now, against "
            "{best_now}.",
            card=card_text(card),
            points=penalty_value(card, view.aces),
            best=card_text(answer),
            best_points=penalty_value(answer, view.aces),
            now=now,
            best_now=best_now,
        )
    chances = _chances(view, card, answer, kept, kept_best, now, best_now)
    if kind == "greedy":
        return msg(
            "Discarding the {card} leaves the least deadwood now ({now}, against {best_now} "
            "after the {best}), but it gives up more of what your next draw can do: {chances}",
            card=card_text(card),
            now=now,
            best_now=best_now,
            best=card_text(answer),
            chances=chances,
        )
    same = msg(
        "The {card} and the {best} leave the same deadwood now, {now}, so your next draw "
        "decides: {chances}",
        card=card_text(card),
        best=card_text(answer),
        now=now,
        chances=chances,
    )
    mine, theirs = partial(view, held, card), partial(view, held, answer)
    if mine is None or theirs is None or mine[0] == theirs[0]:
        return same
    # a pair against two to a run: what each discard breaks up, and how many cards complete it
    return _sentences([same, _broken(view, card, mine), _broken(view, answer, theirs)])


def _broken(view: ThreeThirteenView, card: Card, found: tuple[str, tuple[Card, Card]]) -> Message:
    kind, cards = found
    count = completing(view, cards)
    if kind == "set":
        return msgn(
            "Discarding the {card} breaks up the pair {cards}, which {count} of the cards you "
            "have not seen would make a set (wild cards included).",
            "Discarding the {card} breaks up the pair {cards}, which {count} of the cards you "
            "have not seen would make a set (wild cards included).",
            count,
            card=card_text(card),
            cards=_cards(cards),
        )
    return msgn(
        "Discarding the {card} breaks up two to a run, {cards}, which {count} of the cards you "
        "have not seen would make a run (wild cards included).",
        "Discarding the {card} breaks up two to a run, {cards}, which {count} of the cards you "
        "have not seen would make a run (wild cards included).",
        count,
        card=card_text(card),
        cards=_cards(cards),
    )


def _chances(
    view: ThreeThirteenView,
    card: Card,
    answer: Card,
    kept: Sequence[Card],
    kept_best: Sequence[Card],
    now: int,
    best_now: int,
) -> Message:
    """What the next draw does after each discard: how many unseen cards lower the deadwood
    (when the answer has more), else how much it lowers on average."""
    unseen = unseen_count(view)
    mine = beating(view, kept, now)
    theirs = beating(view, kept_best, best_now)
    if theirs > mine:
        return msgn(
            "after the {best}, {count} of the {unseen} card you have not seen would lower your "
            "deadwood with the next draw; after the {card}, only {mine}.",
            "after the {best}, {count} of the {unseen} cards you have not seen would lower "
            "your deadwood with the next draw; after the {card}, only {mine}.",
            theirs,
            best=card_text(answer),
            unseen=unseen,
            card=card_text(card),
            mine=mine,
        )
    opts = (view.wild, view.unseen(), view.aces, view.max_wilds)
    saved = now - stock_outlook(kept, *opts).expected_deadwood
    saved_best = best_now - stock_outlook(kept_best, *opts).expected_deadwood
    shown_best, shown = _shown(saved_best, saved)
    return msg(
        "after the {best}, the next draw lowers your deadwood by {saved_best} on average "
        "(the best discard after it, over the {unseen} cards you have not seen); after the "
        "{card}, by only {saved}.",
        best=card_text(answer),
        saved_best=shown_best,
        unseen=unseen,
        card=card_text(card),
        saved=shown,
    )


# -- the position in words and on the table ----------------------------------------------------
def _last_move(ex: Exercise, seat: int) -> str:
    """What ``seat`` did last this round, as seat 0 read it ("" before its first move)."""
    replay = ex.replay
    round_no = replay.state.round
    for step in range(len(replay), 0, -1):
        if replay.state_at(step - 1).round != round_no:
            break  # the round before this one
        event = replay.event_at(step)
        if event.actor == seat:
            return event.narration_for(SEAT)
    return ""


def _plate(text: str, n: int = 34) -> tuple[str, ...]:
    """A move shortened for a name plate, as the table writes it (none before the first)."""
    text = text.replace("Player ", "P")
    return (text if len(text) <= n else text[: n - 1] + "\u2026",) if text else ()


def _notes(view: ThreeThirteenView) -> tuple[str, ...]:
    if view.went_out is not None:
        notes: tuple[object, ...] = (
            msg("{player} went out:", player=short_name(view.went_out)),
            msg("this is your last turn"),
        )
    elif view.phase == "draw":
        notes = (msg("Your turn: draw"),)
    else:
        notes = (msg("Now discard"),)
    return tuple(str(note) for note in notes)


def _table_words(ex: Exercise) -> Message:
    """The table besides the hand: the top discard, the stock, the others' last moves, who went
    out and the totals."""
    view = ex.view
    parts: list[object] = [
        msgn(
            "The top discard is the {card}; {count} card is left in the stock.",
            "The top discard is the {card}; {count} cards are left in the stock.",
            view.stock_size,
            card=card_text(_top(view)),
        )
    ]
    for seat in range(1, view.players):
        last = _last_move(ex, seat)
        if last:
            parts.append(msg("Last move: {move}", move=last))
    if view.went_out is not None:
        parts.append(msg("{player} went out: this is your last turn.",
                         player=seat_name(view.went_out)))  # fmt: skip
    totals = joined(f"{short_name(s)} {t}" for s, t in enumerate(view.totals))
    parts.append(msg("Totals so far: {totals}.", totals=totals))
    return _sentences(parts)


def _sentences(parts: Sequence[object]) -> Message:
    """Sentences one after another, read in the reader's language."""
    out = parts[-1]
    for part in reversed(parts[:-1]):
        out = msg("{first} {rest}", first=part, rest=out)
    assert isinstance(out, Message)
    return out


def _drew(ex: Exercise) -> Message:
    """How seat 0 drew this turn."""
    view = ex.view
    if view.just_took is not None:
        return msg("You took the {card} from the discard pile.", card=card_text(view.just_took))
    return msg("You drew the {card} from the stock.", card=card_text(_card(ex.replay.actions[-1])))
