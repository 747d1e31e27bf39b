"""Three Thirteen bots: legal moves, one-sentence reasons, going out, and beating random play."""

from dataclasses import replace

import pytest
from test_tt_game import table

from cardlab.games.three_thirteen import legal_actions, new_game, observe
from cardlab.games.three_thirteen.bots import GreedyBot, ThreeThirteenBot, ThreeThirteenRandomBot


class Recorder:
    def __init__(self, bot):
        self.bot, self.log = bot, []

    def choose(self, view, legal):
        decision = self.bot.choose(view, legal)
        self.log.append((view, list(legal), decision))
        return decision


@pytest.mark.parametrize(
    ("seed", "options"),
    [
        (1, {"players": 2, "rounds": 3}),
        (2, {"players": 3, "rounds": 2, "aces": "high_or_low"}),
        (3, {"players": 2, "rounds": 2, "no_immediate_rediscard": True, "max_wilds_per_meld": 1}),
    ],
)
def test_decisions_are_legal_and_explained(seed, options):
    players = options["players"]
    makers = [ThreeThirteenBot, GreedyBot, lambda: ThreeThirteenRandomBot(seed)]
    bots = {s: Recorder(makers[s % 3]()) for s in range(players)}
    replay = new_game(seed, **options).play_out(bots)
    assert replay.is_terminal
    for recorder in bots.values():
        assert recorder.log
        for _view, legal, decision in recorder.log:
            assert decision.action in legal
            reason = decision.reason
            assert reason.endswith(".") and ". " not in reason.replace("e.g. ", "")
            if any(a.startswith("go out") for a in legal):
                assert decision.action.startswith("go out")  # every bot goes out when it can


def test_takes_the_discard_that_completes_a_run_and_says_so():
    state = table(rnd=1, hands=("5h 6h Kc", "2c 9d Qs"), discard="7h", phase="draw")
    decision = ThreeThirteenBot().choose(observe(state, 0), legal_actions(state))
    assert decision.action == "take discard"
    assert "7h" in decision.reason and "go out" in decision.reason
    assert "deadwood 21 -> 0" in decision.reason
    state = table(
        rnd=5, hands=("5h 6h 9c Kc Kd 2s Qs", "2c 9d Qd 4s 6c Tc Th"), discard="7h", phase="draw"
    )
    decision = ThreeThirteenBot().choose(observe(state, 0), legal_actions(state))
    assert decision.action == "take discard"
    assert "goes into" in decision.reason and "deadwood 52 -> 22" in decision.reason


def test_goes_out_and_discards_sensibly():
    state = table(rnd=1, hands=("5h 6h 7h Kc", "2c 9d Qs"), discard="4d")
    decision = ThreeThirteenBot().choose(observe(state, 0), legal_actions(state))
    assert decision.action == "go out Kc" and "(run)" in decision.reason
    state = table(rnd=2, hands=("5h 6h 7h 9c Kc", "2c 9d Qs 3s"), discard="4d")
    state = replace(state, went_out=1, finals_left=1)
    decision = ThreeThirteenBot().choose(observe(state, 0), legal_actions(state))
    assert decision.action == "discard Kc" and "last turn" in decision.reason


def test_bot_beats_random_play_over_short_games():
    mine = theirs = 0
    for seed in range(6):
        hero = seed % 2
        bots = {hero: ThreeThirteenBot(), 1 - hero: ThreeThirteenRandomBot(seed)}
        totals = new_game(seed, rounds=4).play_out(bots).state.totals
        mine, theirs = mine + totals[hero], theirs + totals[1 - hero]
    assert mine < theirs / 3
