"""The checks every game must pass, played out step by step (the conformance suite's core).

`check_playout` plays a seeded game with random bots and checks at every step: legal actions exist
until the end (and only then stop), at a chance node they are exactly the chance outcomes, each
possible (an outcome of probability 0 is not an outcome) and adding up to 1, no card is lost or
duplicated, `apply` never changes its input, every action played was legal and reads into a `Move`
of its own text, a seat sees the same observation in any state it cannot tell apart
(`resample_hidden`), and no event's narration, read through a seat's eyes, names a card that seat
has not seen (`check_narrations`); at the end the results add up to zero.  It lives in the package
so a game written outside this repository, or one a test registers for a moment, gets the same
checks as the built-in games.
"""

from __future__ import annotations

import dataclasses
import pickle
import random
import re
from collections.abc import Iterable, Mapping
from typing import Any, overload

from cardlab.core.bots import RandomBot
from cardlab.core.cards import Card
from cardlab.core.engine import CHANCE, TERMINAL, Game, Move, S, seat_name
from cardlab.core.replay import Replay


@overload
def random_playout(game: str, options: Mapping[str, Any], seed: int) -> Replay[Any]: ...
@overload
def random_playout(game: Game[S, Any], options: Mapping[str, Any], seed: int) -> Replay[S]: ...
def random_playout(
    game: Game[Any, Any] | str, options: Mapping[str, Any], seed: int
) -> Replay[Any]:
    """A whole seeded game of ``game`` played by random bots (each seeded from ``seed``)."""
    replay = Replay.start(game, seed, **options)
    n = replay.game.num_players(replay.state)
    return replay.play_out({seat: RandomBot(f"{seed}/{seat}") for seat in range(n)})


def _require(condition: bool, message: str) -> None:
    # explicit, so the checks hold under ``python -O`` too
    if not condition:
        raise AssertionError(message)


def check_playout(game: Game[S, Any], options: Mapping[str, Any], seed: int) -> Replay[S]:
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
            move = game.read_move(state, replay.actions[step])
            _require(
                isinstance(move, Move) and move.text == replay.actions[step],
                f"step {step}: {replay.actions[step]!r} did not read into a move of that text",
            )
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
    check_narrations(replay)
    total = sum(game.returns(replay.state))
    _require(abs(total) < 1e-9, f"the results add up to {total}, not zero")
    return replay


# -- hidden information in text ------------------------------------------------------------------
# The text oracle: a card is "named" when its notation appears as a word (``Th`` also as
# ``10h``).  Rank plurals collide with codes of the suit "s" ("a pair of 9s", "3s wild"), so a
# code of that suit right after "of", a count word or "the two"/"both", or right before "wild",
# is read as a rank and not as a card.
_PLURAL_BEFORE = r"(?<!\bof )(?<!\btwo )(?<!\bthree )(?<!\bfour )(?<!\bfive )(?<!\bsix )"
_PLURAL_AFTER = r"(?!\s+(?:are\s+)?wild)"


class CardWords:
    """Finds the cards a text names, among the cards of one game."""

    def __init__(self, cards: Iterable[Card]) -> None:
        self.code_of: dict[str, str] = {}
        for card in cards:
            if not card.suit and not card.is_extra:
                continue  # a bare rank ("7" of a rank-pattern deck) is not told from a number
            self.code_of[card.code] = card.code
            if card.rank == "T":
                self.code_of["10" + card.suit] = card.code
        plain = [w for w in self.code_of if not w.endswith("s")]
        plural = [w for w in self.code_of if w.endswith("s")]
        alternatives = [re.escape(w) for w in sorted(plain, key=len, reverse=True)]
        if plural:
            words = "|".join(re.escape(w) for w in sorted(plural, key=len, reverse=True))
            alternatives.append(f"{_PLURAL_BEFORE}(?:{words}){_PLURAL_AFTER}")
        body = "|".join(f"(?:{a})" for a in alternatives) or "(?!)"
        self.pattern = re.compile(rf"(?<![\w\[=])(?:{body})(?![\w\]])")

    def named(self, text: str) -> set[str]:
        """The card codes ``text`` names."""
        return {self.code_of[m.group(0)] for m in self.pattern.finditer(text)}


def seen_cards(observation: Any, words: CardWords) -> set[str]:
    """Every card code in an observation: its cards, and cards named in its public texts."""
    seen: set[str] = set()
    stack = [observation]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            seen.add(item.code)
        elif isinstance(item, str):
            seen |= words.named(item)
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
    return seen


class SeenSoFar:
    """What each seat has seen of a replay up to a step: the oracle for hidden-card leaks."""

    def __init__(self, replay: Replay[Any]) -> None:
        self.replay = replay
        game = replay.game
        self.words = CardWords(game.cards(replay.state_at(0)))
        self._seen: dict[int, list[set[str]]] = {}

    def cards(self, seat: int, step: int) -> set[str]:
        """The codes ``seat`` has seen in the states 0..``step``."""
        history = self._seen.setdefault(seat, [])
        game = self.replay.game
        while len(history) <= step:
            state = self.replay.state_at(len(history))
            before = history[-1] if history else set()
            history.append(before | seen_cards(game.observe(state, seat), self.words))
        return history[step]

    def follow(self, replay: Replay[Any]) -> SeenSoFar:
        """The oracle for ``replay``: this one, moved on, when ``replay`` continues the same game
        (what was seen stays seen), else a fresh one."""
        if len(replay) >= len(self.replay) and replay.truncate(len(self.replay)) == self.replay:
            self.replay = replay
            return self
        return SeenSoFar(replay)

    def leaks(self, text: str, seat: int, step: int) -> set[str]:
        """The cards ``text`` names that ``seat`` had not seen by ``step``."""
        return self.words.named(text) - self.cards(seat, step)


def check_narrations(replay: Replay[Any]) -> None:
    """Every event, read through each seat's eyes, names only cards that seat has seen."""
    game = replay.game
    seen = SeenSoFar(replay)
    for step in range(1, len(replay) + 1):
        event = replay.event_at(step)
        for seat in range(game.num_players(replay.state_at(step))):
            leaked = seen.leaks(event.narration_for(seat), seat, step)
            _require(
                not leaked,
                f"step {step}: {seat_name(seat)} reads {sorted(leaked)} in "
                f"{event.narration_for(seat)!r}",
            )
