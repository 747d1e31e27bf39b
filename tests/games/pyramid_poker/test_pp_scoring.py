"""Pyramid Poker's ranking and scoring: every worked example of spec §6."""

import pytest

from cardlab.games.poker.ranking import evaluate
from cardlab.games.pyramid_poker import score_hands
from cardlab.games.pyramid_poker.rules import parse_cards
from cardlab.games.pyramid_poker.scoring import hand_points


def value(text):
    return evaluate(parse_cards(text))


@pytest.mark.parametrize(
    ("hand", "name", "points"),
    [
        ("T♠ J♠ Q♠ K♠ A♠", "Royal Flush", 5),
        ("A♠ 2♦ 3♣ 4♥ 5♠", "Straight, 5-high", 1),
        ("Q♥ K♥ A♥ 2♥ 3♥", "Flush, A-K-Q-3-2", 1),
        ("9♥ 8♥ 7♥ 6♥ 5♥", "Straight Flush, 9-high", 4),
        ("9♥ 9♦ 9♣ 9♠ 5♥", "Four of a Kind, Nines", 3),
        ("9♥ 9♦ 9♣ 4♠ 4♥", "Full House, Nines over Fours", 2),
        ("9♥ 9♦ 9♣ 4♠ 5♥", "Three of a Kind, Nines", 0),
        ("9♥ 9♦ 4♣ 4♠ 5♥", "Two Pair, Nines and Fours", 0),
        ("9♥ 9♦ 3♣ 4♠ 5♥", "One Pair, Nines", 0),
        ("2♣ 5♦ 8♣ J♥ K♦", "King High", -1),
    ],
)
def test_categories_and_hand_points(hand, name, points):
    v = value(hand)
    assert v.poker_name == name
    assert hand_points(v) == points


@pytest.mark.parametrize(
    ("a", "b", "result"),
    [
        ("A♥ 2♦ 3♣ 4♥ 5♠", "2♣ 3♦ 4♠ 5♥ 6♦", -1),
        ("K♥ K♦ 7♣ 7♥ 2♠", "K♠ K♣ 7♦ 7♠ 3♥", -1),
        ("T♠ J♥ Q♦ K♣ A♥", "T♥ J♦ Q♣ K♠ A♠", 0),
        ("9♥ 9♦ 9♣ 4♠ 4♥", "8♠ 8♥ 8♦ A♠ A♦", 1),
    ],
)
def test_worked_comparisons(a, b, result):
    va, vb = value(a), value(b)
    assert (va > vb) - (va < vb) == result


P1 = "9♥ 9♦ 9♣ 4♦ 4♥ | 2♣ 5♦ 8♣ J♥ K♦ | 3♠ 4♠ 5♠ 6♠ 7♠"
P2 = "8♠ 8♥ 8♦ A♠ A♦ | Q♥ Q♣ 6♦ 7♣ 2♥ | T♣ J♣ Q♠ K♥ A♣"


def test_the_complete_game_scores_8_to_3():
    r = score_hands(P1, P2)
    assert r.comparisons == (1, -1, 1)
    assert r.wins == (2, 1)
    assert r.hand_points == ((2, -1, 4), (2, 0, 1))
    assert r.bonus == (3, 0)
    assert r.points == (8, 3)
    assert "2 - 1 + 4 + 3 (won 2) = 8" in r.arithmetic
    assert "2 + 0 + 1 = 3" in r.arithmetic
    assert r.winner == 0
    basic = score_hands(P1, P2, advanced=False)
    assert basic.winner == 0 and basic.points == (1, 0)
    swapped = score_hands(P2, P1)
    assert swapped.points == (3, 8) and swapped.winner == 1


def test_bonus_for_three_wins_is_four_and_ties_count_for_nobody():
    a = "T♠ J♥ Q♦ K♣ A♥ | 9♥ 9♦ 9♣ 4♦ 4♥ | 3♠ 4♠ 5♠ 6♠ 7♠"
    b = "T♥ J♦ Q♣ K♠ A♠ | 8♠ 8♥ 8♦ 2♣ 2♦ | 2♥ 3♥ 5♥ 7♥ 9♠"
    r = score_hands(a, b)
    assert r.comparisons == (0, 1, 1)
    assert r.wins == (2, 0) and r.bonus == (3, 0)  # 2 wins + 1 tie = "won 2"
    c = "A♣ A♦ 5♣ 6♦ 7♦ | 8♣ 8♦ 8♥ 3♣ 3♦ | 2♠ 2♦ 4♣ 4♥ 6♣"
    d = "K♣ K♦ 5♦ 6♥ 7♥ | 7♣ 7♦ 7♠ T♣ T♦ | 2♣ 2♥ 4♦ 4♠ 5♠"
    r3 = score_hands(c, d)
    assert r3.wins == (3, 0) and r3.bonus == (4, 0)
    assert r3.points == (0 + 2 + 0 + 4, 0 + 2 + 0)


def test_equal_wins_is_a_draw_and_the_optional_no_pair_penalty():
    a = "T♠ J♥ Q♦ K♣ A♥ | 2♣ 5♦ 8♣ J♥ K♦ | 2♠ 4♠ 6♣ 8♥ T♦"
    b = "T♥ J♦ Q♣ K♠ A♠ | 2♦ 5♣ 8♦ J♠ K♥ | 3♠ 5♠ 7♣ 9♥ J♣"
    a = "T♠ J♥ Q♦ K♣ A♥ | 2♣ 5♦ 8♣ J♥ K♦ | 2♠ 4♠ 6♣ 8♥ T♦"
    r = score_hands(a, b, advanced=False)
    assert r.winner == 1  # ties on left/centre, 11-high beats 10-high on the right
    hi_a = "2♣ 5♦ 8♣ J♥ K♦ | 2♠ 4♠ 6♣ 8♥ T♦ | 3♦ 5♥ 7♦ 9♣ Q♣"
    hi_b = "2♦ 5♣ 8♦ J♠ K♥ | 3♠ 5♠ 7♣ 9♥ J♣ | 3♥ 5♦ 7♠ 9♦ Q♥"
    plain = score_hands(hi_a, hi_b)
    assert plain.comparisons == (0, -1, 0) and plain.points == (-3, -3 + 0)
    pen = score_hands(hi_a, hi_b, all_three_no_pair_penalty=True)
    assert pen.points == (-4, -4)
    draw = score_hands(hi_a, hi_a.replace("♣", "x").replace("♦", "♣").replace("x", "♦"), False)
    assert draw.winner is None and draw.points == (0, 0)
