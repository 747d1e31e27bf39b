"""PokerBot and CallBot on the demo draw-poker game (see test_poker_draw.py)."""

import random
import re
from dataclasses import replace
from importlib import import_module
from unittest.mock import patch

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from test_poker_draw import DEMO, DEMO_RULES, NAME, deal_out, registered  # noqa: F401

from cardlab.core.bots import RandomBot
from cardlab.core.engine import GAMES, get_game, register
from cardlab.core.replay import Replay
from cardlab.games.poker.bots import CallBot, Equity, PokerBot, best_discard, showdown_equity
from cardlab.games.poker.draw import DrawPoker


def bet1(hands, players=2, **options):
    state = DEMO.initial_state(players=players, **options)
    return deal_out(state, hands)


def test_strong_hands_raise_weak_hands_fold_with_reasons():
    state = bet1({0: "As Ad Ac Ah 2s", 1: "Qs Qd 9c 8h 3s"})
    view = DEMO.observe(state, 0)
    bot = PokerBot(seed=1, bluff=0)
    decision = bot.choose(view, DEMO.legal_actions(state))
    assert decision.action == "bet"
    assert re.fullmatch(
        r"Bets: my Four Aces wins 100% of 300 simulated showdowns against 1 opponent, "
        r"above the 65% I want to build the pot\.",
        decision.reason,
    )
    state, _ = DEMO.apply(state, "bet")
    state, _ = DEMO.apply(state, "raise")  # Player 2 raises
    # Player 1 re-raises with four aces
    assert bot.choose(DEMO.observe(state, 0), DEMO.legal_actions(state)).action == "raise"
    weak = bet1({0: "7s 5d 4c 3h 2s", 1: "Qs Qd 9c 8h 3s"}, players=2, small_bet=50)
    weak, _ = DEMO.apply(weak, "check")
    weak, _ = DEMO.apply(weak, "bet")
    decision = PokerBot(seed=2, bluff=0).choose(DEMO.observe(weak, 0), DEMO.legal_actions(weak))
    assert decision.action == "fold"
    assert decision.reason.startswith("Folds: calling 50 into a pot of 52 needs 49% equity, but my")


def test_equity_is_seeded_and_counts_ties():
    state = bet1({0: "As Ad Kc 7h 2s", 1: "Ah Ac Kd 7d 2c"})
    view = DEMO.observe(state, 0)
    import random

    a = showdown_equity(DEMO, view, 200, random.Random(5))
    b = showdown_equity(DEMO, view, 200, random.Random(5))
    assert a == b and 0 < a.share < 1 and a.opponents == 1 and a.description == "Pair of Aces"
    bot = PokerBot(seed=9)
    legal = DEMO.legal_actions(state)
    assert bot.choose(view, legal) == bot.choose(view, legal)


def test_discard_keeps_the_trips_and_draws_two():
    state = bet1({0: "Ks Kd Kh 7h 2s", 1: "Qs Qd 9c 8h 3s"})
    state, _ = DEMO.apply(state, "check")
    state, _ = DEMO.apply(state, "check")
    view = DEMO.observe(state, 0)
    decision = PokerBot(seed=3).choose(view, DEMO.legal_actions(state))
    assert decision.action == "discard 7h 2s"
    assert decision.reason.startswith(
        "Discards 7h 2s: over 60 simulated draws the 2 new cards beat"
    )
    assert "standing pat:" in decision.reason and "improve my Three Kings" in decision.reason
    # four of a kind stands pat
    state = bet1({0: "Ks Kd Kh Kc Ah", 1: "Qs Qd 9c 8h 3s"})
    state = DEMO.apply(DEMO.apply(state, "check")[0], "check")[0]
    decision = PokerBot(seed=3).choose(DEMO.observe(state, 0), DEMO.legal_actions(state))
    assert decision.action == "stand pat"
    assert decision.reason.startswith("Stands pat: my Four Kings already beats")
    import random

    improve = best_discard(DEMO, DEMO.observe(state, 0), 30, random.Random(1), goal="improve")
    assert improve.improve >= 0


def test_an_advisor_on_the_rules_is_used_when_present():
    calls = []

    def advisor(hand, unseen, max_draw):
        calls.append((len(hand), len(unseen), max_draw))
        return hand[-1:], "the exact advisor says so."

    game = DrawPoker(replace(DEMO_RULES, name="poker-demo-advised", advisor=advisor))
    register(game)
    try:
        state = game.initial_state(players=2)
        state = deal_out(state, {0: "Ks Kd Kh 7h 2s", 1: "Qs Qd 9c 8h 3s"})
        state = game.apply(game.apply(state, "check")[0], "check")[0]
        decision = PokerBot(seed=1).choose(game.observe(state, 0), game.legal_actions(state))
        assert decision.action == "discard 2s"
        assert decision.reason == "Discards 2s: the exact advisor says so."
        assert calls == [(5, 47, 3)]
    finally:
        GAMES.pop(game.name, None)


def test_bluffing_happens_sometimes_when_allowed():
    state = bet1({0: "7s 5d 4c 3h 2s", 1: "Qs Qd 9c 8h 3s"})
    view = DEMO.observe(state, 0)
    legal = DEMO.legal_actions(state)
    actions = [PokerBot(seed=s, bluff=0.5, trials=50).choose(view, legal) for s in range(20)]
    bluffs = [d for d in actions if d.action == "bet"]
    assert bluffs and all(d.reason.startswith("Bluffs with a bet:") for d in bluffs)
    never = [PokerBot(seed=s, bluff=0, trials=50).choose(view, legal).action for s in range(20)]
    assert set(never) == {"check"}
    with pytest.raises(ValueError, match="bluff"):
        PokerBot(bluff=2)


def test_call_bot_checks_calls_and_stands_pat():
    bot = CallBot()
    state = bet1({0: "7s 5d 4c 3h 2s", 1: "Qs Qd 9c 8h 3s"})
    assert bot.choose(DEMO.observe(state, 0), DEMO.legal_actions(state)).action == "check"
    state, _ = DEMO.apply(state, "check")
    state, _ = DEMO.apply(state, "bet")
    d = bot.choose(DEMO.observe(state, 0), DEMO.legal_actions(state))
    assert d.action == "call" and d.reason == "Calls 2: I call everything."
    state, _ = DEMO.apply(state, "call")
    assert bot.choose(DEMO.observe(state, 0), DEMO.legal_actions(state)).action == "stand pat"


@pytest.mark.parametrize(
    "options",
    [{"players": 3}, {"players": 2, "betting": False}, {"players": 4, "stack": 8, "hands": 3}],
    ids=str,
)
def test_bots_play_whole_games_and_chips_are_conserved(options):
    replay = Replay.start(NAME, 4, **options)
    n = options["players"]
    bots = {0: PokerBot(seed=0, trials=80, draw_trials=20), 1: CallBot()}
    bots.update({s: RandomBot(s) for s in range(2, n)})
    replay = replay.play_out(bots)
    assert replay.is_terminal
    assert abs(sum(DEMO.returns(replay.state))) < 1e-9
    if options.get("betting", True):
        assert sum(replay.state.chips) == n * options.get("stack", 100)


SHOWN = r"(\d+(?:\.\d+)?)%"
COMPARED = (  # (pattern, bar first?, the share must be shown >= the bar?)
    (rf"needs {SHOWN} equity, and .* wins {SHOWN}", True, True),
    (rf"needs {SHOWN} equity, but .* wins {SHOWN}", True, False),
    (rf"wins {SHOWN} .*, above the {SHOWN}", False, True),
    (rf"wins {SHOWN} .*, (?:below|less than) the {SHOWN}", False, False),
)


@settings(max_examples=150, deadline=None)
@example(share=50 / 102 - 0.003, owed=True)  # "needs 49% equity, but my hand wins 49%"
@example(share=0.65 - 0.002, owed=False)  # "wins 65%, below the 65% I want"
@given(share=st.floats(0, 1), owed=st.booleans())
def test_a_reason_never_shows_numbers_that_contradict_its_comparison(share, owed):
    """The equity and the bar it is compared with are shown with the digits that keep their
    order: "needs 22% equity, but my hand wins 22%" read as false."""
    state = bet1({0: "7s 5d 4c 3h 2s", 1: "Qs Qd 9c 8h 3s"}, players=2, small_bet=50)
    if owed:
        state, _ = DEMO.apply(state, "check")
        state, _ = DEMO.apply(state, "bet")
    equity = Equity(share, 300, 1, "High Card")
    with patch("cardlab.games.poker.bots.showdown_equity", return_value=equity):
        decision = PokerBot(seed=3, bluff=0.5).choose(
            DEMO.observe(state, 0), DEMO.legal_actions(state)
        )
    compared = [
        (m, bar_first, at_least)
        for pattern, bar_first, at_least in COMPARED
        if (m := re.search(pattern, decision.reason))
    ]
    assert len(compared) <= 1, decision.reason
    for m, bar_first, at_least in compared:
        bar, shown = (float(x) for x in (m.groups() if bar_first else m.groups()[::-1]))
        assert (shown >= bar) == at_least, decision.reason


@settings(max_examples=40, deadline=None)
@given(
    game_name=st.sampled_from(["triad", "pyramid"]),
    seed=st.integers(0, 10**6),
    players=st.integers(2, 7),
    wild=st.booleans(),
    five=st.booleans(),
    trials=st.integers(1, 120),
)
def test_many_hands_showdowns_are_the_hand_by_hand_ones(game_name, seed, players, wild, five,
                                                         trials):  # fmt: skip
    """Triad's and Pyramid's bots evaluate their simulated showdowns all at once
    (`DrawRules.codes`): the same draws, the same wins and ties, the same equity to the last
    bit as one hand at a time, so every decision and every reason stays what it was."""
    game = get_game(game_name)
    assert isinstance(game, DrawPoker)
    if game_name == "triad":
        options = {"jokers": "wild" if wild else "out", "five_of_a_kind": five}
    else:
        options = {}
        players = min(players, game.rules.max_players)
    state = import_module(f"cardlab.games.{game_name}").new_game(seed, players=players,
                                                                  **options).state  # fmt: skip
    view = game.observe(state, seed % players)
    plain = DrawPoker(replace(game.rules, codes=None))
    fast = showdown_equity(game, view, trials, random.Random(seed))
    slow = showdown_equity(plain, view, trials, random.Random(seed))
    assert fast == slow and fast.trials == trials
