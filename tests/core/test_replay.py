"""Replay: cached states, truncate, branch, text round-trip and clear errors for bad records."""

import re

import pytest

from cardlab.core.bots import Decision, RandomBot
from cardlab.core.engine import CHANCE, IllegalMove
from cardlab.core.replay import MAX_STEPS, MAX_TEXT_CHARS, Replay


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


# -- reading what people save, refusing what is not a replay -----------------------------------
def test_actions_are_stored_canonically_so_odd_spacing_round_trips():
    replay = Replay.start("doudizhu", 3).resolve_chance().append("  BID   3 ")
    assert replay.actions[-1] == "bid 3"
    combo = replay.game.legal_actions(replay.state)[-1]
    from cardlab.games.doudizhu import legal_plays

    play = legal_plays(replay.state.hands[replay.state.to_move])[0]
    played = replay.append(play)  # a Combo, as legal_plays returns it
    assert played.actions[-1] == f"play {play.text} as {play.kind}"
    assert Replay.from_text(played.to_text()) == played
    assert isinstance(combo, str)


def test_from_text_reads_crlf_a_byte_order_mark_trailing_spaces_and_keyword_case(dealt):
    played = dealt.append(dealt.game.legal_actions(dealt.state)[0])
    text = played.to_text()
    shouted = re.sub("^play", "PLAY", text, flags=re.M).replace("game:", "Game:")
    saved = "\ufeff" + shouted.replace("\n", "  \r\n")
    assert "PLAY" in saved
    assert Replay.from_text(saved) == played
    assert Replay.from_text("\n\n" + text + "\n\n   \n") == played


@pytest.mark.parametrize(
    ("thing", "message"),
    [(None, "got NoneType"), (0, "got int"), (b"cardlab-replay 1", "decode it first")],
)
def test_from_text_refuses_what_is_not_text_with_a_type_error(thing, message):
    with pytest.raises(TypeError, match=message):
        Replay.from_text(thing)


def test_start_refuses_a_game_that_is_neither_a_name_nor_a_game():
    with pytest.raises(TypeError, match="game must be a game name"):
        Replay.start(5)
    with pytest.raises(ValueError, match="at most 20 digits"):
        Replay.start("highcard", 10**5000)
    assert Replay.start("highcard", 2**64 - 1).seed == 2**64 - 1


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("cardlab-replay 1", "cardlab replay", "line 1: not a cardlab replay"),
        ("game: highcard", "game: snap", "line 2: unknown game 'snap'"),
        ("game: highcard", "name: highcard", "line 2: expected 'game: <a game's name>'"),
        ("seed: 4", "seed: x", "line 3: expected 'seed: <a whole number of at most 20"),
        ("seed: 4", "seed: " + "9" * 5000, "line 3: expected 'seed: <a whole number"),
        ("seed: 4", "seed: ４", "line 3: expected 'seed:"),
        ('options: {"', 'options: ["', "line 4: options must be a JSON object"),
        ('options: {"', 'options: {{"', "line 4: options must be a JSON object"),
        ('"players": 3', '"players": NaN', "line 4: NaN is not a value an option can take"),
        ('"players": 3', '"players": 9', "line 4: players must be 2-4"),
        ('"players": 3', '"seats": 3', "line 4: unknown option 'seats'"),
        ("actions:", "moves:", "line 5: expected 'actions:'"),
        (
            "actions:\n",
            "actions:\ndeal\t4h\x00\n",
            "line 6 ('deal\\t4h\\x00'): an action is one line",
        ),
    ],
)
def test_every_from_text_error_names_the_line_and_what_was_expected(old, new, message):
    text = Replay.start("highcard", 4, players=3).resolve_chance().to_text()
    assert old in text
    with pytest.raises(ValueError, match=re.escape(message)):
        Replay.from_text(text.replace(old, new, 1))


def test_from_text_caps_the_size_of_a_replay_before_reading_it():
    with pytest.raises(ValueError, match="at most 10,000,000 characters"):
        Replay.from_text("x" * (MAX_TEXT_CHARS + 1))
    with pytest.raises(ValueError, match="at most 100,000 actions"):
        Replay.from_text("cardlab-replay 1\n" + "pass\n" * (MAX_STEPS + 10))


def test_reasons_of_asks_the_bots_again_and_skips_moves_they_would_not_make():
    def bots() -> dict[int, RandomBot]:
        return {s: RandomBot(f"r/{s}") for s in range(3)}

    kept: dict[int, tuple[int, object]] = {}
    played = Replay.start("highcard", 4, players=3, hand_size=3).play_out(bots(), reasons=kept)
    again = played.reasons_of(bots())
    assert sorted(again) == sorted(kept) and all(again[s][0] == kept[s][0] for s in kept)
    # other bots (other seeds) would play otherwise: their moves that differ get no reason
    others = played.reasons_of({s: RandomBot(f"other/{s}") for s in range(3)})
    assert set(others) < set(kept)
