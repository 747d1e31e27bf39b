"""The generic draw-poker engine, played with a demo evaluator (the real Triad and Pyramid register
themselves elsewhere).  The demo game is registered only while these tests run."""

import pickle
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.cards import STANDARD52
from cardlab.core.conformance import check_playout
from cardlab.core.conformance import random_playout as core_random_playout
from cardlab.core.engine import CHANCE, GAMES, TERMINAL, IllegalMove, register
from cardlab.core.replay import Replay
from cardlab.games.poker.draw import DrawPoker, DrawRules

RANKS = "23456789TJQKA"
WORDS = {"2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes", "7": "Sevens"}
WORDS.update({"8": "Eights", "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens"})
WORDS.update({"K": "Kings", "A": "Aces"})


def demo_evaluate(hand):
    """Groups of equal ranks (four, three, pairs) then ranks: a poker ranking without straights
    or flushes, enough to exercise the engine."""
    counts = Counter(c.rank for c in hand)
    groups = sorted(((n, RANKS.index(r)) for r, n in counts.items()), reverse=True)
    key = tuple(n for n, _ in groups) + tuple(r for _, r in groups)
    top_n, top_r = groups[0]
    name = {1: "High", 2: "Pair of", 3: "Three", 4: "Four"}[top_n]
    words = f"{RANKS[top_r]} High" if top_n == 1 else f"{name} {WORDS[RANKS[top_r]]}"
    return key, words


def demo_deck(options):
    cards = STANDARD52.cards()
    if options.get("small_deck"):
        return tuple(c for c in cards if c.rank in "TJQKA")
    return cards


DEMO_RULES = DrawRules(
    name="poker-demo",
    title="Draw poker (demo)",
    deck=demo_deck,
    evaluate=demo_evaluate,
    hand_size=5,
    max_discard=3,
    exchange_rounds=1,
    max_exchange_rounds=2,
    min_players=2,
    max_players=7,
    extra_options={"small_deck": False},
    example_options=(
        {},
        {"players": 3, "betting": False},
        {"players": 7, "stack": 6, "hands": 6},
        {"players": 3, "small_deck": True, "max_draw": 5, "exchange_rounds": 2},
        {"players": 4, "stack": 12, "raise_cap": 1, "ante": 2, "hands": 8},
    ),
)
DEMO = DrawPoker(DEMO_RULES)
NAME = DEMO.name


@pytest.fixture(autouse=True, scope="module")
def registered():
    """Register the demo game for these tests only (the real games register at import)."""
    register(DEMO)
    yield DEMO
    GAMES.pop(NAME, None)


def random_playout(options, seed, game=NAME):
    return core_random_playout(game, options, seed)


def check_conformance(game, options, seed):
    """The checks of the conformance suite, for a game that is not built in."""
    replay = check_playout(game, options, seed)
    again = Replay.from_text(replay.to_text())
    assert again == replay and again.state == replay.state
    assert [e.narration for e in again.events] == [e.narration for e in replay.events]
    return replay


@pytest.mark.parametrize("options", DEMO_RULES.example_options, ids=str)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_conformance_checks_pass_on_the_demo_game(options, seed):
    check_conformance(DEMO, options, seed)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 7),
    stack=st.integers(1, 30),
    ante=st.integers(0, 3),
    small=st.integers(1, 4),
    big=st.integers(1, 8),
    cap=st.integers(0, 4),
)
def test_chips_are_conserved_in_every_hand(seed, players, stack, ante, small, big, cap):
    options = dict(players=players, stack=stack, ante=ante, small_bet=small, big_bet=big)
    replay = random_playout({**options, "raise_cap": cap, "hands": 4}, seed)
    total = players * stack
    for step in range(len(replay) + 1):
        state = replay.state_at(step)
        assert DEMO.chip_total(state) == total
        assert all(c >= 0 for c in state.chips)
        if state.betting is not None:
            assert all(s >= 0 for s in state.betting.stacks)
        assert abs(sum(DEMO.returns(state))) < 1e-9
    for result in replay.state.results:
        assert sum(result.payouts) == sum(result.contributions)
        assert sum(result.net) == 0
    assert sum(replay.state.chips) == total


def test_the_button_moves_left_every_hand_and_the_deal_starts_left_of_it():
    replay = random_playout({"players": 4, "hands": 5, "stack": 1000}, seed=3)
    buttons = [r.button for r in replay.state.results]
    assert buttons == [3, 0, 1, 2, 3]
    # the first card of each hand goes to the seat left of the button
    firsts = [e.narration for e in replay.events if e.narration.startswith("Hand ")]
    assert len(firsts) == 5
    for text, button in zip(firsts, buttons, strict=True):
        assert f"Player {(button + 1) % 4 + 1} is dealt to first" in text
        assert f"gives Player {(button + 1) % 4 + 1} a card" in text


def deal_out(state, hands):
    """Deal ``hands`` (seat -> card tokens) in the engine's order."""
    order = state.order
    for i in range(len(hands[order[0]].split())):
        for seat in order:
            state, _ = DEMO.apply(state, f"deal {hands[seat].split()[i]}")
    return state


def test_a_hand_step_by_step_exchange_replaces_the_discards():
    state = DEMO.initial_state(players=2, ante=1, small_bet=2, big_bet=4)
    assert state.betting.pot == 2
    state = deal_out(state, {0: "As Ad Kc 7h 2s", 1: "Qs Qd 9c 8h 3s"})
    assert state.phase == "bet1" and DEMO.current_player(state) == 0
    assert DEMO.legal_actions(state) == ["fold", "check", "bet"]
    state, ev = DEMO.apply(state, "bet")
    assert (
        ev.narration == "Player 1 bets 2."
        and str(ev.arithmetic) == "pot 2 + 2 = 4; Player 1 has 97 behind"
    )
    state, ev = DEMO.apply(state, "call")
    # Player 2 (seat 1) has the button, so Player 1 exchanges first
    assert state.phase == "draw" and DEMO.current_player(state) == 0
    state, ev = DEMO.apply(state, "stand pat")
    assert ev.public and ev.narration.startswith("Player 1 stands pat (keeps all 5 cards).")
    state, ev = DEMO.apply(state, "discard 9c 3s 8h")
    assert not ev.public and "discards 3 cards" in ev.narration
    assert DEMO.current_player(state) == CHANCE and state.to_draw == 3
    assert len(state.hands[1]) == 2
    for card in ("Qh", "Qc", "2d"):
        state, ev = DEMO.apply(state, f"draw {card}")
    assert Counter(c.code for c in state.hands[1]) == Counter(["Qs", "Qd", "Qh", "Qc", "2d"])
    assert sorted(c.code for _, c in state.muck) == ["3s", "8h", "9c"]
    view = DEMO.observe(state, 0)
    assert view.hands[1] == (None,) * 5 and view.my_discards == ()
    assert DEMO.observe(state, 1).my_discards and view.log[-1] == (1, "discard 3")
    assert state.phase == "bet2" and state.betting.bet_size == 4
    state, _ = DEMO.apply(state, "check")
    state, ev = DEMO.apply(state, "check")
    assert state.phase == "done"
    assert "Player 2 wins the pot of 6" in ev.narration
    assert "Player 2 shows" in ev.narration and "Four Queens" in ev.narration
    assert state.chips == (97, 103)
    assert DEMO.returns(state) == (-3.0, 3.0)
    assert str(ev.arithmetic).endswith("Player 2 6 - 3 put in = +3 (103 chips)")
    # shown hands are public at the end of the hand
    assert DEMO.observe(state, 0).hands[1] == state.hands[1]
    state, ev = DEMO.apply(state, "next hand")
    assert state.button == 0 and state.hand_no == 2 and state.betting.pot == 2


def test_win_without_showdown_and_split_pot_in_the_game():
    state = DEMO.initial_state(players=3)
    state = deal_out(state, {0: "As Ad Kc 7h 2s", 1: "Ah Ac Kd 7d 2c", 2: "3s 4d 6c 8h 9s"})
    state, _ = DEMO.apply(state, "bet")  # P1 bets 2
    state, _ = DEMO.apply(state, "call")  # P2
    state, _ = DEMO.apply(state, "fold")  # P3
    assert state.phase == "draw"
    state, _ = DEMO.apply(state, "stand pat")
    state, _ = DEMO.apply(state, "stand pat")
    state, _ = DEMO.apply(state, "check")
    state, ev = DEMO.apply(state, "check")
    # pot 3 + 2 + 2 = 7 split between identical hands: the odd chip to Player 1 (left of button)
    assert "tie and split the pot of 7" in ev.narration
    assert "odd chip goes to Player 1" in ev.narration
    assert state.chips == (101, 100, 99)
    assert state.shown == (0, 1)
    # P3 folded: its cards stay hidden from the others
    assert DEMO.observe(state, 0).hands[2] == (None,) * 5

    state = DEMO.initial_state(players=2)
    state = deal_out(state, {0: "As Ad Kc 7h 2s", 1: "Ah Ac Kd 7d 2c"})
    state, _ = DEMO.apply(state, "bet")
    state, ev = DEMO.apply(state, "fold")
    assert "Player 1 wins the pot of 4 without a showdown" in ev.narration
    assert state.shown == () and state.chips == (101, 99)


def test_all_in_and_side_pots_in_the_game():
    """Chips carried over make stacks unequal: a short stack goes all-in and a side pot forms."""
    state = DEMO.initial_state(players=3, stack=20, ante=0, small_bet=2, big_bet=4)
    state = replace_chips(state, (3, 20, 20))
    state = deal_out(state, {0: "As Ad Ac 7h 2s", 1: "Kh Kc Kd 7d 2c", 2: "3s 4d 6c 8h 9s"})
    state, _ = DEMO.apply(state, "bet")  # P1 bets 2 (1 behind)
    state, _ = DEMO.apply(state, "raise")  # P2 raises to 4
    state, _ = DEMO.apply(state, "call")  # P3 calls 4
    assert DEMO.legal_actions(state) == ["fold", "call"]  # P1 has 1 behind: can only call it all
    state, ev = DEMO.apply(state, "call")
    assert "calls 1 of the 2 owed and is all-in" in ev.narration
    for _ in range(3):
        state, _ = DEMO.apply(state, "stand pat")
    assert state.phase == "bet2" and DEMO.current_player(state) == 1  # P1 all-in is skipped
    state, _ = DEMO.apply(state, "bet")  # P2 bets 4
    state, ev = DEMO.apply(state, "call")  # P3 calls: showdown
    assert "Player 1 wins the main pot of 9" in ev.narration
    assert "Player 2 wins a side pot of 10" in ev.narration
    assert state.chips == (9, 22, 12)  # P2: 20 - 8 put in + 10; P3: 20 - 8
    assert sum(state.chips) == 43


def replace_chips(state, chips):
    """The same table with other starting stacks (as after some hands were played)."""
    from dataclasses import replace

    from cardlab.games.poker import betting

    b = betting.new_hand(chips, state.button, cap=state.option("raise_cap"))
    b = betting.post_antes(b, state.option("ante")).betting
    return replace(state, chips=chips, betting=b)


def test_a_busted_player_sits_out_and_the_game_ends_when_one_player_has_chips():
    state = DEMO.initial_state(players=3, stack=10, ante=0)
    state = replace_chips(state, (0, 10, 20))
    assert state.in_hand == (True, True, True)  # as set up; a real next hand recomputes
    from dataclasses import replace

    done = replace(state, phase="done", betting=None)
    nxt, _ev = DEMO.apply(done, "next hand")
    assert nxt.in_hand == (False, True, True) and nxt.button == 1
    assert "Player 1 has no chips and sits out" in str(DEMO._hand_intro(nxt))
    over = replace(done, chips=(0, 0, 30))
    assert DEMO.current_player(over) == TERMINAL
    assert DEMO.returns(over) == (-10.0, -10.0, 20.0)


def test_stock_reshuffle_when_it_runs_out():
    # 20-card deck, 3 players x 5 = 15 dealt, 5 left; everyone discards 5
    state = DEMO.initial_state(players=3, small_deck=True, max_draw=5, betting=False)
    state = deal_out(state, {0: "Ts Th Td Tc Js", 1: "Jh Jd Jc Qs Qh", 2: "Qd Qc Ks Kh Kd"})
    assert state.phase == "draw" and len(state.stock) == 5
    state, _ = DEMO.apply(state, "discard Ts Th Td Tc Js")
    for card in ("Kc", "As", "Ah", "Ad", "Ac"):
        state, _ = DEMO.apply(state, f"draw {card}")
    assert state.stock == () and len(state.muck) == 5
    state, _ = DEMO.apply(state, "discard Jh Jd Jc Qs Qh")
    assert DEMO.chance_outcomes(state) == [("shuffle discards", 1.0)]
    assert DEMO.legal_actions(state) == ["shuffle discards"]
    assert str(DEMO.why_illegal(state, "draw Ts"))
    state, ev = DEMO.apply(state, "shuffle discards")
    assert "5 discarded cards are shuffled" in ev.narration
    # Player 2's own discards are kept out of the new stock
    assert sorted(c.code for c in state.stock) == sorted(["Ts", "Th", "Td", "Tc", "Js"])
    assert len(state.pending) == 5
    for card in ("Ts", "Th", "Td", "Tc", "Js"):
        state, _ = DEMO.apply(state, f"draw {card}")
    assert len(state.muck) == 5 and state.stock == ()
    # Player 3 discards 2: the stock is reshuffled from Player 2's discards
    state, _ = DEMO.apply(state, "discard Ks Kh")
    state, _ = DEMO.apply(state, "shuffle discards")
    state, _ = DEMO.apply(state, "draw Jh")
    state, ev = DEMO.apply(state, "draw Qh")
    assert state.phase == "done"
    assert Counter(DEMO.cards(state)) == Counter(demo_deck({"small_deck": True}))


def test_showdown_only_mode_scores_points_without_betting():
    replay = random_playout({"players": 3, "betting": False, "hands": 4}, seed=8)
    game = replay.game
    actions = [
        a for a in replay.actions if a.split()[0] in ("fold", "check", "call", "bet", "raise")
    ]
    assert actions == []
    state = replay.state
    assert sum(state.points) == 4
    assert all(r.pots == () and r.payouts == (0, 0, 0) for r in state.results)
    assert game.returns(state) == pytest.approx(tuple(float(p) - 4 / 3 for p in state.points))
    first = Replay.start(NAME, 1, players=2, betting=False).resolve_chance()
    assert first.state.phase == "draw" and first.state.betting is None


def test_raise_cap_in_the_game():
    state = DEMO.initial_state(players=2, raise_cap=2)
    state = deal_out(state, {0: "As Ad Kc 7h 2s", 1: "Qs Qd 9c 8h 3s"})
    for action in ("bet", "raise", "raise"):
        state, _ = DEMO.apply(state, action)
    assert "raise" not in DEMO.legal_actions(state)
    assert (
        str(DEMO.why_illegal(state, "raise"))
        == "you cannot raise: the raise cap (2 raises) is reached"
    )


def test_illegal_actions_are_refused_with_reasons_and_change_nothing():
    state = DEMO.initial_state(players=2)
    state = deal_out(state, {0: "As Ad Kc 7h 2s", 1: "Qs Qd 9c 8h 3s"})
    state, _ = DEMO.apply(state, "bet")
    before = pickle.dumps(state)
    reasons = {
        "check": "you cannot check: 2 chips are owed (call, raise or fold)",
        "bet": "you cannot bet: there is already a bet this round (call, raise or fold)",
        "discard Qs": "it is a betting round, not the exchange: Player 2 may fold, call or raise",
        "deal 2h": "a betting action is one of fold, check, call, bet, raise, got 'deal 2h'",
    }
    for action, reason in reasons.items():
        assert str(DEMO.why_illegal(state, action)) == reason
        with pytest.raises(IllegalMove) as err:
            DEMO.apply(state, action)
        assert str(err.value.reason) == reason
    assert pickle.dumps(state) == before
    state, _ = DEMO.apply(state, "call")
    seat = DEMO.current_player(state)
    hand = " ".join(c.code for c in state.hands[seat])
    assert (
        str(DEMO.why_illegal(state, "discard " + hand)) == "you may discard at most 3 cards, not 5"
    )
    assert str(DEMO.why_illegal(state, "discard 5h")).startswith("you do not hold 5h")
    assert "not a card" in str(DEMO.why_illegal(state, "discard ZZ"))
    assert "'discard <cards>'" in str(DEMO.why_illegal(state, "call"))
    for bad in (None, 42, "", ("bet",)):
        assert str(DEMO.why_illegal(state, bad)).startswith("an action is text")
    with pytest.raises(ValueError, match="players must be 2-7"):
        DEMO.initial_state(players=8)
    with pytest.raises(ValueError, match="exchange_rounds must be 1-2"):
        DEMO.initial_state(exchange_rounds=3)
    with pytest.raises(ValueError, match="needs more than the 20 cards"):
        DEMO.initial_state(players=5, small_deck=True)


def test_replay_text_round_trip_and_the_teacher_view():
    replay = random_playout({"players": 3, "exchange_rounds": 2}, seed=21)
    text = replay.to_text()
    assert "\ndeal " in text and "\nnext hand\n" in text
    again = Replay.from_text(text)
    assert again == replay and again.state == replay.state
    mid = replay.truncate(30)
    teacher = DEMO.observe(mid.state, None)
    assert all(c is not None for h in teacher.hands for c in h)
    for seat in range(3):
        mine = DEMO.observe(mid.state, seat)
        assert mine.hands[seat] == teacher.hands[seat]
        assert all(c is None for s, h in enumerate(mine.hands) if s != seat for c in h)
