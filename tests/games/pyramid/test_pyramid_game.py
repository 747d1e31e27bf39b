"""Pyramid as a game: the draw-poker engine configured for 6 hexagonal cards, its options, the
public API, a whole hand step by step with the spec's examples, chips conserved (hypothesis), the
exact exchange advisor the AI uses, and whole games of AI."""

import re
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardlab.games.pyramid as pyramid
from cardlab.core.bots import RandomBot
from cardlab.core.cards import PYRAMID
from cardlab.core.engine import CHANCE, GAMES, IllegalMove, get_game
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot, PokerBot
from cardlab.games.pyramid import GAME, RULES, apply, evaluate, legal_actions, new_game, observe
from cardlab.games.pyramid.game import advise, check_options, net_improvement
from cardlab.games.pyramid.odds import best_exchanges


def deal_out(state, hands):
    """Deal ``hands`` (seat -> card tokens) in the engine's order."""
    order = state.order
    for i in range(6):
        for seat in order:
            state, _ = GAME.apply(state, f"deal {hands[seat].split()[i]}")
    return state


def test_registered_with_the_spec_parameters_and_fast_examples():
    assert get_game("pyramid") is GAME and GAMES["pyramid"] is GAME
    assert (RULES.hand_size, RULES.max_discard, RULES.min_players, RULES.max_players) == (
        6,
        4,
        2,
        4,
    )
    assert GAME.default_options["exchange_rounds"] == 1 and RULES.max_exchange_rounds == 2
    assert {} in GAME.example_options and {"betting": False} in GAME.example_options
    assert {"players": 3, "exchange_rounds": 2, "hands": 2} in GAME.example_options
    assert Counter(GAME.full_deck({})) == Counter(PYRAMID.cards()) and len(GAME.full_deck({})) == 55
    # the engine's evaluate is the hand code's key and description
    key, words = RULES.evaluate(pyramid.parse("3P 3P 3P 2P 2P K"))
    assert key == (3, 1, 1, 3) and words == evaluate("3P 3P 3P 2P 2P K").description


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": 4, "exchange_rounds": 2}, "two exchange rounds need 2 or 3 players"),
        ({"players": 5}, "players must be 2-4"),
        ({"players": 1}, "players must be 2-4 (a whole number), got 1"),
        ({"exchange_rounds": 3}, "exchange_rounds must be 1-2"),
        ({"max_draw": 5}, "max_draw must be 0-4 (a whole number), got 5"),
    ],
)
def test_options_are_checked_with_reasons(options, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        new_game(1, **options)
    for players in (2, 3):
        assert check_options({"players": players, "exchange_rounds": 2, "max_draw": 4}) is None


def test_public_api_plays_a_hand_through_new_game_apply_observe_returns():
    replay = new_game(3)
    state = replay.state
    assert state.phase == "bet1" and all(len(h) == 6 for h in state.hands)
    assert legal_actions(state) == ["fold", "check", "bet"]
    seat = GAME.current_player(state)
    view = observe(state, seat)
    assert view.hands[seat] == state.hands[seat] and view.hands[1 - seat] == (None,) * 6
    before = state
    state, event = apply(state, "check")
    assert before.phase == "bet1" and event.narration.startswith(f"Player {seat + 1} checks")
    with pytest.raises(IllegalMove, match="not the exchange"):
        apply(state, "stand pat")
    assert pyramid.returns(state) == (0.0, 0.0)  # antes still count as held until the end


def test_a_hand_with_the_spec_examples_exchange_and_showdown():
    """C (Keystone as level 1) against E (perfect green middle): E exchanges and ties up to D."""
    state = GAME.initial_state(players=2, hands=1)
    state = deal_out(state, {0: "3O 3G 3P 2O 2G K", 1: "3G 3G 3G 2G 2G 3O"})
    assert state.phase == "bet1" and GAME.current_player(state) == 0
    state, _ = apply(state, "bet")
    state, _ = apply(state, "call")
    assert state.phase == "draw" and state.exchanger == 0
    state, ev = apply(state, "stand pat")
    assert ev.narration.startswith("Player 1 stands pat (keeps all 6 cards).")
    with pytest.raises(IllegalMove, match="at most 4"):
        apply(state, "discard 3G 3G 3G 2G 2G")
    with pytest.raises(IllegalMove, match="do not hold"):
        apply(state, "discard 1P")
    state, ev = apply(state, "discard 3O")
    assert not ev.public and GAME.current_player(state) == CHANCE
    state, _ = apply(state, "draw 1G")
    assert Counter(c.code for c in state.hands[1]) == Counter(["3G", "3G", "3G", "2G", "2G", "1G"])
    assert state.phase == "bet2" and state.betting.bet_size == 4
    state, _ = apply(state, "check")
    state, ev = apply(state, "check")
    assert state.phase == "done"
    # Player 2 now holds a perfect green full pyramid, which beats C's Keystone as level-1
    assert "Full pyramid (3-2-1), perfect Green" in ev.narration
    assert "Player 2 wins the pot of 6" in ev.narration
    assert state.chips == (97, 103) and pyramid.returns(state) == (-3.0, 3.0)
    assert GAME.is_terminal(state)


def test_exact_ties_split_the_pot_g_and_h():
    state = GAME.initial_state(players=2, hands=1)
    state = deal_out(state, {0: "3O 3O 2O 1G 2P 3G", 1: "3P 3G 2O 1G 2P 3G"})
    for action in ("check", "check", "stand pat", "stand pat", "check", "check"):
        state, ev = apply(state, action)
    assert "tie and split the pot of 2" in ev.narration
    assert state.chips == (100, 100)


def test_showdown_only_mode_scores_points():
    state = GAME.initial_state(players=3, betting=False, hands=1)
    hands = {0: "3P 3P 3P 2P 2P 1P", 1: "3O 3G 3P 2O 2G K", 2: "1P 1G 1O 2P 2G 2O"}
    state = deal_out(state, hands)
    assert state.phase == "draw"
    for _ in range(3):
        state, ev = apply(state, "stand pat")
    assert "Player 1 wins the hand (1 point)" in ev.narration
    assert pyramid.returns(state) == pytest.approx((2 / 3, -1 / 3, -1 / 3))


def test_two_exchange_rounds_with_three_players():
    replay = Replay.start(GAME, 5, players=3, exchange_rounds=2, hands=1, betting=False)
    replay = replay.play_out({s: CallBot() for s in range(3)})
    narrations = " ".join(e.narration for e in replay.events)
    assert "Now the first exchange." in narrations and "Now the second exchange." in narrations


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 4),
    stack=st.integers(1, 25),
    ante=st.integers(0, 3),
    cap=st.integers(0, 3),
)
def test_chips_are_conserved_in_every_step(seed, players, stack, ante, cap):
    options = dict(players=players, stack=stack, ante=ante, raise_cap=cap, hands=3)
    replay = Replay.start(GAME, seed, **options)
    replay = replay.play_out({s: RandomBot(f"{seed}/{s}") for s in range(players)})
    total = players * stack
    for step in range(len(replay) + 1):
        state = replay.state_at(step)
        assert GAME.chip_total(state) == total
        assert all(c >= 0 for c in state.chips)
        assert abs(sum(GAME.returns(state))) < 1e-9
    for result in replay.state.results:
        assert sum(result.payouts) == sum(result.contributions)
    assert sum(replay.state.chips) == total


def test_the_advisor_keeps_a_strong_hand_and_improves_a_weak_one():
    discard, reason = advise(pyramid.parse("3P 3P 3P 2P 2P K"), None, 4)
    assert discard == () and reason.text().startswith("no discard can give a better pyramid")
    # a mixed full pyramid with a purple level 1: breaking it risks far more than it promises
    discard, reason = advise(pyramid.parse("3P 3G 2P 1P 3O 2G"), None, 4)
    assert discard == () and "every discard risks a worse hand" in reason.text()
    # the cards of the best try are the bot's own: another seat reads how many, not which
    tried = re.search(r"the best try, (.*?), gives", reason.text()).group(1)
    assert tried not in reason.text(1) and "the best try, throwing" in reason.text(1)
    # no pyramid at all: throw the level-1 and extra level-2 cards away
    discard, reason = advise(pyramid.parse("1P 1G 1O 2P 2G 2O"), None, 4)
    assert len(discard) == 4 and all(c.rank in "12" for c in discard)
    text = reason.text()
    assert re.fullmatch(r"of the 211,876 possible draws of 4 cards .* better pyramid .*\.", text)
    best = best_exchanges("1P 1G 1O 2P 2G 2O", None, 4, net_improvement)[0]
    assert Counter(best.discard) == Counter(discard)


def test_pokerbot_uses_the_exact_advisor_and_explains_in_one_sentence():
    state = GAME.initial_state(players=2, hands=1)
    state = deal_out(state, {0: "1P 1G 1O 2P 2G 2O", 1: "3O 3G 3P 2O 2G K"})
    state, _ = apply(state, "check")
    state, _ = apply(state, "check")
    decision = PokerBot(seed=1, goal="improve", game=GAME).choose(
        observe(state, 0), legal_actions(state)
    )
    assert decision.action.startswith("discard ") and len(decision.action.split()) == 5
    assert decision.reason.startswith("Discards ") and decision.reason.count(". ") == 0


@pytest.mark.parametrize("players", [2, 4])
def test_ai_players_play_whole_games_and_chips_are_conserved(players):
    bots = {s: PokerBot(seed=s, goal="improve", trials=40, game=GAME) for s in range(players)}
    bots[players - 1] = CallBot()
    reasons = {}
    replay = Replay.start(GAME, 7, players=players, hands=2).play_out(bots, reasons=reasons)
    assert replay.is_terminal
    assert sum(replay.state.chips) == 100 * players
    assert reasons and all(told.text().endswith(".") for _, told in reasons.values())
