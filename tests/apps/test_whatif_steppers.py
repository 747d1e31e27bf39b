"""Every lesson's stepped deal: what-if branches made by its buttons, its position as link
parameters and back, and rules variants that re-run it (`cardlab.apps.bot_stepper`)."""

from __future__ import annotations

import functools
import html
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_hidden_information import _steppers, assert_nothing_hidden, shown_texts

from cardlab.core.conformance import SeenSoFar
from cardlab.core.engine import legal_action_texts
from cardlab.lessons import deals
from cardlab.lessons.variants import standard_rules
from cardlab.widgets.theme import ThemePicker

GAMES = list(_steppers())
VARIANTS = {
    "triad": {"jokers": "wild", "players": 2},
    "pyramid": {"ante": 2},
    "doudizhu": {"ruleset": "pagat"},
    "triangle": {"on_tie": "shared"},
    "three_thirteen": {"players": 3, "aces": "high_or_low"},
    "pyramid_poker": {"scoring": "basic"},
}
_ID = re.compile(r' id="[^"]*"')


def make(game):
    return _steppers()[game](ThemePicker())


@functools.cache
def pair(game):
    """Two steppers of ``game`` for the round trips (made once: hypothesis reuses them)."""
    return make(game), make(game)


def seen(stepper):
    """What a stepper shows, without the element ids each instance makes its own."""
    return (
        _ID.sub("", stepper.stepper.caption.value),
        _ID.sub("", stepper.mirror.widget.value),
        stepper.view.drawing.ops,
        stepper.why.value,
    )


def choice_steps(replay, start=0):
    """The steps from ``start`` where a player has another legal move than the line's."""
    game = replay.game
    steps = []
    for step in range(start, len(replay)):
        state = replay.state_at(step)
        if game.current_player(state) >= 0 and len(legal_action_texts(game, state)) > 1:
            steps.append(step)
    return steps


def branch_by_buttons(stepper, step, pick=-1):
    """Go to ``step``, choose a what-if move in the list and press Play this instead."""
    stepper.stepper.go(step)
    options = stepper.whatif.moves.options
    assert options, stepper.whatif.help.value
    stepper.whatif.moves.value = options[pick][1]
    action = stepper.whatif.chosen
    stepper.whatif.play.click()
    return action


def line_is_over(stepper):
    replay = stepper.replay
    return replay.is_terminal or stepper.model.line_ends(replay.state)


# -- what if ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_what_if_branch_follows_its_move_and_returns_to_the_main_line(game):
    stepper = make(game)
    main = stepper.replay
    step = choice_steps(main, stepper.stepper.step)[0]
    move = branch_by_buttons(stepper, step)
    assert "✓ What if 1" in stepper.status.widget.value
    line = stepper.replay
    assert line is not main and stepper.line == 1
    assert line.actions[:step] == main.actions[:step] and line.actions[step] == move
    assert line_is_over(stepper)
    assert stepper.stepper.step == step + 1
    caption = html.unescape(stepper.stepper.caption.value)
    assert f"What if 1, from step {step + 1}: " in caption and "instead of" in caption
    # one numbering: the line's label, its note and the caption name the what-if's move alike
    assert f"Step {step + 1} of {len(line)}:" in caption
    assert stepper.whatif.lines.options[1][0].startswith(f"What if 1: step {step + 1}, ")
    assert "This is what if 1" in stepper.why.value
    # every step of the branch says it is one; the bots' reasons come with their moves
    later = [s for s in stepper.reasons if s > step + 1]
    assert later, "the bots played on with their reasons"
    stepper.stepper.go(later[0])
    assert "What if 1, from step" in stepper.stepper.caption.value
    assert "Why? Player" in stepper.why.value
    stepper.stepper.go(step)
    assert f"departs at step {step + 1})" in stepper.stepper.caption.value
    # the tree: the main line and the branch; Back to the main line keeps the step
    assert [v for _, v in stepper.whatif.lines.options] == [0, 1]
    assert stepper.whatif.tree.layout.display == "" and not stepper.whatif.main.disabled
    stepper.stepper.go(min(later[0], len(main)))
    here = stepper.stepper.step
    stepper.whatif.main.click()
    assert stepper.line == 0 and stepper.replay is main and stepper.stepper.step == here
    fresh = make(game)
    fresh.stepper.go(here)
    assert seen(stepper) == seen(fresh)
    assert stepper.whatif.main.disabled
    # and the list jumps back to the branch
    stepper.whatif.lines.value = 1
    assert stepper.replay is line and stepper.stepper.step == here


@pytest.mark.parametrize("game", ["triad", "doudizhu"])
def test_a_branch_of_a_branch_is_indented_under_its_parent(game):
    stepper = make(game)
    first = choice_steps(stepper.replay, stepper.stepper.step)[0]
    branch_by_buttons(stepper, first)
    deeper = choice_steps(stepper.replay, first + 1)[0]
    branch_by_buttons(stepper, deeper)
    assert stepper.line == 2 and stepper.tree.lines[2].branch.parent == 1
    labels = [label for label, _ in stepper.whatif.lines.options]
    assert labels[0] == "Main line" and labels[1].startswith("What if 1")
    assert labels[2].startswith("\u00a0") and "What if 2" in labels[2]
    assert stepper.position()["line"].startswith("2~0.")


@pytest.mark.parametrize("game", GAMES)
def test_the_ai_says_its_move_and_one_press_branches_with_it(game):
    stepper = make(game)
    step = choice_steps(stepper.replay, stepper.stepper.step)[0]
    stepper.stepper.go(step)
    stepper.whatif.ask.click()
    answer = html.unescape(stepper.whatif.answer.value)
    assert f"The AI for Player {stepper.game.current_player(stepper.stepper.state) + 1}" in answer
    if "That is this line's move" in answer:
        # on a what-if line, the AI plays the main line's move where the learner did not
        branch_by_buttons(stepper, step)
        stepper.stepper.go(step)
        stepper.whatif.ask.click()
        answer = html.unescape(stepper.whatif.answer.value)
    assert "Press Play this instead" in answer
    lines = len(stepper.tree.lines)
    stepper.whatif.play.click()
    assert len(stepper.tree.lines) == lines + 1
    _seat, reason = stepper.reasons[step + 1]
    assert reason.text() in html.unescape(stepper.why.value)


@pytest.mark.parametrize("game", ["triad", "three_thirteen"])
def test_other_eyes_get_no_moves_and_no_ai(game):
    stepper = make(game)
    step = choice_steps(stepper.replay, stepper.stepper.step)[0]
    stepper.stepper.go(step)
    seat = stepper.game.current_player(stepper.stepper.state)
    stepper.eyes.value = (seat + 1) % len(stepper.eyes.options[1:])
    assert stepper.whatif.moves.options == () and stepper.whatif.ask.disabled
    assert "only they (or the teacher)" in stepper.whatif.help.value
    with pytest.raises(ValueError, match="only Player"):
        stepper.ask_ai()
    stepper.eyes.value = seat
    assert stepper.whatif.moves.options and not stepper.whatif.ask.disabled


@pytest.mark.parametrize("game", GAMES)
def test_a_branch_shows_each_seat_only_what_it_may_see(game):
    stepper = make(game)
    step = choice_steps(stepper.replay, stepper.stepper.step)[0]
    branch_by_buttons(stepper, step)
    replay = stepper.replay
    oracle = SeenSoFar(replay)
    for seat in range(len(stepper.eyes.options) - 1):
        stepper.eyes.value = seat
        for s in range(0, len(replay) + 1, 3):
            stepper.stepper.go(s)
            texts = shown_texts(stepper)
            assert_nothing_hidden(texts, oracle, s, seat, stepper.reasons, reasons_held_back=True)


# -- the position -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_position_round_trip(game):
    first, second = pair(game)

    @settings(
        max_examples=6,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(st.data())
    def check(data):
        first.open_position({"deal": first.story})
        main = first.replay
        if data.draw(st.booleans(), label="branch"):
            steps = choice_steps(main)
            step = data.draw(st.sampled_from(steps), label="step")
            first.stepper.go(step)
            count = len(first.whatif.moves.options)
            branch_by_buttons(first, step, data.draw(st.integers(0, count - 1), label="move"))
        first.stepper.go(data.draw(st.integers(0, len(first.replay)), label="at"))
        first.eyes.value = data.draw(st.sampled_from([v for _, v in first.eyes.options]))
        where = first.position()
        assert second.open_position(where) == []
        assert second.position() == where
        assert seen(second) == seen(first)

    check()


@pytest.mark.parametrize("game", GAMES)
def test_every_step_shared_through_the_page_reopens_exactly(game):
    """Every step of the story deal, round and game ends included (issue 26, item 12): the
    page's share link, followed by another page, shows the same caption, texts and picture."""
    from urllib.parse import urlsplit

    from cardlab.widgets.lesson_page import LessonPage

    pages = LessonPage(game), LessonPage(game)
    first, second = (_steppers()[game](page) for page in pages)
    for step in range(len(first.replay) + 1):
        first.stepper.go(step)
        link = pages[0].address_of("deal")
        pages[1].follow("?" + urlsplit(link).query)
        assert second.stepper.step == step, link
        assert seen(second) == seen(first), link


@pytest.mark.parametrize("game", ["triangle", "pyramid"])
def test_a_seeded_deal_is_a_position_too(game):
    first, second = pair(game)
    first.open_position({"seed": "7", "step": "3", "eyes": "2"})
    assert first.seed == 7 and first.position() == {"seed": "7", "step": "3", "eyes": "2"}
    story = first.tree.main.replay
    assert dict(story.options) == dict(deals.load(first.story).options)
    second.open_position(first.position())
    assert second.replay == first.replay and seen(second) == seen(first)
    assert "seed 7" in first.deal_note.value


def test_a_bad_position_is_refused_and_changes_nothing():
    stepper = make("triad")
    stepper.stepper.go(25)
    before = stepper.position()
    last = len(stepper.replay)
    cases = {
        (("step", "900"),): f"step 900 is out of range: this deal has steps 0-{last}",
        (("step", "9" * 5000),): "step must be a whole number of 1-6 digits",
        (("step", "-1"),): "step must be a whole number",
        (("seed", "1" * 21),): "seed must be a whole number of 1-20 digits",
        (("seed", "7"), ("deal", "triad-pot-odds")): "either a deal or a seed",
        (("deal", "nonsense"),): "no deal 'nonsense'",
        (("eyes", "9"),): "eyes must be 'teacher' or a player's number 1-4",
        (("eyes", "Player 2"),): "eyes must be",
        (("line", "1~0.3.raise"),): "no what-if at step 3: chance decides it",
        (("line", "1~0.21.jump"),): "what-if at step 21",
        (("line", "7"),): "only 0 branches",
    }
    for params, words in cases.items():
        with pytest.raises(ValueError, match=re.escape(words)):
            stepper.open_position(dict(params))
        assert stepper.position() == before
    notices = stepper.open_position({"step": "21", "theme_colour": "red"})
    assert len(notices) == 1 and "theme_colour" in notices[0]
    assert stepper.position() == {"deal": "triad-pot-odds", "step": "21"}


# -- rules variants ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_a_rules_variant_reruns_the_deal_under_it(game):
    stepper = make(game)
    story = stepper.replay
    defaults = standard_rules(stepper.game)  # the lesson's rules row before any change
    variant = VARIANTS[game]
    stepper.rules_changed({**defaults, **variant})
    replay = stepper.replay
    options = dict(replay.options)
    assert stepper.seed == 1 and replay.seed == 1 and replay != story
    assert all(options[k] == v for k, v in variant.items())
    for name, value in story.options:  # the story deal's shape, the variant on top
        if name not in variant:
            assert options[name] == value
    assert replay.is_terminal or stepper.model.line_ends(replay.state)
    assert "story deal is for the standard rules" in stepper.deal_note.value
    seats = stepper.game.num_players(replay.state_at(0))
    assert len(stepper.eyes.options) == seats + 1
    assert stepper.position()["seed"] == "1"
    # a branch under the variant plays on under it too
    step = choice_steps(replay, stepper.stepper.step)[0]
    branch_by_buttons(stepper, step)
    assert dict(stepper.replay.options) == options
    # the standard rules bring the story deal back
    stepper.rules_changed(defaults)
    assert stepper.replay == story and stepper.seed is None and stepper.deal_note.value == ""
    assert stepper.position()["deal"] == stepper.story


def test_rules_the_bots_cannot_play_are_refused_and_change_nothing():
    stepper = make("triad")
    before = stepper.position()
    with pytest.raises(ValueError, match="Player 5 has no bot"):
        stepper.rules_changed({**stepper.game.options(), "players": 5})
    assert stepper.position() == before and stepper.seed is None


@pytest.mark.parametrize(
    ("game", "variant"), [("triad", {"jokers": "wild"}), ("pyramid", {"players": 4})]
)
def test_a_stored_seeded_deal_is_the_deal_the_bots_play(game, variant):
    """The rules row's seeded deals are read from the stored figures (`seeded_deal`): the same
    replay and reasons as the lesson's bots playing the seeded deal there and then."""
    from cardlab.apps.bot_stepper import VARIANT_SEED, seeded_start

    stepper = make(game)
    tree = stepper.model._deal(VARIANT_SEED, variant)
    reasons: dict = {}
    start = seeded_start(stepper.story, VARIANT_SEED, variant)
    played = start.play_out(stepper.model.fresh_bots(start), reasons=reasons)
    assert tree.main.replay.to_text() == played.to_text()
    assert tree.main.replay.state == played.state
    assert tree.main.reasons == reasons


# -- the decks lesson's deal ---------------------------------------------------------------------
@settings(max_examples=25, deadline=None, derandomize=True)
@given(
    st.sampled_from(["standard52", "triad", "pyramid", "blocks"]),
    st.integers(0, 40),
    st.integers(0, 200),
    st.booleans(),
)
def test_the_decks_deal_says_its_position_and_goes_back_to_it(deck, seed, at, story):
    from cardlab.apps.decks import DealStepper

    start = DealStepper.start()
    first = start if story else replace(start, deck=deck, seed=seed)
    first = replace(first, step=min(at, len(first.replay)))
    where = first.position()
    assert ("deal" in where) == (first.replay == deals.load(first.story))
    second, notices = start.act("reshuffle").at(where)
    assert notices == [] and second == first and second.position() == where
    assert second.blocks("default") == first.blocks("default")


def test_the_decks_deal_refuses_a_bad_position_and_stays():
    from cardlab.apps.decks import DealStepper

    first, _ = DealStepper.start().at({"deck": "triad", "seed": "3", "step": "4"})
    assert first.position() == {"deck": "triad", "seed": "3", "step": "4"}
    cases = {
        (("deck", "tarot"),): "no deck 'tarot'",
        (("seed", "x"),): "seed must be a whole number",
        (("step", "99"),): "step 99 is out of range",
        (("deal", "decks-forced-follow"), ("seed", "2")): "either a deal or a deck and seed",
        (("deal", "triad-pot-odds"),): "no deal 'triad-pot-odds'",
    }
    for params, words in cases.items():
        with pytest.raises(ValueError, match=re.escape(words)):
            first.at(dict(params))
    _, notices = first.at({"step": "2", "eyes": "1"})
    assert notices and "eyes" in notices[0]
