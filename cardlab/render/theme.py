"""Colour themes, and the non-colour suit markers every theme shares.

A `Theme` is only colours and scales: faces and layouts read it, never hard-code a colour, so a
learner can switch to the colour-blind or high-contrast palette and see the same cards.  What a
suit *means* never depends on colour: every suit also carries a glyph, a letter or (Triad) a number
of frame lines, defined once here (`suit_glyph`, `suit_letter`, `TRIAD_FRAME_LINES`) and the
same in every theme.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cardlab.core.i18n import Message, msg

# Which suit family a deck's suit tokens belong to: colours are keyed "<family>:<suit>".
SUIT_FAMILY: dict[str, str] = {
    "standard52": "standard",
    "standard54": "standard",
    "ranks54": "standard",
    "triangle": "standard",
    "blocks": "standard",
    "triad": "triad",
    "pyramid": "pyramid",
}

_GLYPHS = {
    "standard": {"s": "♠", "h": "♥", "d": "♦", "c": "♣"},
    # Triad and Pyramid suits are colours: their glyph is the colour's initial (Triad also has
    # frame lines, Pyramid the level triangles).
    "triad": {"b": "B", "g": "G", "r": "R", "k": "K"},
    "pyramid": {"P": "P", "G": "G", "O": "O", "K": "K"},
}
_LETTERS = {
    "standard": {"s": "S", "h": "H", "d": "D", "c": "C"},
    "triad": {"b": "B", "g": "G", "r": "R", "k": "K"},
    "pyramid": {"P": "P", "G": "G", "O": "O", "K": "K"},
}
_WORDS = {
    "standard": {"s": "SPADES", "h": "HEARTS", "d": "DIAMONDS", "c": "CLUBS"},
    "triad": {"b": "BLUE", "g": "GREEN", "r": "RED", "k": "BLACK"},
    "pyramid": {"P": "PURPLE", "G": "GREEN", "O": "ORANGE", "K": "KEYSTONE"},
}

#: Triad's colour-blind marker: how many frame lines each suit's card has (docs/rules/triad.md §1).
TRIAD_FRAME_LINES: dict[str, int] = {"b": 4, "g": 3, "r": 2, "k": 1}


def suit_family(deck_name: str) -> str:
    """The suit family of a deck ("standard", "triad" or "pyramid")."""
    try:
        return SUIT_FAMILY[deck_name]
    except KeyError:
        raise ValueError(
            f"unknown deck {deck_name!r}; known decks: {', '.join(SUIT_FAMILY)}"
        ) from None


def suit_glyph(deck_name: str, suit: str) -> str:
    """The symbol drawn for a suit: ♠♥♦♣ for standard suits, the colour initial otherwise."""
    return _GLYPHS[suit_family(deck_name)].get(suit, "")


def suit_letter(deck_name: str, suit: str) -> str:
    """A one-letter name of the suit (S H D C, B G R K, P G O), a cue that survives greyscale."""
    return _LETTERS[suit_family(deck_name)].get(suit, "")


def suit_word(deck_name: str, suit: str) -> str:
    """The suit's name in capitals, for faces with room to spell it."""
    return _WORDS[suit_family(deck_name)].get(suit, "")


def mix(a: str, b: str, t: float) -> str:
    """The colour ``t`` of the way from ``a`` to ``b`` (both ``#rrggbb``): tints and shades."""
    ca = [int(a[i : i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i : i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb, strict=True))


@dataclass(frozen=True)
class Theme:
    """Every colour the render layer uses, so that a theme switch recolours everything at once.

    ``suits`` maps ``"<family>:<suit>"`` (e.g. ``"standard:h"``, ``"triad:b"``, ``"pyramid:K"``)
    or ``"<deck name>:<suit>"`` (which wins) to a colour; jokers use ``"joker:BJ"``/``"joker:RJ"``.
    ``text`` is ink on a card, ``label`` ink on ``background`` and ``felt_text`` ink on the felt;
    suit colours are ink on a card too.  Black is the ink on ``highlight`` (name plates, badges).
    tests/render/test_contrast.py holds every such pair to WCAG 2.1 AA.
    ``series`` fills a chart's bars, one colour per series (each >= 3:1 against ``background``,
    and the second series is also hatched, so colour is never the only cue).
    ``font_scale`` and ``line_scale`` let the high-contrast theme draw larger text and bolder lines.
    """

    name: str
    background: str
    felt: str
    felt_edge: str
    felt_text: str
    card_face: str
    card_edge: str
    text: str
    label: str
    back: str
    back_pattern: str
    highlight: str
    wood: str
    wood_edge: str
    suits: Mapping[str, str] = field(hash=False)
    series: tuple[str, str] = ("#23467d", "#b5520f")
    font_scale: float = 1.0
    line_scale: float = 1.0

    def suit_colour(self, deck_name: str, suit: str) -> str:
        """The ink of ``suit`` in the deck called ``deck_name`` (text colour if unknown)."""
        for key in (f"{deck_name}:{suit}", f"{suit_family(deck_name)}:{suit}"):
            if key in self.suits:
                return self.suits[key]
        return self.text

    def joker_colour(self, rank: str) -> str:
        """The ink of a joker (``BJ`` black, ``RJ`` red) or pharaoh block."""
        return self.suits.get(f"joker:{rank}", self.text)


DEFAULT = Theme(
    name="default",
    background="#f3efe6",
    felt="#2f6b46",
    felt_edge="#1d4a2f",
    felt_text="#f5f1e6",
    card_face="#fffdf7",
    card_edge="#55524c",
    text="#1c1b19",
    label="#1c1b19",
    back="#23467d",
    back_pattern="#c9d6ec",
    highlight="#f2b705",
    wood="#d8b07a",
    wood_edge="#8a5a2b",
    suits={
        "standard:s": "#1c1b19",
        "standard:h": "#c3202f",
        "standard:d": "#c3202f",
        "standard:c": "#1c1b19",
        "triad:b": "#1f5fbf",
        "triad:g": "#207735",
        "triad:r": "#c3202f",
        "triad:k": "#1c1b19",
        "pyramid:P": "#6d2c91",
        "pyramid:G": "#207735",
        "pyramid:O": "#a2520a",
        "pyramid:K": "#111111",
        "joker:BJ": "#1c1b19",
        "joker:RJ": "#c3202f",
    },
)

# Okabe & Ito (2008) colour-universal palette, its hues darkened until they are text on a card
# (>= 4.5:1 against the face and its tints); the standard deck becomes a four-colour deck so
# hearts and diamonds differ even before the glyph is read.
COLORBLIND = Theme(
    name="colorblind",
    background="#f2f2f2",
    felt="#3d5a6c",
    felt_edge="#263a47",
    felt_text="#ffffff",
    card_face="#ffffff",
    card_edge="#4d4d4d",
    text="#000000",
    label="#000000",
    back="#0072b2",
    back_pattern="#bfe0f2",
    highlight="#f0e442",
    wood="#e0bb88",
    wood_edge="#8a5a2b",
    suits={
        "standard:s": "#000000",
        "standard:h": "#ad4c00",
        "standard:d": "#006dab",
        "standard:c": "#007857",
        "triad:b": "#006dab",
        "triad:g": "#007857",
        "triad:r": "#ad4c00",
        "triad:k": "#000000",
        "pyramid:P": "#935778",
        "pyramid:G": "#007857",
        "pyramid:O": "#8c6100",
        "pyramid:K": "#000000",
        "joker:BJ": "#000000",
        "joker:RJ": "#ad4c00",
    },
    series=("#0072b2", "#d55e00"),
)

# Black table, white cards, dark saturated inks (all >= 7:1 against white), bold lines.
HIGH_CONTRAST = Theme(
    name="high-contrast",
    background="#000000",
    felt="#000000",
    felt_edge="#ffffff",
    felt_text="#ffffff",
    card_face="#ffffff",
    card_edge="#000000",
    text="#000000",
    label="#ffffff",
    back="#000000",
    back_pattern="#ffffff",
    highlight="#ffff00",
    wood="#ffe6b3",
    wood_edge="#000000",
    suits={
        "standard:s": "#000000",
        "standard:h": "#b00000",
        "standard:d": "#0000b0",
        "standard:c": "#005a00",
        "triad:b": "#0000b0",
        "triad:g": "#005a00",
        "triad:r": "#b00000",
        "triad:k": "#000000",
        "pyramid:P": "#5a0099",
        "pyramid:G": "#005a00",
        "pyramid:O": "#a64b00",
        "pyramid:K": "#000000",
        "joker:BJ": "#000000",
        "joker:RJ": "#b00000",
    },
    series=("#ffffff", "#ffff00"),
    font_scale=1.12,
    line_scale=1.5,
)

THEMES: dict[str, Theme] = {t.name: t for t in (DEFAULT, COLORBLIND, HIGH_CONTRAST)}

BUTTON_INK = "#ffffff"
"""The ink of a coloured button's label on the lesson pages (ipywidgets' button styles)."""
BUTTON_GROUNDS: dict[str, str] = {"primary": "#1976d2", "success": "#2e7d32", "info": "#00727f"}
"""The ground of each ipywidgets button style the lessons use (``button_style``), for every
picture theme: the page's stylesheet (`cardlab.widgets.a11y`) paints the buttons with these
instead of JupyterLab's colours.  tests/render/test_contrast.py holds each, with `BUTTON_INK`,
to WCAG 2.1 AA text contrast: JupyterLab's success (#388e3c, 4.1:1) and info (#0097a7, 3.5:1)
are below it, so Dou Dizhu's Play selected and New deal failed axe-core's colour contrast."""
THEME_WORDS: dict[str, Message] = {
    # Translators: a theme's name, as in "{theme} theme" under a deck sheet
    "default": msg("default"),
    "colorblind": msg("colorblind"),
    "high-contrast": msg("high-contrast"),
}
"""Each theme's name as a picture's caption says it."""


def get_theme(name: str | Theme | None = None) -> Theme:
    """The theme called ``name`` (a `Theme` passes through, None is `DEFAULT`).

    Raises ``ValueError`` naming the allowed themes, so a typo in a notebook explains itself.
    """
    if name is None:
        return DEFAULT
    if isinstance(name, Theme):
        return name
    try:
        return THEMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown theme {name!r}; allowed: {', '.join(THEMES)}") from None
