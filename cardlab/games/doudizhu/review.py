"""The review of a Dou Dizhu deal: each bid and play valued by a seeded simulation of the rest of
the deal (`cardlab.core.review`).

A move's value is the learner's score for the deal, in the table's points (`settle`), averaged
over re-deals of the cards the seat has not seen: the move is played, then the deal is played out
by the table's own AI in the other seats and by the Hint's AI in the learner's.  Both moves are
played on the same re-deals, and the AI decide from what they see alone, so the difference
between two moves is the difference the move made on those deals.  A deal thrown in (nobody bid)
scores 0: it is dealt again, and a fresh deal is worth as much to every seat.

The re-deal depends on the observation only (`redeal`: the unseen cards, in the deck's order,
shuffled by a generator seeded from the view), so a position the seat cannot tell apart from the
real one is reviewed alike.  What is at stake in a decision is the deal's unit now (the bid, at
least 1, times 2 for each bomb and rocket so far), twice over for the landlord's seat (the
landlord wins or loses two units) and in the auction (where the learner bids to become it).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardlab.core.bots import Bot, Decision, rng_for
from cardlab.core.cards import Card
from cardlab.core.engine import TERMINAL, Action, Refusal
from cardlab.core.i18n import Message, gain, msg, msgn
from cardlab.core.review import Estimate, mean_margin
from cardlab.games.doudizhu.game import (
    CARDS,
    GAME,
    PLAYERS,
    DouDizhuState,
    DouDizhuView,
    PlayCards,
    sort_key,
)

POINTS = msg("points")
DEALS = 20
"""The re-deals a move's value rests on: each valued decision costs about 0.15 s of CPU, so a
whole deal's review takes 0.65 s (median; 1.4 s at most) when the learner plays otherwise than the
AI at half its decisions, and 1.5 s (2.4 s at most) when at every one (20 deals each, measured).
A value's 95% margin is then about 1-2.5 points either side."""


def _method(view: DouDizhuView, deals: int) -> Message:
    said = msgn(
        "a seeded simulation of {count} re-deal of the cards you had not seen, the same for both "
        "moves: after each move the table's AI plays the deal out in every seat (yours too); your "
        "average score for the deal",
        "a seeded simulation of {count} re-deals of the cards you had not seen, the same for both "
        "moves: after each move the table's AI plays the deal out in every seat (yours too); your "
        "average score for the deal",
        deals,
    )
    if view.phase == "bid":
        return msg("{method}; a deal nobody bids on is dealt again and scores 0", method=said)
    return said


@dataclass(frozen=True)
class DouDizhuReviewer:
    """The review of a Dou Dizhu seat: ``bot`` is the table's AI in the learner's place (the
    Hint's), ``others`` the table's AI in the other seats, ``deals`` the re-deals each value
    rests on."""

    bot: Bot
    others: Mapping[int, Bot]
    deals: int = DEALS

    def ai(self, view: DouDizhuView, legal: Sequence[Action]) -> Decision:
        return self.bot.choose(view, legal)

    def where(self, view: DouDizhuView) -> Message:
        if view.phase == "bid":
            if view.bid == 0:
                return msg("the auction, no bid yet")
            return msg("the auction, the bid at {bid}", bid=view.bid)
        seat = view.seat
        assert seat is not None
        held = len(view.hands[seat])
        if view.table is None:
            return msgn(
                "your lead, {count} card in your hand",
                "your lead, {count} cards in your hand",
                held,
            )
        return msgn(
            "{play} to beat, {count} card in your hand",
            "{play} to beat, {count} cards in your hand",
            held,
            play=view.table.name,
        )

    def same(self, view: DouDizhuView, first: Action, second: Action) -> bool:
        state = redeal(view)
        return _key(state, first) == _key(state, second)

    def values(
        self, view: DouDizhuView, legal: Sequence[Action], moves: Sequence[Action]
    ) -> tuple[Estimate, ...]:
        seat = view.seat
        assert seat is not None
        rng = rng_for(f"doudizhu-review/{self.deals}", view)
        deals = [redeal(view, rng) for _ in range(self.deals)]
        method = _method(view, self.deals)
        at_stake = stake(view)
        out = []
        for move in moves:
            scores = [self.play_out(state, move, seat) for state in deals]
            mean, margin = mean_margin(scores)
            shown = msg("{value} {unit}", value=gain(mean), unit=POINTS)
            out.append(
                Estimate(
                    mean,
                    shown,
                    POINTS,
                    method,
                    margin=margin,
                    stake=at_stake,
                    samples=tuple(scores),
                )
            )
        return tuple(out)

    def play_out(self, state: DouDizhuState, move: Action, seat: int) -> float:
        """``seat``'s score for the deal of ``state`` once ``move`` is made and the table's AI
        play the deal to its end (0 when it is thrown in)."""
        deal, action = state.deal_number, move
        while True:
            state = GAME.apply(state, action).state
            to_move = GAME.current_player(state)
            if state.deal_number != deal:
                return 0.0
            if to_move == TERMINAL:
                return GAME.returns(state)[seat]
            legal = GAME.legal_actions(state)
            action = legal[0]
            if len(legal) > 1:  # a forced pass needs no AI
                bot = self.bot if to_move == seat else self.others[to_move]
                action = bot.choose(GAME.observe(state, to_move), legal).action


def stake(view: DouDizhuView) -> float:
    """What the seat may win or lose in the deal at the stake now (the module docstring)."""
    unit = max(view.bid, 1) * 2 ** (view.bombs + view.rockets)
    return float(2 * unit if view.landlord in (None, view.seat) else unit)


def redeal(view: DouDizhuView, rng: random.Random | None = None) -> DouDizhuState:
    """A state ``view``'s seat cannot tell from the real one: the cards it has not seen (in the
    deck's order, shuffled by ``rng`` when given) dealt to the other hands and, in the auction,
    the bottom; the bottom cards the landlord showed and has not played stay in its hand."""
    seat = view.seat
    assert seat is not None and view.phase in ("bid", "play")
    mine = [c for c in view.hands[seat] if c is not None]
    played = [c for p in view.plays for c in p.cards]
    shown = [c for c in view.bottom if c is not None]
    known = Counter(shown) - Counter(played) - Counter(mine)
    seen = Counter(mine) + Counter(played) + Counter(shown)
    pool = [c for c in CARDS if not seen[c]]
    if rng is not None:
        rng.shuffle(pool)
    hands: list[tuple[Card, ...]] = []
    for s in range(PLAYERS):
        if s == seat:
            hands.append(tuple(mine))
            continue
        kept = list(known.elements()) if s == view.landlord else []
        n = len(view.hands[s]) - len(kept)
        hands.append(tuple(sorted([*kept, *pool[:n]], key=sort_key)))
        pool = pool[n:]
    bottom = tuple(shown) if view.landlord is not None else tuple(pool)
    trailing = 0
    if view.table is not None:
        while trailing < len(view.plays) and view.plays[-1 - trailing].combo is None:
            trailing += 1
    return DouDizhuState(
        ruleset=view.ruleset,
        stock=(),
        hands=tuple(hands),
        bottom=bottom,
        deal_number=view.deal_number,
        first_bidder=view.bids[0][0] if view.bids else view.to_act,
        bids=view.bids,
        landlord=view.landlord,
        to_move=view.to_act,
        table=view.table,
        table_cards=view.table_cards,
        last_player=view.last_player,
        passes=trailing,
        plays=view.plays,
        bombs=view.bombs,
        rockets=view.rockets,
    )


def _key(state: DouDizhuState, action: Action) -> object:
    """An action as the move it makes: a play by its combination (``play 3 3`` and ``play 3s
    3h`` are one move), anything else by its text."""
    move = GAME.read_move(state, action)
    if isinstance(move, Refusal):
        raise move.error(action)
    return move.combo if isinstance(move, PlayCards) else move.text
