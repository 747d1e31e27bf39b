"""Rules variants re-run each lesson's figures (issue #15): for every lesson, the page and its
figure panels are built as the lesson builds them, each exposed option is changed through the
page's rules controls, and the figures the panels show must equal the engine's figures computed
directly under that variant, differ from the standard rules' where the rules change them, and
come back with "Standard rules"."""

from __future__ import annotations

import html
import re

import pytest

from cardlab.widgets.lesson_page import LessonPage
from cardlab.widgets.stepper_view import StepperView


def text_of(markup: str) -> str:
    """An HTML widget's value as the reader sees it: no tags, entities read, spaces single."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


def set_rule(page: LessonPage, name: str, value: object) -> None:
    """Change one rule the way a teacher does: its control on the page's rules panel."""
    assert page.rules is not None
    page.rules.controls[name].value = value
    assert page.rules.options[name] == value, page.status.message


def standard(page: LessonPage) -> None:
    assert page.rules is not None
    page.rules.standard.click()
    assert page.rules.changed == {}


# -- Triad -----------------------------------------------------------------------------------------
class TestTriad:
    @pytest.fixture(scope="class")
    def lesson(self):
        from cardlab.apps.triad.lesson import HandLadder
        from cardlab.apps.triad.odds import ExchangeAdvisor, OddsTables

        page = LessonPage("triad")
        shown = (HandLadder(), OddsTables(), ExchangeAdvisor.start())
        return page, *(page.show(figure) for figure in shown)

    def test_wild_jokers_and_no_five_of_a_kind(self, lesson):
        from cardlab.games.poker import counts, tables
        from cardlab.games.poker.ranking import TRIAD_NAMES
        from cardlab.games.triad import parse

        page, ladder, odds, advisor = lesson
        set_rule(page, "jokers", "wild")
        assert ladder.model.jokers == "wild" and advisor.model.jokers == "wild"
        advisor.controls["hand"].value = "BJ Ab Ag Ar 2k"
        advisor.controls["use-hand"].click()
        five = counts.category_counts("wild")
        words = text_of(ladder.blocks[0].words)
        assert "Five Up" in words and f"{five['four_up']:,} hands" in words

        set_rule(page, "five_of_a_kind", False)
        no_five = counts.category_counts("wild", five_of_a_kind=False)
        assert no_five["four_up"] != five["four_up"]
        words = text_of(ladder.blocks[0].words)
        assert TRIAD_NAMES["five_up"] not in words
        assert f"{no_five['four_up']:,} hands" in words
        assert "no five of a kind" in ladder.shown[0].canvas.label.label
        table = text_of(odds.blocks[0].html)
        assert "no five of a kind" in table and "Five of a kind is Five Up: off" in table
        assert f"{no_five['four_up']:,}" in table and f"{five['four_up']:,}" in table  # Full Up
        five_row = re.search(r"<tr[^>]*><th[^>]*>Five Up.*?</tr>", odds.blocks[0].html).group(0)
        assert text_of(five_row).count("\u2014") == 6  # no Five Up in either table
        assert "no five of a kind" in odds.blocks[1].html

        hand = parse("BJ Ab Ag Ar 2k")
        unseen = [c for c in tables.deck_cards(jokers="wild") if c not in hand]
        expected = tables.best_discards(
            hand, unseen, 3, jokers="wild", objective="expected", five_of_a_kind=False
        )
        assert [r[2] for r in advisor.model.advice[3]] == [r[2] for r in expected]
        assert "Four Up, Aces" in advisor.blocks[2].html
        assert len(unseen) == 49  # the other joker is among the unseen cards

        standard(page)  # jokers out: the advisor's hand with a joker gives way to its first one
        assert advisor.model.hand == "Kb Kg 7r 5k 2b" and advisor.status.level != "error"
        assert ladder.model.jokers == "out" and ladder.model.five_of_a_kind
        assert f"{five['four_up']:,}" in text_of(odds.blocks[0].html)
        assert odds.blocks[0].html.count("cardlab-rules-note") == 0

    def test_players_leave_the_figures_be(self, lesson):
        page, ladder, odds, _ = lesson
        before = (ladder.blocks[0].words, odds.blocks[0].html)
        set_rule(page, "players", 5)
        assert (ladder.blocks[0].words, odds.blocks[0].html) == before
        standard(page)


# -- Pyramid ---------------------------------------------------------------------------------------
class TestPyramid:
    @pytest.fixture(scope="class")
    def lesson(self):
        from cardlab.apps.pyramid.odds import ExchangeAdvisor, OddsTable

        page = LessonPage("pyramid")
        return page, page.show(OddsTable()), page.show(ExchangeAdvisor())

    def test_most_cards_exchanged(self, lesson):
        from cardlab.games.pyramid.odds import advice_table_html, best_exchanges

        page, _, advisor = lesson
        before = advisor.blocks[-1].html
        set_rule(page, "max_draw", 2)
        hand = advisor.model.blocks("default")[1].cards
        assert advisor.blocks[-1].html.endswith(advice_table_html(" ".join(hand), None, 2))
        assert advisor.blocks[-1].html != before
        assert "Most cards exchanged: 2" in text_of(advisor.blocks[0].html)
        # the best discard is the best of up to 2 cards, and 3 selected cards are refused
        advisor.controls["best-discard"].click()
        best = best_exchanges(" ".join(hand), None, 2, lambda o: o.p_better - o.p_worse)[0]
        assert sorted(hand[i] for i in advisor.model.selected) == sorted(
            c.code for c in best.discard
        )
        with pytest.raises(ValueError, match="at most 2"):
            advisor.select((0, 1, 2))
        assert len(advisor.model.selected) <= 2
        standard(page)
        assert advisor.blocks[-1].html == before and advisor.blocks[0].html == ""

    def test_players_and_exchange_rounds_leave_the_deal_odds_be(self, lesson):
        page, odds, advisor = lesson
        before = (odds.model, advisor.model, odds.blocks[0].html, advisor.blocks[-1].html)
        set_rule(page, "players", 2)  # the lesson seats 3; two exchange rounds need 2 or 3
        set_rule(page, "exchange_rounds", 2)
        assert (odds.model, advisor.model, odds.blocks[0].html, advisor.blocks[-1].html) == before
        standard(page)


# -- Dou Dizhu -------------------------------------------------------------------------------------
def test_doudizhu_pagat_rules_change_the_counts_and_the_verdicts():
    from cardlab.apps.doudizhu.lesson import CombinationGallery, example_rows
    from cardlab.apps.doudizhu.odds import HandOdds, PlayCountsTable, WingsTable
    from cardlab.games.doudizhu.odds import four_two_singles, play_counts, wing_rows

    page = LessonPage("doudizhu")
    gallery = page.show(CombinationGallery())
    counts, wings = page.show(PlayCountsTable()), page.show(WingsTable())  # as the lesson does
    odds = page.show(HandOdds(trials=200))
    assert counts.page is page and wings.page is page
    cardavia = text_of(counts.blocks[0].html)
    assert f"{play_counts('cardavia').total:,} distinct plays" in cardavia
    bombs = (odds.model, odds.blocks[0], odds.blocks[2])

    set_rule(page, "ruleset", "pagat")
    assert gallery.model.ruleset == "pagat"
    words = text_of(gallery.blocks[0].words)
    for cards, verdict, _ in example_rows(gallery.model.example, "pagat"):
        assert html.unescape(html.escape(f"{cards}: {verdict}")) in words
    example = gallery.model.example
    assert example_rows(example, "pagat") != example_rows(example, "cardavia")
    pagat = text_of(counts.blocks[0].html)
    assert f"{play_counts('pagat').total:,} distinct plays" in pagat and "pagat's rules" in pagat
    assert f"{four_two_singles('pagat'):,} of them four + two singles" in pagat
    plays = ", ".join(f"{row[0]} trios {row[5]:,}" for row in wing_rows())
    assert plays in text_of(wings.blocks[0].html)
    # bombs and the rocket do not depend on the wing rules (a chart's SVG has fresh ids)
    assert (odds.model, odds.blocks[0], odds.blocks[2]) == bombs

    standard(page)
    assert gallery.model.ruleset == "cardavia" and text_of(counts.blocks[0].html) == cardavia


# -- Three Thirteen --------------------------------------------------------------------------------
class TestThreeThirteen:
    @pytest.fixture(scope="class")
    def lesson(self):
        from cardlab.apps.three_thirteen.lesson import MeldExamples, MeldSolver
        from cardlab.apps.three_thirteen.odds import OddsLesson

        page = LessonPage("three_thirteen")
        shown = (
            MeldExamples(index=4),
            MeldSolver.start(hand="Ah Ad As 9h 10h Qh Jc", round_no=9),
            OddsLesson(samples=60),
        )
        return page, *(page.show(figure) for figure in shown)

    def test_aces_high_or_low(self, lesson):
        from cardlab.apps.three_thirteen.lesson import solver_title
        from cardlab.games.three_thirteen.melds import min_deadwood
        from cardlab.games.three_thirteen.odds import round_one_odds, simulate_rounds

        page, _, solver, odds = lesson
        solver.controls["hand"].value = "Qh Kh Ah 5c 9d"
        low = solver.blocks[1].words
        assert "best deadwood 35" in solver.shown[1].canvas.label.label  # Q-K-A is no run
        set_rule(page, "aces", "high_or_low")
        options = {"aces": "high_or_low"}
        hand, wild = solver.model.cards, solver.model.wild
        penalty, _ = min_deadwood(hand, wild, options)
        assert penalty == 5 + 9  # Q-K-A of hearts is a run
        label = solver.shown[1].canvas.label.label
        assert label.endswith(solver_title(hand, wild, options))
        assert f"best deadwood {penalty}" in label and solver.blocks[1].words != low
        assert "Aces: high or low" in text_of(solver.blocks[0].html)
        exact = round_one_odds(1, "high_or_low")
        assert f"{exact.dealt_meld.numerator}/{exact.dealt_meld.denominator}" in odds.blocks[1].html
        assert exact.dealt_meld != round_one_odds(1).dealt_meld
        stats = simulate_rounds(1, samples=60, seed=0, aces="high_or_low")
        assert [s.mean_deadwood for s in odds.model.stats] == [s.mean_deadwood for s in stats]
        standard(page)
        assert solver.blocks[1].words == low and odds.blocks[0].html == ""

    def test_the_most_wild_cards_in_a_meld(self, lesson):
        from cardlab.apps.three_thirteen.questions import why_html
        from cardlab.games.three_thirteen.odds import round_one_under

        page, examples, _, odds = lesson
        examples.controls["example"].value = 3  # "Wild cards can meld on their own", fours wild
        before = examples.blocks[1].words
        set_rule(page, "max_wilds_per_meld", 1)
        ex = examples.model.example
        assert why_html(ex.cards, ex.wild, {"max_wilds_per_meld": 1}) in examples.blocks[1].words
        assert examples.blocks[1].words != before
        exact = round_one_under(2, "low", 1)
        assert odds.model.rows[3].exact == exact.dealt_meld  # the two-deck row, counted under it
        standard(page)
        assert examples.blocks[1].words == before

    def test_players_bring_their_decks(self, lesson):
        from cardlab.games.three_thirteen.odds import round_one_odds, simulate_rounds

        page, examples, solver, odds = lesson
        figures = (examples.model, solver.model)
        set_rule(page, "players", 5)
        assert (examples.model, solver.model) == figures  # a hand's melds do not need players
        three = round_one_odds(3)
        assert "5 players, 3 decks" in text_of(odds.blocks[1].html)
        assert f"{three.dealt_meld.numerator}/{three.dealt_meld.denominator}" in odds.blocks[1].html
        assert "3 decks, 5-6 players" in odds.model.rows[-1].label
        assert "60 seeded deals each, 3 decks" in text_of(odds.blocks[4].html)
        stats = simulate_rounds(3, samples=60, seed=0)
        assert [s.p_melded for s in odds.model.stats] == [s.p_melded for s in stats]
        standard(page)
        assert "one deck" in text_of(odds.blocks[4].html) and len(odds.model.rows) == 6


# -- Pyramid Poker ---------------------------------------------------------------------------------
def test_pyramid_poker_scoring_target_and_penalty():
    from cardlab.apps.pyramid_poker.lesson import ScoringExample
    from cardlab.apps.pyramid_poker.odds import OddsLesson
    from cardlab.games.pyramid_poker.scoring import score_hands

    page = LessonPage("pyramid_poker")
    odds = page.show(OddsLesson())
    example = page.show(ScoringExample())  # as the lesson builds it
    assert example.page is page
    nothing = "2c 4d 6h 8s Tc | 3c 5d 7h 9s Jc | 2d 4h 6s 9c Qd"
    example.controls["a"].value = nothing
    example.controls["score"].click()
    advanced = score_hands(nothing, example.model.b)
    assert example.model.result.advanced_points == advanced.advanced_points

    set_rule(page, "all_three_no_pair_penalty", True)
    penalised = score_hands(nothing, example.model.b, all_three_no_pair_penalty=True)
    assert example.model.result.advanced_points == penalised.advanced_points
    assert penalised.advanced_points[0] == advanced.advanced_points[0] - 1
    _, table, _, sheet, _ = example.blocks
    assert "all three hands No Pair" in text_of(table.html)
    assert "<th scope='row'>Penalty</th>" in sheet.html

    set_rule(page, "scoring", "basic")
    basic = score_hands(nothing, example.model.b, advanced=False)
    assert example.model.result.arithmetic == basic.arithmetic
    rows = re.findall(r"<tr><th scope='row'>[^<]*</th><td>(\d+)</td><td>(\d+)</td>",
                      example.blocks[3].html)  # fmt: skip
    assert [tuple(map(int, row)) for row in rows] == [
        (int(c == 1), int(c == -1)) for c in basic.comparisons
    ]
    assert "Basic scoring" in text_of(example.blocks[1].html)
    assert "basic scoring" in text_of(odds.blocks[0].html)

    set_rule(page, "target", 11)
    assert "Match points to win: 11" in text_of(example.blocks[0].html)
    standard(page)
    assert example.model.result.advanced_points == advanced.advanced_points
    assert example.blocks[0].html == "" and odds.blocks[0].html == ""


def test_pyramid_poker_figures_keep_only_the_scoring_rules():
    """A change of a rule scoring does not depend on leaves the figures equal (the view sends
    nothing), and the standard rules give the figures the lesson starts with."""
    from cardlab.apps.pyramid_poker.lesson import ScoringExample
    from cardlab.apps.pyramid_poker.odds import OddsLesson
    from cardlab.lessons.variants import VARIANTS

    standard_rules = VARIANTS["pyramid_poker"].defaults
    for figure in (ScoringExample(), OddsLesson()):
        assert figure.with_rules(standard_rules) == figure
        assert figure.with_rules({**standard_rules, "foundation_width": 9}) == figure
        assert figure.with_rules({**standard_rules, "target": 11}) != figure


# -- Triangle --------------------------------------------------------------------------------------
def test_triangle_a_contested_grab_under_the_rules():
    from fractions import Fraction

    from cardlab.apps.triangle.stepper import GameStepper
    from cardlab.apps.triangle.table import signed
    from cardlab.games.triangle import statement_odds

    page = LessonPage("triangle")
    game = StepperView(GameStepper.start(), page)
    odds = game.odds
    view = game.model._odds_view()
    assert view is not None, "the stepper opens where the odds have something to show"
    best = max(o.net for o in statement_odds(view))
    assert f"= {signed(Fraction(3, 8) * best)} to a claimer" in text_of(odds.html.value)

    set_rule(page, "tie_void", 0.5)  # the stepper now shows a seeded deal under the rules
    view = game.model._odds_view()  # a statement's odds: the position's
    best = max(o.net for o in statement_odds(view))
    words = text_of(odds.html.value)
    assert "void with probability 1/2" in words and "speaks with probability 1/4" in words
    assert f"= {signed(Fraction(1, 4) * best)} to a claimer" in words
    set_rule(page, "on_tie", "shared")
    set_rule(page, "target", 12)
    assert text_of(odds.html.value) == words  # the end of the game does not change a round
    standard(page)
    assert "void with probability 1/4" in text_of(odds.html.value)
