"""Narration that knows who may read each part of it.

A sentence about a card game often mixes what the whole table saw with what one seat alone saw:
"Player 2 discards 2 cards (5k Jg) and draws 2" is public except the two cards.  A `Narration`
keeps those parts apart: plain strings are public, a `Secret` names the seats that may read it
and what everyone else reads in its place.  `Narration.text(seat)` is the one place that decides,
so an event, a bot's reason or a caption rendered through a seat's eyes cannot show that seat a
card it never saw, whichever view renders it.

``str(narration)`` is the public face (every secret replaced), so a narration pasted into a
string by mistake shows too little, never too much; the teacher's full text is ``text(None)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Seat = int | None
"""A seat number, or None for the teacher (who may read everything)."""


@dataclass(frozen=True)
class Secret:
    """Text that only ``seats`` (and the teacher) may read; everyone else reads ``alt``."""

    text: str
    seats: frozenset[int]
    alt: str = ""

    def readable_by(self, seat: Seat) -> bool:
        return seat is None or seat in self.seats


Piece = str | Secret


@dataclass(frozen=True)
class Narration:
    """A sentence as public strings and `Secret` pieces, read through one seat's eyes."""

    pieces: tuple[Piece, ...] = ()

    @classmethod
    def of(cls, *parts: Piece | Narration) -> Narration:
        """Join strings, secrets and narrations into one narration (adjacent strings merge)."""
        pieces: list[Piece] = []
        for part in parts:
            for piece in part.pieces if isinstance(part, Narration) else (part,):
                if isinstance(piece, str) and pieces and isinstance(pieces[-1], str):
                    pieces[-1] += piece
                elif piece != "":
                    pieces.append(piece)
        return cls(tuple(pieces))

    def text(self, seat: Seat = None) -> str:
        """What ``seat`` may read: public text, its secrets, and the others' ``alt``."""
        return "".join(
            piece
            if isinstance(piece, str)
            else piece.text
            if piece.readable_by(seat)
            else piece.alt
            for piece in self.pieces
        )

    @property
    def secrets(self) -> tuple[Secret, ...]:
        return tuple(piece for piece in self.pieces if isinstance(piece, Secret))

    @property
    def public(self) -> bool:
        """True when every seat reads the whole of it."""
        return not self.secrets

    @property
    def public_text(self) -> str:
        """What a seat that holds none of the secrets reads."""
        return "".join(piece if isinstance(piece, str) else piece.alt for piece in self.pieces)

    def __str__(self) -> str:
        return self.public_text

    def __bool__(self) -> bool:
        return any(self.pieces)

    def __add__(self, other: Piece | Narration) -> Narration:
        return Narration.of(self, other)

    def __radd__(self, other: Piece) -> Narration:
        return Narration.of(other, self)


def _read(piece: Piece, seat: Seat) -> str:
    if isinstance(piece, str):
        return piece
    return piece.text if piece.readable_by(seat) else piece.alt


def secret(text: str, seats: int | Iterable[int], alt: str = "") -> Secret:
    """``text`` for ``seats`` (one seat or several; none: the teacher alone), ``alt`` for others."""
    chosen = frozenset((seats,) if isinstance(seats, int) else seats)
    return Secret(text, chosen, alt)


def hidden(text: str, alt: str = "") -> Secret:
    """``text`` for the teacher alone: a card face down; in a bot's reason, the bot's own cards
    (the bot always reads its whole reason, so it need not know its seat)."""
    return Secret(text, frozenset(), alt)


def told(*parts: Piece | Narration) -> Narration:
    """A narration from strings and secrets: ``told("Player 2 discards ", secret(...))``."""
    return Narration.of(*parts)
