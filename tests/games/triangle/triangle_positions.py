"""Shared helpers for the Triangle odds and bot tests: positions from seeded games, and what a
seat has seen counted from the full state (independently of the odds module)."""

from __future__ import annotations

from cardlab.core.bots import RandomBot
from cardlab.core.cards import Card
from cardlab.core.replay import Replay
from cardlab.games.triangle import GAME, new_game
from cardlab.games.triangle.game import TriangleState
from cardlab.games.triangle.rules import DECK


def random_position(seed: int, pick: float) -> TriangleState:
    """A claim- or state-phase state part way (``pick`` in [0, 1)) through a seeded random game."""
    replay = new_game(seed).play_out({s: RandomBot(f"{seed}/{s}") for s in range(3)})
    steps = [i for i in range(len(replay)) if replay.state_at(i).phase in ("claim", "state")]
    return replay.state_at(steps[int(pick * len(steps))])


def seen_cards(state: TriangleState, seat: int, remember: bool = True) -> list[Card]:
    """Every physical card ``seat`` has seen this turn (only this round's if not ``remember``)."""
    seen: list[Card] = []
    if remember:
        for record in state.turn_rounds():
            scored = record.speaker is not None
            seen += [c for s, c in enumerate(record.cards) if scored or s != seat]
            if record.speaker == seat:
                seen.append(record.rts)
    seen += [c for s, c in enumerate(state.cards) if s != seat]
    if state.speaker == seat:
        seen.append(state.rts)  # type: ignore[arg-type]
    return seen


def unseen_cards(state: TriangleState, seat: int, remember: bool = True) -> list[Card]:
    """The 24-card deck minus what ``seat`` has seen: where its own card may be."""
    unseen = list(DECK.cards())
    for card in seen_cards(state, seat, remember):
        unseen.remove(card)
    return unseen


def dealt(cards: dict[int, str], rts: str, claims: tuple[str, str, str]) -> Replay:
    """A first-round replay with the given cards (seat -> code) and claims in the asking order
    (seats 1, 2, 0 with dealer 0)."""
    replay = Replay.start(GAME, 0).extend(
        [f"deal {cards[1]}", f"deal {cards[2]}", f"deal {cards[0]}", f"deal {rts}"]
    )
    return replay.extend(claims)
