"""Three Thirteen's engine: the spec's worked examples, the state machine, R5-R9, the variants."""

from collections import Counter
from dataclasses import replace

import pytest

from cardlab.core.engine import CHANCE, TERMINAL, IllegalMove
from cardlab.core.replay import Replay
from cardlab.games.three_thirteen import GAME, apply, legal_actions, new_game, observe, returns
from cardlab.games.three_thirteen.game import go_out_discards
from cardlab.games.three_thirteen.rules import (
    DECK,
    card_text,
    decks_for,
    full_deck,
    hand_size,
    wild_rank,
)


def cards(text):
    return DECK.parse(text.replace("♥", "h").replace("♦", "d").replace("♠", "s").replace("♣", "c"))


def table(players=2, rnd=1, hands=(), discard="", turn=0, phase="discard", **kw):
    """A state in round ``rnd`` with the given hands; everything else is in the stock."""
    state = GAME.initial_state(players=players, **kw.pop("options", {}))
    hands = tuple(tuple(sorted(cards(h))) for h in hands)
    pile = cards(discard)
    stock = Counter(full_deck(players)) - Counter(c for h in hands for c in h) - Counter(pile)
    return replace(
        state,
        round=rnd,
        first_dealer=(players - rnd + 1) % players,  # seat 0 deals: seat 1 plays after seat 0
        phase=phase,
        hands=hands,
        discard=pile,
        stock=tuple(sorted(stock.elements())),
        turn=turn,
        **kw,
    )


# -- spec section 2 and R9 --------------------------------------------------------------------
def test_rounds_hand_sizes_wild_ranks_and_decks():
    assert [hand_size(r) for r in range(1, 12)] == list(range(3, 14))
    assert [wild_rank(r) for r in range(1, 12)] == [*"3456789", "T", "J", "Q", "K"]
    assert [decks_for(p) for p in range(2, 7)] == [1, 2, 2, 3, 3]
    assert len(full_deck(2)) == 52 and len(full_deck(3)) == 104 and len(full_deck(6)) == 156
    assert Counter(full_deck(4))[DECK.parse_card("7h")] == 2  # identical cards are equal
    for bad in (1, 7, True, "2"):
        with pytest.raises(ValueError):
            GAME.initial_state(players=bad)
    with pytest.raises(ValueError, match="rounds"):
        GAME.initial_state(rounds=12)
    with pytest.raises(ValueError, match="aces"):
        GAME.initial_state(aces="high")


def test_deal_flip_first_player_and_dealer_moving_left():
    replay = new_game(3, players=3)
    state = replay.state
    assert state.phase == "draw" and state.round == 1
    assert [len(h) for h in state.hands] == [3, 3, 3]
    assert len(state.discard) == 1 and len(state.stock) == 104 - 10
    assert state.turn == (state.dealer + 1) % 3
    first = replay.actions[0]
    assert first.startswith("dealer ") and int(first.split()[1]) - 1 == state.dealer
    # the first card dealt goes to the dealer's left
    assert [len(h) for h in replay.state_at(2).hands] == [
        1 if s == (state.dealer + 1) % 3 else 0 for s in range(3)
    ]
    # play a round to its end: the next dealer sits one seat left
    from cardlab.games.three_thirteen.bots import ThreeThirteenBot

    bots = {s: ThreeThirteenBot() for s in range(3)}
    nxt = replay.play_out(bots, until=lambda s: s.round == 2 and s.phase == "draw")
    assert nxt.state.dealer == (state.dealer + 1) % 3
    assert [len(h) for h in nxt.state.hands] == [4, 4, 4]


# -- spec section 6: every worked example, scored by the engine --------------------------------
EXAMPLES = [
    (1, "A♥ 2♥ 3♠", 0),
    (1, "Q♦ K♦ A♦", 21),
    (2, "7♥ 7♦ 9♠ 5♣", 28),
    (2, "4♥ 4♦ 4♠ 9♣", 0),
    (5, "5♥ 6♥ 8♥ K♦ K♠ 7♣", 19),
    (5, "5♥ 6♥ 8♥ K♦ K♠ K♣ 7♣", 0),
    (5, "5♥ 6♥ 8♥ K♦ K♠ 7♣ 2♣", 21),
    (9, "A♥ A♦ A♠ 9♥ 10♥ Q♥ J♣", 0),
    (5, "2♥ 3♥ 4♦ 4♠ 9♣ K♣ 6♦", 38),
]


@pytest.mark.parametrize(("rnd", "hand", "deadwood"), EXAMPLES)
def test_worked_example_is_scored_by_min_deadwood(rnd, hand, deadwood):
    """Seat 1 holds the example hand (padded with a card it discards) on its final turn after
    seat 0 went out; the round score is the example's deadwood (R10)."""
    example = cards(hand)
    state = table(rnd=rnd, hands=("", ""), turn=1)
    assert state.best(example).penalty == deadwood
    if len(example) == hand_size(rnd):
        held = (*example, DECK.parse_card("Qc" if "Q♣" not in hand else "Jc"))
        other = [c for c in state.stock if c not in held][: hand_size(rnd)]
        state = replace(
            table(rnd=rnd, hands=("", ""), turn=1, went_out=0, finals_left=1),
            hands=(tuple(other), tuple(sorted(held))),
        )
        state = replace(
            state,
            stock=tuple(
                sorted((Counter(full_deck(2)) - Counter(other) - Counter(held)).elements())
            ),
        )
        after, event = apply(state, f"discard {held[-1].code}")
        result = after.results[-1]
        assert result.scores == (0, deadwood)
        assert f"0 + {deadwood} = {deadwood}" in str(event.arithmetic)


def test_example_round_a_goes_out_b_scores_21():
    """Spec section 6: two players, round 5 (sevens wild); A goes out, B's final hand is the
    21-point hand: round score A 0, B 21."""
    a_hand = "5s 6s 8s 9s 7d Jh Jd Jc"  # 5-6-[7]-8-9 of spades and J J J, discard... one card
    state = table(rnd=5, hands=(a_hand + "", "5h 6h 8h Kd Ks 7c 2c"), discard="4d", turn=0)
    # A holds 8 cards after the draw: go out discarding one of them
    outs = go_out_discards(state.hands[0], "7")
    assert outs
    action = f"go out {outs[0].code}"
    assert action in legal_actions(state)
    state, event = apply(state, action)
    assert "goes out" in event.narration and "(run)" in event.narration
    assert state.went_out == 0 and state.finals_left == 1 and state.phase == "draw"
    state, _ = apply(state, "take discard")  # B takes A's discard and throws it back
    state, event = apply(state, f"discard {outs[0].code}")
    assert state.results[-1].scores == (0, 21)
    assert state.totals == (0, 21)
    assert "Player 2: deadwood 5h 6h 8h 2c = 5 + 6 + 8 + 2 = 21" in str(event.arithmetic)
    assert state.round == 6 and state.phase == "deal"
    assert returns(state) == (10.5, -10.5)


# -- going out: R5 and the final turns -------------------------------------------------------
def test_going_out_needs_the_rest_to_meld_and_a_discard():
    state = table(rnd=3, hands=("9h 9d 9s Jc Jd Js", "2c 3d 6h 8s Kc"), discard="4c")
    # all six cards meld (two sets) but any discard breaks one: R5 says no going out
    assert state.best(state.hands[0]).penalty == 0
    assert not any(a.startswith("go out") for a in legal_actions(state))
    reason = str(GAME.why_illegal(state, "go out 9h"))
    assert "cannot go out" in reason and "deadwood" in reason
    with pytest.raises(IllegalMove):
        apply(state, "go out 9h")
    state = table(rnd=1, hands=("5h 6h 7h 8h", "2c 9d Kc"), discard="4c")
    assert {a for a in legal_actions(state) if a.startswith("go out")} == {
        "go out 5h",
        "go out 8h",
    }


def test_every_other_player_has_exactly_one_more_turn():
    state = table(players=3, rnd=1, hands=("5h 6h 7h 8h", "2c 9d Kc", "4s 9s Qd"), discard="4c")
    state, _ = apply(state, "go out 8h")
    seen = []
    while state.round == 1:
        seat = GAME.current_player(state)
        if seat == CHANCE:
            state, _ = GAME.apply(state, GAME.legal_actions(state)[0])
            continue
        seen.append(seat)
        if state.phase == "discard":
            assert not any(a.startswith("go out") for a in legal_actions(state))
            first = state.hands[seat][0].code
            assert "already gone out" in str(GAME.why_illegal(state, f"go out {first}"))
        state, _ = apply(state, legal_actions(state)[0])
    assert seen == [1, 1, 2, 2]
    assert state.results[-1].scores[0] == 0


# -- drawing, discarding, refusals -------------------------------------------------------------
def test_refusals_have_reasons():
    state = table(rnd=1, hands=("5h 6h 9c", "2c 9d Kc"), discard="4c", phase="draw")
    assert "must draw first" in str(GAME.why_illegal(state, "discard 5h"))
    state, event = apply(state, "take discard")
    assert event.narration == "Player 1 takes the 4c from the discard pile."
    assert "already drawn" in str(GAME.why_illegal(state, "take stock"))
    assert "has no Kd" in str(GAME.why_illegal(state, "discard Kd"))
    assert "not a card" in str(GAME.why_illegal(state, "discard Zz"))
    assert GAME.why_illegal(state, "discard 4c") is None  # R7: throwing it straight back is fine


def test_no_immediate_rediscard_option():
    state = table(
        rnd=1,
        hands=("5h 6h 9c", "2c 9d Kc"),
        discard="4c",
        phase="draw",
        options={"no_immediate_rediscard": True},
    )
    state, _ = apply(state, "take discard")
    assert "discard 4c" not in legal_actions(state)
    assert "no_immediate_rediscard" in str(GAME.why_illegal(state, "discard 4c"))
    state, _ = apply(state, "discard 9c")
    assert GAME.current_player(state) == 1


def test_stock_draw_is_private_and_discard_public():
    state = table(rnd=1, hands=("5h 6h 9c", "2c 9d Kc"), discard="4c", phase="draw")
    state, event = apply(state, "take stock")
    assert event.public and GAME.current_player(state) == CHANCE
    state, event = apply(state, "draw Ts")
    assert not event.public and "10s" in event.narration
    assert GAME.why_illegal(state, "draw Ts")  # the card is no longer in the stock
    state, event = apply(state, "discard Ts")
    assert event.public and state.discard[-1] == DECK.parse_card("Ts")


# -- R6 -----------------------------------------------------------------------------------------
def test_empty_stock_reshuffles_the_discards_but_the_top_one():
    state = table(rnd=1, hands=("5h 6h 9c 2d", "2c 9d Kc"), discard="4c")
    rest = Counter(state.stock)
    # move the whole stock but one card to the discard pile
    last = state.stock[0]
    pile = tuple((rest - Counter([last])).elements())
    state = replace(state, stock=(last,), discard=(*pile, *state.discard))
    before = GAME.cards(state)
    state, _ = apply(state, "discard 2d")
    state, _ = apply(state, "take stock")
    state, _ = apply(state, f"draw {last.code}")
    state, _ = apply(state, "discard 2c")
    assert state.phase == "shuffle" and state.stock == ()
    assert GAME.legal_actions(state) == ["shuffle"]
    top = state.discard[-1]
    state, event = apply(state, "shuffle")
    assert "R6" in event.narration
    assert state.discard == (top,) and len(state.stock) == len(pile) + 2  # + 4c and 2d
    assert GAME.cards(state) == before and state.shuffles == 1


def test_nothing_left_to_draw_ends_the_round():
    state = table(rnd=1, hands=("5h 6h 9c 2d", "2c 9d Kc"), discard="")
    state = replace(state, stock=(), discard=tuple(Counter(state.stock).elements()))
    # the pile is about to be a single card only if everything else is in hands: simulate that
    state = replace(state, discard=())
    state, event = apply(state, "discard 2d")
    assert "Nothing is left to draw" in event.narration
    assert state.results[-1].stock_ran_out and state.results[-1].went_out is None
    assert state.results[-1].scores == (20, 21)


# -- variants ------------------------------------------------------------------------------------
def test_aces_high_or_low_variant():
    low = table(rnd=1, hands=("Qd Kd Ad", "2c 9d Kc"))
    high = table(rnd=1, hands=("Qd Kd Ad", "2c 9d Kc"), options={"aces": "high_or_low"})
    assert low.best(low.hands[0]).penalty == 21
    assert high.best(high.hands[0]).penalty == 0
    assert high.best(cards("Ah 5c 9s")).penalty == 15 + 5 + 9


def test_max_wilds_per_meld_option():
    free = table(rnd=2, hands=("4h 4d 4s 9c", "2c 9d Kc 5s"))
    one = table(rnd=2, hands=("4h 4d 4s 9c", "2c 9d Kc 5s"), options={"max_wilds_per_meld": 1})
    assert free.best(free.hands[0]).penalty == 0
    assert one.best(one.hands[0]).penalty > 0


# -- views, resampling, the end ---------------------------------------------------------------
def test_observe_hides_other_hands_and_shows_public_knowledge():
    state = table(rnd=1, hands=("5h 6h 9c", "2c 9d Kc"), discard="4c", phase="draw")
    state, _ = apply(state, "take discard")
    state, _ = apply(state, "discard 9c")
    view = observe(state, 1)
    assert view.hands[0] is None and view.hand == state.hands[1]
    assert view.hand_sizes == (3, 3) and view.top == DECK.parse_card("9c")
    assert view.taken[0] == (DECK.parse_card("4c"),)
    assert sum(view.unseen().values()) == 52 - 3 - 1 - 1
    teacher = observe(state, None)
    assert teacher.hands == state.hands
    import random

    twin = GAME.resample_hidden(state, 1, random.Random(1))
    assert DECK.parse_card("4c") in twin.hands[0] and twin.hands[1] == state.hands[1]
    assert GAME.cards(twin) == GAME.cards(state)


def test_whole_short_game_ends_with_lowest_total_winning_and_round_trips():
    from cardlab.games.three_thirteen.bots import ThreeThirteenBot

    replay = new_game(5, players=2, rounds=3)
    replay = replay.play_out({0: ThreeThirteenBot(), 1: ThreeThirteenBot()})
    state = replay.state
    assert GAME.current_player(state) == TERMINAL and len(state.results) == 3
    assert state.totals == tuple(sum(r.scores[s] for r in state.results) for s in range(2))
    assert sum(returns(state)) == 0
    low = min(state.totals)
    assert returns(state)[state.totals.index(low)] >= 0
    last = replay.events[-1].narration
    assert "After 3 rounds" in last and ("wins" in last or "share the win" in last)
    assert Replay.from_text(replay.to_text()) == replay
    assert GAME.cards(state) == Counter(full_deck(2))


def test_a_final_turn_lays_nothing_down_until_every_final_turn_is_played():
    """Going out gives every other player one more turn; a hand is laid down (and narrated)
    only when all of them are done, so no final turn tells the others a hidden hand."""
    from cardlab.core.conformance import random_playout

    checked = 0
    for seed in range(12):
        replay = random_playout(GAME, {"players": 3, "rounds": 2}, seed)
        for step in range(1, len(replay) + 1):
            before, event = replay.state_at(step - 1), replay.event_at(step)
            final = before.went_out is not None and str(event.action).startswith("discard ")
            if not final:
                continue
            after = replay.state_at(step)
            said = event.narration_for((event.actor + 1) % 3)
            if after.finals_left:  # others still to play their final turn: the discard alone
                card = DECK.parse_card(str(event.action).split()[1])
                who = f"Player {event.actor + 1}"
                assert said == f"{who} discards the {card_text(card)}. That was their last turn."
                checked += 1
            else:  # the last final turn: every hand goes down, told to everyone
                assert "Every hand is laid down" in said
    assert checked
