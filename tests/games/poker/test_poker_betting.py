"""Fixed-limit betting: legal actions and reasons, the raise cap, all-in, side pots, split pots."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.games.poker import betting as bet


def round_of(stacks, button=len, size=2, cap=3, ante=0):
    b = bet.new_hand(stacks, button=(len(stacks) - 1) if button is len else button, cap=cap)
    b = bet.post_antes(b, ante).betting
    return bet.start_round(b, size)


def play(b, *actions):
    for action in actions:
        b = bet.apply(b, action).betting
    return b


def test_opening_actions_and_reasons():
    b = round_of((10, 10, 10))
    assert b.to_act == 0
    assert bet.legal_actions(b) == ["fold", "check", "bet"]
    assert (
        str(bet.why_illegal(b, "raise"))
        == "you cannot raise: nobody has bet yet this round (bet instead)"
    )
    assert str(bet.why_illegal(b, "call")).startswith("there is nothing to call")
    b = play(b, "bet")
    assert b.to_act == 1 and b.bets == (2, 0, 0) and b.pot == 2
    assert bet.legal_actions(b) == ["fold", "call", "raise"]
    assert (
        str(bet.why_illegal(b, "check"))
        == "you cannot check: 2 chips are owed (call, raise or fold)"
    )
    assert str(bet.why_illegal(b, "bet")).startswith("you cannot bet: there is already a bet")
    assert str(bet.why_illegal(b, "shove")).startswith("a betting action is one of")
    with pytest.raises(ValueError, match="cannot check"):
        bet.apply(b, "check")
    step = bet.apply(b, "raise")
    assert str(step.narration) == "Player 2 raises to 4 (raise 1 of 3)."
    assert str(step.arithmetic) == "pot 2 + 4 = 6; Player 2 has 6 behind"
    done = play(round_of((10, 10)), "bet", "call")
    assert str(bet.why_illegal(done, "check")) == "the betting round is over: nobody is to act"
    assert bet.legal_actions(done) == []


def test_round_completes_when_all_have_acted_and_matched():
    b = round_of((10, 10, 10))
    b = play(b, "check", "check")
    assert not b.complete
    b = play(b, "bet")  # Player 3 bets
    assert b.to_act == 0
    b = play(b, "call", "call")
    assert b.complete and b.pot == 6 and b.stacks == (8, 8, 8)
    b = play(round_of((10, 10, 10)), "bet", "fold", "fold")
    assert b.complete and b.hand_over and b.live() == [0]


def test_the_raise_cap():
    b = play(round_of((100, 100), cap=3), "bet", "raise", "raise", "raise")
    assert b.raises == 3 and b.bets == (6, 8)
    assert bet.legal_actions(b) == ["fold", "call"]
    assert (
        str(bet.why_illegal(b, "raise")) == "you cannot raise: the raise cap (3 raises) is reached"
    )
    b = play(round_of((100, 100), cap=1), "bet", "raise")
    assert (
        str(bet.why_illegal(b, "raise")) == "you cannot raise: the raise cap (1 raise) is reached"
    )
    b = play(round_of((100, 100), cap=0), "bet")
    assert "raise" not in bet.legal_actions(b)


def test_all_in_call_for_less_and_incomplete_raise():
    # Player 1 has 3 chips: bets 2, then can only call the rest
    b = play(round_of((3, 20, 20)), "bet", "raise", "call")
    assert bet.legal_actions(b) == ["fold", "call"]
    assert str(bet.why_illegal(b, "raise")).startswith("you cannot raise: calling 2 chips")
    step = bet.apply(b, "call")
    assert str(step.narration) == "Player 1 calls 1 of the 2 owed and is all-in."
    b = step.betting
    assert b.complete and b.all_in(0) and b.contributions == (3, 4, 4)
    # an all-in raise for less than a full raise does not re-open raising for those who acted
    b = play(round_of((20, 20, 5), size=4), "bet", "call")
    step = bet.apply(b, "raise")  # Player 3 has 5: 4 to call + 1
    assert "less than a full raise" in str(step.narration) and step.betting.raises == 0
    b = step.betting
    assert b.to_act == 0 and bet.legal_actions(b) == ["fold", "call"]
    assert "does not re-open" in str(bet.why_illegal(b, "raise"))
    b = play(b, "call", "call")
    assert b.complete and b.contributions == (5, 5, 5)


def test_nobody_bets_into_players_who_are_all_in():
    b = bet.post_antes(bet.new_hand((1, 1, 10), button=2), 1).betting
    assert b.all_in(0) and b.all_in(1)
    b = bet.start_round(b, 2)
    assert b.complete  # only Player 3 has chips: nobody could call a bet
    b = play(round_of((2, 10)), "bet")
    assert b.all_in(0) and b.to_act == 1
    assert bet.legal_actions(b) == ["fold", "call"]
    assert "every other player still in is all-in" in str(bet.why_illegal(b, "raise"))


def test_antes_short_stack():
    step = bet.post_antes(bet.new_hand((1, 5, 0), button=0), 2)
    assert step.betting.contributions == (1, 2, 0)
    assert step.betting.folded == (False, False, True)  # no chips: not in the hand
    assert "Player 1 antes only 1 and is all-in" in str(step.narration)
    assert str(step.arithmetic) == "pot 1 + 2 = 3"


def test_side_pots_with_all_in_and_unequal_stacks():
    contributions = (5, 20, 20, 12)
    folded = (False, False, False, True)
    pots = bet.pots(contributions, folded)
    assert [(p.amount, p.eligible) for p in pots] == [(20, (0, 1, 2)), (37, (1, 2))]
    # the all-in player has the best hand: wins only the main pot
    keys = (9, 5, 3, None)
    assert bet.award(contributions, folded, keys) == (20, 37, 0, 0)
    keys = (1, 5, 5, None)  # the other two tie for everything
    assert bet.award(contributions, folded, keys, button=3) == (0, 29, 28, 0)
    # an uncalled bet comes back: only its bettor is eligible for the top layer
    assert bet.award((4, 10, 0), (False, False, True), (7, 2, None)) == (8, 6, 0)


def test_split_pot_odd_chips_go_left_of_the_button():
    contributions, folded = (5, 5, 5), (False, False, False)
    keys = (7, 7, 3)
    assert bet.award(contributions, folded, keys, button=2) == (8, 7, 0)
    assert bet.award(contributions, folded, keys, button=0) == (7, 8, 0)
    assert bet.award((4, 4, 4, 4), (False,) * 4, (1, 1, 1, 1), button=1) == (4, 4, 4, 4)
    # three winners share 16 (6 5 5): the first winner left of the button (seat 2) gets the odd
    # chip; seat 3's uncalled extra chip comes back to it
    assert bet.award((4, 4, 4, 5), (False,) * 4, (1, 1, 1, 0), button=1) == (5, 5, 6, 1)
    assert bet.award((4, 4, 4, 5), (False,) * 4, (1, 1, 1, 0), button=2) == (6, 5, 5, 1)


def test_pots_need_a_live_player_and_keys_for_contested_pots():
    with pytest.raises(ValueError, match="at least one player"):
        bet.pots((1, 1), (True, True))
    with pytest.raises(ValueError, match="ranking key"):
        bet.award((1, 1), (False, False), (None, 3))


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(0, 50), st.booleans(), st.integers(0, 3)), min_size=2, max_size=7
    ),
    st.integers(0, 6),
)
def test_award_conserves_chips_exactly(players, button):
    contributions = [c for c, _, _ in players]
    folded = [f for _, f, _ in players]
    if all(folded):
        folded[0] = False
    keys = [None if f else k for (_, _, k), f in zip(players, folded, strict=True)]
    payouts = bet.award(contributions, folded, keys, button % len(players))
    assert sum(payouts) == sum(contributions)
    assert all(p == 0 for p, f in zip(payouts, folded, strict=True) if f)
    # nobody wins more than the layers they paid into allow
    for s, p in enumerate(payouts):
        cap = sum(min(c, contributions[s]) for c in contributions)
        if p > cap:
            # only possible via the merged layer of a folded over-contributor
            assert any(
                folded[o] and contributions[o] > contributions[s] for o in range(len(folded))
            )


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(0, 12), min_size=2, max_size=6),
    st.integers(1, 4),
    st.integers(0, 3),
    st.lists(st.integers(0, 4), min_size=30, max_size=30),
)
def test_random_betting_rounds_conserve_chips_and_terminate(stacks, size, cap, choices):
    if sum(s > 0 for s in stacks) < 2:
        stacks = [5, *stacks[1:]] if stacks[0] == 0 else stacks
        stacks[1] = max(stacks[1], 1)
    b = round_of(tuple(stacks), size=size, cap=cap, ante=1)
    total = sum(stacks)
    for choice in choices:
        if b.complete:
            break
        legal = bet.legal_actions(b)
        assert legal and "fold" in legal
        b = bet.apply(b, legal[choice % len(legal)]).betting
        assert sum(b.stacks) + b.pot == total and min(b.stacks) >= 0
        assert b.raises <= cap
    live = b.live()
    keys = [None if b.folded[s] else s % 2 for s in range(len(stacks))]
    payouts = bet.award(b.contributions, b.folded, keys, b.button)
    assert sum(payouts) == b.pot
    assert live
