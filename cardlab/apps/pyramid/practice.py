"""Pyramid's find-the-move practice: the exchange with each kind of hand, and bets where the
pot odds or the share of the showdowns decide (`cardlab.apps.practice`; the positions are
``cardlab/lessons/practice/pyramid/``, found by ``tools/practice/pyramid.py``).

An exchange is graded exactly, by the measure the lesson's advisor and the AI choose by (the
chance of a better pyramid less the chance of a worse hand, over every possible draw,
`cardlab.games.pyramid.game.discard_values`); a bet by the showdown equity against the chips it
puts in, the AI's own model (`cardlab.games.poker.review`).  A hand has up to 57 distinct
discards (16-57 here), so an exchange offers the answer and the few worth weighing: standing
pat, the runner-up and the best discard of each other way of throwing (the answer is the best
of them all, offered or not).  Each wrong exchange is named for what it did against the answer
(stood pat, broke a pyramid or kept one, threw the Keystone, kept or threw a card too many, the
wrong colours, the cards the other way round), each wrong bet for the odds or the share it
ignored.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import ClassVar

from cardlab.apps.draw_practice import bet_class, bet_mistake, bet_task, thrown
from cardlab.apps.practice import Exercise, Level, Position, PracticeModel
from cardlab.core.cards import Card
from cardlab.core.i18n import Message, msg, msgn, pct
from cardlab.games.poker.bots import PokerBot
from cardlab.games.poker.draw import DrawPokerView
from cardlab.games.poker.review import DrawReviewer
from cardlab.games.pyramid import GAME, HandClass, evaluate, parse
from cardlab.games.pyramid.hands import KIND_INDEX, KIND_STRENGTH
from cardlab.games.pyramid.odds import exchange_distribution
from cardlab.pictures.pyramid import HEIGHT, WIDTH, table_picture
from cardlab.render import Drawing

HINT: dict[str, Message] = {
    "full": msg("A full pyramid uses all six of your cards: what can a draw do to it?"),
    "small": msg(
        "A middle pyramid needs three level-3 and two level-2 cards, the commonest ones: which "
        "of your cards does nothing for it?"
    ),
    "middle-draw": msg(
        "Your middle pyramid lacks only the level-1 card of a full one: which card would you "
        "give up for the chance of it?"
    ),
    "middle-pat": msg(
        "A draw for the level-1 card also puts your kicker at stake: compare the chance of a "
        "better pyramid with the chance of a worse hand."
    ),
    "no-pyramid": msg(
        "Any pyramid beats no pyramid: keep the cards that build the likeliest one and draw "
        "to them."
    ),
    "call": msg("Compare what a call costs with the pot it wins: the pot odds against your share."),
    "fold": msg("Compare what a call costs with the pot it wins: the pot odds against your share."),
    "bet": msg(
        "Nobody has bet: does your hand win more than its fair share of the showdowns against "
        "the players still in?"
    ),
    "keystone": msg(
        "The Keystone is wild: it stands for whichever card your pyramid lacks, and as the "
        "level-1 card of a full pyramid it outranks every colour."
    ),
    "colour": msg(
        "Discards of the same levels in other colours: which keep a perfect pyramid possible, "
        "and which keep the stronger cards?"
    ),
    "break": msg(
        "Sometimes the pyramid you hold is worth less than the draw to a better one: count both."
    ),
}
"""The hint of each kind of position."""


def _discards(text: str) -> tuple[str, ...]:
    """Exchanges by their cards, a slash between two, a dash standing pat: "- / 2G / 3G 3G"."""
    moves = (m.strip() for m in text.split("/"))
    return tuple("stand pat" if m == "-" else f"discard {m}" for m in moves)


def _exchange(name: str, level: Level, answers: str, offered: str) -> Position:
    """An exchange position: its answers and the moves it offers (`_discards`); its hint is
    its kind's (the name after the number)."""
    return Position(name, level, _discards(answers), HINT[name[3:]], _discards(offered))


POSITIONS = (
    _exchange("01-full", 1, "-", "- / 2G / 3G / 2G 3G / 3G 3G / 2G 3G 3G"),
    _exchange("02-full", 1, "-", "- / 2G / 3P / 2G 3P / 3P 3P / 2G 3P 3P"),
    _exchange("03-small", 1, "1P 1O", "- / 1O / 1P 1O / 1P 1O 2G / 1P 1O 3G / 1P 1O 2G 3G"),
    _exchange("04-small", 1, "1P 1O", "- / 1O / 1P 1O / 1P 1O 2P / 1P 1O 2P 2P / 1P 1O 2P 3O"),
    _exchange("05-small", 1, "3P 3P 3G", "- / 3G / 3P 3G / 3P 3P 3G / 2O 3G 3O 3O / 3P 3P 3G 3O"),
    _exchange("06-middle-draw", 1, "3G", "- / 3G / 2O 3G / 3G 3O / 2O 3G 3O / 2O 3G 3O 3O"),
    _exchange("07-middle-draw", 1, "3O", "- / 3O / 2P 3P / 3O 3O / 2O 3O 3O / 2O 3O 3O 3O"),
    _exchange("08-middle-pat", 2, "-", "- / 2P / 2P 3G / 2P 2P 3G / 2O 3G 3O / 2P 2O 3O 3O"),
    _exchange("09-middle-pat", 2, "-", "- / 2O / 2O 3P / 2P 2O 3P / 2O 3P 3P / 2P 2O 3P 3P"),
    _exchange(
        "10-no-pyramid",
        2,
        "1G 2O 2O 2O",
        "- / 2O 2O / 1G 2O 2O / 2O 2O 2O / 1G 2O 2O 2O / 2O 2O 2O 3G",
    ),
    _exchange(
        "11-no-pyramid", 2, "1P 1O 2G 2G", "- / 1O 2G / 2G 2G / 1P 1O 2G / 1O 2G 2G / 1P 1O 2G 2G"
    ),
    Position("12-call", 2, ("call",), HINT["call"]),
    Position("13-call", 2, ("call",), HINT["call"]),
    Position("14-fold", 2, ("fold",), HINT["fold"]),
    Position("15-fold", 2, ("fold",), HINT["fold"]),
    Position("16-bet", 2, ("bet",), HINT["bet"]),
    Position("17-bet", 2, ("bet",), HINT["bet"]),
    _exchange("18-keystone", 3, "1O", "- / K / 1O / 1O 2P / 1O 2P 3P / 1O 2P 2G 3P"),
    _exchange("19-keystone", 3, "3P 3G", "- / 3G / 3P 3G / K 3G 3O / 3P 3G 3O / 2O 3G 3O 3O"),
    _exchange("20-colour", 3, "1G 2O", "- / 2O / 1G 2P / 1G 2O / 1G 2P 2O / 1G 2G 2O 3G"),
    _exchange("21-colour", 3, "2O 2O", "- / 2G 2O / 2O 2O / 2G 2O 2O / 2O 2O 3O / 2G 2O 2O 3O"),
    _exchange("22-colour", 3, "1O 3P 3O", "- / 1O 3O / 3P 3O / 1O 3P 3O / 1O 3O 3O / 1O 3O 3O 3O"),
    _exchange("23-break", 3, "2O 3G", "- / 2O / 3G / 2O 3G / 2P 2O 3G / 2O 3P 3G"),
)


NEED = {3: (3, 2, 1), 2: (3, 2, 0), 1: (2, 1, 0)}
"""The level-3, level-2 and level-1 cards of each pyramid (full, middle, small)."""


class PyramidPractice(PracticeModel):
    """Find the move at the Pyramid table: 23 positions, easy to hard."""

    size = (WIDTH, HEIGHT)
    positions: ClassVar[tuple[Position, ...]] = POSITIONS

    def reviewer(self) -> DrawReviewer:
        """The exchange's exact values and a bet's equity, against an AI that never bluffs (its
        reason is the answer's reasoning)."""
        return DrawReviewer(
            GAME, PokerBot(seed="hint/practice", goal="improve", bluff=0, game=GAME)
        )

    def draw(self, ex: Exercise, theme: str) -> Drawing:
        """The table as seat 0 sees it, with what the position asks on the felt (the stage is
        written under it)."""
        view = ex.view
        if view.phase == "draw":
            banner = msg("Your exchange: what do you throw away?")
        elif view.owed:
            banner = msg("Your turn: call {owed} or fold?", owed=view.owed)
        else:
            banner = msg("Your turn: check or bet?")
        return table_picture(view, you=0, banner=str(banner), theme=theme)

    def task(self, ex: Exercise) -> Message:
        view = ex.view
        hand = hand_of(view)
        value = evaluate(hand)
        if view.phase == "draw":
            return msgn(
                "Your hand: {cards} ({hand}). It is your exchange: throw away up to {count} card "
                "or stand pat. Which choice gives the best chance of a better pyramid, less the "
                "chance of a worse hand, counted over every possible draw?",
                "Your hand: {cards} ({hand}). It is your exchange: throw away up to {count} "
                "cards or stand pat. Which choice gives the best chance of a better pyramid, less "
                "the chance of a worse hand, counted over every possible draw?",
                view.option("max_draw"),
                cards=codes(hand),
                hand=value.description,
            )
        return bet_task(view, codes(hand), value.description)

    def mistake(self, ex: Exercise, move: str) -> Message:
        if ex.view.phase == "draw":
            return exchange_mistake(ex.view, thrown(move), thrown(ex.position.answers[0]))
        return bet_mistake(ex.view, move, self.reviewer().equity(ex.view).share)

    def mistake_class(self, ex: Exercise, move: str) -> str:
        """The class of wrong answer ``move`` (what `mistake` writes its feedback for)."""
        if ex.view.phase == "draw":
            return exchange_class(ex.view, thrown(move), thrown(ex.position.answers[0]))
        return bet_class(ex.view, move)


# -- the cards ---------------------------------------------------------------------------------
def hand_of(view: DrawPokerView) -> tuple[Card, ...]:
    return tuple(c for c in view.hands[0] if c is not None)


def codes(cards: Iterable[Card] | Counter[str]) -> str:
    """Cards in notation, the strongest first (level 1 before level 3)."""
    found = sorted(cards.elements()) if isinstance(cards, Counter) else [c.code for c in cards]
    return " ".join(sorted(found, key=_strength))


def _strength(code: str) -> tuple[int, int]:
    return (0, 0) if code == "K" else (int(code[0]), "PGO".index(code[1]))


def holds(cards: Counter[str], type_rank: int) -> bool:
    """Whether ``cards`` (codes) hold a pyramid of ``type_rank`` (3 full, 2 middle, 1 small),
    the Keystone filling one missing card."""
    have = {level: sum(n for c, n in cards.items() if c[0] == level) for level in "321"}
    missing = sum(max(0, n - have[level]) for n, level in zip(NEED[type_rank], "321", strict=True))
    return missing <= cards["K"]


def levels(cards: Counter[str]) -> tuple[str, ...]:
    """The levels a discard throws (``K`` the Keystone): two discards of the same levels differ
    only in colour."""
    return tuple(sorted(code[0] for code in cards.elements()))


def outs(view: DrawPokerView, kept: Counter[str]) -> int:
    """How many of the cards seat 0 has not seen make ``kept`` and one more card a better
    pyramid class than the hand now."""
    now = evaluate(hand_of(view)).hand_class
    rest = parse(codes(kept))
    pool = Counter(GAME.unseen(view))
    return sum(n for card, n in pool.items() if evaluate([*rest, card]).hand_class > now)


def likeliest_better(view: DrawPokerView, discard: Counter[str]) -> tuple[HandClass, float]:
    """The better pyramid class that throwing ``discard`` gives most often, and how often."""
    hand = hand_of(view)
    now = evaluate(hand).hand_class
    found = exchange_distribution(hand, codes(discard), GAME.unseen(view)).distribution
    better = max((c for c in found if c > now), key=lambda c: found[c])
    return better, float(found[better])


# -- a wrong exchange --------------------------------------------------------------------------
def exchange_class(view: DrawPokerView, mine: Counter[str], best: Counter[str]) -> str:
    """What throwing ``mine`` did wrong where ``best`` is the answer."""
    hand = Counter(c.code for c in hand_of(view))
    type_rank = evaluate(hand_of(view)).key[0]
    if mine["K"] and not best["K"]:
        return "keystone"
    if not best:
        return "kicker" if type_rank and holds(hand - mine, type_rank) else "broke"
    if not mine:
        return "stood-pat"
    keeps_mine = bool(type_rank) and holds(hand - mine, type_rank)
    keeps_best = bool(type_rank) and holds(hand - best, type_rank)
    if keeps_mine and not keeps_best:
        return "kept-pyramid"
    if keeps_best and not keeps_mine:
        return "broke-pyramid"
    if levels(mine) == levels(best):
        return "colour"
    if mine < best:
        return "kept-extra"
    if best < mine:
        return "threw-extra"
    return "swapped"


def exchange_mistake(view: DrawPokerView, mine: Counter[str], best: Counter[str]) -> Message:
    """The feedback for throwing ``mine`` where ``best`` is the answer, by what went wrong."""
    hand = hand_of(view)
    value = evaluate(hand)
    pyramid = value.hand_class.name
    kind = exchange_class(view, mine, best)
    n = sum(mine.values())
    if kind == "keystone":
        return msg(
            "You threw the Keystone: it is wild and fills whichever card a pyramid lacks, at any "
            "level and in any colour, so no card you could draw in its place is worth more."
        )
    if kind == "broke":
        return msg(
            "Throwing {cards} breaks your pyramid ({pyramid}): only a draw of the same levels "
            "builds it again, so a worse hand is far likelier than a better pyramid. Standing "
            "pat keeps it for sure.",
            cards=codes(mine),
            pyramid=pyramid,
        )
    if kind == "kicker":
        if n == 1:
            return msg(
                "Throwing {cards} keeps your pyramid ({pyramid}), but only {outs} of the {unseen} "
                "cards you have not seen make it a better pyramid, and a weaker card in place of "
                "your kicker makes a worse hand. Standing pat risks nothing.",
                cards=codes(mine),
                pyramid=pyramid,
                outs=outs(view, Counter(c.code for c in hand) - mine),
                unseen=len(GAME.unseen(view)),
            )
        return msg(
            "Throwing {cards} keeps your pyramid ({pyramid}), but the cards drawn in their place "
            "are more often weaker kickers, a worse hand, than the cards a better pyramid "
            "needs. Standing pat risks nothing.",
            cards=codes(mine),
            pyramid=pyramid,
        )
    if kind == "stood-pat":
        return msgn(
            "Standing pat keeps your hand ({pyramid}) as it is: never worse, but never better. "
            "Throwing {cards} draws {count} new card, and here the chance of a better pyramid "
            "is larger than the risk of a worse hand.",
            "Standing pat keeps your hand ({pyramid}) as it is: never worse, but never better. "
            "Throwing {cards} draws {count} new cards, and here the chance of a better pyramid "
            "is larger than the risk of a worse hand.",
            sum(best.values()),
            pyramid=pyramid,
            cards=codes(best),
        )
    if kind == "broke-pyramid":
        return msg(
            "You threw {cards}, breaking your pyramid ({pyramid}): the answer keeps the pyramid "
            "whole and draws to make it bigger, so that a worse hand stays unlikely.",
            cards=codes(mine),
            pyramid=pyramid,
        )
    if kind == "kept-pyramid":
        target, chance = likeliest_better(view, best)
        return msg(
            "You kept your pyramid ({pyramid}) whole, but here breaking it pays: throwing "
            "{cards} gives a better pyramid often enough to be worth the risk, most often this "
            "one: {target}, {chance} of the draws.",
            pyramid=pyramid,
            cards=codes(best),
            target=target.name,
            chance=pct(chance, 0),
        )
    if kind == "colour":
        return colour_mistake(view, mine, best)
    if kind == "kept-extra":
        extra = best - mine
        if all(code[0] == "1" for code in extra):
            count = Counter(c.code[0] for c in hand)
            return msgn(
                "You kept {cards}, which the answer throws as well: a level-1 card counts only "
                "in a full pyramid, which also needs three level-3 and two level-2 cards, and you "
                "hold {level3} level-3 and {level2} level-2. Throwing it draws one more card "
                "toward the pyramid you can make.",
                "You kept {cards}, which the answer throws as well: a level-1 card counts only "
                "in a full pyramid, which also needs three level-3 and two level-2 cards, and you "
                "hold {level3} level-3 and {level2} level-2. Throwing them draws more cards "
                "toward the pyramid you can make.",
                extra.total(),
                cards=codes(extra),
                level3=count["3"],
                level2=count["2"],
            )
        return msgn(
            "You kept {cards}, which the answer throws as well: here one more card drawn gives "
            "a better pyramid more often than that card does.",
            "You kept {cards}, which the answer throws as well: here more cards drawn give a "
            "better pyramid more often than those cards do.",
            extra.total(),
            cards=codes(extra),
        )
    if kind == "threw-extra":
        extra = mine - best
        return msgn(
            "You threw {cards} as well, which the answer keeps: it is part of what the draw "
            "builds on, and every card thrown is one more the draw may replace with a weaker "
            "one.",
            "You threw {cards} as well, which the answer keeps: they are part of what the draw "
            "builds on, and every card thrown is one more the draw may replace with a weaker "
            "one.",
            extra.total(),
            cards=codes(extra),
        )
    return msg(
        "You threw {thrown} and kept {kept}; the answer keeps {thrown} and throws {kept}: "
        "counted over every draw, that gives a better pyramid more often for the risk it takes.",
        thrown=codes(mine - best),
        kept=codes(best - mine),
    )


def colour_mistake(view: DrawPokerView, mine: Counter[str], best: Counter[str]) -> Message:
    """The feedback for throwing ``mine``, the answer's levels in other colours: what the
    answer's colours keep (more cards of one colour, or the stronger cards)."""
    hand = Counter(c.code for c in hand_of(view))
    theirs, yours = hand - best, hand - mine
    colour, count = one_colour(theirs)
    if count > one_colour(yours)[1]:
        return msgn(
            "You threw the same levels as the answer, {best}, in other colours: the answer keeps "
            "{cards}, {count} card of one colour, and cards of one colour may still make a "
            "perfect pyramid, a better one.",
            "You threw the same levels as the answer, {best}, in other colours: the answer keeps "
            "{cards}, {count} cards of one colour, and cards of one colour may still make a "
            "perfect pyramid, a better one.",
            count,
            best=codes(best),
            cards=codes(Counter({c: n for c, n in theirs.items() if c[1:] == colour})),
        )
    if strength(theirs) > strength(yours):
        return msg(
            "You threw the same levels as the answer, {best}, in other colours: the answer keeps "
            "the stronger cards (Purple over Green over Orange), so fewer of the draws end in a "
            "worse hand.",
            best=codes(best),
        )
    return msg(
        "You threw the same levels as the answer, {best}, in other colours: counted over every "
        "draw, its colours give a better pyramid more often for the risk.",
        best=codes(best),
    )


def one_colour(cards: Counter[str]) -> tuple[str, int]:
    """The colour most of ``cards`` share (the Keystone aside), and how many of them."""
    colours = Counter({"P": 0, "G": 0, "O": 0})
    for code, n in cards.items():
        if code != "K":
            colours[code[1]] += n
    return colours.most_common(1)[0]


def strength(cards: Counter[str]) -> list[int]:
    """``cards`` as kickers compare, strongest first (a level-1 card strongest, then Purple)."""
    return sorted((KIND_STRENGTH[KIND_INDEX[c]] for c in parse(codes(cards))), reverse=True)


# -- a wrong bet -------------------------------------------------------------------------------
