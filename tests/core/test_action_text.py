"""Action text is read once, the same way in every game: spacing, keyword case, digits, size.

Each regression here is a refusal that used to give a false or leaked reason (or an action that
used to be refused for harmless spacing).
"""

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardlab.core.bots import RandomBot
from cardlab.core.engine import IllegalMove, get_game
from cardlab.core.replay import Replay
from cardlab.core.text import MAX_ACTION_CHARS, normalize_action, with_article, word_map

WORDS = word_map(frozenset({"place", "take", "S3", "go", "out"}))


@pytest.fixture(scope="module")
def building():
    """Pyramid Poker at its first placement (every foundation slot is open)."""
    replay = Replay.start("pyramid_poker", 1, games=1).resolve_chance()
    assert replay.state.phase == "place"
    return replay


@pytest.fixture(scope="module")
def taking():
    """Pyramid Poker at its first take: only a few blocks are free."""
    replay = Replay.start("pyramid_poker", 1, games=1).play_out(
        {0: RandomBot(1), 1: RandomBot(2)}, until=lambda s: s.phase == "take"
    )
    assert replay.state.phase == "take"
    return replay


@pytest.fixture(scope="module")
def bidding():
    replay = Replay.start("doudizhu", 1).resolve_chance()
    assert replay.state.phase == "bid"
    return replay


@pytest.fixture(scope="module")
def discarding():
    replay = Replay.start("three_thirteen", 1).resolve_chance().append("take stock")
    return replay.resolve_chance()


# -- the normaliser itself ---------------------------------------------------------------------
def test_spacing_collapses_and_keywords_take_their_spelling():
    assert normalize_action("  place \t 3  ", WORDS) == "place 3"
    assert normalize_action("PLACE\u00a03", WORDS) == "place 3"  # a no-break space is a space
    assert normalize_action("s3", WORDS) == "S3"
    assert normalize_action("Go OUT 7h", WORDS) == "go out 7h"
    # card tokens keep their case: the notation fixes it (Triad's k is a suit, K a King)
    assert normalize_action("take Kk", WORDS) == "take Kk"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("discard\n7h", "one line"),
        ("discard 7h\r", "one line"),
        ("place\x003", "one line"),
        ("place\u200b3", "one line"),  # a zero-width space is invisible, not spacing
        ("place\u20283", "one line"),  # a line separator
        ("place ³", "only the digits 0-9"),
        ("place ３", "only the digits 0-9"),
        ("take ٢٦", "only the digits 0-9"),
        ("take 026", "'26', not '026'"),
        ("take 00", "'0', not '00'"),
        ("x" * (MAX_ACTION_CHARS + 1), f"at most {MAX_ACTION_CHARS} characters"),
    ],
)
def test_refusals_say_what_to_change(text, reason):
    with pytest.raises(ValueError, match=reason):
        normalize_action(text, WORDS)


@settings(max_examples=300, deadline=1000)
@given(st.text(max_size=250))
def test_normalising_any_text_is_idempotent_or_refused_with_a_reason(text):
    try:
        once = normalize_action(text, WORDS)
    except ValueError as exc:
        assert str(exc)
        return
    assert normalize_action(once, WORDS) == once
    assert " ".join(once.split()) == once  # one space between tokens, none at the ends
    assert not any(unicodedata.category(c) in {"Cc", "Cf", "Cs", "Zl", "Zp"} for c in once)


# -- the regressions, game by game -------------------------------------------------------------
def test_pyramid_poker_reads_loose_spacing_and_refuses_unicode_digits(building, taking):
    game, state = building.game, building.state
    assert game.why_illegal(state, "place  3") is None  # was "needs both blocks below it first"
    assert game.why_illegal(state, " Place 3 ") is None
    assert "only the digits 0-9" in str(game.why_illegal(state, "place ³"))  # was int()'s message
    with pytest.raises(IllegalMove, match="only the digits 0-9"):
        game.apply(state, "place ³")
    free = game.legal_actions(taking.state)[0].split()[1]
    reason = str(game.why_illegal(taking.state, f"take 0{free}"))
    assert reason == f"write whole numbers without leading zeros: '{free}', not '0{free}'"


def test_doudizhu_bid_with_a_leading_zero_says_so(bidding):
    game, state = bidding.game, bidding.state
    assert str(game.why_illegal(state, "bid 02")) == (
        "write whole numbers without leading zeros: '2', not '02'"
    )
    assert game.why_illegal(state, "BID  2") is None


def test_doudizhu_huge_play_is_refused_before_any_work(bidding):
    game = bidding.game
    replay = bidding.append("bid 3")
    reason = str(game.why_illegal(replay.state, "play " + "3 " * 160_000))
    assert reason == f"an action is at most {MAX_ACTION_CHARS} characters; this one has 320,005"


def test_doudizhu_nine_of_one_card_is_refused_with_a_reason(bidding):
    replay = bidding.append("bid 3")
    reason = str(replay.game.why_illegal(replay.state, "play " + "7c " * 9))
    assert reason == "7c appears 9 times, but the standard 54-card deck holds only 1"


def test_a_newline_in_an_action_is_refused_so_replays_stay_readable(discarding):
    card = discarding.game.legal_actions(discarding.state)[0].split()[1]
    with pytest.raises(IllegalMove, match="one line"):
        discarding.append(f"discard\n{card}")
    assert discarding.append(f"DISCARD   {card}").actions[-1] == f"discard {card}"


@pytest.mark.parametrize("name", ["highcard", "triangle", "doudizhu", "triad", "pyramid_poker"])
def test_non_text_actions_get_the_games_examples(name):
    game = get_game(name)
    state = Replay.start(name, 2).resolve_chance().state
    reason = str(game.why_illegal(state, 42))
    assert reason.startswith("an action is text such as ") and reason.endswith("got 42")
    assert str(game.why_illegal(state, "   ")).endswith("got '   '")
    with pytest.raises(TypeError, match="action text must be a str"):
        game.action_from_text(42)


@pytest.mark.parametrize(
    ("phrase", "said"),
    [
        ("airplane", "an airplane"),
        ("Airplane + pair wings", "an Airplane + pair wings"),
        ("Pair", "a Pair"),
        ("8-card straight", "an 8-card straight"),
        ("11-card straight", "an 11-card straight"),
        ("18-card airplane", "an 18-card airplane"),
        ("10-card pair run", "a 10-card pair run"),
        ("Orange card", "an Orange card"),
        ("Spades card", "a Spades card"),
        ("unit", "a unit"),
        ("A", "an A"),
        ("K", "a K"),
    ],
)
def test_the_article_follows_the_sound_of_the_next_word(phrase, said):
    assert with_article(phrase) == said
