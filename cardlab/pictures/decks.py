"""Pictures of the decks lesson: a High Card table seen by the teacher, and the index banner."""

from __future__ import annotations

from cardlab.core.cards import Card, get_deck
from cardlab.core.engine import CHANCE, seat_name
from cardlab.core.i18n import msgn
from cardlab.games.highcard import GAME, HighCardState
from cardlab.render import Drawing, card_size, card_sprite, compose, get_theme, table_seats

WELCOME_CARDS = ("standard52:As", "triad:Kb", "pyramid:K", "triangle:6h", "blocks:RJ")


def table_drawing(
    state: HighCardState, theme: str, width: float = 760, height: float = 440
) -> Drawing:
    """The teacher's view of a High Card table: every hand face up, the trick in the middle."""
    shown: list[Card | None] = [card for _, card in state.trick or state.last_trick]
    if state.stock and GAME.current_player(state) == CHANCE:
        shown = [None]  # the stock, face down, while the dealer deals
    tricks = [len(won) // state.players for won in state.won]
    names = [
        msgn("{player} · {count} trick", "{player} · {count} tricks", n, player=seat_name(s))
        for s, n in enumerate(tricks)
    ]
    to_act = GAME.current_player(state)
    return table_seats(
        state.hands,
        shown,
        width,
        height,
        card_w=58,
        theme=theme,
        deck=state.deck,
        seat_names=names,
        active=to_act if to_act >= 0 else None,
    )


def welcome_picture(theme: str = "default") -> Drawing:
    """One card of each deck in a row."""
    cards = [
        get_deck(name).parse_card(code) for name, code in (c.split(":") for c in WELCOME_CARDS)
    ]
    ops = []
    x = 16.0
    for card in cards:
        w, h = card_size(card.deck, 84)
        ops.append(card_sprite(card, w, h, get_theme(theme), card.deck, x, 16 + (120 - h) / 2))
        x += w + 20
    return compose(ops, x - 4, 152, theme)
