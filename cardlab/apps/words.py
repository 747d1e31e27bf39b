"""Words shared by lesson figures: a deck in words (the text version of a deck sheet), and
the name of an exchange advisor's hand."""

from __future__ import annotations

import html

from cardlab.core.cards import get_deck
from cardlab.core.i18n import msg


def deck_words(name: str) -> str:
    """Every face of deck ``name`` in notation, with its copies where there are several
    (the text version of a deck sheet)."""
    deck = get_deck(name)
    faces = []
    for card in deck.kinds():
        copies = deck.count(card)
        faces.append(card.code if copies == 1 else f"{card.code} (×{copies})")
    text = msg(
        "<p><b>{deck}</b>: {cards} cards, {faces} faces, in the order drawn: {order}.</p>",
        deck=html.escape(str(deck.title)),
        cards=len(deck),
        faces=len(deck.kinds()),
        order=html.escape(" ".join(faces)),
    )
    return str(text)


DISCARD_HAND = msg("Your hand, the selected cards to throw away")
"""The name of an exchange advisor's hand (`HandView` adds the cards and the selection)."""
