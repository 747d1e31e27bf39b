"""Every game ends: seeded playouts under every documented option set reach the end within a
step bound worked out from the rules' caps, with random players and with stubborn ones.

Stubborn players are the ones that used to make a game go on for ever: Three Thirteen players
who never go out (and keep taking the discard), Dou Dizhu players who always pass the bidding,
Triangle players who always or never claim (with ``tie_void=1`` every contested grab is void).
`Replay.play_out` raises ``RuntimeError`` when the bound is passed, so a game that does not end
fails here instead of hanging.  Each bound is stated next to the rule that makes it hold.
"""

import random
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pytest

from cardlab.core.bots import Decision, RandomBot
from cardlab.core.engine import GAMES, load_games
from cardlab.core.replay import Replay
from cardlab.games.doudizhu.game import MAX_DEALS
from cardlab.games.pyramid_poker.rules import JOKERS, PLACEMENTS, REVEAL, game_limit
from cardlab.games.three_thirteen.rules import TURN_LIMIT, hand_size
from cardlab.games.triangle.rules import round_limit

load_games()  # every installed game: the cardlab.games entry points


class Stubborn:
    """Plays the first legal action that starts with one of ``prefer`` and never one that starts
    with one of ``avoid`` (a seeded random choice among the rest otherwise)."""

    def __init__(self, prefer: Sequence[str] = (), avoid: Sequence[str] = (), seed: int = 0):
        self.prefer, self.avoid, self.rng = tuple(prefer), tuple(avoid), random.Random(seed)

    def choose(self, observation: Any, legal_actions: Sequence[Any]) -> Decision:
        texts = (
            [a for a in legal_actions if not str(a).startswith(self.avoid)] if self.avoid else []
        )
        allowed = texts or list(legal_actions)
        for word in self.prefer:
            for action in allowed:
                if str(action).startswith(word):
                    return Decision(action, f"always {word}")
        return Decision(self.rng.choice(allowed), "anything else")


def step_bound(name: str, options: Mapping[str, Any]) -> int:
    """The most actions a game can take under these options, from the caps of the rules."""
    opts = GAMES[name].options(**options)
    if name == "highcard":  # every card is dealt once and played once
        return 2 * opts["players"] * opts["hand_size"]
    if name in ("triad", "pyramid"):
        # a hand: the deal; two betting rounds of at most raise_cap + 2 actions a player; each
        # exchange round a decision, a draw and at most one reshuffle per card; "next hand"
        p, size = opts["players"], GAMES[name].rules.hand_size
        bets = 2 * p * (opts["raise_cap"] + 2)
        exchanges = opts["exchange_rounds"] * p * (1 + 2 * opts["max_draw"])
        return opts["hands"] * (p * size + bets + exchanges + 1)
    if name == "triangle":  # T12: at most round_limit rounds of 4 cards, 3 claims, a grab, a say
        return round_limit(opts["target"]) * 9
    if name == "three_thirteen":
        # the first dealer; each round its deal and flip, then at most TURN_LIMIT turns each (R11)
        # and the final turns, each turn a take, a stock card, a discard and maybe a reshuffle
        p = opts["players"]
        turns = TURN_LIMIT * p + p - 1
        return 1 + sum(hand_size(r) * p + 1 + 4 * turns for r in range(1, opts["rounds"] + 1))
    if name == "doudizhu":
        # at most MAX_DEALS deals of 54 cards, the first bidder and 7 bids; then the one deal
        # played out: each play lays at least one of the 54 cards, with at most 2 passes after it
        return MAX_DEALS * (54 + 1 + 7) + 3 * 54
    if name == "pyramid_poker":
        # a game: first player, 30 deals, 30 draws and placements, 30 takes and hand choices,
        # and for each joker taken 3 blocks revealed and 1 kept; a match has at most game_limit
        if opts["games"] is not None:
            games = opts["games"]
        else:
            games = game_limit(opts["target"]) if opts["scoring"] == "advanced" else 1
        return games * (1 + 5 * PLACEMENTS + len(JOKERS) * (REVEAL + 1))
    raise AssertionError(f"no step bound for {name}: every game needs one")


EXTREMES: dict[str, tuple[dict[str, Any], ...]] = {
    "highcard": ({"players": 4, "hand_size": 13}, {"deck": "blocks", "hand_size": 27}),
    "triad": (
        {"players": 7, "hands": 2, "raise_cap": 10, "max_draw": 5, "ante": 100, "stack": 10_000},
        {"players": 2, "hands": 100, "betting": False, "max_draw": 0},
        {"players": 3, "stack": 1, "ante": 100, "hands": 100},
    ),
    "pyramid": ({"players": 3, "exchange_rounds": 2, "raise_cap": 10, "hands": 2},),
    "triangle": ({"tie_void": 1, "target": 1}, {"tie_void": 1}, {"tie_void": 0, "target": 1}),
    "three_thirteen": (
        {"players": 4, "rounds": 3, "max_wilds_per_meld": 0},
        {"players": 6, "rounds": 2, "no_immediate_rediscard": True},
    ),
    "doudizhu": ({"ruleset": "pagat"},),
    "pyramid_poker": (
        {"target": 3},
        {"foundation_width": 30, "games": 1, "all_three_no_pair_penalty": True},
    ),
}

STUBBORN: dict[str, tuple[tuple[str, Stubborn], ...]] = {
    "highcard": (("first card", Stubborn()),),
    "triad": (("always raises and swaps most", Stubborn(["raise", "bet", "call"])),),
    "pyramid": (("always raises and swaps most", Stubborn(["raise", "bet", "call"])),),
    "triangle": (
        ("always claims", Stubborn(["claim", "state S1"])),
        ("never claims", Stubborn(["no_claim"])),
    ),
    "three_thirteen": (
        ("never goes out, takes the discard", Stubborn(["take discard"], ["go out"])),
        ("never goes out, takes the stock", Stubborn(["take stock"], ["go out"])),
    ),
    "doudizhu": (("always passes the bidding", Stubborn(["pass"])),),
    "pyramid_poker": (("places and takes the first slot", Stubborn(["place", "take"])),),
}

CASES = [
    (name, dict(options))
    for name, game in GAMES.items()
    for options in (*game.example_options, *EXTREMES.get(name, ()))
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for name, o in CASES]


def test_every_game_has_stubborn_players_and_extremes():
    assert set(STUBBORN) == set(GAMES) == set(EXTREMES)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_seeded_playouts_end_within_the_bound(name, options):
    bound = step_bound(name, options)
    for seed in (0, 1):
        start = Replay.start(name, seed, **options)
        n = start.game.num_players(start.state)
        players = [("random", {s: RandomBot(f"{seed}/{s}") for s in range(n)})]
        players += [(what, dict.fromkeys(range(n), bot)) for what, bot in STUBBORN[name]]
        for what, bots in players:
            replay = start.play_out(bots, max_steps=bound)
            assert replay.is_terminal, (what, seed)
            assert len(replay) <= bound


# -- each guaranteed end, as it is narrated ------------------------------------------------------
def test_triangle_ends_after_target_turns_when_nobody_claims():
    """T12: a game to 2 lasts at most 2 turns (12 rounds); all void, so all three share."""
    replay = Replay.start("triangle", 3, target=2).play_out(
        dict.fromkeys(range(3), Stubborn(["no_claim"]))
    )
    assert replay.is_terminal and len(replay.state.rounds) == round_limit(2) == 12
    assert (
        "T12" in replay.events[-1].narration
        and "share the win with 0" in replay.events[-1].narration
    )
    assert replay.game.returns(replay.state) == (0.0, 0.0, 0.0)


def test_triangle_limit_also_ends_a_tie_that_extra_rounds_cannot_break():
    """Everybody claims with tie_void=1: every grab is void, and the limit ends the game."""
    always = Stubborn(["claim", "state S1"])
    replay = Replay.start("triangle", 3, target=1, tie_void=1).play_out(
        dict.fromkeys(range(3), always)
    )
    assert len(replay.state.rounds) == 6
    assert all(r.void_reason == "the grab was too close to call" for r in replay.state.rounds)
    assert "the last a game to 1 may have (1 turn, T12)" in replay.events[-1].narration


def test_a_normal_triangle_game_ends_at_the_target_well_before_the_limit():
    from cardlab.games.triangle.bots import ReasoningBot

    replay = Replay.start("triangle", 5).play_out(dict.fromkeys(range(3), ReasoningBot()))
    assert max(replay.state.scores) >= 25 and len(replay.state.rounds) < round_limit(25) // 2
    assert "T12" not in replay.events[-1].narration


def test_three_thirteen_round_ends_after_the_turn_limit_when_nobody_goes_out():
    """R11: players who never go out and keep taking the discard never touch the stock."""
    stubborn = Stubborn(["take discard"], ["go out"])
    replay = Replay.start("three_thirteen", 2, players=2, rounds=2)
    replay = replay.play_out(dict.fromkeys(range(2), stubborn), until=lambda s: len(s.results) == 1)
    result = replay.state.results[0]
    assert result.went_out is None and not result.stock_ran_out
    takes = [a for a in replay.actions if a.startswith("take")]
    assert len(takes) == TURN_LIMIT * 2 and replay.state.turns == 0 and replay.state.round == 2
    ended = next(e for e in reversed(replay.events) if "R11" in e.narration)
    assert "Everyone has had 50 turns and nobody has gone out" in ended.narration
    assert result.totals == tuple(a.penalty for a in result.arrangements)


def test_dou_dizhu_ends_void_after_ten_deals_thrown_in():
    replay = Replay.start("doudizhu", 4).play_out(dict.fromkeys(range(3), Stubborn(["pass"])))
    state = replay.state
    assert replay.is_terminal and state.void and state.deal_number == MAX_DEALS == 10
    assert state.result is None and state.landlord is None
    assert replay.game.returns(state) == (0.0, 0.0, 0.0)
    assert "Nobody bid on the 10th deal in a row either" in replay.events[-1].narration
    thrown = [e for e in replay.events if "thrown in and dealt again" in e.narration]
    assert len(thrown) == MAX_DEALS - 1


def test_pyramid_poker_match_ends_after_two_games_per_target_point():
    """A match to 2 that nobody has won after 4 games ends there: the higher total wins."""
    replay = Replay.start("pyramid_poker", 33, target=2)
    replay = replay.play_out({s: RandomBot(s) for s in range(2)})
    state = replay.state
    assert replay.is_terminal and len(state.results) == game_limit(2) == 4
    assert max(state.totals) < 2 and state.totals == (-4, -1)
    assert "the most a match to 2 may have" in replay.events[-1].narration
    assert "Player 2 wins the match -1 to -4" in replay.events[-1].narration


def test_the_limits_are_documented_as_the_code_has_them():
    text = (Path(__file__).resolve().parents[2] / "docs" / "endings.md").read_text()
    assert f"a round lasts at most {TURN_LIMIT} turns for" in " ".join(text.split())
    assert f"Dou Dizhu: at most {MAX_DEALS} deals" in text
    assert round_limit(1) == 6 and "`6 x target` rounds" in text
    assert game_limit(1) == 2 and "at most `2 x target` games" in text
    headings = " ".join(line for line in text.split("\n") if line.startswith("## "))
    for game in GAMES.values():
        assert str(game.title).split(" (")[0] in headings, game.title
