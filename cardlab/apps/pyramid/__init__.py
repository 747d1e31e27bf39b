"""The Pyramid lesson: `lesson` (the hexagonal deck, the three shapes and the hand ladder), `odds`
(the exact table of a deal and the exchange advisor on the learner's own hand), `stepper` (a
curated hand of AI players), `quiz` (which hand wins?) and `table` (the learner against 1-3 AI).
Pictures are in `cardlab.pictures.pyramid`; the exact odds, and the advice in words, in
`cardlab.games.pyramid.odds`."""

from __future__ import annotations

from typing import Any

from cardlab.core.i18n import Message


class said:
    """A class attribute read as text in the current language: ``picture_label =
    said(msg("..."))`` is the English on an English page and the translation on another."""

    def __init__(self, message: Message) -> None:
        self.message = message

    def __get__(self, obj: Any, owner: type | None = None) -> str:
        return str(self.message)
