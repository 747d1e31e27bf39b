"""What a lesson figure shows, as the tests read it: every word of its controls, its status
line and its blocks (markup, a picture's name, its text version and the words drawn)."""

from __future__ import annotations

from cardlab.apps.figure import Figure, Markup, Picture


def block_texts(figure: Figure, theme: str = "default") -> list[str]:
    """The words of ``figure``'s blocks in ``theme``, in order."""
    texts: list[str] = []
    for block in figure.blocks(theme):
        if isinstance(block, Markup):
            texts.append(block.html)
        elif isinstance(block, Picture):
            texts += [str(block.label), str(block.words_title), block.words]
            texts += block.drawing.texts()
    return [t for t in texts if t]


def figure_texts(figure: Figure, theme: str = "default") -> list[str]:
    """Every word ``figure`` shows: its controls' labels and options, its status line and its
    blocks."""
    texts = [str(figure.said.text)]
    for control in figure.controls():
        texts += [str(control.label), *(str(label) for label, _ in control.options)]
    return [t for t in texts if t] + block_texts(figure, theme)
