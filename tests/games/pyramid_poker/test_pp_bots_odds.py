"""Pyramid Poker's bots and odds."""

from fractions import Fraction
from math import comb

from cardlab.core.bots import RandomBot
from cardlab.core.replay import Replay
from cardlab.games.pyramid_poker import GAME, legal_actions, observe
from cardlab.games.pyramid_poker.bots import GreedyBot, SmartBot
from cardlab.games.pyramid_poker.odds import (
    completion_odds,
    hand_odds,
    hand_points_table,
    joker_odds,
)
from cardlab.games.pyramid_poker.placement import hand_gains
from cardlab.games.pyramid_poker.rules import parse_cards


def test_bots_play_legal_moves_with_one_sentence_reasons():
    reasons = {}
    replay = Replay.start(GAME, 5, games=1).play_out(
        {0: SmartBot(1), 1: GreedyBot(2)}, reasons=reasons
    )
    assert replay.is_terminal
    said = [told.text() for _, told in reasons.values()]
    assert said and all(r.strip() and "\n" not in r for r in said)
    # the smart bot's placement names the block only it has seen: Player 2 reads it without it
    placed = [told for step, (seat, told) in reasons.items()
              if seat == 0 and replay.actions[step - 1].startswith("place ")]  # fmt: skip
    assert placed and all(told.text().startswith("the ") for told in placed)
    assert all(told.text(1).startswith("it ") for told in placed)


def test_the_smart_bot_beats_the_random_bot():
    wins = 0
    for seed in range(20):
        me = seed % 2
        state = (
            Replay.start(GAME, seed, games=1)
            .play_out({me: SmartBot(seed), 1 - me: RandomBot(seed)})
            .state
        )
        wins += state.results[0].showdown.winner == me
    assert wins >= 15


def test_smart_bot_places_strong_high_and_weak_low():
    replay = Replay.start(GAME, 1, games=1).play_out(
        {0: RandomBot(1), 1: RandomBot(2)}, until=lambda s: s.phase == "place" and s.placed == 12
    )
    view = observe(replay.state, replay.state.turn)
    decision = SmartBot(0).choose(view, legal_actions(replay.state))
    assert decision.action in legal_actions(replay.state)
    assert ("strong" in decision.reason) == (
        view.holding.rank in "TJQKA" or view.holding.rank in ("BJ", "RJ")
    )


def test_joker_odds_are_exact():
    j = joker_odds()
    assert sum(j.pyramid) == 1
    assert j.pyramid[2] == Fraction(30 * 29, 54 * 53)
    assert j.supply_has_one == 1 - Fraction(comb(52, 15), comb(54, 15))
    assert j.general == j.pyramid[::-1]


def test_random_hand_points():
    t = hand_points_table()
    assert sum(t.counts.values()) == comb(52, 5)
    assert t.counts["full_colors"] == 4 and t.counts["half_colors"] == 36
    assert t.counts["high_card"] == 1302540
    assert t.expected_points == sum(
        t.probabilities[c] * p
        for c, p in {
            "full_colors": 5,
            "half_colors": 4,
            "four_up": 3,
            "full_up": 2,
            "colors": 1,
            "run": 1,
            "high_card": -1,
        }.items()
    )
    assert -1 < t.expected_points < 0


def test_completion_odds_exact_and_labelled():
    pool = parse_cards("9s 9h Kc 2d 3d")
    odds = hand_odds(parse_cards("9c 9d Ks"), pool)
    assert odds.method == "exact"
    # fillings of 2 from 5: 10; four nines needs 9s+9h (1), full house 9s/9h + Kc (2)
    assert abs(odds.probabilities["four_up"] - 0.1) < 1e-12
    assert abs(odds.probabilities["full_up"] - 0.2) < 1e-12
    assert abs(sum(odds.probabilities.values()) - 1) < 1e-12
    replay = Replay.start(GAME, 3, games=1).play_out(
        {0: RandomBot(1), 1: RandomBot(2)}, until=lambda s: s.phase == "take" and s.taken == 10
    )
    view = observe(replay.state, 0)
    hands = completion_odds(view)
    assert [h.hand for h in hands] == ["left", "centre", "right"]
    assert all(h.method in ("exact", "complete") or h.method.startswith("simulated") for h in hands)
    name, gains = hand_gains(view, next(iter(view.unseen())))
    assert name in gains


def test_a_reason_words_a_negative_change_as_a_cost():
    """ "adds most ... (-0.22)" read wrong: a block that every hand loses by goes where it costs
    least, and the reason says so; a gain is still what "adds" or "helps" most."""
    said = []
    for seed in range(6):
        reasons = {}
        Replay.start(GAME, seed, games=1).play_out(
            {0: SmartBot(seed), 1: SmartBot(seed + 1)}, reasons=reasons
        )
        said += [told.text() for _, told in reasons.values()]
    changes = [(r, float(r.rsplit("(", 1)[1].rstrip(")"))) for r in said if r.endswith(")")]
    gains = [(r, x) for r, x in changes if " most " in r]
    costs = [(r, x) for r, x in changes if " least " in r]
    assert all(x >= 0 for _, x in gains), [r for r, x in gains if x < 0]
    assert all(x <= 0 for _, x in costs), [r for r, x in costs if x > 0]
    assert gains and costs  # both happen in these games
