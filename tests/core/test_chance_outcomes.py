"""A chance outcome of probability 0 is not an outcome: it is neither offered nor accepted.

Triangle with ``tie_void=1`` used to list ``("grab 1", 0.0)`` among the outcomes and the legal
actions, and a replay could append it: a game that can never happen.  The conformance suite now
checks every chance node of every game lists only outcomes with p > 0.
"""

import pytest

from cardlab.core.bots import Decision
from cardlab.core.conformance import check_playout
from cardlab.core.engine import CHANCE, GAMES, IllegalMove, possible, register
from cardlab.core.replay import Replay
from cardlab.games.highcard import HighCard


class Claims:
    """Everybody grabs for the Right to Speak, so the grab is contested."""

    def choose(self, observation, legal_actions):
        return Decision("claim", "always grab")


def contested(tie_void: float) -> Replay:
    """A Triangle game at its first contested grab."""
    replay = Replay.start("triangle", 2, tie_void=tie_void)
    replay = replay.play_out(dict.fromkeys(range(3), Claims()), until=lambda s: s.phase == "grab")
    assert replay.state.phase == "grab"
    return replay


def test_a_certain_void_grab_offers_only_the_void():
    replay = contested(1)
    game, state = replay.game, replay.state
    assert game.chance_outcomes(state) == [("grab void", 1.0)]
    assert game.legal_actions(state) == ["grab void"]
    for seat in (1, 2, 3):
        reason = str(game.why_illegal(state, f"grab {seat}"))
        assert "cannot happen" in reason and "tie_void = 1" in reason
        with pytest.raises(IllegalMove, match="cannot happen"):
            replay.append(f"grab {seat}")
    assert replay.append("grab void").state.rounds[-1].void_reason


def test_a_grab_that_is_never_void_offers_no_void():
    replay = contested(0)
    game, state = replay.game, replay.state
    assert [a for a, _ in game.chance_outcomes(state)] == ["grab 1", "grab 2", "grab 3"]
    assert all(p == pytest.approx(1 / 3) for _, p in game.chance_outcomes(state))
    assert "not a possible chance outcome" in str(game.why_illegal(state, "grab void"))


def test_possible_drops_only_the_impossible():
    assert possible([("a", 0.5), ("b", 0.0), ("c", 0.5)]) == [("a", 0.5), ("c", 0.5)]
    assert possible([("a", 1.0)]) == [("a", 1.0)]


class Impossible(HighCard):
    """Lists an outcome that cannot happen."""

    name = "impossible-highcard"

    def chance_outcomes(self, state):
        return [*super().chance_outcomes(state), ("deal nothing", 0.0)]


class Offers(HighCard):
    """Offers, at a chance node, an action that is not an outcome at all."""

    name = "offering-highcard"

    def legal_actions(self, state):
        extra = ["deal nothing"] if self.current_player(state) == CHANCE else []
        return [*super().legal_actions(state), *extra]


@pytest.mark.parametrize(
    ("bad", "words"),
    [(Impossible, "outcomes of probability 0"), (Offers, "not the chance outcomes")],
)
def test_the_conformance_checks_catch_a_chance_node_offering_the_impossible(bad, words):
    game = register(bad())  # a replay finds its game by name
    try:
        with pytest.raises(AssertionError, match=words):
            check_playout(game, {"players": 2, "hand_size": 2}, seed=3)
    finally:
        GAMES.pop(game.name)
