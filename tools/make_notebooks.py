"""Write the lesson notebooks from the cell texts below (run after editing them).

Notebooks are generated so their prose stays reviewable as plain Python strings in one diff and
they are always saved without outputs (nbval runs them fresh; Voila executes them on load).
"""

from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

HERE = Path(__file__).resolve().parents[1] / "notebooks"
KERNEL = {"display_name": "Python 3", "language": "python", "name": "python3"}


def write(name: str, cells: list[tuple[str, str]]) -> None:
    nb = new_notebook(metadata={"kernelspec": KERNEL, "language_info": {"name": "python"}})
    for kind, text in cells:
        text = text.strip("\n")
        nb.cells.append(new_markdown_cell(text) if kind == "md" else new_code_cell(text))
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"{Path(name).stem}-{i:02d}"
    nbformat.write(nb, HERE / name)


INDEX = [
    (
        "md",
        """
# cardlab: learn card games by looking and playing

Each lesson below is a notebook you can read, step through and play. Cards are drawn on a
canvas; every drawing has a text version for screen readers, and every theme works without
colour (suits carry a glyph, a letter or a count of frame lines).

## Lessons

| # | lesson | what you learn |
|---|---|---|
| 0 | [The decks](00_decks.ipynb) | the six decks and their notation, a deal step by step, \
your first exact probability |

More lessons, one per game (Triad, Pyramid, Dou Dizhu, Triangle, Three Thirteen, Pyramid Poker),
are on the way.
""",
    ),
    (
        "code",
        """
from cardlab.apps.decks import welcome_banner

welcome_banner()
""",
    ),
    (
        "md",
        """
*One card from each deck: a standard card, a Triad card (its frame lines tell the suit),
a hexagonal Pyramid card, a Triangle card and a Pyramid Poker block.*
""",
    ),
]

DECKS = [
    (
        "md",
        """
# Lesson 0: the decks

cardlab teaches six card games, and they use six different decks. Before any game, let's meet
the cards: what each deck holds, how we write cards down, how a deal works, and how to count
chances exactly.

**Try it:** pick a theme. Every drawing on this page follows it. The *colour-blind safe* theme
uses colours most people can tell apart, and *high contrast* uses bolder lines and bigger text.
""",
    ),
    (
        "code",
        """
from cardlab.apps.decks import DealStepper, DeckGallery, PairOdds, ThemePicker

theme = ThemePicker()
theme
""",
    ),
    (
        "md",
        """
## 1. Every deck, every face

Choose a deck. Under each card is its **notation**: the short text we use to write the card in
tests, replays and lessons. A standard card is its rank then its suit (`As` is the ace of spades,
`Td` the ten of diamonds). Triad's suits are colours, and each colour also has a number of
**frame lines** (Blue 4, Green 3, Red 2, Black 1) so you never need colour to tell them apart.
Pyramid's hexagonal cards are written level then colour (`3P` is a level-3 Purple), and `K` is
the wild Keystone. A number like `×9` under a card means the deck holds nine identical copies.
""",
    ),
    (
        "code",
        """
gallery = DeckGallery(theme, deck="triad")
gallery
""",
    ),
    (
        "md",
        """
**Question:** why does the Pyramid deck have only ten different faces but 55 cards?
Count them: 3 colours × (9 + 6 + 3) copies + 1 Keystone = 54 + 1 = 55.

## 2. A deal, card by card

A deal is a list of *chance moves*: each card the dealer gives out is one step. Press **Play**,
or use **Forward ▶** and **◀ Back**, to watch three players get five cards each and then play a
little game of *High Card*: follow suit if you can, highest card of the suit led wins the trick.
The caption says what happened and why; below it, the same table is written out in words.

**Reshuffle** deals a new game; the seed number makes every deal repeatable.
""",
    ),
    (
        "code",
        """
deal = DealStepper(theme, deck="standard52", seed=1)
deal
""",
    ),
    (
        "md",
        """
**Try it:** step to the first trick. Why did the second player have to play that card?
(Hint: look at the suits in their hand and read the *Legal moves* line.)

## 3. Your first exact probability

*What is the chance that the first two cards dealt have the same rank?*

Every pair of cards is equally likely, so the chance is

$$P = \\frac{\\text{pairs of cards with the same rank}}{\\text{all pairs of cards}}.$$

In a standard 52-card deck there are $\\binom{52}{2} = 1326$ pairs of cards. Each of the 13
ranks has 4 cards, which make $\\binom{4}{2} = 6$ pairs, so $13 \\times 6 = 78$ pairs match:
$P = 78/1326 = 1/17$. Pick a deck to see its count; the table and the plot compare the exact
answer with a seeded simulation of 20,000 deals (± one standard error).
""",
    ),
    (
        "code",
        """
odds = PairOdds(trials=20_000, seed=2026, deck="pyramid")
odds
""",
    ),
    (
        "md",
        """
**Why is Pyramid so different?** Its cards come in only three levels, with 27, 18 and 9 cards,
so two random cards share a level far more often (4/11, about 36%) than two standard cards
share one of 13 ranks (1/17, about 6%). The jokers and the Keystone never match anything, which
is why the 54-card decks are a little below 1/17.

Next: pick a game from the [index](index.ipynb).
""",
    ),
]

if __name__ == "__main__":
    write("index.ipynb", INDEX)
    write("00_decks.ipynb", DECKS)
