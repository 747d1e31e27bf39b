"""Triad: the public API (parse, evaluate, new_game, legal_actions, apply, observe, returns), the
triad.md §6 worked examples through it, the table's options, chips and the exact advisor."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.cards import parse as core_parse
from cardlab.core.engine import GAMES, IllegalMove
from cardlab.core.replay import Replay
from cardlab.games import triad
from cardlab.games.poker import ranking, tables
from cardlab.games.poker.bots import CallBot, PokerBot

WORKED = [
    ("Tb Jb Qb Kb Ab", "out", "Full Colors"),
    ("5g 6g 7g 8g 9g", "out", "Half Colors, 9-high"),
    ("Ar 2r 3r 4r 5r", "out", "Half Colors, 5-high"),
    ("5r 4k 3b 2g Ar", "out", "Run, 5-high"),
    ("6g 5r 4b 3k 2r", "out", "Run, 6-high"),
    ("Qr Kk Ab 2g 3r", "out", "Ace High"),
    ("Kb Kg 7r 7k 2b", "out", "Two Pair, Kings and Sevens"),
    ("Kr 7b 5g 4k 2k", "out", "King High"),
    ("Ab Kg 9r 5k 3b", "out", "Ace High"),
    ("9b 9g 9r 4k 4b", "out", "Full Up, Nines over Fours"),
    ("8b 8g 8r Ak Ab", "out", "Full Up, Eights over Aces"),
    ("BJ Tb Jb Qb Kb", "wild", "Full Colors"),
    ("BJ RJ 7b 7g 3r", "wild", "Four Up, Sevens"),
    ("BJ Ab Ag Ar Ak", "wild", "Five Up, Aces"),
]


@pytest.mark.parametrize(("text", "jokers", "name"), WORKED)
def test_worked_examples_through_the_triad_api_match_the_shared_ranking(text, jokers, name):
    cards = triad.parse(text)
    assert cards == core_parse(text, "triad")
    v = triad.evaluate(cards, jokers=jokers)
    assert v == ranking.evaluate(cards, jokers) and v.name == name
    assert triad.evaluate(text, jokers=jokers) == v  # notation works too


def test_worked_comparisons():
    ev = triad.evaluate
    assert ev("5g 6g 7g 8g 9g") > ev("Ar 2r 3r 4r 5r")  # T2
    assert ev("5r 4k 3b 2g Ar") < ev("6g 5r 4b 3k 2r")  # T3
    assert ev("Kb Kg 7r 7k 2b") < ev("Kr Kk 7b 7g 3r")  # T5
    assert ev("Kr 7b 5g 4k 2k") < ev("2b 2g 3r 4k 6k")  # T6
    assert ev("Ab Kg 9r 5k 3b") == ev("Ar Kk 9g 5b 3r")  # T7
    assert ev("9b 9g 9r 4k 4b") > ev("8b 8g 8r Ak Ab")  # T8
    four = triad.evaluate("BJ Ab Ag Ar Ak", "wild", five_of_a_kind=False)  # T11 variant
    assert four.category == "four_up"
    with pytest.raises(ValueError, match="jokers are out"):
        triad.evaluate("BJ Ab Ag Ar Ak")


def test_registered_with_the_draw_engine_and_its_options():
    assert GAMES["triad"] is triad.GAME
    opts = triad.GAME.default_options
    assert opts["players"] == 4 and opts["max_draw"] == 3 and opts["jokers"] == "out"
    assert len(triad.GAME.full_deck(opts)) == 52
    assert len(triad.GAME.full_deck({**opts, "jokers": "wild"})) == 54
    with pytest.raises(ValueError, match="jokers must be"):
        triad.new_game(1, jokers="bug")
    with pytest.raises(ValueError, match="players must be 2-7"):
        triad.new_game(1, players=8)


def test_a_hand_through_the_public_api():
    replay = triad.new_game(3, players=3)
    state = replay.state
    assert state.phase == "bet1" and all(len(h) == 5 for h in state.hands)
    legal = triad.legal_actions(state)
    assert legal == ["fold", "check", "bet"]
    view = triad.observe(state, 0)
    assert view.hands[1] == (None,) * 5 and None not in view.hands[0]
    with pytest.raises(IllegalMove, match="betting round, not the exchange"):
        triad.apply(state, "discard " + state.hands[0][0].code)
    for _ in range(3):
        state, _ = triad.apply(state, "check")
    assert state.phase == "draw"
    seat = triad.GAME.current_player(state)
    state, event = triad.apply(state, "discard " + " ".join(c.code for c in state.hands[seat][:3]))
    assert "discards 3 cards" in event.narration
    assert sum(triad.returns(state)) == 0


def test_the_showdown_declares_triad_names_and_the_button_moves():
    bots = {s: CallBot() for s in range(3)}
    replay = triad.new_game(5, players=3, hands=3).play_out(bots)
    results = replay.state.results
    assert [r.button for r in results] == [2, 0, 1]
    names = [str(words) for r in results for _, _, words in r.shown]
    cats = {ranking.TRIAD_NAMES[c] for c in ranking.CATEGORIES}
    assert names and all(any(w.startswith(c) or w.endswith("High") for c in cats) for w in names)
    assert sum(triad.returns(replay.state)) == 0


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.integers(2, 7),
    stack=st.integers(1, 25),
    jokers=st.sampled_from(["out", "wild"]),
)
def test_chips_are_conserved(seed, players, stack, jokers):
    replay = Replay.start("triad", seed, players=players, stack=stack, jokers=jokers, hands=3)
    replay = replay.play_out({s: RandomBot(f"{seed}/{s}") for s in range(players)})
    total = players * stack
    for step in range(0, len(replay) + 1, 7):
        assert triad.GAME.chip_total(replay.state_at(step)) == total
    assert sum(replay.state.chips) == total
    assert abs(sum(triad.returns(replay.state))) < 1e-9


def test_the_advisor_is_exact_and_explains_itself():
    hand = triad.parse("Kb Kg 7r 5k 2b")
    unseen = [c for c in triad.GAME.full_deck({"jokers": "out"}) if c not in hand]
    discard, reason = triad.advise(hand, unseen, 3)
    best = tables.best_discards(hand, unseen, 3, objective="expected")[0][0]
    assert discard == tuple(best) and set(discard) == set(triad.parse("7r 5k 2b"))
    text = reason.text()
    assert text.startswith("over all 16,215 draws of 3 from the 47 unseen cards")
    assert "improves on my One Pair, Kings" in text and text.endswith(".")
    # what the hand is stays with its holder: another seat reads "my hand"
    assert "One Pair" not in reason.text(2) and "improves on my hand" in reason.text(2)
    pat, why = triad.advise(triad.parse("Ab Kb Qb Jb Tb"), [], 3)
    assert pat == () and "Full Colors" in why.text()


def test_the_advisor_sees_wild_jokers_from_the_cards():
    hand = triad.parse("BJ Kg 7r 5k 2b")
    unseen = [c for c in triad.GAME.full_deck({"jokers": "wild"}) if c not in hand]
    discard, reason = triad.advise(hand, unseen, 3)
    assert triad.parse("BJ")[0] not in discard and "Kg" not in " ".join(c.code for c in discard)
    assert "One Pair, Kings" in reason.text()


def test_the_poker_bot_uses_the_exact_advisor_with_a_one_sentence_reason():
    reasons = {}
    replay = triad.new_game(1, players=2, hands=1)
    replay.play_out({0: PokerBot(seed=1), 1: PokerBot(seed=2)}, reasons=reasons)
    said = [why.text() for _, why in reasons.values()]
    assert any((w.startswith(("Discards", "Stands pat")) and "draws" in w) or "pat" in w
               for w in said)  # fmt: skip
    assert all(w.count(". ") == 0 and w.endswith(".") for w in said)


def _showdown(five_of_a_kind: bool):
    """Two seats, jokers wild, no betting: seat 0 holds a joker and four twos (T11 with twos),
    seat 1 Full Colors; both stand pat.  The finished hand."""
    state = triad.GAME.initial_state(
        players=2, jokers="wild", betting=False, hands=1, five_of_a_kind=five_of_a_kind
    )
    hands = {0: "BJ 2b 2g 2r 2k", 1: "Tb Jb Qb Kb Ab"}
    for i in range(5):
        for seat in state.order:
            state, _ = triad.apply(state, f"deal {hands[seat].split()[i]}")
    while state.phase == "draw":
        state, _ = triad.apply(state, "stand pat")
    return state


def test_no_five_of_a_kind_is_a_table_option_t11():
    opts = triad.GAME.default_options
    assert opts["five_of_a_kind"] is True
    with pytest.raises(ValueError, match="five_of_a_kind must be True or False"):
        triad.new_game(1, jokers="wild", five_of_a_kind="no")
    t11 = triad.parse("BJ Ab Ag Ar Ak")
    key_on, name_on = triad.GAME.evaluator({**opts, "jokers": "wild"})(t11)
    key_off, name_off = triad.GAME.evaluator({**opts, "jokers": "wild", "five_of_a_kind": False})(
        t11
    )
    assert str(name_on) == "Five Up, Aces" and str(name_off) == "Four Up, Aces"
    assert key_off[0] == ranking.CATEGORY_INDEX["four_up"] < key_on[0]
    # the showdown decides by the table's rule: Five Up beats Full Colors, a Four Up does not
    on, off = _showdown(True), _showdown(False)
    assert [str(w) for _, _, w in on.results[-1].shown] == ["Five Up, Twos", "Full Colors"]
    assert [str(w) for _, _, w in off.results[-1].shown] == ["Four Up, Twos", "Full Colors"]
    assert triad.returns(on)[0] > 0 > triad.returns(off)[0]
    low = triad.GAME.evaluator({**opts, "jokers": "wild", "five_of_a_kind": False})
    # off: five aces is the best Four Up (its kicker an ace), still below Full Colors
    assert low(triad.parse("Tb Jb Qb Kb Ab"))[0] > key_off
    assert triad.GAME.evaluator({**opts, "jokers": "wild"})(triad.parse("Tb Jb Qb Kb Ab"))[0] < (
        key_on
    )


def test_the_advisor_follows_the_table_option():
    hand = triad.parse("BJ Ab Ag Ar 2k")
    unseen = [c for c in triad.GAME.full_deck({"jokers": "wild"}) if c not in hand]
    _, on = triad.advise(hand, unseen, 3)
    _, off = triad.advise(hand, unseen, 3, five_of_a_kind=False)
    assert "Four Up, Aces" in on.text() and "Four Up, Aces" in off.text()
    best_on = tables.best_discards(hand, unseen, 3, jokers="wild", objective="expected")[0]
    best_off = tables.best_discards(
        hand, unseen, 3, jokers="wild", objective="expected", five_of_a_kind=False
    )[0]
    assert best_on[2] != best_off[2]  # the expected strength differs with the rule
