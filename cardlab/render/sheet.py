"""A deck sheet: every distinct face of a deck once, its back, and the notation under each card.

This is the picture a lesson shows when it introduces a deck, what `cardlab render DECK` writes, and
the quickest visual check of the faces.  Identical cards (Pyramid's nine ``3P``) appear once with a
``×N`` count, so the sheet also teaches the deck's composition.
"""

from __future__ import annotations

from cardlab.core.cards import Card, get_deck
from cardlab.core.i18n import msg, msgn
from cardlab.render.faces import card_size
from cardlab.render.layout import grid
from cardlab.render.ops import Drawing, DrawOp, HitBox, Text
from cardlab.render.text import text_width
from cardlab.render.theme import DEFAULT, THEME_WORDS, Theme, get_theme

#: Friendly names accepted for the sheet (e.g. ``cardlab render standard``).
DECK_ALIASES = {"standard": "standard54"}

_CARD_WIDTH = {"pyramid": 96.0, "blocks": 72.0}


def sheet_label(card: Card, count: int) -> str:
    """The caption under a card on the sheet: its notation token, and ``×N`` for duplicates."""
    return card.code if count == 1 else f"{card.code} ×{count}"


def deck_sheet(
    deck_name: str,
    theme: Theme | str = DEFAULT,
    columns: int | None = None,
    card_w: float | None = None,
    gap: float = 12.0,
) -> Drawing:
    """Every distinct face of ``deck_name``, then its back, each captioned with its notation.

    With ``columns=None`` each suit gets its own row and the extras (jokers, Keystone) share the
    last row with the back; otherwise cards simply wrap after ``columns``.  Hit targets:
    ``card:<i>`` for the i-th distinct card (`Deck.kinds` order) and ``back``.
    """
    theme = get_theme(theme)
    deck = get_deck(DECK_ALIASES.get(deck_name, deck_name))
    w, h = card_size(deck.name, card_w or _CARD_WIDTH.get(deck.name, 80.0))
    kinds = deck.kinds()
    labels = [sheet_label(c, deck.count(c)) for c in kinds]
    if columns is None:
        groups = [
            [i for i, c in enumerate(kinds) if c.suit == s and not c.is_extra]
            for s in deck.suits or ("",)
        ]
        groups.append([i for i, c in enumerate(kinds) if c.is_extra] + [-1])
        groups = [g for g in groups if g]
    else:
        order = [*range(len(kinds)), -1]
        groups = [order[k : k + columns] for k in range(0, len(order), columns)]
    size = 12.0 * theme.font_scale
    margin, title_h = 20.0, 30.0 * theme.font_scale + (18.0 * theme.font_scale if deck.about else 0)
    row_h = h + gap + size * 1.5
    title = str(
        msgn(
            "{deck} ({count} card) · {theme} theme",
            "{deck} ({count} cards) · {theme} theme",
            len(deck),
            deck=deck.title,
            theme=THEME_WORDS.get(theme.name, theme.name),
        )
    )
    ops: list[DrawOp] = [
        Text(
            margin,
            margin,
            title,
            18.0 * theme.font_scale,
            theme.label,
            "left",
            "top",
            bold=True,
        ),
    ]
    if deck.about:
        ops.append(
            Text(
                margin,
                margin + 26.0 * theme.font_scale,
                str(deck.about),
                12.0 * theme.font_scale,
                theme.label,
                "left",
                "top",
            )
        )
    top = margin + title_h + 10
    # Translators: the caption under the back of a card on a deck sheet
    back = str(msg("back"))
    for r, group in enumerate(groups):
        y = top + r * row_h
        cards = [kinds[i] if i >= 0 else None for i in group]
        caps = [labels[i] if i >= 0 else back for i in group]
        placed = grid(
            cards,
            len(group),
            margin,
            y,
            w,
            h,
            gap,
            theme,
            deck=deck.name,
            labels=caps,
            label_size=12.0,
            label_colour=theme.label,
        )
        # rename the hit boxes from positions in this row to indices in the deck
        for op in placed:
            if isinstance(op, HitBox):
                i = group[int(op.target.split(":")[1])]
                op = HitBox(op.x, op.y, op.w, op.h, f"card:{i}" if i >= 0 else "back")
            ops.append(op)
    widest = max(len(g) for g in groups)
    # the captions as the renderers measure them: a translation is often longer than the English
    title_w = text_width(title, 18.0 * theme.font_scale, bold=True)
    about_w = text_width(str(deck.about), 12.0 * theme.font_scale)
    width = max(2 * margin + widest * (w + gap) - gap, 2 * margin + max(title_w, about_w))
    height = top + len(groups) * row_h + margin - gap
    return Drawing(width, height, tuple(ops), background=theme.background)
