"""Triangle's engine: the spec's worked examples, the claim race, turns, the end, and invariants."""

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.cards import TRIANGLE
from cardlab.core.engine import CHANCE, TERMINAL, IllegalMove
from cardlab.core.replay import Replay
from cardlab.games import triangle
from cardlab.games.triangle import GAME, STATEMENTS, parse_statement

card = TRIANGLE.parse_card


def deal(state, by_seat, rts):
    """Deal the round: ``by_seat`` maps seat -> card token, dealt in the engine's order."""
    for seat in state.claim_order:
        state, _ = GAME.apply(state, f"deal {by_seat[seat]}")
    state, _ = GAME.apply(state, f"deal {rts}")
    return state


def claims(state, *claimers):
    """Every seat decides; the listed seats claim."""
    events = []
    while state.phase == "claim":
        seat = GAME.current_player(state)
        state, event = GAME.apply(state, "claim" if seat in claimers else "no_claim")
        events.append(event)
    return state, events


def speak(state, speaker, statement):
    state, _ = claims(state, speaker)
    assert state.phase == "state" and state.speaker == speaker
    return GAME.apply(state, f"state {statement}")


@pytest.fixture
def start():
    return GAME.initial_state()


def test_example_3_a_wrong_number_gives_each_opponent_three(start):
    state = deal(start, {0: "4h", 1: "2c", 2: "6d"}, "3s")
    state, event = speak(state, 0, "S5 5")
    assert state.scores == (0, 3, 3)
    assert "false" in event.narration
    assert "Player 2: 0 + 3 = 3; Player 3: 0 + 3 = 3" in str(event.arithmetic)


def test_example_4_higher_is_strict(start):
    state = deal(start, {0: "6h", 1: "6c", 2: "3d"}, "As")
    state, _ = speak(state, 0, "S3")
    assert state.scores == (0, 3, 3)


def test_example_5_a_wrong_statement_can_end_the_game_for_someone_else(start):
    state = deal(replace(start, scores=(23, 22, 24)), {0: "4h", 1: "2c", 2: "5d"}, "3s")
    state, event = speak(state, 0, "S2 odd")
    assert state.scores == (23, 25, 27)
    assert GAME.is_terminal(state)
    assert GAME.returns(state) == pytest.approx((-1 / 3, -1 / 3, 2 / 3))
    assert "Player 3 has 27 and wins the game" in event.narration


def test_example_1_peers_even_is_certain_and_scores_one(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "6d"}, "4s")
    state, event = speak(state, 0, "S1 even")
    assert state.scores == (1, 0, 0)
    assert str(event.arithmetic).startswith("Player 1: 0 + 1 = 1")


@pytest.mark.parametrize(
    ("statement", "own", "peers", "true"),
    [
        ("S1 odd", "2h", ("As", "5c"), True),
        ("S1 even", "2h", ("As", "4c"), False),
        ("S2 even", "6h", ("As", "4c"), True),
        ("S2 odd", "6h", ("As", "4c"), False),
        ("S3", "5h", ("4s", "4c"), True),
        ("S3", "5h", ("5s", "4c"), False),
        ("S4", "3h", ("3s", "3c"), True),
        ("S4", "3h", ("As", "2c"), False),
        ("S5 A", "Ah", ("As", "2c"), True),
        ("S5 6", "5h", ("6s", "6c"), False),
    ],
)
def test_each_statement_scores_its_points_or_three_to_each_opponent(
    start, statement, own, peers, true
):
    state = deal(start, {0: own, 1: peers[0], 2: peers[1]}, "2d" if own != "2d" else "3d")
    state, _ = speak(state, 0, statement)
    points = parse_statement(statement).points
    assert state.scores == ((points, 0, 0) if true else (0, 3, 3))


def test_an_s1_the_speaker_can_see_is_false_is_legal_but_narrated_as_certain_to_fail(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    state, _ = claims(state, 0)
    assert GAME.why_illegal(state, "state S1 even") is None
    state, event = GAME.apply(state, "state S1 even")
    assert "certain to be wrong" in event.narration and state.scores == (0, 3, 3)


def test_refusals_explain_themselves_and_change_nothing(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    assert "nobody holds the Right to Speak" in str(GAME.why_illegal(state, "state S3"))
    with pytest.raises(IllegalMove, match="'claim' or 'no_claim'"):
        GAME.apply(state, "shout")
    spoken, _ = claims(state, 2)
    assert "cannot be given back" in str(GAME.why_illegal(spoken, "no_claim"))
    assert "not a statement" in str(GAME.why_illegal(spoken, "state S6"))
    assert "not a possible chance outcome" in str(GAME.why_illegal(start, "deal 7h"))
    assert GAME.why_illegal(start, None)
    with pytest.raises(ValueError, match="tie_void"):
        GAME.initial_state(tie_void=2)
    with pytest.raises(ValueError, match="on_tie"):
        GAME.initial_state(on_tie="dice")


def test_one_claimer_speaks_nobody_voids_and_a_contested_grab_is_a_chance_event(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    alone, _ = claims(state, 1)
    assert alone.speaker == 1 and GAME.current_player(alone) == 1
    nobody, events = claims(state)
    assert (
        nobody.phase == "deal"
        and nobody.rounds[-1].void_reason == "nobody claimed the Right to Speak"
    )
    assert "void" in events[-1].narration and nobody.scores == (0, 0, 0)
    contested, _ = claims(state, 0, 2)
    assert GAME.current_player(contested) == CHANCE
    assert dict(GAME.chance_outcomes(contested)) == {
        "grab 1": 0.375,
        "grab 3": 0.375,
        "grab void": 0.25,
    }
    void, event = GAME.apply(contested, "grab void")
    assert void.rounds[-1].speaker is None and "too close to call" in event.narration
    won, _ = GAME.apply(contested, "grab 3")
    assert won.speaker == 2
    assert "grab 2" not in GAME.legal_actions(contested)


def test_claim_decisions_are_secret_until_everyone_has_decided(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    first = GAME.current_player(state)
    decided, event = GAME.apply(state, "claim")
    assert not event.public
    for seat in range(3):
        view = GAME.observe(decided, seat)
        assert view.my_claim == (True if seat == first else None)


def test_a_turn_is_six_rounds_then_a_reshuffle_and_the_deal_moves_left():
    replay = Replay.start("triangle", 3, target=200)
    bots = {s: RandomBot(s) for s in range(3)}
    while len(replay.state.rounds) < 7:
        replay = _step(replay, bots)
    states = [replay.state_at(i) for i in range(len(replay) + 1)]
    sixth = next(s for s in states if len(s.rounds) == 6)
    assert sixth.turn == 1 and sixth.dealer == 1 and len(sixth.stock) == 24
    assert all(len(s.stock) + s.dealt + 4 * len(s.turn_rounds()) == 24 for s in states)


def _step(replay, bots):
    """One action: a chance draw or one bot's choice (play_out would run to the end)."""
    seat = replay.current_player
    if seat == CHANCE:
        return replay.advance_chance()
    view, legal = GAME.observe(replay.state, seat), GAME.legal_actions(replay.state)
    return replay.append(bots[seat].choose(view, legal).action)


def test_a_tie_at_the_top_plays_on_unless_the_win_is_shared(start):
    tied = replace(start, scores=(22, 22, 0))
    state = deal(tied, {0: "4h", 1: "2c", 2: "5d"}, "3s")
    # Player 3 is wrong: Players 1 and 2 both reach 25
    extra, _ = speak(state, 2, "S5 A")
    assert extra.scores == (25, 25, 0) and not GAME.is_terminal(extra)
    shared_start = replace(tied, on_tie="shared")
    state = deal(shared_start, {0: "4h", 1: "2c", 2: "5d"}, "3s")
    shared, event = speak(state, 2, "S5 A")
    assert GAME.is_terminal(shared) and "share the win" in event.narration
    assert GAME.returns(shared) == pytest.approx((1 / 6, 1 / 6, -1 / 3))


def test_observations_show_the_others_cards_not_your_own_and_the_rts_only_to_the_speaker(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    for seat in range(3):
        view = GAME.observe(state, seat)
        assert view.cards[seat] is None
        assert all(c is not None for s, c in enumerate(view.cards) if s != seat)
        assert view.rts is None
    spoken, _ = claims(state, 1)
    assert GAME.observe(spoken, 1).rts == card("4s")
    assert GAME.observe(spoken, 0).rts is None and GAME.observe(spoken, None).rts == card("4s")
    done, _ = GAME.apply(spoken, "state S3")
    public = GAME.observe(done, 0).history[-1]
    assert public.cards == (card("3h"), card("2c"), card("5d")) and public.rts is None
    assert GAME.observe(done, 1).history[-1].rts == card("4s")
    assert (
        card("4s") not in GAME.observe(done, 0).known and card("4s") in GAME.observe(done, 1).known
    )


def test_after_a_void_round_you_still_have_not_seen_your_own_card(start):
    state = deal(start, {0: "3h", 1: "2c", 2: "5d"}, "4s")
    void, _ = claims(state)
    mine = GAME.observe(void, 0).history[-1]
    assert mine.cards == (None, card("2c"), card("5d"))
    assert card("3h") not in GAME.observe(void, 0).known


def playout(seed):
    replay = triangle.new_game(seed, target=15)
    return replay.play_out({s: RandomBot(f"{seed}/{s}") for s in range(3)})


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_scores_never_decrease_and_a_wrong_statement_gives_exactly_three(seed):
    replay = playout(seed)
    assert replay.is_terminal
    for i in range(1, len(replay) + 1):
        before, after = replay.state_at(i - 1), replay.state_at(i)
        assert all(b >= a for a, b in zip(before.scores, after.scores, strict=True))
        action = replay.actions[i - 1]
        if action.startswith("state"):
            record = after.rounds[-1]
            gains = tuple(b - a for a, b in zip(before.scores, after.scores, strict=True))
            speaker = record.speaker
            if record.correct:
                assert gains[speaker] == record.statement.points
                assert sum(gains) == record.statement.points
            else:
                assert gains[speaker] == 0 and sum(gains) == 6
        else:
            assert before.scores == after.scores


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_no_observation_holds_the_observers_own_card_before_the_round_resolves(seed):
    replay = playout(seed)
    for i in range(len(replay) + 1):
        state = replay.state_at(i)
        for seat in range(3):
            own = state.cards[seat]
            if own is None:
                continue
            view = GAME.observe(state, seat)
            assert view.cards[seat] is None
            if own != view.rts:  # the same physical card cannot be both
                assert own not in view.known
            assert own not in [c for r in view.history if r.this_turn for c in r.cards]


def test_public_api_round_trip():
    replay = triangle.new_game(7)
    state = replay.state
    assert triangle.legal_actions(state) == ["claim", "no_claim"]
    new, event = triangle.apply(state, "claim")
    assert new is not state and event.actor == GAME.current_player(state)
    assert triangle.observe(state, 0).seat == 0 and triangle.returns(state) == (0.0, 0.0, 0.0)
    assert len(STATEMENTS) == 12  # S1 and S2 with both parities, S3, S4, S5 for each of 6 ranks
    assert GAME.current_player(GAME.initial_state()) == CHANCE
    assert GAME.current_player(playout(3).state) == TERMINAL


def test_the_lift_is_told_as_a_player_hears_it(start):
    """The deal's last card says when the cards go up: on the count of 0, not "On 0"."""
    state = start
    for _ in state.claim_order:
        state, _ = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    _, event = GAME.apply(state, GAME.chance_outcomes(state)[0][0])
    text = event.narration_for(None)
    assert "On 0" not in text
    assert "counts down \u201c3, 2, 1, 0\u201d and on \u201c0\u201d lifts their card" in text
