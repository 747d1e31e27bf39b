"""Narration that knows who may read each part of it.

A sentence about a card game often mixes what the whole table saw with what one seat alone saw:
"Player 2 discards 2 cards (5k Jg) and draws 2" is public except the two cards.  A `Narration`
keeps those parts apart: plain strings are public, a `Secret` names the seats that may read it
and what everyone else reads in its place.  `Narration.text(seat)` is the one place that decides,
so an event, a bot's reason or a caption rendered through a seat's eyes cannot show that seat a
card it never saw, whichever view renders it.

``str(narration)`` is the public face (every secret replaced), so a narration pasted into a
string by mistake shows too little, never too much; the teacher's full text is ``text(None)``.

Any piece, and a secret's text, may be a `cardlab.core.i18n.Message`: a narration is then read in
a language as well as through a seat's eyes (``text(seat, lang)``, the current language by default).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from cardlab.core.i18n import Message, Seat, read


@dataclass(frozen=True)
class Secret:
    """Text that only ``seats`` (and the teacher) may read; everyone else reads ``alt``."""

    text: str | Message
    seats: frozenset[int]
    alt: str | Message = ""

    def readable_by(self, seat: Seat) -> bool:
        return seat is None or seat in self.seats

    def text_for(self, seat: Seat = None, lang: str | None = None) -> str:
        """The secret as ``seat`` reads it in ``lang``: its text, or everyone else's ``alt``."""
        return read(self.text if self.readable_by(seat) else self.alt, seat, lang)


Piece = str | Secret | Message


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

    def text(self, seat: Seat = None, lang: str | None = None) -> str:
        """What ``seat`` may read in ``lang``: public text, its secrets, and the others' ``alt``."""
        return "".join(_read(piece, seat, lang) for piece in self.pieces)

    @property
    def secrets(self) -> tuple[Secret, ...]:
        """Every secret in it, those inside its messages too."""
        found: list[Secret] = []
        for piece in self.pieces:
            inside = piece.values() if isinstance(piece, Message) else ()
            found.extend(part for part in (piece, *inside) if isinstance(part, Secret))
        return tuple(found)

    @property
    def public(self) -> bool:
        """True when every seat reads the whole of it."""
        return not self.secrets

    @property
    def public_text(self) -> str:
        """What a seat that holds none of the secrets reads (in the current language)."""
        return self.text(_NOBODY)

    def __str__(self) -> str:
        return self.public_text

    def __bool__(self) -> bool:
        return any(self.pieces)

    def __add__(self, other: Piece | Narration) -> Narration:
        return Narration.of(self, other)

    def __radd__(self, other: Piece) -> Narration:
        return Narration.of(other, self)


_NOBODY = -1
"""A seat no secret names: it reads the public face."""


def _read(piece: Piece, seat: Seat, lang: str | None) -> str:
    if isinstance(piece, Secret):
        return piece.text_for(seat, lang)
    return read(piece, seat, lang)


def secret(text: str | Message, seats: int | Iterable[int], alt: str | Message = "") -> Secret:
    """``text`` for ``seats`` (one seat or several; none: the teacher alone), ``alt`` for others."""
    chosen = frozenset((seats,) if isinstance(seats, int) else seats)
    return Secret(text, chosen, alt)


def hidden(text: str | Message, alt: str | Message = "") -> Secret:
    """``text`` for the teacher alone: a card face down; in a bot's reason, the bot's own cards
    (the bot always reads its whole reason, so it need not know its seat)."""
    return Secret(text, frozenset(), alt)


def told(*parts: Piece | Narration) -> Narration:
    """A narration from strings and secrets: ``told("Player 2 discards ", secret(...))``."""
    return Narration.of(*parts)
