"""The checks every game must pass, played out step by step (the conformance suite's core).

`check_playout` plays a seeded game with random bots and checks at every step: legal actions
exist until the end (and only then stop), at a chance node they are exactly the chance outcomes,
each possible (an outcome of probability 0 is not an outcome) and adding up to 1, no card is lost
or duplicated, `apply` never changes its input, every action played was legal, and a seat sees
the same observation in any state it cannot tell apart (`resample_hidden`); at the end the
results add up to zero.  It lives in the package so a game written outside this repository, or
one a test registers for a moment, gets the same checks as the built-in games.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Mapping
from typing import Any

from cardlab.core.bots import RandomBot
from cardlab.core.engine import CHANCE, TERMINAL, Game
from cardlab.core.replay import Replay


def random_playout(game: Game | str, options: Mapping[str, Any], seed: int) -> Replay:
    """A whole seeded game of ``game`` played by random bots (each seeded from ``seed``)."""
    replay = Replay.start(game, seed, **options)
    n = replay.game.num_players(replay.state)
    return replay.play_out({seat: RandomBot(f"{seed}/{seat}") for seat in range(n)})


def _require(condition: bool, message: str) -> None:
    # explicit, so the checks hold under ``python -O`` too
    if not condition:
        raise AssertionError(message)


def check_playout(game: Game, options: Mapping[str, Any], seed: int) -> Replay:
    """Play a random game and check every step (see the module docstring); return the replay."""
    replay = random_playout(game, options, seed)
    _require(replay.is_terminal, "the random playout did not reach the end")
    full_deck = game.cards(replay.state_at(0))
    rng = random.Random(seed)
    for step in range(len(replay) + 1):
        state = replay.state_at(step)
        seat = game.current_player(state)
        legal = game.legal_actions(state)
        _require(bool(legal) == (seat != TERMINAL), f"step {step}: legal actions {legal!r}")
        if seat == CHANCE:
            outcomes = game.chance_outcomes(state)
            impossible = [a for a, p in outcomes if not p > 0]
            _require(not impossible, f"step {step}: outcomes of probability 0: {impossible!r}")
            total = sum(p for _, p in outcomes)
            _require(abs(total - 1) < 1e-9, f"step {step}: chance adds up to {total}")
            _require(
                sorted(map(repr, legal)) == sorted(repr(a) for a, _ in outcomes),
                f"step {step}: the legal actions are not the chance outcomes",
            )
        _require(game.cards(state) == full_deck, f"step {step}: a card was lost or duplicated")
        if step < len(replay):
            before = pickle.dumps(state)
            game.apply(state, replay.actions[step])
            _require(pickle.dumps(state) == before, f"step {step}: apply changed its input")
            _require(replay.actions[step] in legal, f"step {step}: an illegal action was played")
        for viewer in range(game.num_players(state)):
            twin = game.resample_hidden(state, viewer, rng)
            _require(game.cards(twin) == game.cards(state), f"step {step}: resample lost cards")
            _require(
                game.observe(twin, viewer) == game.observe(state, viewer),
                f"step {step}: seat {viewer} can see a card it should not",
            )
    total = sum(game.returns(replay.state))
    _require(abs(total) < 1e-9, f"the results add up to {total}, not zero")
    return replay
