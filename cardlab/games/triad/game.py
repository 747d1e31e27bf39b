"""Triad as a `DrawRules` instance of the shared draw-poker engine, registered at import.

Everything the table does (deal, fixed-limit betting, the draw, showdown, the button) is
`cardlab.games.poker.draw.DrawPoker`; Triad supplies its deck (52 cards, or 54 with the jokers
wild), its evaluator (`cardlab.games.poker.ranking` with the Triad names) and an exact exchange
advisor (`cardlab.games.poker.tables.best_discards`, the discard with the best expected showdown
strength over every possible draw), which the `PokerBot` uses in the draw.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlab.core.cards import Card
from cardlab.core.engine import register
from cardlab.core.i18n import Message, msg, msgn, num, pct
from cardlab.core.narration import hidden
from cardlab.core.options import choice, flag
from cardlab.games.poker import ranking
from cardlab.games.poker.draw import DrawPoker, DrawRules
from cardlab.games.poker.ranking import JOKERS, HandValue
from cardlab.games.triad.rules import (
    DECK,
    DEFAULT_PLAYERS,
    JOKER_MODES,
    MAX_DRAW,
    MAX_PLAYERS,
    MIN_PLAYERS,
)

if TYPE_CHECKING:
    import numpy as np

Hand = tuple[Card, ...]


def parse(text: str | Iterable[str]) -> Hand:
    """Triad cards from notation, e.g. ``parse("Ab Tg 7r 2k BJ")``."""
    return DECK.parse(text)


def _cards(hand: str | Iterable[Card]) -> Hand:
    return parse(hand) if isinstance(hand, str) else tuple(hand)


def evaluate(
    hand: str | Iterable[Card], jokers: str = "out", five_of_a_kind: bool = True
) -> HandValue:
    """The `HandValue` of five Triad cards (or their notation): ``.name`` is the Triad
    declaration ("Three Up, Kings"), ``.category``, ``.key`` and comparison as in §3."""
    return ranking.evaluate(_cards(hand), jokers, five_of_a_kind)


def table_key(value: HandValue) -> tuple[int, tuple[int, ...]]:
    """The key the table compares: (category index, tie-break ranks); higher wins."""
    return (value.index, value.key)


def _evaluate_dealt(hand: Sequence[Card]) -> tuple[Any, Message]:
    """A hand the engine dealt (or a bot sampled from the unseen cards): jokers are only there
    when they are wild, so the checks of `ranking.evaluate` would only cost time."""
    v = ranking.value_of(tuple(hand))
    return table_key(v), v.words


def _evaluate_dealt_no_five(hand: Sequence[Card]) -> tuple[Any, Message]:
    """`_evaluate_dealt` under "no five of a kind": five of a kind is a Four Up."""
    v = ranking.value_of(tuple(hand), five_of_a_kind=False)
    return table_key(v), v.words


def evaluator(options: Mapping[str, Any]) -> Callable[[Sequence[Card]], tuple[Any, Message]]:
    """The showdown's evaluate function for a table's options (``five_of_a_kind``)."""
    return _evaluate_dealt if options.get("five_of_a_kind", True) else _evaluate_dealt_no_five


def codes(options: Mapping[str, Any]) -> Callable[[np.ndarray], np.ndarray]:
    """Many hands evaluated at once under ``options`` (the table's jokers and five-of-a-kind
    rule): `tables.evaluate_many`'s codes, ordered as `table_key` (numpy imported here)."""
    from cardlab.games.poker import tables

    jokers, five = options.get("jokers", "out"), options.get("five_of_a_kind", True)
    return functools.partial(tables.evaluate_many, jokers=jokers, five_of_a_kind=five)


def card_ids(cards: Sequence[Card]) -> np.ndarray:
    """The ids `codes` reads (`tables.card_ids`)."""
    from cardlab.games.poker import tables

    return tables.card_ids(cards)


def deck(options: Mapping[str, Any]) -> Hand:
    """The 52 cards, plus the two jokers when they are wild."""
    cards = DECK.cards()
    if options.get("jokers", "out") == "wild":
        return cards
    return tuple(c for c in cards if c.rank not in JOKERS)


def joker_mode(hand: Sequence[Card], unseen: Sequence[Card]) -> str:
    """Whether jokers are wild, judged from the cards in play: a joker anywhere, or all 54."""
    if any(c.rank in JOKERS for c in (*hand, *unseen)) or len(hand) + len(unseen) > 52:
        return "wild"
    return "out"


def my_hand(words: object) -> object:
    """ "my Three Up, Kings" for the bot itself and the teacher, "my hand" for the others."""
    # Translators: a player's own hand, named: "my Three Up, Kings"
    return hidden(msg("my {hand}", hand=words), msg("my hand"))


def advise(
    hand: Sequence[Card], unseen: Sequence[Card], max_draw: int, five_of_a_kind: bool = True
) -> tuple[Hand, Message]:
    """The exact exchange advice: every discard of 0..``max_draw`` cards scored by the expected
    showdown strength of the final hand over every possible draw from ``unseen`` (with
    ``five_of_a_kind=False`` five of a kind is a Four Up); returns the best discard and a
    one-sentence reason with the numbers (what the hand is stays hidden from other seats)."""
    from cardlab.games.poker import tables  # numpy: imported only when advice is asked for

    hand, unseen = tuple(hand), tuple(unseen)
    jokers = joker_mode(hand, unseen)
    ranked = tables.best_discards(
        hand,
        unseen,
        min(max_draw, len(unseen)),
        jokers=jokers,
        objective="expected",
        five_of_a_kind=five_of_a_kind,
    )
    discard, dist, score = ranked[0]
    pat = next(s for d, _, s in ranked if not d)
    now = ranking.evaluate(hand, jokers, five_of_a_kind)
    mine = my_hand(now.words)
    if not discard:
        return (), msgn(
            "{hand} already beats {pat} of random hands, and no discard of up to {count} card "
            "does better on average over every possible draw.",
            "{hand} already beats {pat} of random hands, and no discard of up to {count} cards "
            "does better on average over every possible draw.",
            max_draw,
            hand=mine,
            pat=pct(pat, 0),
        )
    better = sum(p for c, p in dist.items() if ranking.CATEGORY_INDEX[c] > now.index)
    k = len(discard)
    draws = _comb(len(unseen), k)
    return tuple(discard), msgn(
        "over all {draws} draws of {count} from the {unseen} unseen cards the final hand beats "
        "{score} of random hands on average (standing pat: {pat}), and it improves on {hand} "
        "{better} of the time.",
        "over all {draws} draws of {count} from the {unseen} unseen cards the final hand beats "
        "{score} of random hands on average (standing pat: {pat}), and it improves on {hand} "
        "{better} of the time.",
        k,
        draws=num(draws),
        unseen=len(unseen),
        score=pct(score, 0),
        pat=pct(pat, 0),
        hand=mine,
        better=pct(float(better), 0),
    )


def discard_values(
    hand: Sequence[Card], unseen: Sequence[Card], max_draw: int, five_of_a_kind: bool = True
) -> list[tuple[Hand, float, Message]]:
    """Every discard of 0..``max_draw`` cards with the advisor's exact measure (the share of
    random hands the final hand beats on average over every possible draw, in percent) and it
    in words."""
    from cardlab.games.poker import tables

    hand, unseen = tuple(hand), tuple(unseen)
    ranked = tables.best_discards(
        hand,
        unseen,
        min(max_draw, len(unseen)),
        jokers=joker_mode(hand, unseen),
        objective="expected",
        five_of_a_kind=five_of_a_kind,
    )
    return [
        (tuple(d), 100 * float(s), msg("beats {share} of random hands", share=pct(s, 1)))
        for d, _, s in ranked
    ]


def _comb(n: int, k: int) -> int:
    from math import comb

    return comb(n, k)


RULES = DrawRules(
    name="triad",
    title=msg("Triad"),
    deck=deck,
    evaluate=_evaluate_dealt,
    hand_size=5,
    max_discard=MAX_DRAW,
    exchange_rounds=1,
    max_exchange_rounds=1,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    default_players=DEFAULT_PLAYERS,
    extra_options={"jokers": "out", "five_of_a_kind": True},
    extra_specs={
        "jokers": choice(JOKER_MODES, msg("jokers out (52 cards) or wild (54 cards, Five Up)")),
        "five_of_a_kind": flag(
            msg(
                "with wild jokers, five of a kind is Five Up, the top hand; off: it counts as "
                "Four Up (A9)"
            )
        ),
    },
    evaluator=evaluator,
    codes=codes,
    card_ids=card_ids,
    advisor=advise,
    advice_options=("five_of_a_kind",),
    discard_values=discard_values,
    example_options=(
        {"hands": 2},
        {"players": 4, "jokers": "wild", "hands": 2},
        {"players": 3, "jokers": "wild", "five_of_a_kind": False, "hands": 2},
        {"betting": False, "players": 3, "hands": 2},
        {"players": 7, "stack": 6, "hands": 2},
    ),
)
GAME = register(DrawPoker(RULES))
