"""The bets of a draw-poker practice (Triad, Pyramid): what a bet position asks, and the
feedback on each wrong bet, by what it ignored (the pot odds of a call, the fair share of the
showdowns a bet needs, a free check).  One place for both games: their bets are one engine's.
"""

from __future__ import annotations

from collections import Counter

from cardlab.core.i18n import Message, msg, msgn, pct
from cardlab.games.poker.draw import DrawPokerView


def bet_task(view: DrawPokerView, cards: str, hand: object) -> Message:
    """What a bet position after the exchange asks: the hand (``cards``, named ``hand``), the
    pot and what a call costs (or that a check is free), the opponents still in."""
    if not view.owed:
        return msgn(
            "Your hand after the exchange: {cards} ({hand}). Nobody has bet: you may check, "
            "or bet {bet} into a pot of {pot}, against {count} opponent still in. What is "
            "your move?",
            "Your hand after the exchange: {cards} ({hand}). Nobody has bet: you may check, "
            "or bet {bet} into a pot of {pot}, against {count} opponents still in. What is "
            "your move?",
            len(view.opponents),
            cards=cards,
            hand=hand,
            bet=view.bet_size,
            pot=view.pot,
        )
    return msgn(
        "Your hand after the exchange: {cards} ({hand}). Calling costs {owed} into a pot of "
        "{pot}, against {count} opponent still in. What is your move?",
        "Your hand after the exchange: {cards} ({hand}). Calling costs {owed} into a pot of "
        "{pot}, against {count} opponents still in. What is your move?",
        len(view.opponents),
        cards=cards,
        hand=hand,
        owed=view.owed,
        pot=view.pot,
    )


def bet_mistake(view: DrawPokerView, move: str, equity: float) -> Message:
    """The feedback on betting ``move`` (not the answer), from the hand's showdown ``equity``:
    the pot odds it ignored, or the fair share."""
    kind = bet_class(view, move)
    share = pct(equity, 0)
    need = pct(view.owed / (view.pot + view.owed or 1), 0)
    fair = pct(1 / (len(view.opponents) + 1), 0)
    count = len(view.opponents)
    if kind == "folded":
        return msg(
            "You folded, but the pot pays: calling {owed} to win {pot} needs {need} of the "
            "showdowns, and your hand wins about {share}.",
            owed=view.owed,
            pot=view.pot,
            need=need,
            share=share,
        )
    if kind == "called":
        return msg(
            "You called without the odds: calling {owed} to win {pot} needs {need} of the "
            "showdowns, and your hand wins only about {share}.",
            owed=view.owed,
            pot=view.pot,
            need=need,
            share=share,
        )
    if kind == "raised":
        return msgn(
            "A raise puts {bet} chips more than a call in, and that pays only when your hand "
            "wins more than its fair share of the showdowns: {fair} against {count} "
            "opponent. Your hand wins about {share}.",
            "A raise puts {bet} chips more than a call in, and that pays only when your hand "
            "wins more than its fair share of the showdowns: {fair} against {count} "
            "opponents. Your hand wins about {share}.",
            count,
            bet=view.bet_size,
            fair=fair,
            share=share,
        )
    if kind == "checked":
        return msgn(
            "You checked a strong hand: it wins about {share} of the showdowns, more than the "
            "fair share of {fair} against {count} opponent, so every chip you bet that is "
            "called brings back more than a chip on average. Checking gives that away.",
            "You checked a strong hand: it wins about {share} of the showdowns, more than the "
            "fair share of {fair} against {count} opponents, so every chip you bet that is "
            "called brings back more than a chip on average. Checking gives that away.",
            count,
            share=share,
            fair=fair,
        )
    return msg(
        "You folded when checking was free: a check costs nothing, and your hand still wins "
        "about {share} of the showdowns.",
        share=share,
    )


def bet_class(view: DrawPokerView, move: str) -> str:
    """What betting ``move`` did wrong (it is not the answer)."""
    if move == "fold":
        return "folded" if view.owed else "folded-free"
    if move in ("raise", "bet"):
        return "raised"
    if move == "call":
        return "called"
    return "checked"


def thrown(move: str) -> Counter[str]:
    """The cards a discard throws, by code (stand pat: none)."""
    words = move.split()
    return Counter(words[1:]) if words[:1] == ["discard"] else Counter()
