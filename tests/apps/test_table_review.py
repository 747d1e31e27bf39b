"""A table's review of the hand just played (`cardlab.apps.hand_review`), at every table that has
one: a learner who follows the Hint made the AI's move every time; a decision opens as a branch
that counts for nothing and returns to the game as played; an exam page has no review; the
panel shows it."""

from __future__ import annotations

import dataclasses

import pytest
from table_games import MODELS

from cardlab.apps import hand_review
from cardlab.apps.model import NO_HINTS
from cardlab.apps.triad.table import TriadTable
from cardlab.widgets.table import TableView

REVIEWED = [game for game, cls in MODELS.items() if cls.start().reviewer() is not None]


def by_the_hint(table, most: int = 400):
    """``table`` played to the end of the unit on it (a hand, a round, a deal) by the Hint."""
    for _ in range(most):
        if table.hand_done():
            return table
        tip = table.suggest()
        table = table.select(tip.selected).act(tip.key, tip.value)
    raise AssertionError("the unit did not end")


def poor_triad(seed: int = 5):
    """A Triad hand played passively, standing pat: it has costly decisions to review."""
    table = TriadTable.start(seed=seed)
    while not table.hand_done():
        tip = table.suggest()
        if tip.key in ("discard", "stand-pat"):
            table = table.act("stand-pat")
        else:
            table = table.act(next(k for k in ("check", "call") if table.control(k).enabled))
    return table


def test_triad_and_pyramid_are_reviewed():
    assert {"triad", "pyramid"} <= set(REVIEWED)


@pytest.mark.parametrize("game", REVIEWED)
def test_following_the_hint_is_the_ais_move_every_time(game):
    """The review's AI is the Hint's: a learner who took every hint made no other move."""
    table = by_the_hint(MODELS[game].start(seed=3))
    before = table.offered()
    assert table.control("review").enabled
    shown = table.act("review")
    found = hand_review.shown_review(shown)
    assert found is not None and found.decisions
    assert {d.verdict for d in found.decisions} == {"same"}
    assert not shown.control("review-branch").enabled, "nothing to branch: the AI's very moves"
    assert shown.review_html().count("<li>") == len(found.decisions)
    assert shown.act("review").review_html() == "", "pressed again, the review hides"
    assert table.offered() == before, "asking for the review changed nothing else"


def test_the_review_waits_for_the_hands_end():
    table = TriadTable.start(seed=5)
    control = table.control("review")
    assert not control.enabled and control.why_not == str(hand_review.NOT_YET)
    with pytest.raises(ValueError, match="once this one is over"):
        table.act("review")
    assert table.review_html() == ""


def test_a_decision_opens_as_a_branch_that_counts_for_nothing():
    played = poor_triad().act("review")
    found = hand_review.shown_review(played)
    worst = found.decisions[0]
    assert worst.verdict == "worse"
    branch = played.act("review-pick", 0).act("review-branch")
    assert branch.replay.actions[: worst.step] == (
        *played.replay.actions[: worst.step - 1],
        worst.ai,
    ), "the hand cut before the decision, the AI's move played there"
    assert "What if" in str(branch.said.text) and branch.played is not None
    branch = by_the_hint(branch)
    assert branch.scores == played.scores, "a branch writes no score-sheet row"
    for key in branch.again:
        control = branch.control(key)
        assert not control.enabled and control.why_not == str(hand_review.IN_BRANCH)
    with pytest.raises(ValueError, match="what-if"):
        branch.act("next-hand")
    back = branch.act("review-back")
    assert back.replay == played.replay and back.scores == played.scores
    assert back.log == played.log and back.played is None and back.reviewing
    assert back.control("next-hand").enabled
    again, notes = TriadTable.opened(back.recipe, back.presses)
    assert not notes and again.replay == back.replay and again.reviewing


def test_a_branch_replays_from_its_link():
    branch = poor_triad().act("review").act("review-pick", 1).act("review-branch")
    again, notes = TriadTable.opened(branch.recipe, branch.presses)
    assert not notes and again.replay == branch.replay and again.played is not None


def test_a_decision_played_as_the_ai_would_is_not_a_branch():
    played = poor_triad().act("review")
    found = hand_review.shown_review(played)
    same = next(i for i, d in enumerate(found.decisions) if d.verdict == "same")
    picked = played.act("review-pick", same)
    assert not picked.control("review-branch").enabled
    with pytest.raises(ValueError, match="AI's very move"):
        picked.act("review-branch")


def test_an_exam_page_has_no_review():
    table = poor_triad().with_hints(False)
    for key in hand_review.REVIEW_KEYS:
        control = table.control(key)
        assert not control.enabled and control.why_not == str(NO_HINTS)
    with pytest.raises(ValueError, match="switched the hints off"):
        table.act("review")
    reviewed = dataclasses.replace(poor_triad(), reviewing=True).with_hints(False)
    assert not reviewed.control("review-branch").enabled


def test_the_panel_shows_the_review_and_hides_it_on_an_exam_page():
    view = TableView(poor_triad())
    assert view.review.value == ""
    view.press("review")
    assert "cardlab-hand-review" in view.review.value and "<ol>" in view.review.value
    assert view.controls["review"].description == "Hide the review"
    options = view.controls["review-pick"].options
    assert len(options) == len(hand_review.shown_review(view.model).decisions)
    view.press("review-branch")
    assert view.review.value == "" and view.model.played is not None
    view.press("review-back")
    assert "<ol>" in view.review.value
    view._allow_hints(False)
    assert {view.controls[k].layout.display for k in hand_review.KEYS} == {"none"}
