"""Triangle's ReasoningBot: legal, explained with the numbers, safe with free points, and strong."""

import re

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from triangle_positions import dealt, random_position

from cardlab.core.bots import Bot, RandomBot
from cardlab.games.triangle import GAME, new_game
from cardlab.games.triangle.bots import ReasoningBot
from cardlab.games.triangle.odds import best_statement, statement_odds
from cardlab.games.triangle.rules import VALUES


class Recorder:
    """Wraps a bot and keeps every (observation, legal actions, decision) it made."""

    def __init__(self, bot):
        self.bot, self.log = bot, []

    def choose(self, observation, legal_actions):
        decision = self.bot.choose(observation, legal_actions)
        self.log.append((observation, list(legal_actions), decision))
        return decision


def peer_values(view):
    return [VALUES[c.rank] for s, c in enumerate(view.cards) if s != view.seat]


def play(seed, bots):
    recorders = {s: Recorder(b) for s, b in bots.items()}
    replay = new_game(seed).play_out(recorders)
    assert replay.is_terminal
    return [entry for r in recorders.values() for entry in r.log if isinstance(r.bot, ReasoningBot)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), threshold=st.sampled_from([0.0, 0.5, 0.9]))
@example(seed=1227464, threshold=0.0)  # one unseen card: "1 of the 1 card I have not seen"
def test_decisions_are_legal_safe_and_explained(seed, threshold):
    bots = {
        0: ReasoningBot(threshold),
        1: ReasoningBot(threshold, remember=False),
        2: RandomBot(seed),
    }
    log = play(seed, bots)
    assert log
    for view, legal, decision in log:
        bot = bots[view.seat]
        assert decision.action in legal
        best = best_statement(view, remember=bot.remember)
        reason = decision.reason
        assert reason.endswith(".") and reason.count(". ") == 0  # one sentence
        a, b = peer_values(view)
        certain_s1 = a % 2 == b % 2
        if view.phase == "claim":
            assert f"{float(best.net):+.2f} net" in reason
            if certain_s1:  # a free point is always worth grabbing when threshold < 1
                assert decision.action == "claim"
            assert (decision.action == "claim") == (best.net > threshold)
        else:
            said = decision.action.removeprefix("state ")
            assert said == best.statement.code
            if best.statement.kind == "S1":  # never an S1 it can see is false
                assert best.p_true == 1 and (a % 2 == 0) == (best.statement.arg == "even")
                assert "a certain point" in reason
            else:
                assert f"P = {best.p_true}" in reason and f"{float(best.net):+.2f}" in reason
            if certain_s1:
                assert best.net >= 1  # S1, or something worth at least as much
        if "P = " in reason:
            assert re.search(rf"{best.favourable} of the {best.unseen} cards? ", reason)


def test_reasons_for_the_worked_example():
    """§6.2 (peers A and 2, RtS 3) in the bot's own words, before and after seeing the RtS."""
    replay = dealt({0: "5c", 1: "Ah", 2: "2s"}, "3d", ("no_claim", "no_claim"))
    bot = ReasoningBot()
    claim_view = GAME.observe(replay.state, 0)
    decision = bot.choose(claim_view, GAME.legal_actions(replay.state))
    assert decision.action == "claim"
    assert decision.reason == (
        'Claims: "I am higher than my peers" is true for 16 of the 22 cards I have not seen '
        "(P = 8/11), worth +1.36 net."
    )
    replay = replay.append("claim")
    decision = bot.choose(GAME.observe(replay.state, 0), GAME.legal_actions(replay.state))
    assert decision.action == "state S3"
    assert decision.reason == (
        'Says "I am higher than my peers": true for 15 of the 21 cards I have not seen '
        "(P = 5/7), so I expect 2.14 points and each opponent 0.86, net +1.29."
    )


def test_free_point_and_threshold():
    """Peers 2 and 6 (§6.1): a certain S1, claimed below threshold 1 and stated; passed above."""
    replay = dealt({0: "3c", 1: "2h", 2: "6s"}, "4d", ("no_claim", "no_claim"))
    view, legal = GAME.observe(replay.state, 0), GAME.legal_actions(replay.state)
    assert ReasoningBot(0.99).choose(view, legal).action == "claim"
    passed = ReasoningBot(1.5).choose(view, legal)
    assert passed.action == "no_claim"
    assert passed.reason == (
        'Passes: my best statement, "My peers are even", is worth only +1.00 net, '
        "below my threshold of 1.50."
    )
    replay = replay.append("claim")
    decision = ReasoningBot().choose(
        GAME.observe(replay.state, 0), GAME.legal_actions(replay.state)
    )
    assert decision.action == "state S1 even"
    assert (
        decision.reason == 'Says "My peers are even": a certain point (both peers show even cards).'
    )


def test_remembering_bot_counts_earlier_rounds():
    state = next(
        st for seed in range(100) if len((st := random_position(seed, 0.5)).turn_rounds()) >= 2
    )
    seat = state.speaker if state.phase == "state" else state.claim_order[0]
    view = GAME.observe(state, seat)
    legal = GAME.legal_actions(state) if GAME.current_player(state) == seat else ["claim"]
    for remember, unseen in ((True, 24 - len(view.known)), (False, 22 if view.rts is None else 21)):
        odds = statement_odds(view, remember=remember)
        assert all(o.unseen == unseen for o in odds)
        best = best_statement(view, remember=remember)
        reason = ReasoningBot(remember=remember).choose(view, legal).reason
        if "P = " in reason:
            where = "I have not seen" if remember else "not in view now"
            assert f"of the {unseen} cards {where}" in reason
        assert f"{float(best.net):+.2f}" in reason or "certain point" in reason


def test_is_a_bot():
    assert isinstance(ReasoningBot(), Bot)
    assert "threshold=0.5" in repr(ReasoningBot())


def test_bot_refuses_other_phases():
    replay = new_game(0)
    view = GAME.observe(replay.state, 0)
    view = type(view)(**{**view.__dict__, "phase": "deal"})
    with pytest.raises(ValueError, match="claim or state phase"):
        ReasoningBot().choose(view, [])


def test_reasoning_beats_random():
    """A small seeded match (the benchmark plays 10,000): far more than a third of the wins."""
    wins = 0.0
    games = 90
    for g in range(games):
        seat = g % 3
        bots = {s: ReasoningBot() if s == seat else RandomBot(f"{g}/{s}") for s in range(3)}
        replay = new_game(g).play_out(bots)
        top = max(replay.state.scores)
        winners = [s for s in range(3) if replay.state.scores[s] == top]
        wins += (seat in winners) / len(winners)
    assert wins / games > 0.6
