"""Words shared by lesson figures: a deck in words (the text version of a deck sheet), the
name of an exchange advisor's hand, and a stepped deal's caption and table in words (a stepper
widget and a lesson figure say them alike)."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

from cardlab.apps.figure import Picture
from cardlab.core.cards import get_deck
from cardlab.core.i18n import Message, msg
from cardlab.core.replay import Replay
from cardlab.render import deck_sheet


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


def deck_picture(
    deck: str, theme: str, card_w: float, label: Message, words_title: Message
) -> Picture:
    """Every face of ``deck`` on a sheet, named ``label``, with its text version (`deck_words`):
    the first figure of every game's lesson."""
    sheet = deck_sheet(deck, theme, card_w=card_w)
    return Picture(sheet, label, words=deck_words(deck), words_title=words_title)


DISCARD_HAND = msg("Your hand, the selected cards to throw away")
"""The name of an exchange advisor's hand (`HandView` adds the cards and the selection)."""


# -- a stepped deal in words -----------------------------------------------------------------------
def caption_text(replay: Replay[Any], step: int, viewer: int | None = None) -> str:
    """``Step 3 of 18: <narration>`` as ``viewer`` may read it (None: the teacher); plain text,
    the arithmetic is separate."""
    total = len(replay)
    if step == 0:
        return str(msg("Step 0 of {total}: the start, before any card moves.", total=total))
    return str(
        msg(
            "Step {step} of {total}: {narration}",
            step=step,
            total=total,
            narration=replay.event_at(step).narration_for(viewer),
        )
    )


def caption_html(replay: Replay[Any], step: int, viewer: int | None = None, note: str = "") -> str:
    """The caption of a step as HTML: ``note`` first (where a what-if departs), then
    `caption_text`, then the step's arithmetic (a score, a count) in small print."""
    text = html.escape(caption_text(replay, step, viewer))
    if note:
        text = f'<b class="cardlab-whatif-note">{html.escape(note)}</b><br>{text}'
    event = replay.event_at(step) if step else None
    if event is not None and event.arithmetic:
        text += f"<br><small>{html.escape(str(event.arithmetic))}</small>"
    return text


MIRROR_TITLES: dict[str, Message] = {
    "hands": msg("Hands"),
    "table": msg("Table"),
    "last_move": msg("Last move"),
    "legal_moves": msg("Legal moves"),
}
"""The sections of a table in words (`mirror_html`), in order, with their titles."""

MirrorParts = Mapping[str, "str | Sequence[str]"]
"""A table in words: each section of `MIRROR_TITLES` as a line or a list of lines."""


def mirror_html(parts: MirrorParts) -> str:
    """The table in words as HTML: each section titled, a list where it has several lines,
    a dash where it is empty (a text mirror's body, read on the spot)."""
    blocks = []
    for key, name in MIRROR_TITLES.items():
        value = parts.get(key, "")
        title = str(msg("<strong>{title}:</strong> ", title=name))
        if isinstance(value, str):
            blocks.append(f"<p>{title}{html.escape(value) or '—'}</p>")
        elif value:
            items = "".join(f"<li>{html.escape(v)}</li>" for v in value)
            blocks.append(f"<div>{title}<ul>{items}</ul></div>")
        else:
            blocks.append(f"<p>{title}—</p>")
    return "".join(blocks)


def mirror_text(parts: MirrorParts) -> str:
    """`mirror_html` as plain text, a line per section."""
    lines = []
    for key, name in MIRROR_TITLES.items():
        value = parts.get(key, "")
        shown = (value or "—") if isinstance(value, str) else ("; ".join(value) or "—")
        lines.append(str(msg("{title}: {text}", title=name, text=shown)))
    return "\n".join(lines)
