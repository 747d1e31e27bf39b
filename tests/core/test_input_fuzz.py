"""Fuzzing what every game reads: action text (`why_illegal`, `apply`, `action_from_text`) and
replay text (`Replay.from_text`).

Whatever comes in -- near misses of legal actions, Unicode digits and suits, control characters,
huge token counts, objects that are not text -- the answer is a legal move or a refusal: a
``ValueError`` (`IllegalMove`) or ``TypeError`` with a message, the state or replay untouched.
Hypothesis deadlines stop any example that hangs.
"""

from __future__ import annotations

import pickle
import random
import re
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardlab.core.cards import Card
from cardlab.core.conformance import random_playout
from cardlab.core.engine import CHANCE, GAMES, Game, IllegalMove, load_games
from cardlab.core.i18n import Message
from cardlab.core.replay import Replay
from cardlab.games.doudizhu import Combo

load_games()  # every installed game: the cardlab.games entry points
CASES = [(name, opts) for name, game in GAMES.items() for opts in game.example_options]
IDS = [
    f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'defaults'}" for name, opts in CASES
]
SPACES = (" ", "  ", "\t", "\u00a0", "\u3000", " \t ")
UNICODE_DIGITS = "³²¹２٣०߂১½Ⅻ"
CONTROLS = "\n\r\x00\x07\x0b\x0c\x1b\x7f\x85\u200b\u200e\u2028\u2029\ufeff"
GLYPHS = {"s": "♠", "h": "♥", "d": "♦", "c": "♣"}
RNG = st.builds(random.Random, st.integers(0, 2**32))
"""A seeded generator for the slips below (small examples, unlike `st.randoms`)."""


# -- states to try actions on ------------------------------------------------------------------
@cache
def _playout(name: str, options: tuple[tuple[str, Any], ...]) -> tuple[Replay, tuple[int, ...]]:
    """A finished random game and the steps to try actions at: the first two chance steps,
    six player decisions spread over the game (where most of the parsing is), and the end."""
    replay = random_playout(name, dict(options), seed=7)
    game = replay.game
    seats = [game.current_player(replay.state_at(k)) for k in range(len(replay) + 1)]
    chance = [k for k, s in enumerate(seats) if s == CHANCE][:2]
    players = [k for k, s in enumerate(seats) if s >= 0]
    spread = players[:: max(1, len(players) // 6)][:6]
    return replay, tuple(sorted({*chance, *spread, len(replay)}))


def _legal_texts(game: Game, state: Any) -> list[str]:
    return [game.action_to_text(a) for a in game.legal_actions(state)] or ["pass", "deal As"]


# -- actions to try ----------------------------------------------------------------------------
SLIPS = ("spacing", "case", "digit", "zero", "control", "glyph", "repeat", "drop", "swap", "noise")


def _near_miss(legal: str, kind: str, rng: random.Random) -> str:
    """``legal`` with one of the slips people make."""
    tokens = legal.split()
    if kind == "spacing":
        return rng.choice(SPACES) + rng.choice(SPACES).join(tokens) + rng.choice(SPACES)
    if kind == "case":
        return rng.choice([str.upper, str.lower, str.swapcase, str.title])(legal)
    if kind == "digit" and re.search("[0-9]", legal):
        i = rng.choice([m.start() for m in re.finditer("[0-9]", legal)])
        return legal[:i] + rng.choice(UNICODE_DIGITS) + legal[i + 1 :]
    if kind == "zero":
        return " ".join("0" + t if t.isdigit() or rng.random() < 0.2 else t for t in tokens)
    if kind == "control":
        i = rng.randrange(len(legal) + 1)
        return legal[:i] + rng.choice(CONTROLS) + legal[i:]
    if kind == "glyph":
        selector = rng.choice(["", "\ufe0f", "\ufe0e"])
        return " ".join(t[:-1] + GLYPHS[t[-1]] + selector if t[-1] in GLYPHS else t for t in tokens)
    if kind == "repeat":
        return legal + (" " + rng.choice(tokens)) * rng.choice([1, 3, 30, 100_000])
    if kind == "drop" and len(tokens) > 1:
        del tokens[rng.randrange(len(tokens))]
        return " ".join(tokens)
    if kind == "swap":
        return " ".join(reversed(tokens))
    i = rng.randrange(len(legal) + 1)
    noise = "".join(rng.choice("0123456789 ,AKQJTshdc♠♥½\x00\n") for _ in range(rng.randrange(6)))
    return legal[:i] + noise + legal[i:]


NOT_TEXT = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=False),
    st.binary(max_size=20),
    st.lists(st.text(max_size=5), max_size=5),
    st.tuples(st.text(max_size=8)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.just(Card("standard52", "A", "s")),
    st.just(Combo("solo", 0, 1, (1,) + (0,) * 14)),  # a real reading: the 3
    st.just(Combo("snake", 0, 1, (1,) + (0,) * 14)),
    st.just(Combo("bomb", 0, 9, (9,) + (0,) * 14)),
    st.just(Combo("solo", 0, 1, (1, 2, 3))),
    st.just(Combo(["solo"], 0, 1, (1,) + (0,) * 14)),  # type: ignore[arg-type]
)


def _actions(legal: list[str]) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.sampled_from(legal),
        st.builds(_near_miss, st.sampled_from(legal), st.sampled_from(SLIPS), RNG),
        st.text(max_size=40),
        st.text(alphabet=st.sampled_from("play dealbid0123456789AsKh♠ \t\n"), max_size=300),
        NOT_TEXT,
    )


def _fails_with_a_message(call, *args: Any) -> Exception | None:
    """Run ``call``; the exception it raised, which must be a ValueError or TypeError with a
    message (any other exception fails the test), or None."""
    try:
        call(*args)
    except (ValueError, TypeError) as exc:
        assert str(exc), f"{type(exc).__name__} without a message"
        return exc
    return None


def _check_answer(replay: Replay, step: int, action: Any) -> None:
    """The answer to ``action`` after ``step`` actions: `why_illegal` never raises, `apply`
    agrees with it, `action_from_text` refuses with the right exception type, an accepted
    action's canonical text reads back to itself, and nothing given is changed."""
    game, state = replay.game, replay.state_at(step)
    before = pickle.dumps(state)
    reason = game.why_illegal(state, action)
    assert reason is None or (isinstance(reason, str | Message) and str(reason))
    error = _fails_with_a_message(game.apply, state, action)
    if reason is None:
        assert error is None
    else:
        assert isinstance(error, IllegalMove) and str(error) == str(reason)
    error = _fails_with_a_message(game.action_from_text, action)
    assert error is None or isinstance(
        error, TypeError if not isinstance(action, str) else ValueError
    )
    if reason is None and isinstance(action, str):
        canonical = game.read_action(action)
        assert game.action_from_text(game.action_to_text(canonical)) == canonical
    earlier = replay.truncate(step)
    if reason is not None:
        with pytest.raises(IllegalMove):
            earlier.append(action)
    assert pickle.dumps(state) == before
    assert earlier == replay.truncate(step)


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=60, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_action_input_is_played_or_refused_with_a_reason_and_changes_nothing(name, options, data):
    replay, steps = _playout(name, tuple(sorted(options.items())))
    step = data.draw(st.sampled_from(steps), label="step")
    legal = _legal_texts(replay.game, replay.state_at(step))
    _check_answer(replay, step, data.draw(_actions(legal), label="action"))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_every_slip_on_every_sampled_decision_gets_an_answer(name, options):
    """Each kind of slip on the first legal actions of every sampled step, systematically: the
    random test above may miss a rare decision, this one may not."""
    replay, steps = _playout(name, tuple(sorted(options.items())))
    rng = random.Random(name)
    for step in steps:
        for legal in _legal_texts(replay.game, replay.state_at(step))[:3]:
            for kind in SLIPS:
                _check_answer(replay, step, _near_miss(legal, kind, rng))


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=25, deadline=5000)
@given(data=st.data())
def test_spacing_and_keyword_case_never_change_the_answer(name, options, data):
    replay, steps = _playout(name, tuple(sorted(options.items())))
    game = replay.game
    state = replay.state_at(data.draw(st.sampled_from(steps[:-1]), label="step"))
    legal = data.draw(st.sampled_from(_legal_texts(game, state)), label="legal")
    gaps = len(legal.split()) + 1
    words = data.draw(st.lists(st.sampled_from(SPACES), min_size=gaps, max_size=gaps))
    shout = data.draw(st.sampled_from([str.upper, str.lower, str.title, str.swapcase]))
    tokens = [shout(t) if t in game.action_words else t for t in legal.split()]
    variant = words[0] + "".join(t + w for t, w in zip(tokens, words[1:], strict=True))
    assert game.read_action(variant) == game.read_action(legal)
    assert game.why_illegal(state, variant) is None


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
def test_legal_actions_are_canonical_and_keywords_never_look_like_cards(name, options):
    """What `legal_actions` spells is what `read_action` keeps, every lowercase word in it is a
    declared keyword (so any case of it reads), and no keyword is a card in another case."""
    replay, steps = _playout(name, tuple(sorted(options.items())))
    game = replay.game
    cards = {card.code.casefold() for card in game.cards(replay.state_at(0))}
    assert not {word.casefold() for word in game.action_words} & cards
    for step in steps[:-1]:  # the last is the end: nothing is legal there
        for action in _legal_texts(game, replay.state_at(step))[:200]:
            assert game.read_action(action) == action
            for token in action.split():
                if re.fullmatch("[a-z_]+", token) and token not in cards:
                    assert token in game.action_words, (name, action)


# -- replay text -------------------------------------------------------------------------------
def _edited(text: str, game: Game, rng: random.Random) -> str:
    """``text`` as an editor or a person may save it: line ends, a byte order mark, spaces,
    keyword case and blank lines changed, nothing else."""
    lines = text.split("\n")[:-1]
    out = []
    for number, line in enumerate(lines):
        if number < 5:
            key, sep, value = line.partition(":")
            key = rng.choice([str.upper, str.title, str.lower])(key)
            value = value.replace(", ", rng.choice([",", ",  "])) if number == 3 else value
            line = key + (sep and sep + rng.choice(SPACES)) + value.strip()
        else:
            tokens = [
                rng.choice([str.upper, str.title])(t) if t in game.action_words else t
                for t in line.split()
            ]
            line = rng.choice(["", " ", "\t"]) + rng.choice(SPACES).join(tokens)
            if rng.random() < 0.1:
                out.append(rng.choice(["", "  ", "\t"]))
        out.append(line + rng.choice(["", " ", "  ", "\t"]))
    body = rng.choice(["\n", "\r\n"]).join(out) + rng.choice(["", "\n", "\r\n", "\n\n  \n"])
    return rng.choice(["", "\ufeff"]) + body


@pytest.mark.parametrize(("name", "options"), CASES, ids=IDS)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), rng=RNG)
def test_random_replays_round_trip_through_text_and_what_editors_do_to_it(name, options, seed, rng):
    replay = random_playout(name, options, seed)
    text = replay.to_text()
    assert Replay.from_text(text) == replay
    assert Replay.from_text(_edited(text, replay.game, rng)) == replay


@cache
def _replay_texts() -> tuple[str, ...]:
    """Real replay texts of short games, cut off part way (mutations need not replay it all)."""
    texts = []
    for name, options in CASES:
        replay = _playout(name, tuple(sorted(options.items())))[0]
        texts.append(replay.truncate(min(len(replay), 60)).to_text())
    return tuple(texts)


def _mutated(text: str, rng: random.Random) -> str:
    lines = text.split("\n")
    for _ in range(rng.randint(1, 3)):
        kind = rng.choice(["delete", "insert", "duplicate", "swap", "replace", "cut", "digit"])
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        if kind == "delete":
            del lines[i]
        elif kind == "insert":
            k = rng.randrange(len(lines[i]) + 1)
            lines[i] = (
                lines[i][:k]
                + rng.choice([*CONTROLS, *UNICODE_DIGITS, "{", ":", "0"])
                + lines[i][k:]
            )
        elif kind == "duplicate":
            lines.insert(i, lines[j])
        elif kind == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == "replace":
            lines[i] = rng.choice(["", "actions:", "seed: 1", "options: []", "pass", "9" * 5000])
        elif kind == "cut":
            lines = lines[: i + 1]
        else:
            lines[i] = re.sub("[0-9]", lambda _: str(rng.randrange(10)), lines[i])
        if not lines:
            lines = [""]
    return "\n".join(lines)


@settings(max_examples=150, deadline=5000, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.one_of(
        st.builds(_mutated, st.deferred(lambda: st.sampled_from(_replay_texts())), RNG),
        st.text(max_size=300),
        st.text(
            alphabet=st.sampled_from('cardlab-replay 1\ngame: seed:options{}"actions'), max_size=200
        ),
        NOT_TEXT,
    )
)
def test_any_replay_text_reads_or_is_refused_naming_the_line(text):
    before = pickle.dumps(text)
    try:
        replay = Replay.from_text(text)
    except TypeError as exc:
        assert str(exc) and not isinstance(text, str)
    except ValueError as exc:
        assert re.match(r"line \d+", str(exc)), str(exc)
    else:
        assert Replay.from_text(replay.to_text()) == replay
    assert pickle.dumps(text) == before
