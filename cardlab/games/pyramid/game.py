"""Pyramid as a game: one `DrawRules` for the shared draw-poker engine, registered at import.

Everything Pyramid-specific is here: the 55-card deck, 6-card hands, 0-4 cards exchanged in one
round (two by agreement with 2 or 3 players), the hand evaluator of `hands` and the exact
exchange advisor of `odds` for the bots.  Deal, betting, exchange, showdown, chips and narration
are `cardlab.games.poker.draw.DrawPoker`'s.  The rules and their resolutions: `rules`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from cardlab.core.cards import PYRAMID, Card
from cardlab.core.engine import register
from cardlab.core.i18n import Message, msg, msgn, num, pct
from cardlab.core.narration import Narration, hidden, told
from cardlab.core.options import whole
from cardlab.games.poker.draw import DrawPoker, DrawRules
from cardlab.games.pyramid.hands import DECK, codes_of_kinds, evaluate, kind_ids
from cardlab.games.pyramid.odds import ExchangeOutcome, best_exchanges
from cardlab.games.pyramid.rules import HAND_SIZE, MAX_DISCARD, PLAYERS, TWO_ROUNDS_PLAYERS


def pyramid_deck(options: Mapping[str, Any]) -> tuple[Card, ...]:
    """The 55 hexagonal cards (no option changes the deck)."""
    return PYRAMID.cards()


def evaluate_hand(hand: Sequence[Card]) -> tuple[tuple[int, ...], Message]:
    """``(key, description)`` of a 6-card hand for the engine (§3 key; larger is better)."""
    value = evaluate(hand)
    return value.key, value.description


def check_options(options: Mapping[str, Any]) -> Message | None:
    """Pyramid's limit on the exchange rounds, which depends on the players (§2 step 4, P7)."""
    rounds, players = options["exchange_rounds"], options["players"]
    if rounds == 2 and players not in TWO_ROUNDS_PLAYERS:
        return msg(
            "two exchange rounds need 2 or 3 players (the stock is too small for {players}); "
            "play exchange_rounds=1",
            players=players,
        )
    return None


def _pct(x: Any) -> Any:
    """A probability as a whole percentage in the reader's language ("37%")."""
    return pct(float(x), 0)


def net_improvement(outcome: ExchangeOutcome) -> Fraction:
    """The bots' exchange objective: P(a better pyramid class) - P(a worse hand than now).

    Maximising the chance of a better pyramid alone would break a strong hand for a long shot
    (a 2% chance of a better class against a 93% chance of a worse hand); subtracting the risk
    keeps the AI honest, and standing pat scores exactly 0.
    """
    return outcome.p_better - outcome.p_worse


def explain_exchange(best: ExchangeOutcome, runner_up: ExchangeOutcome | None = None) -> Narration:
    """One sentence: why this discard (the exact odds of a better pyramid, and the risk); the
    cards it names stay hidden from other seats."""
    k = len(best.discard)
    if not k:
        if runner_up is None or not runner_up.p_better:
            return told(
                msg("no discard can give a better pyramid than the one I hold, so I keep it.")
            )
        n = len(runner_up.discard)
        other = hidden(
            DECK.format(runner_up.discard),
            msgn("throwing {count} card", "throwing {count} cards", n),
        )
        return told(
            msg(
                "every discard risks a worse hand more than it promises a better pyramid (the "
                "best try, {discard}, gives {better} better but {worse} worse, counted over "
                "every possible draw), so I keep my cards.",
                discard=other,
                better=_pct(runner_up.p_better),
                worse=_pct(runner_up.p_worse),
            )
        )
    if best.p_worse:
        return told(
            msgn(
                "of the {draws} possible draws of {count} card from the cards I have not seen, "
                "{better} give a better pyramid than mine and {worse} a worse hand, the best "
                "balance of any discard.",
                "of the {draws} possible draws of {count} cards from the cards I have not seen, "
                "{better} give a better pyramid than mine and {worse} a worse hand, the best "
                "balance of any discard.",
                k,
                draws=num(best.draws),
                better=_pct(best.p_better),
                worse=_pct(best.p_worse),
            )
        )
    return told(
        msgn(
            "of the {draws} possible draws of {count} card from the cards I have not seen, "
            "{better} give a better pyramid than mine, the best balance of any discard.",
            "of the {draws} possible draws of {count} cards from the cards I have not seen, "
            "{better} give a better pyramid than mine, the best balance of any discard.",
            k,
            draws=num(best.draws),
            better=_pct(best.p_better),
        )
    )


def advise(
    hand: Sequence[Card], unseen: Sequence[Card], max_draw: int
) -> tuple[tuple[Card, ...], Narration]:
    """The bots' exchange: the exact best discard by `net_improvement`, with its reason."""
    outcomes = best_exchanges(hand, unseen, min(max_draw, MAX_DISCARD), net_improvement)
    best = outcomes[0]
    tries = [o for o in outcomes if o.discard]
    runner_up = max(tries, key=lambda o: o.p_better) if tries and not best.discard else None
    return best.discard, explain_exchange(best, runner_up)


def discard_values(
    hand: Sequence[Card], unseen: Sequence[Card], max_draw: int
) -> list[tuple[tuple[Card, ...], float, Message]]:
    """Every distinct discard with the advisor's exact measure (`net_improvement`: the chance
    of a better pyramid less the chance of a worse hand), in percent, and it in words."""
    outcomes = best_exchanges(hand, unseen, min(max_draw, MAX_DISCARD), net_improvement)
    return [
        (
            o.discard,
            100 * float(net_improvement(o)),
            msg(
                "a better pyramid {better}, a worse hand {worse}",
                better=pct(float(o.p_better), 1),
                worse=pct(float(o.p_worse), 1),
            ),
        )
        for o in outcomes
    ]


ROUNDS_MEANING = msg("exchange rounds in a hand (two only with 2 or 3 players)")
"""What the ``exchange_rounds`` option means, as a message for the catalog.  The option's spec
holds its English (``.msgid``): `cardlab.widgets.rules` sets a spec's meaning as a widget's
tooltip, which must be a plain string; shown in the page's language once the shared rules panel
reads it through the catalogs."""

RULES = DrawRules(
    name="pyramid",
    title=msg("Pyramid"),
    deck=pyramid_deck,
    evaluate=evaluate_hand,
    hand_size=HAND_SIZE,
    max_discard=MAX_DISCARD,
    draw_limit=MAX_DISCARD,
    exchange_rounds=1,
    max_exchange_rounds=2,
    min_players=PLAYERS[0],
    max_players=PLAYERS[1],
    default_players=2,
    example_options=(
        {},
        {"players": 3, "exchange_rounds": 2, "hands": 2},
        {"betting": False},
        {"players": 4, "stack": 8, "hands": 3},
    ),
    check_options=check_options,
    extra_specs={"exchange_rounds": whole(1, 2, ROUNDS_MEANING)},
    advisor=advise,
    discard_values=discard_values,
    codes=lambda options: codes_of_kinds,  # no option changes how hands compare
    card_ids=kind_ids,
)
GAME = register(DrawPoker(RULES))
