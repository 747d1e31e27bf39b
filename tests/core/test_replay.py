"""Replay: cached states, truncate, branch, text round-trip and clear errors for bad records."""

import pytest

from cardlab.core.bots import Decision, RandomBot
from cardlab.core.engine import CHANCE, IllegalMove
from cardlab.core.replay import Replay


@pytest.fixture
def dealt():
    return Replay.start("highcard", 4, deck="triangle", players=3, hand_size=2).resolve_chance()


def test_start_deals_by_chance_and_records_every_card(dealt):
    assert len(dealt) == 6
    assert all(e.actor == CHANCE for e in dealt.events)
    assert [a.split()[0] for a in dealt.actions] == ["deal"] * 6
    assert dealt.current_player == 0


def test_truncate_is_undo_and_branch_is_what_if(dealt):
    first = dealt.game.legal_actions(dealt.state)
    played = dealt.append(first[0])
    assert played.truncate(len(dealt)) == dealt
    assert played.truncate(len(dealt)).state == dealt.state
    other = played.branch(len(dealt), first[-1])
    assert other.actions[:-1] == dealt.actions and other.actions[-1] == first[-1]
    assert dealt.state_at(-1) == dealt.state and dealt.state_at(0) == played.state_at(0)
    with pytest.raises(ValueError):
        played.truncate(99)
    with pytest.raises(ValueError):
        played.state_at(99)


def test_chance_draws_depend_only_on_seed_and_step(dealt):
    again = Replay.start("highcard", 4, deck="triangle", players=3, hand_size=2).resolve_chance()
    assert again == dealt
    other_seed = Replay.start("highcard", 5, deck="triangle", players=3, hand_size=2)
    assert other_seed.resolve_chance().actions != dealt.actions
    # undoing and redrawing gives the same card again
    assert dealt.truncate(3).advance_chance().actions == dealt.actions[:4]


def test_illegal_append_leaves_the_replay_alone(dealt):
    with pytest.raises(IllegalMove, match="does not hold"):
        # a card the player to move does not hold (Player 2 holds it)
        dealt.append(f"play {dealt.state.hands[1][0]}")
    assert len(dealt) == 6


def test_to_text_is_readable_and_from_text_rejects_bad_records(dealt):
    text = dealt.to_text()
    assert text.splitlines()[:3] == ["cardlab-replay 1", "game: highcard", "seed: 4"]
    assert Replay.from_text(text) == dealt
    with pytest.raises(ValueError, match="not a cardlab replay"):
        Replay.from_text("hello")
    with pytest.raises(ValueError, match="line 6"):
        Replay.from_text(text.replace("deal", "play", 1))
    with pytest.raises(ValueError, match="unknown game"):
        Replay.from_text(text.replace("game: highcard", "game: snap"))


def test_play_out_asks_bots_with_observations_only():
    seen = []

    class Spy:
        def choose(self, observation, legal):
            seen.append(observation)
            return Decision(legal[0], "first legal move")

    replay = Replay.start("highcard", 1, players=2, hand_size=2).play_out(
        {0: Spy(), 1: RandomBot()}
    )
    assert replay.is_terminal
    assert seen and all(o.seat == 0 for o in seen)
    assert all(c is None for o in seen for c in o.hands[1])


def test_bad_seed_and_options():
    with pytest.raises(ValueError, match="seed"):
        Replay.start("highcard", "x")
    with pytest.raises(ValueError, match="players must be 2-4"):
        Replay.start("highcard", 1, players=9)
    with pytest.raises(ValueError, match="hand_size"):
        Replay.start("highcard", 1, deck="triangle", players=4, hand_size=7)


def test_branching_after_extending_keeps_both_lines_exact(dealt):
    legal = dealt.game.legal_actions(dealt.state)
    first = dealt.append(legal[0])
    second = dealt.append(legal[-1])  # a branch from the same parent
    longer = first.append(first.game.legal_actions(first.state)[0])
    assert first.state_at(len(dealt) + 1) != second.state_at(len(dealt) + 1)
    assert second.event_at(len(second)).action == legal[-1]
    assert first.event_at(len(first)).action == legal[0]
    assert longer.truncate(len(first)) == first
    assert dealt.state_at(len(dealt)) == dealt.state
    fresh = Replay.from_text(second.to_text())
    assert [fresh.state_at(i) for i in range(len(fresh) + 1)] == [
        second.state_at(i) for i in range(len(second) + 1)
    ]
